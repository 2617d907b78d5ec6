// Move generation: pseudo-legal moves, captures, quiet moves, legality.
#pragma once
#include "position.h"

namespace xq {

constexpr int kMaxMoves = 128;  // xiangqi positions have at most ~120 pseudo-legal moves

enum class GenType { All, Captures, Quiets };

// A horse's jumps grouped by leg, in kHorseDelta's order: each leg square
// blocks the two jumps past it (one of them, or both, may fall off the
// board), so a blocked leg is looked at once, not twice. Past `count` the
// entries are padding: the horse's own square as leg (always blocked).
struct LegJumps {
  uint8_t leg, to[2], second;  // second: 1 when to[1] is a jump too (else it repeats to[0])
};
struct HorseLegs {
  LegJumps at[4];
  uint8_t count;
};
// Per-square destination lists of a fixed length, padded with the square
// itself (never a move: the piece stands there, and blocks its own leg), so
// the generator's loops have fixed counts and no exit to mispredict; horse
// and elephant moves carry the square that must be empty (the leg or the
// eye). Horse jumps come in kHorseDelta's order.
struct StepTables {
  uint8_t king[256][4];
  uint8_t advisor[256][4];
  uint8_t elephant[256][4][2];
  uint8_t horse[256][8][2];
  HorseLegs horse_legs[256];
};
extern const StepTables g_steps;
inline const StepTables& steps() { return g_steps; }

// Writes pseudo-legal moves for the side to move; returns how many.
int generate(const Position& pos, Move* out, GenType type = GenType::All);

struct KingAttackers;
// The quiet moves of the side to move that check the other king, in the
// order generate() gives them, without generating and testing every quiet
// move; theirs = king_attackers(pos, the side not to move). Not tested for
// legality, but king moves that would only face the other king (illegal)
// are left out.
int generate_quiet_checks(const Position& pos, const KingAttackers& theirs, Move* out);

// Could the piece on move_from(m) move to move_to(m) by its own rules
// (ignoring whether its king is left attacked)? Safe for any 32-bit value.
bool is_pseudo_legal(const Position& pos, Move m);

// Pseudo-legal and does not leave the mover's king attacked. Leaves pos unchanged.
bool is_legal(Position& pos, Move m);

// All legal moves; returns how many.
int generate_legal(Position& pos, Move* out);

// True when the side to move has at least one legal move.
bool has_legal_move(Position& pos);

}  // namespace xq
