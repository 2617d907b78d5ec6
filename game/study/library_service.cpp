#include "library_service.h"

namespace xq {

LibraryService::~LibraryService() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  cancel_ = true;
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
}

void LibraryService::post(std::function<void()> job, bool replace_explore) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (replace_explore) explore_job_ = std::move(job);
    else jobs_.push_back(std::move(job));
    if (!worker_.joinable()) worker_ = std::thread([this] { run(); });
  }
  wake_.notify_one();
}

void LibraryService::run() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stop_ || !jobs_.empty() || explore_job_; });
      if (stop_) return;
      if (!jobs_.empty()) {
        job = std::move(jobs_.front());
        jobs_.pop_front();
      } else {
        job = std::move(explore_job_);
        explore_job_ = nullptr;
      }
    }
    job();
  }
}

void LibraryService::open(const std::string& path) {
  post([this, path] {
    std::string err;
    const bool ok = lib_.open(path, &err);
    std::lock_guard<std::mutex> lock(mutex_);
    open_error_ = ok ? "" : err;
  });
}

void LibraryService::explore(uint64_t key) {
  post(
      [this, key] {
        ExploreResult r;
        r.key = key;
        if (!lib_.is_open()) r.error = open_error().empty() ? "no library" : open_error();
        else {
          r.moves = lib_.explore(key, &r.error);
          r.games_in_library = lib_.count();
        }
        std::lock_guard<std::mutex> lock(mutex_);
        explored_ = std::move(r);
      },
      true);
}

void LibraryService::find(LibraryQuery q) {
  post([this, q] {
    FoundGames f;
    // One more than the limit tells whether there are more; then they are counted, so the list can say so.
    LibraryQuery one_more = q;
    one_more.limit = (q.limit > 0 ? q.limit : 100) + 1;
    std::vector<LibraryGame> rows = lib_.find(one_more, &f.error);
    if (int64_t(rows.size()) > (q.limit > 0 ? q.limit : 100)) {
      rows.pop_back();
      f.total = lib_.count(q, &f.error);
    }
    for (const LibraryGame& g : rows) {
      std::string pgn, err;
      PgnGame game;
      if (lib_.pgn(g.id, pgn, &err) && read_pgn(pgn, game, &err)) {
        EccoOpening o = ecco_name(g.eco);
        if (o.code.empty()) o.code = g.eco;  // a code the file gave that the table does not name
        f.openings.push_back(std::move(o));
        f.games.push_back(std::move(game));
        f.ids.push_back(g.id);
      }
    }
    std::lock_guard<std::mutex> lock(mutex_);
    found_ = std::move(f);
  });
}

void LibraryService::import(std::vector<std::string> paths) {
  cancel_ = false;
  importing_ = true;
  post([this, paths = std::move(paths)] {
    ImportReport r;
    if (!lib_.is_open()) {
      r.failures.push_back(open_error().empty() ? "no library" : open_error());
      r.failed = 1;
    } else {
      r = import_paths(lib_, paths, &cancel_, [this](const ImportReport& so_far) {
        std::lock_guard<std::mutex> lock(mutex_);
        progress_ = so_far;
      });
    }
    std::lock_guard<std::mutex> lock(mutex_);
    imported_ = std::move(r);
    progress_ = {};
    importing_ = false;
  });
}

ImportReport LibraryService::progress() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return progress_;
}

std::optional<ExploreResult> LibraryService::take_explore() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::optional<ExploreResult> r = std::move(explored_);
  explored_.reset();
  return r;
}

std::optional<FoundGames> LibraryService::take_found() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::optional<FoundGames> r = std::move(found_);
  found_.reset();
  return r;
}

std::optional<ImportReport> LibraryService::take_import() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::optional<ImportReport> r = std::move(imported_);
  imported_.reset();
  return r;
}

std::string LibraryService::open_error() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return open_error_;
}

}  // namespace xq
