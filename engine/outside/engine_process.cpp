#include "engine_process.h"

#include "child_process.h"
#include "engine_output.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sstream>
#include <vector>

namespace xq {

namespace {

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

bool starts_with(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }

// The engines running now, so that none outlives the program: a worker still
// saying "quit" when the program ends (the window closed) is cut short, and
// its engine would be left spinning. At exit each is asked to end (SIGTERM),
// given a moment, then killed; only our own children, and each only while it
// is ours (a pid leaves the list when it is reaped, before it can be reused).
std::mutex g_children_mutex;
std::vector<pid_t> g_children;

void end_children_at_exit() {
  std::lock_guard<std::mutex> lock(g_children_mutex);
  for (pid_t pid : g_children) kill(pid, SIGTERM);
  for (int i = 0; i < 20 && !g_children.empty(); ++i) {
    std::erase_if(g_children, [](pid_t pid) { return waitpid(pid, nullptr, WNOHANG) == pid; });
    if (!g_children.empty()) usleep(10000);
  }
  for (pid_t pid : g_children) {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
  g_children.clear();
}

void remember_child(pid_t pid) {
  static const bool registered = std::atexit(end_children_at_exit) == 0;
  (void)registered;
  std::lock_guard<std::mutex> lock(g_children_mutex);
  g_children.push_back(pid);
}

// Reaps pid when it has ended, and forgets it in the same step (no window in
// which a reaped pid, free to be reused, is still on the list).
bool reaped(pid_t pid, bool wait) {
  std::lock_guard<std::mutex> lock(g_children_mutex);
  if (waitpid(pid, nullptr, wait ? 0 : WNOHANG) != pid) return false;
  std::erase(g_children, pid);
  return true;
}

}  // namespace

bool EngineProcess::spawn(const std::string& command, int nice_level) {
  std::vector<std::string> argv;
  std::string why;
  if (!split_command_line(command, argv, &why)) return error_ = "'" + command + "': " + why, false;
  SpawnOptions options;
  options.nice = nice_level;
  ChildProcess child;
  if (!spawn_process(argv, options, child, &why)) return error_ = why, false;
  pid_ = child.pid;
  remember_child(pid_);
  to_fd_ = child.to_child;
  from_fd_ = child.from_child;
  return true;
}

// A line that tells the command was not understood: that protocol is not spoken.
static bool not_understood(const std::string& l) {
  if (starts_with(l, "id ") || starts_with(l, "option ") || starts_with(l, "info ")) return false;
  std::string low;
  for (char c : l.substr(0, 120)) low += char(std::tolower(static_cast<unsigned char>(c)));
  return low.rfind("feature ", 0) == 0 || low.rfind("tellics", 0) == 0 || low.find("error") != std::string::npos ||
         low.find("unknown") != std::string::npos || low.find("illegal") != std::string::npos;
}

bool EngineProcess::handshake(const std::string& protocol, int timeout_ms) {
  if (protocol == "xboard") return xboard_handshake(timeout_ms);
  send(protocol);
  const std::string ok = protocol == "uci" ? "uciok" : "ucciok";
  const double deadline = now_ms() + timeout_ms;
  for (std::string l;;) {
    const int left = int(deadline - now_ms());
    if (left <= 0 || !read_line(l, left)) return false;
    if (starts_with(l, "id name ")) name_ = l.substr(8, 80);
    if (starts_with(l, "option ") && option_lines_.size() < 200) {
      option_names_.push_back(option_line_name(l));
      option_lines_.push_back(l.substr(0, 400));
    }
    if (l == ok) return true;
    if (spec_.protocol == "auto" && not_understood(l)) return false;  // try the next protocol now
  }
}

// "xboard", "protover 2", then the engine's features until done=1 (one that
// declares features but never says done is taken at the end of the wait).
// The whole wait is allowed: MaxQi takes a second to start, more when the
// machine is busy and it runs at a lower priority.
bool EngineProcess::xboard_handshake(int timeout_ms) {
  send("xboard");
  send("protover 2");
  features_ = CecpFeatures{};
  const double start = now_ms();
  for (std::string l;;) {
    const double wait_until = start + std::max(timeout_ms, 2000);
    const int left = int(wait_until - now_ms());
    if (left <= 0) return features_.any;
    if (!read_line(l, left)) {
      if (eof_) return false;
      continue;
    }
    for (const std::string& reply : read_feature_line(l, features_)) send(reply);
    if (features_.done) break;
  }
  if (!features_.myname.empty()) name_ = features_.myname;
  for (const std::string& o : features_.options) {
    option_lines_.push_back(o);
    option_names_.push_back(option_line_name("option " + o.substr(0, o.find(" -"))));
  }
  return true;
}

std::vector<EngineOption> EngineProcess::declared_options() const {
  std::vector<EngineOption> out;
  for (const std::string& l : option_lines_)
    if (auto o = parse_engine_option(l, spec_.protocol)) out.push_back(*o);
  // xboard's own commands for the table size and the threads, shown as the
  // options a player knows, unless the engine declares options of those names.
  auto declared = [&](const char* name) {
    return std::any_of(out.begin(), out.end(), [&](const EngineOption& o) { return o.name == name; });
  };
  if (xboard() && features_.memory && !declared("Hash"))
    out.push_back({"Hash", EngineOption::Kind::Spin, "64", 1, 4096, {}, "memory"});
  if (xboard() && features_.smp && !declared("Threads"))
    out.push_back({"Threads", EngineOption::Kind::Spin, "1", 1, 64, {}, "cores"});
  return out;
}

void EngineProcess::send_values() {
  option_problems_.clear();
  if (spec_.values.empty()) return;
  const std::vector<EngineOption> declared = declared_options();
  for (const auto& nv : spec_.values) {
    const std::string& name = nv.first;
    const std::string& value = nv.second;
    auto o = std::find_if(declared.begin(), declared.end(), [&](const EngineOption& d) {
      return d.name.size() == name.size() &&
             std::equal(name.begin(), name.end(), d.name.begin(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
             });
    });
    if (o == declared.end()) {
      option_problems_.push_back("option '" + name + "': the engine has no such option");
      continue;
    }
    std::string why;
    const auto v = checked_option_value(*o, value, &why);
    if (!v) {
      option_problems_.push_back(why);
      continue;
    }
    send(engine_option_command(*o, *v, spec_.protocol));
  }
}

bool EngineProcess::has_option(const std::string& name) const {
  std::string id = name;
  for (char& c : id) c = char(std::tolower(static_cast<unsigned char>(c)));
  return std::find(option_names_.begin(), option_names_.end(), id) != option_names_.end();
}

bool EngineProcess::start(const EngineSpec& spec, int timeout_ms) {
  stop();
  spec_ = spec;
  error_.clear();
  name_ = spec.command;
  ranks_from_one_ = he_letters_ = false;
  features_ = CecpFeatures{};
  eof_ = false;
  const bool detect = spec.protocol == "auto";
  const std::vector<std::string> tries = detect ? std::vector<std::string>{"uci", "ucci", "xboard"}
                                                : std::vector<std::string>{spec.protocol};
  bool ok = false, quit_at_once = true, silent = false;
  for (const std::string& protocol : tries) {
    // Each protocol in a fresh process: an engine may quit on a first line it
    // does not know (ElephantEye on "uci").
    stop();
    option_names_.clear();
    option_lines_.clear();
    eof_ = false;
    if (!spawn(spec.command, spec.nice)) return false;
    lines_read_ = 0;
    // The whole time for each try: on a busy machine a UCI engine at a low
    // priority can take seconds to say uciok (and Fairy-Stockfish would then
    // be taken for the UCCI engine it can also be). An engine that does not
    // know the line usually says so or quits, which ends the try at once.
    // An engine that said nothing at all to the first try is given 1.5 s for each of the others
    // (three full tries kept a silent program's player waiting 15 s).
    ok = handshake(protocol, silent ? std::min(timeout_ms, 1500) : timeout_ms);
    if (ok) {
      spec_.protocol = protocol;
      break;
    }
    if (running_child()) quit_at_once = false;
    if (running_child() && lines_read_ == 0) silent = true;
  }
  if (!ok) {
    error_ = quit_at_once ? "'" + spec.command + "' could not be started or quit at once"
                          : "'" + spec.command + "' did not answer " +
                                (detect ? std::string("uci, ucci or xboard") : "'" + spec.protocol + "'");
    stop();
    return false;
  }
  return after_handshake(timeout_ms);
}

bool EngineProcess::after_handshake(int timeout_ms) {
  std::string lower = name_;
  for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
  he_letters_ = lower.rfind("sjaak", 0) == 0;
  if (xboard()) {
    if (!cecp_plays_xiangqi(features_)) {
      error_ = "'" + name_ + "' does not play xiangqi (its variants: " + features_.variants + ")";
      stop();
      return false;
    }
    send("easy");
    for (const auto& o : spec_.options) send(o);
    send_values();
    if (!features_.ping) return true;
    const std::string n = std::to_string(++pings_);
    send("ping " + n);
    if (wait_for("pong " + n, timeout_ms)) return true;
    error_ = "'" + spec_.command + "' did not answer ping";
    stop();
    return false;
  }
  if (spec_.protocol == "uci" && has_option("UCI_Variant")) {
    send("setoption name UCI_Variant value xiangqi");
    ranks_from_one_ = true;
  }
  for (const auto& o : spec_.options) send(o);
  send_values();
  send("isready");
  if (!wait_for("readyok", timeout_ms)) {
    error_ = "'" + spec_.command + "' did not answer isready";
    stop();
    return false;
  }
  return true;
}

bool EngineProcess::running_child() {
  if (pid_ <= 0) return false;
  if (reaped(pid_, false)) {
    pid_ = -1;
    return false;
  }
  return true;
}

void EngineProcess::stop() {
  if (to_fd_ >= 0) {
    send("quit");
    close(to_fd_);
    to_fd_ = -1;
  }
  if (from_fd_ >= 0) {
    close(from_fd_);
    from_fd_ = -1;
  }
  if (pid_ > 0) {
    // Give it a moment to quit on its own, then insist.
    for (int i = 0; i < 50; ++i) {
      if (reaped(pid_, false)) {
        pid_ = -1;
        break;
      }
      usleep(10000);
    }
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      reaped(pid_, true);
      pid_ = -1;
    }
  }
  buffer_.clear();
}

bool EngineProcess::send(const std::string& line) {
  if (to_fd_ < 0) return false;
  const std::string s = line + "\n";
  size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = write(to_fd_, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;  // the engine is gone; the next read reports it too
    done += size_t(n);
  }
  return true;
}

bool EngineProcess::read_line(std::string& line, int timeout_ms) {
  const double deadline = now_ms() + timeout_ms;
  for (;;) {
    const size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      ++lines_read_;
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
      return true;
    }
    if (from_fd_ < 0) return eof_ = true, false;
    const int left = int(deadline - now_ms());
    if (left <= 0) return false;
    pollfd p{from_fd_, POLLIN, 0};
    const int r = poll(&p, 1, left);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    char buf[4096];
    const ssize_t n = read(from_fd_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return eof_ = true, false;
    buffer_.append(buf, size_t(n));
  }
}

bool EngineProcess::wait_for(const std::string& prefix, int timeout_ms) {
  const double deadline = now_ms() + timeout_ms;
  for (std::string l;;) {
    const int left = int(deadline - now_ms());
    if (left <= 0 || !read_line(l, left)) return false;
    if (starts_with(l, prefix)) return true;
  }
}

bool EngineProcess::new_game(int timeout_ms) {
  if (xboard()) return true;  // each search starts with "new"
  send(spec_.protocol == "uci" ? "ucinewgame" : "setoption newgame");
  send("isready");
  if (wait_for("readyok", timeout_ms)) return true;
  error_ = name_ + " did not answer isready after a new game";
  return false;
}

// ICCS "h2e2" -> "h3e3" for engines that count ranks from 1.
std::string EngineProcess::to_engine(const std::string& iccs) const {
  if (!ranks_from_one_ || iccs.size() != 4) return iccs;
  std::string out;
  out += iccs[0];
  out += std::to_string(iccs[1] - '0' + 1);
  out += iccs[2];
  out += std::to_string(iccs[3] - '0' + 1);
  return out;
}

std::string EngineProcess::from_engine(const std::string& move) const {
  return engine_move_to_iccs(move, ranks_from_one_);
}

std::string EngineProcess::go(const std::string& fen, const std::vector<std::string>& iccs_moves,
                              const std::string& limit, int timeout_ms, double* elapsed_ms) {
  std::string pos = fen.empty() ? "position startpos" : "position fen " + engine_fen(fen);
  if (!iccs_moves.empty()) {
    pos += " moves";
    for (const auto& m : iccs_moves) {
      pos += ' ';
      pos += to_engine(m);
    }
  }
  send(pos);
  const double t0 = now_ms();
  send("go " + limit);
  last_score_ = 0;
  last_mate_ = false;
  for (std::string l;;) {
    const int left = int(t0 + timeout_ms - now_ms());
    if (left <= 0 || !read_line(l, left)) {
      error_ = name_ + (left <= 0 ? " did not answer within " + std::to_string(timeout_ms) + " ms" : " closed its output");
      if (elapsed_ms) *elapsed_ms = now_ms() - t0;
      return "";
    }
    if (starts_with(l, "info ")) {
      // "score cp N", "score mate N" (UCI) or "score N" (UCCI).
      std::istringstream in(l);
      for (std::string w; in >> w;) {
        if (w != "score") continue;
        std::string kind;
        in >> kind;
        long long v = 0;
        if (kind == "cp" || kind == "mate") {
          in >> v;
          last_mate_ = kind == "mate";
        } else {
          v = std::atoll(kind.c_str());
          last_mate_ = false;
        }
        last_score_ = int(std::clamp(v, -100000LL, 100000LL));  // another program's number: held in range
        break;
      }
      continue;
    }
    if (starts_with(l, "nobestmove")) {
      error_ = name_ + " answered nobestmove";
      if (elapsed_ms) *elapsed_ms = now_ms() - t0;
      return "";
    }
    if (starts_with(l, "bestmove")) {
      if (elapsed_ms) *elapsed_ms = now_ms() - t0;
      std::istringstream s(l);
      std::string w, m;
      s >> w >> m;
      const std::string iccs = from_engine(m);
      if (iccs.empty()) error_ = name_ + " answered a move that cannot be read: '" + m + "'";
      return iccs;
    }
  }
}

}  // namespace xq
