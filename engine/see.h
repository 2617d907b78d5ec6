// Static exchange evaluation: the material balance of the captures and
// recaptures on one square, each side taking with its least valuable piece
// and free to stop. Lines, cannon screens and horse legs are seen anew after
// every capture; pins are not (as in other engines' SEE).
#pragma once
#include "position.h"

namespace xq {

// Value of the exchange started by move m (a capture or a quiet move onto a
// square the opponent may take on), in kPieceValue units.
int see(const Position& pos, Move m);
// see(pos, m) >= threshold, with early exits.
bool see_ge(const Position& pos, Move m, int threshold);

}  // namespace xq
