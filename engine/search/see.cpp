#include "see.h"

#include <algorithm>
#include <cstring>

#include "evaluate.h"

namespace xq {

namespace {

constexpr int kSeeValue[7] = {5000, kPieceValue[1], kPieceValue[2], kPieceValue[3],
                              kPieceValue[4], kPieceValue[5], kPieceValue[6]};

// The exchange's board: the position with the pieces that have captured
// taken off. Only the occupancy masks are copied; a square still marked
// occupied holds the position's piece, so every scan sees the lines opened
// by earlier captures.
struct Board {
  const Position& pos;
  uint16_t ranks[10];
  uint16_t files[9];
  explicit Board(const Position& p) : pos(p) {
    std::memcpy(ranks, p.rank_masks(), sizeof ranks);
    std::memcpy(files, p.file_masks(), sizeof files);
  }
  bool occupied(Square s) const { return ranks[rank_of(s)] >> file_of(s) & 1; }  // s on the board
  void remove(Square s) {
    ranks[rank_of(s)] &= uint16_t(~(1u << file_of(s)));
    files[file_of(s)] &= uint16_t(~(1u << rank_of(s)));
  }
  void put(Square s) {
    ranks[rank_of(s)] |= uint16_t(1u << file_of(s));
    files[file_of(s)] |= uint16_t(1u << rank_of(s));
  }
  bool is(Square s, Color c, PieceType t) const {
    return is_piece(pos.piece_at(s), c, t) && occupied(s);  // none off the board
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
  // Advisors, elephants and horses from c's own (at most two of each).
  const Position& pos = b.pos;
  const int base = side_base(c);
  // They never leave their palace or their side of the river (a FEN that
  // puts one elsewhere is refused), so most targets need no look at them.
  if (g.in_palace[to])
    for (int i = 0; i < 2; ++i) {
      const Square a = pos.square_of(base + kTypeFirstSlot[ADVISOR] + i);
      const int d = to - a;
      if (a && (d == 15 || d == -15 || d == 17 || d == -17) && b.occupied(a)) return *type = ADVISOR, a;
    }
  if (g.side_of_river[to] == int(c))
    for (int i = 0; i < 2; ++i) {
      const Square e = pos.square_of(base + kTypeFirstSlot[ELEPHANT] + i);
      const int d = to - e;
      if (e && (d == 30 || d == -30 || d == 34 || d == -34) && b.occupied(e) && !b.occupied(e + d / 2))
        return *type = ELEPHANT, e;
    }
  // Of two horses, the one whose jump comes first in kHorseDelta (a fixed choice).
  Square horse = 0;
  int horse_jump = 8;
  for (int i = 0; i < 2; ++i) {
    const Square h = pos.square_of(base + kTypeFirstSlot[HORSE] + i);
    if (!h || !b.occupied(h)) continue;
    const int j = kHorseJump.index[to - h + 256];
    if (j >= 0 && j < horse_jump && !b.occupied(h + kHorseLeg[j])) horse = h, horse_jump = j;
  }
  if (horse) return *type = HORSE, horse;
  // Lines: a rook with nothing between it and `to`, a cannon with one screen.
  // Of two, the one in the first direction of: towards red, file a, file i,
  // black (a fixed choice). Each is tested from its own square: most stand
  // on neither of the target's lines.
  Square rook = 0, cannon = 0;
  int rook_dir = 4, cannon_dir = 4;
  const int tf = file_of(to);
  for (int i = 0; i < 4; ++i) {
    const Square s = pos.square_of(base + kTypeFirstSlot[ROOK] + i);  // rooks, then cannons
    if (!s || s == to || !b.occupied(s)) continue;
    const int between = pieces_between(b.files, b.ranks, s, to);
    if (between < 0) continue;
    const int dir = file_of(s) == tf ? (s < to ? 0 : 3) : (s < to ? 1 : 2);
    if (i < 2) {
      if (between == 0 && dir < rook_dir) rook = s, rook_dir = dir;
    } else if (between == 1 && dir < cannon_dir) {
      cannon = s, cannon_dir = dir;
    }
  }
  static_assert(kTypeFirstSlot[CANNON] == kTypeFirstSlot[ROOK] + 2, "rooks and cannons in four slots in a row");
  if (cannon && (!rook || kSeeValue[CANNON] <= kSeeValue[ROOK])) return *type = CANNON, cannon;
  if (rook) return *type = ROOK, rook;
  if (g.in_palace[to])
    for (int d : {-16, -1, 1, 16})
      if (g.in_palace[to + d] && b.is(to + d, c, KING)) return *type = KING, to + d;
  return 0;
}

// Would c's piece on s, taking on `to`, leave c's king attacked? The piece
// that moved to `to` is the one taken, so it pins nothing (its slot still
// names the square it left, which the board has emptied).
bool pinned(const Board& b, Square s, Color c, Square to) {
  const Position& pos = b.pos;
  const Square k = pos.king_square(c);
  if (!k) return false;
  const int d = s - k;
  const bool line = rank_of(s) == rank_of(k) || file_of(s) == file_of(k);
  const bool leg = d == 15 || d == -15 || d == 17 || d == -17;  // a horse's leg is beside the king, diagonally
  if (!line && !leg) return false;
  Board after = b;
  after.remove(s);
  after.put(to);
  const int base = side_base(~c);
  if (line) {
    for (int i = 0; i < 4; ++i) {  // rooks, then cannons
      const Square q = pos.square_of(base + kTypeFirstSlot[ROOK] + i);
      if (!q || !after.occupied(q)) continue;
      if (pieces_between(after.files, after.ranks, q, k) == (i < 2 ? 0 : 1)) return true;
    }
    const Square q = pos.king_square(~c);  // nor may the kings face each other
    if (q && after.occupied(q) && file_of(q) == file_of(k) && pieces_between(after.files, after.ranks, q, k) == 0) return true;
  }
  if (leg)
    for (int i = 0; i < 2; ++i) {
      const Square q = pos.square_of(base + kTypeFirstSlot[HORSE] + i);
      if (!q || !after.occupied(q)) continue;
      const int j = kHorseJump.index[k - q + 256];
      if (j >= 0 && q + kHorseLeg[j] == s) return true;
    }
  return false;
}

template <bool Pins>
bool see_ge_impl(const Position& pos, Move m, int threshold) {
  const Square from = move_from(m), to = move_to(m);
  const PieceId victim = pos.piece_at(to);
  // swap: what the side to move must still win back, as in the classic swap algorithm.
  int swap = (victim ? kSeeValue[type_of_id(victim)] : 0) - threshold;
  if (swap < 0) return false;
  swap = kSeeValue[type_of_id(pos.piece_at(from))] - swap;
  if (swap <= 0) return true;  // even losing the mover leaves enough

  Board b(pos);
  b.remove(from);  // scans start beside `to`, so what stands on it never matters
  Color stm = pos.side();
  int res = 1;
  bool first_reply = Pins;
  for (;;) {
    stm = ~stm;
    PieceType t;
    Square s = least_attacker(b, to, stm, &t);
    // A pinned first recapture is passed over for the next piece (the pinned
    // one stays on the board, a blocker still).
    if (first_reply) {
      first_reply = false;
      if (s && t != KING && pinned(b, s, stm, to)) {
        b.remove(s);
        const Square next = least_attacker(b, to, stm, &t);
        b.put(s);
        s = next;
      }
    }
    if (!s) break;
    res ^= 1;
    // A king may take only when nothing can take it back (its own square
    // emptied first: it may have been a cannon's screen).
    if (t == KING) {
      b.remove(s);
      return least_attacker(b, to, ~stm, &t) ? res ^ 1 : res;
    }
    swap = kSeeValue[t] - swap;
    if (swap < res) break;
    b.remove(s);
  }
  return res != 0;
}

}  // namespace

bool see_ge(const Position& pos, Move m, int threshold) { return see_ge_impl<false>(pos, m, threshold); }
bool see_ge_pins(const Position& pos, Move m, int threshold) { return see_ge_impl<true>(pos, m, threshold); }

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
