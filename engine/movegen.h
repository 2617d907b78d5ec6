// Move generation: pseudo-legal moves, captures, quiet moves, legality.
#pragma once
#include "position.h"

namespace xq {

constexpr int kMaxMoves = 128;  // xiangqi positions have at most ~120 pseudo-legal moves

enum class GenType { All, Captures, Quiets };

// Writes pseudo-legal moves for the side to move; returns how many.
int generate(const Position& pos, Move* out, GenType type = GenType::All);

// Could the piece on move_from(m) move to move_to(m) by its own rules
// (ignoring whether its king is left attacked)? Safe for any 32-bit value.
bool is_pseudo_legal(const Position& pos, Move m);

// Pseudo-legal and does not leave the mover's king attacked. Leaves pos unchanged.
bool is_legal(Position& pos, Move m);

// All legal moves; returns how many.
int generate_legal(Position& pos, Move* out);

// True when the side to move has at least one legal move.
bool has_legal_move(Position& pos);

// What the cheap filters below need to know of one king, worked out once for
// all the moves of a position: along which of its four lines (towards file a,
// file i, red's side, black's side, as in LineSquares) a rook, cannon or king
// of the other side stands, however far and whatever is between, and the legs
// of the other side's horses that jump onto it (blocked or not).
struct KingLines {
  Square king = 0;
  uint8_t lines = 0;        // bit d: such a piece stands along line d
  Square legs[2] = {0, 0};  // 0 when there is none
  LineSquares around{};     // the first and second piece on each line from the king
  uint8_t cannon_first = 0;  // bit d: the first piece on line d is such a cannon
  // Which of the king's lines s is on, -1 for none.
  int line_of(Square s) const {
    if ((s & 0xF0) == (king & 0xF0)) return s < king ? 0 : 1;
    if ((s & 15) == (king & 15)) return s < king ? 2 : 3;
    return -1;
  }
  // Is s on one of the lines where such a piece stands?
  bool on_line(Square s) const {
    const int d = line_of(s);
    return d >= 0 && (lines >> d & 1);
  }
  bool is_leg(Square s) const { return s == legs[0] || s == legs[1]; }
};
// For the king of colour c, against the pieces of ~c.
KingLines king_lines(const Position& pos, Color c);

// Cheap test used by perft and search: after a pseudo-legal move m by the
// side to move, can its own king possibly be attacked? False means the move
// is certainly legal; true means "make it and look". own = king_lines(pos, side to move).
bool move_may_expose_king(const KingLines& own, Move m, bool in_check);
bool move_may_expose_king(const Position& pos, Move m, bool in_check);

// Cheap test for checks by move m (pseudo-legal, by the side to move):
// certainly not, certainly (the moved piece attacks the king, seen from the
// king's lines), or "look" (Position::move_gives_check).
// theirs = king_lines(pos, the side not to move).
enum class CheckGuess { No, Yes, Maybe };
CheckGuess guess_check(const Position& pos, const KingLines& theirs, Move m);
inline bool move_may_give_check(const Position& pos, const KingLines& theirs, Move m) {
  return guess_check(pos, theirs, m) != CheckGuess::No;
}
bool move_may_give_check(const Position& pos, Move m);

}  // namespace xq
