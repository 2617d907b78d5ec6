// The game library for the window: every database call (open, explore,
// search, import) runs on one worker thread of its own; the frame thread
// only queues requests and picks up results each frame, as it does with the
// searcher's. No SDL in here.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "ecco.h"
#include "import.h"
#include "library.h"

namespace xq {

struct ExploreResult {
  uint64_t key = 0;
  std::vector<ExploreMove> moves;
  int64_t games_in_library = 0;
  std::string error;  // "" when the library answered
};

struct FoundGames {
  std::vector<PgnGame> games;  // read back from the library's PGN, in id order
  std::vector<int64_t> ids;
  std::vector<EccoOpening> openings;  // each game's (its stored code), named on the library's thread
  int64_t total = 0;           // the games the query finds in all, when more than its limit (else 0)
  std::string error;
};

class LibraryService {
 public:
  LibraryService() = default;
  ~LibraryService();
  LibraryService(const LibraryService&) = delete;
  LibraryService& operator=(const LibraryService&) = delete;

  // Opens (or creates) the library at path on the worker; later requests wait for it there.
  void open(const std::string& path);
  // The moves played from a position; a newer request replaces one not yet started.
  void explore(uint64_t key);
  // The games a query finds (read back as PGN), in the library's order.
  void find(LibraryQuery q);
  // Imports files and folders; progress() reads the counts while it runs.
  void import(std::vector<std::string> paths);
  void cancel_import() { cancel_ = true; }
  bool importing() const { return importing_.load(); }
  ImportReport progress() const;

  // Results, once each (nullopt when none is new).
  std::optional<ExploreResult> take_explore();
  std::optional<FoundGames> take_found();
  std::optional<ImportReport> take_import();
  // Why the library could not be opened ("" when it is open or not yet tried).
  std::string open_error() const;

 private:
  void run();
  void post(std::function<void()> job, bool replace_explore = false);

  Library lib_;  // touched only by the worker
  std::thread worker_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  std::function<void()> explore_job_;  // the newest explore request
  bool stop_ = false;
  std::atomic<bool> cancel_{false}, importing_{false};
  // Results, guarded by mutex_.
  std::optional<ExploreResult> explored_;
  std::optional<FoundGames> found_;
  std::optional<ImportReport> imported_;
  ImportReport progress_;
  std::string open_error_;
};

}  // namespace xq
