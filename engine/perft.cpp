#include "perft.h"

#include "movegen.h"

namespace xq {

namespace {

int count_legal(Position& pos) {
  Move moves[kMaxMoves];
  const int n = generate(pos, moves);
  const bool check = pos.in_check();
  const KingLines own = king_lines(pos, pos.side());
  int legal = 0;
  for (int i = 0; i < n; ++i) {
    if (!move_may_expose_king(own, moves[i], check)) {
      ++legal;
    } else {
      legal += pos.move_is_safe(moves[i]);
    }
  }
  return legal;
}

}  // namespace

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal(pos);
  Move moves[kMaxMoves];
  const int n = generate(pos, moves);
  const bool check = pos.in_check();
  const KingLines own = king_lines(pos, pos.side());
  uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    if (move_may_expose_king(own, moves[i], check)) {
      if (!pos.do_legal_move(moves[i])) continue;
    } else {
      pos.do_move(moves[i]);
    }
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
