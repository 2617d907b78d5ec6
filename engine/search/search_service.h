// Something that searches a position in the background: the built-in
// Searcher or an outside engine program. start() returns at once; the caller
// polls done()/result()/info() and may stop or cancel at any moment.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

#include "search.h"

namespace xq {

// What a search thread hands its caller: the latest info snapshot and the
// result, each tagged with the generation of the start() it belongs to, so a
// stale result never shows. Shared by every SearchService.
class SearchMailbox {
 public:
  // A new search: its generation number, with the last one's info and result gone.
  uint64_t open() {
    std::lock_guard<std::mutex> lock(mutex_);
    result_.reset();
    info_ = SearchInfo{};
    return ++generation_;
  }
  void post_info(const SearchInfo& info) {
    std::lock_guard<std::mutex> lock(mutex_);
    info_ = info;
  }
  // From a search that may have been overtaken by a newer start(): kept only if it is the latest.
  void post_info(const SearchInfo& info, uint64_t generation) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (generation == generation_) info_ = info;
  }
  void post_result(const SearchResult& r, uint64_t generation) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      result_ = r;
      result_generation_ = generation;
    }
    posted_.notify_all();
  }
  // For tests and tools, never a frame loop: waits up to timeout_ms for the
  // latest search's result; true once it is there.
  bool wait_done(int timeout_ms) const {
    std::unique_lock<std::mutex> lock(mutex_);
    return posted_.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                            [this] { return result_.has_value() && result_generation_ == generation_; });
  }
  void drop_result() {
    std::lock_guard<std::mutex> lock(mutex_);
    result_.reset();
  }
  bool done() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return result_.has_value() && result_generation_ == generation_;
  }
  std::optional<SearchResult> result() const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (result_ && result_generation_ == generation_) return result_;
    return std::nullopt;
  }
  SearchInfo info() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return info_;
  }
  uint64_t generation() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return generation_;
  }

 private:
  mutable std::mutex mutex_;
  mutable std::condition_variable posted_;
  uint64_t generation_ = 0;
  std::optional<SearchResult> result_;
  uint64_t result_generation_ = 0;
  SearchInfo info_;
};

class SearchService {
 public:
  // Called on the service's own thread: with each new line or depth, and at the end.
  using InfoFn = std::function<void(const SearchInfo&)>;
  using DoneFn = std::function<void(const SearchResult&)>;

  virtual ~SearchService() = default;
  // Starts searching pos (its history included), stopping any search first.
  // Returns the generation number that this search's result carries.
  virtual uint64_t start(const Position& pos, const Limits& limits, const SearchOptions& options = {},
                         InfoFn on_info = {}, DoneFn on_done = {}) = 0;
  virtual void stop() = 0;    // stop and wait; the result stays available
  virtual void cancel() = 0;  // stop and forget the result
  virtual bool running() const = 0;
  virtual bool done() const = 0;  // a result for the latest start() is ready
  virtual std::optional<SearchResult> result() const = 0;
  virtual SearchInfo info() const = 0;  // the latest snapshot (lines best first)
  virtual uint64_t generation() const = 0;
  virtual void new_game() = 0;
  virtual std::string name() const = 0;
  // Why the service can no longer be used (an outside engine crashed, hung or
  // answered an illegal move), or "" while it works.
  virtual std::string failure() const { return ""; }
};

}  // namespace xq
