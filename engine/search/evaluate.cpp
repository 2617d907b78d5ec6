#include "evaluate.h"

#include <algorithm>

#include "movegen.h"

namespace xq {

int material_phase(const Position& pos) {
  int phase = 0;
  for (Color c : {RED, BLACK}) phase += 2 * pos.count(c, ROOK) + pos.count(c, HORSE) + pos.count(c, CANNON);
  return std::min(phase, kFullPhase);
}

Score psq_score(const Position& pos, Color us) {
  const int phase = material_phase(pos);
  const int mid = pos.psq_sum(us) - pos.psq_sum(~us), end = pos.psq_end_sum(us) - pos.psq_end_sum(~us);
  return (mid * phase + end * (kFullPhase - phase)) / kFullPhase;
}

namespace {

// Attackers that can reach a king: rooks count double, two pawns across the
// river one.
int attack_units(const Position& pos, Color c, int crossed_pawns) {
  return 2 * pos.count(c, ROOK) + pos.count(c, HORSE) + pos.count(c, CANNON) + crossed_pawns / 2;
}

// Where the features go: the tuner's table of counts by side, or straight
// into the weighted score (the engine's path: no table to fill and read).
struct FeatureTable {
  int (*f)[kFeatureCount];
  void add(Color c, EvalFeature i, int v) { f[c][i] += v; }
};
struct WeightedSum {
  const int* weights;
  int score[2] = {0, 0};
  void add(Color c, EvalFeature i, int v) { score[c] += v * weights[i]; }
};
// The engine's own weights, known at compile time: each feature's multiply
// folds to a constant (and a feature of weight 0 costs nothing), which a
// weights pointer kept from.
struct EngineSum {
  int score[2] = {0, 0};
  void add(Color c, EvalFeature i, int v) { score[c] += v * kEvalWeights[i]; }
};

// King shelter, seen from the defending side c (all features count against c):
// missing advisors and elephants as the opponent attacks; a cannon facing the
// king down an open file (空头炮) or over one screen (the screen is pinned);
// a rook on the king's lines behind one piece; horses, pawns and bottom
// cannons (沉底炮) close to the king.
template <Color c, class Sink>
void king_features(const Position& pos, Sink& out) {
  const Color o = ~c;
  const Square k = pos.king_square(c);
  const int kf = file_of(k);
  // The opponent's pawns, once: across the river (attack units) and next to our king.
  int crossed = 0, pawns_near = 0;
  for (int i = 11; i < 16; ++i) {
    const Square s = pos.square_of(side_base(o) + i);
    if (!s) continue;
    crossed += geo().side_of_river[s] != int(o);
    pawns_near += kNear.bits[s - k + 256] & kNearFiles1;
  }
  const int units = std::min(attack_units(pos, o, crossed), 8);
  out.add(c, kShelterAdvisor, -(2 - pos.count(c, ADVISOR)) * units);
  out.add(c, kShelterBishop, -(2 - pos.count(c, ELEPHANT)) * units);
  // The opponent's rooks and cannons on the king's rank or file, by the
  // number of pieces between: a cannon with none in front of the king
  // ("forward" is towards the opponent), a cannon or rook with one. Each is
  // tested from its own square: most stand on neither line.
  bool empty_cannon = false;
  int cannons = 0, rooks = 0;
  for (int i = 0; i < 4; ++i) {
    const Square s = pos.square_of(side_base(o) + kTypeFirstSlot[ROOK] + i);  // rooks, then cannons
    if (!s) continue;
    const int between = pieces_between(pos.file_masks(), pos.rank_masks(), s, k);
    if (between < 0) continue;
    if (i < 2) rooks += between == 1;
    else {
      cannons += between == 1;
      empty_cannon |= between == 0 && file_of(s) == kf && (c == RED ? s > k : s < k);
    }
  }
  if (empty_cannon) {
    out.add(c, kEmptyCannon, -1);
    out.add(c, kEmptyCannonUnits, -units);
  }
  out.add(c, kCannonAim, -cannons);
  out.add(c, kRookAim, -rooks);
  int near = 0;
  for (int i = 5; i <= 6; ++i) {
    const Square h = pos.square_of(side_base(o) + i);
    near += h && (kNear.bits[h - k + 256] & kNearFiles2);
  }
  out.add(c, kHorseNearKing, -near);
  out.add(c, kPawnNearKing, -pawns_near);
  const int back = c == RED ? 0 : 9;
  int bottom = 0;
  for (int i = 9; i <= 10; ++i) {
    const Square s = pos.square_of(side_base(o) + i);
    bottom += s && rank_of(s) == back;
  }
  out.add(c, kBottomCannon, -bottom);
}

// Mobility of rooks (squares along open lines) and horses (unblocked jumps).
template <Color c, class Sink>
void mobility_features(const Position& pos, Sink& out) {
  const int base = side_base(c);
  int rook = 0, horse = 0, trapped = 0;
  for (int i = 7; i <= 8; ++i) {
    const Square from = pos.square_of(base + i);
    if (!from) continue;
    // Empty squares up to the first piece on each line, or to the edge.
    const int file = file_of(from), rank = rank_of(from);
    rook += g_rank_reach.at[file][pos.rank_masks()[rank]] + g_file_reach.at[rank][pos.file_masks()[file]];
  }
  for (int i = 5; i <= 6; ++i) {
    const Square from = pos.square_of(base + i);
    if (!from) continue;
    int n = 0;
    for (int k = 0; k < 4; ++k) {  // four legs, padded with the horse's own square (blocked)
      const LegJumps& j = steps().horse_legs[from].at[k];
      // Leg open, target empty or the opponent's (own ids carry this bit); no branch.
      const int open = !pos.piece_at(j.leg);
      n += open * (!(pos.piece_at(j.to[0]) & (16 << c)) + (j.second & !(pos.piece_at(j.to[1]) & (16 << c))));
    }
    horse += n;
    trapped += n <= 1;
  }
  out.add(c, kRookMobility, rook);
  out.add(c, kHorseMobility, horse);
  out.add(c, kHorseTrapped, -trapped);
}

// One side's features; the colour is a template parameter, so each side's
// sums and tests are fixed at compile time.
template <Color c, class Sink>
void side_features(const Position& pos, int majors, Sink& out) {
  // Horses and cannons trade value as the board empties: a cannon needs screens, a horse room.
  out.add(c, kPhase, (majors - 6) * (pos.count(c, CANNON) - pos.count(c, HORSE)));
  king_features<c>(pos, out);
  mobility_features<c>(pos, out);
  for (int t = ADVISOR; t <= PAWN; ++t) out.add(c, EvalFeature(kMaterialAdvisor + t - ADVISOR), pos.count(c, PieceType(t)));
}

template <class Sink>
void all_features(const Position& pos, Sink& out) {
  int majors = 0;
  for (Color c : {RED, BLACK}) majors += pos.count(c, ROOK) + pos.count(c, HORSE) + pos.count(c, CANNON);
  side_features<RED>(pos, majors, out);
  side_features<BLACK>(pos, majors, out);
}

}  // namespace

void eval_features(const Position& pos, int f[2][kFeatureCount]) {
  for (Color c : {RED, BLACK}) std::fill(f[c], f[c] + kFeatureCount, 0);
  FeatureTable table{f};
  all_features(pos, table);
}

int win_scale(const Position& pos, Color c) {
  const Color o = ~c;
  const int rooks = pos.count(c, ROOK), horses = pos.count(c, HORSE), cannons = pos.count(c, CANNON);
  const int pawns = pos.count(c, PAWN);
  const int defenders = pos.count(o, ADVISOR) + pos.count(o, ELEPHANT);
  const int majors = rooks + horses + cannons;
  if (majors + pawns == 0) return 0;  // advisors, elephants and a king never mate
  if (majors == 0) {
    // Pawns alone: one pawn rarely beats two defenders; two struggle against three or more.
    if (pawns == 1) return defenders >= 2 ? 2 : defenders == 1 ? 8 : 16;
    if (pawns == 2 && defenders >= 3) return 6;
    return 16;
  }
  if (majors == 1 && pawns == 0) {
    // Known draws: a lone horse or cannon against two or more defenders
    // (the horse does beat a single advisor or elephant), a lone rook against
    // both advisors and both elephants.
    if (rooks == 0 && defenders >= 2) return 2;
    if (rooks == 1 && defenders == 4) return 2;
  }
  return 16;
}

namespace {

template <class Sum>
Score weighted_evaluation(const Position& pos, Sum sum) {
  const Color us = pos.side();
  all_features(pos, sum);
  Score v = psq_score(pos, us) + sum.score[us] - sum.score[~us];
  // Endgame knowledge: the side ahead must have the means to win.
  const int scale = win_scale(pos, v > 0 ? us : ~us);
  if (scale < 16) v = v * scale / 16;
  return v + kTempo;
}

}  // namespace

Score evaluate(const Position& pos) { return weighted_evaluation(pos, EngineSum{}); }

Score evaluate_with(const Position& pos, const int* weights) { return weighted_evaluation(pos, WeightedSum{weights}); }

}  // namespace xq
