#include "evaluate.h"

#include <algorithm>

namespace xq {

namespace {

// Tables from red's view, written as the board is seen by red: the first
// row is rank 9 (black's back rank), the last is rank 0.
constexpr int kKing[90] = {
    0, 0, 0, 0,  0, 0,  0, 0, 0,  0, 0, 0, 0,  0, 0,  0, 0, 0,  0, 0, 0, 0,  0, 0,  0, 0, 0,
    0, 0, 0, 0,  0, 0,  0, 0, 0,  0, 0, 0, 0,  0, 0,  0, 0, 0,  0, 0, 0, 0,  0, 0,  0, 0, 0,
    0, 0, 0, 0,  0, 0,  0, 0, 0,  0, 0, 0, -8, -8, -8, 0, 0, 0,  0, 0, 0, -4, -2, -4, 0, 0, 0,
    0, 0, 0, 0,  2, 0,  0, 0, 0};
constexpr int kAdvisor[90] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0};
constexpr int kElephant[90] = {
    0,  0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0,  0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, -1, 0, 0,
    0,  0, 0, 0, 0, 0, 0, 0, 0,  -2, 0, 0, 0, 4, 0, 0, 0, -2, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0,  0, 0, 0, 0, 0, 0, 0, 0};
constexpr int kHorse[90] = {
    4,  8,  16, 12, 4,  12, 16, 8,  4,   //
    4,  10, 28, 16, 8,  16, 28, 10, 4,   //
    12, 14, 16, 20, 18, 20, 16, 14, 12,  //
    8,  24, 18, 24, 20, 24, 18, 24, 8,   //
    6,  16, 14, 18, 16, 18, 14, 16, 6,   //
    4,  12, 16, 14, 12, 14, 16, 12, 4,   //
    2,  6,  8,  6,  10, 6,  8,  6,  2,   //
    4,  2,  8,  8,  4,  8,  8,  2,  4,   //
    0,  2,  4,  4,  -2, 4,  4,  2,  0,   //
    0,  -4, 0,  0,  0,  0,  0,  -4, 0};
constexpr int kRook[90] = {
    6,  8,  7,  13, 14, 13, 7,  8,  6,   //
    6,  12, 9,  16, 33, 16, 9,  12, 6,   //
    6,  8,  7,  14, 16, 14, 7,  8,  6,   //
    6,  13, 13, 16, 16, 16, 13, 13, 6,   //
    8,  11, 11, 14, 15, 14, 11, 11, 8,   //
    8,  12, 12, 14, 15, 14, 12, 12, 8,   //
    4,  9,  4,  12, 14, 12, 4,  9,  4,   //
    -2, 8,  4,  12, 12, 12, 4,  8,  -2,  //
    5,  8,  6,  12, 0,  12, 6,  8,  5,   //
    -6, 6,  4,  12, 0,  12, 4,  6,  -6};
constexpr int kCannon[90] = {
    6,  4,  0,  -10, -12, -10, 0,  4,  6,   //
    2,  2,  0,  -4,  -14, -4,  0,  2,  2,   //
    2,  2,  0,  -10, -8,  -10, 0,  2,  2,   //
    0,  0,  -2, 4,   10,  4,   -2, 0,  0,   //
    0,  0,  0,  2,   8,   2,   0,  0,  0,   //
    -2, 0,  4,  2,   6,   2,   4,  0,  -2,  //
    0,  0,  0,  2,   4,   2,   0,  0,  0,   //
    4,  0,  8,  6,   10,  6,   8,  0,  4,   //
    0,  2,  4,  6,   6,   6,   4,  2,  0,   //
    0,  0,  2,  6,   6,   6,   2,  0,  0};
constexpr int kPawn[90] = {
    0,  2,  4,  6,  8,  6,  4,  2,  0,   //
    14, 26, 42, 60, 80, 60, 42, 26, 14,  //
    12, 22, 34, 46, 56, 46, 34, 22, 12,  //
    10, 18, 24, 28, 32, 28, 24, 18, 10,  //
    6,  12, 16, 16, 18, 16, 16, 12, 6,   //
    2,  0,  8,  0,  8,  0,  8,  0,  2,   //
    -2, 0,  -2, 0,  6,  0,  -2, 0,  -2,  //
    0,  0,  0,  0,  0,  0,  0,  0,  0,   //
    0,  0,  0,  0,  0,  0,  0,  0,  0,   //
    0,  0,  0,  0,  0,  0,  0,  0,  0};

constexpr const int* kTables[7] = {kKing, kAdvisor, kElephant, kHorse, kRook, kCannon, kPawn};

constexpr PsqTable build_psq() {
  PsqTable t{};
  for (int p = 0; p < 7; ++p)
    for (int row = 0; row < 10; ++row)
      for (int f = 0; f < 9; ++f) t[p][make_square(f, 9 - row)] = kPieceValue[p] + kTables[p][row * 9 + f];
  return t;
}

}  // namespace

// Built at compile time, so no start-up order can see it empty.
constinit const PsqTable g_psq = build_psq();

namespace {

// Attackers that can reach a king: rooks count double.
int attack_units(const Position& pos, Color c) {
  int crossed = 0;
  for (int i = 11; i < 16; ++i) {
    const Square s = pos.square_of(side_base(c) + i);
    crossed += s && geo().side_of_river[s] != int(c);
  }
  return 2 * pos.count(c, ROOK) + pos.count(c, HORSE) + pos.count(c, CANNON) + crossed / 2;
}

// King shelter, seen from the defending side c (all features count against c):
// missing advisors and elephants as the opponent attacks; a cannon facing the
// king down an open file (空头炮) or over one screen (the screen is pinned);
// a rook on the king's lines behind one piece; horses, pawns and bottom
// cannons (沉底炮) close to the king.
void king_features(const Position& pos, Color c, int* f) {
  const Color o = ~c;
  const int units = std::min(attack_units(pos, o), 8);
  f[kShelterAdvisor] = -(2 - pos.count(c, ADVISOR)) * units;
  f[kShelterBishop] = -(2 - pos.count(c, ELEPHANT)) * units;
  const Square k = pos.king_square(c);
  const int fwd = c == RED ? 16 : -16;
  for (int d : {fwd, -1, 1, -fwd}) {
    int seen = 0;
    for (Square s = k + d; geo().in_board[s]; s += d) {
      const PieceId p = pos.piece_at(s);
      if (!p) continue;
      ++seen;
      if (color_of_id(p) == o && type_of_id(p) == CANNON) {
        if (seen == 1 && d == fwd) {
          f[kEmptyCannon] -= 1;
          f[kEmptyCannonUnits] -= units;
        } else if (seen == 2) {
          f[kCannonAim] -= 1;
        }
      }
      if (seen == 2 && color_of_id(p) == o && type_of_id(p) == ROOK) f[kRookAim] -= 1;
      if (seen >= 2) break;
    }
  }
  const int kf = file_of(k), kr = rank_of(k);
  for (int i = 5; i <= 6; ++i) {
    const Square h = pos.square_of(side_base(o) + i);
    if (h && std::abs(file_of(h) - kf) <= 2 && std::abs(rank_of(h) - kr) <= 2) f[kHorseNearKing] -= 1;
  }
  for (int i = 11; i < 16; ++i) {
    const Square s = pos.square_of(side_base(o) + i);
    if (s && std::abs(file_of(s) - kf) <= 1 && std::abs(rank_of(s) - kr) <= 2) f[kPawnNearKing] -= 1;
  }
  const int back = c == RED ? 0 : 9;
  for (int i = 9; i <= 10; ++i) {
    const Square s = pos.square_of(side_base(o) + i);
    if (s && rank_of(s) == back) f[kBottomCannon] -= 1;
  }
}

// Mobility of rooks (squares along open lines) and horses (unblocked jumps).
void mobility_features(const Position& pos, Color c, int* f) {
  const int base = side_base(c);
  for (int i = 7; i <= 8; ++i) {
    const Square from = pos.square_of(base + i);
    if (!from) continue;
    for (int d : {-16, -1, 1, 16})
      for (Square s = from + d; geo().in_board[s] && !pos.piece_at(s); s += d) ++f[kRookMobility];
  }
  for (int i = 5; i <= 6; ++i) {
    const Square from = pos.square_of(base + i);
    if (!from) continue;
    int n = 0;
    for (int k = 0; k < 8; ++k) {
      const Square to = from + kHorseDelta[k];
      if (!geo().in_board[to] || pos.piece_at(from + kHorseLeg[k])) continue;
      const PieceId p = pos.piece_at(to);
      n += !p || color_of_id(p) != c;
    }
    f[kHorseMobility] += n;
    f[kHorseTrapped] -= n <= 1;
  }
}

}  // namespace

void eval_features(const Position& pos, int f[2][kFeatureCount]) {
  int majors = 0;
  for (Color c : {RED, BLACK}) majors += pos.count(c, ROOK) + pos.count(c, HORSE) + pos.count(c, CANNON);
  for (Color c : {RED, BLACK}) {
    int* g = f[c];
    std::fill(g, g + kFeatureCount, 0);
    // Horses and cannons trade value as the board empties: a cannon needs screens, a horse room.
    g[kPhase] = (majors - 6) * (pos.count(c, CANNON) - pos.count(c, HORSE));
    king_features(pos, c, g);
    mobility_features(pos, c, g);
    for (int t = ADVISOR; t <= PAWN; ++t) g[kMaterialAdvisor + t - ADVISOR] = pos.count(c, PieceType(t));
  }
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
    if (rooks == 1 && defenders == 4) return 3;
  }
  return 16;
}

Score evaluate(const Position& pos) { return evaluate_with(pos, kEvalWeights); }

Score evaluate_with(const Position& pos, const int* weights) {
  const Color us = pos.side();
  int f[2][kFeatureCount];
  eval_features(pos, f);
  Score v = pos.psq_sum(us) - pos.psq_sum(~us);
  for (int i = 0; i < kFeatureCount; ++i) v += weights[i] * (f[us][i] - f[~us][i]);
  // Endgame knowledge: the side ahead must have the means to win.
  const int scale = win_scale(pos, v > 0 ? us : ~us);
  if (scale < 16) v = v * scale / 16;
  return v + kTempo;
}

}  // namespace xq
