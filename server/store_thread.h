// The database thread: the one thread that touches the Store. The hub hands it
// tasks and goes on relaying other games; each task's answer comes back to the
// hub's thread. Tasks that arrive together are committed together (one sync
// for many moves), each in a savepoint of its own, so one failing task
// changes nothing and the others still commit. After the writes, the log is
// checkpointed once it has grown past a bound, and when the thread is idle.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "store.h"

namespace xq::server {

// `work` runs on the database thread inside the batch's transaction and says
// whether it succeeded (false: its changes are rolled back); `done` runs on the
// hub's thread with `saved`: work succeeded and the batch was committed.
struct DbTask {
  std::function<bool(Store&)> work;
  std::function<void(bool saved)> done;
  bool done_here = false;  // `done` runs on the database thread after the commit (call())
};

// How the hub hands a task over (a thread, or at once in tests and fuzzing).
using Persist = std::function<void(DbTask)>;

// Runs one task at once on the caller's thread, as a batch of one.
void run_task_now(Store& store, DbTask& task);

struct DatabaseOptions {
  int64_t checkpoint_bytes = 4 << 20;  // the log is copied back and cut once it is this big
  int idle_checkpoint_ms = 1000;        // and when no task came for this long
  int guest_idle_days = 30;             // guests not seen this long are forgotten (0: never)
  size_t max_batch = 256;
};

struct DatabaseStats {
  int64_t tasks = 0, batches = 0, failed_tasks = 0, failed_commits = 0, checkpoints = 0;
  int64_t log_bytes = 0, max_log_bytes = 0, guests_forgotten = 0;
};

class DatabaseThread {
 public:
  using PostBack = std::function<void(std::function<void()>)>;
  DatabaseThread(Store& store, PostBack post_back, DatabaseOptions options = {});
  ~DatabaseThread();  // commits what is queued, then stops
  DatabaseThread(const DatabaseThread&) = delete;
  DatabaseThread& operator=(const DatabaseThread&) = delete;

  void submit(DbTask task);
  // Runs f on the database thread and waits for it (start-up, tests).
  void call(const std::function<void(Store&)>& f);
  size_t queued() const;
  DatabaseStats stats() const;

 private:
  void loop();
  void maintain(bool idle);

  Store& store_;
  PostBack post_back_;
  DatabaseOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<DbTask> queue_;
  bool stopping_ = false;
  DatabaseStats stats_;
  int64_t last_guest_sweep_ms_ = -1;
  std::thread thread_;
};

}  // namespace xq::server
