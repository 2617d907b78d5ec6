// Each movement rule on a hand-made position.
#include "test_util.h"

using S = std::set<std::string>;

TEST(Rules, KingStaysInPalace) { EXPECT_EQ(moves_from("5k3/9/9/9/9/9/9/9/9/3K5 w", "d0"), (S{"d1", "e0"})); }

TEST(Rules, KingsMayNotFace) {
  EXPECT_EQ(moves_from("5k3/9/9/9/9/9/9/9/9/4K4 w", "e0"), (S{"d0", "e1"}));
  // The only piece between the kings is pinned: a horse cannot move, a cannon only along the file.
  EXPECT_EQ(moves_from("4k4/4n4/9/9/9/9/9/9/9/4K4 b", "e8"), S{});
  EXPECT_EQ(moves_from("4k4/4c4/9/9/9/9/9/9/9/4K4 b", "e8"), (S{"e7", "e6", "e5", "e4", "e3", "e2", "e1"}));
}

TEST(Rules, AdvisorOnPalaceDiagonals) { EXPECT_EQ(moves_from("3k5/9/9/9/9/9/9/9/9/3AK4 w", "d0"), (S{"e1"})); }

TEST(Rules, ElephantEyeAndRiver) {
  EXPECT_EQ(moves_from("3k5/9/9/9/9/9/3N5/4B4/9/4K4 w", "e2"), (S{"c0", "g0", "g4"}));
  EXPECT_EQ(moves_from("3k5/9/9/9/9/6B2/9/9/9/4K4 w", "g4"), (S{"e2", "i2"}));
}

TEST(Rules, HorseLeg) {
  EXPECT_EQ(moves_from("3k5/9/9/9/9/4N4/4P4/9/9/4K4 w", "e4"), (S{"c3", "c5", "g3", "g5", "d6", "f6"}));
}

TEST(Rules, CannonNeedsExactlyOneScreenToCapture) {
  S m = moves_from("3k5/9/9/9/9/9/9/1C2p2r1/9/4K4 w", "b2");
  EXPECT_TRUE(m.count("h2"));
  EXPECT_FALSE(m.count("e2"));
  EXPECT_FALSE(m.count("f2"));
  EXPECT_TRUE(m.count("d2"));
  EXPECT_TRUE(m.count("b9"));
}

TEST(Rules, SoldiersSidewaysOnlyAfterRiver) {
  const std::string fen = "3k5/9/9/2P6/9/9/2P6/9/9/4K4 w";
  EXPECT_EQ(moves_from(fen, "c3"), (S{"c4"}));
  EXPECT_EQ(moves_from(fen, "c6"), (S{"b6", "c7", "d6"}));
  // A black soldier on its own side moves only down the board.
  EXPECT_EQ(moves_from("3k5/9/9/4p4/9/9/9/9/9/4K4 b", "e6"), (S{"e5"}));
}

TEST(Rules, CheckDetectionAfterMove) {
  xq::Position p = pos_from("4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1");
  EXPECT_FALSE(p.in_check());
  p.do_move(mv("i0i9"));
  EXPECT_TRUE(p.in_check());
  p.undo_move();
  p.do_move(mv("i0i8"));
  EXPECT_FALSE(p.in_check());
}

TEST(Rules, HorseAndCannonAndPawnChecks) {
  EXPECT_TRUE(pos_from("4k4/9/3N5/9/9/9/9/9/9/3K5 b").in_check());      // horse d7 attacks e9 via leg d8
  EXPECT_FALSE(pos_from("4k4/3n5/3N5/9/9/9/9/9/9/3K5 b").in_check());   // leg blocked
  EXPECT_TRUE(pos_from("4k4/9/4n4/9/9/9/9/9/4C4/3K5 b").in_check());    // cannon over a screen
  EXPECT_FALSE(pos_from("4k4/9/9/9/9/9/9/9/4C4/3K5 b").in_check());     // no screen
  EXPECT_FALSE(pos_from("4k4/3P5/9/9/9/9/9/9/9/3K5 b").in_check());     // d8 is diagonal to e9
  EXPECT_TRUE(pos_from("4k4/4P4/9/9/9/9/9/9/9/3K5 b").in_check());      // pawn below the king
  EXPECT_TRUE(pos_from("3Pk4/9/9/9/9/9/9/9/9/3K5 b").in_check());       // pawn beside the king
}

TEST(Rules, NoLegalMoveMeansLoss) {
  // Black king in the corner of its palace, covered on every side: no legal move.
  xq::Position p = pos_from("3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1");
  xq::Move buf[xq::kMaxMoves];
  EXPECT_EQ(xq::generate_legal(p, buf), 0);
  EXPECT_FALSE(xq::has_legal_move(p));
}

TEST(Rules, PseudoLegalityOfArbitraryMoves) {
  xq::Position p = pos_from(xq::kStartFen);
  EXPECT_TRUE(xq::is_legal(p, mv("h2e2")));
  EXPECT_TRUE(xq::is_legal(p, mv("b0c2")));
  EXPECT_FALSE(xq::is_legal(p, mv("b0d1")));  // not a horse move
  EXPECT_TRUE(xq::is_legal(p, mv("h2h9")));   // the h7 cannon screens the h9 horse
  EXPECT_FALSE(xq::is_legal(p, mv("h2h7")));  // a capture with no screen
  EXPECT_FALSE(xq::is_legal(p, mv("h9g7")));  // black's move, red to play
  for (uint32_t m = 0; m < 70000; m += 7) xq::is_pseudo_legal(p, m);  // any value is safe
  // The generator and the single-move test agree on every from/to pair.
  const auto legal = legal_set(xq::kStartFen);
  for (int f = 0; f < 256; ++f)
    for (int t = 0; t < 256; ++t) {
      if (!xq::geo().in_board[f] || !xq::geo().in_board[t]) continue;
      xq::Move m = xq::make_move(f, t);
      EXPECT_EQ(xq::is_legal(p, m), legal.count(xq::move_to_iccs(m)) > 0) << xq::move_to_iccs(m);
    }
}
