#include "perft.h"

#include "attacks.h"
#include "movegen.h"

namespace xq {

namespace {

int count_legal(Position& pos) {
  Move moves[kMaxMoves];
  const int n = generate(pos, moves);
  const KingAttackers own = king_attackers(pos, pos.side());
  int legal = 0;
  for (int i = 0; i < n; ++i) legal += leaves_king_safe(pos, own, moves[i]);
  return legal;
}

}  // namespace

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal(pos);
  Move moves[kMaxMoves];
  const int n = generate(pos, moves);
  const KingAttackers own = king_attackers(pos, pos.side()), theirs = king_attackers(pos, ~pos.side());
  uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    if (!leaves_king_safe(pos, own, moves[i])) continue;
    pos.do_move(moves[i], gives_check(pos, theirs, moves[i]));
    total += perft(pos, depth - 1);
    pos.undo_move();
  }
  return total;
}

std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> out;
  Move moves[kMaxMoves];
  const int n = generate_legal(pos, moves);
  for (int i = 0; i < n; ++i) {
    pos.do_move(moves[i]);
    out.emplace_back(moves[i], perft(pos, depth - 1));
    pos.undo_move();
  }
  return out;
}

}  // namespace xq
