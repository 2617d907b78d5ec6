// Perft: counts leaf nodes of the legal move tree, the standard test of a
// move generator. The last ply is bulk-counted (legal moves counted, not made).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "position.h"

namespace xq {

uint64_t perft(Position& pos, int depth);
// Per root move counts, for "divide".
std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace xq
