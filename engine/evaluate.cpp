#include "evaluate.h"

#include <algorithm>

#include "movegen.h"

namespace xq {

namespace {

// Tables from red's view, written as the board is seen by red: the first
// row is rank 9 (black's back rank), the last is rank 0.
constexpr int kKing[90] = {
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,   -8,   -8,   -8,    0,    0,    0,  //
       0,    0,    0,   -4,   -2,   -4,    0,    0,    0,  //
       0,    0,    0,    0,    2,    0,    0,    0,    0,  //
};
constexpr int kAdvisor[90] = {
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,  -36,    0,  -36,    0,    0,    0,  //
       0,    0,    0,    0,   30,    0,    0,    0,    0,  //
       0,    0,    0,   -4,    0,   -4,    0,    0,    0,  //
};
constexpr int kElephant[90] = {
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,  -11,    0,    0,    0,  -11,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
     -24,    0,    0,    0,   31,    0,    0,    0,  -24,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,   -3,    0,    0,    0,   -3,    0,    0,  //
};
constexpr int kHorse[90] = {
       5,    4,   15,   10,    4,   10,   15,    4,    5,  //
       3,   14,   29,   19,    8,   19,   29,   14,    3,  //
      29,   16,    3,   33,   26,   33,    3,   16,   29,  //
     -13,   42,    6,   44,   12,   44,    6,   42,  -13,  //
       4,   18,   26,   43,   23,   43,   26,   18,    4,  //
       6,   11,   34,   32,    9,   32,   34,   11,    6,  //
       5,    0,    2,    6,   36,    6,    2,    0,    5,  //
     -32,   -3,    8,   20,    9,   20,    8,   -3,  -32,  //
     -32,    3,   -5,  -12,  -22,  -12,   -5,    3,  -32,  //
      -2,  -38,  -11,   -5,    0,   -5,  -11,  -38,   -2,  //
};
constexpr int kRook[90] = {
      12,   21,   25,   32,   32,   32,   25,   21,   12,  //
      16,   28,   28,   65,   44,   65,   28,   28,   16,  //
      16,   -2,   18,   38,   23,   38,   18,   -2,   16,  //
      10,   21,   29,   35,   21,   35,   29,   21,   10,  //
      -2,    5,   21,   28,   16,   28,   21,    5,   -2,  //
      -3,   -6,    8,   15,   10,   15,    8,   -6,   -3,  //
       3,   -3,    2,   19,   12,   19,    2,   -3,    3,  //
     -23,  -22,  -17,    3,   -4,    3,  -17,  -22,  -23,  //
     -22,  -28,   -2,   -2,   -8,   -2,   -2,  -28,  -22,  //
     -36,  -11,   -6,   30,    0,   30,   -6,  -11,  -36,  //
};
constexpr int kCannon[90] = {
      10,   19,   10,  -20,   -9,  -20,   10,   19,   10,  //
      10,    3,  -11,   -4,  -15,   -4,  -11,    3,   10,  //
       4,    9,  -11,  -15,   -8,  -15,  -11,    9,    4,  //
      -8,    6,   -1,    2,   60,    2,   -1,    6,   -8,  //
      -4,   -3,   -9,    1,   47,    1,   -9,   -3,   -4,  //
     -27,   -4,    4,   -2,   31,   -2,    4,   -4,  -27,  //
      -5,   -6,    4,   17,   31,   17,    4,   -6,   -5,  //
     -17,   -8,    9,   21,   20,   21,    9,   -8,  -17,  //
     -11,  -12,    8,   16,   10,   16,    8,  -12,  -11,  //
     -27,  -12,    4,   26,    8,   26,    4,  -12,  -27,  //
};
constexpr int kPawn[90] = {
       2,    8,    9,    0,    3,    0,    9,    8,    2,  //
      15,   32,   49,   90,   82,   90,   49,   32,   15,  //
      -1,   24,   43,   56,   68,   56,   43,   24,   -1,  //
       1,   22,   44,   66,   53,   66,   44,   22,    1,  //
      -2,   19,   35,   53,   42,   53,   35,   19,   -2,  //
     -45,    0,   -9,    0,    4,    0,   -9,    0,  -45,  //
     -56,    0,  -41,    0,    9,    0,  -41,    0,  -56,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
};
constexpr int kKingEnd[90] = {
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,   -8,   -8,   -8,    0,    0,    0,  //
       0,    0,    0,   -4,   -2,   -4,    0,    0,    0,  //
       0,    0,    0,    0,    2,    0,    0,    0,    0,  //
};
constexpr int kAdvisorEnd[90] = {
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,   -5,    0,   -5,    0,    0,    0,  //
       0,    0,    0,    0,    6,    0,    0,    0,    0,  //
       0,    0,    0,  -10,    0,  -10,    0,    0,    0,  //
};
constexpr int kElephantEnd[90] = {
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
     -20,    0,    0,    0,    0,    0,    0,    0,  -20,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,  -11,    0,    0,    0,  -11,    0,    0,  //
};
constexpr int kHorseEnd[90] = {
       5,    4,   15,   11,    4,   11,   15,    4,    5,  //
       4,   16,   23,   19,    8,   19,   23,   16,    4,  //
      29,   15,    9,   30,   27,   30,    9,   15,   29,  //
      -9,   37,   17,   35,   14,   35,   17,   37,   -9,  //
       4,   15,   23,   28,   21,   28,   23,   15,    4,  //
       6,   17,   27,   19,   10,   19,   27,   17,    6,  //
       6,    1,    3,    6,   24,    6,    3,    1,    6,  //
     -25,   -2,   16,   19,    7,   19,   16,   -2,  -25,  //
     -27,    3,   -2,  -11,  -15,  -11,   -2,    3,  -27,  //
      -1,  -36,   -7,   -7,    0,   -7,   -7,  -36,   -1,  //
};
constexpr int kRookEnd[90] = {
      12,   26,   27,   29,   31,   29,   27,   26,   12,  //
      15,   26,   28,   54,   43,   54,   28,   26,   15,  //
      17,    5,   18,   29,   21,   29,   18,    5,   17,  //
      13,   13,   23,   21,   21,   21,   23,   13,   13,  //
       0,    6,   20,   23,   17,   23,   20,    6,    0,  //
       1,   -3,    7,    8,   11,    8,    7,   -3,    1,  //
       7,    5,    2,   16,   11,   16,    2,    5,    7,  //
     -18,  -13,  -16,   -4,   -3,   -4,  -16,  -13,  -18,  //
     -14,  -15,    0,    8,   -5,    8,    0,  -15,  -14,  //
     -28,  -13,   -2,   25,    0,   25,   -2,  -13,  -28,  //
};
constexpr int kCannonEnd[90] = {
       4,   14,    9,  -19,   -9,  -19,    9,   14,    4,  //
       8,    7,   -5,   -4,  -14,   -4,   -5,    7,    8,  //
       3,    3,  -12,  -16,   -7,  -16,  -12,    3,    3,  //
      -3,    7,  -11,   -2,   48,   -2,  -11,    7,   -3,  //
      -3,   -1,   -6,   -2,   35,   -2,   -6,   -1,   -3,  //
     -18,    2,    4,   -2,   25,   -2,    4,    2,  -18,  //
      -4,   -4,    5,   13,   27,   13,    5,   -4,   -4,  //
     -18,  -10,    3,   18,   30,   18,    3,  -10,  -18,  //
     -10,   -8,    7,   16,    8,   16,    7,   -8,  -10,  //
     -23,   -8,    4,   23,    9,   23,    4,   -8,  -23,  //
};
constexpr int kPawnEnd[90] = {
       2,    7,    8,   -2,    0,   -2,    8,    7,    2,  //
      15,   33,   45,   80,   81,   80,   45,   33,   15,  //
      -1,   23,   44,   56,   73,   56,   44,   23,   -1,  //
       2,   20,   34,   67,   53,   67,   34,   20,    2,  //
       5,   20,   23,   53,   43,   53,   23,   20,    5,  //
     -23,    0,   -9,    0,    6,    0,   -9,    0,  -23,  //
     -53,    0,  -25,    0,    1,    0,  -25,    0,  -53,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
};
constexpr const int* kTables[7] = {kKing, kAdvisor, kElephant, kHorse, kRook, kCannon, kPawn};
// The endgame's set: no rooks, horses or cannons left (both fitted by `xiangqi-tune tables`).
constexpr const int* kTablesEnd[7] = {kKingEnd, kAdvisorEnd, kElephantEnd, kHorseEnd, kRookEnd, kCannonEnd, kPawnEnd};

constexpr PsqTable build_psq(const int* const* tables) {
  PsqTable t{};
  for (int p = 0; p < 7; ++p)
    for (int row = 0; row < 10; ++row)
      for (int f = 0; f < 9; ++f) t[p][make_square(f, 9 - row)] = kPieceValue[p] + tables[p][row * 9 + f];
  return t;
}

}  // namespace

// Built at compile time, so no start-up order can see them empty.
constinit const PsqTable g_psq = build_psq(kTables);
constinit const PsqTable g_psq_end = build_psq(kTablesEnd);

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
