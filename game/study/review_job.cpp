#include "review_job.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>

namespace xq {

void ReviewJob::start(const Game& g, const ReviewOptions& options) {
  cancel();
  stop_ = false;
  done_ = 0;
  total_ = g.ply() + 1;
  running_ = true;
  thread_ = std::thread([this, g, options]() {
    // Below the frame loop, like the computer's own search.
    const pid_t tid = pid_t(syscall(SYS_gettid));
    setpriority(PRIO_PROCESS, tid, std::min(19, getpriority(PRIO_PROCESS, tid) + 10));
    auto review = review_game(g, options, stop_, [this](int done, int total) {
      done_ = done;
      total_ = total;
    });
    // Under the lock, so whoever takes the result also sees the job ended.
    std::lock_guard<std::mutex> lock(mutex_);
    if (!stop_.load()) result_ = std::move(review);
    running_ = false;
  });
}

void ReviewJob::cancel() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
  std::lock_guard<std::mutex> lock(mutex_);
  result_.reset();
}

std::optional<std::vector<MoveReview>> ReviewJob::take_result() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::optional<std::vector<MoveReview>> r;
  r.swap(result_);
  return r;
}

}  // namespace xq
