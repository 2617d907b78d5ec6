// The puzzle trainer's ratings: an attempt moves the player and the puzzle
// (Glicko-2) opposite ways, the next puzzle is the unsolved one rated
// nearest the player, and the progress file reads back, with a damaged
// line named and left out.
#include <gtest/gtest.h>

#include <cmath>

#include "puzzle_progress.h"

namespace {

xq::Puzzle puzzle(const std::string& fen, int moves, int rating = 0) {
  xq::Puzzle p;
  p.fen = fen;
  p.moves = moves;
  p.rating = rating;
  p.name_zh = p.name_en = "p";
  return p;
}

const std::string kA = "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1";
const std::string kB = "3k5/R8/9/9/9/9/9/9/9/5K2R w - - 0 1";
const std::string kC = "5k3/R8/9/9/9/9/9/9/9/3K4R w - - 0 1";

}  // namespace

TEST(PuzzleProgress, StartingRatingsComeFromTheCollectionOrTheGoal) {
  EXPECT_EQ(xq::puzzle_rating(puzzle(kA, 2)), 1150);
  EXPECT_EQ(xq::puzzle_rating(puzzle(kA, 5)), 1900);
  EXPECT_EQ(xq::puzzle_rating(puzzle(kA, 1)), 900);
  EXPECT_EQ(xq::puzzle_rating(puzzle(kA, 3, 1234)), 1234);
  std::vector<xq::Puzzle> list;
  std::string err;
  ASSERT_TRUE(xq::parse_puzzles(kA + "\tmate\t2\t甲\tA\t1720\n" + kB + "\tmate\t2\t乙\tB\n", list, &err)) << err;
  EXPECT_EQ(list[0].rating, 1720);
  EXPECT_EQ(list[1].rating, 0);
  EXPECT_FALSE(xq::parse_puzzles(kA + "\tmate\t2\t甲\tA\t99999\n", list, &err));
  EXPECT_NE(err.find("rating '99999'"), std::string::npos) << err;
}

TEST(PuzzleProgress, AnAttemptMovesThePlayerAndThePuzzleOppositeWays) {
  xq::PuzzleProgress pr;
  const xq::Puzzle a = puzzle(kA, 3);  // 1400
  const double up = pr.record(a, true);
  EXPECT_GT(up, 0);
  EXPECT_NEAR(pr.player().rating, 1500 + up, 1e-9);
  EXPECT_LT(pr.player().deviation, 350);
  EXPECT_LT(pr.rating_of(a).rating, 1400) << "a solved puzzle is easier than thought";
  const double down = pr.record(a, false);
  EXPECT_LT(down, 0);
  EXPECT_EQ(pr.records().at(kA).solved, 1);
  EXPECT_EQ(pr.records().at(kA).failed, 1);
  ASSERT_EQ(pr.history().size(), 2u);
  EXPECT_EQ(pr.history()[1], int(std::lround(pr.player().rating)));
  for (int i = 0; i < 300; ++i) pr.record(a, i % 2 == 0);
  EXPECT_EQ(pr.history().size(), xq::PuzzleProgress::kHistory);
}

TEST(PuzzleProgress, TheNextPuzzleIsTheUnsolvedOneNearestThePlayer) {
  xq::PuzzleProgress pr;  // 1500
  const std::vector<xq::Puzzle> all{puzzle(kA, 2), puzzle(kB, 3), puzzle(kC, 5)};  // 1150 1400 1900
  EXPECT_EQ(pr.next_near(all, -1, {}), 1);
  EXPECT_EQ(pr.next_near(all, 1, {}), 0) << "not the one on show: 1150 is nearer 1500 than 1900";
  EXPECT_EQ(pr.next_near(all, -1, {1}), 0) << "the unsolved first";
  EXPECT_EQ(pr.next_near(all, 2, {0, 1}), 1) << "all solved: any other, nearest";
  // A strong player is sent to the hard one.
  for (int i = 0; i < 12; ++i) pr.record(puzzle(kC, 5, 2300), true);
  EXPECT_GT(pr.player().rating, 1800);
  EXPECT_EQ(pr.next_near(all, -1, {}), 2);
  EXPECT_EQ(pr.next_near({puzzle(kA, 2)}, 0, {}), 0) << "a collection of one";
}

TEST(PuzzleProgress, TheFileReadsBackAndADamagedLineIsNamedAndLeftOut) {
  xq::PuzzleProgress pr;
  pr.record(puzzle(kA, 2), true);
  pr.record(puzzle(kB, 4), false);
  xq::PuzzleProgress back;
  std::string err;
  ASSERT_TRUE(xq::PuzzleProgress::parse(pr.text(), back, &err));
  EXPECT_TRUE(err.empty()) << err;
  EXPECT_EQ(back.text(), pr.text());
  EXPECT_NEAR(back.player().rating, pr.player().rating, 0.01);
  EXPECT_EQ(back.records().size(), 2u);
  EXPECT_EQ(back.history(), pr.history());

  std::string damaged = pr.text();
  damaged += "puzzle\tnot a fen\t1500\t200\t0.06\t1\t0\n";
  damaged += "player\tNaN\t200\t0.06\n";
  damaged += "frob\n";
  xq::PuzzleProgress partial;
  ASSERT_TRUE(xq::PuzzleProgress::parse(damaged, partial, &err));
  EXPECT_NE(err.find("line 6"), std::string::npos) << err;
  EXPECT_EQ(partial.records().size(), 2u);
  EXPECT_NEAR(partial.player().rating, pr.player().rating, 0.01) << "the bad player line did not replace the good one";

  xq::PuzzleProgress kept = pr;
  EXPECT_FALSE(xq::PuzzleProgress::parse("level=2\n", kept, &err));
  EXPECT_NE(err.find("not a puzzle progress file"), std::string::npos);
  EXPECT_EQ(kept.text(), pr.text());
}
