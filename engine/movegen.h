// Move generation: pseudo-legal moves, captures, quiet moves, legality.
#pragma once
#include "position.h"

namespace xq {

constexpr int kMaxMoves = 128;  // xiangqi positions have at most ~120 pseudo-legal moves

enum class GenType { All, Captures, Quiets };

// Writes pseudo-legal moves for the side to move; returns how many.
int generate(const Position& pos, Move* out, GenType type = GenType::All);

struct KingAttackers;
// The quiet moves of the side to move that check the other king, in the
// order generate() gives them, without generating and testing every quiet
// move; theirs = king_attackers(pos, the side not to move). Not tested for
// legality.
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
