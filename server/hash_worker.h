// Password hashing (argon2id, about 0.2 s and 64 MiB each) on a thread of its
// own behind a bounded queue with two places: a login from an address with no
// recent wrong passwords goes before the rest. A full queue says so at once
// (the client is told to try again) instead of making everyone wait, and
// stopping drops what is queued: shutdown never waits for queued logins.
#pragma once
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace xq::server {

class HashWorker {
 public:
  HashWorker(size_t high_capacity, size_t low_capacity);
  ~HashWorker();  // stop()
  HashWorker(const HashWorker&) = delete;
  HashWorker& operator=(const HashWorker&) = delete;
  // False when that place is full (or the worker has stopped): the job is not taken.
  bool submit(bool high, std::function<void()> job);
  // Drops the queued jobs and waits for the one running.
  void stop();
  size_t queued() const;

 private:
  void loop();
  size_t high_capacity_, low_capacity_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> high_, low_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace xq::server
