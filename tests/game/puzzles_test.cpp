// The puzzle collection (assets/puzzles.txt): it reads, and it has what the
// trainer promises: thousands of puzzles, mates in 1 to 7, winning material
// in its kinds (double attacks, pins, traps), defence and the classic endings, each with a rating and
// (all but the endings) a solution. That every solution holds is the
// `puzzles_verify` test: xiangqi-engine puzzles FILE --verify.
#include <map>

#include "puzzles.h"
#include "settings.h"
#include "test_util.h"

TEST(Puzzles, TheCollectionHasEveryKind) {
  std::string text, err;
  ASSERT_TRUE(xq::read_file(XQ_PUZZLES_FILE, text)) << XQ_PUZZLES_FILE;
  std::vector<xq::Puzzle> list;
  ASSERT_TRUE(xq::parse_puzzles(text, list, &err)) << err;
  EXPECT_GE(list.size(), 2000u);
  std::map<int, int> mates;
  std::map<std::string, int> themes;
  int endings = 0;
  for (const xq::Puzzle& p : list) {
    ++themes[xq::theme_of(p)];
    if (p.goal == xq::PuzzleGoal::Win || p.goal == xq::PuzzleGoal::Draw) {
      ++endings;
      continue;
    }
    EXPECT_FALSE(p.line.empty()) << p.fen;
    EXPECT_GT(p.rating, 0) << p.fen;
    if (p.goal == xq::PuzzleGoal::Mate) ++mates[p.moves];
  }
  for (int n = 1; n <= 5; ++n) EXPECT_GE(mates[n], 20) << "mates in " << n;
  EXPECT_GE(mates[6] + mates[7], 5) << "mates in 6 or 7";
  for (const char* theme : {"material", "fork", "pin", "trap", "defence"}) EXPECT_GE(themes[theme], 5) << theme;
  EXPECT_GE(endings, 8) << "classic endings (win or draw)";
}

TEST(Puzzles, BadLinesAreNamed) {
  std::vector<xq::Puzzle> list;
  std::string err;
  EXPECT_FALSE(xq::parse_puzzles("# only a comment\n", list, &err));
  EXPECT_EQ(err, "no puzzles in the file");
  EXPECT_FALSE(xq::parse_puzzles(std::string(xq::kStartFen) + "\tmate\t2\ta\n", list, &err));
  EXPECT_NE(err.find("line 1: expected 5 to 8"), std::string::npos) << err;
  EXPECT_FALSE(xq::parse_puzzles(std::string(xq::kStartFen) + "\twin\t2\ta\tb\n", list, &err));
  EXPECT_NE(err.find("moves must be 0"), std::string::npos) << err;
  EXPECT_FALSE(xq::parse_puzzles(std::string(xq::kStartFen) + "\tfun\t0\ta\tb\n", list, &err));
  EXPECT_NE(err.find("goal 'fun'"), std::string::npos) << err;
  EXPECT_FALSE(xq::parse_puzzles("\n9/9/9/9/9/9/9/9/9/9 w\tmate\t2\ta\tb\n", list, &err));
  EXPECT_NE(err.find("line 2: bad FEN"), std::string::npos) << err;
  EXPECT_EQ(xq::parse_solved("3,7,x,12"), (std::set<int>{3, 7, 12}));
  EXPECT_EQ(xq::solved_text({1, 4}), "1,4");
}
