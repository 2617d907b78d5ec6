// The game library on a real SQLite file: import of files and folders with
// their failures named, duplicates, search, the explorer, export, cancelling,
// and files that are no library or are locked.
#include <map>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>

#include "cbr_writer.h"
#include "fen.h"
#include "import.h"
#include "library.h"
#include "pgn.h"
#include "xqf.h"
#include "test_util.h"
#include "xqf_example.h"

namespace fs = std::filesystem;

namespace {

const std::string kData = std::string(XQ_TEST_DATA) + "/data/library";

// A fresh folder a test, removed at its end.
struct TempDir {
  fs::path path;
  TempDir() {
    static int n = 0;
    path = fs::temp_directory_path() / ("xq-library-" + std::to_string(getpid()) + "-" + std::to_string(n++));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

void write(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

uint64_t key_after(const std::string& iccs) {
  xq::Position p = pos_from(xq::kStartFen);
  std::stringstream ss(iccs);
  std::string w;
  while (ss >> w) p.do_move(mv(w));
  return p.key();
}

std::vector<std::string> reds(const std::vector<xq::LibraryGame>& games) {
  std::vector<std::string> out;
  for (const auto& g : games) out.push_back(g.red);
  return out;
}

}  // namespace

TEST(Library, ImportsAFolderNamingWhatFailedAndSkippingDuplicates) {
  TempDir dir;
  fs::copy(kData, dir.file("games"));
  write(dir.file("games/club.cbr"),
        cbr_writer::cbr("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", true, 1, u"",
                        {{"h2e2", u""}, {"h7e7", u""}, {"h0g2", u"", true}}));
  write(dir.file("games/notes.doc"), "not a game file: not looked at");
  xq::Library lib;
  std::string err;
  ASSERT_TRUE(lib.open(dir.file("library.sqlite3"), &err)) << err;
  int progress_calls = 0;
  const xq::ImportReport r =
      xq::import_paths(lib, {dir.file("games")}, nullptr, [&](const xq::ImportReport&) { ++progress_calls; });
  // again.pgn (the first game again, in ICCS) sorts first; masters.pgn's
  // copy of it is then the duplicate.
  EXPECT_EQ(r.imported, 6);  // again.pgn 1, club.cbr 1, masters.pgn 4 (one of them up to its bad move)
  EXPECT_EQ(r.duplicates, 1);
  EXPECT_EQ(r.failed, 2);  // broken.xqf, and masters.pgn's game 6 (a bad FEN)
  EXPECT_EQ(r.files_total, 4);
  EXPECT_EQ(progress_calls, 4);
  ASSERT_EQ(r.failures.size(), 2u);
  EXPECT_NE(r.failures[0].find("broken.xqf: XQF"), std::string::npos) << r.failures[0];
  EXPECT_NE(r.failures[1].find("masters.pgn: game 6: "), std::string::npos) << r.failures[1];
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_NE(r.notes[0].find("masters.pgn: game 5: read up to move 3"), std::string::npos) << r.notes[0];
  EXPECT_EQ(lib.count(), 6);

  // Importing the same folder again adds nothing.
  const xq::ImportReport again = xq::import_paths(lib, {dir.file("games")});
  EXPECT_EQ(again.imported, 0);
  EXPECT_EQ(again.duplicates, 7);
  EXPECT_EQ(lib.count(), 6);
}

TEST(Library, SearchesByPlayerEventYearResultCodeAndPosition) {
  TempDir dir;
  xq::Library lib;
  std::string err;
  ASSERT_TRUE(lib.open(dir.file("l.sqlite3"), &err)) << err;
  xq::import_paths(lib, {kData + "/masters.pgn"});
  xq::LibraryQuery q;
  q.player = "Hu Ronghua";  // either colour
  EXPECT_EQ(reds(lib.find(q, &err)), (std::vector<std::string>{"Hu Ronghua", "Xu Yinchuan"}));
  q = {};
  q.event = "cup";  // a part, any case
  EXPECT_EQ(lib.find(q, &err).size(), 2u);
  q = {};
  q.year_from = 2000;
  q.year_to = 2011;
  EXPECT_EQ(reds(lib.find(q, &err)), (std::vector<std::string>{"Xu Yinchuan", "Lü Qin"}));
  q = {};
  q.result = "0-1";
  EXPECT_EQ(reds(lib.find(q, &err)), (std::vector<std::string>{"Lü Qin"}));
  q = {};
  q.eco = "C7";
  const auto c7 = lib.find(q, &err);
  ASSERT_EQ(c7.size(), 2u);
  EXPECT_EQ(c7[0].eco, "C70");
  EXPECT_EQ(c7[0].plies, 7);
  EXPECT_EQ(c7[0].date, "1998.05.01");
  q = {};
  q.eco = "E42";  // 兵七进一 卒7进1 马八进七 马8进7: 对兵互进右马局, mirrored
  EXPECT_EQ(reds(lib.find(q, &err)), (std::vector<std::string>{"Lü Qin"}));
  // The position after 炮二平五 马8进7 马二进三 马2进3, reached by both C70
  // games and by no other; the same position by another move order too.
  q = {};
  q.position = key_after("h0g2 b9c7 h2e2 h9g7");
  EXPECT_EQ(reds(lib.find(q, &err)), (std::vector<std::string>{"Hu Ronghua", "Xu Yinchuan"}));
  q.player = "Xu";
  EXPECT_EQ(reds(lib.find(q, &err)), (std::vector<std::string>{"Xu Yinchuan"}));
  q = {};
  q.player = "50%_\\";  // wildcards are text
  EXPECT_TRUE(lib.find(q, &err).empty());
  q = {};
  q.limit = 2;
  EXPECT_EQ(lib.find(q, &err).size(), 2u);
  EXPECT_TRUE(err.empty()) << err;
}

// A game with no date is found by the year its event or title names.
TEST(Library, AGameWithNoDateHasTheYearOfItsEventOrTitle) {
  auto game = [](const std::string& tags) {
    xq::PgnGame g;
    EXPECT_TRUE(xq::read_pgn(tags + "\n1. h2e2 h9g7 *\n", g, nullptr));
    return g;
  };
  EXPECT_EQ(xq::game_year(game("[Event \"2015年全国象棋甲级联赛\"]")), 2015);
  EXPECT_EQ(xq::game_year(game("[Event \"Asian Cup\"]\n[Title \"Final, 1998\"]")), 1998);
  EXPECT_EQ(xq::game_year(game("[Event \"Round 12345\"]")), 0) << "five digits are no year";
  EXPECT_EQ(xq::game_year(game("[Date \"2003.??.??\"]\n[Event \"1998 Cup\"]")), 2003) << "the date first";
  TempDir dir;
  xq::Library lib;
  std::string err;
  ASSERT_TRUE(lib.open(dir.file("l.sqlite3"), &err)) << err;
  write(dir.file("y.pgn"), "[Event \"2015年全国象棋甲级联赛\"]\n[Red \"Wang\"]\n\n1. h2e2 h9g7 *\n\n"
                          "[Event \"Friendly\"]\n[Red \"Li\"]\n\n1. c3c4 *\n");
  xq::import_paths(lib, {dir.file("y.pgn")});
  const xq::LibraryQuery q = xq::filter_query("2015");
  EXPECT_EQ(reds(lib.find(q, &err)), (std::vector<std::string>{"Wang"}));
}

// A duplicate with comments or variations the stored copy lacks gives them to
// it; one whose notes differ from the stored copy's is kept out and said.
TEST(Library, ADuplicateWithNotesIsMergedIntoABareCopyAndOtherwiseSaid) {
  TempDir dir;
  xq::Library lib;
  std::string err;
  ASSERT_TRUE(lib.open(dir.file("l.sqlite3"), &err)) << err;
  const std::string tags = "[Red \"Wang\"]\n[Black \"Li\"]\n\n";
  write(dir.file("bare.pgn"), tags + "1. h2e2 h9g7 2. h0g2 *\n");
  write(dir.file("noted.pgn"), tags + "1. h2e2 {the central cannon} h9g7 (1... h7e7) 2. h0g2 *\n");
  write(dir.file("other.pgn"), tags + "1. h2e2 h9g7 {the screen horse} 2. h0g2 *\n");
  EXPECT_EQ(xq::import_paths(lib, {dir.file("bare.pgn")}).imported, 1);
  const xq::ImportReport merged = xq::import_paths(lib, {dir.file("noted.pgn")});
  EXPECT_EQ(merged.imported, 0);
  EXPECT_EQ(merged.merged, 1);
  EXPECT_EQ(merged.duplicates, 0);
  const auto games = lib.find({}, &err);
  ASSERT_EQ(games.size(), 1u);
  std::string pgn;
  ASSERT_TRUE(lib.pgn(games[0].id, pgn, &err)) << err;
  EXPECT_NE(pgn.find("{the central cannon}"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("h7e7"), std::string::npos) << pgn;
  const xq::ImportReport other = xq::import_paths(lib, {dir.file("other.pgn")});
  EXPECT_EQ(other.merged, 0);
  EXPECT_EQ(other.duplicates, 1);
  ASSERT_EQ(other.notes.size(), 1u);
  EXPECT_NE(other.notes[0].find("other comments or variations: the stored copy is kept"), std::string::npos);
  ASSERT_TRUE(lib.pgn(games[0].id, pgn, &err)) << err;
  EXPECT_NE(pgn.find("{the central cannon}"), std::string::npos) << "the stored copy stays";
  EXPECT_EQ(xq::import_paths(lib, {dir.file("bare.pgn")}).duplicates, 1) << "a bare copy changes nothing";
  ASSERT_TRUE(lib.pgn(games[0].id, pgn, &err)) << err;
  EXPECT_NE(pgn.find("{the central cannon}"), std::string::npos);
}

// The game list's filter box as a query: a year range, a result, and words
// each found in a player, the event, the date or the code.
TEST(Library, TheTypedFilterIsAQuery) {
  xq::LibraryQuery q = xq::filter_query(" hu  1990-2005 1-0 C7 ");
  EXPECT_EQ(q.year_from, 1990);
  EXPECT_EQ(q.year_to, 2005);
  EXPECT_EQ(q.result, "1-0");
  EXPECT_EQ(q.words, (std::vector<std::string>{"hu"}));
  EXPECT_EQ(q.eco, "C7");
  EXPECT_EQ(xq::filter_query("c").eco, "C");  // every C code, not every name with a c
  EXPECT_EQ(xq::filter_query("e42").eco, "E42");
  EXPECT_EQ(xq::filter_query("C701").words, (std::vector<std::string>{"C701"}));
  EXPECT_EQ(xq::filter_query("Fu").words, (std::vector<std::string>{"Fu"}));
  q = xq::filter_query("2000- 1/2-1/2");
  EXPECT_EQ(q.year_from, 2000);
  EXPECT_EQ(q.year_to, 0);
  EXPECT_EQ(q.result, "1/2-1/2");
  q = xq::filter_query("-1999 12-34 -");
  EXPECT_EQ(q.year_from, 0);
  EXPECT_EQ(q.year_to, 1999);
  EXPECT_EQ(q.words, (std::vector<std::string>{"12-34", "-"}));  // not years: words

  TempDir dir;
  xq::Library lib;
  std::string err;
  ASSERT_TRUE(lib.open(dir.file("l.sqlite3"), &err)) << err;
  xq::import_paths(lib, {kData + "/masters.pgn"});
  auto reds_for = [&](const std::string& typed) { return reds(lib.find(xq::filter_query(typed), &err)); };
  EXPECT_EQ(reds_for("ronghua"), (std::vector<std::string>{"Hu Ronghua", "Xu Yinchuan"}));
  EXPECT_EQ(reds_for("ronghua 2000-"), (std::vector<std::string>{"Xu Yinchuan"}));
  EXPECT_EQ(reds_for("xu cup"), (std::vector<std::string>{"Xu Yinchuan"}));  // a player and the event
  EXPECT_EQ(reds_for("C70 1-0"), (std::vector<std::string>{"Hu Ronghua"}));
  EXPECT_EQ(reds_for("e"), (std::vector<std::string>{"Lü Qin"}));  // the E code, not every "e" in a name
  EXPECT_EQ(reds_for("-2000"), (std::vector<std::string>{"Hu Ronghua"}));  // not the game of no date
  EXPECT_EQ(reds_for("2010.01"), (std::vector<std::string>{"Lü Qin"}));  // the date
  EXPECT_TRUE(reds_for("hu nobody").empty());
  EXPECT_TRUE(err.empty()) << err;
}

TEST(Library, ExplorerCountsTheMovesPlayedFromAPosition) {
  TempDir dir;
  xq::Library lib;
  std::string err;
  ASSERT_TRUE(lib.open(dir.file("l.sqlite3"), &err)) << err;
  xq::import_paths(lib, {kData + "/masters.pgn"});
  const auto start = lib.explore(key_after(""), &err);
  ASSERT_EQ(start.size(), 2u);
  // 炮二平五 in four games (C70 won, C70 drawn, the study unfinished, the damaged one won), 兵七进一 in one.
  EXPECT_EQ(start[0].move, "h2e2");
  EXPECT_EQ(start[0].games, 4);
  EXPECT_EQ(start[0].red_wins, 2);
  EXPECT_EQ(start[0].draws, 1);
  EXPECT_EQ(start[0].black_wins, 0);
  EXPECT_DOUBLE_EQ(start[0].average_year, (1998 + 2003 + 2012) / 3.0);
  EXPECT_EQ(start[1].move, "c3c4");
  EXPECT_EQ(start[1].black_wins, 1);
  const auto c70 = lib.explore(key_after("h2e2 h9g7 h0g2 b9c7 b2c2 c6c5"), &err);
  ASSERT_EQ(c70.size(), 2u);
  EXPECT_EQ(c70[0].games, 1);
  EXPECT_EQ(c70[0].move, "b0a2");  // ties by move name
  EXPECT_EQ(c70[1].move, "i0h0");
  EXPECT_TRUE(lib.explore(key_after("a3a4"), &err).empty());
}

TEST(Library, ExportGivesThePgnBackWithVariationsAndComments) {
  TempDir dir;
  xq::Library lib;
  std::string err;
  ASSERT_TRUE(lib.open(dir.file("l.sqlite3"), &err)) << err;
  xq::import_paths(lib, {kData + "/masters.pgn"});
  xq::LibraryQuery q;
  q.event = "Study";
  const auto study = lib.find(q, &err);
  ASSERT_EQ(study.size(), 1u);
  EXPECT_EQ(study[0].result, "*");
  EXPECT_EQ(study[0].eco, "B05");
  std::string pgn;
  ASSERT_TRUE(lib.pgn(study[0].id, pgn, &err)) << err;
  EXPECT_NE(pgn.find("(1... 炮8平5 2. 马二进三)"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("{the central cannon}"), std::string::npos) << pgn;
  xq::PgnGame back;
  ASSERT_TRUE(xq::read_pgn(pgn, back, &err)) << err;
  EXPECT_EQ(back.moves.size(), 4u);
  EXPECT_FALSE(lib.pgn(999, pgn, &err));
  EXPECT_NE(err.find("no game 999"), std::string::npos);
}

// A game with nothing but its main line is kept as its tags and moves (not
// its text): the export writes it again with every tag, its result (a
// resignation too) and a quote in a tag escaped.
TEST(Library, APlainGameComesBackWithItsTagsAndResult) {
  TempDir dir;
  xq::Library lib;
  std::string err;
  ASSERT_TRUE(lib.open(dir.file("l.sqlite3"), &err)) << err;
  const std::string text =
      "[Event \"Plain \\\"Cup\\\"\"]\n[Round \"7\"]\n[Site \"Beijing\"]\n[Red \"A\"]\n[Black \"B\"]\n"
      "[Result \"0-1\"]\n\n1. 炮二平五 马8进7 2. 马二进三 车9平8 0-1\n";
  xq::PgnGame g;
  ASSERT_TRUE(xq::read_pgn(text, g, &err)) << err;
  ASSERT_EQ(lib.add(g, text, &err), xq::AddResult::Added) << err;
  std::string pgn;
  ASSERT_TRUE(lib.pgn(lib.find({}, &err).at(0).id, pgn, &err)) << err;
  xq::PgnGame back;
  ASSERT_TRUE(xq::read_pgn(pgn, back, &err)) << err << "\n" << pgn;
  EXPECT_EQ(back.moves, g.moves);
  EXPECT_EQ(back.tag("Event"), "Plain \"Cup\"");
  EXPECT_EQ(back.tag("Round"), "7");
  EXPECT_EQ(back.tag("Site"), "Beijing");
  EXPECT_EQ(back.tag("Result"), "0-1");
  EXPECT_NE(pgn.find(" 0-1\n"), std::string::npos) << pgn;
  // Stored as tag lines, not as the game's text.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(dir.file("l.sqlite3").c_str(), &db), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT pgn FROM games", -1, &st, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  const std::string stored = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
  EXPECT_EQ(stored.find("炮二平五"), std::string::npos) << stored;
  sqlite3_finalize(st);
  sqlite3_close(db);
}

TEST(Library, CancellingLeavesEveryFileWholeOrAbsent) {
  TempDir dir;
  xq::Library lib;
  std::string err;
  ASSERT_TRUE(lib.open(dir.file("l.sqlite3"), &err)) << err;
  std::atomic<bool> cancel{false};
  // Cancelled once the first file is in: the second is not read.
  const xq::ImportReport r = xq::import_paths(lib, {kData + "/masters.pgn", kData + "/again.pgn"}, &cancel,
                                              [&](const xq::ImportReport&) { cancel = true; });
  EXPECT_TRUE(r.cancelled);
  EXPECT_EQ(r.files_done, 1);
  EXPECT_EQ(r.imported, 5);  // masters.pgn: five of its six games
  EXPECT_EQ(lib.count(), 5);
  // Cancelled before anything: nothing changes.
  const xq::ImportReport none = xq::import_paths(lib, {kData + "/again.pgn"}, &cancel);
  EXPECT_TRUE(none.cancelled);
  EXPECT_EQ(lib.count(), 5);
}

TEST(Library, KeepsItsGamesAcrossOpeningsAndIndexesAgainWhenKeysDiffer) {
  TempDir dir;
  const std::string path = dir.file("l.sqlite3");
  std::string err;
  {
    xq::Library lib;
    ASSERT_TRUE(lib.open(path, &err)) << err;
    xq::import_paths(lib, {kData + "/masters.pgn"});
  }
  {  // another build's keys: the position index is made again from the moves
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "UPDATE meta SET value = '1' WHERE name = 'keys'; DELETE FROM positions;", nullptr,
                           nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }
  {
    xq::Library lib;
    ASSERT_TRUE(lib.open(path, &err)) << err;
    EXPECT_EQ(lib.count(), 5);
    EXPECT_EQ(lib.explore(key_after(""), &err).size(), 2u);
  }
  {  // the first layout of the index (moves as text, no outcomes): made again in today's
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db,
                           "DROP TABLE positions; DELETE FROM meta WHERE name = 'index';"
                           "CREATE TABLE positions(key INTEGER NOT NULL, game INTEGER NOT NULL, ply INTEGER NOT NULL,"
                           " next TEXT, PRIMARY KEY(key, game, ply)) WITHOUT ROWID;",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }
  xq::Library lib;
  ASSERT_TRUE(lib.open(path, &err)) << err;
  const auto moves = lib.explore(key_after(""), &err);
  ASSERT_EQ(moves.size(), 2u) << err;
  EXPECT_EQ(moves[0].move, "h2e2");
  EXPECT_EQ(moves[0].games, 4);
  EXPECT_EQ(moves[0].red_wins, 2);
}

// A library written by an earlier classifier (which called the masters'
// 车9平8-first 屏风马 B05) gets the codes again when it opens; a code the
// game's own file gave is kept.
TEST(Library, GivesTheOpeningCodesAgainAfterTheClassifierChanged) {
  TempDir dir;
  const std::string path = dir.file("l.sqlite3");
  std::string err;
  write(dir.file("s.pgn"),
        "[Red \"Screen\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. b2c2 *\n\n"
        "[Red \"Tagged\"]\n[ECCO \"A00\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 *\n");
  {
    xq::Library lib;
    ASSERT_TRUE(lib.open(path, &err)) << err;
    EXPECT_EQ(xq::import_paths(lib, {dir.file("s.pgn")}).imported, 2);
  }
  auto codes = [&] {
    xq::Library lib;
    EXPECT_TRUE(lib.open(path, &err)) << err;
    std::map<std::string, std::string> out;
    for (const xq::LibraryGame& g : lib.find(xq::LibraryQuery{}, &err)) out[g.red] = g.eco;
    return out;
  };
  EXPECT_EQ(codes(), (std::map<std::string, std::string>{{"Screen", "C60"}, {"Tagged", "A00"}}));
  {  // as an earlier edition left it
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "UPDATE games SET eco = 'B05'; DELETE FROM meta WHERE name = 'ecco';", nullptr,
                           nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }
  EXPECT_EQ(codes(), (std::map<std::string, std::string>{{"Screen", "C60"}, {"Tagged", "B05"}}))
      << "the tagged game's stored code is the file's business, the other is given again";
}

TEST(Library, RefusesAFileThatIsNoLibraryOrIsLocked) {
  TempDir dir;
  std::string err;
  write(dir.file("text.sqlite3"), std::string(4096, 'x'));
  xq::Library lib;
  EXPECT_FALSE(lib.open(dir.file("text.sqlite3"), &err));
  EXPECT_NE(err.find("not a game library"), std::string::npos) << err;
  EXPECT_FALSE(lib.is_open());

  const std::string path = dir.file("busy.sqlite3");
  xq::Library holder;
  ASSERT_TRUE(holder.open(path, &err)) << err;
  ASSERT_TRUE(holder.begin(&err)) << err;  // a writer holds the library
  err.clear();
  xq::Library other;
  EXPECT_FALSE(other.open(path, &err));
  EXPECT_NE(err.find("locked"), std::string::npos) << err;
  holder.rollback();
  EXPECT_TRUE(other.open(path, &err)) << err;

  fs::create_directories(dir.file("ro"));
  fs::permissions(dir.file("ro"), fs::perms::owner_read | fs::perms::owner_exec);
  if (getuid() != 0) {  // root writes anywhere
    EXPECT_FALSE(other.open(dir.file("ro/l.sqlite3"), &err));
    EXPECT_FALSE(err.empty());
  }
  fs::permissions(dir.file("ro"), fs::perms::owner_all);
}

TEST(Library, EveryFormatGoesIn) {
  TempDir dir;
  fs::create_directories(dir.file("in"));
  write(dir.file("in/game.xqf"), xqf_documented_example());
  const char* start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
  std::string cbl(576, '\0');
  std::memcpy(&cbl[0], "CCBridgeLibrary", 16);
  cbr_writer::put_u32(cbl, 60, 2);
  cbl.resize(101952, '\0');
  for (std::string game : {cbr_writer::cbr(start, true, 1, u"", {{"h2e2", u"", true}}),
                           cbr_writer::cbr(start, true, 3, u"", {{"h2e2", u""}, {"h9g7", u"", true}})}) {
    game.resize(4096, '\0');
    cbl += game;
  }
  write(dir.file("in/club.cbl"), cbl);
  write(dir.file("in/page.html"),
        "<html><body>[DhtmlXQ][DhtmlXQ_title]Forum game[/DhtmlXQ_title][DhtmlXQ_red]Guest[/DhtmlXQ_red]"
        "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]</body></html>");
  write(dir.file("in/typed.txt"), "1. 炮二平五 马8进7 2. 马二进三 车9平8\n");
  xq::PgnTree study;
  std::string err;
  ASSERT_TRUE(xq::read_pgn_tree("1. 炮二平五 {中炮} 马8进7 (1... 炮8平5) 2. 马二进三 *", study, &err)) << err;
  write(dir.file("in/study.xqf"), xq::write_xqf(study.tree, {{"Red", "Study"}, {"Result", "*"}}));
  xq::Library lib;
  ASSERT_TRUE(lib.open(dir.file("l.sqlite3"), &err)) << err;
  const xq::ImportReport r = xq::import_paths(lib, {dir.file("in")});
  EXPECT_EQ(r.imported, 6) << (r.failures.empty() ? "" : r.failures[0]);
  EXPECT_EQ(r.failed, 0);
  xq::LibraryQuery q;
  q.limit = 10;
  const auto all = lib.find(q, &err);
  ASSERT_EQ(all.size(), 6u);
  // In name order: club.cbl (two), game.xqf, page.html, study.xqf, typed.txt.
  EXPECT_EQ(all[4].red, "Study");
  std::string pgn;
  ASSERT_TRUE(lib.pgn(all[4].id, pgn, &err)) << err;
  EXPECT_NE(pgn.find("{中炮} 马8进7 (1... 炮8平5) 2. 马二进三"), std::string::npos) << "an XQF game keeps its variations: " << pgn;
  EXPECT_EQ(all[0].red, "红方");
  EXPECT_EQ(all[1].plies, 2);
  EXPECT_EQ(all[1].result, "1/2-1/2");
  EXPECT_GT(all[2].plies, 0);
  EXPECT_EQ(all[3].red, "Guest");
  EXPECT_EQ(all[3].eco, "B00");
  EXPECT_EQ(all[5].plies, 4);
  EXPECT_EQ(all[5].eco, "B05");
}

// A master game that repeats three times and plays on goes into the library
// whole (every ply, counted by the explorer past the repetition), and the
// import notes where the rules would have ended it.
TEST(Library, ARecordPlayedOnPastARepetitionIsImportedWholeWithANote) {
  TempDir dir;
  write(dir.file("played_on.pgn"),
        "[Event \"club championship\"]\n[Red \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
        "1. h2e2 h9g7 2. f0e1 f9e8 3. e1f0 e8f9 4. f0e1 f9e8 5. e1f0 e8f9 6. h0g2 b9c7 7. b0c2 1-0\n");
  xq::Library lib;
  std::string error;
  ASSERT_TRUE(lib.open(dir.file("lib.sqlite"), &error)) << error;
  const xq::ImportReport r = xq::import_paths(lib, {dir.file("played_on.pgn")});
  EXPECT_EQ(r.imported, 1);
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_NE(r.notes[0].find("the rules end the game at move 5 (draw by repetition); the record goes on to move 7"),
            std::string::npos)
      << r.notes[0];
  xq::LibraryQuery q;
  const auto games = lib.find(q, &error);
  ASSERT_EQ(games.size(), 1u) << error;
  EXPECT_EQ(games[0].plies, 13);
  // The position after 6. 马二进三 (past the verdict) is in the explorer with its next move.
  const auto rows = lib.explore(key_after("h2e2 h9g7 f0e1 f9e8 e1f0 e8f9 f0e1 f9e8 e1f0 e8f9 h0g2"), &error);
  ASSERT_EQ(rows.size(), 1u) << error;
  EXPECT_EQ(rows[0].games, 1);
}
