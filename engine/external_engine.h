// An outside engine program (Pikafish, Fairy-Stockfish, ElephantEye, ours) as a
// SearchService: it is spoken to on its own thread, so a slow, hung or dead
// engine never blocks the caller. Every move it answers is checked; a crash,
// a hang past its time or an illegal move ends its use with failure() set.
#pragma once
#include <atomic>
#include <mutex>
#include <thread>

#include "engine_process.h"
#include "search_service.h"

namespace xq {

class ExternalEngine : public SearchService {
 public:
  ExternalEngine() = default;
  ~ExternalEngine() override;
  ExternalEngine(const ExternalEngine&) = delete;
  ExternalEngine& operator=(const ExternalEngine&) = delete;

  // Starts the program (a shell command line) and completes the handshake,
  // UCI if it answers uciok, else UCCI, then sends options (raw setoption
  // lines). False with a message on failure.
  bool open(const std::string& command, std::string* error, int timeout_ms = 5000,
            const std::vector<std::string>& options = {});
  const std::string& protocol() const { return process_.protocol(); }
  // Extra time past a timed search's limit before the engine counts as hung.
  void set_grace_ms(int ms) { grace_ms_ = ms; }

  uint64_t start(const Position& pos, const Limits& limits, const SearchOptions& options = {}, InfoFn on_info = {},
                 DoneFn on_done = {}) override;
  // Both return within about a quarter of a second: an engine that has not
  // answered "stop" by then is killed (and counts as failed).
  void stop() override;
  void cancel() override;
  bool running() const override { return running_.load(); }
  bool done() const override { return box_.done(); }
  std::optional<SearchResult> result() const override { return box_.result(); }
  SearchInfo info() const override { return box_.info(); }
  uint64_t generation() const override { return box_.generation(); }
  void new_game() override;
  std::string name() const override;
  std::string failure() const override;

 private:
  // One search on the search thread: its result (no move after a failure).
  SearchResult run(const Position& pos, const Limits& limits, const SearchOptions& options, const InfoFn& on_info);
  SearchResult fail(const std::string& why);
  // One "info" line into the snapshot (false when it carries no line).
  bool read_info(const std::string& line, const Position& root, SearchInfo& info) const;
  std::string go_command(const Limits& limits, Color side) const;
  int deadline_ms(const Limits& limits) const;  // 0 = none (until stopped)

  EngineProcess process_;  // used only by the search thread while one runs
  std::string name_;
  std::thread thread_;
  std::atomic<bool> stop_flag_{false};
  std::atomic<bool> running_{false};
  std::atomic<pid_t> child_{-1};  // the program, for a kill from the caller's thread
  bool new_game_pending_ = false;
  int multipv_ = 1;
  int grace_ms_ = 5000;
  SearchMailbox box_;
  mutable std::mutex mutex_;  // guards name_ and failure_
  std::string failure_;
};

}  // namespace xq
