// A match between two engines in the window, as XBoard's tournament mode and
// cutechess play one: a number of games at a time per move, colours
// alternating, each game judged by the rules (and forfeited by an engine that
// fails), the games kept as PGN. It runs on its own thread; the window polls
// status() and never waits on it.
#pragma once
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "game.h"
#include "search_service.h"

namespace xq {

// One player: a name for the table and a way to start it (on the match's thread).
struct MatchPlayer {
  std::string name;
  std::function<std::unique_ptr<SearchService>(std::string* error)> open;
  bool use_engine_name = false;  // once started, named as the engine names itself ("MaxQi 4.8G")
};

struct MatchConfig {
  int games = 2;          // colours alternate: the first player has red in odd-numbered games
  int movetime_ms = 200;  // each side's time per move
  int max_plies = 400;    // a game still going then is adjudicated a draw
  std::string event = "Engine match";
  std::string date;       // the PGN Date tag ("????.??.??" when empty)
};

struct MatchGameResult {
  int number = 0;      // 1-based
  bool first_red = true;  // the first player had red
  Outcome outcome = Outcome::Ongoing;
  std::string termination;  // a forfeit or an adjudication, in words ("" when the rules ended it)
  int plies = 0;
  Verdict verdict;          // the rules' verdict as the game ended (a forfeit: the resignation it stands for)
};

struct MatchStatus {
  bool running = false;
  bool finished = false;  // every game played, or stopped, or a player could not start
  std::string error;      // why it stopped early ("" when it did not)
  std::vector<MatchGameResult> games;
  std::string names[2];   // the first and second player, as the table and the games name them
  int current_ply = 0;    // of the game being played
  // From the first player's side.
  int wins = 0, draws = 0, losses = 0;
  double points() const { return wins + 0.5 * draws; }
  uint64_t revision = 0;  // bumped on every change
};

class EngineMatch {
 public:
  EngineMatch() = default;
  ~EngineMatch() { stop(); }
  EngineMatch(const EngineMatch&) = delete;
  EngineMatch& operator=(const EngineMatch&) = delete;

  // Starts a match (one at a time: false while one runs).
  bool start(const MatchConfig& config, MatchPlayer first, MatchPlayer second);
  // Asks the match to end after the move being thought about; returns at once
  // (the thread is joined by the next start() or the destructor).
  void request_stop() { stop_ = true; }
  void stop();
  MatchStatus status() const;
  // Every finished game as PGN, one after another.
  std::string pgn() const;

 private:
  void run(MatchConfig config, MatchPlayer first, MatchPlayer second);
  // Plays one game; false when the match must end (stopped, or an engine could not be restarted).
  bool play_game(const MatchConfig& config, int number, MatchPlayer players[2],
                 std::unique_ptr<SearchService> engines[2]);
  void update(const std::function<void(MatchStatus&)>& change);

  std::thread thread_;
  std::atomic<bool> stop_{false};
  mutable std::mutex mutex_;
  MatchStatus status_;  // guarded by mutex_
  std::string pgn_;     // guarded by mutex_
};

}  // namespace xq
