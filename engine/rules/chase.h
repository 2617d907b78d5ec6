// Chases (捉) for the repetition rules of the Asian rulebook (AXF): which of
// the opponent's pieces a move newly threatens to win. A threat counts when
// the attacker could legally take and the victim is not truly protected (no
// legal recapture after the capture: a pinned protector or a cannon that loses
// its screen does not protect), or when a horse or cannon attacks a rook
// (protected or not). An attack on a piece that can take the attacker back at
// once is an offer to exchange (兑), not a chase. Kings and pawns may chase
// freely; a king is never chased (that is check) and a pawn only once it has
// crossed the river.
#pragma once
#include <vector>

#include "position.h"

namespace xq {

// Piece ids of the opponent's pieces that move m (legal, by the side to move
// in pos) chases: threatened after the move and not threatened the same way
// (by the same attacker) before it, so discovered chases count too.
std::vector<PieceId> chased_by_move(const Position& pos, Move m);

// How a repeated stretch of one side's moves stands under the rules: every
// move a check (the worst), every move a check or a chase of one same piece,
// or neither (a draw, as far as this side is concerned).
enum class Forcing { None = 0, Chase = 1, CheckAndChase = 2, Check = 3 };

struct RepetitionRuling {
  Forcing red = Forcing::None, black = Forcing::None;
};
// Judges the moves of pos's history from ply `from` (a position that occurs
// again now) to the present.
RepetitionRuling rule_stretch(const Position& pos, int from);
// The same on pos itself (no 16 KB copy, for the search): pos is walked back
// and replayed, and left as it was.
RepetitionRuling rule_stretch_in_place(Position& pos, int from);

}  // namespace xq
