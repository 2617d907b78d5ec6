#include "library.h"
#include "text_encoding.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>

#include "ecco.h"
#include "fen.h"
#include "movegen.h"
#include "notation.h"

namespace xq {

namespace {

// The schema's version: a library written by a newer layout is refused
// rather than misread.
constexpr int kSchemaVersion = 1;

const char* const kSchema = R"(
CREATE TABLE IF NOT EXISTS meta(name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games(
  id INTEGER PRIMARY KEY,
  red TEXT NOT NULL, black TEXT NOT NULL, event TEXT NOT NULL, date TEXT NOT NULL,
  year INTEGER NOT NULL, result TEXT NOT NULL, eco TEXT NOT NULL, plies INTEGER NOT NULL,
  fen TEXT NOT NULL, moves TEXT NOT NULL, pgn TEXT NOT NULL,
  signature TEXT NOT NULL UNIQUE);
CREATE INDEX IF NOT EXISTS games_red ON games(red);
CREATE INDEX IF NOT EXISTS games_black ON games(black);
CREATE INDEX IF NOT EXISTS games_eco ON games(eco);
CREATE INDEX IF NOT EXISTS games_year ON games(year);
)";

// The position index, derived from the games and built again whenever its
// layout or this build's keys differ from the file's. Each row carries its
// game's outcome and year, so the explorer reads the index alone, never the
// games (at the start of a 100,000-game library the join cost 150 ms).
// next: the move played from the position, as from * 90 + to with squares
// numbered file * 10 + rank (two bytes); NULL after the last move.
// outcome: 1 red won, 2 black won, 3 drawn, 0 unknown.
constexpr const char* kIndexLayout = "2";
// The opening classifier's edition: the codes the program gave (not those a
// file gave) are given again when a library written by another edition opens.
constexpr const char* kEccoEdition = "2";
const char* const kIndexSchema = R"(
DROP TABLE IF EXISTS positions;
CREATE TABLE positions(
  key INTEGER NOT NULL,
  game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  next INTEGER,
  outcome INTEGER NOT NULL,
  year INTEGER NOT NULL,
  PRIMARY KEY(key, game, ply)) WITHOUT ROWID;
)";

// A prepared statement that finalizes itself.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) { rc_ = sqlite3_prepare_v2(db, sql, -1, &st_, nullptr); }
  ~Statement() { sqlite3_finalize(st_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  bool ok() const { return rc_ == SQLITE_OK && st_; }
  sqlite3_stmt* get() const { return st_; }
  // A bind that fails (out of memory, a text too big) is kept and given by
  // the next step, so every caller's check of step() sees it.
  void bind(int i, const std::string& s) { keep(sqlite3_bind_text(st_, i, s.c_str(), int(s.size()), SQLITE_TRANSIENT)); }
  void bind(int i, int64_t v) { keep(sqlite3_bind_int64(st_, i, v)); }
  void bind_null(int i) { keep(sqlite3_bind_null(st_, i)); }
  int step() { return bind_rc_ != SQLITE_OK ? bind_rc_ : sqlite3_step(st_); }
  void reset() {
    sqlite3_reset(st_);  // gives the last step's code again: that step was checked
    sqlite3_clear_bindings(st_);
    bind_rc_ = SQLITE_OK;
  }
  std::string text(int col) const {
    const unsigned char* t = sqlite3_column_text(st_, col);
    return t ? reinterpret_cast<const char*>(t) : "";
  }
  int64_t integer(int col) const { return sqlite3_column_int64(st_, col); }
  double real(int col) const { return sqlite3_column_double(st_, col); }

 private:
  void keep(int rc) {
    if (rc != SQLITE_OK && bind_rc_ == SQLITE_OK) bind_rc_ = rc;
  }
  sqlite3_stmt* st_ = nullptr;
  int rc_ = SQLITE_ERROR;
  int bind_rc_ = SQLITE_OK;
};

void set_error(std::string* error, const std::string& what) {
  if (error) *error = what;
}

std::string db_message(sqlite3* db) {
  const int code = sqlite3_errcode(db);
  if (code == SQLITE_BUSY || code == SQLITE_LOCKED) return "the library is locked by another program";
  if (code == SQLITE_READONLY) return "the library cannot be written (read-only)";
  if (code == SQLITE_NOTADB) return "the file is not a game library (not an SQLite database)";
  return sqlite3_errmsg(db);
}

// Keys are stored as SQLite's signed 64-bit integers, bit for bit.
int64_t stored(uint64_t key) {
  int64_t v;
  std::memcpy(&v, &key, sizeof v);
  return v;
}

std::string normal_result(const std::string& r) {
  if (r == "1-0" || r == "0-1" || r == "1/2-1/2") return r;
  return "*";
}

int year_of(const std::string& date) {
  if (date.size() < 4) return 0;
  int y = 0;
  for (int i = 0; i < 4; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(date[size_t(i)]))) return 0;
    y = y * 10 + (date[size_t(i)] - '0');
  }
  return y;
}

}  // namespace

// A year written alone in a text ("2015年全国象棋甲级联赛", "Asian Cup 1998"):
// four digits from 1000 to 2999 with no digit on either side.
int year_in_text(const std::string& t) {
  for (size_t i = 0; i + 4 <= t.size(); ++i) {
    auto digit = [&](size_t k) { return k < t.size() && std::isdigit(static_cast<unsigned char>(t[k])); };
    if (!digit(i) || !digit(i + 1) || !digit(i + 2) || !digit(i + 3) || digit(i + 4) || (i > 0 && digit(i - 1))) continue;
    const int y = std::stoi(t.substr(i, 4));
    if (y >= 1000 && y <= 2999) return y;
  }
  return 0;
}

int game_year(const PgnGame& g) {
  if (const int y = year_of(g.tag("Date"))) return y;
  if (const int y = year_in_text(g.tag("Event"))) return y;
  return year_in_text(g.tag("Title"));
}

namespace {

bool is_code(const std::string& s) {
  return s.size() == 3 && s[0] >= 'A' && s[0] <= 'E' && std::isdigit(static_cast<unsigned char>(s[1])) &&
         std::isdigit(static_cast<unsigned char>(s[2]));
}

// The code a game's own file gave it ([ECCO "C70"] or [ECO "C70"] in its
// stored tags), or "".
std::string code_from_file(const std::string& pgn) {
  for (const char* tag : {"[ECCO \"", "[ECO \""}) {
    const size_t at = pgn.find(tag);
    if (at == std::string::npos) continue;
    const std::string code = pgn.substr(at + std::strlen(tag), 3);
    if (is_code(code)) return code;
  }
  return "";
}

// FNV-1a over the players, the start and the moves: the same game read from
// two files (or twice) has one signature.
std::string signature(const std::string& red, const std::string& black, const std::string& fen,
                      const std::string& moves) {
  uint64_t h = 1469598103934665603ull;
  for (const std::string* part : {&red, &black, &fen, &moves}) {
    for (unsigned char c : *part) h = (h ^ c) * 1099511628211ull;
    h = (h ^ 0xff) * 1099511628211ull;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// The LIKE pattern for "contains text" with the wildcards of text escaped.
std::string contains(const std::string& text) {
  std::string out = "%";
  for (char c : text) {
    if (c == '%' || c == '_' || c == '\\') out += '\\';
    out += c;
  }
  return out + "%";
}

// Whether a game's PGN text has more than its main line: a comment, a
// variation, a mark or a NAG in its movetext (moves never use these signs).
bool movetext_has_notes(const std::string& pgn);

}  // namespace

// A game already there: the copy with comments or variations is kept.
AddResult Library::duplicate(const std::string& sig, const std::string& pgn, std::string* error) {
  if (!movetext_has_notes(pgn)) return AddResult::Duplicate;
  Statement get(db_, "SELECT id, pgn FROM games WHERE signature = ?");
  if (!get.ok()) {
    set_error(error, db_message(db_));
    return AddResult::Failed;
  }
  get.bind(1, sig);
  const int rc = get.step();
  if (rc != SQLITE_ROW) {
    set_error(error, rc == SQLITE_DONE ? "a duplicate game vanished" : db_message(db_));
    return AddResult::Failed;
  }
  const int64_t id = get.integer(0);
  const std::string stored = get.text(1);
  if (stored == pgn) return AddResult::Duplicate;
  if (movetext_has_notes(stored)) return AddResult::DuplicateWithNotes;
  Statement put(db_, "UPDATE games SET pgn = ? WHERE id = ?");
  if (!put.ok()) {
    set_error(error, db_message(db_));
    return AddResult::Failed;
  }
  put.bind(1, pgn);
  put.bind(2, id);
  if (put.step() != SQLITE_DONE) {
    set_error(error, db_message(db_));
    return AddResult::Failed;
  }
  return AddResult::Merged;
}

namespace {

bool movetext_has_notes(const std::string& pgn) {
  size_t i = 0;
  while (i < pgn.size()) {
    size_t end = pgn.find('\n', i);
    if (end == std::string::npos) end = pgn.size();
    const size_t first = pgn.find_first_not_of(" \t\r", i);
    if (first < end && pgn[first] != '[')
      for (size_t k = first; k < end; ++k)
        if (std::strchr("{(;$!?", pgn[k])) return true;
    i = end + 1;
  }
  return false;
}

// A game with nothing beyond its main line is stored as its tags alone
// (about 100 bytes instead of 15 a move): export writes the moves again
// from the moves column. The tags are PGN tag lines, escaped as PGN escapes.
std::string tag_lines(const std::vector<std::pair<std::string, std::string>>& tags) {
  std::string out;
  for (const auto& [name, value] : tags) {
    if (name == "Result" || name == "FEN" || name.empty() ||
        !std::all_of(name.begin(), name.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }))
      continue;
    out += '[' + name + " \"";
    for (char c : value) {
      if (c == '"' || c == '\\') out += '\\';
      if (c != '\n' && c != '\r') out += c;
    }
    out += "\"]\n";
  }
  return out;
}

// The tags of stored tag lines, or false when the text holds movetext too
// (a game kept with its notes, or one stored before tags-only rows).
bool tags_only(const std::string& text, std::vector<std::pair<std::string, std::string>>& tags) {
  size_t i = 0;
  while (i < text.size()) {
    size_t end = text.find('\n', i);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(i, end - i);
    i = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const size_t space = line.find(" \"");
    if (line[0] != '[' || space == std::string::npos || line.size() < space + 4 || line.compare(line.size() - 2, 2, "\"]") != 0)
      return false;
    std::string value;
    for (size_t k = space + 2; k + 2 < line.size(); ++k) {
      if (line[k] == '\\' && k + 3 < line.size()) ++k;
      value += line[k];
    }
    tags.emplace_back(line.substr(1, space - 1), value);
  }
  return true;
}

// The key of the standard start as this build computes it: a library
// indexed by another build's keys is indexed again.
std::string key_check() {
  FenData d;
  parse_fen(kStartFen, d, nullptr);
  return std::to_string(stored(d.pos.key()));
}

}  // namespace

LibraryQuery filter_query(const std::string& typed) {
  LibraryQuery q;
  size_t i = 0;
  while (i < typed.size()) {
    const size_t start = typed.find_first_not_of(" \t", i);
    if (start == std::string::npos) break;
    size_t end = typed.find_first_of(" \t", start);
    if (end == std::string::npos) end = typed.size();
    const std::string w = typed.substr(start, end - start);
    i = end;
    if (w == "1-0" || w == "0-1" || w == "1/2-1/2") {
      q.result = w;
      continue;
    }
    // An ECCO code or its start: a letter A to E and up to two digits.
    if (w.size() <= 3 && std::toupper(static_cast<unsigned char>(w[0])) >= 'A' &&
        std::toupper(static_cast<unsigned char>(w[0])) <= 'E' &&
        std::all_of(w.begin() + 1, w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
      q.eco = w;
      q.eco[0] = char(std::toupper(static_cast<unsigned char>(w[0])));
      continue;
    }
    const size_t dash = w.find('-');
    auto year = [](const std::string& s) { return s.size() == 4 ? year_of(s) : 0; };
    if (dash != std::string::npos && w.size() > 1) {
      const std::string from = w.substr(0, dash), to = w.substr(dash + 1);
      const int a = year(from), b = year(to);
      if ((a || from.empty()) && (b || to.empty())) {
        q.year_from = a;
        q.year_to = b;
        continue;
      }
    }
    q.words.push_back(w);
  }
  return q;
}

Library::~Library() {
  if (db_) sqlite3_close(db_);
}

std::string Library::default_path() {
  const char* data = std::getenv("XDG_DATA_HOME");
  std::filesystem::path base(".");
  if (data && *data == '/') base = data;
  else if (const char* home = std::getenv("HOME"); home && *home) base = std::filesystem::path(home) / ".local" / "share";
  return (base / "xiangqi" / "library.sqlite3").string();
}

bool Library::exec(const char* sql, std::string* error) const {
  char* msg = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &msg) != SQLITE_OK) {
    set_error(error, db_message(db_));
    sqlite3_free(msg);
    return false;
  }
  return true;
}

bool Library::open(const std::string& path, std::string* error) {
  if (db_) {
    sqlite3_close(db_);
    db_ = nullptr;
  }
  std::error_code ec;
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (!dir.empty()) std::filesystem::create_directories(dir, ec);
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr) !=
      SQLITE_OK) {
    set_error(error, path + ": " + (db ? std::string(sqlite3_errmsg(db)) : "cannot be opened"));
    sqlite3_close(db);
    return false;
  }
  db_ = db;
  sqlite3_busy_timeout(db_, 2000);
  std::string err;
  // The first statement reads the file: a file that is no database fails here.
  if (!exec("PRAGMA journal_mode=WAL", &err) || !exec("PRAGMA synchronous=NORMAL", &err) ||
      !exec("PRAGMA foreign_keys=ON", &err) || !exec("PRAGMA cache_size=-65536", &err) || !exec("BEGIN IMMEDIATE", &err)) {
    set_error(error, path + ": " + err);
    sqlite3_close(db_);
    db_ = nullptr;
    return false;
  }
  bool ok = exec(kSchema, &err);
  std::string version, keys, layout, ecco;
  if (ok) {
    Statement st(db_, "SELECT name, value FROM meta");
    while (st.ok() && st.step() == SQLITE_ROW) {
      if (st.text(0) == "schema") version = st.text(1);
      if (st.text(0) == "keys") keys = st.text(1);
      if (st.text(0) == "index") layout = st.text(1);
      if (st.text(0) == "ecco") ecco = st.text(1);
    }
  }
  if (ok && !version.empty() && version != std::to_string(kSchemaVersion)) {
    err = "the library was written by another version of the program (layout " + version + ")";
    ok = false;
  }
  if (ok && version.empty())
    ok = exec(("INSERT OR REPLACE INTO meta VALUES('schema', '" + std::to_string(kSchemaVersion) + "')").c_str(), &err);
  if (ok && (keys != key_check() || layout != kIndexLayout)) ok = reindex(&err);
  if (ok && ecco != kEccoEdition) ok = reclassify(&err);
  if (ok) ok = exec("COMMIT", &err);
  if (!ok) {
    exec("ROLLBACK", nullptr);
    set_error(error, path + ": " + err);
    sqlite3_close(db_);
    db_ = nullptr;
  }
  return ok;
}

bool Library::open_read_only(const std::string& path, std::string* error) {
  if (db_) {
    sqlite3_close(db_);
    db_ = nullptr;
  }
  if (!std::filesystem::exists(path)) {
    set_error(error, path + ": no game library here (import games first)");
    return false;
  }
  // A URI names the file, its '%', '?' and '#' escaped; mode=ro never writes.
  std::string uri = "file:";
  for (char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", static_cast<unsigned char>(c));
      uri += hex;
    } else {
      uri += c;
    }
  }
  sqlite3* db = nullptr;
  const int flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2((uri + "?mode=ro").c_str(), &db, flags, nullptr) != SQLITE_OK) {
    set_error(error, path + ": " + (db ? std::string(sqlite3_errmsg(db)) : "cannot be opened"));
    sqlite3_close(db);
    return false;
  }
  db_ = db;
  sqlite3_busy_timeout(db_, 2000);
  std::string version, keys, layout;
  {
    Statement st(db_, "SELECT name, value FROM meta");
    int rc = SQLITE_ERROR;
    while (st.ok() && (rc = st.step()) == SQLITE_ROW) {
      if (st.text(0) == "schema") version = st.text(1);
      if (st.text(0) == "keys") keys = st.text(1);
      if (st.text(0) == "index") layout = st.text(1);
    }
    std::string why;
    if (!st.ok() || rc != SQLITE_DONE) why = db_message(db_);
    else if (version != std::to_string(kSchemaVersion))
      why = "the library was written by another version of the program (layout " + version + ")";
    else if (keys != key_check() || layout != kIndexLayout)
      why = "the library must be opened once by a program that can write it (its index is out of date)";
    if (!why.empty()) {
      set_error(error, path + ": " + why);
      db_ = nullptr;
    }
  }
  if (!db_) {
    sqlite3_close(db);
    return false;
  }
  return true;
}

bool Library::begin(std::string* error) { return exec("BEGIN IMMEDIATE", error); }
bool Library::commit(std::string* error) { return exec("COMMIT", error); }
void Library::rollback() { exec("ROLLBACK", nullptr); }

namespace {

int outcome_of(const std::string& result) {
  return result == "1-0" ? 1 : result == "0-1" ? 2 : result == "1/2-1/2" ? 3 : 0;
}

int square_code(Square s) { return file_of(s) * 10 + rank_of(s); }
int64_t move_code(Move m) { return square_code(move_from(m)) * 90 + square_code(move_to(m)); }
Move code_move(int64_t code) {
  const int from = int(code / 90), to = int(code % 90);
  return make_move(make_square(from / 10, from % 10), make_square(to / 10, to % 10));
}

// Every main-line position of a game with the move played from it (none
// after the last): the rows of the position index.
bool index_game(sqlite3* db, int64_t id, const std::string& fen, const std::vector<Move>& moves, int outcome,
                int year) {
  FenData d;
  if (!parse_fen(fen, d, nullptr)) return false;
  Statement st(db, "INSERT OR IGNORE INTO positions(key, game, ply, next, outcome, year) VALUES(?, ?, ?, ?, ?, ?)");
  if (!st.ok()) return false;
  Position& pos = d.pos;
  for (size_t ply = 0; ply <= moves.size(); ++ply) {
    st.bind(1, stored(pos.key()));
    st.bind(2, id);
    st.bind(3, int64_t(ply));
    if (ply < moves.size()) st.bind(4, move_code(moves[ply]));
    else st.bind_null(4);
    st.bind(5, int64_t(outcome));
    st.bind(6, int64_t(year));
    if (st.step() != SQLITE_DONE) return false;
    st.reset();
    if (ply == moves.size()) break;
    if (!is_legal(pos, moves[ply])) return false;
    pos.do_move(moves[ply]);
  }
  return true;
}

std::vector<Move> moves_of(const std::string& iccs) {
  std::vector<Move> out;
  size_t i = 0;
  while (i < iccs.size()) {
    const size_t j = iccs.find(' ', i);
    Move m = kNoMove;
    if (iccs_to_move(iccs.substr(i, j == std::string::npos ? std::string::npos : j - i), m, nullptr)) out.push_back(m);
    if (j == std::string::npos) break;
    i = j + 1;
  }
  return out;
}

}  // namespace

bool Library::reindex(std::string* error) {
  if (!exec(kIndexSchema, error)) return false;
  Statement st(db_, "SELECT id, fen, moves, result, year FROM games");
  while (st.ok() && st.step() == SQLITE_ROW)
    if (!index_game(db_, st.integer(0), st.text(1), moves_of(st.text(2)), outcome_of(st.text(3)),
                    int(st.integer(4)))) {
      set_error(error, "game " + std::to_string(st.integer(0)) + " cannot be indexed");
      return false;
    }
  return exec(("INSERT OR REPLACE INTO meta VALUES('keys', '" + key_check() + "')").c_str(), error) &&
         exec((std::string("INSERT OR REPLACE INTO meta VALUES('index', '") + kIndexLayout + "')").c_str(), error);
}

bool Library::reclassify(std::string* error) {
  std::vector<std::pair<int64_t, std::string>> codes;
  {
    Statement st(db_, "SELECT id, fen, moves, pgn, eco FROM games");
    int rc = SQLITE_ERROR;
    while (st.ok() && (rc = st.step()) == SQLITE_ROW) {
      if (!code_from_file(st.text(3)).empty()) continue;
      const std::string code = classify_opening(st.text(1), moves_of(st.text(2))).code;
      if (code != st.text(4)) codes.emplace_back(st.integer(0), code);
    }
    if (!st.ok() || rc != SQLITE_DONE) {
      set_error(error, "reading the games to give their openings again: " + db_message(db_));
      return false;
    }
  }
  Statement up(db_, "UPDATE games SET eco = ? WHERE id = ?");
  for (const auto& [id, code] : codes) {
    up.reset();
    up.bind(1, code);
    up.bind(2, id);
    if (!up.ok() || up.step() != SQLITE_DONE) {
      set_error(error, "game " + std::to_string(id) + ": its opening cannot be stored: " + db_message(db_));
      return false;
    }
  }
  return exec((std::string("INSERT OR REPLACE INTO meta VALUES('ecco', '") + kEccoEdition + "')").c_str(), error);
}

AddResult Library::add(const PgnGame& g, const std::string& source_pgn, std::string* error) {
  if (!db_) {
    set_error(error, "no library is open");
    return AddResult::Failed;
  }
  Game game;
  std::string err;
  if (!game.reset(g.fen, &err)) {
    set_error(error, "bad position: " + err);
    return AddResult::Failed;
  }
  std::string iccs;
  for (Move m : g.moves) {
    if (!game.play_on(m)) {
      set_error(error, "move " + move_to_iccs(m) + " is not legal");
      return AddResult::Failed;
    }
    if (!iccs.empty()) iccs += ' ';
    iccs += move_to_iccs(m);
  }
  // Only UTF-8 is stored: the readers convert what they read, and anything
  // that is still not UTF-8 is kept with its odd bytes written out (\xNN).
  auto utf8 = [](const std::string& t) { return valid_utf8(t) ? t : printable_utf8(t); };
  const std::string red = utf8(g.tag("Red")), black = utf8(g.tag("Black"));
  std::string eco = g.tag("ECCO").empty() ? g.tag("ECO") : g.tag("ECCO");
  if (!is_code(eco)) eco = classify_opening(g.fen, g.moves).code;
  const bool commented = std::any_of(g.comments.begin(), g.comments.end(), [](const std::string& c) { return !c.empty(); });
  std::string pgn;
  if (!source_pgn.empty() && (commented || movetext_has_notes(source_pgn))) {
    pgn = source_pgn;
  } else if (commented) {
    std::vector<std::pair<std::string, std::string>> tags;
    for (const auto& [name, value] : g.tags)
      if (name != "Result" && name != "FEN") tags.emplace_back(name, value);
    pgn = write_pgn_tree(GameTree::from_line(g.fen, g.moves, g.comments), tags, normal_result(g.tag("Result")));
  } else {
    pgn = tag_lines(g.tags);
  }
  Statement st(db_,
               "INSERT OR IGNORE INTO games(red, black, event, date, year, result, eco, plies, fen, moves, pgn, "
               "signature) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  if (!st.ok()) {
    set_error(error, db_message(db_));
    return AddResult::Failed;
  }
  const std::string event = utf8(g.tag("Event").empty() ? g.tag("Title") : g.tag("Event"));
  st.bind(1, red);
  st.bind(2, black);
  st.bind(3, event);
  st.bind(4, utf8(g.tag("Date")));
  st.bind(5, int64_t(game_year(g)));
  st.bind(6, normal_result(g.tag("Result")));
  st.bind(7, eco);
  st.bind(8, int64_t(g.moves.size()));
  st.bind(9, g.fen);
  st.bind(10, iccs);
  st.bind(11, utf8(pgn));
  st.bind(12, signature(red, black, g.fen, iccs));
  if (st.step() != SQLITE_DONE) {
    set_error(error, db_message(db_));
    return AddResult::Failed;
  }
  if (sqlite3_changes(db_) == 0) return duplicate(signature(red, black, g.fen, iccs), pgn, error);
  if (!index_game(db_, sqlite3_last_insert_rowid(db_), g.fen, g.moves, outcome_of(normal_result(g.tag("Result"))),
                  game_year(g))) {
    set_error(error, "the positions cannot be indexed: " + db_message(db_));
    return AddResult::Failed;
  }
  return AddResult::Added;
}

namespace {

// The query's WHERE clause; its values are bound by bind_query (parameters ?1-?7, ?9-?24; ?8 is the limit).
std::string query_where(const LibraryQuery& q) {
  std::string sql = " WHERE 1";
  if (!q.player.empty()) sql += " AND (red LIKE ?1 ESCAPE '\\' OR black LIKE ?1 ESCAPE '\\')";
  if (!q.event.empty()) sql += " AND event LIKE ?2 ESCAPE '\\'";
  if (!q.eco.empty()) sql += " AND eco LIKE ?3 ESCAPE '\\'";
  if (!q.result.empty()) sql += " AND result = ?4";
  if (q.year_from) sql += " AND year >= ?5";
  if (q.year_to) sql += " AND year BETWEEN 1 AND ?6";  // a game of no known year is in no range
  if (q.position) sql += " AND id IN (SELECT game FROM positions WHERE key = ?7)";
  for (size_t i = 0; i < q.words.size() && i < 16; ++i) {
    const std::string n = "?" + std::to_string(9 + i);
    sql += " AND (red LIKE " + n + " ESCAPE '\\' OR black LIKE " + n + " ESCAPE '\\' OR event LIKE " + n +
           " ESCAPE '\\' OR date LIKE " + n + " ESCAPE '\\')";
  }
  return sql;
}

void bind_query(Statement& st, const LibraryQuery& q) {
  if (!q.player.empty()) st.bind(1, contains(q.player));
  if (!q.event.empty()) st.bind(2, contains(q.event));
  if (!q.eco.empty()) st.bind(3, contains(q.eco).substr(1));  // a prefix: "B0" finds B00-B09, "%" finds nothing
  if (!q.result.empty()) st.bind(4, q.result);
  if (q.year_from) st.bind(5, int64_t(q.year_from));
  if (q.year_to) st.bind(6, int64_t(q.year_to));
  if (q.position) st.bind(7, stored(*q.position));
  for (size_t i = 0; i < q.words.size() && i < 16; ++i) st.bind(int(9 + i), contains(q.words[i]));
}

}  // namespace

std::vector<LibraryGame> Library::find(const LibraryQuery& q, std::string* error) const {
  std::vector<LibraryGame> out;
  if (!db_) return out;
  const std::string sql =
      "SELECT id, red, black, event, date, result, eco, plies FROM games" + query_where(q) + " ORDER BY id LIMIT ?8";
  Statement st(db_, sql.c_str());
  if (!st.ok()) {
    set_error(error, db_message(db_));
    return out;
  }
  bind_query(st, q);
  st.bind(8, int64_t(q.limit > 0 ? q.limit : 100));
  int rc;
  while ((rc = st.step()) == SQLITE_ROW)
    out.push_back({st.integer(0), st.text(1), st.text(2), st.text(3), st.text(4), st.text(5), st.text(6),
                   int(st.integer(7))});
  if (rc != SQLITE_DONE) set_error(error, db_message(db_));
  return out;
}

int64_t Library::count(const LibraryQuery& q, std::string* error) const {
  if (!db_) return 0;
  const std::string sql = "SELECT count(*) FROM games" + query_where(q);
  Statement st(db_, sql.c_str());
  if (!st.ok()) {
    set_error(error, db_message(db_));
    return -1;
  }
  bind_query(st, q);
  if (st.step() != SQLITE_ROW) {
    set_error(error, db_message(db_));
    return -1;
  }
  return st.integer(0);
}

std::vector<ExploreMove> Library::explore(uint64_t key, std::string* error) const {
  std::vector<ExploreMove> out;
  if (!db_) return out;
  // The index's rows of this position come by game: a game that passes the
  // position twice with the same move counts once. Summed here rather than
  // by GROUP BY, which sorted 100,000 rows at the start position.
  Statement st(db_, "SELECT game, next, outcome, year FROM positions WHERE key = ? AND next IS NOT NULL");
  if (!st.ok()) {
    set_error(error, db_message(db_));
    return out;
  }
  st.bind(1, stored(key));
  struct Sums {
    int games = 0, outcome[4] = {0, 0, 0, 0}, dated = 0;
    double years = 0;
  };
  std::map<int64_t, Sums> by_move;
  int64_t game = -1;
  std::vector<int64_t> seen;  // the moves of this game from the position so far
  int rc;
  while ((rc = st.step()) == SQLITE_ROW) {
    const int64_t g = st.integer(0), next = st.integer(1);
    if (g != game) {
      game = g;
      seen.clear();
    }
    if (std::find(seen.begin(), seen.end(), next) != seen.end()) continue;
    seen.push_back(next);
    Sums& s = by_move[next];
    ++s.games;
    ++s.outcome[std::clamp(int(st.integer(2)), 0, 3)];
    if (const int64_t year = st.integer(3); year > 0) {
      ++s.dated;
      s.years += double(year);
    }
  }
  if (rc != SQLITE_DONE) {
    set_error(error, db_message(db_));
    return {};
  }
  for (const auto& [code, s] : by_move) {
    if (code < 0 || code >= 90 * 90) continue;  // not a move this build wrote
    out.push_back({move_to_iccs(code_move(code)), s.games, s.outcome[1], s.outcome[3], s.outcome[2],
                   s.dated ? s.years / s.dated : 0.0});
  }
  std::sort(out.begin(), out.end(), [](const ExploreMove& a, const ExploreMove& b) {
    return a.games != b.games ? a.games > b.games : a.move < b.move;
  });
  return out;
}

bool Library::pgn(int64_t id, std::string& out, std::string* error) const {
  if (!db_) return false;
  Statement st(db_, "SELECT pgn, fen, moves, result FROM games WHERE id = ?");
  st.bind(1, id);
  if (!st.ok() || st.step() != SQLITE_ROW) {
    set_error(error, "no game " + std::to_string(id) + " in the library");
    return false;
  }
  std::vector<std::pair<std::string, std::string>> tags;
  if (!tags_only(st.text(0), tags)) {
    out = st.text(0);
    return true;
  }
  out = write_pgn_tree(GameTree::from_line(st.text(1), moves_of(st.text(2))), tags, st.text(3));
  return true;
}

int64_t Library::count() const {
  if (!db_) return 0;
  Statement st(db_, "SELECT COUNT(*) FROM games");
  return st.ok() && st.step() == SQLITE_ROW ? st.integer(0) : 0;
}

}  // namespace xq
