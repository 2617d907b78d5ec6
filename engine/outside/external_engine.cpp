#include "external_engine.h"

#include <chrono>
#include <sstream>
#include <thread>

#include "cecp.h"
#include "engine_output.h"

#include "fen.h"
#include "movegen.h"
#include "notation.h"

namespace xq {

// An xboard engine without "analyze" analyses with "go" for this long a
// position (the analysis then shows its last line until the position changes).
constexpr const char* kPseudoAnalysis = "st 3";
constexpr int kPseudoAnalysisMs = 3000;

namespace {

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// "position startpos moves ..." when the game began at the start position
// (every engine reads that; Sjaak II reads no FEN in our letters), else the
// FEN of its start in the engine's letters, and the moves since.
std::string position_command(const Position& pos, const EngineProcess& p) {
  const GameSoFar g = game_so_far(pos);
  std::string cmd = g.from_start_position ? "position startpos" : "position fen " + p.engine_fen(g.start_fen);
  if (!g.moves.empty()) {
    cmd += " moves";
    for (Move m : g.moves) cmd.append(" ").append(p.to_engine(move_to_iccs(m)));
  }
  return cmd;
}

// The engine's last words, and what they usually mean.
std::string explain(const std::string& said) {
  if (said.empty()) return "";
  std::string why = ": " + said;
  if (said.find("etwork") != std::string::npos || said.find("nnue") != std::string::npos ||
      said.find("NNUE") != std::string::npos)
    why += " (it needs its network file, such as pikafish.nnue, beside the program or named by its EvalFile option)";
  return why;
}

std::string go_command(const Limits& l, const std::string& protocol) {
  if (l.infinite) return "go infinite";
  if (l.depth) return "go depth " + std::to_string(l.depth);
  if (l.nodes) return "go nodes " + std::to_string(l.nodes);
  if (l.time_left_ms >= 0) {
    if (protocol == "ucci")
      return "go time " + std::to_string(l.time_left_ms) + " increment " + std::to_string(l.increment_ms);
    // UCI wants both clocks; we know the mover's (the other is not ours to plan).
    const std::string t = std::to_string(l.time_left_ms), inc = std::to_string(l.increment_ms);
    return "go wtime " + t + " btime " + t + " winc " + inc + " binc " + inc;
  }
  // UCCI has no movetime (ElephantEye searched on until stopped): the move's
  // time is given as all the time left for the one move to come.
  if (protocol == "ucci") return "go time " + std::to_string(std::max(1, l.movetime_ms)) + " movestogo 1";
  return "go movetime " + std::to_string(std::max(1, l.movetime_ms));
}

// How long a search may take before the engine counts as hung; 0 = until stopped.
int deadline_ms(const Limits& l, int grace_ms) {
  if (l.infinite) return 0;
  if (l.depth || l.nodes) return 60000 + grace_ms;
  if (l.time_left_ms >= 0) return l.time_left_ms + grace_ms;
  return std::max(1, l.movetime_ms) + grace_ms;
}

}  // namespace

ExternalEngine::ExternalEngine() : shared_(std::make_shared<Shared>()) {}

ExternalEngine::~ExternalEngine() {
  {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    shared_->quit = true;
    shared_->next.reset();
  }
  shared_->quitting = true;
  shared_->cancelled = shared_->stopped = shared_->latest.load();
  shared_->wake.notify_all();
  // The worker (or, if none ever ran, the Shared's own destructor) ends the program.
}

bool ExternalEngine::open(const std::string& command, std::string* error, int timeout_ms,
                          const std::vector<std::string>& options, const std::string& protocol,
                          const std::vector<std::pair<std::string, std::string>>& values) {
  if (worker_started_) {  // a second open: the old program goes with its worker
    auto fresh = std::make_shared<Shared>();
    fresh->grace_ms = shared_->grace_ms.load();
    fresh->stop_grace_ms = shared_->stop_grace_ms.load();
    {
      std::lock_guard<std::mutex> lock(shared_->mutex);
      shared_->quit = true;
      shared_->next.reset();
    }
    shared_->quitting = true;
    shared_->cancelled = shared_->stopped = shared_->latest.load();
    shared_->wake.notify_all();
    shared_ = fresh;
    worker_started_ = false;
  }
  Shared& s = *shared_;
  EngineSpec spec;
  spec.command = command;
  spec.options = options;
  spec.protocol = protocol;
  spec.values = values;
  spec.nice = 10;  // below the window that drives it, like our own search
  if (!s.process.start(spec, timeout_ms)) {
    if (error) *error = s.process.error();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.failure = s.process.error();
    return false;
  }
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.name = s.process.name();
    s.protocol = s.process.protocol();
    s.declared = s.process.declared_options();
    s.option_problems = s.process.option_problems();
    s.failure.clear();
    s.new_game = true;
  }
  s.multipv = 1;
  std::thread(work, shared_).detach();
  worker_started_ = true;
  return true;
}

std::string ExternalEngine::protocol() const {
  std::lock_guard<std::mutex> lock(shared_->mutex);
  return shared_->protocol;
}

std::vector<EngineOption> ExternalEngine::options() const {
  std::lock_guard<std::mutex> lock(shared_->mutex);
  return shared_->declared;
}

std::vector<std::string> ExternalEngine::option_problems() const {
  std::lock_guard<std::mutex> lock(shared_->mutex);
  return shared_->option_problems;
}

std::string ExternalEngine::name() const {
  std::lock_guard<std::mutex> lock(shared_->mutex);
  return shared_->name;
}

std::string ExternalEngine::failure() const {
  std::lock_guard<std::mutex> lock(shared_->mutex);
  return shared_->failure;
}

uint64_t ExternalEngine::start(const Position& pos, const Limits& limits, const SearchOptions& options,
                               InfoFn on_info, DoneFn on_done) {
  Shared& s = *shared_;
  const uint64_t gen = s.box.open();
  s.latest = gen;  // any older search stops: this one is next
  s.busy = true;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.next = Request{pos, limits, options, std::move(on_info), std::move(on_done), gen};
    if (!worker_started_) {  // never opened, or failed to: the search ends at once with no move
      s.next.reset();
      s.box.post_result({}, gen);
      s.busy = false;
      if (s.failure.empty()) s.failure = "the engine was not started";
      return gen;
    }
  }
  s.wake.notify_all();
  return gen;
}

void ExternalEngine::stop() {
  shared_->stopped = shared_->latest.load();
  shared_->wake.notify_all();
}

void ExternalEngine::cancel() {
  Shared& s = *shared_;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.next.reset();
  }
  s.cancelled = s.stopped = s.latest.load();
  s.box.drop_result();
}

void ExternalEngine::new_game() {
  stop();
  std::lock_guard<std::mutex> lock(shared_->mutex);
  shared_->new_game = true;
}

bool ExternalEngine::should_stop(const Shared& s, uint64_t generation) {
  return s.quitting.load() || s.stopped.load() >= generation || s.latest.load() > generation;
}

SearchResult ExternalEngine::fail(Shared& s, const std::string& why) {
  s.process.stop();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.failure.empty()) s.failure = why;
  return {};
}

void ExternalEngine::work(std::shared_ptr<Shared> shared) {
  Shared& s = *shared;
  for (;;) {
    Request r;
    bool failed = false;
    {
      std::unique_lock<std::mutex> lock(s.mutex);
      s.wake.wait(lock, [&] { return s.quit || s.next.has_value(); });
      if (s.quit) break;
      r = std::move(*s.next);
      s.next.reset();
      failed = !s.failure.empty();
    }
    const SearchResult result = failed ? SearchResult{} : run(s, r);
    {
      std::lock_guard<std::mutex> lock(s.mutex);
      if (!s.next) s.busy = false;  // before the result: whoever sees it done sees it idle
    }
    if (s.cancelled.load() < r.generation) {
      s.box.post_result(result, r.generation);
      if (r.on_done) r.on_done(result);
    }
  }
  s.process.stop();  // "quit", half a second, then SIGKILL (to its own pid only)
  s.busy = false;
}

// Waits for the engine's answer to isready (UCI, UCCI) or ping (xboard, when
// it offers ping). False when it did not come, with the failure set.
bool ExternalEngine::get_ready(Shared& s, const std::string& who) {
  EngineProcess& process = s.process;
  std::string ready = "readyok";
  if (process.xboard()) {
    if (!process.features().ping) return true;
    ready = "pong " + std::to_string(++s.pings);
    process.send("ping " + std::to_string(s.pings));
  } else {
    process.send("isready");
  }
  const int64_t asked = now_ms();
  for (std::string l;;) {
    if (s.quitting.load()) return false;
    if (now_ms() - asked > 10000) return fail(s, who + " did not answer " + (process.xboard() ? "ping" : "isready")), false;
    if (!process.read_line(l, 50)) {
      if (process.eof()) return fail(s, who + " quit unexpectedly"), false;
      continue;
    }
    if (l == ready) return true;
  }
}

// Sends the position and the go command in the engine's protocol; false with
// the failure set when it cannot be given the position.
bool ExternalEngine::send_search(Shared& s, const Request& req, const std::string& who) {
  EngineProcess& process = s.process;
  if (process.xboard()) {
    std::vector<std::string> commands;
    std::string why;
    if (!cecp_position_commands(req.pos, process.features(), commands, &why)) {
      why.insert(0, who + ": ");  // (one string built in place: GCC 12 warns falsely on a + chain here)
      return fail(s, why), false;
    }
    for (const std::string& c : cecp_limit_commands(req.limits)) commands.push_back(c);
    commands.push_back("post");
    if (req.limits.infinite && !process.features().analyze) commands.push_back(kPseudoAnalysis);
    commands.push_back(req.limits.infinite && process.features().analyze ? "analyze" : "go");
    for (const std::string& c : commands)
      if (!process.send(c)) return fail(s, who + " quit unexpectedly"), false;
    return true;
  }
  process.send(position_command(req.pos, process));
  if (!req.options.banned.empty() && process.protocol() == "ucci") {
    std::string ban = "banmoves";
    for (Move m : req.options.banned) ban.append(" ").append(move_to_iccs(m));
    process.send(ban);
  }
  if (!process.send(go_command(req.limits, process.protocol()))) return fail(s, who + " quit unexpectedly"), false;
  return true;
}

SearchResult ExternalEngine::run(Shared& s, const Request& req) {
  EngineProcess& process = s.process;
  const Position& pos = req.pos;
  const bool xboard = process.xboard();
  std::string who;
  bool new_game = false;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    who = s.name;
    new_game = s.new_game;
    s.new_game = false;
  }
  if (new_game && !xboard) process.send(process.protocol() == "uci" ? "ucinewgame" : "setoption newgame");
  const int want_pv = std::max(1, req.options.multipv);
  if (!xboard && want_pv != s.multipv && process.has_option("MultiPV")) {
    process.send(process.protocol() == "uci" ? "setoption name MultiPV value " + std::to_string(want_pv)
                                             : "setoption multipv " + std::to_string(want_pv));
    s.multipv = want_pv;
  }
  if (!get_ready(s, who)) return {};
  // Overtaken by a newer search while it got ready: not started at all. (A
  // stop alone still lets it search, so a stopped search has a move.)
  if (s.quitting.load() || s.latest.load() > req.generation) return {};
  if (!send_search(s, req, who)) return {};
  bool analyzing = xboard && req.limits.infinite && process.features().analyze;
  const int64_t t0 = now_ms();
  const int limit = deadline_ms(req.limits, s.grace_ms.load());
  const bool ranks_from_one = process.ranks_from_one();
  int64_t stop_sent = 0;
  bool asked_to_stop = false;
  SearchInfo info;
  std::string said;  // the engine's last "info string"
  auto answer = [&](Move best) {
    SearchResult r;
    r.best = best;
    r.depth = info.depth;
    r.score = info.score;
    r.nodes = info.nodes;
    if (info.pv.size() > 1 && info.pv[0] == r.best) r.ponder = info.pv[1];
    return r;
  };
  for (std::string l;;) {
    const int64_t now = now_ms();
    if (s.quitting.load()) return {};  // the program is ended next: no answer is waited for
    if (!stop_sent && (should_stop(s, req.generation) || (limit && now - t0 > limit))) {
      asked_to_stop = should_stop(s, req.generation);
      // An xboard analysis ends with "exit" and no move: its best line is the answer.
      if (analyzing) {
        process.send("exit");
        if (!get_ready(s, who)) return {};
        return answer(info.pv.empty() ? kNoMove : info.pv[0]);
      }
      process.send(xboard ? "?" : "stop");
      stop_sent = now;
    }
    // An analysis by "go" may not be stoppable at all (MaxQi reads nothing
    // while it thinks): it is given the rest of its time to answer.
    const bool by_go = xboard && req.limits.infinite && !analyzing;
    if (stop_sent && now - stop_sent > s.stop_grace_ms.load() + (by_go ? kPseudoAnalysisMs : 0))
      return fail(s, who + (asked_to_stop ? " did not stop when asked"
                                          : " did not answer within " + std::to_string(limit) + " ms"));
    if (!process.read_line(l, 50)) {
      if (process.eof())
        return fail(s, who + (asked_to_stop ? " did not stop when asked" : " quit unexpectedly" + explain(said)));
      continue;  // a short read's time-out: keep waiting
    }
    if (xboard) {
      if (parse_post_line(l, pos, info)) {
        s.box.post_info(info, req.generation);
        if (req.on_info && !should_stop(s, req.generation)) req.on_info(info);
        continue;
      }
      // An engine that says nothing of analyze (the default is yes) yet refuses
      // it, as MaxQi does, searches with "go" instead, stopped by "?".
      if (analyzing && l.rfind("Error", 0) == 0 && l.find("analyze") != std::string::npos) {
        process.forget_analyze();
        analyzing = false;
        if (!process.send(kPseudoAnalysis) || !process.send("go")) return fail(s, who + " quit unexpectedly");
        continue;
      }
      Move m = kNoMove;
      switch (read_cecp_answer(l, pos, m)) {
        case CecpAnswer::Move: return answer(m);
        case CecpAnswer::IllegalMove: return fail(s, who + " answered an illegal move: '" + l.substr(0, 60) + "'");
        case CecpAnswer::Resign: {
          SearchResult r = answer(kNoMove);
          r.resigns = true;
          return r;
        }
        case CecpAnswer::Result:
          if (Position p = pos; !has_legal_move(p)) return {};
          return fail(s, who + " declared the game over instead of moving: '" + l.substr(0, 60) + "'");
        case CecpAnswer::Complaint: return fail(s, who + " refused the position: '" + l.substr(0, 80) + "'");
        case CecpAnswer::DrawOffer:  // a draw offer is not answered; the game goes on
        case CecpAnswer::None: continue;
      }
      continue;
    }
    if (l.rfind("info string ", 0) == 0) said = l.substr(12);  // may explain a quit that follows
    if (l.rfind("info ", 0) == 0) {
      if (parse_info_line(l, pos, ranks_from_one, s.multipv, info)) {
        info.time_ms = int(now_ms() - t0);
        s.box.post_info(info, req.generation);
        if (req.on_info && !should_stop(s, req.generation)) req.on_info(info);
      }
      continue;
    }
    if (refuses_position(l)) return fail(s, who + " refused the position: '" + l.substr(0, 80) + "'");
    BestMoveLine best;
    if (!parse_bestmove_line(l, pos, ranks_from_one, best)) continue;
    if (best.no_move) {
      Position p = pos;
      if (has_legal_move(p)) return fail(s, who + " gave no move in a position that has moves");
      return {};
    }
    if (!best.best) return fail(s, who + " answered an illegal move '" + best.text + "'");
    SearchResult r = answer(best.best);
    if (best.ponder) r.ponder = best.ponder;
    return r;
  }
}

}  // namespace xq
