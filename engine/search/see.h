// Static exchange evaluation: the material balance of the captures and
// recaptures on one square, each side taking with its least valuable piece
// and free to stop. Lines, cannon screens and horse legs are seen anew after
// every capture; pins are not (as in other engines' SEE), but for
// see_ge_pins's first recapture.
#pragma once
#include "position.h"

namespace xq {

// Value of the exchange started by move m (a capture or a quiet move onto a
// square the opponent may take on), in kPieceValue units.
int see(const Position& pos, Move m);
// see(pos, m) >= threshold, with early exits.
bool see_ge(const Position& pos, Move m, int threshold);
// The same, but the first recapture is made by the least valuable piece that
// may legally take: one pinned to its king (by a rook or cannon line, a horse
// whose leg it stands on, or the facing kings) is passed over.
bool see_ge_pins(const Position& pos, Move m, int threshold);

}  // namespace xq
