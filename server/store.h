// The server's database: players (accounts and guests, password hashes,
// Glicko-2 ratings, the hash of each player's resume token and when it
// expires), games in progress written move by move (so a killed server loses
// none: they continue after a restart) and the archive of finished games with
// their PGN. Every return code of the database is checked: a write that fails
// returns false and last_error() says why.
//
// One interface (StoreBackend), two databases: SQLite, one file, the default
// (sqlite_store.h), and PostgreSQL for an operator's own database server
// (postgres_store.h), chosen by what --db names. Used by one thread only
// (the database thread, store_thread.h); a committed transaction is on the
// disk in both.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "glicko2.h"
#include "types.h"

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

// What each database does; Store hands every call to one of them.
class StoreBackend {
 public:
  virtual ~StoreBackend() = default;
  virtual std::optional<PlayerRow> player_by_name(const std::string& name) = 0;
  virtual std::optional<PlayerRow> player_by_token(const std::string& token) = 0;
  virtual int64_t add_player(const std::string& name, const std::string& hash, bool guest) = 0;
  virtual bool name_used(const std::string& name) = 0;
  virtual bool set_token(int64_t player, const std::string& token, int64_t lifetime_s) = 0;
  virtual bool clear_token(int64_t player) = 0;
  virtual int64_t start_game(const StoredGame& g) = 0;
  virtual bool add_move(int64_t game, int ply, Move m, ClockPair clock) = 0;
  virtual bool take_back(int64_t game, int from_ply) = 0;
  virtual bool finish_game(int64_t game, const std::string& result, const std::string& reason, const std::string& pgn,
                           const std::vector<RatingChange>& ratings) = 0;
  virtual std::vector<StoredGame> playing_games() = 0;
  // Several nodes on one database (PostgreSQL): this node's number, written
  // as the owner of the games it starts; its writes to a game it no longer
  // owns fail. SQLite has one server, node 0, and keeps none of this.
  virtual void set_node(int64_t) {}
  virtual std::vector<StoredGame> claim_games(const std::vector<int64_t>&) { return {}; }
  virtual std::vector<ArchiveEntry> history(const std::string& name, int limit) = 0;
  virtual std::optional<std::string> pgn(int64_t game) = 0;
  virtual int64_t finished_count() = 0;
  virtual int64_t player_count() = 0;
  virtual int64_t forget_idle_guests(int idle_days) = 0;
  virtual bool begin() = 0;
  virtual bool commit() = 0;
  virtual void rollback() = 0;
  virtual bool savepoint() = 0;
  virtual bool release() = 0;
  virtual void rollback_to_savepoint() = 0;
  // SQLite's write-ahead log; a database server keeps its own (0, nothing to do).
  virtual LogStatus checkpoint(int64_t truncate_bytes) = 0;
  virtual int64_t log_bytes() const = 0;
  virtual const std::string& last_error() const = 0;
};

class Store {
 public:
  Store();
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Opens the database `where` names and takes it for this server: a file
  // (SQLite; ":memory:" for tests) or a postgresql:// URI. False with a
  // message naming it and the cause (cannot be created or reached, not
  // writable, held by another server, not a database, a newer schema).
  bool open(const std::string& where, std::string& error);
  static bool is_postgres(const std::string& where);

  // Reads: nullopt when there is no such row or the read failed (last_error() tells which).
  std::optional<PlayerRow> player_by_name(const std::string& name) { return b_->player_by_name(name); }
  // The player whose unexpired token this is (the token itself is never stored, only its hash).
  std::optional<PlayerRow> player_by_token(const std::string& token) { return b_->player_by_token(token); }
  // The new player's id; 0 when the name is taken (compared without case) or the write failed.
  int64_t add_player(const std::string& name, const std::string& hash, bool guest) { return b_->add_player(name, hash, guest); }
  // A name already used by a player or in a stored game (so a new guest never takes an old guest's name).
  bool name_used(const std::string& name) { return b_->name_used(name); }
  // Keeps the hash of `token`, valid for `lifetime_s` seconds from now; marks the player seen.
  bool set_token(int64_t player, const std::string& token, int64_t lifetime_s) { return b_->set_token(player, token, lifetime_s); }
  bool clear_token(int64_t player) { return b_->clear_token(player); }  // logged out: no token resumes this player

  int64_t start_game(const StoredGame& g) { return b_->start_game(g); }  // the new id; 0 when it could not be stored
  bool add_move(int64_t game, int ply, Move m, ClockPair clock) { return b_->add_move(game, ply, m, clock); }
  bool take_back(int64_t game, int from_ply) { return b_->take_back(game, from_ply); }  // forgets the moves from ply on (0-based)
  // The game goes to the archive with its PGN, and (rated) the players' new ratings, all or nothing.
  bool finish_game(int64_t game, const std::string& result, const std::string& reason, const std::string& pgn,
                   const std::vector<RatingChange>& ratings) {
    return b_->finish_game(game, result, reason, pgn, ratings);
  }
  // The games in progress this server carries on: on PostgreSQL, those of
  // this node, of no node, and of nodes whose lease has run out (taken over).
  std::vector<StoredGame> playing_games() { return b_->playing_games(); }
  void set_node(int64_t node) { b_->set_node(node); }
  // The games of these nodes (found dead) that this node now holds: each
  // goes to one node only, however many try at once.
  std::vector<StoredGame> claim_games(const std::vector<int64_t>& dead_nodes) { return b_->claim_games(dead_nodes); }

  std::vector<ArchiveEntry> history(const std::string& name, int limit) { return b_->history(name, limit); }
  std::optional<std::string> pgn(int64_t game) { return b_->pgn(game); }
  int64_t finished_count() { return b_->finished_count(); }  // finished games in the archive (tests, status)
  int64_t player_count() { return b_->player_count(); }

  // Guests not seen for `idle_days` days and in no game in progress are removed
  // (their finished games keep their names). The number removed, -1 on failure.
  int64_t forget_idle_guests(int idle_days) { return b_->forget_idle_guests(idle_days); }

  // Transactions, for the database thread's batches: each batch is one commit
  // (one sync), each task in it a savepoint of its own.
  bool begin() { return b_->begin(); }
  bool commit() { return b_->commit(); }
  void rollback() { b_->rollback(); }
  bool savepoint() { return b_->savepoint(); }
  bool release() { return b_->release(); }
  void rollback_to_savepoint() { b_->rollback_to_savepoint(); }

  // SQLite: copies the log into the database and truncates it when it has
  // grown past `truncate_bytes` (0: always). PostgreSQL: nothing to do.
  LogStatus checkpoint(int64_t truncate_bytes) { return b_->checkpoint(truncate_bytes); }
  int64_t log_bytes() const { return b_->log_bytes(); }

  // The last database error ("" when none), for logs and answers.
  const std::string& last_error() const {
    static const std::string kNotOpen = "the database is not open";
    return b_ ? b_->last_error() : kNotOpen;
  }

 private:
  std::unique_ptr<StoreBackend> b_;
};

// The token's stored form: hex BLAKE2b-256 (libsodium's generic hash).
std::string token_hash(const std::string& token);

}  // namespace xq::server
