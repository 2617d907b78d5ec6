// DhtmlXQ blocks as Chinese web pages and forums carry them, made from the
// published description of the fields, and our own writer's blocks read back.
#include <gtest/gtest.h>

#include "dhtmlxq.h"
#include "notation.h"
#include "test_util.h"

namespace {

std::string iccs(const std::vector<xq::Move>& moves) {
  std::string s;
  for (xq::Move m : moves) s.append(s.empty() ? "" : " ").append(xq::move_to_iccs(m));
  return s;
}

// 炮二平五 马8进7 马二进三 车9平8 as a forum post gives them.
const char* kForumPost =
    "看看这盘棋：\n"
    "[DhtmlXQ]\n"
    "[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]\n"
    "[DhtmlXQ_init]500,350[/DhtmlXQ_init]\n"
    "[DhtmlXQ_title]中炮对屏风马[/DhtmlXQ_title]\n"
    "[DhtmlXQ_event]全国象棋个人赛[/DhtmlXQ_event]\n"
    "[DhtmlXQ_date]2026-12-04[/DhtmlXQ_date]\n"
    "[DhtmlXQ_place]北京[/DhtmlXQ_place]\n"
    "[DhtmlXQ_red]红方棋手[/DhtmlXQ_red]\n"
    "[DhtmlXQ_black]黑方棋手[/DhtmlXQ_black]\n"
    "[DhtmlXQ_result]红胜[/DhtmlXQ_result]\n"
    "[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]\n"
    "[DhtmlXQ_movelist]7747706279677killed[/DhtmlXQ_movelist]\n"
    "[/DhtmlXQ]\n";

}  // namespace

TEST(DhtmlXQ, ReadsAForumPostsBlock) {
  std::string post = kForumPost;
  post.replace(post.find("7747706279677killed"), 19, "7747706279678070");
  post.insert(post.find("[/DhtmlXQ]\n"), "[DhtmlXQ_comment0]开局||中炮[/DhtmlXQ_comment0]\n"
                                         "[DhtmlXQ_comment2]屏风马[/DhtmlXQ_comment2]\n");
  xq::PgnGame g;
  std::string err, notice;
  ASSERT_TRUE(xq::read_dhtmlxq(post, g, &err, &notice)) << err;
  EXPECT_EQ(notice, "");
  EXPECT_EQ(g.fen, xq::kStartFen) << "the start position's binit";
  EXPECT_EQ(iccs(g.moves), "h2e2 h9g7 h0g2 i9h9");
  EXPECT_EQ(g.tag("Title"), "中炮对屏风马");
  EXPECT_EQ(g.tag("Event"), "全国象棋个人赛");
  EXPECT_EQ(g.tag("Date"), "2026-12-04");
  EXPECT_EQ(g.tag("Site"), "北京");
  EXPECT_EQ(g.tag("Red"), "红方棋手");
  EXPECT_EQ(g.tag("Black"), "黑方棋手");
  EXPECT_EQ(g.tag("Result"), "1-0");
  EXPECT_EQ(g.tag("Comment"), "开局 中炮");
  ASSERT_EQ(g.comments.size(), 4u);
  EXPECT_EQ(g.comments[1], "屏风马");
  EXPECT_EQ(g.stopped_at, 0);
}

TEST(DhtmlXQ, ASetUpPositionWithBlackToMoveAndMissingPieces) {
  // Red: king e0 (帅 slot 4, "4" "9"), a rook on a0 (slot 0 "09"); black: king e9 (slot 20 "40"), a horse on
  // h9 (slot 23 "70"); every other slot "99". Black's horse moves first: h9g7.
  std::string binit(64, '9');
  auto put = [&](int slot, const char* xy) { binit.replace(size_t(2 * slot), 2, xy); };
  put(4, "39");   // 帅 d0
  put(0, "09");   // 车 a0
  put(20, "40");  // 将 e9
  put(23, "70");  // 马 h9
  const std::string block = "[DhtmlXQ][DhtmlXQ_binit]" + binit + "[/DhtmlXQ_binit][DhtmlXQ_movelist]70620908" +
                            "[/DhtmlXQ_movelist][DhtmlXQ_result]未知[/DhtmlXQ_result][/DhtmlXQ]";
  xq::PgnGame g;
  std::string err;
  ASSERT_TRUE(xq::read_dhtmlxq(block, g, &err)) << err;
  EXPECT_EQ(g.fen, "4k2n1/9/9/9/9/9/9/9/9/R2K5 b - - 0 1");
  EXPECT_EQ(g.tag("FEN"), g.fen);
  EXPECT_EQ(iccs(g.moves), "h9g7 a0a1");
  EXPECT_EQ(g.tag("Result"), "*");
}

TEST(DhtmlXQ, OurBlocksReadBack) {
  xq::PgnGame g;
  g.tags = {{"Event", "友谊赛 [一]"}, {"Red", "甲"}, {"Black", "乙"}, {"Result", "0-1"}, {"Comment", "开始"}};
  g.fen = "4k4/9/9/9/9/9/9/9/4A4/3K1R3 w - - 0 1";
  g.moves = {mv("f0f9"), mv("e9e8"), mv("f9f8")};
  g.comments = {"将军", "", "再将"};
  const std::string block = xq::write_dhtmlxq(g);
  xq::PgnGame back;
  std::string err;
  ASSERT_TRUE(xq::read_dhtmlxq(block, back, &err)) << err << "\n" << block;
  EXPECT_EQ(back.fen, g.fen);
  EXPECT_EQ(back.moves, g.moves);
  EXPECT_EQ(back.comments, g.comments);
  EXPECT_EQ(back.tag("Event"), "友谊赛 (一)") << "brackets would end the field";
  EXPECT_EQ(back.tag("Red"), "甲");
  EXPECT_EQ(back.tag("Result"), "0-1");
  EXPECT_EQ(back.tag("Comment"), "开始");
  EXPECT_NE(block.find("[DhtmlXQ_result]黑胜[/DhtmlXQ_result]"), std::string::npos) << block;
}

TEST(DhtmlXQ, FromAWebPageOrGbkText) {
  // As an HTML page shows a UBB block: entities for the brackets, <br> for the lines.
  std::string html = "<p>&#91;DhtmlXQ&#93;<br />&#91;DhtmlXQ_red&#93;A &amp; B&#91;/DhtmlXQ_red&#93;<br>"
                     "&#91;DhtmlXQ_movelist&#93;7747&#91;/DhtmlXQ_movelist&#93;<br />&#91;/DhtmlXQ&#93;</p>";
  xq::PgnGame g;
  std::string err;
  ASSERT_TRUE(xq::read_dhtmlxq(html, g, &err)) << err;
  EXPECT_EQ(g.tag("Red"), "A & B");
  EXPECT_EQ(iccs(g.moves), "h2e2");
  // An older page in GBK: 红胜 is BA EC CA A4.
  const std::string gbk = "[DhtmlXQ][DhtmlXQ_result]\xBA\xEC\xCA\xA4[/DhtmlXQ_result][DhtmlXQ_movelist]7747"
                          "[/DhtmlXQ_movelist][DhtmlXQ_red]\xBA\xEC[/DhtmlXQ_red][/DhtmlXQ]";
  ASSERT_TRUE(xq::read_dhtmlxq(gbk, g, &err)) << err;
  EXPECT_EQ(g.tag("Result"), "1-0");
  EXPECT_EQ(g.tag("Red"), "红");
}

TEST(DhtmlXQ, VariationsAndFurtherGamesAreNamed) {
  const std::string one = "[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]"
                          "[DhtmlXQ_move_0_2_1]7062[/DhtmlXQ_move_0_2_1][/DhtmlXQ]";
  xq::PgnGame g;
  std::string err, notice;
  ASSERT_TRUE(xq::read_dhtmlxq(one + "\n" + one, g, &err, &notice)) << err;
  EXPECT_EQ(iccs(g.moves), "h2e2 h9g7");
  EXPECT_NE(notice.find("variations were skipped"), std::string::npos) << notice;
  EXPECT_NE(notice.find("more games"), std::string::npos) << notice;
}

TEST(DhtmlXQ, DamagedBlocksAreNamedAndABadMoveEndsTheGame) {
  xq::PgnGame g;
  g.tags = {{"Event", "kept"}};
  std::string err;
  EXPECT_FALSE(xq::read_dhtmlxq("no game here", g, &err));
  EXPECT_NE(err.find("no [DhtmlXQ] block"), std::string::npos) << err;
  EXPECT_FALSE(xq::read_dhtmlxq("[DhtmlXQ][DhtmlXQ_movelist]7747", g, &err));
  EXPECT_NE(err.find("no [/DhtmlXQ] end"), std::string::npos) << err;
  EXPECT_FALSE(xq::read_dhtmlxq("[DhtmlXQ][DhtmlXQ_binit]8979[/DhtmlXQ_binit][/DhtmlXQ]", g, &err));
  EXPECT_NE(err.find("4 digits, not 64"), std::string::npos) << err;
  EXPECT_FALSE(xq::read_dhtmlxq(kForumPost, g, &err));
  EXPECT_NE(err.find("not a multiple of 4"), std::string::npos) << err;
  std::string twice(64, '9');
  twice.replace(0, 4, "0909");
  EXPECT_FALSE(xq::read_dhtmlxq("[DhtmlXQ][DhtmlXQ_binit]" + twice + "[/DhtmlXQ_binit][/DhtmlXQ]", g, &err));
  EXPECT_NE(err.find("two pieces on one point"), std::string::npos) << err;
  EXPECT_EQ(g.tag("Event"), "kept") << "a failed read leaves the game alone";
  // 7747 then a black horse move that is not one: kept up to it.
  ASSERT_TRUE(xq::read_dhtmlxq("[DhtmlXQ][DhtmlXQ_movelist]774770657747[/DhtmlXQ_movelist][/DhtmlXQ]", g, &err));
  EXPECT_EQ(iccs(g.moves), "h2e2");
  EXPECT_EQ(g.stopped_at, 2);
  EXPECT_EQ(g.stopped_move, "h9g4");
}

TEST(DhtmlXQ, EveryBlockOfAPage) {
  const std::string page = "<p>one</p>[DhtmlXQ][DhtmlXQ_red]A[/DhtmlXQ_red][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]"
                           "<p>two</p>[DhtmlXQ][DhtmlXQ_binit]12[/DhtmlXQ_binit][/DhtmlXQ]"
                           "<p>three</p>[DhtmlXQ][DhtmlXQ_red]C[/DhtmlXQ_red][DhtmlXQ_movelist]1747[/DhtmlXQ_movelist][/DhtmlXQ]";
  std::vector<xq::PgnGame> games;
  int skipped = -1;
  EXPECT_EQ(xq::read_dhtmlxq_all(page, games, &skipped), 3);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(skipped, 1) << "the block with a broken position";
  EXPECT_EQ(games[0].tag("Red"), "A");
  EXPECT_EQ(iccs(games[1].moves), "b2e2");
}

namespace {

// A tree as text: moves and comments, depth first.
std::string tree_text(const xq::GameTree& t, int id = xq::GameTree::kRoot) {
  const xq::TreeNode& n = t.node(id);
  std::string s = (id ? xq::move_to_iccs(n.move) : std::string("root")) + (n.comment.empty() ? "" : "{" + n.comment + "}");
  if (n.children.empty()) return s;
  s += " [";
  for (size_t i = 0; i < n.children.size(); ++i) {
    if (i) s += " | ";
    s += tree_text(t, n.children[i]);
  }
  return s + "]";
}

}  // namespace

// Variations: [DhtmlXQ_move_P_S_B] replaces move S of line P; their comments
// [DhtmlXQ_commentB_N]; our block of a tree reads back to the same tree.
TEST(DhtmlXq, VariationsAndTheirCommentsIntoTheTreeAndBack) {
  // 1. 炮二平五 马8进7 (1… 炮8平5 {same} 2. 马二进三 (2. 马八进七)) 2. 马二进三
  const std::string block =
      "[DhtmlXQ][DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]"
      "[DhtmlXQ_move_0_2_1]72427967[/DhtmlXQ_move_0_2_1]"
      "[DhtmlXQ_move_1_3_2]1927[/DhtmlXQ_move_1_3_2]"
      "[DhtmlXQ_move_7_3_3]1927[/DhtmlXQ_move_7_3_3]"  // an unknown parent line: left out
      "[DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1][DhtmlXQ_comment1_2]same[/DhtmlXQ_comment1_2][/DhtmlXQ]";
  xq::PgnGame g;
  xq::GameTree tree;
  std::string err, notice;
  ASSERT_TRUE(xq::read_dhtmlxq(block, g, &err, &notice, &tree)) << err;
  EXPECT_EQ(notice, "");
  EXPECT_EQ(tree_text(tree), "root [h2e2{中炮} [h9g7 [h0g2] | h7e7{same} [h0g2 | b0c2]]]");
  ASSERT_TRUE(xq::read_dhtmlxq(block, g, &err, &notice));
  EXPECT_NE(notice.find("variations were skipped"), std::string::npos);

  xq::PgnTree t;
  ASSERT_TRUE(xq::read_pgn_tree("{start} 1. 炮二平五 马8进7 (1... 炮8平5 {same} 2. 马二进三 (2. 马八进七 马2进3 (2... 卒7进1)) "
                                "马8进7) (1... 马2进3) 2. 马二进三 {main} 车9平8 (2... 卒7进1) *",
                                t, &err))
      << err;
  xq::PgnGame line;
  line.moves = t.tree.main_line();
  const std::string written = xq::write_dhtmlxq(line, &t.tree);
  xq::GameTree back;
  ASSERT_TRUE(xq::read_dhtmlxq(written, g, &err, &notice, &back)) << err;
  EXPECT_EQ(tree_text(back), tree_text(t.tree)) << written;
  EXPECT_EQ(xq::write_dhtmlxq(g, &back), written);
}
