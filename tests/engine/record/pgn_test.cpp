// Xiangqi PGN writing and reading, damaged files, and the settings and
// atomic-write helpers of the game.
#include <sys/stat.h>
#include <future>
#include <filesystem>
#include <fstream>

#include "pgn.h"
#include "settings.h"
#include "storage.h"
#include "test_util.h"

namespace {
xq::Game played(std::initializer_list<const char*> moves, const std::string& fen = xq::kStartFen) {
  xq::Game g;
  EXPECT_TRUE(g.reset(fen));
  for (const char* m : moves) EXPECT_TRUE(g.play(mv(m))) << m;
  return g;
}
}  // namespace

TEST(Pgn, WritesTagsAndChineseMoves) {
  const xq::Game g = played({"h2e2", "h9g7", "h0g2", "i9h9"});
  const std::string pgn = xq::write_pgn(g, {{"Event", "测试"}, {"Date", "2026.11.29"}, {"Red", "甲"}, {"Black", "乙"}});
  EXPECT_NE(pgn.find("[Event \"测试\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[Date \"2026.11.29\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[Red \"甲\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[Black \"乙\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[Result \"*\"]"), std::string::npos);
  EXPECT_EQ(pgn.find("[FEN"), std::string::npos) << "no FEN tag for the start position";
  EXPECT_NE(pgn.find("1. 炮二平五 马8进7 2. 马二进三 车9平8 *"), std::string::npos) << pgn;
}

TEST(Pgn, RoundTripWithFenAndResult) {
  const xq::Game g = played({"c7d7"}, "3k5/9/2R6/9/9/9/9/9/9/4K4 w - - 0 1");
  const std::string pgn = xq::write_pgn(g, {{"Event", "x"}});
  EXPECT_NE(pgn.find("[FEN \"3k5/9/2R6/9/9/9/9/9/9/4K4 w - - 0 1\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[Result \"1-0\"]"), std::string::npos);
  xq::PgnGame back;
  std::string err;
  ASSERT_TRUE(xq::read_pgn(pgn, back, &err)) << err;
  EXPECT_EQ(back.fen, "3k5/9/2R6/9/9/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(back.moves, g.moves());
  EXPECT_EQ(back.tag("Event"), "x");
}

TEST(Pgn, ReadsIccsCommentsAndVariations) {
  xq::PgnGame g;
  std::string err;
  ASSERT_TRUE(xq::read_pgn("[Event \"e\"]\n\n1. h2e2 {central cannon} h9g7 (1... b9c7) 2. 马二进三 ; rest\n*\n", g, &err))
      << err;
  EXPECT_EQ(g.moves, (std::vector<xq::Move>{mv("h2e2"), mv("h9g7"), mv("h0g2")}));
  EXPECT_EQ(g.comments, (std::vector<std::string>{"central cannon", "", ""})) << "main-line comments stay with their move";
  // Black to move first: "1..." numbering.
  const xq::Game b = played({"h9g7", "h0g2"}, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
  const std::string pgn = xq::write_pgn(b, {});
  EXPECT_NE(pgn.find("1.... 马8进7 2. 马二进三"), std::string::npos) << pgn;
  ASSERT_TRUE(xq::read_pgn(pgn, g, &err)) << err;
  EXPECT_EQ(g.moves, b.moves());
}

// Comments written after moves (clock readings) come back with their moves.
TEST(Pgn, MoveCommentsRoundTrip) {
  const xq::Game g = played({"h2e2", "h9g7", "h0g2"});
  const std::string pgn = xq::write_pgn(g, {{"TimeControl", "300+3"}}, {"[%clk 0:04:58]", "", "a } brace"});
  EXPECT_NE(pgn.find("炮二平五 {[%clk 0:04:58]} 马8进7 2. 马二进三 {a ) brace}"), std::string::npos) << pgn;
  xq::PgnGame back;
  std::string err;
  ASSERT_TRUE(xq::read_pgn(pgn, back, &err)) << err;
  EXPECT_EQ(back.moves, g.moves());
  EXPECT_EQ(back.comments, (std::vector<std::string>{"[%clk 0:04:58]", "", "a ) brace"}));
  EXPECT_EQ(back.tag("TimeControl"), "300+3");
}

// A study without red's king (both reference readers read its moves) opens
// whole: the rules hold without it.
TEST(Pgn, AStudyWithoutRedsKingIsReadWhole) {
  xq::PgnGame g;
  std::string err;
  ASSERT_TRUE(xq::read_pgn("[FEN \"4k4/9/9/9/9/9/9/9/9/R8 w - - 0 1\"]\n\n"
                           "1. a0a1 e9e8 2. a1a2 e8e9 3. a2a3 e9e8 4. a3a4 e8e9 5. a4a8 *\n",
                           g, &err))
      << err;
  EXPECT_EQ(g.fen, "4k4/9/9/9/9/9/9/9/9/R8 w - - 0 1");
  EXPECT_EQ(g.moves.size(), 9u);
  EXPECT_EQ(g.stopped_at, 0);
}

TEST(Pgn, DamagedFilesSayWhatIsWrong) {
  xq::PgnGame g;
  g.moves = {mv("h2e2")};
  std::string err;
  EXPECT_FALSE(xq::read_pgn("", g, &err));
  EXPECT_NE(err.find("no game"), std::string::npos);
  EXPECT_FALSE(xq::read_pgn("[Event \"x\"\n1. h2e2\n", g, &err));
  EXPECT_NE(err.find("line 1: malformed tag"), std::string::npos) << err;
  EXPECT_FALSE(xq::read_pgn("[FEN \"nonsense\"]\n\n1. h2e2\n", g, &err));
  EXPECT_NE(err.find("FEN tag: bad FEN"), std::string::npos) << err;
  EXPECT_FALSE(xq::read_pgn("hello world\n", g, &err)) << "no tags and no move: not a game";
  EXPECT_NE(err.find("move 1 'hello'"), std::string::npos) << err;
  EXPECT_EQ(g.moves, std::vector<xq::Move>{mv("h2e2")}) << "a failed read leaves the game as it was";
}

// A move that cannot be played ends the game there, as other readers do: the
// moves before it are kept and where it stopped is said.
TEST(Pgn, AGameStopsAtAMoveThatCannotBePlayed) {
  xq::PgnGame g;
  std::string err;
  ASSERT_TRUE(xq::read_pgn("1. 炮二平五 马8进7 2. 车一进五 车9平8\n", g, &err)) << err;
  EXPECT_EQ(g.moves.size(), 2u);
  EXPECT_EQ(g.comments.size(), 2u);
  EXPECT_EQ(g.stopped_at, 3);
  EXPECT_EQ(g.stopped_move, "车一进五");
  EXPECT_FALSE(g.stopped_why.empty());
  ASSERT_TRUE(xq::read_pgn("[Event \"x\"]\n\n1. h2e2 h2e2\n", g, &err)) << err;
  EXPECT_EQ(g.moves, std::vector<xq::Move>{mv("h2e2")});
  EXPECT_EQ(g.stopped_at, 2);
  EXPECT_NE(g.stopped_why.find("not a legal move"), std::string::npos) << g.stopped_why;
  ASSERT_TRUE(xq::read_pgn("[Event \"x\"]\n\nzz\n", g, &err)) << "tags and no move read: an empty game";
  EXPECT_TRUE(g.moves.empty());
  EXPECT_EQ(g.stopped_at, 1);
  ASSERT_TRUE(xq::read_pgn("1. h2e2 h9g7 1-0\n", g, &err)) << err;
  EXPECT_EQ(g.stopped_at, 0) << "read to the end";
}

TEST(Settings, RoundTripAndAtomicWrite) {
  namespace fs = std::filesystem;
  const std::string dir = (fs::temp_directory_path() / "xq_settings_test").string();
  fs::remove_all(dir);
  xq::Settings s;
  EXPECT_FALSE(xq::load_settings(dir, s)) << "no file yet";
  s.level = 7;  // the top level (every one of the eight is kept, not only the first four)
  s.ponder = true;
  s.server_ca = "/home/a club/ca.pem";
  s.mode = "black";
  s.animation = false;
  s.sound = false;
  s.flip = true;
  s.iccs = true;
  s.width = 1200;
  s.height = 864;
  std::string err;
  ASSERT_TRUE(xq::save_settings(dir, s, &err)) << err;
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  EXPECT_EQ(names, std::vector<std::string>{"settings.ini"}) << "the temporary file is renamed away";
  EXPECT_EQ(fs::status(dir + "/settings.ini").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
  xq::Settings t;
  ASSERT_TRUE(xq::load_settings(dir, t));
  EXPECT_EQ(t.level, 7);
  EXPECT_TRUE(t.ponder);
  EXPECT_EQ(t.server_ca, "/home/a club/ca.pem");
  EXPECT_EQ(t.mode, "black");
  EXPECT_FALSE(t.animation);
  EXPECT_FALSE(t.sound);
  EXPECT_TRUE(t.flip);
  EXPECT_TRUE(t.iccs);
  EXPECT_EQ(t.width, 1200);
  // Garbage values are ignored, not trusted.
  std::ofstream(dir + "/settings.ini") << "level=8\nmode=sideways\nwidth=5\nponder=yes\n";
  xq::Settings u;
  ASSERT_TRUE(xq::load_settings(dir, u));
  EXPECT_EQ(u.level, 1);
  EXPECT_FALSE(u.ponder);
  EXPECT_EQ(u.mode, "red");
  EXPECT_EQ(u.width, 0);
  // The background writer puts files down, newest content winning.
  {
    xq::BackgroundWriter w;
    w.write(dir + "/a.txt", "one");
    w.write(dir + "/a.txt", "two");
    w.flush();
    std::string text;
    ASSERT_TRUE(xq::read_file(dir + "/a.txt", text));
    EXPECT_EQ(text, "two");
    w.remove(dir + "/a.txt");
  }
  EXPECT_FALSE(fs::exists(dir + "/a.txt")) << "pending work is finished on destruction";
  fs::remove_all(dir);
}

TEST(Settings, AnAtomicWriteLeavesAUsersFileOfTheTemporaryNameAlone) {
  namespace fs = std::filesystem;
  const std::string dir = (fs::temp_directory_path() / "xq_atomic_test").string();
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir + "/game.pgn.tmp") << "the user's own notes";
  std::string err;
  ASSERT_TRUE(xq::write_file_atomic(dir + "/game.pgn", "1. h2e2 *\n", &err)) << err;
  ASSERT_TRUE(xq::write_file_atomic(dir + "/game.pgn", "1. h2e2 h9g7 *\n", &err)) << err;
  std::string text;
  ASSERT_TRUE(xq::read_file(dir + "/game.pgn.tmp", text));
  EXPECT_EQ(text, "the user's own notes");
  ASSERT_TRUE(xq::read_file(dir + "/game.pgn", text));
  EXPECT_EQ(text, "1. h2e2 h9g7 *\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 2) << "no temporary file left";
  // A folder that cannot be made is an error that names the path.
  std::ofstream(dir + "/plainfile") << "x";
  EXPECT_FALSE(xq::write_file_atomic(dir + "/plainfile/sub/a.pgn", "x", &err));
  EXPECT_NE(err.find(dir + "/plainfile/sub"), std::string::npos) << err;
  fs::remove_all(dir);
}

TEST(Storage, AFileToOpenIsReadOffTheCallersThreadWithALimit) {
  namespace fs = std::filesystem;
  const std::string dir = (fs::temp_directory_path() / "xq_open_test").string();
  fs::remove_all(dir);
  fs::create_directories(dir);
  xq::FolderStorage storage(dir);
  // A FIFO (nobody writes to it): refused as not a regular file, at once,
  // never waited on (a FIFO given to --load once kept the game from exiting).
  const std::string fifo = dir + "/dropped.pgn";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const xq::OpenedFile f = storage.open_async(fifo).get();
  EXPECT_FALSE(f.ok);
  EXPECT_EQ(f.error, "not a regular file");
  // A device is refused before any read (/dev/zero never ends).
  const xq::OpenedFile zero = xq::read_for_opening("/dev/zero", 1 << 20);
  EXPECT_FALSE(zero.ok);
  EXPECT_EQ(zero.error, "not a regular file");
  EXPECT_TRUE(zero.text.empty());
  // Past the limit: refused before reading.
  std::ofstream(dir + "/big.pgn") << std::string((1 << 20) + 1, ' ');
  const xq::OpenedFile big = xq::read_for_opening(dir + "/big.pgn", 1 << 20);
  EXPECT_FALSE(big.ok);
  EXPECT_EQ(big.error, "larger than 1 MB");
  // A program is told by its first bytes.
  std::ofstream(dir + "/engine") << "#!/bin/sh\nexec fairy-stockfish\n";
  const xq::OpenedFile program = storage.open_async("engine").get();
  EXPECT_TRUE(program.ok && program.program);
  const xq::OpenedFile missing = storage.open_async("nothing.pgn").get();
  EXPECT_FALSE(missing.ok);
  EXPECT_EQ(missing.error, "No such file or directory");
  EXPECT_FALSE(storage.open_async(dir).get().ok) << "a folder is not a game";
  fs::remove_all(dir);
}

TEST(Settings, AValueCannotAddAKeyOfItsOwn) {
  // A folder (or any value) holding a newline once became a line of its own:
  // "engine=..." then started that program at the next launch.
  xq::Settings s;
  s.folder = "/home/me/x\nengine=touch /tmp/pwned\nlevel=3";
  s.engines = {"'/opt/my engines/eng' --flag", "fairy-stockfish"};
  s.solved = "1,5,9";
  const std::string text = xq::settings_text(s);
  xq::Settings t;
  xq::parse_settings(text, t);
  EXPECT_EQ(t.folder, s.folder) << "the value comes back whole";
  EXPECT_EQ(t.engines, s.engines) << "and adds no engine";
  EXPECT_EQ(t.level, 1);
  EXPECT_EQ(t.solved, "1,5,9");
  // Hand-edited or damaged values are refused one by one, the rest kept.
  xq::Settings u;
  xq::parse_settings("engine=eng 'unclosed\nengine=ok-engine\nengine=bad\\q\nsound=yes\nsound=0\n"
                     "solved=1,,x\nfolder=a\\x0\nlang=fr\nengine_choice=7\n", u);
  EXPECT_EQ(u.engines, std::vector<std::string>{"ok-engine"});
  EXPECT_FALSE(u.sound);
  EXPECT_EQ(u.solved, "");
  EXPECT_EQ(u.folder, "");
  EXPECT_EQ(u.lang, "");
  EXPECT_EQ(u.engine_choice, 0) << "no seventh engine";
}

TEST(Settings, EachEngineKeepsItsProtocolAndOptionValues) {
  xq::Settings s;
  s.engines = {"eleeye", "/usr/games/maxqi", "fairy-stockfish"};
  s.engine_setup["eleeye"] = {"ucci", {{"hashsize", "64"}, {"usebook", "false"}}};
  s.engine_setup["/usr/games/maxqi"] = {"xboard", {}};
  s.engine_setup["fairy-stockfish"] = {"auto", {{"Skill Level", "3"}, {"Book File", "a=b.bin"}}};
  const std::string text = xq::settings_text(s);
  EXPECT_NE(text.find("engine=eleeye\nengine_protocol=ucci\nengine_option=hashsize=64\n"), std::string::npos) << text;
  xq::Settings t;
  xq::parse_settings(text, t);
  EXPECT_EQ(t.engines, s.engines);
  EXPECT_EQ(t.engine_setup["eleeye"], s.engine_setup["eleeye"]);
  EXPECT_EQ(t.engine_setup["/usr/games/maxqi"].protocol, "xboard");
  EXPECT_EQ(t.engine_setup["fairy-stockfish"], s.engine_setup["fairy-stockfish"]) << "the first '=' ends the name";
  // Lines that belong to no engine, or to a refused one, or name no protocol we speak, are dropped.
  xq::Settings u;
  xq::parse_settings("engine_option=Hash=1\nengine=ok\nengine_protocol=telnet\nengine_option=Threads=2\n"
                     "engine=bad 'quote\nengine_option=Hash=9\nengine_protocol=uci\n", u);
  EXPECT_EQ(u.engines, std::vector<std::string>{"ok"});
  EXPECT_EQ(u.engine_setup["ok"].protocol, "auto");
  EXPECT_EQ(u.engine_setup["ok"].values, (std::vector<std::pair<std::string, std::string>>{{"Threads", "2"}}));
  EXPECT_EQ(u.engine_setup.size(), 1u);
}

TEST(Pgn, RecordsAPerpetualChaseAndReadsItBack) {
  const xq::Game g = played({"i5i7", "c7c5", "i7i5", "c5c7", "i5i7", "c7c5", "i7i5", "c5c7"},
                            "4k4/9/2c6/9/8R/9/9/9/9/3K5 w - - 0 1");
  const std::string pgn = xq::write_pgn(g, {});
  EXPECT_NE(pgn.find("[Result \"0-1\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Termination \"black wins (red perpetual chase)\"]"), std::string::npos) << pgn;
  xq::PgnGame back;
  std::string err;
  ASSERT_TRUE(xq::read_pgn(pgn, back, &err)) << err;
  EXPECT_EQ(back.moves.size(), 8u);
}

TEST(Pgn, SkipsGlyphsSuffixesAndVariations) {
  xq::PgnGame g;
  std::string err;
  ASSERT_TRUE(xq::read_pgn("1. 炮二平五?! $6 {+20} (1. 马二进三 {+30} 马8进7) 马8进7!? 2. h0g2 ?? *\n", g, &err)) << err;
  ASSERT_EQ(g.moves.size(), 3u);
  EXPECT_EQ(g.moves[0], mv("h2e2"));
  EXPECT_EQ(g.moves[1], mv("h9g7"));
  EXPECT_EQ(g.moves[2], mv("h0g2"));
  EXPECT_EQ(g.comments[0], "+20");
}

// Downloaded collections: games without a Result tag or a terminator are not
// glued to the next; a comment's "[" at the start of a line is not a tag.
TEST(Pgn, ACollectionSplitsIntoItsGames) {
  const std::string text =
      "\xEF\xBB\xBF[Event \"a\"]\n\n1. h2e2 h9g7\n\n"           // no Result, no terminator
      "[Event \"b\"]\n[Result \"1-0\"]\n1. b2e2 {see\n[this]} *\n"  // a comment over two lines
      "[Event \"c\"]\n\n1. h0g2 1-0\n";
  const std::vector<std::string> games = xq::split_pgn_games(text);
  ASSERT_EQ(games.size(), 3u);
  xq::PgnGame g;
  std::string err;
  ASSERT_TRUE(xq::read_pgn(games[0], g, &err)) << err;
  EXPECT_EQ(g.tag("Event"), "a");
  EXPECT_EQ(g.moves.size(), 2u);
  ASSERT_TRUE(xq::read_pgn(games[1], g, &err)) << err;
  EXPECT_EQ(g.comments[0], "see [this]");
  ASSERT_TRUE(xq::read_pgn(games[2], g, &err)) << err;
  EXPECT_EQ(g.moves, std::vector<xq::Move>{mv("h0g2")});
  EXPECT_EQ(xq::split_pgn_games("[Event \"x\"]\n\n1. h2e2 *\n").size(), 1u);
  // Move lists as typed: round one again is the next game; round 10 is not.
  const auto typed = xq::split_pgn_games("1. 炮二平五 马8进7\n2. 马二进三\n\n1、兵七进一 卒7进1\n１．相三进五\n");
  ASSERT_EQ(typed.size(), 3u);
  ASSERT_TRUE(xq::read_pgn(typed[1], g, &err)) << err;
  EXPECT_EQ(g.moves.size(), 2u);
  EXPECT_EQ(xq::split_pgn_games("1. h2e2 h9g7\n10. h0g2\n").size(), 1u);
  EXPECT_EQ(xq::split_pgn_games("[Event \"x\"]\n\n{The opening}\n1. h2e2\n").size(), 1u) << "a comment is not a move";
  EXPECT_EQ(xq::split_pgn_games("").size(), 1u);
}

// A record is what was played: a repetition the rules would have called a
// draw, played on by the players, is read whole, the verdict kept as a note.
TEST(Pgn, ARecordPlayedOnPastARepetitionIsReadWholeWithTheVerdictNoted) {
  const std::string text =
      "[Event \"x\"]\n\n1. h2e2 h9g7 2. f0e1 f9e8 3. e1f0 e8f9 4. f0e1 f9e8 5. e1f0 e8f9 6. h0g2 b9c7 7. b0c2 1-0\n";
  xq::PgnGame g;
  std::string error;
  ASSERT_TRUE(xq::read_pgn(text, g, &error)) << error;
  EXPECT_EQ(g.moves.size(), 13u);
  EXPECT_EQ(g.stopped_at, 0);
  EXPECT_EQ(g.judged_ply, 10);
  EXPECT_EQ(g.judged.reason, xq::Reason::Repetition);
  EXPECT_EQ(xq::verdict_note_en(g),
            "the rules end the game at move 5 (draw by repetition); the record goes on to move 7");
  xq::PgnTree tree;
  ASSERT_TRUE(xq::read_pgn_tree(text, tree, &error)) << error;
  EXPECT_EQ(tree.tree.moves_to(tree.tree.main_end(xq::GameTree::kRoot)).size(), 13u);
  // The game itself: play stops at the verdict, play_on goes on and keeps it.
  xq::Game game;
  game.reset_start();
  for (size_t i = 0; i < 10; ++i) ASSERT_TRUE(game.play(g.moves[i]));
  EXPECT_TRUE(game.verdict().over());
  EXPECT_FALSE(game.play(g.moves[10]));
  EXPECT_TRUE(game.play_on(g.moves[10]));
  EXPECT_EQ(game.verdict().reason, xq::Reason::Repetition);
  EXPECT_EQ(game.verdict_ply(), 10);
  game.undo();
  EXPECT_EQ(game.verdict_ply(), 10);
  EXPECT_FALSE(game.play_on(mv("a0a5"))) << "an illegal move is not played";
}

// A record that ends where the rules end it has no note.
TEST(Pgn, ARecordEndingAtItsVerdictHasNoNote) {
  xq::PgnGame g;
  std::string error;
  ASSERT_TRUE(xq::read_pgn("1. b2c2 f9e8 2. c2c6 b7c7 3. c6c9 1-0\n", g, &error)) << error;
  EXPECT_EQ(g.moves.size(), 5u);
  EXPECT_EQ(g.judged_ply, 0);
  EXPECT_EQ(xq::verdict_note_en(g), "");
}
