// Mates from real games: 661 positions from our games against fairy-stockfish
// in which it (at depth 12) sees a forced mate in 2 to 5 moves for the side to
// move (tests/mates.tsv, made by xiangqi-mates). Our search looks for each on a
// budget of nodes about what 100 ms gives on this machine kind (a node budget,
// not a clock, so the test is repeatable). Every mate in 2 must be found, and
// no fewer mates overall than a floor just under today's count (614 of 661
// since only checks that keep material are extended; the misses are mates in 3-5
// and are printed).
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "search.h"
#include "test_util.h"

namespace {

struct MateCase {
  std::string fen;
  int moves;
};

std::vector<MateCase> load_cases() {
  std::vector<MateCase> cases;
  std::ifstream in(std::string(XQ_TEST_DATA) + "/mates.tsv");
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    MateCase c;
    std::string n;
    if (std::getline(ls, c.fen, '\t') && std::getline(ls, n)) {
      c.moves = std::atoi(n.c_str());
      cases.push_back(c);
    }
  }
  return cases;
}

}  // namespace

TEST(MateSuite, EveryMateIsFoundWithinItsLength) {
  const auto cases = load_cases();
  ASSERT_GE(cases.size(), 600u) << "tests/mates.tsv is missing or short";
  xq::TranspositionTable tt(16);
  xq::Search search(tt);
  std::atomic<bool> stop{false};
  int found = 0, found_by_length[6] = {}, total_by_length[6] = {};
  std::string missed;
  for (const MateCase& c : cases) {
    tt.clear();
    search.clear();
    xq::Limits l;
    l.nodes = 70000;
    const xq::SearchResult r = search.run(pos_from(c.fen), l, {}, stop);
    const int m = xq::mate_in_moves(r.score);
    const int len = std::clamp(c.moves, 0, 5);
    ++total_by_length[len];
    if (m > 0 && m <= c.moves) {
      ++found;
      ++found_by_length[len];
    } else {
      missed += "\n  " + c.fen + " (mate in " + std::to_string(c.moves) + "; we scored " + std::to_string(r.score) + ")";
    }
  }
  for (int len = 2; len <= 5; ++len)
    std::printf("mate in %d: %d of %d found\n", len, found_by_length[len], total_by_length[len]);
  std::printf("missed:%s\n", missed.c_str());
  EXPECT_EQ(found_by_length[2], total_by_length[2]) << "a mate in 2 was missed";
  EXPECT_GE(found, 605) << "fewer mates found than the floor";
}
