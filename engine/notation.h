// Move notation: ICCS coordinates (h2e2) and Chinese vertical notation (炮二平五).
#pragma once
#include <string>
#include <vector>

#include "position.h"

namespace xq {

std::string move_to_iccs(Move m);
// Parses "h2e2" (also "H2-E2"); checks only the form, not legality.
bool iccs_to_move(const std::string& s, Move& m, std::string* error);

// The Chinese notation of legal move m in pos (pos is the position before the move).
std::string move_to_chinese(const Position& pos, Move m);
// The names of a line of moves played from start, in Chinese notation or ICCS
// (the one place that replays moves to name them).
std::vector<std::string> line_names(const Position& start, const std::vector<Move>& moves, bool iccs = false);
// Reads Chinese notation (simplified or traditional characters, Chinese or
// Arabic numerals, also the WXF letters such as C2.5 / H8+7) and finds the
// matching legal move. pos is restored before returning.
bool chinese_to_move(Position& pos, const std::string& text, Move& m, std::string* error);

// Reads either notation: ICCS first, then Chinese; the move must be legal.
bool parse_move(Position& pos, const std::string& text, Move& m, std::string* error);

std::string square_to_string(Square s);  // "e0"

}  // namespace xq
