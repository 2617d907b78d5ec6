#include "sqlite_store.h"

#include <fcntl.h>
#include <sodium.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>

namespace xq::server {

namespace {

// Version 1 (the first server) had no schema version and kept tokens in plain text.
constexpr const char* kSchemaV1 = R"sql(
CREATE TABLE IF NOT EXISTS players(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  guest INTEGER NOT NULL,
  hash TEXT NOT NULL,
  rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,
  games INTEGER NOT NULL DEFAULT 0,
  token TEXT NOT NULL,
  created TEXT NOT NULL DEFAULT (datetime('now')));
CREATE INDEX IF NOT EXISTS players_token ON players(token);
CREATE TABLE IF NOT EXISTS games(
  id INTEGER PRIMARY KEY,
  red INTEGER NOT NULL, black INTEGER NOT NULL,
  red_name TEXT NOT NULL, black_name TEXT NOT NULL,
  time_control TEXT NOT NULL, rated INTEGER NOT NULL,
  start_fen TEXT NOT NULL,
  red_ms INTEGER NOT NULL, black_ms INTEGER NOT NULL,
  started TEXT NOT NULL DEFAULT (datetime('now')),
  status TEXT NOT NULL DEFAULT 'playing',
  result TEXT, reason TEXT, ended TEXT, pgn TEXT);
CREATE INDEX IF NOT EXISTS games_playing ON games(status);
CREATE INDEX IF NOT EXISTS games_red ON games(red_name COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS games_black ON games(black_name COLLATE NOCASE);
CREATE TABLE IF NOT EXISTS moves(
  game INTEGER NOT NULL, ply INTEGER NOT NULL, move INTEGER NOT NULL,
  red_ms INTEGER NOT NULL, black_ms INTEGER NOT NULL,
  PRIMARY KEY(game, ply)) WITHOUT ROWID;
)sql";

// Version 2: the token column holds the token's hash, with an expiry; players
// have a last-seen time (idle guests are forgotten).
constexpr const char* kToV2 = R"sql(
ALTER TABLE players ADD COLUMN token_expires INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN seen TEXT NOT NULL DEFAULT '';
UPDATE players SET seen=created;
CREATE INDEX IF NOT EXISTS players_guest_seen ON players(guest, seen);
)sql";

int64_t unix_now() { return int64_t(std::time(nullptr)); }

// One prepared statement in use: binds remember the first failure, steps are
// checked, and the statement is reset for its next use when this goes.
class Query {
 public:
  explicit Query(sqlite3_stmt* st) : st_(st) {}
  ~Query() {
    // sqlite3_reset repeats the last step's error, which step() has already
    // reported; clear_bindings always succeeds.
    sqlite3_reset(st_);
    sqlite3_clear_bindings(st_);
  }
  Query& bind(int i, int64_t v) { return check(sqlite3_bind_int64(st_, i, v)); }
  Query& bind(int i, int v) { return check(sqlite3_bind_int(st_, i, v)); }
  Query& bind(int i, double v) { return check(sqlite3_bind_double(st_, i, v)); }
  Query& bind(int i, const std::string& s) {
    return check(sqlite3_bind_text(st_, i, s.data(), int(s.size()), SQLITE_TRANSIENT));
  }
  // The next row: true while there is one; false at the end or on an error (failed() tells).
  bool row() {
    if (failed_) return false;
    const int rc = sqlite3_step(st_);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) failed_ = true;
    return false;
  }
  // A write stepped to its end.
  bool run() {
    if (failed_) return false;
    const int rc = sqlite3_step(st_);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) failed_ = true;
    return !failed_;
  }
  bool failed() const { return failed_; }
  int64_t integer(int col) const { return sqlite3_column_int64(st_, col); }
  double real(int col) const { return sqlite3_column_double(st_, col); }
  std::string text(int col) const {
    const unsigned char* t = sqlite3_column_text(st_, col);
    return t ? std::string(reinterpret_cast<const char*>(t), size_t(sqlite3_column_bytes(st_, col))) : "";
  }

 private:
  Query& check(int rc) {
    if (rc != SQLITE_OK) failed_ = true;
    return *this;
  }
  sqlite3_stmt* st_;
  bool failed_ = false;
};

PlayerRow read_player(const Query& q) {
  PlayerRow p;
  p.id = q.integer(0);
  p.name = q.text(1);
  p.guest = q.integer(2) != 0;
  p.hash = q.text(3);
  p.rating = {q.real(4), q.real(5), q.real(6)};
  p.games = int(q.integer(7));
  return p;
}

}  // namespace


struct SqliteStore::Statements {
  sqlite3_stmt* by_name = nullptr;
  sqlite3_stmt* by_token = nullptr;
  sqlite3_stmt* add_player = nullptr;
  sqlite3_stmt* name_in_games = nullptr;
  sqlite3_stmt* set_token = nullptr;
  sqlite3_stmt* clear_token = nullptr;
  sqlite3_stmt* set_rating = nullptr;
  sqlite3_stmt* playing = nullptr;
  sqlite3_stmt* game_moves = nullptr;
  sqlite3_stmt* history = nullptr;
  sqlite3_stmt* pgn = nullptr;
  sqlite3_stmt* finished = nullptr;
  sqlite3_stmt* players = nullptr;
  sqlite3_stmt* start_game = nullptr;
  sqlite3_stmt* add_move = nullptr;
  sqlite3_stmt* take_back = nullptr;
  sqlite3_stmt* finish = nullptr;
  sqlite3_stmt* drop_moves = nullptr;
  sqlite3_stmt* forget_guests = nullptr;
  std::vector<sqlite3_stmt*> all() const {
    return {by_name,    by_token, add_player, name_in_games, set_token, clear_token, set_rating,
            playing,    game_moves, history,  pgn,           finished,  players,     start_game,
            add_move,   take_back,  finish,   drop_moves,    forget_guests};
  }
};

SqliteStore::SqliteStore() : st_(std::make_unique<Statements>()) {}

SqliteStore::~SqliteStore() {
  for (sqlite3_stmt* s : st_->all()) sqlite3_finalize(s);
  if (db_) {
    // A last checkpoint leaves the database whole and the log empty.
    sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
    if (sqlite3_close(db_) != SQLITE_OK) std::fprintf(stderr, "xiangqi-server: closing the database: %s\n", sqlite3_errmsg(db_));
  }
  if (lock_fd_ >= 0) close(lock_fd_);
}

bool SqliteStore::fail(const char* what) {
  last_error_ = db_ ? sqlite3_errmsg(db_) : "out of memory";
  std::fprintf(stderr, "xiangqi-server: database: %s: %s\n", what, last_error_.c_str());
  return false;
}

bool SqliteStore::exec(const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) == SQLITE_OK) return true;
  last_error_ = message ? message : sqlite3_errmsg(db_);
  sqlite3_free(message);
  return false;
}

bool SqliteStore::migrate(std::string& error) {
  sqlite3_stmt* st = nullptr;
  int version = -1;
  if (sqlite3_prepare_v2(db_, "PRAGMA user_version", -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
    version = sqlite3_column_int(st, 0);
  sqlite3_finalize(st);
  if (version < 0) {
    error = path_ + ": cannot read the schema version (" + sqlite3_errmsg(db_) + ")";
    return false;
  }
  if (version > kSchemaVersion) {
    error = path_ + ": it was written by a newer server (schema " + std::to_string(version) + ", this one knows " +
            std::to_string(kSchemaVersion) + ")";
    return false;
  }
  if (version == kSchemaVersion) return true;
  if (!exec("BEGIN IMMEDIATE")) return false;
  bool ok = exec(kSchemaV1);
  if (ok && version < 2) {
    ok = exec(kToV2);
    // Tokens kept in plain text by version 1 are replaced by their hashes, valid 30 days from now.
    std::vector<std::pair<int64_t, std::string>> tokens;
    sqlite3_stmt* read = nullptr;
    ok = ok && sqlite3_prepare_v2(db_, "SELECT id,token FROM players WHERE token<>''", -1, &read, nullptr) == SQLITE_OK;
    int rc = SQLITE_DONE;
    while (ok && (rc = sqlite3_step(read)) == SQLITE_ROW)
      tokens.push_back({sqlite3_column_int64(read, 0), reinterpret_cast<const char*>(sqlite3_column_text(read, 1))});
    ok = ok && rc == SQLITE_DONE;
    sqlite3_finalize(read);
    sqlite3_stmt* write = nullptr;
    ok = ok && sqlite3_prepare_v2(db_, "UPDATE players SET token=?,token_expires=? WHERE id=?", -1, &write, nullptr) ==
                   SQLITE_OK;
    for (const auto& [id, token] : tokens) {
      if (!ok) break;
      const std::string h = token_hash(token);
      ok = sqlite3_bind_text(write, 1, h.c_str(), -1, SQLITE_TRANSIENT) == SQLITE_OK &&
           sqlite3_bind_int64(write, 2, unix_now() + 30 * 86400) == SQLITE_OK &&
           sqlite3_bind_int64(write, 3, id) == SQLITE_OK && sqlite3_step(write) == SQLITE_DONE;
      sqlite3_reset(write);
    }
    sqlite3_finalize(write);
    if (!ok && last_error_.empty()) last_error_ = sqlite3_errmsg(db_);
  }
  ok = ok && exec(("PRAGMA user_version=" + std::to_string(kSchemaVersion)).c_str()) && exec("COMMIT");
  if (!ok) {
    const std::string why = last_error_;
    exec("ROLLBACK");
    last_error_ = why;
  }
  return ok;
}

bool SqliteStore::open(const std::string& path, std::string& error) {
  path_ = path;
  // Our own lock on the file (SQLite's locks are per transaction; this one is
  // for as long as the server runs). ":memory:" needs none.
  const bool memory = path == ":memory:";
  if (!memory) {
    struct stat info{};
    if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode)) {
      error = path + ": not a regular file";
      return false;
    }
    lock_fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
    if (lock_fd_ < 0) {
      error = path + ": cannot open the database (" + std::strerror(errno) + ")";
      return false;
    }
    if (flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
      error = path + ": it is locked: is another server using it?";
      return false;
    }
  }
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    error = path + ": cannot open the database (" + (db_ ? sqlite3_errmsg(db_) : "out of memory") + ")";
    return false;
  }
  // WAL, and every commit synced (FULL): a move the players were told of is on
  // the disk. The database thread does the syncs, so the relay never waits on
  // them. Another program holding the file makes a write fail after 200 ms,
  // and the move is refused, not relayed. The log is checkpointed by us
  // (checkpoint()), never inside a commit.
  last_error_.clear();
  const bool ok = exec("PRAGMA busy_timeout=200") && exec("PRAGMA journal_mode=WAL") &&
                  exec("PRAGMA synchronous=FULL") && exec("PRAGMA wal_autocheckpoint=0") &&
                  exec("PRAGMA foreign_keys=OFF") && migrate(error);
  if (!ok) {
    if (!error.empty()) return false;
    const int code = sqlite3_extended_errcode(db_) & 0xff;
    const char* why = code == SQLITE_BUSY || code == SQLITE_LOCKED ? "it is locked: is another program using it?"
                      : code == SQLITE_READONLY                    ? "it cannot be written"
                      : code == SQLITE_NOTADB                      ? "it is not a database"
                                                                   : nullptr;
    error = path + ": " + (why ? why : "cannot use the database") + " (" + last_error_ + ")";
    return false;
  }
  struct Sql {
    sqlite3_stmt** st;
    const char* sql;
  };
  const Sql statements[] = {
      {&st_->by_name, "SELECT id,name,guest,hash,rating,deviation,volatility,games FROM players WHERE name=?"},
      {&st_->by_token,
       "SELECT id,name,guest,hash,rating,deviation,volatility,games FROM players WHERE token=? AND token_expires>?"},
      {&st_->add_player,
       "INSERT OR IGNORE INTO players(name,guest,hash,rating,deviation,volatility,token,seen) "
       "VALUES(?,?,?,1500,350,0.06,'',datetime('now'))"},
      {&st_->name_in_games,
       "SELECT EXISTS(SELECT 1 FROM players WHERE name=?1) OR EXISTS(SELECT 1 FROM games WHERE red_name=?1 COLLATE NOCASE) "
       "OR EXISTS(SELECT 1 FROM games WHERE black_name=?1 COLLATE NOCASE)"},
      {&st_->set_token, "UPDATE players SET token=?,token_expires=?,seen=datetime('now') WHERE id=?"},
      {&st_->clear_token, "UPDATE players SET token='',token_expires=0 WHERE id=?"},
      {&st_->set_rating, "UPDATE players SET rating=?,deviation=?,volatility=?,games=games+1 WHERE id=?"},
      {&st_->playing,
       "SELECT g.id,g.red,g.black,g.red_name,g.black_name,g.time_control,g.rated,g.start_fen,g.red_ms,g.black_ms,"
       "g.started,r.rating,r.deviation,r.volatility,b.rating,b.deviation,b.volatility FROM games g "
       "LEFT JOIN players r ON r.id=g.red LEFT JOIN players b ON b.id=g.black WHERE g.status='playing' ORDER BY g.id"},
      {&st_->game_moves, "SELECT move,red_ms,black_ms FROM moves WHERE game=? ORDER BY ply"},
      {&st_->history,
       "SELECT id,red_name,black_name,result,reason,ended,rated FROM games WHERE status='over' AND "
       "(red_name=?1 COLLATE NOCASE OR black_name=?1 COLLATE NOCASE) ORDER BY id DESC LIMIT ?2"},
      {&st_->pgn, "SELECT pgn FROM games WHERE id=? AND status='over'"},
      {&st_->finished, "SELECT count(*) FROM games WHERE status='over'"},
      {&st_->players, "SELECT count(*) FROM players"},
      {&st_->start_game,
       "INSERT INTO games(id,red,black,red_name,black_name,time_control,rated,start_fen,red_ms,black_ms) "
       "VALUES(?,?,?,?,?,?,?,?,?,?)"},
      {&st_->add_move, "INSERT OR REPLACE INTO moves(game,ply,move,red_ms,black_ms) VALUES(?,?,?,?,?)"},
      {&st_->take_back, "DELETE FROM moves WHERE game=? AND ply>=?"},
      {&st_->finish,
       "UPDATE games SET status='over',result=?,reason=?,pgn=?,ended=datetime('now') WHERE id=? AND status='playing'"},
      {&st_->drop_moves, "DELETE FROM moves WHERE game=?"},
      {&st_->forget_guests,
       "DELETE FROM players WHERE guest=1 AND seen<datetime('now',?) AND id NOT IN "
       "(SELECT red FROM games WHERE status='playing' UNION SELECT black FROM games WHERE status='playing')"},
  };
  for (const Sql& s : statements)
    if (sqlite3_prepare_v3(db_, s.sql, -1, SQLITE_PREPARE_PERSISTENT, s.st, nullptr) != SQLITE_OK) {
      error = path + ": " + sqlite3_errmsg(db_);
      return false;
    }
  sqlite3_stmt* top = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT coalesce(max(id),0)+1 FROM games", -1, &top, nullptr) != SQLITE_OK ||
      sqlite3_step(top) != SQLITE_ROW) {
    error = path + ": cannot read the games (" + sqlite3_errmsg(db_) + ")";
    sqlite3_finalize(top);
    return false;
  }
  next_game_ = sqlite3_column_int64(top, 0);
  sqlite3_finalize(top);
  return true;
}

bool SqliteStore::begin() { return exec("BEGIN IMMEDIATE") || fail("begin"); }
bool SqliteStore::commit() {
  if (exec("COMMIT")) return true;
  fail("commit");
  rollback();
  return false;
}
void SqliteStore::rollback() {
  if (sqlite3_get_autocommit(db_) == 0 && !exec("ROLLBACK")) fail("rollback");
}
bool SqliteStore::savepoint() { return exec("SAVEPOINT task") || fail("savepoint"); }
bool SqliteStore::release() { return exec("RELEASE task") || fail("release"); }
void SqliteStore::rollback_to_savepoint() {
  if (!exec("ROLLBACK TO task") || !exec("RELEASE task")) fail("rollback to savepoint");
}

std::optional<PlayerRow> SqliteStore::player_by_name(const std::string& name) {
  Query q(st_->by_name);
  q.bind(1, name);
  if (q.row()) return read_player(q);
  if (q.failed()) fail("reading a player");
  return std::nullopt;
}

std::optional<PlayerRow> SqliteStore::player_by_token(const std::string& token) {
  Query q(st_->by_token);
  q.bind(1, token_hash(token)).bind(2, unix_now());
  if (q.row()) return read_player(q);
  if (q.failed()) fail("reading a token");
  return std::nullopt;
}

int64_t SqliteStore::add_player(const std::string& name, const std::string& hash, bool guest) {
  Query q(st_->add_player);
  q.bind(1, name).bind(2, int(guest)).bind(3, hash);
  if (!q.run()) return fail("adding a player"), 0;
  if (sqlite3_changes(db_) == 0) return 0;
  return sqlite3_last_insert_rowid(db_);
}

bool SqliteStore::name_used(const std::string& name) {
  Query q(st_->name_in_games);
  q.bind(1, name);
  if (q.row()) return q.integer(0) != 0;
  fail("looking a name up");
  return true;  // when in doubt, the name is not free
}

bool SqliteStore::set_token(int64_t player, const std::string& token, int64_t lifetime_s) {
  Query q(st_->set_token);
  q.bind(1, token_hash(token)).bind(2, unix_now() + lifetime_s).bind(3, player);
  return q.run() || fail("keeping a token");
}

bool SqliteStore::clear_token(int64_t player) {
  Query q(st_->clear_token);
  q.bind(1, player);
  return q.run() || fail("ending a token");
}

int64_t SqliteStore::start_game(const StoredGame& g) {
  const int64_t id = next_game_;
  Query q(st_->start_game);
  q.bind(1, id).bind(2, g.red).bind(3, g.black).bind(4, g.red_name).bind(5, g.black_name).bind(6, g.time_text);
  q.bind(7, int(g.rated)).bind(8, g.start_fen).bind(9, g.start_clock.red_ms).bind(10, g.start_clock.black_ms);
  if (!q.run()) return fail("starting a game"), 0;
  ++next_game_;
  return id;
}

bool SqliteStore::add_move(int64_t game, int ply, Move m, ClockPair clock) {
  Query q(st_->add_move);
  q.bind(1, game).bind(2, ply).bind(3, int64_t(m)).bind(4, clock.red_ms).bind(5, clock.black_ms);
  return q.run() || fail("storing a move");
}

bool SqliteStore::take_back(int64_t game, int from_ply) {
  Query q(st_->take_back);
  q.bind(1, game).bind(2, from_ply);
  return q.run() || fail("taking moves back");
}

bool SqliteStore::finish_game(int64_t game, const std::string& result, const std::string& reason, const std::string& pgn,
                        const std::vector<RatingChange>& ratings) {
  // The archive keeps the PGN; the move rows were only for carrying on. The
  // caller runs this inside a transaction (a savepoint of the batch).
  {
    Query q(st_->finish);
    q.bind(1, result).bind(2, reason).bind(3, pgn).bind(4, game);
    if (!q.run()) return fail("archiving a game");
  }
  {
    Query q(st_->drop_moves);
    q.bind(1, game);
    if (!q.run()) return fail("archiving a game");
  }
  for (const RatingChange& r : ratings) {
    Query q(st_->set_rating);
    q.bind(1, r.rating.rating).bind(2, r.rating.deviation).bind(3, r.rating.volatility).bind(4, r.player);
    if (!q.run()) return fail("storing a rating");
  }
  return true;
}

std::vector<StoredGame> SqliteStore::playing_games() {
  std::vector<StoredGame> games;
  {
    Query q(st_->playing);
    while (q.row()) {
      StoredGame g;
      g.id = q.integer(0);
      g.red = q.integer(1);
      g.black = q.integer(2);
      g.red_name = q.text(3);
      g.black_name = q.text(4);
      g.time_text = q.text(5);
      g.rated = q.integer(6) != 0;
      g.start_fen = q.text(7);
      g.start_clock = {int(q.integer(8)), int(q.integer(9))};
      g.started = q.text(10);
      if (q.integer(11) > 0) g.red_rating = {q.real(11), q.real(12), q.real(13)};
      if (q.integer(14) > 0) g.black_rating = {q.real(14), q.real(15), q.real(16)};
      games.push_back(std::move(g));
    }
    if (q.failed()) fail("reading the games in progress");
  }
  for (StoredGame& g : games) {
    Query q(st_->game_moves);
    q.bind(1, g.id);
    while (q.row()) {
      g.moves.push_back(Move(q.integer(0)));
      g.clocks.push_back({int(q.integer(1)), int(q.integer(2))});
    }
    if (q.failed()) fail("reading a game's moves");
  }
  return games;
}

std::vector<ArchiveEntry> SqliteStore::history(const std::string& name, int limit) {
  std::vector<ArchiveEntry> out;
  Query q(st_->history);
  q.bind(1, name).bind(2, limit);
  while (q.row()) {
    ArchiveEntry e;
    e.id = q.integer(0);
    e.red = q.text(1);
    e.black = q.text(2);
    e.result = q.text(3);
    e.reason = q.text(4);
    e.date = q.text(5);
    e.rated = q.integer(6) != 0;
    out.push_back(std::move(e));
  }
  if (q.failed()) fail("reading the history");
  return out;
}

std::optional<std::string> SqliteStore::pgn(int64_t game) {
  Query q(st_->pgn);
  q.bind(1, game);
  if (q.row()) return q.text(0);
  if (q.failed()) fail("reading a PGN");
  return std::nullopt;
}

int64_t SqliteStore::finished_count() {
  Query q(st_->finished);
  if (q.row()) return q.integer(0);
  return fail("counting games"), -1;
}

int64_t SqliteStore::player_count() {
  Query q(st_->players);
  if (q.row()) return q.integer(0);
  return fail("counting players"), -1;
}

int64_t SqliteStore::forget_idle_guests(int idle_days) {
  Query q(st_->forget_guests);
  // "-30 days"; a negative count (tests) reaches into the future the same way as PostgreSQL's interval.
  q.bind(1, (idle_days >= 0 ? "-" : "+") + std::to_string(idle_days >= 0 ? idle_days : -idle_days) + " days");
  if (!q.run()) return fail("forgetting idle guests"), -1;
  return sqlite3_changes(db_);
}

int64_t SqliteStore::log_bytes() const {
  if (path_ == ":memory:") return 0;
  struct stat info{};
  return ::stat((path_ + "-wal").c_str(), &info) == 0 ? int64_t(info.st_size) : 0;
}

LogStatus SqliteStore::checkpoint(int64_t truncate_bytes) {
  LogStatus s;
  if (path_ == ":memory:") return s;
  const int mode = log_bytes() > truncate_bytes ? SQLITE_CHECKPOINT_TRUNCATE : SQLITE_CHECKPOINT_PASSIVE;
  const int rc = sqlite3_wal_checkpoint_v2(db_, nullptr, mode, &s.frames, &s.checkpointed);
  // BUSY: another program reads the file; the copy goes on at the next checkpoint.
  if (rc != SQLITE_OK && rc != SQLITE_BUSY) {
    s.ok = false;
    fail("checkpoint");
  }
  s.log_bytes = log_bytes();
  return s;
}

}  // namespace xq::server
