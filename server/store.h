// The server's SQLite file: players (accounts and guests, password hashes,
// Glicko-2 ratings, resume tokens), games in progress written move by move
// (so a killed server loses none: they continue after a restart) and the
// archive of finished games with their PGN. WAL: a move is committed before
// it is relayed, and a commit only appends to the log; a thread of its own
// copies the log into the database (the only step that waits for the disk),
// so the thread that relays moves never stalls on a sync. The file is held
// with a lock while the server runs: a second server on it is refused.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <optional>
#include <string>
#include <vector>

#include "glicko2.h"
#include "types.h"

struct sqlite3;
struct sqlite3_stmt;

namespace xq::server {

struct PlayerRow {
  int64_t id = 0;
  std::string name;
  bool guest = false;
  std::string hash;  // crypto_pwhash_str; "" for guests
  GlickoRating rating;
  std::string token;
  int games = 0;  // finished rated games
};

struct ClockPair {
  int red_ms = 0, black_ms = 0;
};

// A game in progress as stored: enough to carry on after a restart.
struct StoredGame {
  int64_t id = 0;
  int64_t red = 0, black = 0;
  std::string red_name, black_name;
  std::string time_text;
  bool rated = false;
  std::string start_fen;
  std::string started;           // UTC "YYYY-MM-DD HH:MM:SS"
  ClockPair start_clock;
  std::vector<Move> moves;
  std::vector<ClockPair> clocks;  // after each move
};

struct ArchiveEntry {
  int64_t id = 0;
  std::string red, black, result, reason, date;
  bool rated = false;
};

class Store {
 public:
  Store();
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Opens or creates the file and takes it for this server. False with a
  // message naming the file and the cause (cannot be created, not writable,
  // held by another server, not a database).
  bool open(const std::string& path, std::string& error);

  std::optional<PlayerRow> player_by_name(const std::string& name);
  std::optional<PlayerRow> player_by_token(const std::string& token);
  // 0 when the name is taken (names are compared without case).
  int64_t add_player(const std::string& name, const std::string& hash, bool guest, const std::string& token);
  void set_token(int64_t player, const std::string& token);
  void set_rating(int64_t player, const GlickoRating& r, bool count_game);

  int64_t start_game(const StoredGame& g);  // returns the new id (0 when it cannot be stored)
  void add_move(int64_t game, int ply, Move m, ClockPair clock);
  void take_back(int64_t game, int from_ply);  // forgets the moves from ply on (0-based)
  void finish_game(int64_t game, const std::string& result, const std::string& reason, const std::string& pgn);
  std::vector<StoredGame> playing_games();

  std::vector<ArchiveEntry> history(const std::string& name, int limit);
  std::optional<std::string> pgn(int64_t game);
  // Finished games in the archive (for tests and the status line).
  int64_t finished_count();

  // The last SQLite error of the reading side, for logs ("" when none).
  const std::string& last_error() const { return last_error_; }

 private:
  struct Statements;
  bool exec(sqlite3* db, const char* sql);
  bool done(sqlite3* db, sqlite3_stmt* st);  // steps a write to its end, resets it; false (and a message) on failure
  void checkpoint_loop();

  sqlite3* db_ = nullptr;             // everything, on the caller's thread
  sqlite3* checkpoint_db_ = nullptr;  // the checkpoint thread's
  std::unique_ptr<Statements> st_;
  std::string last_error_;
  int lock_fd_ = -1;
  int64_t next_game_ = 1;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread checkpointer_;
};

}  // namespace xq::server
