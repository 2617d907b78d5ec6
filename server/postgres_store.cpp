#include "postgres_store.h"

#include <libpq-fe.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>

namespace xq::server {

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS xq_schema(version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS players(
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  guest BOOLEAN NOT NULL,
  hash TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL,
  games INTEGER NOT NULL DEFAULT 0,
  token TEXT NOT NULL DEFAULT '',
  token_expires BIGINT NOT NULL DEFAULT 0,
  seen TIMESTAMPTZ NOT NULL DEFAULT now(),
  created TIMESTAMPTZ NOT NULL DEFAULT now());
CREATE UNIQUE INDEX IF NOT EXISTS players_name ON players(lower(name));
CREATE INDEX IF NOT EXISTS players_token ON players(token);
CREATE INDEX IF NOT EXISTS players_guest_seen ON players(guest, seen);
CREATE TABLE IF NOT EXISTS games(
  id BIGSERIAL PRIMARY KEY,
  red BIGINT NOT NULL, black BIGINT NOT NULL,
  red_name TEXT NOT NULL, black_name TEXT NOT NULL,
  time_control TEXT NOT NULL, rated BOOLEAN NOT NULL,
  start_fen TEXT NOT NULL,
  red_ms INTEGER NOT NULL, black_ms INTEGER NOT NULL,
  started TIMESTAMPTZ NOT NULL DEFAULT now(),
  status TEXT NOT NULL DEFAULT 'playing',
  result TEXT, reason TEXT, ended TIMESTAMPTZ, pgn TEXT);
CREATE INDEX IF NOT EXISTS games_playing ON games(status);
CREATE INDEX IF NOT EXISTS games_red ON games(lower(red_name));
CREATE INDEX IF NOT EXISTS games_black ON games(lower(black_name));
-- Schema 2: several server nodes on one database. Each node has a row (its
-- name given or made from the host, a lease it renews every second); each
-- game in progress the node that holds it.
CREATE TABLE IF NOT EXISTS xq_nodes(
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  alive_until TIMESTAMPTZ NOT NULL DEFAULT now(),
  started TIMESTAMPTZ NOT NULL DEFAULT now());
ALTER TABLE games ADD COLUMN IF NOT EXISTS owner BIGINT NOT NULL DEFAULT 0;
CREATE INDEX IF NOT EXISTS games_owner ON games(owner) WHERE status='playing';
CREATE TABLE IF NOT EXISTS moves(
  game BIGINT NOT NULL, ply INTEGER NOT NULL, move INTEGER NOT NULL,
  red_ms INTEGER NOT NULL, black_ms INTEGER NOT NULL,
  PRIMARY KEY(game, ply));
)sql";

// The UTC time as SQLite's datetime('now') writes it, so both databases give the same text.
#define XQ_UTC(col) "to_char(" col " AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')"

constexpr const char* kPlayerColumns = "id,name,guest::int,hash,rating,deviation,volatility,games";

std::string num(int64_t v) { return std::to_string(v); }
std::string real(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

PlayerRow read_player(const PostgresStore::Rows& r) {
  PlayerRow p;
  p.id = r.integer(0, 0);
  p.name = r.text(0, 1);
  p.guest = r.integer(0, 2) != 0;
  p.hash = r.text(0, 3);
  p.rating = {r.real(0, 4), r.real(0, 5), r.real(0, 6)};
  p.games = int(r.integer(0, 7));
  return p;
}

}  // namespace

PostgresStore::Rows& PostgresStore::Rows::operator=(Rows&& o) noexcept {
  if (this != &o) {
    if (r_) PQclear(r_);
    r_ = o.r_;
    o.r_ = nullptr;
  }
  return *this;
}
PostgresStore::Rows::~Rows() {
  if (r_) PQclear(r_);
}
int PostgresStore::Rows::count() const { return r_ ? PQntuples(r_) : 0; }
std::string PostgresStore::Rows::text(int row, int col) const {
  if (!r_ || PQgetisnull(r_, row, col)) return "";
  return std::string(PQgetvalue(r_, row, col), size_t(PQgetlength(r_, row, col)));
}
int64_t PostgresStore::Rows::integer(int row, int col) const {
  return r_ && !PQgetisnull(r_, row, col) ? std::strtoll(PQgetvalue(r_, row, col), nullptr, 10) : 0;
}
double PostgresStore::Rows::real(int row, int col) const {
  return r_ && !PQgetisnull(r_, row, col) ? std::strtod(PQgetvalue(r_, row, col), nullptr) : 0;
}
int64_t PostgresStore::Rows::changed() const { return r_ ? std::strtoll(PQcmdTuples(r_), nullptr, 10) : 0; }

PostgresStore::~PostgresStore() {
  if (db_) PQfinish(db_);
}

bool PostgresStore::fail(const char* what, const std::string& why) {
  last_error_ = why;
  while (!last_error_.empty() && (last_error_.back() == '\n' || last_error_.back() == ' ')) last_error_.pop_back();
  std::fprintf(stderr, "xiangqi-server: database: %s: %s\n", what, last_error_.c_str());
  return false;
}

bool PostgresStore::usable() {
  if (db_ && PQstatus(db_) == CONNECTION_OK) return true;
  if (!db_) return false;
  // Opened again (the database server restarted): prepared statements are gone with the old session.
  PQreset(db_);
  prepared_.clear();
  if (PQstatus(db_) == CONNECTION_OK) return true;
  return fail("connection", PQerrorMessage(db_));
}

PostgresStore::Rows PostgresStore::run(const char* name, const char* sql, const std::vector<std::string>& params,
                                       const char* what) {
  if (!db_ || PQstatus(db_) != CONNECTION_OK) {
    fail(what, db_ ? PQerrorMessage(db_) : "not connected");
    return Rows();
  }
  if (!prepared_.count(name)) {
    PGresult* p = PQprepare(db_, name, sql, int(params.size()), nullptr);
    const bool ok = p && PQresultStatus(p) == PGRES_COMMAND_OK;
    const std::string why = ok ? "" : PQerrorMessage(db_);
    if (p) PQclear(p);
    if (!ok) {
      fail(what, why);
      return Rows();
    }
    prepared_.insert(name);
  }
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const std::string& s : params) values.push_back(s.c_str());
  PGresult* r = PQexecPrepared(db_, name, int(params.size()), values.data(), nullptr, nullptr, 0);
  const ExecStatusType st = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
    fail(what, r ? PQresultErrorMessage(r) : PQerrorMessage(db_));
    if (r) PQclear(r);
    return Rows();
  }
  return Rows(r);
}

bool PostgresStore::exec(const char* sql, const char* what) {
  if (!db_) return fail(what, "not connected");
  PGresult* r = PQexec(db_, sql);
  const ExecStatusType st = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
  const bool ok = st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
  const std::string why = ok ? "" : r ? PQresultErrorMessage(r) : PQerrorMessage(db_);
  if (r) PQclear(r);
  return ok || fail(what, why);
}

bool PostgresStore::migrate(std::string& error) {
  // Several servers may start at once on one database: one of them at a time creates or migrates.
  bool ok = exec("BEGIN", "schema") && exec("SELECT pg_advisory_xact_lock(78000001)", "schema") &&
            exec(kSchema, "schema");
  Rows v = ok ? run("schema_version", "SELECT version FROM xq_schema", {}, "schema") : Rows();
  ok = ok && v.ok();
  int version = ok && v.count() ? int(v.integer(0, 0)) : 0;
  if (ok && version > kSchemaVersion) {
    exec("ROLLBACK", "schema");
    error = "the database was written by a newer server (schema " + std::to_string(version) + ", this one knows " +
            std::to_string(kSchemaVersion) + ")";
    return false;
  }
  if (ok && version == 0)
    ok = exec(("INSERT INTO xq_schema(version) VALUES(" + std::to_string(kSchemaVersion) + ")").c_str(), "schema");
  else if (ok && version < kSchemaVersion)  // the statements above brought it up to date
    ok = exec(("UPDATE xq_schema SET version=" + std::to_string(kSchemaVersion)).c_str(), "schema");
  ok = ok && exec("COMMIT", "schema");
  if (!ok) {
    const std::string why = last_error_;
    exec("ROLLBACK", "schema");
    error = "cannot set up the schema (" + why + ")";
  }
  return ok;
}

bool PostgresStore::open(const std::string& uri, std::string& error) {
  uri_ = uri;
  db_ = PQconnectdb(uri.c_str());
  if (!db_ || PQstatus(db_) != CONNECTION_OK) {
    std::string why = db_ ? PQerrorMessage(db_) : "out of memory";
    while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
    // The URI may hold a password: name the database by what follows the last '/' only.
    const std::string path = uri.substr(0, uri.find('?'));
    const size_t slash = path.rfind('/');
    error = "PostgreSQL database " + (slash == std::string::npos ? std::string("?") : path.substr(slash + 1)) +
            ": cannot connect (" + why + ")";
    return false;
  }
  // Times are written and compared in UTC; a notice of ours is not worth a line on stderr.
  // A write that waits 200 ms on another session's lock fails (and its move is refused, not relayed),
  // as with SQLite's busy timeout; the database thread never hangs on a stuck lock.
  if (!exec("SET TIME ZONE 'UTC'", "session") || !exec("SET client_min_messages TO WARNING", "session") ||
      !exec("SET lock_timeout = '200ms'", "session")) {
    error = "PostgreSQL: " + last_error_;
    return false;
  }
  return migrate(error);
}

bool PostgresStore::begin() {
  if (!usable()) return false;
  return exec("BEGIN", "begin");
}
bool PostgresStore::commit() {
  if (exec("COMMIT", "commit")) return true;
  rollback();
  return false;
}
void PostgresStore::rollback() {
  if (db_ && PQtransactionStatus(db_) != PQTRANS_IDLE) exec("ROLLBACK", "rollback");
}
bool PostgresStore::savepoint() { return exec("SAVEPOINT task", "savepoint"); }
bool PostgresStore::release() { return exec("RELEASE SAVEPOINT task", "release"); }
void PostgresStore::rollback_to_savepoint() {
  if (exec("ROLLBACK TO SAVEPOINT task", "rollback to savepoint")) exec("RELEASE SAVEPOINT task", "release");
}

std::optional<PlayerRow> PostgresStore::player_by_name(const std::string& name) {
  static const std::string sql = std::string("SELECT ") + kPlayerColumns + " FROM players WHERE lower(name)=lower($1)";
  Rows r = run("by_name", sql.c_str(), {name}, "reading a player");
  if (r.ok() && r.count()) return read_player(r);
  return std::nullopt;
}

std::optional<PlayerRow> PostgresStore::player_by_token(const std::string& token) {
  static const std::string sql =
      std::string("SELECT ") + kPlayerColumns + " FROM players WHERE token=$1 AND token_expires>$2";
  Rows r = run("by_token", sql.c_str(), {token_hash(token), num(int64_t(std::time(nullptr)))}, "reading a token");
  if (r.ok() && r.count()) return read_player(r);
  return std::nullopt;
}

int64_t PostgresStore::add_player(const std::string& name, const std::string& hash, bool guest) {
  Rows r = run("add_player",
               "INSERT INTO players(name,guest,hash,rating,deviation,volatility) VALUES($1,$2,$3,1500,350,0.06) "
               "ON CONFLICT DO NOTHING RETURNING id",
               {name, guest ? "true" : "false", hash}, "adding a player");
  return r.ok() && r.count() ? r.integer(0, 0) : 0;
}

bool PostgresStore::name_used(const std::string& name) {
  Rows r = run("name_used",
               "SELECT (EXISTS(SELECT 1 FROM players WHERE lower(name)=lower($1)) OR "
               "EXISTS(SELECT 1 FROM games WHERE lower(red_name)=lower($1)) OR "
               "EXISTS(SELECT 1 FROM games WHERE lower(black_name)=lower($1)))::int",
               {name}, "looking a name up");
  if (!r.ok() || !r.count()) return true;  // when in doubt, the name is not free
  return r.integer(0, 0) != 0;
}

bool PostgresStore::set_token(int64_t player, const std::string& token, int64_t lifetime_s) {
  return run("set_token", "UPDATE players SET token=$1,token_expires=$2,seen=now() WHERE id=$3",
             {token_hash(token), num(int64_t(std::time(nullptr)) + lifetime_s), num(player)}, "keeping a token")
      .ok();
}

bool PostgresStore::clear_token(int64_t player) {
  return run("clear_token", "UPDATE players SET token='',token_expires=0 WHERE id=$1", {num(player)}, "ending a token")
      .ok();
}

int64_t PostgresStore::start_game(const StoredGame& g) {
  Rows r = run("start_game",
               "INSERT INTO games(red,black,red_name,black_name,time_control,rated,start_fen,red_ms,black_ms,owner) "
               "VALUES($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING id",
               {num(g.red), num(g.black), g.red_name, g.black_name, g.time_text, g.rated ? "true" : "false",
                g.start_fen, num(g.start_clock.red_ms), num(g.start_clock.black_ms), num(node_)},
               "starting a game");
  return r.ok() && r.count() ? r.integer(0, 0) : 0;
}

// A share lock on the game's row: a takeover (an UPDATE of its owner) waits
// for this transaction, or this one sees the new owner and fails. So a move
// is written only by the node that holds the game, and a node that takes a
// game over reads every move committed before.
bool PostgresStore::owned(int64_t game, const char* what) {
  Rows r = run("owned", "SELECT owner FROM games WHERE id=$1 AND status='playing' FOR SHARE", {num(game)}, what);
  if (!r.ok()) return false;
  if (!r.count()) return fail(what, "game " + num(game) + " is not in progress");
  if (r.integer(0, 0) != node_) return fail(what, "game " + num(game) + " is now held by another server node");
  return true;
}

bool PostgresStore::add_move(int64_t game, int ply, Move m, ClockPair clock) {
  // The ownership check and the write in one round trip (a move is the hot path).
  Rows r = run("add_move",
               "WITH held AS (SELECT 1 FROM games WHERE id=$1 AND owner=$6 AND status='playing' FOR SHARE) "
               "INSERT INTO moves(game,ply,move,red_ms,black_ms) SELECT $1,$2,$3,$4,$5 FROM held ON CONFLICT (game,ply) "
               "DO UPDATE SET move=EXCLUDED.move,red_ms=EXCLUDED.red_ms,black_ms=EXCLUDED.black_ms",
               {num(game), num(ply), num(int64_t(m)), num(clock.red_ms), num(clock.black_ms), num(node_)},
               "storing a move");
  if (!r.ok()) return false;
  if (r.changed() != 1) return fail("storing a move", "game " + num(game) + " is not in progress on this server node");
  return true;
}

bool PostgresStore::take_back(int64_t game, int from_ply) {
  if (!owned(game, "taking moves back")) return false;
  return run("take_back", "DELETE FROM moves WHERE game=$1 AND ply>=$2", {num(game), num(from_ply)},
             "taking moves back")
      .ok();
}

bool PostgresStore::finish_game(int64_t game, const std::string& result, const std::string& reason,
                                const std::string& pgn, const std::vector<RatingChange>& ratings) {
  // Inside the caller's transaction (a savepoint of the batch), as with SQLite.
  // A game already archived: nothing to do (as with SQLite); else it must be this node's.
  Rows st = run("finish_status", "SELECT status='over' FROM games WHERE id=$1", {num(game)}, "archiving a game");
  if (!st.ok()) return false;
  if (st.count() && st.text(0, 0) == "t") return true;
  if (!owned(game, "archiving a game")) return false;
  if (!run("finish", "UPDATE games SET status='over',result=$1,reason=$2,pgn=$3,ended=now() WHERE id=$4 AND "
                     "status='playing'",
           {result, reason, pgn, num(game)}, "archiving a game")
           .ok())
    return false;
  if (!run("drop_moves", "DELETE FROM moves WHERE game=$1", {num(game)}, "archiving a game").ok()) return false;
  for (const RatingChange& c : ratings)
    if (!run("set_rating", "UPDATE players SET rating=$1,deviation=$2,volatility=$3,games=games+1 WHERE id=$4",
             {real(c.rating.rating), real(c.rating.deviation), real(c.rating.volatility), num(c.player)},
             "storing a rating")
             .ok())
      return false;
  return true;
}

std::vector<StoredGame> PostgresStore::read_games(const char* name, const char* where,
                                                  const std::vector<std::string>& params) {
  std::vector<StoredGame> games;
  const std::string sql =
      std::string("SELECT g.id,g.red,g.black,g.red_name,g.black_name,g.time_control,g.rated::int,g.start_fen,g.red_ms,"
               "g.black_ms," XQ_UTC("g.started") ",coalesce(r.rating,0),r.deviation,r.volatility,coalesce(b.rating,0),"
               "b.deviation,b.volatility FROM games g LEFT JOIN players r ON r.id=g.red LEFT JOIN players b ON "
               "b.id=g.black WHERE g.status='playing' AND ") + where + " ORDER BY g.id";
  Rows r = run(name, sql.c_str(), params, "reading the games in progress");
  for (int i = 0; i < r.count(); ++i) {
    StoredGame g;
    g.id = r.integer(i, 0);
    g.red = r.integer(i, 1);
    g.black = r.integer(i, 2);
    g.red_name = r.text(i, 3);
    g.black_name = r.text(i, 4);
    g.time_text = r.text(i, 5);
    g.rated = r.integer(i, 6) != 0;
    g.start_fen = r.text(i, 7);
    g.start_clock = {int(r.integer(i, 8)), int(r.integer(i, 9))};
    g.started = r.text(i, 10);
    if (r.real(i, 11) > 0) g.red_rating = {r.real(i, 11), r.real(i, 12), r.real(i, 13)};
    if (r.real(i, 14) > 0) g.black_rating = {r.real(i, 14), r.real(i, 15), r.real(i, 16)};
    games.push_back(std::move(g));
  }
  for (StoredGame& g : games) {
    Rows m = run("game_moves", "SELECT move,red_ms,black_ms FROM moves WHERE game=$1 ORDER BY ply", {num(g.id)},
                 "reading a game's moves");
    for (int i = 0; i < m.count(); ++i) {
      g.moves.push_back(Move(m.integer(i, 0)));
      g.clocks.push_back({int(m.integer(i, 1)), int(m.integer(i, 2))});
    }
  }
  return games;
}

std::vector<StoredGame> PostgresStore::playing_games() {
  // At start: this node's own games (a restart), the games of no node (a
  // database from before schema 2) and those of nodes whose lease ran out.
  if (!run("claim_start",
           "UPDATE games SET owner=$1 WHERE status='playing' AND owner<>$1 AND (owner=0 OR owner IN (SELECT id FROM "
           "xq_nodes WHERE alive_until<now()))",
           {num(node_)}, "taking over games")
           .ok())
    return {};
  return read_games("playing", "g.owner=$1", {num(node_)});
}

std::vector<StoredGame> PostgresStore::claim_games(const std::vector<int64_t>& dead_nodes) {
  std::string list;
  for (int64_t n : dead_nodes) list += (list.empty() ? "" : ",") + num(n);
  if (list.empty()) return {};
  // A node that renewed its lease meanwhile keeps its games. Two nodes
  // claiming at once: the second waits for the first's row locks, then sees
  // the new owner and takes nothing.
  Rows r = run("claim",
               "UPDATE games SET owner=$1 WHERE status='playing' AND owner IN (SELECT id FROM xq_nodes WHERE "
               "alive_until<now() AND id=ANY(('{'||$2||'}')::bigint[])) RETURNING id",
               {num(node_), list}, "taking over games");
  if (!r.ok() || !r.count()) return {};
  std::string ids;
  for (int i = 0; i < r.count(); ++i) ids += (ids.empty() ? "" : ",") + r.text(i, 0);
  return read_games("claimed", "g.owner=$1 AND g.id=ANY(('{'||$2||'}')::bigint[])", {num(node_), ids});
}

std::vector<ArchiveEntry> PostgresStore::history(const std::string& name, int limit) {
  std::vector<ArchiveEntry> out;
  Rows r = run("history",
               "SELECT id,red_name,black_name,result,reason," XQ_UTC("ended") ",rated::int FROM games WHERE "
               "status='over' AND (lower(red_name)=lower($1) OR lower(black_name)=lower($1)) ORDER BY id DESC "
               "LIMIT $2",
               {name, num(limit)}, "reading the history");
  for (int i = 0; i < r.count(); ++i)
    out.push_back({r.integer(i, 0), r.text(i, 1), r.text(i, 2), r.text(i, 3), r.text(i, 4), r.text(i, 5),
                   r.integer(i, 6) != 0});
  return out;
}

std::optional<std::string> PostgresStore::pgn(int64_t game) {
  Rows r = run("pgn", "SELECT pgn FROM games WHERE id=$1 AND status='over'", {num(game)}, "reading a PGN");
  if (r.ok() && r.count()) return r.text(0, 0);
  return std::nullopt;
}

int64_t PostgresStore::finished_count() {
  Rows r = run("finished", "SELECT count(*) FROM games WHERE status='over'", {}, "counting games");
  return r.ok() && r.count() ? r.integer(0, 0) : -1;
}

int64_t PostgresStore::player_count() {
  Rows r = run("players", "SELECT count(*) FROM players", {}, "counting players");
  return r.ok() && r.count() ? r.integer(0, 0) : -1;
}

int64_t PostgresStore::forget_idle_guests(int idle_days) {
  Rows r = run("forget_guests",
               "DELETE FROM players WHERE guest AND seen<now()-make_interval(days => $1::int) AND id NOT IN "
               "(SELECT red FROM games WHERE status='playing' UNION SELECT black FROM games WHERE status='playing')",
               {num(idle_days)}, "forgetting idle guests");
  return r.ok() ? r.changed() : -1;
}

}  // namespace xq::server
