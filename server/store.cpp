#include "store.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace xq::server {

namespace {

constexpr const char* kSchema = R"sql(
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

std::string column_text(sqlite3_stmt* st, int i) {
  const unsigned char* t = sqlite3_column_text(st, i);
  return t ? reinterpret_cast<const char*>(t) : "";
}

void bind_text(sqlite3_stmt* st, int i, const std::string& s) {
  sqlite3_bind_text(st, i, s.data(), int(s.size()), SQLITE_TRANSIENT);
}

}  // namespace

struct Store::Statements {
  // Players and the archive:
  sqlite3_stmt* by_name = nullptr;
  sqlite3_stmt* by_token = nullptr;
  sqlite3_stmt* add_player = nullptr;
  sqlite3_stmt* set_token = nullptr;
  sqlite3_stmt* set_rating = nullptr;
  sqlite3_stmt* playing = nullptr;
  sqlite3_stmt* game_moves = nullptr;
  sqlite3_stmt* history = nullptr;
  sqlite3_stmt* pgn = nullptr;
  sqlite3_stmt* finished = nullptr;
  // Games in progress:
  sqlite3_stmt* start_game = nullptr;
  sqlite3_stmt* add_move = nullptr;
  sqlite3_stmt* take_back = nullptr;
  sqlite3_stmt* finish = nullptr;
  sqlite3_stmt* drop_moves = nullptr;
  std::vector<sqlite3_stmt*> all() const {
    return {by_name,  by_token, add_player, set_token,  set_rating, playing,    game_moves, history,
            pgn,      finished, start_game, add_move,   take_back,  finish,     drop_moves};
  }
};

Store::Store() : st_(std::make_unique<Statements>()) {}

Store::~Store() {
  if (checkpointer_.joinable()) {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    checkpointer_.join();
  }
  for (sqlite3_stmt* s : st_->all()) sqlite3_finalize(s);
  if (checkpoint_db_) sqlite3_close(checkpoint_db_);
  if (db_) sqlite3_close(db_);
  if (lock_fd_ >= 0) close(lock_fd_);
}

bool Store::exec(sqlite3* db, const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &message) == SQLITE_OK) return true;
  last_error_ = message ? message : sqlite3_errmsg(db);
  sqlite3_free(message);
  return false;
}

bool Store::done(sqlite3* db, sqlite3_stmt* st) {
  const int rc = sqlite3_step(st);
  const bool ok = rc == SQLITE_DONE || rc == SQLITE_ROW;
  if (!ok) {  // the caller answers the player; the log says why
    last_error_ = sqlite3_errmsg(db);
    std::fprintf(stderr, "xiangqi-server: cannot write to the database: %s\n", last_error_.c_str());
  }
  sqlite3_reset(st);
  sqlite3_clear_bindings(st);
  return ok;
}

bool Store::open(const std::string& path, std::string& error) {
  // Our own lock on the file (SQLite's locks are per transaction; this one is
  // for as long as the server runs). ":memory:" needs none.
  if (path != ":memory:") {
    lock_fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
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
  // Commits append to the log and do not sync; the checkpoint thread syncs.
  if (!exec(db_, "PRAGMA journal_mode=WAL") || !exec(db_, "PRAGMA synchronous=NORMAL") ||
      !exec(db_, "PRAGMA busy_timeout=5000") || !exec(db_, "PRAGMA wal_autocheckpoint=0") ||
      !exec(db_, "BEGIN IMMEDIATE") || !exec(db_, kSchema) || !exec(db_, "COMMIT")) {
    const int code = sqlite3_extended_errcode(db_) & 0xff;
    const char* why = code == SQLITE_BUSY || code == SQLITE_LOCKED ? "it is locked: is another program using it?"
                      : code == SQLITE_READONLY                    ? "it cannot be written"
                      : code == SQLITE_NOTADB                      ? "it is not a database"
                                                                   : nullptr;
    error = path + ": " + (why ? why : "cannot use the database") + " (" + last_error_ + ")";
    return false;
  }
  if (path != ":memory:" && (sqlite3_open_v2(path.c_str(), &checkpoint_db_, flags, nullptr) != SQLITE_OK ||
                             !exec(checkpoint_db_, "PRAGMA busy_timeout=5000"))) {
    error = path + ": cannot open the database twice (" + last_error_ + ")";
    return false;
  }
  struct Sql {
    sqlite3* db;
    sqlite3_stmt** st;
    const char* sql;
  };
  const Sql statements[] = {
      {db_, &st_->by_name, "SELECT id,name,guest,hash,rating,deviation,volatility,token,games FROM players WHERE name=?"},
      {db_, &st_->by_token,
       "SELECT id,name,guest,hash,rating,deviation,volatility,token,games FROM players WHERE token=?"},
      {db_, &st_->add_player,
       "INSERT OR IGNORE INTO players(name,guest,hash,rating,deviation,volatility,token) VALUES(?,?,?,1500,350,0.06,?)"},
      {db_, &st_->set_token, "UPDATE players SET token=? WHERE id=?"},
      {db_, &st_->set_rating, "UPDATE players SET rating=?,deviation=?,volatility=?,games=games+? WHERE id=?"},
      {db_, &st_->playing,
       "SELECT id,red,black,red_name,black_name,time_control,rated,start_fen,red_ms,black_ms,started FROM games "
       "WHERE status='playing' ORDER BY id"},
      {db_, &st_->game_moves, "SELECT move,red_ms,black_ms FROM moves WHERE game=? ORDER BY ply"},
      {db_, &st_->history,
       "SELECT id,red_name,black_name,result,reason,ended,rated FROM games WHERE status='over' AND "
       "(red_name=?1 COLLATE NOCASE OR black_name=?1 COLLATE NOCASE) ORDER BY id DESC LIMIT ?2"},
      {db_, &st_->pgn, "SELECT pgn FROM games WHERE id=? AND status='over'"},
      {db_, &st_->finished, "SELECT count(*) FROM games WHERE status='over'"},
      {db_, &st_->start_game,
       "INSERT INTO games(id,red,black,red_name,black_name,time_control,rated,start_fen,red_ms,black_ms) "
       "VALUES(?,?,?,?,?,?,?,?,?,?)"},
      {db_, &st_->add_move, "INSERT OR REPLACE INTO moves(game,ply,move,red_ms,black_ms) VALUES(?,?,?,?,?)"},
      {db_, &st_->take_back, "DELETE FROM moves WHERE game=? AND ply>=?"},
      {db_, &st_->finish,
       "UPDATE games SET status='over',result=?,reason=?,pgn=?,ended=datetime('now') WHERE id=?"},
      {db_, &st_->drop_moves, "DELETE FROM moves WHERE game=?"},
  };
  for (const Sql& s : statements)
    if (sqlite3_prepare_v3(s.db, s.sql, -1, SQLITE_PREPARE_PERSISTENT, s.st, nullptr) != SQLITE_OK) {
      error = path + ": " + sqlite3_errmsg(s.db);
      return false;
    }
  sqlite3_stmt* top = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT coalesce(max(id),0)+1 FROM games", -1, &top, nullptr) == SQLITE_OK &&
      sqlite3_step(top) == SQLITE_ROW)
    next_game_ = sqlite3_column_int64(top, 0);
  sqlite3_finalize(top);
  if (checkpoint_db_) checkpointer_ = std::thread([this] { checkpoint_loop(); });
  return true;
}

// The log is copied into the database by a thread of its own once a second
// (a passive checkpoint, which never blocks the writes): the commits of the
// moves then never wait for the disk to sync.
void Store::checkpoint_loop() {
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_; })) {
    lock.unlock();
    sqlite3_wal_checkpoint_v2(checkpoint_db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    lock.lock();
  }
}

namespace {

PlayerRow read_player(sqlite3_stmt* st) {
  PlayerRow p;
  p.id = sqlite3_column_int64(st, 0);
  p.name = column_text(st, 1);
  p.guest = sqlite3_column_int(st, 2) != 0;
  p.hash = column_text(st, 3);
  p.rating = {sqlite3_column_double(st, 4), sqlite3_column_double(st, 5), sqlite3_column_double(st, 6)};
  p.token = column_text(st, 7);
  p.games = sqlite3_column_int(st, 8);
  return p;
}

std::optional<PlayerRow> one_player(sqlite3_stmt* st) {
  std::optional<PlayerRow> p;
  if (sqlite3_step(st) == SQLITE_ROW) p = read_player(st);
  sqlite3_reset(st);
  sqlite3_clear_bindings(st);
  return p;
}

}  // namespace

std::optional<PlayerRow> Store::player_by_name(const std::string& name) {
  bind_text(st_->by_name, 1, name);
  return one_player(st_->by_name);
}

std::optional<PlayerRow> Store::player_by_token(const std::string& token) {
  bind_text(st_->by_token, 1, token);
  return one_player(st_->by_token);
}

int64_t Store::add_player(const std::string& name, const std::string& hash, bool guest, const std::string& token) {
  sqlite3_stmt* st = st_->add_player;
  bind_text(st, 1, name);
  sqlite3_bind_int(st, 2, guest);
  bind_text(st, 3, hash);
  bind_text(st, 4, token);
  if (!done(db_, st) || sqlite3_changes(db_) == 0) return 0;
  return sqlite3_last_insert_rowid(db_);
}

void Store::set_token(int64_t player, const std::string& token) {
  bind_text(st_->set_token, 1, token);
  sqlite3_bind_int64(st_->set_token, 2, player);
  done(db_, st_->set_token);
}

void Store::set_rating(int64_t player, const GlickoRating& r, bool count_game) {
  sqlite3_stmt* st = st_->set_rating;
  sqlite3_bind_double(st, 1, r.rating);
  sqlite3_bind_double(st, 2, r.deviation);
  sqlite3_bind_double(st, 3, r.volatility);
  sqlite3_bind_int(st, 4, count_game);
  sqlite3_bind_int64(st, 5, player);
  done(db_, st);
}

int64_t Store::start_game(const StoredGame& g) {
  const int64_t id = next_game_++;
  {
    sqlite3_stmt* st = st_->start_game;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, g.red);
    sqlite3_bind_int64(st, 3, g.black);
    bind_text(st, 4, g.red_name);
    bind_text(st, 5, g.black_name);
    bind_text(st, 6, g.time_text);
    sqlite3_bind_int(st, 7, g.rated);
    bind_text(st, 8, g.start_fen);
    sqlite3_bind_int(st, 9, g.start_clock.red_ms);
    sqlite3_bind_int(st, 10, g.start_clock.black_ms);
    if (!done(db_, st)) return 0;
  }
  return id;
}

void Store::add_move(int64_t game, int ply, Move m, ClockPair clock) {
  {
    sqlite3_stmt* st = st_->add_move;
    sqlite3_bind_int64(st, 1, game);
    sqlite3_bind_int(st, 2, ply);
    sqlite3_bind_int64(st, 3, m);
    sqlite3_bind_int(st, 4, clock.red_ms);
    sqlite3_bind_int(st, 5, clock.black_ms);
    done(db_, st);
  }
}

void Store::take_back(int64_t game, int from_ply) {
  sqlite3_bind_int64(st_->take_back, 1, game);
  sqlite3_bind_int(st_->take_back, 2, from_ply);
  done(db_, st_->take_back);
}

void Store::finish_game(int64_t game, const std::string& result, const std::string& reason, const std::string& pgn) {
  // The archive keeps the PGN; the move rows were only for carrying on.
  exec(db_, "BEGIN");
  {
    sqlite3_stmt* st = st_->finish;
    bind_text(st, 1, result);
    bind_text(st, 2, reason);
    bind_text(st, 3, pgn);
    sqlite3_bind_int64(st, 4, game);
    done(db_, st);
    sqlite3_bind_int64(st_->drop_moves, 1, game);
    done(db_, st_->drop_moves);
  }
  exec(db_, "COMMIT");
}

std::vector<StoredGame> Store::playing_games() {
  std::vector<StoredGame> games;
  sqlite3_stmt* st = st_->playing;
  while (sqlite3_step(st) == SQLITE_ROW) {
    StoredGame g;
    g.id = sqlite3_column_int64(st, 0);
    g.red = sqlite3_column_int64(st, 1);
    g.black = sqlite3_column_int64(st, 2);
    g.red_name = column_text(st, 3);
    g.black_name = column_text(st, 4);
    g.time_text = column_text(st, 5);
    g.rated = sqlite3_column_int(st, 6) != 0;
    g.start_fen = column_text(st, 7);
    g.start_clock = {sqlite3_column_int(st, 8), sqlite3_column_int(st, 9)};
    g.started = column_text(st, 10);
    games.push_back(std::move(g));
  }
  sqlite3_reset(st);
  for (StoredGame& g : games) {
    sqlite3_stmt* ms = st_->game_moves;
    sqlite3_bind_int64(ms, 1, g.id);
    while (sqlite3_step(ms) == SQLITE_ROW) {
      g.moves.push_back(Move(sqlite3_column_int64(ms, 0)));
      g.clocks.push_back({sqlite3_column_int(ms, 1), sqlite3_column_int(ms, 2)});
    }
    sqlite3_reset(ms);
    sqlite3_clear_bindings(ms);
  }
  return games;
}

std::vector<ArchiveEntry> Store::history(const std::string& name, int limit) {
  std::vector<ArchiveEntry> out;
  sqlite3_stmt* st = st_->history;
  bind_text(st, 1, name);
  sqlite3_bind_int(st, 2, limit);
  while (sqlite3_step(st) == SQLITE_ROW) {
    ArchiveEntry e;
    e.id = sqlite3_column_int64(st, 0);
    e.red = column_text(st, 1);
    e.black = column_text(st, 2);
    e.result = column_text(st, 3);
    e.reason = column_text(st, 4);
    e.date = column_text(st, 5);
    e.rated = sqlite3_column_int(st, 6) != 0;
    out.push_back(std::move(e));
  }
  sqlite3_reset(st);
  sqlite3_clear_bindings(st);
  return out;
}

std::optional<std::string> Store::pgn(int64_t game) {
  std::optional<std::string> text;
  sqlite3_bind_int64(st_->pgn, 1, game);
  if (sqlite3_step(st_->pgn) == SQLITE_ROW) text = column_text(st_->pgn, 0);
  sqlite3_reset(st_->pgn);
  sqlite3_clear_bindings(st_->pgn);
  return text;
}

int64_t Store::finished_count() {
  int64_t n = 0;
  if (sqlite3_step(st_->finished) == SQLITE_ROW) n = sqlite3_column_int64(st_->finished, 0);
  sqlite3_reset(st_->finished);
  return n;
}

}  // namespace xq::server
