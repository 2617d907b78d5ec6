// DhtmlXQ, the game blocks of Chinese web pages and forums (the UBB form
// "[DhtmlXQ] … [/DhtmlXQ]", also inside HTML): fields such as
// [DhtmlXQ_title]…[/DhtmlXQ_title]; the position as 32 two-digit squares
// (DhtmlXQ_binit: red 车马相仕帅仕相马车炮炮兵×5 from red's right, then black's
// from its left, "99" for a missing piece), the moves as four-digit square
// pairs (DhtmlXQ_movelist), comments per move (DhtmlXQ_commentN) and
// variations (DhtmlXQ_move_A_B_C). A square is two digits: the file from
// red's left (0–8), then the row from black's side (0–9).
#pragma once
#include <string>
#include <vector>

#include "pgn.h"

namespace xq {

// Whether text holds a DhtmlXQ block.
bool looks_like_dhtmlxq(const std::string& text);

// Reads the first block into a game: the tags (Title, Event, Date, Site, Red,
// Black, Result), the position, the main line with its comments. A move that
// cannot be played ends the game there (stopped_at). *notice (when given)
// says what was left out (variations, further games). False with *error
// naming what is wrong, out untouched.
// With a tree: the variations (DhtmlXQ_move_P_S_B) and their comments too.
bool read_dhtmlxq(const std::string& text, PgnGame& out, std::string* error, std::string* notice = nullptr,
                  GameTree* tree = nullptr);

// Every block of a page or a text, in order: the number of blocks found (a
// block that cannot be read is left out of out and counted in *skipped).
int read_dhtmlxq_all(const std::string& text, std::vector<PgnGame>& out, int* skipped);

// The game as a block to paste into a forum post, with its tags and comments.
// With the game's tree (its main line the game's moves), the variations and their comments too.
std::string write_dhtmlxq(const PgnGame& g, const GameTree* tree = nullptr);

}  // namespace xq
