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
constexpr int kBishop[90] = {
    0,  0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0,  0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, -1, 0, 0,
    0,  0, 0, 0, 0, 0, 0, 0, 0,  -2, 0, 0, 0, 4, 0, 0, 0, -2, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0,  0, 0, 0, 0, 0, 0, 0, 0};
constexpr int kKnight[90] = {
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

constexpr const int* kTables[7] = {kKing, kAdvisor, kBishop, kKnight, kRook, kCannon, kPawn};

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

// Horses and cannons trade value as the board empties: a cannon needs
// screens, a horse needs room.
int phase_terms(const Position& pos, Color c, int majors) {
  const int shift = (majors - 6) * 3;
  return pos.count(c, CANNON) * shift - pos.count(c, KNIGHT) * shift;
}

// Attackers that can reach a king: rooks count double.
int attack_units(const Position& pos, Color c) {
  int crossed = 0;
  for (int i = 11; i < 16; ++i) {
    const Square s = pos.square_of(side_base(c) + i);
    crossed += s && geo().side_of_river[s] != int(c);
  }
  return 2 * pos.count(c, ROOK) + pos.count(c, KNIGHT) + pos.count(c, CANNON) + crossed / 2;
}

// King shelter: missing advisors and elephants matter as the opponent attacks,
// and a cannon facing the king down an open file (空头炮) is a standing threat.
int king_safety(const Position& pos, Color c) {
  const int units = std::min(attack_units(pos, ~c), 8);
  int penalty = ((2 - pos.count(c, ADVISOR)) * 6 + (2 - pos.count(c, BISHOP)) * 4) * units / 2;
  const Square k = pos.king_square(c);
  const int fwd = c == RED ? 16 : -16;
  for (Square s = k + fwd; geo().in_board[s]; s += fwd) {
    const PieceId p = pos.piece_at(s);
    if (!p) continue;
    if (color_of_id(p) != c && type_of_id(p) == CANNON) penalty += 30 + 6 * units;
    break;
  }
  return -penalty;
}

// Mobility of rooks (squares along open lines) and horses (unblocked jumps).
int mobility(const Position& pos, Color c) {
  int score = 0;
  const int base = side_base(c);
  for (int i = 7; i <= 8; ++i) {
    const Square from = pos.square_of(base + i);
    if (!from) continue;
    int n = 0;
    for (int d : {-16, -1, 1, 16})
      for (Square s = from + d; geo().in_board[s] && !pos.piece_at(s); s += d) ++n;
    score += 2 * n;
  }
  static constexpr int kDelta[8] = {-33, -31, -18, 14, -14, 18, 31, 33};
  static constexpr int kLeg[8] = {-16, -16, -1, -1, 1, 1, 16, 16};
  for (int i = 5; i <= 6; ++i) {
    const Square from = pos.square_of(base + i);
    if (!from) continue;
    int n = 0;
    for (int k = 0; k < 8; ++k) {
      const Square to = from + kDelta[k];
      if (!geo().in_board[to] || pos.piece_at(from + kLeg[k])) continue;
      const PieceId p = pos.piece_at(to);
      n += !p || color_of_id(p) != c;
    }
    score += 4 * n - (n <= 1 ? 20 : 0);
  }
  return score;
}

int side_terms(const Position& pos, Color c, int majors) {
  return phase_terms(pos, c, majors) + king_safety(pos, c) + mobility(pos, c);
}

}  // namespace

constexpr Score kLazyMargin = 160;

Score evaluate(const Position& pos, Score alpha, Score beta) {
  const Color us = pos.side();
  const Score base = pos.psq_sum(us) - pos.psq_sum(~us) + kTempo;
  if (base + kLazyMargin <= alpha || base - kLazyMargin >= beta) return base;
  return evaluate(pos);
}

Score evaluate(const Position& pos) {
  const Color us = pos.side();
  int majors = 0;
  for (Color c : {RED, BLACK}) majors += pos.count(c, ROOK) + pos.count(c, KNIGHT) + pos.count(c, CANNON);
  return pos.psq_sum(us) - pos.psq_sum(~us) + side_terms(pos, us, majors) - side_terms(pos, ~us, majors) + kTempo;
}

}  // namespace xq
