#include "external_engine.h"

#include <signal.h>

#include <chrono>
#include <sstream>
#include <thread>

#include "fen.h"
#include "movegen.h"
#include "notation.h"

namespace xq {

namespace {

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// A mate in n moves (UCI "score mate n") in our score units.
Score mate_score(int n) { return n > 0 ? kMateScore - (2 * n - 1) : -(kMateScore + 2 * n); }

// The position's start (its history undone) as FEN, and the moves since.
std::string position_command(const Position& pos, const EngineProcess& p) {
  Position start = pos;
  std::vector<Move> moves;
  while (start.history_length() > 0) {
    moves.insert(moves.begin(), start.last_move());
    start.undo_move();
  }
  std::string cmd = "position fen " + to_fen(start, start.rule_plies());
  if (!moves.empty()) {
    cmd += " moves";
    for (Move m : moves) cmd.append(" ").append(p.to_engine(move_to_iccs(m)));
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

}  // namespace

ExternalEngine::~ExternalEngine() {
  cancel();
  process_.stop();
}

bool ExternalEngine::open(const std::string& command, std::string* error, int timeout_ms,
                          const std::vector<std::string>& options) {
  cancel();
  EngineSpec spec;
  spec.command = command;
  spec.options = options;
  spec.protocol = "auto";
  spec.nice = 10;  // below the window that drives it, like our own search
  if (!process_.start(spec, timeout_ms)) {
    if (error) *error = process_.error();
    std::lock_guard<std::mutex> lock(mutex_);
    failure_ = process_.error();
    return false;
  }
  child_ = process_.pid();
  std::lock_guard<std::mutex> lock(mutex_);
  name_ = process_.name();
  failure_.clear();
  new_game_pending_ = true;
  multipv_ = 1;
  return true;
}

std::string ExternalEngine::name() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return name_;
}

std::string ExternalEngine::failure() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return failure_;
}

SearchResult ExternalEngine::fail(const std::string& why) {
  child_ = -1;
  process_.stop();
  std::lock_guard<std::mutex> lock(mutex_);
  if (failure_.empty()) failure_ = why;
  return {};
}

uint64_t ExternalEngine::start(const Position& pos, const Limits& limits, const SearchOptions& options,
                               InfoFn on_info, DoneFn on_done) {
  stop();
  const uint64_t gen = box_.open();
  stop_flag_ = false;
  running_ = true;
  thread_ = std::thread([this, pos, limits, options, on_info, on_done, gen]() {
    const SearchResult r = failure().empty() ? run(pos, limits, options, on_info) : SearchResult{};
    box_.post_result(r, gen);
    if (on_done) on_done(r);
    running_ = false;
  });
  return gen;
}

std::string ExternalEngine::go_command(const Limits& l, Color side) const {
  if (l.infinite) return "go infinite";
  if (l.depth) return "go depth " + std::to_string(l.depth);
  if (l.nodes) return "go nodes " + std::to_string(l.nodes);
  if (l.time_left_ms >= 0) {
    if (process_.protocol() == "ucci")
      return "go time " + std::to_string(l.time_left_ms) + " increment " + std::to_string(l.increment_ms);
    // UCI wants both clocks; we know the mover's (the other is not ours to plan).
    const std::string t = std::to_string(l.time_left_ms), inc = std::to_string(l.increment_ms);
    (void)side;
    return "go wtime " + t + " btime " + t + " winc " + inc + " binc " + inc;
  }
  return "go movetime " + std::to_string(std::max(1, l.movetime_ms));
}

int ExternalEngine::deadline_ms(const Limits& l) const {
  if (l.infinite) return 0;
  if (l.depth || l.nodes) return 60000 + grace_ms_;
  if (l.time_left_ms >= 0) return l.time_left_ms + grace_ms_;
  return std::max(1, l.movetime_ms) + grace_ms_;
}

bool ExternalEngine::read_info(const std::string& line, const Position& root, SearchInfo& info) const {
  std::istringstream in(line);
  std::string w;
  in >> w;  // "info"
  int multipv = 1;
  PvLine pv_line;
  bool scored = false, has_pv = false;
  SearchInfo next = info;
  while (in >> w) {
    long long v = 0;
    if (w == "depth" && in >> v) next.depth = int(v);
    else if (w == "seldepth" && in >> v) next.seldepth = int(v);
    else if (w == "multipv" && in >> v) multipv = int(std::clamp(v, 1LL, 64LL));
    else if (w == "nodes" && in >> v) next.nodes = uint64_t(std::max(0LL, v));
    else if (w == "nps" && in >> v) next.nps = uint64_t(std::max(0LL, v));
    else if (w == "time" && in >> v) next.time_ms = int(v);
    else if (w == "hashfull" && in >> v) next.hashfull = int(v);
    else if (w == "score") {
      std::string kind;
      if (!(in >> kind)) break;
      if (kind == "cp" || kind == "mate") {
        if (!(in >> v)) break;
        pv_line.score = kind == "mate" ? mate_score(int(v)) : Score(std::clamp(v, -30000LL, 30000LL));
      } else {
        pv_line.score = Score(std::clamp(std::atoll(kind.c_str()), -30000LL, 30000LL));  // UCCI: "score N"
      }
      scored = true;
    } else if (w == "lowerbound" || w == "upperbound") {
      return false;  // a bound, not a line's score
    } else if (w == "pv") {
      Position p = root;
      while (in >> w) {
        Move m;
        const std::string iccs = process_.from_engine(w);
        if (iccs.empty() || !iccs_to_move(iccs, m, nullptr) || !is_legal(p, m)) break;  // keep the legal start
        pv_line.pv.push_back(m);
        p.do_move(m);
      }
      has_pv = !pv_line.pv.empty();
      break;
    } else if (w == "string") {
      return false;
    }
  }
  if (!scored || !has_pv) return false;
  if (next.lines.size() < size_t(multipv)) next.lines.resize(size_t(multipv));
  next.lines[size_t(multipv - 1)] = pv_line;
  if (multipv == 1) {
    next.score = pv_line.score;
    next.pv = pv_line.pv;
    next.lines.resize(std::max<size_t>(1, std::min(next.lines.size(), size_t(multipv_))));
  }
  info = next;
  return true;
}

SearchResult ExternalEngine::run(const Position& pos, const Limits& limits, const SearchOptions& options,
                         const InfoFn& on_info) {
  const std::string who = name();
  if (new_game_pending_) {
    process_.send(process_.protocol() == "uci" ? "ucinewgame" : "setoption newgame");
    new_game_pending_ = false;
  }
  const int want_pv = std::max(1, options.multipv);
  if (want_pv != multipv_ && process_.has_option("MultiPV")) {
    process_.send(process_.protocol() == "uci" ? "setoption name MultiPV value " + std::to_string(want_pv)
                                               : "setoption multipv " + std::to_string(want_pv));
    multipv_ = want_pv;
  }
  process_.send("isready");
  for (std::string l;;) {
    if (!process_.read_line(l, 10000)) return fail(who + (process_.eof() ? " quit unexpectedly" : " did not answer isready"));
    if (l == "readyok") break;
  }
  process_.send(position_command(pos, process_));
  if (!options.banned.empty() && process_.protocol() == "ucci") {
    std::string ban = "banmoves";
    for (Move m : options.banned) ban += " " + move_to_iccs(m);
    process_.send(ban);
  }
  if (!process_.send(go_command(limits, pos.side()))) return fail(who + " quit unexpectedly");
  const int64_t t0 = now_ms();
  const int limit = deadline_ms(limits);
  int64_t stop_sent = 0;
  SearchInfo info;
  std::string said;  // the engine's last "info string"
  for (std::string l;;) {
    const int64_t now = now_ms();
    if (!stop_sent && (stop_flag_.load() || (limit && now - t0 > limit))) {
      process_.send("stop");
      stop_sent = now;
    }
    if (stop_sent && now - stop_sent > 3000)
      return fail(who + (stop_flag_.load() ? " did not stop when asked"
                                           : " did not answer within " + std::to_string(limit) + " ms"));
    if (!process_.read_line(l, 50)) {
      if (process_.eof())
        return fail(who + (stop_flag_.load() && stop_sent ? " did not stop when asked" : " quit unexpectedly" + explain(said)));
      continue;  // a short read's time-out: keep waiting
    }
    if (l.rfind("info string ", 0) == 0) said = l.substr(12);  // may explain a quit that follows
    if (l.rfind("info ", 0) == 0) {
      if (read_info(l, pos, info)) {
        info.time_ms = int(now_ms() - t0);
        box_.post_info(info);
        if (on_info) on_info(info);
      }
      continue;
    }
    if (l.rfind("nobestmove", 0) == 0 || l == "bestmove (none)" || l == "bestmove") {
      Position p = pos;
      Move buf[kMaxMoves];
      if (generate_legal(p, buf) > 0) return fail(who + " gave no move in a position that has moves");
      return {};
    }
    if (l.rfind("bestmove ", 0) == 0) {
      std::istringstream in(l.substr(9));
      std::string text, word, ponder_text;
      in >> text >> word >> ponder_text;
      const std::string iccs = process_.from_engine(text);
      Move m = kNoMove;
      Position p = pos;
      if (iccs.empty() || !iccs_to_move(iccs, m, nullptr) || !is_legal(p, m))
        return fail(who + " answered an illegal move '" + text + "'");
      SearchResult r;
      r.best = m;
      r.depth = info.depth;
      r.score = info.score;
      r.nodes = info.nodes;
      if (info.pv.size() > 1 && info.pv[0] == m) r.ponder = info.pv[1];
      return r;
    }
  }
}

void ExternalEngine::stop() {
  stop_flag_ = true;
  if (!thread_.joinable()) return;
  // The caller may be a window's frame loop: a hung engine is killed rather than waited for.
  for (int i = 0; i < 250 && running_.load(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  if (running_.load() && child_.load() > 0) kill(child_.load(), SIGKILL);
  thread_.join();
}

void ExternalEngine::cancel() {
  stop();
  box_.drop_result();
}

void ExternalEngine::new_game() {
  stop();
  new_game_pending_ = true;
}

}  // namespace xq
