#include "protocol.h"
#include "skill.h"
#include "version.h"

#include <random>

#include <algorithm>
#include <sstream>

#include "book.h"
#include "fen.h"
#include "movegen.h"
#include "notation.h"

namespace xq {

namespace {

std::vector<std::string> tokens(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> t;
  for (std::string w; in >> w;) t.push_back(w);
  return t;
}

bool to_int(const std::string& s, long long& v) {
  if (s.empty() || s.size() > 15) return false;
  size_t i = s[0] == '-' ? 1 : 0;
  if (i == s.size()) return false;
  v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  if (s[0] == '-') v = -v;
  return true;
}

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// UCCI names its randomness levels; UCI takes a number.
int randomness_value(const std::string& v) {
  const std::string s = lower(v);
  if (s == "none") return 0;
  if (s == "tiny") return 4;
  if (s == "small") return 10;
  if (s == "medium") return 20;
  if (s == "large") return 40;
  long long n;
  if (to_int(s, n) && n >= 0 && n <= 200) return int(n);
  return -1;
}

}  // namespace

Protocol::Protocol(Writer out, size_t hash_mb)
    : out_(std::move(out)), hash_mb_(hash_mb), searcher_(std::make_unique<Searcher>(hash_mb_)),
      seed_(std::random_device{}()) {
  FenData d;
  parse_fen(kStartFen, d, nullptr);
  pos_ = d.pos;
}

Protocol::~Protocol() { searcher_->cancel(); }

void Protocol::say(const std::string& line) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_(line);
}

void Protocol::wait() {
  if (unbounded_) searcher_->stop();
  searcher_->wait();
  unbounded_ = false;
}

void Protocol::identify() {
  if (mode_ == Mode::Ucci) {
    say(std::string("id name ") + kEngineId);
    say("id author the xiangqi project");
    say("option usebook type check default " + std::string(use_book_ ? "true" : "false"));
    say("option bookfiles type string default " + (book_file_.empty() ? std::string("<empty>") : book_file_));
    say("option hashsize type spin min 1 max 1024 default " + std::to_string(hash_mb_));
    say("option randomness type combo var none var tiny var small var medium var large default none");
    say("option seed type spin min 0 max 2147483647 default 0");
    say("option multipv type spin min 1 max 16 default 1");
    say("option limitstrength type check default false");
    say("option elo type spin min " + std::to_string(min_skill_elo()) + " max " + std::to_string(max_skill_elo()) +
        " default " + std::to_string(max_skill_elo()));
    say("option threads type spin min 1 max " + std::to_string(SearchPool::kMaxThreads) + " default 1");
    say("option newgame type button");
    say("ucciok");
  } else {
    say(std::string("id name ") + kEngineId);
    say("id author the xiangqi project");
    say("option name Hash type spin default " + std::to_string(hash_mb_) + " min 1 max 1024");
    say("option name UseBook type check default " + std::string(use_book_ ? "true" : "false"));
    say("option name BookFile type string default " + (book_file_.empty() ? std::string("<empty>") : book_file_));
    say("option name Randomness type spin default 0 min 0 max 100");
    say("option name Seed type spin default 0 min 0 max 2147483647");
    say("option name MultiPV type spin default 1 min 1 max 16");
    say("option name UCI_LimitStrength type check default false");
    say("option name UCI_Elo type spin default " + std::to_string(max_skill_elo()) + " min " +
        std::to_string(min_skill_elo()) + " max " + std::to_string(max_skill_elo()));
    say("option name Threads type spin default 1 min 1 max " + std::to_string(SearchPool::kMaxThreads));
    say("uciok");
  }
}

bool Protocol::handle(const std::string& raw) {
  std::string line = raw;
  while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
  const auto t = tokens(line);
  if (t.empty()) return true;
  const std::string& cmd = t[0];
  if (mode_ == Mode::Unknown) {
    if (cmd == "ucci") {
      mode_ = Mode::Ucci;
      identify();
      return true;
    }
    if (cmd == "uci") {
      mode_ = Mode::Uci;
      identify();
      return true;
    }
  }
  if (cmd == "ucci" || cmd == "uci") {
    identify();
  } else if (cmd == "isready") {
    say("readyok");
  } else if (cmd == "quit") {
    searcher_->cancel();
    if (mode_ == Mode::Ucci) say("bye");
    return false;
  } else if (cmd == "stop") {
    searcher_->stop();  // the search thread prints bestmove as it ends
    unbounded_ = false;
  } else if (cmd == "setoption") {
    cmd_setoption(t);
  } else if (cmd == "ucinewgame") {
    searcher_->new_game();
  } else if (cmd == "position") {
    cmd_position(t);
  } else if (cmd == "banmoves") {
    std::vector<Move> banned;
    for (size_t i = 1; i < t.size(); ++i) {
      Move m;
      std::string err;
      if (!iccs_to_move(t[i], m, &err)) {
        say("info string banmoves: " + err);
        return true;
      }
      banned.push_back(m);
    }
    banned_ = banned;
  } else if (cmd == "go") {
    cmd_go(t);
  } else if (cmd == "ponderhit") {
    searcher_->ponderhit();  // the search goes on under the go command's clock
    unbounded_ = infinite_;
  } else if (cmd == "d" || cmd == "fen") {
    say("info string fen " + to_fen(pos_));
  } else {
    say("info string unknown command '" + cmd + "'");
  }
  return true;
}

void Protocol::cmd_setoption(const std::vector<std::string>& t) {
  std::string name, value;
  if (mode_ == Mode::Uci || (t.size() > 1 && t[1] == "name")) {
    // setoption name <id> [value <x>]
    size_t i = 1;
    if (i < t.size() && t[i] == "name") ++i;
    while (i < t.size() && t[i] != "value") name += (name.empty() ? "" : " ") + t[i++];
    if (i < t.size()) ++i;
    while (i < t.size()) value += (value.empty() ? "" : " ") + t[i++];
  } else {
    // UCCI: setoption <name> [<value>]
    if (t.size() > 1) name = t[1];
    for (size_t i = 2; i < t.size(); ++i) value += (value.empty() ? "" : " ") + t[i];
  }
  const std::string key = lower(name);
  if (key.empty()) {
    say("info string setoption: missing option name");
    return;
  }
  long long n;
  if (key == "hashsize" || key == "hash") {
    if (!to_int(value, n) || n < 1 || n > 1024) {
      say("info string setoption " + name + ": value '" + value + "' is not a size from 1 to 1024 MB");
      return;
    }
    hash_mb_ = size_t(n);
    searcher_->set_hash_mb(hash_mb_);
  } else if (key == "usebook") {
    const std::string v = lower(value);
    if (v != "true" && v != "false") {
      say("info string setoption " + name + ": value '" + value + "' is not true or false");
      return;
    }
    use_book_ = v == "true";
  } else if (key == "bookfiles" || key == "bookfile") {
    book_file_ = value == "<empty>" ? "" : value;
    book_.reset();
  } else if (key == "randomness") {
    const int r = randomness_value(value);
    if (r < 0) {
      say("info string setoption " + name + ": value '" + value + "' is not none/tiny/small/medium/large or 0-200");
      return;
    }
    randomness_ = r;
  } else if (key == "seed") {
    if (!to_int(value, n) || n < 0) {
      say("info string setoption " + name + ": value '" + value + "' is not a number from 0 up");
      return;
    }
    // 0: a new random seed, as at start-up; any other value repeats the same choices.
    seed_ = n ? uint64_t(n) : std::random_device{}();
  } else if (key == "multipv") {
    if (!to_int(value, n) || n < 1 || n > 16) {
      say("info string setoption " + name + ": value '" + value + "' is not a number from 1 to 16");
      return;
    }
    multipv_ = int(n);
  } else if (key == "uci_limitstrength" || key == "limitstrength") {
    const std::string v = lower(value);
    if (v != "true" && v != "false") {
      say("info string setoption " + name + ": value '" + value + "' is not true or false");
      return;
    }
    limit_strength_ = v == "true";
  } else if (key == "uci_elo" || key == "elo") {
    if (!to_int(value, n) || n < min_skill_elo() || n > max_skill_elo()) {
      say("info string setoption " + name + ": value '" + value + "' is not a number from " +
          std::to_string(min_skill_elo()) + " to " + std::to_string(max_skill_elo()));
      return;
    }
    elo_ = int(n);
  } else if (key == "threads") {
    if (!to_int(value, n) || n < 1 || n > SearchPool::kMaxThreads) {
      say("info string setoption " + name + ": value '" + value + "' is not a number from 1 to " +
          std::to_string(SearchPool::kMaxThreads));
      return;
    }
    searcher_->set_threads(int(n));
  } else if (key == "newgame" || key == "clear hash") {
    searcher_->new_game();
  } else if (key == "ponder" || key == "idle" || key == "promotion" || key == "batch" ||
             key == "debug" || key == "style" || key == "knowledge" || key == "pruning" || key == "uci_chess960") {
    // Known elsewhere; accepted and ignored.
  } else {
    say("info string setoption: unknown option '" + name + "'");
  }
}

void Protocol::cmd_position(const std::vector<std::string>& t) {
  size_t i = 1;
  std::string fen;
  if (i < t.size() && t[i] == "startpos") {
    fen = kStartFen;
    ++i;
  } else if (i < t.size() && t[i] == "fen") {
    ++i;
    while (i < t.size() && t[i] != "moves") fen += (fen.empty() ? "" : " ") + t[i++];
  } else {
    say("info string position: expected 'startpos' or 'fen'");
    return;
  }
  FenData d;
  std::string err;
  if (!parse_fen(fen, d, &err)) {
    say("info string position: " + err);
    return;
  }
  Position p = d.pos;
  if (i < t.size() && t[i] == "moves") {
    for (++i; i < t.size(); ++i) {
      Move m;
      if (!iccs_to_move(t[i], m, &err) || !is_legal(p, m)) {
        say("info string position: move '" + t[i] + "' is not legal here; position unchanged");
        return;
      }
      p.do_move(m);
    }
  } else if (i < t.size()) {
    say("info string position: unexpected '" + t[i] + "'");
    return;
  }
  pos_ = p;
  banned_.clear();
}

std::string Protocol::info_line(const SearchInfo& i, size_t line) const {
  const PvLine& l = i.lines.size() > line ? i.lines[line] : PvLine{i.score, i.pv};
  std::ostringstream s;
  s << "info depth " << i.depth;
  if (mode_ == Mode::Uci) s << " seldepth " << i.seldepth;
  if (multipv_ > 1) s << " multipv " << line + 1;
  if (mode_ == Mode::Uci && is_mate_score(l.score)) s << " score mate " << mate_in_moves(l.score);
  else s << (mode_ == Mode::Uci ? " score cp " : " score ") << l.score;
  if (mode_ == Mode::Uci && i.lower_bound && line == 0) s << " lowerbound";
  s << " time " << i.time_ms << " nodes " << i.nodes << " nps " << i.nps;
  if (mode_ == Mode::Uci) s << " hashfull " << i.hashfull;
  s << " pv";
  for (Move m : l.pv) s << ' ' << move_to_iccs(m);
  return s.str();
}

bool Protocol::book_move(Move& m) {
  if (!use_book_) return false;
  if (!book_) {
    book_ = std::make_unique<Book>();
    const std::string path = book_file_.empty() ? find_book_file("") : book_file_;
    std::string err;
    if (path.empty()) say("info string no opening book found; playing without one");
    else if (!book_->load(path, &err)) say("info string " + err + "; playing without a book");
  }
  std::mt19937_64 rng(seed_ += 0x9E3779B97F4A7C15ULL);
  m = book_->pick(pos_, rng);
  if (m && std::find(banned_.begin(), banned_.end(), m) != banned_.end()) m = kNoMove;
  return m != kNoMove;
}

void Protocol::cmd_go(const std::vector<std::string>& t) {
  Limits limits;
  bool ponder = false;
  long long wtime = -1, btime = -1, winc = 0, binc = 0;
  for (size_t i = 1; i < t.size(); ++i) {
    const std::string& k = t[i];
    long long v = 0;
    auto number = [&]() {
      if (i + 1 >= t.size() || !to_int(t[i + 1], v) || v < 0) {
        say("info string go: '" + k + "' needs a non-negative number");
        return false;
      }
      ++i;
      return true;
    };
    if (k == "ponder") ponder = true;
    else if (k == "infinite") limits.infinite = true;
    else if (k == "depth") { if (!number()) return; limits.depth = int(std::min(v, 100LL)); }
    else if (k == "nodes") { if (!number()) return; limits.nodes = uint64_t(v); }
    else if (k == "movetime") { if (!number()) return; limits.movetime_ms = int(std::min(v, 100000000LL)); }
    else if (k == "time") { if (!number()) return; limits.time_left_ms = int(std::min(v, 100000000LL)); }
    else if (k == "increment") { if (!number()) return; limits.increment_ms = int(std::min(v, 10000000LL)); }
    else if (k == "movestogo") { if (!number()) return; limits.moves_to_go = int(std::min(v, 1000LL)); }
    else if (k == "opptime" || k == "oppincrement" || k == "oppmovestogo") { if (!number()) return; }
    else if (k == "wtime") { if (!number()) return; wtime = v; }
    else if (k == "btime") { if (!number()) return; btime = v; }
    else if (k == "winc") { if (!number()) return; winc = v; }
    else if (k == "binc") { if (!number()) return; binc = v; }
    else if (k == "draw") {}
    else {
      say("info string go: unknown parameter '" + k + "'");
      return;
    }
  }
  if (wtime >= 0 || btime >= 0) {
    const bool red = pos_.side() == RED;
    limits.time_left_ms = int(std::min(red ? std::max(wtime, 0LL) : std::max(btime, 0LL), 100000000LL));
    limits.increment_ms = int(std::min(red ? winc : binc, 10000000LL));
  }
  limits.ponder = ponder;
  const bool nothing = !limits.depth && !limits.nodes && !limits.movetime_ms && limits.time_left_ms < 0;
  if (nothing) limits.infinite = true;  // a bare "go" searches until "stop"
  infinite_ = limits.infinite;
  unbounded_ = limits.infinite || ponder;

  Move m;
  // Analysis (infinite) and several lines want a search, not a book move.
  if (!ponder && !limits.infinite && multipv_ == 1 && book_move(m)) {
    say("info string book move");
    say("bestmove " + move_to_iccs(m));
    return;
  }
  SearchOptions options;
  options.banned = banned_;
  options.randomness = randomness_;
  options.seed = (seed_ += 0x9E3779B97F4A7C15ULL);
  options.multipv = multipv_;
  if (limit_strength_) {  // a level of the ladder: a shallower search, a choice among candidates
    apply_skill(skill_for_elo(elo_ ? elo_ : max_skill_elo()), limits, options);
  }
  searcher_->start(
      pos_, limits, options,
      [this](const SearchInfo& i) {
        for (size_t k = 0; k < std::max<size_t>(1, i.lines.size()); ++k) say(info_line(i, k));
      },
      [this](const SearchResult& r) {
        if (!r.best) {
          say(mode_ == Mode::Uci ? "bestmove (none)" : "nobestmove");
          return;
        }
        std::string s = "bestmove " + move_to_iccs(r.best);
        if (r.ponder) s += " ponder " + move_to_iccs(r.ponder);
        say(s);
      });
}

}  // namespace xq
