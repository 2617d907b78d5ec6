// The puzzle collection as the game uses it: the engine's puzzle file
// (puzzle.h) and the solved ones kept in the settings.
#pragma once
#include <set>
#include <string>

#include "puzzle.h"

namespace xq {

// The solved ones, kept in the settings as "3,7,12" (indices from 0).
std::string solved_text(const std::set<int>& solved);
std::set<int> parse_solved(const std::string& text);

}  // namespace xq
