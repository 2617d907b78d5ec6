// Move notation: ICCS coordinates (h2e2), Chinese vertical notation (炮二平五)
// and its letter form used by the WXF (C2=5).
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
// The WXF letter notation of legal move m in pos: piece K A E H R C P, the
// file counted from the mover's right (or + and - for the front and rear of
// two pieces on one file), + forward, - back, = along the rank, then the new
// file or the number of ranks moved: C2=5, H8+7, R+=3, P-=4.
std::string move_to_wxf(const Position& pos, Move m);

enum class NotationStyle { Chinese, Wxf, Iccs };
std::string move_name(const Position& pos, Move m, NotationStyle style);
// The names of a line of moves played from start (the one place that replays
// moves to name them).
std::vector<std::string> line_names(const Position& start, const std::vector<Move>& moves,
                                    NotationStyle style = NotationStyle::Chinese);
// Reads Chinese notation (simplified or traditional characters, Chinese or
// Arabic numerals, also the WXF letters such as C2.5 / H8+7) and finds the
// matching legal move. pos is restored before returning.
bool chinese_to_move(Position& pos, const std::string& text, Move& m, std::string* error);

// Reads either notation: ICCS first, then Chinese; the move must be legal.
bool parse_move(Position& pos, const std::string& text, Move& m, std::string* error);

std::string square_to_string(Square s);  // "e0"

}  // namespace xq
