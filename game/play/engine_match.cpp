#include "engine_match.h"

#include <chrono>
#include <condition_variable>

#include "notation.h"
#include "pgn.h"

namespace xq {

namespace {

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

bool EngineMatch::start(const MatchConfig& config, MatchPlayer first, MatchPlayer second) {
  if (status().running) return false;
  if (thread_.joinable()) thread_.join();
  stop_ = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const uint64_t revision = status_.revision + 1;
    status_ = MatchStatus{};
    status_.running = true;
    status_.revision = revision;
    status_.names[0] = first.name;
    status_.names[1] = second.name;
    pgn_.clear();
  }
  thread_ = std::thread(&EngineMatch::run, this, config, std::move(first), std::move(second));
  return true;
}

void EngineMatch::stop() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

MatchStatus EngineMatch::status() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return status_;
}

std::string EngineMatch::pgn() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return pgn_;
}

void EngineMatch::update(const std::function<void(MatchStatus&)>& change) {
  std::lock_guard<std::mutex> lock(mutex_);
  change(status_);
  ++status_.revision;
}

void EngineMatch::run(MatchConfig config, MatchPlayer first, MatchPlayer second) {
  MatchPlayer players[2] = {std::move(first), std::move(second)};
  std::unique_ptr<SearchService> engines[2];
  std::string error;
  for (int i = 0; i < 2 && error.empty(); ++i) {
    std::string why;
    engines[i] = players[i].open(&why);
    if (!engines[i]) error = players[i].name + ": " + (why.empty() ? "could not be started" : why);
    else if (players[i].use_engine_name && !engines[i]->name().empty()) players[i].name = engines[i]->name();
  }
  if (players[1].name == players[0].name) players[1].name += " (2)";  // the table tells them apart
  update([&](MatchStatus& s) {
    s.names[0] = players[0].name;
    s.names[1] = players[1].name;
  });
  for (int n = 1; error.empty() && n <= config.games && !stop_; ++n)
    if (!play_game(config, n, players, engines)) break;
  update([&](MatchStatus& s) {
    s.running = false;
    s.finished = true;
    if (s.error.empty()) s.error = error;
  });
}

bool EngineMatch::play_game(const MatchConfig& config, int number, MatchPlayer players[2],
                            std::unique_ptr<SearchService> engines[2]) {
  const bool first_red = number % 2 == 1;
  // engines[seat[RED]] plays red.
  const int seat[2] = {first_red ? 0 : 1, first_red ? 1 : 0};
  for (int i = 0; i < 2; ++i) engines[i]->new_game();
  Game g;
  std::string termination;
  update([&](MatchStatus& s) { s.current_ply = 0; });

  std::mutex m;
  std::condition_variable answered;
  while (!g.verdict().over() && g.ply() < config.max_plies) {
    if (stop_) return false;
    const Color side = g.side_to_move();
    SearchService& e = *engines[seat[side]];
    Limits l;
    l.movetime_ms = config.movetime_ms;
    e.start(g.position(), l, {}, {}, [&](const SearchResult&) {
      std::lock_guard<std::mutex> lock(m);
      answered.notify_all();
    });
    // The engine's own deadline fails a hung one; this bound only keeps a
    // service that never answers from holding the match forever.
    const int64_t give_up = now_ms() + config.movetime_ms + 10000;
    {
      std::unique_lock<std::mutex> lock(m);
      while (!e.done() && e.failure().empty() && !stop_ && now_ms() < give_up)
        answered.wait_for(lock, std::chrono::milliseconds(20));
    }
    if (stop_) {
      e.cancel();
      return false;
    }
    const auto r = e.result();
    const std::string name = players[seat[side]].name;
    if (r && e.failure().empty() && r->resigns) {  // a resignation carries no move: not a forfeit
      g.resign(side);
      break;
    }
    if (!r || !e.failure().empty() || !g.is_legal(r->best)) {
      const std::string why = !e.failure().empty() ? e.failure() : !r ? "no answer" : "an illegal move";
      g.resign(side);
      termination = name + " forfeits: " + why;
      // A failed outside engine starts afresh for the next game.
      std::string err;
      e.cancel();
      engines[seat[side]] = players[seat[side]].open(&err);
      if (!engines[seat[side]]) {
        update([&](MatchStatus& s) { s.error = name + " could not be restarted: " + err; });
        engines[seat[side]] = nullptr;
      }
      break;
    }
    g.play(r->best);
    update([&](MatchStatus& s) { s.current_ply = g.ply(); });
  }
  if (!g.verdict().over()) {
    g.agree_draw();
    termination = "adjudicated a draw after " + std::to_string(g.ply()) + " plies";
  }
  const Outcome o = g.verdict().outcome;
  std::vector<std::pair<std::string, std::string>> tags = {
      {"Event", config.event},
      {"Date", config.date.empty() ? "????.??.??" : config.date},
      {"Round", std::to_string(number)},
      {"Red", players[seat[RED]].name},
      {"Black", players[seat[BLACK]].name},
      {"TimeControl", "movetime " + std::to_string(config.movetime_ms) + " ms"}};
  // Termination is the rules' verdict; a forfeit or an adjudication says why in a tag of its own.
  if (!termination.empty()) tags.emplace_back("Adjudication", termination);
  const std::string text = write_pgn(g, tags);
  MatchGameResult result{number, first_red, o, termination, g.ply(), g.verdict()};
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pgn_ += text;
    if (!pgn_.empty() && pgn_.back() != '\n') pgn_ += '\n';
    pgn_ += '\n';
  }
  update([&](MatchStatus& s) {
    s.games.push_back(result);
    const bool first_won = (o == Outcome::RedWins) == first_red;
    if (o == Outcome::Draw) ++s.draws;
    else if (first_won) ++s.wins;
    else ++s.losses;
  });
  return engines[0] && engines[1];
}

}  // namespace xq
