#include "hash_worker.h"

namespace xq::server {

HashWorker::HashWorker(size_t high_capacity, size_t low_capacity)
    : high_capacity_(high_capacity), low_capacity_(low_capacity), thread_([this] { loop(); }) {}

HashWorker::~HashWorker() { stop(); }

bool HashWorker::submit(bool high, std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    auto& q = high ? high_ : low_;
    if (stopping_ || q.size() >= (high ? high_capacity_ : low_capacity_)) return false;
    q.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

void HashWorker::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    high_.clear();
    low_.clear();
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

size_t HashWorker::queued() const {
  std::lock_guard lock(mutex_);
  return high_.size() + low_.size();
}

void HashWorker::loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !high_.empty() || !low_.empty(); });
    if (stopping_) return;
    auto& q = high_.empty() ? low_ : high_;
    std::function<void()> job = std::move(q.front());
    q.pop_front();
    lock.unlock();
    job();
    lock.lock();
  }
}

}  // namespace xq::server
