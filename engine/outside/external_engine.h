// An outside engine program (Pikafish, Fairy-Stockfish, ElephantEye, Sjaak II,
// MaxQi, ours) in UCI, UCCI or the xboard protocol as a
// SearchService. Only its own worker thread ever talks to the program or
// waits for it: start(), stop(), cancel() and the destructor hand requests to
// that thread and return at once, so a window's frame loop never waits for a
// child process, however slow or hung. Every move it answers is checked; a
// crash, a hang past its time or an illegal move ends its use with failure() set.
#pragma once
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>

#include "engine_process.h"
#include "search_service.h"

namespace xq {

class ExternalEngine : public SearchService {
 public:
  ExternalEngine();
  // Returns at once: the worker tells the program to quit (and kills it if it
  // does not within half a second) on its own, after this object is gone.
  ~ExternalEngine() override;
  ExternalEngine(const ExternalEngine&) = delete;
  ExternalEngine& operator=(const ExternalEngine&) = delete;

  // Starts the program (a command line: PROGRAM ARGS, split by shell quoting
  // without expansion) and completes the handshake, then sends options (raw
  // lines: "setoption ..." for UCI and UCCI, "option NAME=VALUE" for xboard). Blocks for the
  // handshake: call it off the frame thread. False with a message on failure.
  // protocol: "auto" (uci, then ucci, then xboard, each in a fresh process),
  // or "uci", "ucci", "xboard" when the player chose one.
  // values: option values by name, set in the engine's own protocol when it
  // declares them (option_problems() names the ones it could not take).
  bool open(const std::string& command, std::string* error, int timeout_ms = 5000,
            const std::vector<std::string>& options = {}, const std::string& protocol = "auto",
            const std::vector<std::pair<std::string, std::string>>& values = {});
  std::string protocol() const;
  std::vector<EngineOption> options() const;  // what it declared in its handshake
  std::vector<std::string> option_problems() const;
  // Extra time past a timed search's limit before the engine counts as hung.
  void set_grace_ms(int ms) { shared_->grace_ms = ms; }
  // How long an engine asked to stop may take to answer before it counts as hung.
  void set_stop_grace_ms(int ms) { shared_->stop_grace_ms = ms; }

  uint64_t start(const Position& pos, const Limits& limits, const SearchOptions& options = {}, InfoFn on_info = {},
                 DoneFn on_done = {}) override;
  // Both return at once. After stop() the result comes when the engine answers
  // (done() tells); an engine that does not answer "stop" soon is killed and failed.
  void stop() override;
  void cancel() override;
  bool running() const override { return shared_->busy.load(); }
  bool done() const override { return shared_->box.done(); }
  std::optional<SearchResult> result() const override { return shared_->box.result(); }
  SearchInfo info() const override { return shared_->box.info(); }
  uint64_t generation() const override { return shared_->box.generation(); }
  void new_game() override;
  std::string name() const override;
  std::string failure() const override;
  // For tests and tools (never a frame loop): waits up to timeout_ms for the latest result.
  bool wait_done(int timeout_ms) const { return shared_->box.wait_done(timeout_ms); }

 private:
  struct Request {
    Position pos;
    Limits limits;
    SearchOptions options;
    InfoFn on_info;
    DoneFn on_done;
    uint64_t generation = 0;
  };
  // What the caller and the worker share; the worker keeps it alive after the
  // ExternalEngine is gone, until the program has quit.
  struct Shared {
    std::mutex mutex;
    std::condition_variable wake;
    std::optional<Request> next;  // guarded by mutex
    bool quit = false;            // guarded by mutex
    bool new_game = false;        // guarded by mutex
    std::string name, failure, protocol;  // guarded by mutex
    std::vector<EngineOption> declared;   // guarded by mutex
    std::vector<std::string> option_problems;  // guarded by mutex
    std::atomic<uint64_t> latest{0};       // the newest start()'s generation
    std::atomic<uint64_t> stopped{0};      // searches up to this generation stop
    std::atomic<uint64_t> cancelled{0};    // results up to this generation are not posted
    std::atomic<bool> quitting{false};
    std::atomic<bool> busy{false};  // a search runs or waits
    std::atomic<int> grace_ms{5000};
    std::atomic<int> stop_grace_ms{3000};
    SearchMailbox box;
    EngineProcess process;  // the worker's alone once it runs
    int multipv = 1;        // the worker's
    int pings = 0;          // the worker's: the last xboard ping sent
  };
  static void work(std::shared_ptr<Shared> s);
  static SearchResult run(Shared& s, const Request& r);
  static bool get_ready(Shared& s, const std::string& who);
  static bool send_search(Shared& s, const Request& req, const std::string& who);
  static SearchResult fail(Shared& s, const std::string& why);
  static bool should_stop(const Shared& s, uint64_t generation);

  std::shared_ptr<Shared> shared_;
  bool worker_started_ = false;
};

}  // namespace xq
