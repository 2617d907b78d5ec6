// ICCS and Chinese notation: known spellings and round trips over many positions.
#include <random>

#include "test_util.h"

namespace {

std::string zh(const std::string& fen, const std::string& iccs) {
  xq::Position p = pos_from(fen);
  return xq::move_to_chinese(p, mv(iccs));
}

std::string parsed(const std::string& fen, const std::string& text) {
  xq::Position p = pos_from(fen);
  xq::Move m = 0;
  std::string err;
  if (!xq::parse_move(p, text, m, &err)) return "error: " + err;
  return xq::move_to_iccs(m);
}

std::string wxf(const std::string& fen, const std::string& iccs) {
  xq::Position p = pos_from(fen);
  return xq::move_to_wxf(p, mv(iccs));
}

const std::string kAfterCentralCannon = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";

}  // namespace

TEST(Notation, IccsForm) {
  xq::Move m;
  EXPECT_TRUE(xq::iccs_to_move("h2e2", m, nullptr));
  EXPECT_EQ(xq::move_to_iccs(m), "h2e2");
  EXPECT_TRUE(xq::iccs_to_move("H2-E2", m, nullptr));
  EXPECT_EQ(xq::move_to_iccs(m), "h2e2");
  std::string err;
  EXPECT_FALSE(xq::iccs_to_move("j2e2", m, &err));
  EXPECT_NE(err.find("not an ICCS move"), std::string::npos);
  EXPECT_FALSE(xq::iccs_to_move("h2e", m, nullptr));
}

TEST(Notation, StartPositionMoves) {
  const std::string s = xq::kStartFen;
  EXPECT_EQ(zh(s, "h2e2"), "炮二平五");
  EXPECT_EQ(zh(s, "h0g2"), "马二进三");
  EXPECT_EQ(zh(s, "b0c2"), "马八进七");
  EXPECT_EQ(zh(s, "a0a1"), "车九进一");
  EXPECT_EQ(zh(s, "c3c4"), "兵七进一");
  EXPECT_EQ(zh(s, "f0e1"), "仕四进五");
  EXPECT_EQ(zh(s, "c0e2"), "相七进五");
  EXPECT_EQ(zh(s, "g0e2"), "相三进五");
  EXPECT_EQ(zh(s, "e0e1"), "帅五进一");
  EXPECT_EQ(zh(s, "h2h9"), "炮二进七");
  EXPECT_EQ(zh(kAfterCentralCannon, "h9g7"), "马8进7");
  EXPECT_EQ(zh(kAfterCentralCannon, "h7e7"), "炮8平5");
  EXPECT_EQ(zh(kAfterCentralCannon, "g6g5"), "卒7进1");
  EXPECT_EQ(zh(kAfterCentralCannon, "c6c5"), "卒3进1");
  EXPECT_EQ(zh(kAfterCentralCannon, "d9e8"), "士4进5");
  EXPECT_EQ(zh(kAfterCentralCannon, "f9e8"), "士6进5");
}

TEST(Notation, SharedFiles) {
  const std::string rooks = "5k3/9/9/9/9/4R4/9/4R4/9/3K5 w";
  EXPECT_EQ(zh(rooks, "e4e5"), "前车进一");
  EXPECT_EQ(zh(rooks, "e2e3"), "后车进一");
  EXPECT_EQ(zh(rooks, "e2a2"), "后车平九");
  const std::string black_rooks = "5k3/9/9/4r4/9/4r4/9/9/9/3K5 b";
  EXPECT_EQ(zh(black_rooks, "e4e3"), "前车进1");
  EXPECT_EQ(zh(black_rooks, "e6e7"), "后车退1");
  const std::string pawns = "5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w";
  EXPECT_EQ(zh(pawns, "e7e8"), "前兵进一");
  EXPECT_EQ(zh(pawns, "e6d6"), "中兵平六");
  EXPECT_EQ(zh(pawns, "e5f5"), "后兵平四");
  const std::string two_files = "5k3/9/4P4/2P1P4/2P1P4/9/9/9/9/3K5 w";
  EXPECT_EQ(zh(two_files, "e7e8"), "前五进一");
  EXPECT_EQ(zh(two_files, "c6c7"), "前七进一");
  const std::string four = "5k3/4P4/4P4/4P4/4P4/9/9/9/9/3K5 w";
  EXPECT_EQ(zh(four, "e8e9"), "一兵进一");
  EXPECT_EQ(zh(four, "e5d5"), "四兵平六");
}

// WXF letter notation: the examples of the WXF's notation page (R+.3 is
// written R+=3 here), both colours counting files from their own right.
TEST(Notation, Wxf) {
  const std::string s = xq::kStartFen;
  EXPECT_EQ(wxf(s, "h2e2"), "C2=5");
  EXPECT_EQ(wxf(s, "h0g2"), "H2+3");
  EXPECT_EQ(wxf(s, "a0a1"), "R9+1");
  EXPECT_EQ(wxf(s, "f0e1"), "A4+5");
  EXPECT_EQ(wxf(s, "c0e2"), "E7+5");
  EXPECT_EQ(wxf(s, "e0e1"), "K5+1");
  EXPECT_EQ(wxf(kAfterCentralCannon, "h9g7"), "H8+7");
  EXPECT_EQ(wxf(kAfterCentralCannon, "c6c5"), "P3+1");
  EXPECT_EQ(wxf("4k4/9/9/9/9/9/9/9/R8/3K5 w", "a1a3"), "R9+2");
  EXPECT_EQ(wxf("4k4/9/9/9/9/9/9/9/R8/3K5 w", "a1a0"), "R9-1");
  const std::string rooks = "5k3/9/9/9/9/4R4/9/4R4/9/3K5 w";
  EXPECT_EQ(wxf(rooks, "e4e5"), "R++1");
  EXPECT_EQ(wxf(rooks, "e4g4"), "R+=3");
  EXPECT_EQ(wxf(rooks, "e2e1"), "R--1");
  EXPECT_EQ(wxf("5k3/9/9/4r4/9/4r4/9/9/9/3K5 b", "e6d6"), "R-=4");
  const std::string pawns = "5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w";
  EXPECT_EQ(wxf(pawns, "e7f7"), "P+=4");
  EXPECT_EQ(wxf(pawns, "e6f6"), "P5=4");
  EXPECT_EQ(wxf(pawns, "e5f5"), "P-=4");
  const std::string two_files = "5k3/9/4P4/2P1P4/2P1P4/9/9/9/9/3K5 w";
  EXPECT_EQ(wxf(two_files, "e7f7"), "5+=4");
  EXPECT_EQ(wxf(two_files, "c5b5"), "7-=8");
  const std::string five = "5k3/4P4/4P4/4P4/4P4/4P4/9/9/9/3K5 w";
  EXPECT_EQ(wxf(five, "e8d8"), "++=6");
  EXPECT_EQ(wxf(five, "e7d7"), "P+=6");
  EXPECT_EQ(wxf(five, "e6d6"), "P5=6");
  EXPECT_EQ(wxf(five, "e5d5"), "P-=6");
  EXPECT_EQ(wxf(five, "e4d4"), "--=6");
  EXPECT_EQ(parsed(rooks, "R+=3"), "e4g4");
  EXPECT_EQ(parsed(rooks, "R+.3"), "e4g4");
  const std::string four = "3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w";
  EXPECT_EQ(wxf(four, "e8f8"), "++=4");
  EXPECT_EQ(wxf(four, "e7f7"), "P+=4");
  EXPECT_EQ(wxf(four, "e6f6"), "P-=4");
  EXPECT_EQ(parsed(four, "--=4"), "e5f5");
  EXPECT_EQ(parsed(two_files, "7-=8"), "c5b5");
}

TEST(Notation, ParsingVariants) {
  const std::string s = xq::kStartFen;
  EXPECT_EQ(parsed(s, "炮二平五"), "h2e2");
  EXPECT_EQ(parsed(s, "炮2平5"), "h2e2");
  EXPECT_EQ(parsed(s, "砲二平五"), "h2e2");
  EXPECT_EQ(parsed(s, "C2.5"), "h2e2");
  EXPECT_EQ(parsed(s, "傌八進七"), "b0c2");
  EXPECT_EQ(parsed(s, "h2e2"), "h2e2");
  EXPECT_EQ(parsed(kAfterCentralCannon, "马8进7"), "h9g7");
  EXPECT_EQ(parsed(kAfterCentralCannon, "馬８進７"), "h9g7");
  EXPECT_EQ(parsed(kAfterCentralCannon, "H8+7"), "h9g7");
  EXPECT_EQ(parsed("5k3/9/9/9/9/4R4/9/4R4/9/3K5 w", "前车进一"), "e4e5");
  EXPECT_EQ(parsed("5k3/9/9/9/9/4R4/9/4R4/9/3K5 w", "后車平九"), "e2a2");
  EXPECT_EQ(parsed(s, "炮二平六"), "h2d2");
  EXPECT_NE(parsed(s, "车一进五").find("no legal move"), std::string::npos);
  EXPECT_NE(parsed(s, "h2h8").find("not a legal move"), std::string::npos);
  EXPECT_NE(parsed(s, "garbage").find("no legal move"), std::string::npos);
  EXPECT_NE(parsed(s, "\xff\xfe").find("no legal move"), std::string::npos);
}

// Every legal move of many positions survives move -> Chinese -> move and move -> ICCS -> move.
TEST(Notation, RoundTripsOverRandomGames) {
#ifdef XQ_SANITIZED
  constexpr int kGames = 20;  // 50 s for 60 under AddressSanitizer; the Release run plays all 60
#else
  constexpr int kGames = 60;
#endif
  std::mt19937 rng(12345);
  int checked = 0;
  for (int game = 0; game < kGames; ++game) {
    xq::Position p = pos_from(xq::kStartFen);
    for (int ply = 0; ply < 120; ++ply) {
      xq::Move moves[xq::kMaxMoves];
      const int n = xq::generate_legal(p, moves);
      if (!n) break;
      for (int i = 0; i < n; ++i) {
        xq::Move back = 0;
        std::string text = xq::move_to_chinese(p, moves[i]), err;
        ASSERT_TRUE(xq::chinese_to_move(p, text, back, &err)) << text << " " << err << " " << xq::to_fen(p);
        ASSERT_EQ(back, moves[i]) << text;
        text = xq::move_to_wxf(p, moves[i]);
        ASSERT_TRUE(xq::chinese_to_move(p, text, back, &err)) << text << " " << err << " " << xq::to_fen(p);
        ASSERT_EQ(back, moves[i]) << text;
        ASSERT_TRUE(xq::iccs_to_move(xq::move_to_iccs(moves[i]), back, nullptr));
        ASSERT_EQ(back, moves[i]);
        ++checked;
      }
      p.do_move(moves[rng() % n]);
    }
  }
  EXPECT_GT(checked, kGames * 1600);
}
