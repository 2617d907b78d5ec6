// The game review (复盘) run in the background: the engine scores every
// position on its own thread at a lower priority, the window polls progress()
// and takes the result when done. No SDL in here.
#pragma once
#include <atomic>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "review.h"

namespace xq {

class ReviewJob {
 public:
  ReviewJob() = default;
  ~ReviewJob() { cancel(); }
  ReviewJob(const ReviewJob&) = delete;
  ReviewJob& operator=(const ReviewJob&) = delete;

  // Reviews g (copied); a review already running is cancelled first.
  void start(const Game& g, const ReviewOptions& options);
  void cancel();
  bool running() const { return running_.load(); }
  // Positions searched so far and in all.
  int done_count() const { return done_.load(); }
  int total_count() const { return total_.load(); }
  // The finished review, once (nullopt while running or after it was taken).
  std::optional<std::vector<MoveReview>> take_result();

 private:
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> running_{false};
  std::atomic<int> done_{0}, total_{0};
  std::mutex mutex_;
  std::optional<std::vector<MoveReview>> result_;  // guarded by mutex_
};

}  // namespace xq
