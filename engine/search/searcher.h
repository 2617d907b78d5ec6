// Searcher: runs one search at a time on its own std::thread. start() returns
// at once; the caller polls done()/result()/info() without blocking; stop()
// and a new start() are safe at any moment and a stale result never shows.
#pragma once
#include "version.h"
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "search.h"
#include "search_pool.h"
#include "search_service.h"

namespace xq {

class Searcher : public SearchService {
 public:
  explicit Searcher(size_t hash_mb = 32);
  ~Searcher() override;
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  // Starts searching pos (stopping any search in progress first). Returns the
  // generation number that the result of this search will carry.
  uint64_t start(const Position& pos, const Limits& limits, const SearchOptions& options = {}, InfoFn on_info = {},
                 DoneFn on_done = {}) override;
  // Asks the search to stop and waits for its thread (a few ms at most).
  // The stopped search's result stays available.
  void stop() override;
  // Waits for a running search to end by itself (never from a frame loop).
  void wait() { join(); }
  // A finished infinite or ponder search holds its result until stop or ponderhit.
  bool waiting_for_stop() const { return running_.load() && search_->waiting_for_stop(); }
  // Stops and throws the result away (e.g. a new game started).
  void cancel() override;

  bool running() const override { return running_.load(); }
  bool done() const override { return box_.done(); }  // a result for the latest start() is ready
  std::optional<SearchResult> result() const override { return box_.result(); }  // that result, if ready
  SearchInfo info() const override { return box_.info(); }  // latest snapshot of the running or finished search
  uint64_t generation() const override { return box_.generation(); }
  std::string name() const override { return kEngineId; }

  // The opponent played the move we pondered on: the running ponder search
  // (Limits::ponder) goes on under its time limits from now.
  void ponderhit() {
    ponderhit_flag_ = true;
    wake();
  }
  // How often the last search's wait for stop or ponderhit woke to look (see Search).
  int wait_wakeups() const { return search_->wait_wakeups(); }

  void set_hash_mb(size_t mb);
  // How many threads search (lazy SMP, see search_pool.h); 1 by default.
  void set_threads(int n);
  int threads() const { return search_->threads(); }
  // Run later searches at a lower scheduling priority (nice +10) than the
  // caller, so a program's own window or protocol loop never waits for them.
  void set_background(bool on) { background_ = on; }
  void new_game() override;  // clears hash and history

 private:
  void join();
  // After setting the stop or ponderhit flag: the search waiting on them wakes.
  void wake() {
    wake_.fetch_add(1);
    wake_.notify_all();
  }

  std::unique_ptr<TranspositionTable> tt_;
  std::unique_ptr<SearchPool> search_;
  std::thread thread_;
  std::atomic<bool> stop_flag_{false};
  std::atomic<bool> running_{false};
  std::atomic<bool> ponderhit_flag_{false};
  std::atomic<uint32_t> wake_{0};
  bool background_ = false;
  SearchMailbox box_;
};

}  // namespace xq
