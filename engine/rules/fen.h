// Reading and writing xiangqi FEN, with every check that keeps a bad string
// from becoming a silently wrong position.
#pragma once
#include <string>

#include "position.h"

namespace xq {

inline const char* const kStartFen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

struct FenData {
  Position pos;
  int halfmove = 0;  // plies since the last capture
  int fullmove = 1;
};

// Parses fen into out. On failure returns false, leaves out untouched and
// puts a message naming the problem in *error.
bool parse_fen(const std::string& fen, FenData& out, std::string* error);

// A diagram (a mate drawn as it stands, a study's final position) often names
// the wrong side to move: the side in check. When fen is refused only because
// the side not to move is in check, and is a position with that side to move,
// fen becomes that and the answer is true (the reader says so).
bool diagram_side(std::string& fen);

std::string to_fen(const Position& pos, int halfmove = 0, int fullmove = 1);

// Can a piece of this type and colour ever stand on s?
bool square_allowed(Color c, PieceType t, Square s);

char piece_letter(PieceId id);  // 'K', 'a', ...

}  // namespace xq
