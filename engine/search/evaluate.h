// Static evaluation: material and piece-square sums kept by make/unmake,
// king safety, mobility, phase terms, a tempo bonus for the side to move,
// and endgame knowledge that scales down advantages that cannot win.
#pragma once
#include "position.h"

namespace xq {

constexpr Score kTempo = 6;

// Evaluation terms beyond the incremental material and table sums, counted
// for each side (positive = good for that side); the score adds
// kEvalWeights[i] * (ours - theirs). Kept linear so a tuner can fit the weights.
enum EvalFeature {
  kPhase,             // (majors on board - 6) * (cannons - horses)
  kShelterAdvisor,    // -(missing advisors) * enemy attack units
  kShelterBishop,     // -(missing elephants) * enemy attack units
  kEmptyCannon,       // -1 for an enemy cannon facing the king down an open file (空头炮)
  kEmptyCannonUnits,  // the same times enemy attack units
  kCannonAim,         // -1 for an enemy cannon aiming at the king over one screen
  kRookAim,           // -1 for an enemy rook on the king's lines behind one piece
  kHorseNearKing,     // -1 for an enemy horse within two files and ranks of the king
  kPawnNearKing,      // -1 for an enemy pawn next to the king's file, within two ranks
  kBottomCannon,      // -1 for an enemy cannon on our back rank (沉底炮)
  kRookMobility,      // empty squares along the rooks' lines
  kHorseMobility,     // horse jumps not blocked by a leg nor onto an own piece
  kHorseTrapped,      // -1 for a horse with at most one such jump
  kMaterialAdvisor,   // piece counts: corrections to the table values (tuning)
  kMaterialBishop,
  kMaterialKnight,
  kMaterialRook,
  kMaterialCannon,
  kMaterialPawn,
  kFeatureCount
};
constexpr int kEvalWeights[kFeatureCount] = {5, 14, 8, 4, 9, 0, 14, 24, 48, 14, 3, 10, 2, -5, -24, -27, 7, 72, 66};
void eval_features(const Position& pos, int f[2][kFeatureCount]);

// How much of the middlegame is left: rooks count 2, horses and cannons 1,
// both sides together, at most kFullPhase (the opening's count).
constexpr int kFullPhase = 16;
int material_phase(const Position& pos);
// The piece-square tables' score for us: the middlegame and endgame sums
// blended by the phase.
Score psq_score(const Position& pos, Color us);

// Score from the side to move's view.
Score evaluate(const Position& pos);
// The same with other feature weights (the tuner's view of the evaluation).
Score evaluate_with(const Position& pos, const int* weights);

// How much of an advantage for side c can be won, in 1/16ths: 16 normally,
// less when c's remaining attackers cannot force mate against the defenders.
int win_scale(const Position& pos, Color c);

}  // namespace xq
