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
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,  -16,    0,  -16,    0,    0,    0,  //
       0,    0,    0,    0,   12,    0,    0,    0,    0,  //
       0,    0,    0,  -14,    0,  -14,    0,    0,    0,  //
};
constexpr int kElephant[90] = {
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,   -3,    0,    0,    0,   -3,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
     -29,    0,    0,    0,   19,    0,    0,    0,  -29,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,   -1,    0,    0,    0,   -1,    0,    0,  //
};
constexpr int kHorse[90] = {
       4,    5,   15,   11,    4,   11,   15,    5,    4,  //
       4,   13,   23,   19,    8,   19,   23,   13,    4,  //
      25,   16,    9,   28,   25,   28,    9,   16,   25,  //
      -9,   36,   10,   33,   17,   33,   10,   36,   -9,  //
       5,   17,   24,   32,   18,   32,   24,   17,    5,  //
       6,   16,   26,   26,    7,   26,   26,   16,    6,  //
       5,    4,    2,    4,   25,    4,    2,    4,    5,  //
     -21,   -3,   25,   17,    5,   17,   25,   -3,  -21,  //
     -25,    3,    1,  -17,  -13,  -17,    1,    3,  -25,  //
      -1,  -36,   -6,   -9,    0,   -9,   -6,  -36,   -1,  //
};
constexpr int kRook[90] = {
       8,   26,   21,   25,   26,   25,   21,   26,    8,  //
      10,   21,   22,   55,   40,   55,   22,   21,   10,  //
      12,    1,   16,   25,   20,   25,   16,    1,   12,  //
      10,   13,   24,   27,   15,   27,   24,   13,   10,  //
      -2,    5,   20,   26,   15,   26,   20,    5,   -2,  //
       4,   -1,    8,   12,   11,   12,    8,   -1,    4,  //
       9,    5,    3,   19,   11,   19,    3,    5,    9,  //
     -17,  -14,  -14,   -2,   -1,   -2,  -14,  -14,  -17,  //
     -11,  -13,    2,    8,   -4,    8,    2,  -13,  -11,  //
     -21,  -12,    1,   31,    0,   31,    1,  -12,  -21,  //
};
constexpr int kCannon[90] = {
       6,   18,   10,  -16,   -9,  -16,   10,   18,    6,  //
      11,    4,   -3,   -2,  -13,   -2,   -3,    4,   11,  //
       4,    3,  -10,  -15,   -7,  -15,  -10,    3,    4,  //
      -5,    9,  -11,   -7,   47,   -7,  -11,    9,   -5,  //
      -3,   -1,   -5,   -2,   34,   -2,   -5,   -1,   -3,  //
     -17,    5,    8,   -2,   24,   -2,    8,    5,  -17,  //
      -4,   -2,    6,   12,   24,   12,    6,   -2,   -4,  //
     -22,   -9,    5,   20,   25,   20,    5,   -9,  -22,  //
     -11,   -9,   11,   16,    7,   16,   11,   -9,  -11,  //
     -20,   -7,    7,   16,    9,   16,    7,   -7,  -20,  //
};
constexpr int kPawn[90] = {
       2,    8,    9,    0,    3,    0,    9,    8,    2,  //
      15,   31,   48,   83,   82,   83,   48,   31,   15,  //
       3,   21,   40,   52,   68,   52,   40,   21,    3,  //
       6,   17,   38,   60,   49,   60,   38,   17,    6,  //
      12,   18,   27,   44,   34,   44,   27,   18,   12,  //
     -31,    0,   -6,    0,    1,    0,   -6,    0,  -31,  //
     -42,    0,  -28,    0,   14,    0,  -28,    0,  -42,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
       0,    0,    0,    0,    0,    0,    0,    0,    0,  //
};

constexpr const int* kTables[7] = {kKing, kAdvisor, kElephant, kHorse, kRook, kCannon, kPawn};
// The endgame's set (no rooks, horses or cannons left) equals the middlegame's
// until a fit gives it values of its own: `xiangqi-tune tables` prints them
// as kKingEnd ... kPawnEnd, to be listed here.
constexpr const int* const* kTablesEnd = kTables;

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
  Score v = psq_score(pos, us);
  for (int i = 0; i < kFeatureCount; ++i) v += weights[i] * (f[us][i] - f[~us][i]);
  // Endgame knowledge: the side ahead must have the means to win.
  const int scale = win_scale(pos, v > 0 ? us : ~us);
  if (scale < 16) v = v * scale / 16;
  return v + kTempo;
}

}  // namespace xq
