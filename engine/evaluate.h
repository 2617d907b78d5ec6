// Static evaluation: material and piece-square sums kept by make/unmake,
// plus a tempo bonus for the side to move.
#pragma once
#include "position.h"

namespace xq {

constexpr int kPieceValue[7] = {0, 120, 120, 270, 600, 285, 30};
constexpr Score kTempo = 6;

// Score from the side to move's view.
Score evaluate(const Position& pos);
// The same, but may return just material and tables when those already fall
// well outside (alpha, beta): the other terms never move a score that far.
Score evaluate(const Position& pos, Score alpha, Score beta);

}  // namespace xq
