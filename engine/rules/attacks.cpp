#include "attacks.h"

namespace xq {

KingAttackers king_attackers(const Position& pos, Color c) {
  KingAttackers a;
  a.side = ~c;
  const Square k = a.king = pos.king_square(c);
  if (!k) return a;
  const int them = side_base(~c);
  // Line pieces anywhere on the king's rank or file, whatever stands between
  // (advisors and elephants never leave their own half: no attackers).
  for (int slot : {0, 7, 8, 9, 10}) {
    const Square s = pos.square_of(them + slot);
    if (!s) continue;
    const bool on_file = (s & 15) == (k & 15), on_rank = (s & 0xF0) == (k & 0xF0);
    if (!(on_file || (on_rank && slot != 0))) continue;
    const int need = slot >= kTypeFirstSlot[CANNON] ? 1 : 0;
    const int now = pieces_between(pos.file_masks(), pos.rank_masks(), s, k);
    if (now > need + 1) continue;  // no single move can bring it to bear
    a.lines[a.line_count++] = {s, int8_t(need), int8_t(now), s < k ? s : k, s < k ? k : s, on_rank};
  }
  for (int slot : {5, 6}) {
    const Square h = pos.square_of(them + slot);
    if (!h) continue;
    const int j = kHorseJump.index[k - h + 256];
    if (j >= 0) a.horses[a.horse_count++] = {h, Square(h + kHorseLeg[j])};
  }
  const int fwd = c == RED ? 16 : -16;  // an enemy pawn attacks from beside the king or from in front of it
  for (Square s : {k - 1, k + 1, k + fwd}) {  // kept or not without a branch
    a.pawns[a.pawn_count] = s;
    a.pawn_count += is_piece(pos.piece_at(s), a.side, PAWN);
  }
  return a;
}

namespace detail {

// Pieces strictly between the king k and s (on its rank or file) once move
// from-to is made.
int between_after(const Position& pos, Square k, Square s, Square from, Square to) {
  const bool on_rank = rank_of(s) == rank_of(k);
  const unsigned mask = on_rank ? kBetween.bits[file_of(s)][file_of(k)] : kBetween.bits[rank_of(s)][rank_of(k)];
  int n = kBitCount.n[(on_rank ? pos.rank_masks()[rank_of(k)] : pos.file_masks()[file_of(k)]) & mask];
  auto inside = [&](Square x) {
    return on_rank ? rank_of(x) == rank_of(k) && (mask >> file_of(x) & 1) : file_of(x) == file_of(k) && (mask >> rank_of(x) & 1);
  };
  if (inside(from)) --n;
  if (!pos.piece_at(to) && inside(to)) ++n;  // a capture leaves the occupancy of `to` as it was
  return n;
}

}  // namespace detail

bool attacked_after(const Position& pos, const KingAttackers& a, Move m) {
  const Square k = a.king;
  if (!k) return false;
  const Square from = move_from(m), to = move_to(m);
  const bool fills_to = !pos.piece_at(to);  // a capture leaves the occupancy of `to` as it was
  // Pieces that stay where they are (the one on `from` moves, the one on `to` is taken).
  for (int i = 0; i < a.line_count; ++i) {
    const KingAttackers::Line& l = a.lines[i];
    if (l.s == from || l.s == to) continue;
    const int n = l.now - l.inside(from, k) + (fills_to && l.inside(to, k));
    if (n == l.need) return true;
  }
  for (int i = 0; i < a.horse_count; ++i) {
    const auto& h = a.horses[i];
    if (h.s == from || h.s == to) continue;
    if (h.leg == from || (h.leg != to && !pos.piece_at(h.leg))) return true;
  }
  for (int i = 0; i < a.pawn_count; ++i)
    if (a.pawns[i] != from && a.pawns[i] != to) return true;
  // The moving piece, when it is one of the attackers, from its new square.
  const PieceId id = pos.piece_at(from);
  return id && color_of_id(id) == a.side && attacked_by_mover(pos, a, m);
}

}  // namespace xq
