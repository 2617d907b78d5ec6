// The search: iterative deepening with aspiration windows, principal variation
// search, quiescence, null move, check extension, late move reductions,
// transposition table, killers and history. It reports through a callback
// and stops on an atomic flag; it never prints.
#pragma once
#include <atomic>
#include <chrono>
#include <functional>
#include <vector>

#include "movepick.h"
#include "position.h"
#include "timeman.h"
#include "tt.h"

namespace xq {

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  Score score = 0;
  uint64_t nodes = 0;
  uint64_t nps = 0;
  int time_ms = 0;
  int hashfull = 0;
  std::vector<Move> pv;
};

struct SearchResult {
  Move best = kNoMove;    // kNoMove only when there is no legal move
  Move ponder = kNoMove;
  Score score = 0;
  int depth = 0;
  uint64_t nodes = 0;
};

struct SearchOptions {
  int randomness = 0;     // evaluation noise in score units (0 = deterministic)
  uint64_t seed = 1;      // seed for that noise
  std::vector<Move> banned;  // root moves not to play (UCCI banmoves)
};

bool is_mate_score(Score s);
int mate_in_moves(Score s);  // signed: >0 we mate in n moves, <0 we are mated

class Search {
 public:
  explicit Search(TranspositionTable& tt);
  // Searches pos (its history is used for repetition judging).
  SearchResult run(const Position& pos, const Limits& limits, const SearchOptions& options,
                   const std::atomic<bool>& stop, const std::function<void(const SearchInfo&)>& on_info = {});
  void clear();  // forget history and killers (a new game)

 private:
  Score search(int depth, Score alpha, Score beta, int ply, bool null_ok);
  Score quiesce(Score alpha, Score beta, int ply);
  Score root_search(int depth, Score alpha, Score beta);
  Score eval(Score alpha = -kInfinite, Score beta = kInfinite) const;
  bool legal(Move m, bool in_check);
  void check_limits();
  int elapsed_ms() const;
  void update_pv(int ply, Move m);

  TranspositionTable& tt_;
  Position pos_;
  History history_;
  Move killers_[kMaxPly + 2][2];
  Move pv_[kMaxPly + 2][kMaxPly + 2];
  int pv_len_[kMaxPly + 2];
  std::vector<Move> root_moves_;
  Move root_best_ = kNoMove;
  Score root_best_score_ = 0;
  uint64_t nodes_ = 0;
  uint64_t node_limit_ = 0;
  int seldepth_ = 0;
  int hard_ms_ = 0;
  bool aborted_ = false;
  const std::atomic<bool>* stop_ = nullptr;
  std::chrono::steady_clock::time_point start_;
  SearchOptions options_;
};

}  // namespace xq
