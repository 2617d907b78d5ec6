// FEN reading and writing, and every error the reader names.
#include "test_util.h"

namespace {
std::string fen_error(const std::string& fen) {
  xq::FenData d;
  std::string err;
  EXPECT_FALSE(xq::parse_fen(fen, d, &err)) << fen;
  return err;
}
}  // namespace

TEST(Fen, RoundTrip) {
  for (const char* f : {xq::kStartFen, "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
                        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 7 30"}) {
    xq::FenData d;
    ASSERT_TRUE(xq::parse_fen(f, d, nullptr));
    EXPECT_EQ(xq::to_fen(d.pos, d.halfmove, d.fullmove), f);
  }
}

TEST(Fen, SideLettersAndOptionalCounters) {
  xq::FenData d;
  ASSERT_TRUE(xq::parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r", d, nullptr));
  EXPECT_EQ(d.pos.side(), xq::RED);
  EXPECT_EQ(d.halfmove, 0);
  EXPECT_EQ(d.fullmove, 1);
  ASSERT_TRUE(xq::parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 9", d, nullptr));
  EXPECT_EQ(d.pos.side(), xq::BLACK);
  EXPECT_EQ(d.halfmove, 3);
  EXPECT_EQ(d.fullmove, 9);
}

TEST(Fen, KeyDependsOnSide) {
  EXPECT_NE(pos_from("4k4/9/9/9/9/9/9/9/9/3K5 w").key(), pos_from("4k4/9/9/9/9/9/9/9/9/3K5 b").key());
}

TEST(Fen, Errors) {
  EXPECT_NE(fen_error("").find("empty"), std::string::npos);
  EXPECT_NE(fen_error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w").find("9 ranks"), std::string::npos);
  EXPECT_NE(fen_error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/8/RNBAKABNR w").find("rank 1 has 8 files"),
            std::string::npos);
  EXPECT_NE(fen_error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/91/RNBAKABNR w").find("rank 1 has 10 files"),
            std::string::npos);
  EXPECT_NE(fen_error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5X1/9/RNBAKABNR w").find("unknown piece letter 'X'"),
            std::string::npos);
  EXPECT_NE(fen_error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2R2C1/9/RNBAKABNR w").find("too many red rooks"),
            std::string::npos);
  EXPECT_NE(fen_error("4k4/9/9/9/9/9/9/9/9/2K6 w").find("K on c0"), std::string::npos);      // king outside palace
  EXPECT_NE(fen_error("4k4/9/9/9/9/9/9/9/3A5/3K5 w").find("A on d1"), std::string::npos);    // advisor off its points
  EXPECT_NE(fen_error("4k4/9/9/9/9/9/9/9/B8/3K5 w").find("B on a1"), std::string::npos);     // elephant off its points
  EXPECT_NE(fen_error("4k4/9/9/9/9/4B4/9/9/9/3K5 w").find("B on e4"), std::string::npos);
  EXPECT_NE(fen_error("4k4/9/9/9/9/9/9/P8/9/3K5 w").find("P on a2"), std::string::npos);     // soldier behind start
  EXPECT_NE(fen_error("4k4/9/9/9/9/9/1P7/9/9/3K5 w").find("P on b3"), std::string::npos);    // soldier between files
  EXPECT_NE(fen_error("9/9/9/9/9/9/9/9/9/9 w").find("no king on the board"), std::string::npos);
  EXPECT_NE(fen_error("9/9/9/9/9/9/9/9/4R4/9 w").find("no king on the board"), std::string::npos);
  EXPECT_NE(fen_error("3kk4/9/9/9/9/9/9/9/9/4K4 w").find("too many black king"), std::string::npos);
  EXPECT_NE(fen_error("4k4/9/9/9/9/9/9/9/9/4K4 w").find("face"), std::string::npos);
  EXPECT_NE(fen_error("4k4/9/9/9/9/9/9/9/4R4/3K5 w").find("side not to move (black) is in check"), std::string::npos);
  EXPECT_NE(fen_error("4k4/9/9/9/9/9/9/9/9/3K5 x").find("side to move"), std::string::npos);
  EXPECT_NE(fen_error("4k4/9/9/9/9/9/9/9/9/3K5").find("side to move missing"), std::string::npos);
  EXPECT_NE(fen_error("4k4/9/9/9/9/9/9/9/9/3K5 w - - x 1").find("halfmove"), std::string::npos);
  EXPECT_NE(fen_error("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 junk").find("unexpected"), std::string::npos);
}

// A study may leave a king out (a composed problem, a record's final
// position): it is read, that side is never in check, and its pieces move.
TEST(Fen, AStudyWithOneKingIsRead) {
  xq::FenData d;
  std::string err;
  ASSERT_TRUE(xq::parse_fen("4k4/9/9/9/9/9/9/9/9/3R5 w - - 0 1", d, &err)) << err;
  EXPECT_EQ(xq::to_fen(d.pos), "4k4/9/9/9/9/9/9/9/9/3R5 w - - 0 1");
  EXPECT_FALSE(d.pos.king_attacked(xq::RED));
  xq::Move moves[256];
  EXPECT_EQ(xq::generate_legal(d.pos, moves), 17);  // the rook: nine up the d-file, eight along rank 0
  ASSERT_TRUE(xq::parse_fen("3k5/9/9/9/9/9/9/9/9/3R5 b - - 0 1", d, &err)) << err;
  EXPECT_TRUE(d.pos.king_attacked(xq::BLACK));
  EXPECT_EQ(xq::generate_legal(d.pos, moves), 1);  // the king steps aside to e9 (d8 is on the file)
  ASSERT_TRUE(xq::parse_fen("9/9/9/9/9/9/9/9/9/4K4 w - - 0 1", d, &err)) << err;  // black's left out
}

TEST(Fen, FailureLeavesOutputUntouched) {
  xq::FenData d;
  ASSERT_TRUE(xq::parse_fen("4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1", d, nullptr));
  const uint64_t key = d.pos.key();
  std::string err;
  EXPECT_FALSE(xq::parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 w", d, &err));
  EXPECT_EQ(d.pos.key(), key);
}
