#include "store_thread.h"

#include <chrono>
#include <cstdio>
#include <algorithm>
#include <future>
#include <vector>

namespace xq::server {

namespace {

int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Runs a batch in one transaction: each task in a savepoint; false for a task
// whose work failed or whose batch could not be committed.
std::vector<char> run_batch(Store& store, std::vector<DbTask>& batch, DatabaseStats* stats) {
  std::vector<char> saved(batch.size(), 0);
  if (!store.begin()) {
    if (stats) stats->failed_commits++;
    return saved;
  }
  for (size_t i = 0; i < batch.size(); ++i) {
    if (!store.savepoint()) continue;
    const bool ok = batch[i].work ? batch[i].work(store) : true;
    if (ok && store.release()) {
      saved[i] = 1;
    } else {
      store.rollback_to_savepoint();
      if (stats) stats->failed_tasks++;
    }
  }
  if (!store.commit()) {
    if (stats) stats->failed_commits++;
    std::fill(saved.begin(), saved.end(), 0);
  }
  return saved;
}

}  // namespace

void run_task_now(Store& store, DbTask& task) {
  std::vector<DbTask> batch;
  batch.push_back(std::move(task));
  const auto saved = run_batch(store, batch, nullptr);
  if (batch[0].done) batch[0].done(saved[0] != 0);
}

DatabaseThread::DatabaseThread(Store& store, PostBack post_back, DatabaseOptions options)
    : store_(store), post_back_(std::move(post_back)), options_(options) {
  thread_ = std::thread([this] { loop(); });
}

DatabaseThread::~DatabaseThread() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void DatabaseThread::submit(DbTask task) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(task));
  }
  wake_.notify_one();
}

void DatabaseThread::call(const std::function<void(Store&)>& f) {
  std::promise<void> finished;
  submit({[&](Store& s) {
            f(s);
            return true;
          },
          [&](bool) { finished.set_value(); }, true});
  finished.get_future().wait();
}

size_t DatabaseThread::queued() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

DatabaseStats DatabaseThread::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void DatabaseThread::loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    const bool woke = wake_.wait_for(lock, std::chrono::milliseconds(options_.idle_checkpoint_ms),
                                     [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) {
      if (stopping_) return;
      if (!woke) {
        lock.unlock();
        maintain(true);
        lock.lock();
      }
      continue;
    }
    std::vector<DbTask> batch;
    while (!queue_.empty() && batch.size() < options_.max_batch) {
      batch.push_back(std::move(queue_.front()));
      queue_.pop_front();
    }
    lock.unlock();
    DatabaseStats local;
    const auto saved = run_batch(store_, batch, &local);
    for (size_t i = 0; i < batch.size(); ++i)
      if (batch[i].done && batch[i].done_here) batch[i].done(saved[i] != 0);
      else if (batch[i].done) post_back_([done = std::move(batch[i].done), ok = saved[i] != 0] { done(ok); });
    maintain(false);
    lock.lock();
    stats_.tasks += int64_t(batch.size());
    stats_.batches++;
    stats_.failed_tasks += local.failed_tasks;
    stats_.failed_commits += local.failed_commits;
  }
}

// Checkpoints (the log copied back into the database and cut) and forgetting
// idle guests once an hour, between batches.
void DatabaseThread::maintain(bool idle) {
  const int64_t before = store_.log_bytes();
  bool checkpointed = false;
  if (before > 0 && (idle || before >= options_.checkpoint_bytes)) {
    // Cut the file back to nothing when idle or past the bound.
    const LogStatus s = store_.checkpoint(0);
    checkpointed = s.ok;
  }
  int64_t forgotten = 0;
  const int64_t now = steady_ms();
  if (options_.guest_idle_days > 0 && (last_guest_sweep_ms_ < 0 || now - last_guest_sweep_ms_ >= 3600 * 1000)) {
    last_guest_sweep_ms_ = now;
    if (store_.begin()) {
      forgotten = store_.forget_idle_guests(options_.guest_idle_days);
      if (!store_.commit()) forgotten = 0;
    }
    if (forgotten > 0) std::fprintf(stderr, "xiangqi-server: forgot %lld idle guests\n", (long long)forgotten);
  }
  std::lock_guard lock(mutex_);
  stats_.max_log_bytes = std::max(stats_.max_log_bytes, before);
  stats_.log_bytes = store_.log_bytes();
  stats_.checkpoints += checkpointed;
  stats_.guests_forgotten += std::max<int64_t>(forgotten, 0);
}

}  // namespace xq::server
