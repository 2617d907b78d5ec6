// The game library: an SQLite database of games (Debian's libsqlite3, WAL
// mode, a transaction per imported file) with every main-line position
// indexed by its Zobrist key, so that "which games reached this position,
// and what was played there" is an index lookup. Positions are not folded
// with their mirror image: the explorer lists the moves as they stand on the
// board (炮二平五 and 炮八平五 are two moves from the start). No SQL leaves
// this folder.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pgn.h"

struct sqlite3;

namespace xq {

struct LibraryGame {
  int64_t id = 0;
  std::string red, black, event, date, result, eco;
  int plies = 0;
};

struct LibraryQuery {
  std::string player;             // either colour, a part of the name
  std::string event;              // a part of the event
  std::string eco;                // a code ("C70") or its start ("C7", "C")
  std::string result;             // "1-0", "0-1", "1/2-1/2" or "" for any
  int year_from = 0, year_to = 0; // 0: open
  std::optional<uint64_t> position;  // games whose main line reached this key
  std::vector<std::string> words;    // each in a player, the event or the date
  int limit = 100;
};

// What a player types in the game list's filter, as a query: "1990-2000",
// "1990-" and "-2000" are a year range, "1-0", "0-1" and "1/2-1/2" the
// result, a letter A–E with up to two digits an ECCO code or its start ("C7"
// finds the 五七炮 openings, "c" every C code), and every other word must
// appear in a player, the event or the date.
LibraryQuery filter_query(const std::string& typed);

// A game's year: its date's, else a year written in its event or title (many
// collections date a game only by its event, "2015年全国象棋甲级联赛"); 0 when none.
int game_year(const PgnGame& g);
int year_in_text(const std::string& text);

struct ExploreMove {
  std::string move;  // ICCS
  int games = 0, red_wins = 0, draws = 0, black_wins = 0;
  double average_year = 0;  // 0 when no game has a year
};

// Merged: the game was there without comments or variations, and the copy
// added has them: the stored text became the richer one. DuplicateWithNotes:
// both have notes and they differ; the stored copy is kept (and reported).
enum class AddResult { Added, Duplicate, Merged, DuplicateWithNotes, Failed };

class Library {
 public:
  Library() = default;
  ~Library();
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;

  // Opens (creating when missing) the database at path. False with a message
  // when the file cannot be opened or written, is not a library, or is locked.
  bool open(const std::string& path, std::string* error);
  // For searching only: never writes, so a library the user cannot write (or
  // one on a read-only disk) can still be searched and exported from.
  bool open_read_only(const std::string& path, std::string* error);
  bool is_open() const { return db_ != nullptr; }
  // The default place: $XDG_DATA_HOME/xiangqi/library.sqlite3 (or
  // ~/.local/share/xiangqi/library.sqlite3).
  static std::string default_path();

  // Transactions around a batch of adds (one imported file).
  bool begin(std::string* error);
  bool commit(std::string* error);
  void rollback();

  // Adds a game: its tags, its moves, its opening code and every main-line
  // position. source_pgn is the game's own PGN text when it came from a PGN
  // file (so variations and comments come back on export); otherwise the
  // game is written as PGN. A game with the same players, start and moves
  // as one in the library is a duplicate and is not added again.
  AddResult add(const PgnGame& g, const std::string& source_pgn, std::string* error);

  std::vector<LibraryGame> find(const LibraryQuery& q, std::string* error) const;
  // The moves played from the position with this key, most played first.
  std::vector<ExploreMove> explore(uint64_t key, std::string* error) const;
  // A game as PGN; false when there is no game with this id.
  bool pgn(int64_t id, std::string& out, std::string* error) const;
  int64_t count() const;
  // The games a query finds in all (no limit); -1 on failure.
  int64_t count(const LibraryQuery& q, std::string* error) const;

 private:
  bool exec(const char* sql, std::string* error) const;
  bool reindex(std::string* error);
  // Gives every game whose file named no opening code the classifier's code again.
  bool reclassify(std::string* error);
  AddResult duplicate(const std::string& signature, const std::string& pgn, std::string* error);
  sqlite3* db_ = nullptr;
};

}  // namespace xq
