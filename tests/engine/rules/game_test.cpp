// The game record and the rules judge.
#include "game.h"
#include "test_util.h"

namespace {

xq::Game game_from(const std::string& fen) {
  xq::Game g;
  std::string err;
  EXPECT_TRUE(g.reset(fen, &err)) << err;
  return g;
}

// Plays the moves; every one must be accepted.
void play(xq::Game& g, std::initializer_list<const char*> moves) {
  for (const char* m : moves) ASSERT_TRUE(g.play(mv(m))) << m;
}

}  // namespace

TEST(Judge, Checkmate) {
  xq::Game g = game_from("3k5/9/2R6/9/9/9/9/9/9/4K4 w - - 0 1");
  play(g, {"c7d7"});
  EXPECT_EQ(g.verdict().outcome, xq::Outcome::RedWins);
  EXPECT_EQ(g.verdict().reason, xq::Reason::Checkmate);
  EXPECT_EQ(xq::verdict_text(g.verdict()), "将死，红方胜");
  EXPECT_FALSE(g.play(mv("d9d8"))) << "no move after the game ended";
}

TEST(Judge, StalemateLoses) {
  xq::Game g = game_from("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1");
  play(g, {"i0i8"});
  EXPECT_FALSE(g.position().in_check());
  EXPECT_EQ(g.verdict().outcome, xq::Outcome::RedWins);
  EXPECT_EQ(g.verdict().reason, xq::Reason::Stalemate);
  EXPECT_EQ(xq::verdict_text(g.verdict()), "困毙，红方胜");
}

TEST(Judge, RedPerpetualCheckLoses) {
  xq::Game g = game_from("4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1");
  play(g, {"i0i9", "e9e8", "i9i8", "e8e9", "i8i9", "e9e8", "i9i8", "e8e9"});
  EXPECT_FALSE(g.verdict().over());
  play(g, {"i8i9"});
  EXPECT_EQ(g.verdict().outcome, xq::Outcome::BlackWins);
  EXPECT_EQ(g.verdict().reason, xq::Reason::PerpetualCheck);
  EXPECT_EQ(xq::verdict_text(g.verdict()), "红方长将判负");
}

TEST(Judge, BlackPerpetualCheckLoses) {
  xq::Game g = game_from("3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1");
  // The start is part of the cycle, so its third occurrence comes after 8 plies.
  play(g, {"a1a0", "e0e1", "a0a1", "e1e0", "a1a0", "e0e1", "a0a1"});
  EXPECT_FALSE(g.verdict().over());
  play(g, {"e1e0"});
  EXPECT_EQ(g.verdict().outcome, xq::Outcome::RedWins);
  EXPECT_EQ(g.verdict().reason, xq::Reason::PerpetualCheck);
  EXPECT_EQ(xq::verdict_text(g.verdict()), "黑方长将判负");
}

TEST(Judge, PlainRepetitionDraws) {
  xq::Game g = game_from("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1");
  play(g, {"i0i1", "d9d8", "i1i0", "d8d9", "i0i1", "d9d8", "i1i0"});
  EXPECT_FALSE(g.verdict().over());
  play(g, {"d8d9"});
  EXPECT_EQ(g.verdict().outcome, xq::Outcome::Draw);
  EXPECT_EQ(g.verdict().reason, xq::Reason::Repetition);
  EXPECT_EQ(xq::verdict_text(g.verdict()), "和棋：重复局面");
}

TEST(Judge, MutualPerpetualCheckDraws) {
  // Both sides check on every move of the cycle (found by a search over
  // checking moves): neither is the lone perpetual checker, so it is a draw.
  xq::Game g = game_from("4ck2r/9/2r4cb/n1p3p1n/2b4RP/2p1p1P2/N3C4/3A4B/R8/2B1KA3 w - - 0 1");
  play(g, {"a1f1"});
  for (int round = 0; round < 2; ++round) {
    for (const char* m : {"e4f4", "e3f3", "f4e4", "f3e3"}) {
      EXPECT_FALSE(g.verdict().over());
      ASSERT_TRUE(g.play(mv(m))) << m;
      EXPECT_TRUE(g.last_move_gave_check()) << m << " gives check";
    }
  }
  EXPECT_EQ(g.verdict().outcome, xq::Outcome::Draw);
  EXPECT_EQ(g.verdict().reason, xq::Reason::Repetition);
}

TEST(Judge, CheckingOnlySometimesIsNotPerpetual) {
  // Red checks on one move of its cycle and not the other: a draw.
  xq::Game g = game_from("4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1");
  play(g, {"i0i9", "e9e8", "i9i0", "e8e9", "i0i9", "e9e8", "i9i0", "e8e9"});
  EXPECT_EQ(g.verdict().reason, xq::Reason::Repetition);
}

TEST(Judge, NoCaptureLimit) {
  xq::Game g = game_from("3k5/9/9/9/9/9/9/9/9/4K3R w - - 118 60");
  EXPECT_EQ(g.no_capture_limit(), 120);
  play(g, {"i0i1"});
  EXPECT_FALSE(g.verdict().over());
  play(g, {"d9d8"});
  EXPECT_EQ(g.verdict().outcome, xq::Outcome::Draw);
  EXPECT_EQ(g.verdict().reason, xq::Reason::MoveLimit);
  g.undo();
  EXPECT_FALSE(g.verdict().over());
  g.set_no_capture_limit(10);
  EXPECT_EQ(g.verdict().reason, xq::Reason::MoveLimit) << "a lower limit applies to the game at once";
  xq::Game h = game_from("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1");
  h.set_no_capture_limit(4);
  play(h, {"i0i1", "d9d8", "i1i2"});
  EXPECT_FALSE(h.verdict().over());
  play(h, {"d8d9"});
  EXPECT_EQ(h.verdict().reason, xq::Reason::MoveLimit);
}

TEST(Game, UndoRedoAndFen) {
  xq::Game g;
  play(g, {"h2e2", "h9g7"});
  EXPECT_EQ(g.fen(), "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
  g.undo();
  EXPECT_EQ(g.side_to_move(), xq::BLACK);
  EXPECT_TRUE(g.can_redo());
  g.redo();
  EXPECT_EQ(g.ply(), 2);
  g.undo();
  play(g, {"b9c7"});
  EXPECT_FALSE(g.can_redo()) << "a new move clears redo";
  EXPECT_FALSE(g.play(mv("a0a5"))) << "illegal";
  EXPECT_EQ(g.ply(), 2);
  std::string err;
  EXPECT_FALSE(g.reset("bad fen", &err));
  EXPECT_EQ(g.ply(), 2) << "a bad FEN keeps the game";
}

TEST(Judge, PerpetualChaseLosesAndIsNamed) {
  // Red's rook chases the unprotected cannon back and forth: red loses.
  xq::Game g = game_from("4k4/9/2c6/9/8R/9/9/9/9/3K5 w - - 0 1");
  play(g, {"i5i7", "c7c5", "i7i5", "c5c7", "i5i7", "c7c5", "i7i5"});
  EXPECT_FALSE(g.verdict().over());
  play(g, {"c5c7"});
  EXPECT_EQ(g.verdict().outcome, xq::Outcome::BlackWins);
  EXPECT_EQ(g.verdict().reason, xq::Reason::PerpetualChase);
  EXPECT_EQ(xq::verdict_text(g.verdict()), "红方长捉判负");
  EXPECT_EQ(xq::verdict_text_en(g.verdict()), "black wins (red perpetual chase)");
}

TEST(Game, UndoRestoresEachPlysVerdictAndRedoJudgesAgain) {
  xq::Game g = game_from("4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1");
  play(g, {"i0i9", "e9e8", "i9i8", "e8e9", "i8i9", "e9e8", "i9i8", "e8e9", "i8i9"});
  ASSERT_EQ(g.verdict().reason, xq::Reason::PerpetualCheck);
  g.undo();
  EXPECT_FALSE(g.verdict().over()) << "the position before the third check goes on";
  EXPECT_EQ(g.fen(), "4k4/8R/9/9/9/9/9/9/9/3K5 w - - 8 5");
  EXPECT_FALSE(g.last_move_gave_check()) << "black moved last";
  g.redo();
  EXPECT_EQ(g.verdict().reason, xq::Reason::PerpetualCheck) << "redo judges the cycle again";
  EXPECT_TRUE(g.last_move_gave_check());
}

TEST(Game, PositionAtAPlyMatchesAReplayFromTheStart) {
  xq::Game g;
  const std::vector<const char*> moves = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b7b3", "e2e6", "b3e3"};
  for (const char* m : moves) ASSERT_TRUE(g.play(mv(m))) << m;
  for (int ply = 0; ply <= g.ply(); ++ply) {
    xq::Game replay;
    for (int i = 0; i < ply; ++i) ASSERT_TRUE(replay.play(mv(moves[size_t(i)])));
    EXPECT_EQ(xq::to_fen(g.position_at(ply)), xq::to_fen(replay.position())) << "ply " << ply;
  }
  EXPECT_EQ(g.position_at(3).history_length(), 3) << "the history (for repetition) comes along";
}
