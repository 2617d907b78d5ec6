#include "see.h"

#include <algorithm>
#include <cstring>

#include "evaluate.h"

namespace xq {

namespace {

constexpr int kSeeValue[7] = {5000, kPieceValue[1], kPieceValue[2], kPieceValue[3],
                              kPieceValue[4], kPieceValue[5], kPieceValue[6]};

// A scratch board: piece ids by square. Captures are played on it by moving
// ids, so every scan sees the lines opened and closed by earlier captures.
struct Board {
  uint8_t sq[256];
  bool is(Square s, Color c, PieceType t) const {
    const int p = sq[s];
    return p && color_of_id(p) == c && type_of_id(p) == t;
  }
};

// Square of c's least valuable piece that attacks `to`, or 0.
Square least_attacker(const Board& b, Square to, Color c, PieceType* type) {
  const Geometry& g = geo();
  // Pawns: from behind (moving forward), or beside once across the river.
  const int fwd = c == RED ? 16 : -16;
  if (b.is(to - fwd, c, PAWN)) return *type = PAWN, to - fwd;
  for (int d : {-1, 1})
    if (b.is(to + d, c, PAWN) && g.side_of_river[to + d] != int(c)) return *type = PAWN, to + d;
  if (g.in_palace[to]) {
    for (int d : {-17, -15, 15, 17})
      if (g.in_palace[to + d] && b.is(to + d, c, ADVISOR)) return *type = ADVISOR, to + d;
  }
  for (int d : {-34, -30, 30, 34}) {
    const Square e = to + d;
    if (e < 0 || e > 255 || !g.in_board[e] || g.side_of_river[e] != g.side_of_river[to]) continue;
    if (b.is(e, c, ELEPHANT) && !b.sq[to + d / 2]) return *type = ELEPHANT, e;
  }
  for (int k = 0; k < 8; ++k) {
    const Square h = to - kHorseDelta[k];
    if (h < 0 || h > 255 || !g.in_board[h]) continue;
    if (b.is(h, c, HORSE) && !b.sq[h + kHorseLeg[k]]) return *type = HORSE, h;
  }
  // Lines: the first piece may be a rook, the second (over a screen) a cannon.
  Square rook = 0, cannon = 0;
  for (int d : {-16, -1, 1, 16}) {
    Square s = to + d;
    while (g.in_board[s] && !b.sq[s]) s += d;
    if (!g.in_board[s]) continue;
    if (!rook && b.is(s, c, ROOK)) rook = s;
    s += d;
    while (g.in_board[s] && !b.sq[s]) s += d;
    if (g.in_board[s] && !cannon && b.is(s, c, CANNON)) cannon = s;
  }
  if (cannon && (!rook || kSeeValue[CANNON] <= kSeeValue[ROOK])) return *type = CANNON, cannon;
  if (rook) return *type = ROOK, rook;
  if (g.in_palace[to])
    for (int d : {-16, -1, 1, 16})
      if (g.in_palace[to + d] && b.is(to + d, c, KING)) return *type = KING, to + d;
  return 0;
}

}  // namespace

bool see_ge(const Position& pos, Move m, int threshold) {
  const Square from = move_from(m), to = move_to(m);
  const PieceId victim = pos.piece_at(to);
  // swap: what the side to move must still win back, as in the classic swap algorithm.
  int swap = (victim ? kSeeValue[type_of_id(victim)] : 0) - threshold;
  if (swap < 0) return false;
  swap = kSeeValue[type_of_id(pos.piece_at(from))] - swap;
  if (swap <= 0) return true;  // even losing the mover leaves enough

  Board b;
  std::memcpy(b.sq, pos.squares(), sizeof b.sq);
  b.sq[from] = 0;  // scans start beside `to`, so what stands on it never matters
  Color stm = pos.side();
  int res = 1;
  for (;;) {
    stm = ~stm;
    PieceType t;
    const Square s = least_attacker(b, to, stm, &t);
    if (!s) break;
    res ^= 1;
    // A king may take only when nothing can take it back (its own square
    // emptied first: it may have been a cannon's screen).
    if (t == KING) {
      b.sq[s] = 0;
      return least_attacker(b, to, ~stm, &t) ? res ^ 1 : res;
    }
    swap = kSeeValue[t] - swap;
    if (swap < res) break;
    b.sq[s] = 0;
  }
  return res != 0;
}

int see(const Position& pos, Move m) {
  // Binary search on see_ge over the possible range of values.
  int lo = -6000, hi = 6000;
  while (lo < hi) {
    const int mid = (lo + hi + 1) >> 1;  // round up; lo < mid <= hi
    if (see_ge(pos, m, mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

}  // namespace xq
