// The puzzle judge (engine/puzzle_verify.h) and the puzzle file's lines
// (engine/puzzle.h): puzzles found by the miner hold; a changed solution, a
// wrong length or a move that is not the only one is named; the miner finds
// a puzzle in a position with one, and none in the opening position.
#include "fen.h"
#include "notation.h"
#include "puzzle_verify.h"
#include "test_util.h"

namespace {

const char* const kMateIn2 = "3ak4/9/4b4/9/9/9/4n4/3K5/5p3/9 b - - 5 1\tmate\t2\t黑先二步杀\tBlack mates in 2\t1360\tmate\te9f9 d2e2 e3c4";
const char* const kMaterial = "2bakac2/9/3c3rb/p1R1C3p/2p1p4/6P2/P3P3P/N3B4/4A4/1rBAKN3 w - - 2 1\tmaterial\t1\t红先得子\tRed wins material\t800\tmaterial\ta2b0";
const char* const kDefend = "2b1k1b2/7R1/9/r8/9/9/9/3K5/9/9 w - - 93 1\tdefend\t1\t红先解围\tRed to defend\t1630\tdefence\th8d8";
const char* const kEnding = "3aka3/9/9/9/9/9/9/9/R8/3K5 w - - 0 1\twin\t0\t单车胜双士\tRook beats two advisors";

xq::Puzzle read(const std::string& line) {
  xq::Puzzle p;
  std::string err;
  EXPECT_TRUE(xq::parse_puzzle_line(line, p, &err)) << err;
  return p;
}

}  // namespace

TEST(PuzzleJudge, FoundPuzzlesHold) {
  xq::PuzzleJudge judge;
  for (const char* line : {kMateIn2, kMaterial, kDefend, kEnding}) EXPECT_EQ(judge.verify(read(line)), "") << line;
}

TEST(PuzzleJudge, AChangedSolutionIsNamed) {
  xq::PuzzleJudge judge;
  xq::Puzzle p = read(kMateIn2);
  p.line[0] = mv("e9e8");  // the king steps aside: no mate follows
  EXPECT_NE(judge.verify(p).find("move 1, e9e8"), std::string::npos) << judge.verify(p);
  p = read(kMateIn2);
  p.line[2] = mv("e3g4");  // the last move must mate
  EXPECT_NE(judge.verify(p).find("move 2, e3g4: does not mate"), std::string::npos) << judge.verify(p);
  p = read(kMateIn2);
  p.moves = 1;  // not a mate in one
  p.line.resize(1);
  EXPECT_NE(judge.verify(p).find("does not mate"), std::string::npos) << judge.verify(p);
  p = read(kMaterial);
  p.line[0] = mv("e6e3");  // the cannon leaves its post: nothing is won
  EXPECT_NE(judge.verify(p).find("move 1, e6e3"), std::string::npos) << judge.verify(p);
  p = read(kEnding);
  p.goal = xq::PuzzleGoal::Draw;  // the rook wins: no draw
  EXPECT_NE(judge.verify(p).find("not level"), std::string::npos) << judge.verify(p);
}

TEST(PuzzleJudge, TwoMatingMovesAreNotAPuzzle) {
  // Two rooks against a bare king: several moves mate in one.
  xq::PuzzleJudge judge;
  xq::Puzzle p = read("3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1\tmate\t1\ta\tb\t\tmate\ti0i9");
  EXPECT_NE(judge.verify(p).find("moves mate"), std::string::npos) << judge.verify(p);
}

TEST(PuzzleJudge, TheMinerFindsThePuzzleAndNoneAtTheStart) {
  xq::PuzzleJudge judge;
  const auto found = judge.find(pos_from(read(kMateIn2).fen), 6000);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->goal, xq::PuzzleGoal::Mate);
  EXPECT_EQ(found->moves, 2);
  EXPECT_EQ(xq::move_to_iccs(found->line[0]), "e9f9");
  EXPECT_EQ(found->theme, "mate");
  EXPECT_FALSE(judge.find(pos_from(xq::kStartFen), 6000).has_value());
}

// 牵制: the black rook on f8 blocks the leg of the red horse on f7 that would
// check the king on e9, so it cannot take back; the red rook takes it. Taking a
// rook that is free to move is not a pin.
TEST(PuzzleJudge, APinnedPieceWonIsThePinTheme) {
  const std::vector<xq::Move> take = {mv("d8f8")};
  EXPECT_EQ(xq::PuzzleJudge::theme(pos_from("1r1ak1b2/3R1r3/4bN3/p1P6/8p/9/P7P/4B4/4A4/3AK1B2 w - - 0 1"),
                                   xq::PuzzleGoal::Material, take),
            "pin");
  EXPECT_EQ(xq::PuzzleJudge::theme(pos_from("1r1ak1b2/3R1r3/4b4/p1P6/8p/9/P7P/4B4/4A4/3AK1B2 w - - 0 1"),
                                   xq::PuzzleGoal::Material, take),
            "material")
      << "without the horse the rook on f8 is not pinned";
  // A rook pinned along the rank to its king by the other rook: the cannon on d1 (red) cannot leave rank 1.
  EXPECT_EQ(xq::PuzzleJudge::theme(pos_from("2b1k4/4a4/1R2b4/p3p4/8p/P8/4P3P/7C1/2rC1K3/3c1A3 b - - 0 1"),
                                   xq::PuzzleGoal::Material, {mv("c1d1")}),
            "pin");
}

TEST(PuzzleFile, LinesReadBackAndFaultsAreNamed) {
  for (const char* line : {kMateIn2, kMaterial, kDefend, kEnding}) EXPECT_EQ(xq::puzzle_line(read(line)), line);
  const std::string fen = "3ak4/9/4b4/9/9/9/4n4/3K5/5p3/9 b - - 5 1";
  xq::Puzzle p;
  std::string err;
  EXPECT_FALSE(xq::parse_puzzle_line(fen + "\tmate\t2\ta\tb\t1360\tnice\te9f9", p, &err));
  EXPECT_EQ(err, "theme 'nice' is not known");
  EXPECT_FALSE(xq::parse_puzzle_line(fen + "\tmate\t2\ta\tb\t1360\tmate\te9f9 e0e1 e3c4", p, &err));
  EXPECT_EQ(err, "solution move 2, e0e1, cannot be played");
  EXPECT_FALSE(xq::parse_puzzle_line(fen + "\tmate\t2\ta\tb\t1360\tmate\te9f9 d2e2", p, &err));
  EXPECT_EQ(err, "the solution must end with the player's move");
  EXPECT_FALSE(xq::parse_puzzle_line(fen + "\tmate\t3\ta\tb\t1360\tmate\te9f9 d2e2 e3c4", p, &err));
  EXPECT_EQ(err, "the solution has 2 of the player's moves, the line says 3");
  EXPECT_FALSE(xq::parse_puzzle_line(fen + "\tmaterial\t1\ta\tb", p, &err));
  EXPECT_EQ(err, "a material puzzle needs its solution");
  EXPECT_FALSE(xq::parse_puzzle_line(fen + "\tmate\t2\ta\tb\t1360\tmate\tzz", p, &err));
  EXPECT_EQ(err, "solution move 'zz' is not an ICCS move");
}
