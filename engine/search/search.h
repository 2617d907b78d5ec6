// The search: iterative deepening with aspiration windows, principal variation
// search, quiescence, null move, check extension, late move reductions,
// transposition table, killers and history. It reports through a callback
// and stops on an atomic flag; it never prints.
#pragma once
#include <atomic>
#include <cstdint>
#include <chrono>
#include <functional>
#include <memory>
#include <vector>

#include "attacks.h"
#include "movepick.h"
#include "position.h"
#include "timeman.h"
#include "tt.h"

namespace xq {

// One principal variation with its score (several with MultiPV, best first).
struct PvLine {
  Score score = 0;
  std::vector<Move> pv;
};

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  Score score = 0;
  uint64_t nodes = 0;
  uint64_t nps = 0;
  int time_ms = 0;
  int hashfull = 0;
  std::vector<Move> pv;       // the best line (lines[0].pv)
  std::vector<PvLine> lines;  // the best MultiPV lines, best first; lines[0] is score/pv
  bool lower_bound = false;   // score is a bound only: a stop cut short the search that beat it
};

struct SearchResult {
  Move best = kNoMove;    // kNoMove only when there is no legal move
  Move ponder = kNoMove;
  Score score = 0;
  int depth = 0;
  uint64_t nodes = 0;
  bool resigns = false;  // an outside engine resigned instead of moving (best is kNoMove)
};

struct SearchOptions {
  int randomness = 0;     // evaluation noise in score units (0 = deterministic)
  uint64_t seed = 1;      // seed for that noise
  std::vector<Move> banned;  // root moves not to play (UCCI banmoves)
  int multipv = 1;           // how many best lines to search and report (each with an exact score)
  int weakness = 0;          // a weaker level's choice among the lines (skill.h); 0: the best
  bool one_thread = false;   // no helpers (a level of the ladder: the same strength on any machine)
};

bool is_mate_score(Score s);
// A static score as the no-capture counter discounts it (rule_plies > 20).
Score no_capture_scaled(Score s, int rule_plies);
int mate_in_moves(Score s);  // signed: >0 we mate in n moves, <0 we are mated

class Search {
 public:
  explicit Search(TranspositionTable& tt);
  // Searches pos (its history is used for repetition judging).
  SearchResult run(const Position& pos, const Limits& limits, const SearchOptions& options,
                   const std::atomic<bool>& stop, const std::function<void(const SearchInfo&)>& on_info = {});
  void clear();  // forget history and killers (a new game)
  // A flag the search polls while pondering (Limits::ponder): once it is set,
  // the search goes on under its time limits, counted from that moment.
  void set_ponderhit_flag(const std::atomic<bool>* flag) { ponderhit_ = flag; }
  // A counter that whoever sets the stop or the ponderhit flag increments and
  // notifies (std::atomic::notify_all): a finished infinite or ponder search
  // sleeps on it until then, rather than waking every millisecond to look.
  void set_wake_signal(const std::atomic<uint32_t>* wake) { wake_ = wake; }
  // How often that wait woke to look at the flags (the last search's).
  int wait_wakeups() const { return wait_wakeups_.load(); }
  // A helper of a SearchPool: it leaves the table's age to the pool.
  void set_helper(bool on) { helper_ = on; }
  // Whether run() starts a new age of the table (false: its caller did, before
  // any other thread could store in it).
  void set_ages_table(bool on) { ages_table_ = on; }
  // True while a finished infinite or ponder search waits for stop or ponderhit.
  bool waiting_for_stop() const { return waiting_for_stop_.load(); }
  // Nodes of the current (or last) search so far, as published every 1024
  // nodes: safe to read from another thread while it runs.
  uint64_t nodes_published() const { return published_nodes_.load(std::memory_order_relaxed); }

 private:
  // What the search keeps for each ply of the current line.
  struct Frame {
    Score static_eval = kNoEval;
    Move move = kNoMove;                 // the move made from this ply
    PieceToHistory* cont = nullptr;      // continuation history of that move
    Move killers[2] = {kNoMove, kNoMove};
    Move excluded = kNoMove;             // singular test: the hash move left out
  };

  Frame& frame(int ply) { return frames_[ply + 2]; }  // ply -2 and -1 exist (empty)
  Score search(int depth, Score alpha, Score beta, int ply, bool cut_node);
  Score quiesce(Score alpha, Score beta, int ply, int qdepth = 0);
  // Searches root_moves_[first..]: the lines before first are already found
  // this iteration (MultiPV); the best of the rest moves to index first.
  Score root_search(int depth, Score alpha, Score beta, size_t first);
  // One root line with an aspiration window around its last score.
  Score aspirate(int depth, Score prev, size_t first);
  // The report of an iteration (or of the part of one a stop cut short).
  SearchInfo make_info(int depth, Score score, const std::vector<Move>& pv, const std::vector<PvLine>& lines) const;
  Score eval() const;                 // as the table keeps it
  Score noisy(Score static_eval) const;  // with a weaker level's noise
  void check_limits();
  int elapsed_ms() const;
  void update_pv(int ply, Move m);
  // Rule-based result of the current node (repetition, no-capture limit), or
  // kInfinite when the rules say nothing.
  Score rule_score(int ply);
  // gives_check: whether m checks, when the caller knows already.
  void make(Move m, int ply, bool gives_check);
  void make(Move m, int ply) { make(m, ply, pos_.move_gives_check(m)); }
  void unmake();
  void update_quiet_stats(int ply, Move best, const Move* quiets, int quiet_count, int depth);
  // Correction history: how far searches found the static evaluation off
  // in positions with the same pawns, for the side to move; added to it.
  static constexpr int kCorrectionSize = 16384, kCorrectionLimit = 1024, kCorrectionGrain = 32;
  int16_t& correction_entry() { return correction_[pos_.side()][pos_.pawn_key() & (kCorrectionSize - 1)]; }
  Score corrected(Score raw);
  void update_correction(Score searched, Score static_eval, int depth);

  TranspositionTable& tt_;
  Position pos_;
  ButterflyHistory history_;
  std::unique_ptr<ContinuationHistory> cont_history_;
  Move counter_moves_[14][256];
  int16_t correction_[2][kCorrectionSize];
  Frame frames_[kMaxPly + 4];
  Move pv_[kMaxPly + 2][kMaxPly + 2];
  int pv_len_[kMaxPly + 2];
  std::vector<Move> root_moves_;
  int root_history_ = 0;  // plies of game history before the root (see rule_score)
  Move root_best_ = kNoMove;
  int root_depth_ = 0;
  Score root_best_score_ = 0;
  std::vector<Move> root_pv_;   // root_best_'s line when it was found
  bool root_improved_ = false;  // root_best_ was found in the iteration under way
  bool root_best_lower_ = false;  // and its score beat the window: at least that much
  double best_move_changes_ = 0;  // for the time manager (see soft_scale)
  bool have_previous_score_ = false;  // previous_score_ is the last search's result (cleared for a new game)
  Score previous_score_ = 0;
  uint64_t nodes_ = 0;
  std::atomic<uint64_t> published_nodes_{0};
  bool helper_ = false;
  uint64_t node_limit_ = 0;
  int seldepth_ = 0;
  int hard_ms_ = 0;
  TimeBudget budget_;
  bool pondering_ = false;
  bool ages_table_ = true;
  std::atomic<bool> waiting_for_stop_{false};
  const std::atomic<bool>* ponderhit_ = nullptr;
  const std::atomic<uint32_t>* wake_ = nullptr;
  std::atomic<int> wait_wakeups_{0};
  std::chrono::steady_clock::time_point clock_start_;  // time limits count from here (ponderhit)
  int clock_ms() const;
  bool aborted_ = false;
  const std::atomic<bool>* stop_ = nullptr;
  std::chrono::steady_clock::time_point start_;
  SearchOptions options_;
};

}  // namespace xq
