// Perft counts against the published table (copied from shared/perft).
#include <fstream>
#include <sstream>

#include "perft.h"
#include "test_util.h"

namespace {

struct Row {
  std::string fen;
  std::vector<uint64_t> counts;
};

std::vector<Row> load_table() {
  std::ifstream in(std::string(XQ_TEST_DATA) + "/data/perft_positions.tsv");
  EXPECT_TRUE(in.good()) << "perft table missing";
  std::vector<Row> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    Row r;
    std::getline(ls, r.fen, '\t');
    std::string cell;
    while (std::getline(ls, cell, '\t'))
      if (!cell.empty()) r.counts.push_back(std::stoull(cell));
    rows.push_back(r);
  }
  return rows;
}

void run(uint64_t max_nodes, bool only_big) {
  auto rows = load_table();
  ASSERT_GE(rows.size(), 40u);
  int checked = 0;
  for (auto& r : rows) {
    xq::Position p = pos_from(r.fen);
    for (size_t d = 0; d < r.counts.size(); ++d) {
      const bool small = r.counts[d] <= max_nodes;
      if (small == only_big) continue;
      EXPECT_EQ(xq::perft(p, int(d + 1)), r.counts[d]) << r.fen << " depth " << d + 1;
      ++checked;
    }
    EXPECT_EQ(xq::to_fen(p).substr(0, r.fen.find(' ')), r.fen.substr(0, r.fen.find(' '))) << "perft changed the board";
  }
  EXPECT_GT(checked, 0);
}

}  // namespace

TEST(Perft, QuickStartPosition) {
  xq::Position p = pos_from(xq::kStartFen);
  EXPECT_EQ(xq::perft(p, 1), 44u);
  EXPECT_EQ(xq::perft(p, 2), 1920u);
  EXPECT_EQ(xq::perft(p, 3), 79666u);
  EXPECT_EQ(xq::perft(p, 4), 3290240u);
}

TEST(Perft, QuickTable) { run(2'000'000, false); }
TEST(Perft, FullTable) { run(2'000'000, true); }

TEST(Perft, QuickDivideSumsToTotal) {
  xq::Position p = pos_from(xq::kStartFen);
  uint64_t sum = 0;
  auto div = xq::perft_divide(p, 3);
  EXPECT_EQ(div.size(), 44u);
  for (auto& [m, n] : div) sum += n;
  EXPECT_EQ(sum, 79666u);
}
