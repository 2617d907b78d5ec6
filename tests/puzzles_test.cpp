// The puzzle collection: it reads, it has at least 60 puzzles, and each
// mate is confirmed by our engine: the side to move mates within the stated
// number of moves, and after its first move the defender is mated within one
// move fewer (the positions come from games where fairy-stockfish scored the
// same mate: two engines agree). The classic endings (wins and draws known
// from endgame theory) are scored by the engine as won (>= +300) or level.
#include <atomic>

#include "puzzles.h"
#include "search.h"
#include "settings.h"
#include "test_util.h"

namespace {

// Our engine's search of pos on a node budget (a fresh table each time).
xq::SearchResult search_for_side_to_move(const xq::Position& pos, uint64_t nodes) {
  static xq::TranspositionTable tt(64);
  tt.clear();
  xq::Search s(tt);
  xq::Limits l;
  l.nodes = nodes;
  std::atomic<bool> stop{false};
  return s.run(pos, l, {}, stop);
}

xq::Score score_for_side_to_move(const xq::Position& pos) { return search_for_side_to_move(pos, 2000000).score; }

int mate_for_side_to_move(const xq::Position& pos, xq::Move* best) {
  const xq::SearchResult r = search_for_side_to_move(pos, 3000000);
  if (best) *best = r.best;
  return xq::mate_in_moves(r.score);
}

}  // namespace

TEST(Puzzles, EveryMateIsConfirmed) {
  std::string text, err;
  ASSERT_TRUE(xq::read_file(XQ_PUZZLES_FILE, text)) << XQ_PUZZLES_FILE;
  std::vector<xq::Puzzle> list;
  ASSERT_TRUE(xq::parse_puzzles(text, list, &err)) << err;
  EXPECT_GE(list.size(), 60u);
  int by_length[16] = {}, endings = 0;
  for (const xq::Puzzle& p : list) {
    xq::Position pos = pos_from(p.fen);
    if (p.goal != xq::PuzzleGoal::Mate) {  // a practical ending: the engine's verdict agrees with theory
      const xq::Score s = score_for_side_to_move(pos);
      if (p.goal == xq::PuzzleGoal::Win) EXPECT_GE(s, 300) << p.name_en << ": " << p.fen;
      else EXPECT_TRUE(s >= -80 && s <= 80) << p.name_en << ": " << p.fen << " scored " << s;
      ++endings;
      continue;
    }
    xq::Move first = 0;
    const int n = mate_for_side_to_move(pos, &first);
    EXPECT_TRUE(n > 0 && n <= p.moves) << p.name_en << ": " << p.fen << " scored mate in " << n;
    pos.do_move(first);
    xq::Move replies[xq::kMaxMoves];
    if (xq::generate_legal(pos, replies) == 0) {  // mated (or stalemated, which loses too) at once
      ++by_length[p.moves];
      continue;
    }
    if (xq::generate_legal(pos, replies) == 1) {  // a forced reply (the search would not look deeper): play it
      pos.do_move(replies[0]);
      const int again = mate_for_side_to_move(pos, nullptr);
      EXPECT_TRUE(again > 0 && again <= p.moves - 1) << p.fen << " after the forced reply: " << again;
    } else {
      const int m = mate_for_side_to_move(pos, nullptr);
      EXPECT_TRUE(m < 0 && -m <= p.moves - 1) << p.fen << " after " << xq::move_to_iccs(first) << ": " << m;
    }
    ++by_length[p.moves];
  }
  for (int n = 2; n <= 5; ++n) EXPECT_GE(by_length[n], 10) << "mates in " << n;
  for (int n = 6; n <= 7; ++n) EXPECT_GE(by_length[n], 5) << "mates in " << n;
  EXPECT_GE(endings, 8) << "classic endings (win or draw)";
}

TEST(Puzzles, BadLinesAreNamed) {
  std::vector<xq::Puzzle> list;
  std::string err;
  EXPECT_FALSE(xq::parse_puzzles("# only a comment\n", list, &err));
  EXPECT_EQ(err, "no puzzles in the file");
  EXPECT_FALSE(xq::parse_puzzles(std::string(xq::kStartFen) + "\tmate\t2\ta\n", list, &err));
  EXPECT_NE(err.find("line 1: expected 5"), std::string::npos) << err;
  EXPECT_FALSE(xq::parse_puzzles(std::string(xq::kStartFen) + "\twin\t2\ta\tb\n", list, &err));
  EXPECT_NE(err.find("moves must be 0"), std::string::npos) << err;
  EXPECT_FALSE(xq::parse_puzzles(std::string(xq::kStartFen) + "\tfun\t0\ta\tb\n", list, &err));
  EXPECT_NE(err.find("goal 'fun'"), std::string::npos) << err;
  EXPECT_FALSE(xq::parse_puzzles("\n9/9/9/9/9/9/9/9/9/9 w\tmate\t2\ta\tb\n", list, &err));
  EXPECT_NE(err.find("line 2: bad FEN"), std::string::npos) << err;
  EXPECT_EQ(xq::parse_solved("3,7,x,12"), (std::set<int>{3, 7, 12}));
  EXPECT_EQ(xq::solved_text({1, 4}), "1,4");
}
