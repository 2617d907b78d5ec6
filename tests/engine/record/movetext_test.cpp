// Move lists as people type and paste them: spacing, punctuation, full-width
// digits, traditional characters, front/middle/rear and numbered pawns, WXF
// letters and ICCS, read through the PGN reader as a pasted text is.
#include <gtest/gtest.h>

#include "movetext.h"
#include "pgn.h"
#include "test_util.h"

namespace {

std::string iccs_line(const std::string& text) {
  xq::PgnGame g;
  std::string err;
  if (!xq::read_pgn(text, g, &err)) return "error: " + err;
  std::string s;
  for (xq::Move m : g.moves) s.append(s.empty() ? "" : " ").append(xq::move_to_iccs(m));
  if (g.stopped_at) s += " | stopped at " + std::to_string(g.stopped_at) + " " + g.stopped_move + ": " + g.stopped_why;
  return s;
}

}  // namespace

TEST(Movetext, TokensWhateverTheSpacingAndPunctuation) {
  using V = std::vector<std::string>;
  EXPECT_EQ(xq::movetext_tokens("1. 炮二平五 马8进7 2.马二进三"), (V{"炮二平五", "马8进7", "马二进三"}));
  EXPECT_EQ(xq::movetext_tokens("１．炮二平五　马８进７"), (V{"炮二平五", "马8进7"}));
  EXPECT_EQ(xq::movetext_tokens("1、炮二平五，马8进7；2、马二进三。"), (V{"炮二平五", "马8进7", "马二进三"}));
  EXPECT_EQ(xq::movetext_tokens("1.炮二平五马8进7 12... 车9平8 1-0"), (V{"炮二平五", "马8进7", "车9平8", "1-0"}));
  EXPECT_EQ(xq::movetext_tokens("C2.5 h2e2 1/2-1/2 *"), (V{"C2.5", "h2e2", "1/2-1/2", "*"}));
  EXPECT_EQ(xq::movetext_tokens(""), V{});
  EXPECT_EQ(xq::movetext_tokens("\xE7\x82"), V{"\xE7\x82"}) << "a cut character stays one token";
}

TEST(Movetext, PlainListsAsPeopleTypeThem) {
  const std::string want = "h2e2 h9g7 h0g2 i9h9";
  EXPECT_EQ(iccs_line("1. 炮二平五 马8进7 2. 马二进三 车9平8"), want);
  EXPECT_EQ(iccs_line("1. 炮二平五 马８进７ ２. 马二进三 车９平８"), want);
  EXPECT_EQ(iccs_line("１．砲二平五　馬８進７　２．傌二進三　車９平８"), want) << "traditional, full width";
  EXPECT_EQ(iccs_line("1、炮二平五，马8进7；2、马二进三，车9平8。"), want);
  EXPECT_EQ(iccs_line("1.炮二平五马8进7 2.马二进三车9平8"), want) << "moves glued together";
  EXPECT_EQ(iccs_line("1. C2.5 H8+7 2. H2+3 R9.8"), want) << "WXF";
  EXPECT_EQ(iccs_line("1. h2-e2 h9-g7 2. H0-G2 i9-h9"), want) << "ICCS with dashes, any case";
  EXPECT_EQ(iccs_line("1. 炮二平五 包8進7"), "h2e2 | stopped at 2 包8進7: no legal move matches '包8進7'")
      << "a cannon with nothing to jump";
}

TEST(Movetext, FrontRearMiddleAndNumberedPawns) {
  // Two red rooks on the e file, then three and four red pawns on one file.
  EXPECT_EQ(iccs_line("[FEN \"3k5/9/9/9/9/9/4R4/9/4R4/5K3 w - - 0 1\"]\n1. 前车进1 将4进1 2. 后俥平四"),
            "e3e4 d9d8 e1f1");
  EXPECT_EQ(iccs_line("[FEN \"3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1\"]\n1. 中兵平四 将4进1 2. 後兵平六"),
            "e6f6 d9d8 e5d5");
  // Four on a file are numbered from the front: 一兵 … 四兵.
  const std::string four = "[FEN \"3k5/4P4/4P4/4P4/4P4/p8/9/9/9/5K3 w - - 0 1\"]\n";
  EXPECT_EQ(iccs_line(four + "1. 一兵平四"), "e8f8");
  EXPECT_EQ(iccs_line(four + "1. 二兵平四"), "e7f7");
  EXPECT_EQ(iccs_line(four + "1. 三兵平六"), "e6d6");
  EXPECT_EQ(iccs_line(four + "1. 四兵平六 卒1进1"), "e5d5 a4a3");
}
