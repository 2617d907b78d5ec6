// The record as a tree: adding, promoting and removing variations; PGN with
// RAV variations, comments, NAGs and suffixes read into it and written back
// the same; depth limits and moves that cannot be played.
#include <algorithm>

#include "game_tree.h"
#include "pgn.h"
#include "test_util.h"

namespace {

std::string iccs(const std::vector<xq::Move>& moves) {
  std::string s;
  for (xq::Move m : moves) {
    if (!s.empty()) s += ' ';
    s += xq::move_to_iccs(m);
  }
  return s;
}

// The tree as text: each node's moves from the root, its comment and mark, depth first.
std::string dump(const xq::GameTree& t, int id = xq::GameTree::kRoot) {
  const xq::TreeNode& n = t.node(id);
  std::string s = (id ? xq::move_to_iccs(n.move) : std::string("root")) + (n.mark ? xq::mark_text(n.mark) : "") +
                  (n.comment.empty() ? "" : "{" + n.comment + "}");
  if (n.children.empty()) return s;
  s += " [";
  for (size_t i = 0; i < n.children.size(); ++i) s += (i ? " | " : "") + dump(t, n.children[i]);
  return s + "]";
}

xq::PgnTree read(const std::string& text) {
  xq::PgnTree t;
  std::string err;
  EXPECT_TRUE(xq::read_pgn_tree(text, t, &err)) << err;
  return t;
}

}  // namespace

TEST(GameTree, AddsPromotesAndRemovesVariations) {
  xq::GameTree t;
  const int a = t.add(xq::GameTree::kRoot, mv("h2e2"));
  const int b = t.add(a, mv("h9g7"));
  const int c = t.add(a, mv("h7e7"));  // a variation of black's first move
  EXPECT_EQ(t.add(a, mv("h9g7")), b) << "an existing move is not added twice";
  const int d = t.add(c, mv("h0g2"));
  EXPECT_EQ(iccs(t.main_line()), "h2e2 h9g7");
  EXPECT_EQ(iccs(t.moves_to(d)), "h2e2 h7e7 h0g2");
  EXPECT_EQ(t.depth(b), 0);
  EXPECT_EQ(t.depth(d), 1);
  EXPECT_EQ(t.find({mv("h2e2"), mv("h7e7")}), c);
  EXPECT_EQ(t.find({mv("h2e2"), mv("a6a5")}), -1);
  EXPECT_TRUE(t.has_variations());
  t.promote(d);
  EXPECT_EQ(iccs(t.main_line()), "h2e2 h7e7 h0g2");
  EXPECT_EQ(t.depth(b), 1);
  // Removing the variation that holds a node takes its whole branch.
  EXPECT_EQ(t.remove_variation(t.find({mv("h2e2"), mv("h7e7"), mv("h0g2")})), -1) << "the main line stays";
  const int back = t.remove_variation(t.find({mv("h2e2"), mv("h9g7")}));
  EXPECT_EQ(back, t.find({mv("h2e2")}));
  EXPECT_EQ(t.size(), 4);
  EXPECT_FALSE(t.has_variations());
  EXPECT_EQ(dump(t), "root [h2e2 [h7e7 [h0g2]]]");
}

TEST(PgnTree, ReadsVariationsCommentsAndMarks) {
  const xq::PgnTree t = read(
      "[Event \"Study\"]\n\n{Before the game} 1. 炮二平五 {The central cannon} 马8进7 (1... 炮8平5 {same direction}\n"
      "2. 马二进三 (2. 马八进七 $2) 马8进7) (1... 马2进3!?) 2. 马二进三 $1 车9平8?! ; a line comment\n"
      "3. 车一平二 *\n");
  EXPECT_EQ(dump(t.tree),
            "root{Before the game} [h2e2{The central cannon} [h9g7 [h0g2! [i9h9?!{a line comment} [i0h0]]] | "
            "h7e7{same direction} [h0g2 [h9g7] | b0c2?] | b9c7!?]]");
  EXPECT_EQ(t.tag("Result"), "*");
  EXPECT_EQ(t.dropped_variations, 0);
  // The main line is what the linear reader reads.
  xq::PgnGame line;
  ASSERT_TRUE(xq::read_pgn("1. 炮二平五 马8进7 (1... 炮8平5) 2. 马二进三 车9平8 3. 车一平二 *", line, nullptr));
  EXPECT_EQ(iccs(t.tree.main_line()), iccs(line.moves));
}

TEST(PgnTree, OurOutputReadsBackToTheSameTree) {
  const std::string text =
      "{Before} 1. 炮二平五 {c1} 马8进7 (1... 炮8平5 2. 马二进三 (2. 马八进七 马2进3 (2... 马8进7)) 马8进7) "
      "(1... 马2进3 $5) 2. 马二进三 $1 车9平8 $6 (2... 卒7进1 {quiet}) 3. 车一平二 1-0";
  const xq::PgnTree first = read(text);
  const std::string written = xq::write_pgn_tree(first.tree, {{"Event", "Study"}}, "1-0");
  const xq::PgnTree again = read(written);
  EXPECT_EQ(dump(again.tree), dump(first.tree)) << written;
  EXPECT_EQ(xq::write_pgn_tree(again.tree, {{"Event", "Study"}}, "1-0"), written);
  std::string flat = written;
  std::replace(flat.begin(), flat.end(), '\n', ' ');
  EXPECT_NE(flat.find("(1... 炮8平5 2. 马二进三 (2. 马八进七 马2进3 (2... 马8进7)) 2... 马8进7)"), std::string::npos)
      << written;
  EXPECT_NE(flat.find("2. 马二进三 $1 车9平8 $6 (2... 卒7进1 {quiet}) 3. 车一平二 1-0"), std::string::npos) << written;
  EXPECT_EQ(again.tag("Event"), "Study");
  // From a set-up position with black to move.
  xq::GameTree t("4k4/9/9/9/9/9/9/9/4A4/3AK4 b - - 0 12");
  const int a = t.add(xq::GameTree::kRoot, mv("e9d9"));
  t.add(a, mv("e1f2"));
  t.add(xq::GameTree::kRoot, mv("e9f9"));
  const std::string setup = xq::write_pgn_tree(t, {}, "*");
  EXPECT_NE(setup.find("12... 将5平4 (12... 将5平6) 13. 仕五进四 *"), std::string::npos) << setup;
  EXPECT_EQ(dump(read(setup).tree), dump(t));
}

TEST(PgnTree, DepthBeyondTheLimitIsAnErrorAndBadMovesCutOnlyTheirVariation) {
  std::string deep = "1. 炮二平五 马8进7 ";
  for (int i = 0; i < xq::kMaxVariationDepth; ++i) deep += "(1... 马2进3 ";
  deep += std::string(size_t(xq::kMaxVariationDepth), ')') + " *";
  xq::PgnTree t;
  std::string err;
  EXPECT_TRUE(xq::read_pgn_tree(deep, t, &err)) << err;
  const std::string too_deep = "1. 炮二平五 马8进7 (" + deep.substr(std::string("1. 炮二平五 马8进7 ").size()) + ")";
  EXPECT_FALSE(xq::read_pgn_tree(std::string(100000, '(') + "1. 炮二平五", t, &err));
  EXPECT_NE(err.find("deeper than 64"), std::string::npos) << err;
  const xq::PgnTree cut = read("1. 炮二平五 马8进7 (1... 炮8平5 2. 车一进五 车9平8) 2. 马二进三 *");
  EXPECT_EQ(cut.dropped_variations, 1);
  EXPECT_EQ(dump(cut.tree), "root [h2e2 [h9g7 [h0g2] | h7e7]]");
  const xq::PgnTree stopped = read("[Event \"x\"]\n1. 炮二平五 马8进7 2. 车一进五 *");
  EXPECT_EQ(stopped.stopped_at, 3);
  EXPECT_EQ(iccs(stopped.tree.main_line()), "h2e2 h9g7");
  EXPECT_FALSE(xq::read_pgn_tree("[FEN \"bad\"]\n1. h2e2", t, &err));
}
