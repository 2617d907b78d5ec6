// The server's SQLite file: players (accounts and guests, password hashes,
// Glicko-2 ratings, the hash of each player's resume token and when it
// expires), games in progress written move by move (so a killed server loses
// none: they continue after a restart) and the archive of finished games with
// their PGN. Every SQLite return code is checked: a write that fails returns
// false and last_error() says why.
//
// Used by one thread only (the database thread, store_thread.h). Durability:
// WAL with synchronous=FULL, so a transaction that has committed is on the
// disk (it survives kill -9 and a power cut); the log is folded back into the
// database by checkpoints on the same thread and cut back to a bounded size.
// The file is held with a lock while the server runs: a second server on it
// is refused.
#pragma once
#include <cstdint>
#include <memory>
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
  GlickoRating red_rating, black_rating;  // the players' ratings now (read back with the game)
};

struct ArchiveEntry {
  int64_t id = 0;
  std::string red, black, result, reason, date;
  bool rated = false;
};

// A finished game's new rating for one player (rated games).
struct RatingChange {
  int64_t player = 0;
  GlickoRating rating;
};

// What the write-ahead log holds, for the checkpoint policy and the status line.
struct LogStatus {
  int64_t log_bytes = 0;     // size of the -wal file
  int frames = 0;            // frames in the log after the checkpoint
  int checkpointed = 0;      // of which copied into the database
  bool ok = true;
};

class Store {
 public:
  // The schema this build writes; older files are brought up to it on open.
  static constexpr int kSchemaVersion = 2;

  Store();
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Opens or creates the file and takes it for this server. False with a
  // message naming the file and the cause (cannot be created, not writable,
  // held by another server, not a database, a newer schema).
  bool open(const std::string& path, std::string& error);

  // Reads: nullopt when there is no such row or the read failed (last_error() tells which).
  std::optional<PlayerRow> player_by_name(const std::string& name);
  // The player whose unexpired token this is (the token itself is never stored, only its hash).
  std::optional<PlayerRow> player_by_token(const std::string& token);
  // The new player's id; 0 when the name is taken (compared without case) or the write failed.
  int64_t add_player(const std::string& name, const std::string& hash, bool guest);
  // A name already used by a player or in a stored game (so a new guest never takes an old guest's name).
  bool name_used(const std::string& name);
  // Keeps the hash of `token`, valid for `lifetime_s` seconds from now; marks the player seen.
  bool set_token(int64_t player, const std::string& token, int64_t lifetime_s);
  bool clear_token(int64_t player);  // logged out: no token resumes this player

  int64_t start_game(const StoredGame& g);  // the new id; 0 when it could not be stored
  bool add_move(int64_t game, int ply, Move m, ClockPair clock);
  bool take_back(int64_t game, int from_ply);  // forgets the moves from ply on (0-based)
  // The game goes to the archive with its PGN, and (rated) the players' new ratings, all or nothing.
  bool finish_game(int64_t game, const std::string& result, const std::string& reason, const std::string& pgn,
                   const std::vector<RatingChange>& ratings);
  std::vector<StoredGame> playing_games();

  std::vector<ArchiveEntry> history(const std::string& name, int limit);
  std::optional<std::string> pgn(int64_t game);
  int64_t finished_count();  // finished games in the archive (tests, status)
  int64_t player_count();

  // Guests not seen for `idle_days` days and in no game in progress are removed
  // (their finished games keep their names). The number removed, -1 on failure.
  int64_t forget_idle_guests(int idle_days);

  // Transactions, for the database thread's batches: each batch is one commit
  // (one sync), each task in it a savepoint of its own.
  bool begin();
  bool commit();
  void rollback();
  bool savepoint();
  bool release();
  void rollback_to_savepoint();

  // Copies the log into the database and truncates it when it has grown past
  // `truncate_bytes` (0: always). Only this thread reads or writes the file,
  // so the copy is never held up by a reader of ours.
  LogStatus checkpoint(int64_t truncate_bytes);
  int64_t log_bytes() const;

  // The last SQLite error ("" when none), for logs and answers.
  const std::string& last_error() const { return last_error_; }

 private:
  struct Statements;
  bool exec(const char* sql);
  bool migrate(std::string& error);
  bool fail(const char* what);  // records sqlite3_errmsg, logs it, returns false

  sqlite3* db_ = nullptr;
  std::unique_ptr<Statements> st_;
  std::string path_;
  std::string last_error_;
  int lock_fd_ = -1;
  int64_t next_game_ = 1;
};

// The token's stored form: hex BLAKE2b-256 (libsodium's generic hash).
std::string token_hash(const std::string& token);

}  // namespace xq::server
