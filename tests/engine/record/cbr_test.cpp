// 象棋桥 CBR games and CBL libraries, made by a writer that follows the
// published description of the layout (the readers' documentation).
#include <gtest/gtest.h>

#include <cstring>

#include "cbr.h"
#include "notation.h"
#include "test_util.h"

#include "cbr_writer.h"

namespace {

using namespace cbr_writer;

const char* kStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

std::string iccs(const std::vector<xq::Move>& moves) {
  std::string s;
  for (xq::Move m : moves) s.append(s.empty() ? "" : " ").append(xq::move_to_iccs(m));
  return s;
}

}  // namespace

TEST(Cbr, ReadsAGameWithCommentsAndNamesItsVariations) {
  // h2e2 (with a variation b2e2 after the main line) h9g7 h0g2, the last ending the line.
  const std::string file = cbr(kStart, true, 1, u"开局", {{"h2e2", u"中炮", false, true}, {"h9g7", u""},
                                                        {"h0g2", u"", true}, {"b2e2", u"", true}});
  xq::PgnGame g;
  std::string err, notice;
  ASSERT_TRUE(xq::read_cbr(file, g, &err, &notice)) << err;
  EXPECT_EQ(g.fen, xq::kStartFen);
  EXPECT_EQ(iccs(g.moves), "h2e2 h9g7 h0g2");
  EXPECT_EQ(g.tag("Title"), "中炮对屏风马");
  EXPECT_EQ(g.tag("Event"), "Club final");
  EXPECT_EQ(g.tag("Red"), "红方");
  EXPECT_EQ(g.tag("Black"), "Black");
  EXPECT_EQ(g.tag("Result"), "1-0");
  EXPECT_EQ(g.tag("Comment"), "开局");
  ASSERT_EQ(g.comments.size(), 3u);
  EXPECT_EQ(g.comments[0], "中炮");
  EXPECT_NE(notice.find("variations were skipped"), std::string::npos);
}

TEST(Cbr, ASetUpWithBlackToMoveAndABadMove) {
  // The last move would set the kings face to face.
  const std::string file = cbr("4k4/9/9/9/9/9/9/9/9/3K1R3", false, 0, u"", {{"e9e8", u""}, {"f0f5", u""}, {"e8d8", u""}});
  xq::PgnGame g;
  std::string err;
  ASSERT_TRUE(xq::read_cbr(file, g, &err)) << err;
  EXPECT_EQ(g.fen, "4k4/9/9/9/9/9/9/9/9/3K1R3 b - - 0 1");
  EXPECT_EQ(g.tag("FEN"), g.fen);
  EXPECT_EQ(iccs(g.moves), "e9e8 f0f5") << "kept up to the move that cannot be played";
  EXPECT_EQ(g.stopped_at, 3);
  EXPECT_EQ(g.tag("Result"), "*");
}

// The older record layout (byte 19 is 1): its header fields sit elsewhere,
// its points are (file << 4) | row, and its side to move may be unset.
TEST(Cbr, ReadsTheOlderRecordLayout) {
  const std::vector<Step> line = {{"h2e2", u"中炮"}, {"h9g7", u""}, {"h0g2", u""}, {"i9h9", u""}, {"i0h0", u""},
                                  {"b9c7", u""}, {"b2c2", u""}, {"c6c5", u"", true}};
  xq::PgnGame g;
  std::string err;
  ASSERT_TRUE(xq::read_cbr(cbr(kStart, true, 2, u"开局", line, 1), g, &err)) << err;
  EXPECT_EQ(g.fen, xq::kStartFen);
  EXPECT_EQ(iccs(g.moves), "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b2c2 c6c5");
  EXPECT_EQ(g.tag("Title"), "中炮对屏风马");
  EXPECT_EQ(g.tag("Event"), "Club final");
  EXPECT_EQ(g.tag("Red"), "红方");
  EXPECT_EQ(g.tag("Black"), "Black");
  EXPECT_EQ(g.tag("Result"), "0-1");
  EXPECT_EQ(g.tag("Comment"), "开局");
  ASSERT_EQ(g.comments.size(), 8u);
  EXPECT_EQ(g.comments[0], "中炮");
  // Black to move in a set-up, the side byte left at red: the first move's piece tells.
  std::string setup = cbr("4k4/9/9/9/9/9/9/9/9/3K1R3", true, 0, u"", {{"e9e8", u""}, {"f0f5", u"", true}}, 1);
  ASSERT_TRUE(xq::read_cbr(setup, g, &err)) << err;
  EXPECT_EQ(g.fen, "4k4/9/9/9/9/9/9/9/9/3K1R3 b - - 0 1");
  EXPECT_EQ(iccs(g.moves), "e9e8 f0f5");
  // Today's layout read as before.
  ASSERT_TRUE(xq::read_cbr(cbr(kStart, true, 2, u"", line), g, &err)) << err;
  EXPECT_EQ(iccs(g.moves), "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b2c2 c6c5");
}

TEST(Cbr, DamagedFilesAreNamed) {
  const std::string good = cbr(kStart, true, 2, u"", {{"h2e2", u"a comment", true}});
  xq::PgnGame g;
  g.tags = {{"Event", "kept"}};
  std::string err;
  EXPECT_FALSE(xq::read_cbr("XQ not this", g, &err));
  EXPECT_NE(err.find("no 'CCBridge Record' signature"), std::string::npos) << err;
  EXPECT_FALSE(xq::read_cbr(good.substr(0, 1000), g, &err));
  EXPECT_NE(err.find("cut short (1000 bytes)"), std::string::npos) << err;
  EXPECT_FALSE(xq::read_cbr(good.substr(0, good.size() - 10), g, &err));
  EXPECT_NE(err.find("comment is cut short"), std::string::npos) << err;
  std::string bad_piece = good;
  bad_piece[2120] = char(0x38);
  EXPECT_FALSE(xq::read_cbr(bad_piece, g, &err));
  EXPECT_NE(err.find("unknown piece code 56 at point 0"), std::string::npos) << err;
  std::string no_king = good;
  no_king[2120 + 4] = 0;   // black's king
  no_king[2120 + 85] = 0;  // and red's: a study may leave one out, not both
  EXPECT_FALSE(xq::read_cbr(no_king, g, &err));
  EXPECT_NE(err.find("the position"), std::string::npos) << err;
  EXPECT_EQ(g.tag("Event"), "kept");
}

TEST(Cbl, ReadsEveryGameOfALibrary) {
  // The header (name, count), the index, then a game to a 4,096-byte block;
  // the second game runs over two blocks.
  std::string lib(576, '\0');
  std::memcpy(&lib[0], "CCBridgeLibrary", 16);
  put_u32(lib, 60, 3);
  put_text(lib, 64, u"My games");
  lib.resize(101952, '\0');
  auto block = [&](std::string game, size_t blocks) {
    game.resize(4096 * blocks, '\0');
    lib += game;
  };
  block(cbr(kStart, true, 1, u"", {{"h2e2", u"", true}}), 1);
  const std::u16string long_note(2500, u'注');  // 5,000 bytes: the game runs into a second block
  block(cbr(kStart, true, 3, u"", {{"h2e2", long_note}, {"h9g7", u"", true}}), 2);
  std::string broken = cbr(kStart, true, 0, u"", {{"h2e2", u""}});
  broken[2120] = char(0x99);
  block(broken, 1);
  std::vector<xq::PgnGame> games;
  std::string name, err;
  int skipped = -1;
  ASSERT_TRUE(xq::read_cbl(lib, games, &name, &skipped, &err)) << err;
  EXPECT_EQ(name, "My games");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(skipped, 1) << "the game with a bad piece";
  EXPECT_EQ(iccs(games[0].moves), "h2e2");
  EXPECT_EQ(iccs(games[1].moves), "h2e2 h9g7");
  EXPECT_EQ(games[1].comments[0].size(), 2500u * 3);
  EXPECT_EQ(games[1].tag("Result"), "1/2-1/2");
  EXPECT_FALSE(xq::read_cbl(lib.substr(0, 100), games, &name, &skipped, &err));
  EXPECT_NE(err.find("cut short"), std::string::npos) << err;
  EXPECT_FALSE(xq::read_cbl(lib.substr(0, 101952), games, &name, &skipped, &err));
  EXPECT_NE(err.find("lists 3 games but holds none"), std::string::npos) << err;
}

// With a tree: the records as the depth-first tree they are.
TEST(Cbr, VariationsIntoTheTree) {
  const std::string file = cbr(kStart, true, 1, u"开局",
                               {{"h2e2", u"中炮", false, true}, {"h9g7", u"", true}, {"c3c4", u"仙人指路", true}});
  xq::PgnGame g;
  xq::GameTree tree;
  std::string err, notice;
  ASSERT_TRUE(xq::read_cbr(file, g, &err, &notice, &tree)) << err;
  EXPECT_EQ(notice, "");
  EXPECT_EQ(g.moves.size(), 2u);
  EXPECT_EQ(tree.main_line(), g.moves);
  EXPECT_EQ(tree.node(xq::GameTree::kRoot).comment, "开局");
  ASSERT_EQ(tree.node(xq::GameTree::kRoot).children.size(), 2u);
  const int c3c4 = tree.find({mv("c3c4")});
  ASSERT_GE(c3c4, 0);
  EXPECT_EQ(tree.node(c3c4).comment, "仙人指路");
  EXPECT_EQ(tree.node(tree.find({mv("h2e2")})).comment, "中炮");
}
