#include "search.h"
#include "skill.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <thread>

#include "evaluate.h"
#include "chase.h"
#include "game.h"
#include "see.h"

namespace xq {

namespace {

constexpr int kNullMargin = 600;       // own rooks/horses/cannons worth less than this: no null move
constexpr int kNoCaptureLimit = 120;  // plies without a capture that draw the game (60 moves each)

// Material of the pieces that make null move safe (zugzwang is rare with them).
int major_material(const Position& pos, Color c) {
  return pos.count(c, ROOK) * kPieceValue[ROOK] + pos.count(c, HORSE) * kPieceValue[HORSE] +
         pos.count(c, CANNON) * kPieceValue[CANNON];
}

// Only a king, advisors and elephants left: few moves, and a side that has
// none is stalemated, which loses in xiangqi.
bool bare(const Position& pos, Color c) { return !major_material(pos, c) && !pos.count(c, PAWN); }

// Attacking pieces (horses, rooks, cannons, pawns) of ~c within two ranks
// and two files of c's king, three files for a rook.
int pieces_near_king(const Position& pos, Color c) {
  const Square k = pos.king_square(c);
  if (!k) return 0;
  const int base = side_base(~c);
  int n = 0;
  for (int slot = kTypeFirstSlot[HORSE]; slot < 16; ++slot) {
    const Square s = pos.square_of(base + slot);
    n += s && (kNear.bits[s - k + 256] & (kIdType[slot] == ROOK ? kNearFiles3 : kNearFiles2));
  }
  return n;
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

// Does a stored score settle the window: exact, or a bound on the far side of it?
bool bound_decides(const TTHit& hit, Score alpha, Score beta) {
  return hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && hit.score >= beta) ||
         (hit.bound == BOUND_UPPER && hit.score <= alpha);
}

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

Search::Search(TranspositionTable& tt) : tt_(tt), cont_history_(std::make_unique<ContinuationHistory>()) { clear(); }

void Search::clear() {
  have_previous_score_ = false;
  history_.clear();
  cont_history_->clear();
  std::memset(counter_moves_, 0, sizeof counter_moves_);
  std::memset(correction_, 0, sizeof correction_);
  for (Frame& f : frames_) f = Frame{};
}

int Search::elapsed_ms() const {
  return int(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count());
}

int Search::clock_ms() const {
  return int(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - clock_start_).count());
}

void Search::check_limits() {
  published_nodes_.store(nodes_, std::memory_order_relaxed);
  if (pondering_ && ponderhit_ && ponderhit_->load(std::memory_order_relaxed)) {
    // The opponent played the expected move: our clock runs from now.
    pondering_ = false;
    clock_start_ = std::chrono::steady_clock::now();
    hard_ms_ = budget_.hard_ms;
  }
  if (stop_->load(std::memory_order_relaxed) || (hard_ms_ && clock_ms() >= hard_ms_)) aborted_ = true;
}

Score no_capture_scaled(Score s, int rule_plies) {
  // As the no-capture counter runs towards the limit, an advantage that has
  // not been turned into captures is worth less: trade or break through in time.
  return rule_plies > 20 ? s * (kNoCaptureLimit + 140 - rule_plies) / (kNoCaptureLimit + 120) : s;
}

// The evaluation the table keeps: without the weaker levels' noise, which
// another search (another seed) would read back as its own.
Score Search::eval() const { return no_capture_scaled(evaluate(pos_), pos_.rule_plies()); }

// The noise of a weaker level (by key and seed), added after the table.
// (The no-capture scaling stays in the stored value: computing it afresh at
// each counter measured 449 games at 60 ms a move W117 D190 L142, -19 ± 23
// Elo against keeping it, so it was left as it was.)
Score Search::noisy(Score s) const {
  if (options_.randomness > 0) {
    const int r = options_.randomness;
    s += int(mix(pos_.key() ^ options_.seed) % uint64_t(2 * r + 1)) - r;
  }
  return s;
}

void Search::update_pv(int ply, Move m) {
  pv_[ply][ply] = m;
  for (int i = ply + 1; i < pv_len_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_len_[ply] = std::max(pv_len_[ply + 1], ply + 1);
}

Score Search::rule_score(int ply) {
  if (pos_.rule_plies() >= kNoCaptureLimit) return kDrawScore;
  // A repetition needs at least four reversible plies and an earlier
  // position with this key (a counting filter): most nodes stop here.
  if (pos_.rule_plies() < 4 || pos_.history_length() < 4 || !pos_.may_repeat()) return kInfinite;
  // A cycle inside the search is judged at its second occurrence (who can
  // force it once can force it again); one begun before the root only where
  // the referee judges it, at the third: a second occurrence there is no result.
  int from = repetition_start(pos_, 2);
  if (from < 0) return kInfinite;
  if (from < root_history_ && (from = repetition_start(pos_, 3)) < 0) return kInfinite;
  // A repetition: the rules judge the cycle (checks and chases) and the side
  // forcing worse loses; the ban score depends on the path, so it is never stored.
  const RepetitionRuling r = rule_stretch_in_place(pos_, from);
  if (r.red == r.black) return kDrawScore;
  const Color loser = r.red > r.black ? RED : BLACK;
  return pos_.side() == loser ? -(kBanScore - ply) : kBanScore - ply;
}

void Search::make(Move m, int ply, bool gives_check) {
  Frame& f = frame(ply);
  f.move = m;
  f.cont = cont_history_->at(piece_index(pos_.piece_at(move_from(m))), move_to(m));
  pos_.do_move(m, gives_check);
}

void Search::unmake() { pos_.undo_move(); }

Score Search::corrected(Score raw) {
  const Score v = raw + correction_entry() / kCorrectionGrain;
  return std::clamp(v, -kBanThreshold + 1, kBanThreshold - 1);
}

void Search::update_correction(Score searched, Score static_eval, int depth) {
  const int bonus = std::clamp((searched - static_eval) * depth / 8, -kCorrectionLimit / 4, kCorrectionLimit / 4);
  int16_t& e = correction_entry();
  e = int16_t(e + bonus - e * std::abs(bonus) / kCorrectionLimit);  // drifts back as it nears the limit
}

void Search::update_quiet_stats(int ply, Move best, const Move* quiets, int quiet_count, int depth) {
  const Color us = pos_.side();
  const int bonus = std::min(16 * depth * depth + 128 * depth - 100, 4000);
  Frame& f = frame(ply);
  if (f.killers[0] != best) {
    f.killers[1] = f.killers[0];
    f.killers[0] = best;
  }
  auto update = [&](Move m, int b) {
    history_.update(us, m, b);
    const int pi = piece_index(pos_.piece_at(move_from(m))), to = square90(move_to(m));
    for (int back = 1; back <= 2; ++back)
      if (PieceToHistory* c = frame(ply - back).cont) update_history((*c)[pi][to], b);
  };
  update(best, bonus);
  for (int i = 0; i < quiet_count; ++i)
    if (quiets[i] != best) update(quiets[i], -bonus);
  const Move prev = frame(ply - 1).move;
  if (prev) counter_moves_[piece_index(pos_.piece_at(move_to(prev)))][move_to(prev)] = best;
}

Score Search::quiesce(Score alpha, Score beta, int ply, int qdepth) {
  pv_len_[ply] = ply;
  if (aborted_) return 0;  // a re-search after the stop is no node
  if ((++nodes_ & 1023) == 0) check_limits();
  if (node_limit_ && nodes_ >= node_limit_) aborted_ = true;
  if (aborted_) return 0;
  seldepth_ = std::max(seldepth_, ply);
  const Score rule = rule_score(ply);
  if (rule != kInfinite) return rule;
  if (ply >= kMaxPly) return noisy(eval());

  const bool pv_node = beta - alpha > 1;
  const bool in_check = pos_.in_check();
  const TTHit hit = tt_.probe(pos_.key(), ply);
  if (hit.found && !pv_node && bound_decides(hit, alpha, beta)) return hit.score;
  const Score alpha0 = alpha;
  Score best, static_eval = kNoEval, raw_eval = kNoEval;  // the table keeps the raw evaluation
  if (!in_check && bare(pos_, pos_.side())) {
    Move moves[kMaxMoves];
    if (generate_legal(pos_, moves) == 0) return -kMateScore + ply;  // stalemated: no standing pat
  }
  if (!in_check) {
    raw_eval = hit.found && hit.eval != kNoEval ? hit.eval : eval();
    static_eval = corrected(noisy(raw_eval));
    best = static_eval;
    if (best >= beta) {
      if (!hit.found) tt_.store(pos_.key(), ply, kNoMove, best, BOUND_LOWER, 0, raw_eval);
      return best;
    }
    alpha = std::max(alpha, best);
  } else {
    best = -kMateScore + ply;
  }
  const Move hash_move = hit.found ? hit.move : kNoMove;
  MovePicker picker = in_check ? MovePicker(pos_, hash_move, kNoMove, kNoMove, kNoMove, &history_, nullptr)
                               : MovePicker(pos_, hash_move);
  Move best_move = kNoMove;
  const KingAttackers own = king_attackers(pos_, pos_.side()), theirs = king_attackers(pos_, ~pos_.side());
  // Searches the move just made, takes it back and keeps the best; false when aborted.
  auto search_made = [&](Move m) {
    const Score s = -quiesce(-beta, -alpha, ply + 1, qdepth - 1);
    unmake();
    if (aborted_) return false;
    if (s > best) {
      best = s;
      if (s > alpha) {
        alpha = s;
        best_move = m;
      }
    }
    return true;
  };
  for (Move m; (m = picker.next());) {
    // Delta pruning: even winning this piece cannot lift the score to alpha.
    // After the hash move the captures come most valuable victim first and
    // alpha only rises, so none of the rest can either.
    const PieceId victim = pos_.piece_at(move_to(m));
    if (!in_check && victim && static_eval + kPieceValue[type_of_id(victim)] + 150 <= alpha &&
        type_of_id(victim) != KING) {
      if (m == hash_move) continue;
      break;
    }
    tt_.prefetch(pos_.key_after(m));  // the child probes the table first thing: start the load early
    if (!leaves_king_safe(pos_, own, m)) continue;
    make(m, ply, gives_check(pos_, theirs, m));
    if (!search_made(m)) return 0;
    if (best >= beta) break;
  }
  // At the first quiescence ply, quiet checks that do not lose material too:
  // mating attacks in xiangqi are mostly quiet checks just past the horizon.
  // Material is counted with the pins: a check onto a square only a pinned
  // piece guards (a horse check beside an advisor a cannon pins) is often
  // the mate itself (a mate suite at 100 ms: 655 -> 657 of 661).
  if (qdepth == 0 && !in_check && best < beta) {
    Move checks[kMaxMoves];
    const int n = generate_quiet_checks(pos_, theirs, checks);
    for (int i = 0; i < n && best < beta; ++i) {
      const Move m = checks[i];
      tt_.prefetch(pos_.key_after(m));
      if (!leaves_king_safe(pos_, own, m) || !see_ge_pins(pos_, m, 0)) continue;
      make(m, ply, true);
      if (!search_made(m)) return 0;
    }
  }
  const Bound bound = best >= beta ? BOUND_LOWER : best > alpha0 && pv_node ? BOUND_EXACT : BOUND_UPPER;
  tt_.store(pos_.key(), ply, best_move, best, bound, 0, raw_eval);
  return best;
}

Score Search::search(int depth, Score alpha, Score beta, int ply, bool cut_node) {
  if (depth <= 0) return quiesce(alpha, beta, ply);
  pv_len_[ply] = ply;
  if (aborted_) return 0;  // a re-search after the stop is no node
  if ((++nodes_ & 1023) == 0) check_limits();
  if (node_limit_ && nodes_ >= node_limit_) aborted_ = true;
  if (aborted_) return 0;
  seldepth_ = std::max(seldepth_, ply);

  // The rules first: repetition (the perpetual checker loses) and the no-capture limit.
  const Score rule = rule_score(ply);
  if (rule != kInfinite) return rule;
  if (ply >= kMaxPly) return noisy(eval());
  // Mate distance pruning.
  alpha = std::max(alpha, -kMateScore + ply);
  beta = std::min(beta, kMateScore - ply - 1);
  if (alpha >= beta) return alpha;

  const bool pv_node = beta - alpha > 1;
  Frame& f = frame(ply);
  // A singular test searches this position again without the hash move: it
  // must neither take nor leave a table result.
  const Move excluded = f.excluded;
  const TTHit hit = excluded ? TTHit{} : tt_.probe(pos_.key(), ply);
  if (hit.found && !pv_node && hit.depth >= depth && bound_decides(hit, alpha, beta)) return hit.score;
  Move hash_move = hit.found ? hit.move : kNoMove;
  const bool in_check = pos_.in_check();
  frame(ply + 2).killers[0] = frame(ply + 2).killers[1] = kNoMove;
  Score static_eval = kNoEval, estimate = kNoEval, raw_eval = kNoEval;  // the table keeps the raw evaluation
  if (!in_check) {
    if (!excluded) {
      raw_eval = hit.found && hit.eval != kNoEval ? hit.eval : eval();
      static_eval = corrected(noisy(raw_eval));
    } else {
      static_eval = f.static_eval;
    }
    estimate = static_eval;
    // A stored search result is a better guess than the static score when its bound allows.
    if (hit.found && std::abs(hit.score) < kBanThreshold &&
        (hit.bound & (hit.score > static_eval ? BOUND_LOWER : BOUND_UPPER)))
      estimate = hit.score;
  }
  f.static_eval = static_eval;
  const bool improving = !in_check && frame(ply - 2).static_eval != kNoEval && static_eval > frame(ply - 2).static_eval;
  const bool quiet_window = std::abs(beta) < kBanThreshold && std::abs(alpha) < kBanThreshold;
  // With a bare side on the board, a quiet move that takes its last moves
  // away wins without a check, and a static score says nothing of whether the
  // bare side can still move: such nodes are few and small, so nothing is
  // pruned there.
  const bool bare_side = bare(pos_, RED) || bare(pos_, BLACK);

  if (!pv_node && !in_check && quiet_window && !excluded && !bare_side) {
    // Reverse futility: far above beta near the leaves, the opponent will not catch up.
    // Only in the last three plies: a mating attack is worth nothing to the
    // static score, and up to depth 7 this cut hid mates in 4 and 5 whose
    // first moves are quiet (a mate suite at 150,000 nodes: 642 -> 648 of 661).
    if (depth <= 3 && estimate - 90 * (depth - improving) >= beta) return estimate;
    // Null move: give the opponent a free move; if we still beat beta, cut.
    // Not with three attackers at our king: the reduced search misses the
    // quiet move that sets up their mate (a mate suite lost 5 of 661 to it).
    // In the first three plies not with any: there a root move that answers
    // or makes such a threat is refuted or kept on the null move's word, and
    // these nodes are few (a mate suite at 100 ms: 649 -> 654 of 661, for
    // 10 % more nodes in `bench`).
    if (depth >= 2 && estimate >= beta && static_eval >= beta - 20 * depth && !pos_.last_was_null() &&
        major_material(pos_, pos_.side()) >= kNullMargin &&
        pieces_near_king(pos_, pos_.side()) < (ply <= 3 ? 1 : 3)) {
      const int r = 3 + depth / 4 + std::min((estimate - beta) / 200, 3);
      f.move = kNoMove;
      f.cont = nullptr;
      pos_.do_null();
      Score s = -search(depth - r, -beta, -beta + 1, ply + 1, !cut_node);
      pos_.undo_null();
      if (aborted_) return 0;
      if (s >= beta) return s > kBanThreshold ? beta : s;
    }
  }

  // Internal iterative deepening: find a move to try first in PV nodes.
  if (pv_node && !hash_move && depth >= 4 && !excluded) {
    search(depth - 2, alpha, beta, ply, false);
    if (aborted_) return 0;
    hash_move = tt_.probe(pos_.key(), ply).move;
  }

  const Move prev = frame(ply - 1).move;
  const Move counter = prev ? counter_moves_[piece_index(pos_.piece_at(move_to(prev)))][move_to(prev)] : kNoMove;
  const PieceToHistory* cont[2] = {frame(ply - 1).cont, frame(ply - 2).cont};
  MovePicker picker(pos_, hash_move, f.killers[0], f.killers[1], counter, &history_, cont);
  Score best = -kInfinite;
  Move best_move = kNoMove;
  int move_count = 0;
  const Score alpha0 = alpha;
  Move quiets[kMaxMoves];
  int quiet_count = 0;
  const Color us = pos_.side();
  const KingAttackers own = king_attackers(pos_, us), theirs = king_attackers(pos_, ~us);
  bool late_quiets = false;  // late move pruning has begun: quiet moves are searched only if they check
  // The quiet checks, listed once late move pruning begins.
  Move late_checks[kMaxMoves];
  int late_check_count = 0;
  for (Move m; (m = picker.next());) {
    const bool capture = pos_.piece_at(move_to(m)) != 0;
    // A late quiet move is dropped unless it checks, before anything else.
    // The move count is not needed past this point (it only decides
    // lateness and reductions, and checks are not reduced).
    if (late_quiets && !capture) {
      bool listed = false;
      for (int i = 0; i < late_check_count; ++i) listed |= late_checks[i] == m;
      if (!listed) continue;
    }
    if (m == excluded || !leaves_king_safe(pos_, own, m)) continue;
    ++move_count;
    // A quiet move's history, read only where it is used (three tables, often
    // out of the cache), and before the move is made.
    int hist = 0;
    bool hist_read = capture;
    auto history_of = [&] {
      if (!hist_read) {
        const int pi = piece_index(pos_.piece_at(move_from(m))), to = square90(move_to(m));
        hist = history_.get(us, m) + (cont[0] ? (*cont[0])[pi][to] : 0) + (cont[1] ? (*cont[1])[pi][to] : 0);
        hist_read = true;
      }
      return hist;
    };
    int reduction = kReduction[std::min(depth, 63)][std::min(move_count, 63)];
    const int lmr_depth = std::max(depth - 1 - reduction, 0);
    // Shallow-depth pruning, never of the first move, of checks or when in check.
    // It goes on once a mate is found (a window of mate scores), or proving
    // that no other move mates sooner would search every move in full; only
    // futility, which no static score passes there, waits for a normal window.
    bool prune_quiet = false, see_ok = true;
    if (best > -kBanThreshold && !in_check) {
      if (!capture && !bare_side) {
        const bool late = depth <= 8 && move_count > (3 + depth * depth) / (2 - improving);
        if (late && !late_quiets) {  // every later quiet move is late too: only their checks are searched
          // Listing the checks costs less than testing each quiet move left
          // (a mispredicted branch by piece type), and most often there are none.
          late_check_count = generate_quiet_checks(pos_, theirs, late_checks);
          if (late_check_count == 0) picker.skip_quiets();
          else picker.unordered_quiets();
          late_quiets = true;
        }
        prune_quiet = late ||
                      (quiet_window && lmr_depth <= 6 && static_eval + 120 + 100 * lmr_depth <= alpha) ||
                      (lmr_depth <= 6 && history_of() < -4000 * depth) ||
                      !see_ge(pos_, m, -25 * lmr_depth * lmr_depth);
      } else if (depth <= 6) {
        see_ok = see_ge(pos_, m, -150 * depth);
      }
    }
    // Checks are never pruned.
    const bool check = gives_check(pos_, theirs, m);
    if ((prune_quiet || !see_ok) && !check) continue;
    // Singular extension: when every other move falls well short of the hash
    // move's stored score, that move is searched one ply deeper.
    bool singular = false;
    if (m == hash_move && depth >= 8 && !excluded && ply < 2 * root_depth_ && (hit.bound & BOUND_LOWER) &&
        hit.depth >= depth - 3 && std::abs(hit.score) < kBanThreshold) {
      const Score singular_beta = hit.score - 2 * depth;
      f.excluded = m;
      const Score s = search((depth - 1) / 2, singular_beta - 1, singular_beta, ply, cut_node);
      f.excluded = kNoMove;
      if (aborted_) return 0;
      if (s < singular_beta) singular = true;
      else if (singular_beta >= beta) return singular_beta;  // several moves beat beta: cut
    }
    // Only checks that do not lose material are extended: extending every
    // check lets a side with many checking pieces grow check trees that never
    // shorten, which made proving a found mate cost 60 times its iteration.
    tt_.prefetch(pos_.key_after(m));  // the child probes the table first thing: start the load early
    const bool safe_check = check && see_ge(pos_, m, 0);
    const bool reduced = depth >= 3 && move_count > 1 + pv_node && !capture && !in_check && !check;
    if (reduced) history_of();
    make(m, ply, check);
    const int new_depth = depth - 1 + (safe_check || singular ? 1 : 0);
    Score s = -kInfinite;
    if (reduced) {
      // Late quiet moves are searched shallower first, the later the shallower.
      reduction += !pv_node + cut_node - improving;
      if (m == f.killers[0] || m == f.killers[1] || m == counter) reduction -= 1;
      reduction -= hist / 6000;
      const int d = std::clamp(new_depth - reduction, 1, new_depth);
      s = -search(d, -alpha - 1, -alpha, ply + 1, true);
      if (s > alpha && d < new_depth) s = -search(new_depth, -alpha - 1, -alpha, ply + 1, !cut_node);
    } else if (!pv_node || move_count > 1) {
      s = -search(new_depth, -alpha - 1, -alpha, ply + 1, !cut_node);
    }
    if (pv_node && (move_count == 1 || (s > alpha && s < beta))) s = -search(new_depth, -beta, -alpha, ply + 1, false);
    unmake();
    if (aborted_) return 0;
    if (s > best) {
      best = s;
      if (s > alpha) {
        alpha = s;
        best_move = m;
        if (pv_node) update_pv(ply, m);
        if (s >= beta) break;
      }
    }
    if (!capture && m != best_move && quiet_count < kMaxMoves) quiets[quiet_count++] = m;
  }
  if (!move_count) return excluded ? alpha : -kMateScore + ply;  // mate or stalemate: both lose
  if (best_move && best >= beta && !pos_.piece_at(move_to(best_move)))
    update_quiet_stats(ply, best_move, quiets, quiet_count, depth);
  if (excluded) return best;
  const Bound bound = best >= beta ? BOUND_LOWER : best > alpha0 && pv_node ? BOUND_EXACT : BOUND_UPPER;
  // A quiet best move (or none) whose score the bound pins on the right side
  // of the static evaluation tells how far off that evaluation was.
  if (!in_check && (!best_move || !pos_.piece_at(move_to(best_move))) && std::abs(best) < kBanThreshold &&
      !(bound == BOUND_LOWER && best <= static_eval) && !(bound == BOUND_UPPER && best >= static_eval))
    update_correction(best, static_eval, depth);
  tt_.store(pos_.key(), ply, best_move, best, bound, depth, raw_eval);
  return best;
}

Score Search::root_search(int depth, Score alpha, Score beta, size_t first) {
  pv_len_[0] = 0;
  root_depth_ = depth;
  Score best = -kInfinite;
  for (size_t i = first; i < root_moves_.size(); ++i) {
    const Move m = root_moves_[i];
    ++nodes_;
    tt_.prefetch(pos_.key_after(m));
    make(m, 0);
    const int new_depth = depth - 1 + (pos_.in_check() ? 1 : 0);
    Score s = -kInfinite;
    if (i == first) {
      s = -search(new_depth, -beta, -alpha, 1, false);
    } else {
      s = -search(new_depth, -alpha - 1, -alpha, 1, true);
      if (s > alpha && s < beta) s = -search(new_depth, -beta, -alpha, 1, false);
    }
    unmake();
    if (aborted_) break;
    if (s > best) {
      best = s;
      if (s > alpha) {
        alpha = s;
        update_pv(0, m);
        if (first == 0) {
          if (i > 0 && depth > 1) best_move_changes_ += 1;
          root_best_ = m;
          root_best_score_ = s;
          root_pv_.assign(pv_[0], pv_[0] + pv_len_[0]);
          root_improved_ = true;
          root_best_lower_ = s >= beta;
        }
        // Keep the best move first (of those left) for the next iteration.
        std::rotate(root_moves_.begin() + first, root_moves_.begin() + i, root_moves_.begin() + i + 1);
        if (s >= beta) break;
      }
    }
  }
  return best;
}

SearchInfo Search::make_info(int depth, Score score, const std::vector<Move>& pv, const std::vector<PvLine>& lines) const {
  SearchInfo info;
  info.depth = depth;
  info.seldepth = std::max(seldepth_, depth);
  info.score = score;
  info.nodes = nodes_;
  info.time_ms = elapsed_ms();
  info.nps = info.time_ms > 0 ? nodes_ * 1000 / info.time_ms : 0;
  info.hashfull = tt_.hashfull();
  info.pv = pv;
  info.lines = lines;
  return info;
}

Score Search::aspirate(int depth, Score prev, size_t first) {
  if (depth < 4 || is_mate_score(prev) || std::abs(prev) >= kBanThreshold)
    return root_search(depth, -kInfinite, kInfinite, first);
  int window = 40;
  Score alpha = prev - window, beta = prev + window;
  for (;;) {
    const Score score = root_search(depth, alpha, beta, first);
    if (aborted_) return score;
    // A mate (or rule) score outside the window is searched again with the
    // window open on that side at once: widening step by step towards it
    // cost five or six searches of the whole depth.
    if (score <= alpha) alpha = score <= -kBanThreshold ? -kInfinite : std::max(-kInfinite, alpha - window * 3);
    else if (score >= beta) beta = score >= kBanThreshold ? kInfinite : std::min(kInfinite, beta + window * 3);
    else return score;
    window *= 3;
  }
}

SearchResult Search::run(const Position& pos, const Limits& limits, const SearchOptions& options,
                         const std::atomic<bool>& stop, const std::function<void(const SearchInfo&)>& on_info) {
  start_ = std::chrono::steady_clock::now();
  pos_ = pos;
  root_history_ = pos_.history_length();
  options_ = options;
  stop_ = &stop;
  aborted_ = false;
  nodes_ = 0;
  seldepth_ = 0;
  node_limit_ = limits.nodes;
  clock_start_ = start_;
  budget_ = plan_time(limits);
  pondering_ = limits.ponder && !limits.infinite;
  hard_ms_ = pondering_ ? 0 : budget_.hard_ms;
  published_nodes_.store(0, std::memory_order_relaxed);
  if (!helper_ && ages_table_) tt_.new_search();
  for (Frame& f : frames_) f = Frame{};

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
  const size_t multipv = std::min(root_moves_.size(), size_t(std::max(1, options.multipv)));
  std::vector<PvLine> lines;  // the last complete iteration's lines
  Score prev = 0;
  std::vector<Score> iteration_scores;
  best_move_changes_ = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    best_move_changes_ /= 2;
    seldepth_ = 0;
    root_improved_ = false;
    std::vector<PvLine> found;
    for (size_t k = 0; k < multipv; ++k) {
      const Score score = aspirate(depth, k < lines.size() ? lines[k].score : prev, k);
      if (aborted_) break;
      PvLine line{score, std::vector<Move>(pv_[0], pv_[0] + pv_len_[0])};
      if (line.pv.empty() || line.pv[0] != root_moves_[k]) line.pv = {root_moves_[k]};
      found.push_back(std::move(line));
    }
    if (found.empty()) {
      // Aborted before the best line of this depth was complete. A move that
      // raised alpha here is what will be played, and its score from the
      // deeper search (a lower bound if it also beat beta) is what it is
      // played for: a mate found halfway through an iteration is a mate.
      if (root_improved_ && multipv == 1) {
        result.score = root_best_score_;
        best_pv = root_pv_;
        if (on_info) {
          SearchInfo info = make_info(depth, result.score, best_pv, {PvLine{result.score, best_pv}});
          info.lower_bound = root_best_lower_;
          on_info(info);
        }
      }
      break;
    }
    // Later lines of an aborted iteration keep their last complete values.
    for (size_t k = found.size(); k < lines.size() && k < multipv; ++k) found.push_back(lines[k]);
    lines = std::move(found);
    if (lines.size() > 1 && !aborted_) {
      // Each line had its own window, so a later line can come out better than
      // an earlier one: keep them best first, and the root moves in that order.
      std::stable_sort(lines.begin(), lines.end(), [](const PvLine& a, const PvLine& b) { return a.score > b.score; });
      for (size_t k = 0; k < lines.size(); ++k) root_moves_[k] = lines[k].pv[0];
      root_best_ = lines[0].pv[0];
      root_best_score_ = lines[0].score;
    }
    const Score score = lines[0].score;
    prev = score;
    iteration_scores.push_back(score);
    result.depth = depth;
    result.score = score;
    best_pv = lines[0].pv;
    if (on_info) on_info(make_info(depth, score, best_pv, lines));
    if (aborted_) break;
    check_limits();  // notices a ponderhit (or a stop) between iterations too
    if (aborted_) break;
    const bool unlimited = limits.infinite || pondering_;
    // A forced move is played soon, but after a tenth of the budget (time
    // or nodes) rather than at once, so its score (a mate on the way, say) means something.
    if (root_moves_.size() == 1 && !unlimited && limits.depth == 0 &&
        ((budget_.soft_ms && clock_ms() >= budget_.soft_ms / 10) || (node_limit_ && nodes_ >= node_limit_ / 10) ||
         (!budget_.soft_ms && !node_limit_)))
      break;
    // A fixed move time is spent in full (the hard limit stops it); on a clock,
    // an iteration started after half the soft budget would rarely finish, and
    // that budget stretches while the best move changes or the score falls.
    if (!unlimited && !limits.movetime_ms && budget_.soft_ms) {
      SearchSignals signals;
      signals.best_move_changes = best_move_changes_;
      signals.have_previous = have_previous_score_;
      signals.previous_score = previous_score_;
      signals.earlier_score = iteration_scores[iteration_scores.size() > 3 ? iteration_scores.size() - 4 : 0];
      signals.score = score;
      if (clock_ms() >= budget_.soft_ms / 2 * soft_scale(signals)) break;
    }
    if (is_mate_score(score) && !unlimited && limits.depth == 0 &&
        depth > 2 * std::abs(mate_in_moves(score)) + 4)
      break;
  }
  // A ponder search that ran out of depth (a mate found, depth 127 reached)
  // still waits for ponderhit or stop, and an infinite one for stop: the
  // protocols give bestmove only after those.
  wait_wakeups_ = 0;
  while ((pondering_ || limits.infinite) && !stop_->load()) {
    waiting_for_stop_ = true;
    if (pondering_ && ponderhit_ && ponderhit_->load()) {
      pondering_ = false;
      continue;
    }
    if (wake_) {  // asleep until a flag is set: the setter bumps the counter after it
      const uint32_t seen = wake_->load();
      if (!stop_->load() && !(pondering_ && ponderhit_ && ponderhit_->load())) wake_->wait(seen);
    } else {  // a caller without a signal (a test driving Search directly): look now and then
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ++wait_wakeups_;
  }
  waiting_for_stop_ = false;
  if (options.weakness > 0 && lines.size() > 1) {  // a weaker level: not always the best line
    const size_t k = pick_with_weakness(lines, options.weakness, options.seed);
    root_best_ = lines[k].pv[0];
    result.score = lines[k].score;
    best_pv = lines[k].pv;
  }
  result.best = root_best_;
  if (result.depth == 0) result.score = root_best_score_;
  if (!helper_ && !limits.infinite && result.depth > 0) {
    previous_score_ = result.score;
    have_previous_score_ = true;
  }
  result.ponder = best_pv.size() > 1 && best_pv[0] == root_best_ ? best_pv[1] : kNoMove;
  result.nodes = nodes_;
  published_nodes_.store(nodes_, std::memory_order_relaxed);
  return result;
}

}  // namespace xq
