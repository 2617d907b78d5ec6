#include "search.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "evaluate.h"
#include "game.h"

namespace xq {

namespace {

constexpr int kNullMargin = 600;  // own rooks/horses/cannons worth less than this: no null move

// Material of the pieces that make null move safe (zugzwang is rare with them).
int major_material(const Position& pos, Color c) {
  return pos.count(c, ROOK) * kPieceValue[ROOK] + pos.count(c, KNIGHT) * kPieceValue[KNIGHT] +
         pos.count(c, CANNON) * kPieceValue[CANNON];
}

// Late move reductions by depth and move number.
struct ReductionTable {
  int r[64][64];
  ReductionTable() {
    for (int d = 0; d < 64; ++d)
      for (int n = 0; n < 64; ++n) r[d][n] = d && n ? int(0.75 + std::log(d) * std::log(n) / 2.25) : 0;
  }
};
const ReductionTable kReductionTable;
const auto& kReduction = kReductionTable.r;

uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xFF51AFD7ED558CCDULL;
  x ^= x >> 33;
  return x;
}

}  // namespace

bool is_mate_score(Score s) { return s > kMateThreshold || s < -kMateThreshold; }

int mate_in_moves(Score s) {
  if (s > kMateThreshold) return (kMateScore - s + 1) / 2;
  if (s < -kMateThreshold) return -(kMateScore + s + 1) / 2;
  return 0;
}

Search::Search(TranspositionTable& tt) : tt_(tt) { clear(); }

void Search::clear() {
  history_.clear();
  std::memset(killers_, 0, sizeof killers_);
}

int Search::elapsed_ms() const {
  return int(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count());
}

void Search::check_limits() {
  if (stop_->load(std::memory_order_relaxed) || (hard_ms_ && elapsed_ms() >= hard_ms_)) aborted_ = true;
}

Score Search::eval(Score alpha, Score beta) const {
  Score s = evaluate(pos_, alpha, beta);
  if (options_.randomness > 0) {
    const int r = options_.randomness;
    s += int(mix(pos_.key() ^ options_.seed) % uint64_t(2 * r + 1)) - r;
  }
  return s;
}

bool Search::legal(Move m, bool in_check) {
  return !move_may_expose_king(pos_, m, in_check) || pos_.move_is_safe(m);
}

void Search::update_pv(int ply, Move m) {
  pv_[ply][ply] = m;
  for (int i = ply + 1; i < pv_len_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_len_[ply] = std::max(pv_len_[ply + 1], ply + 1);
}

Score Search::quiesce(Score alpha, Score beta, int ply) {
  pv_len_[ply] = ply;
  if ((++nodes_ & 1023) == 0) check_limits();
  if (node_limit_ && nodes_ >= node_limit_) aborted_ = true;
  if (aborted_) return 0;
  seldepth_ = std::max(seldepth_, ply);
  if (ply >= kMaxPly) return eval();

  const bool in_check = pos_.in_check();
  Score best;
  if (!in_check) {
    best = eval(alpha, beta);
    if (best >= beta) return best;
    alpha = std::max(alpha, best);
  } else {
    best = -kMateScore + ply;
    if (best >= beta) return best;
  }
  MovePicker picker = in_check ? MovePicker(pos_, kNoMove, killers_[ply][0], killers_[ply][1], &history_)
                               : MovePicker(pos_, true);
  for (Move m; (m = picker.next());) {
    if (!legal(m, in_check)) continue;
    pos_.do_move(m);
    const Score s = -quiesce(-beta, -alpha, ply + 1);
    pos_.undo_move();
    if (aborted_) return 0;
    if (s > best) {
      best = s;
      if (s > alpha) {
        alpha = s;
        if (s >= beta) break;
      }
    }
  }
  return best;
}

Score Search::search(int depth, Score alpha, Score beta, int ply, bool null_ok) {
  if (depth <= 0) return quiesce(alpha, beta, ply);
  pv_len_[ply] = ply;
  if ((++nodes_ & 1023) == 0) check_limits();
  if (node_limit_ && nodes_ >= node_limit_) aborted_ = true;
  if (aborted_) return 0;
  seldepth_ = std::max(seldepth_, ply);

  // Repetition, judged as the rules do: the perpetual checker loses.
  switch (judge_repetition(pos_, 2)) {
    case RepetitionKind::Draw: return kDrawScore;
    case RepetitionKind::RedPerpetual:
      return pos_.side() == RED ? -(kBanScore - ply) : kBanScore - ply;
    case RepetitionKind::BlackPerpetual:
      return pos_.side() == BLACK ? -(kBanScore - ply) : kBanScore - ply;
    default: break;
  }
  if (ply >= kMaxPly) return eval();
  // Mate distance pruning.
  alpha = std::max(alpha, -kMateScore + ply);
  beta = std::min(beta, kMateScore - ply - 1);
  if (alpha >= beta) return alpha;

  const bool pv_node = beta - alpha > 1;
  const TTHit hit = tt_.probe(pos_.key(), ply);
  if (hit.found && !pv_node && hit.depth >= depth) {
    if ((hit.bound == BOUND_EXACT) || (hit.bound == BOUND_LOWER && hit.score >= beta) ||
        (hit.bound == BOUND_UPPER && hit.score <= alpha))
      return hit.score;
  }
  Move hash_move = hit.found ? hit.move : kNoMove;
  const bool in_check = pos_.in_check();
  // The static score only feeds the prunings of non-PV nodes; a lazy one will do.
  const Score static_eval = in_check || pv_node ? -kInfinite : eval(alpha - 300, beta + 330);
  const bool quiet_window = std::abs(beta) < kBanThreshold && std::abs(alpha) < kBanThreshold;

  // Reverse futility: far above beta near the leaves, the opponent will not catch up.
  if (!pv_node && !in_check && depth <= 3 && quiet_window && static_eval - 110 * depth >= beta) return static_eval;

  // Null move: give the opponent a free move; if we still beat beta, cut.
  if (!pv_node && !in_check && null_ok && depth >= 2 && !pos_.last_was_null() &&
      major_material(pos_, pos_.side()) >= kNullMargin && static_eval >= beta) {
    const int r = depth >= 6 ? 3 : 2;
    pos_.do_null();
    Score s = -search(depth - 1 - r, -beta, -beta + 1, ply + 1, false);
    pos_.undo_null();
    if (aborted_) return 0;
    if (s >= beta) return s > kBanThreshold ? beta : s;
  }

  // Internal iterative deepening: find a move to try first in PV nodes.
  if (pv_node && !hash_move && depth >= 4) {
    search(depth - 2, alpha, beta, ply, false);
    if (aborted_) return 0;
    hash_move = tt_.probe(pos_.key(), ply).move;
  }

  MovePicker picker(pos_, hash_move, killers_[ply][0], killers_[ply][1], &history_);
  Score best = -kInfinite;
  Move best_move = kNoMove;
  int searched = 0;
  const Score alpha0 = alpha;
  // Futility: at the last plies, quiet moves cannot lift a hopeless static score.
  const bool futile = !pv_node && !in_check && depth <= 2 && quiet_window &&
                      static_eval + (depth == 1 ? 120 : 280) <= alpha;
  Move quiets[kMaxMoves];
  int quiet_count = 0;
  for (Move m; (m = picker.next());) {
    if (!legal(m, in_check)) continue;
    const bool capture = pos_.piece_at(move_to(m)) != 0;
    const bool quiet_stage = picker.in_quiet_stage() && !capture;
    if (futile && quiet_stage && searched > 0) continue;
    pos_.do_move(m);
    const bool gives_check = pos_.in_check();
    const int new_depth = depth - 1 + (gives_check ? 1 : 0);
    Score s;
    if (searched == 0) {
      s = -search(new_depth, -beta, -alpha, ply + 1, true);
    } else {
      // Late quiet moves are searched shallower first, the later the shallower.
      int reduction = 0;
      if (depth >= 3 && quiet_stage && !in_check && !gives_check && searched >= 3) {
        reduction = kReduction[std::min(depth, 63)][std::min(searched, 63)] - (pv_node ? 1 : 0);
        reduction = std::clamp(reduction, 1, new_depth - 1);
      }
      s = -search(new_depth - reduction, -alpha - 1, -alpha, ply + 1, true);
      if (s > alpha && reduction) s = -search(new_depth, -alpha - 1, -alpha, ply + 1, true);
      if (s > alpha && s < beta) s = -search(new_depth, -beta, -alpha, ply + 1, true);
    }
    pos_.undo_move();
    if (aborted_) return 0;
    ++searched;
    if (!capture && quiet_count < kMaxMoves) quiets[quiet_count++] = m;
    if (s > best) {
      best = s;
      if (s > alpha) {
        alpha = s;
        best_move = m;
        update_pv(ply, m);
        if (s >= beta) {
          if (!capture) {
            if (killers_[ply][0] != m) {
              killers_[ply][1] = killers_[ply][0];
              killers_[ply][0] = m;
            }
            history_.reward(m, depth);
            // The quiet moves tried before it did not cut: push them down.
            for (int q = 0; q + 1 < quiet_count; ++q) history_.punish(quiets[q], depth);
          }
          break;
        }
      }
    }
  }
  if (!searched) return -kMateScore + ply;  // mate or stalemate: both lose
  if (best_move && best < beta && pos_.piece_at(move_to(best_move)) == 0) history_.reward(best_move, depth);
  const Bound bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
  tt_.store(pos_.key(), ply, best_move, best, bound, depth);
  return best;
}

Score Search::root_search(int depth, Score alpha, Score beta) {
  pv_len_[0] = 0;
  Score best = -kInfinite;
  for (size_t i = 0; i < root_moves_.size(); ++i) {
    const Move m = root_moves_[i];
    ++nodes_;
    pos_.do_move(m);
    const int new_depth = depth - 1 + (pos_.in_check() ? 1 : 0);
    Score s;
    if (i == 0) {
      s = -search(new_depth, -beta, -alpha, 1, true);
    } else {
      s = -search(new_depth, -alpha - 1, -alpha, 1, true);
      if (s > alpha && s < beta) s = -search(new_depth, -beta, -alpha, 1, true);
    }
    pos_.undo_move();
    if (aborted_) break;
    if (s > best) {
      best = s;
      if (s > alpha) {
        alpha = s;
        update_pv(0, m);
        root_best_ = m;
        root_best_score_ = s;
        // Keep the best move first for the next iteration.
        std::rotate(root_moves_.begin(), root_moves_.begin() + i, root_moves_.begin() + i + 1);
        if (s >= beta) break;
      }
    }
  }
  return best;
}

SearchResult Search::run(const Position& pos, const Limits& limits, const SearchOptions& options,
                         const std::atomic<bool>& stop, const std::function<void(const SearchInfo&)>& on_info) {
  start_ = std::chrono::steady_clock::now();
  pos_ = pos;
  options_ = options;
  stop_ = &stop;
  aborted_ = false;
  nodes_ = 0;
  seldepth_ = 0;
  node_limit_ = limits.nodes;
  const TimeBudget budget = plan_time(limits);
  hard_ms_ = budget.hard_ms;
  tt_.new_search();
  history_.age();
  std::memset(killers_, 0, sizeof killers_);

  // Root moves: legal and not banned, the hash move first.
  Move buf[kMaxMoves];
  const int n = generate_legal(pos_, buf);
  root_moves_.clear();
  for (int i = 0; i < n; ++i)
    if (std::find(options.banned.begin(), options.banned.end(), buf[i]) == options.banned.end())
      root_moves_.push_back(buf[i]);
  if (root_moves_.empty() && n > 0) root_moves_.assign(buf, buf + n);  // every move banned: ignore the ban
  SearchResult result;
  if (root_moves_.empty()) return result;
  const TTHit hit = tt_.probe(pos_.key(), 0);
  std::stable_sort(root_moves_.begin(), root_moves_.end(), [&](Move a, Move b) {
    auto key = [&](Move m) { return m == hit.move ? 1 << 30 : (pos_.piece_at(move_to(m)) ? mvv_lva(pos_, m) : 0); };
    return key(a) > key(b);
  });
  root_best_ = root_moves_[0];
  root_best_score_ = 0;
  std::vector<Move> best_pv{root_best_};

  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
  Score prev = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    seldepth_ = 0;
    Score score;
    if (depth >= 4 && !is_mate_score(prev) && std::abs(prev) < kBanThreshold) {
      int window = 40;
      Score alpha = prev - window, beta = prev + window;
      for (;;) {
        score = root_search(depth, alpha, beta);
        if (aborted_) break;
        if (score <= alpha) alpha = std::max(-kInfinite, alpha - window * 3);
        else if (score >= beta) beta = std::min(kInfinite, beta + window * 3);
        else break;
        window *= 3;
      }
    } else {
      score = root_search(depth, -kInfinite, kInfinite);
    }
    if (aborted_) break;
    prev = score;
    result.depth = depth;
    result.score = score;
    best_pv.assign(pv_[0], pv_[0] + pv_len_[0]);
    if (best_pv.empty() || best_pv[0] != root_best_) best_pv = {root_best_};
    if (on_info) {
      SearchInfo info;
      info.depth = depth;
      info.seldepth = std::max(seldepth_, depth);
      info.score = score;
      info.nodes = nodes_;
      info.time_ms = elapsed_ms();
      info.nps = info.time_ms > 0 ? nodes_ * 1000 / info.time_ms : 0;
      info.hashfull = tt_.hashfull();
      info.pv = best_pv;
      on_info(info);
    }
    if (root_moves_.size() == 1 && !limits.infinite && limits.depth == 0) break;  // forced move
    if (!limits.infinite && budget.soft_ms && elapsed_ms() >= budget.soft_ms / 2) break;
    if (is_mate_score(score) && !limits.infinite && limits.depth == 0 &&
        depth > 2 * std::abs(mate_in_moves(score)) + 4)
      break;
  }
  result.best = root_best_;
  if (result.depth == 0) result.score = root_best_score_;
  result.ponder = best_pv.size() > 1 && best_pv[0] == root_best_ ? best_pv[1] : kNoMove;
  result.nodes = nodes_;
  return result;
}

}  // namespace xq
