// SearchPool: lazy SMP. The main search runs on the caller's thread and
// threads-1 helpers search the same position on their own threads until it
// ends; they share only the transposition table, through which the helpers'
// results reach the main search (and the next move). The main search's result
// is the pool's unless a helper knows more, with every thread's nodes counted.
#pragma once
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "search.h"

namespace xq {

class SearchPool {
 public:
  static constexpr int kMaxThreads = 64;

  explicit SearchPool(TranspositionTable& tt, int threads = 1);
  // 1..kMaxThreads (clamped); never while run() is running.
  void set_threads(int n);
  int threads() const { return int(searches_.size()); }
  // The main search is done and waits for stop or ponderhit (see Search).
  bool waiting_for_stop() const { return searches_[0]->waiting_for_stop(); }

  // As Search::run. Node limits count the main search's nodes; the reports
  // (on_info) and the result count all of them.
  SearchResult run(const Position& pos, const Limits& limits, const SearchOptions& options,
                   const std::atomic<bool>& stop, const std::function<void(const SearchInfo&)>& on_info = {});
  void clear();  // forget every search's history (a new game)
  void set_ponderhit_flag(const std::atomic<bool>* flag) { searches_[0]->set_ponderhit_flag(flag); }
  // The main search's wake signal (see Search::set_wake_signal); helpers get the pool's own.
  void set_wake_signal(const std::atomic<uint32_t>* wake) { searches_[0]->set_wake_signal(wake); }
  int wait_wakeups() const { return searches_[0]->wait_wakeups(); }

  // Whether a helper's result replaces the main search's: it has a better
  // score and completed a deeper iteration, or it has found a mate (or a
  // shorter one) at any depth, so it knows more. Used with a single line only.
  static bool knows_more(const SearchResult& helper, const SearchResult& main);

 private:
  uint64_t helper_nodes() const;

  TranspositionTable& tt_;
  std::vector<std::unique_ptr<Search>> searches_;  // [0] is the main search
};

}  // namespace xq
