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

std::string to_fen(const Position& pos, int halfmove = 0, int fullmove = 1);

// Can a piece of this type and colour ever stand on s?
bool square_allowed(Color c, PieceType t, Square s);

char piece_letter(PieceId id);  // 'K', 'a', ...

}  // namespace xq
