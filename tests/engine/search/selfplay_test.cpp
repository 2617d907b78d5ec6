// 200 quick self-play games (depth 3, varied by evaluation noise): every move
// the search returns is legal and every game ends in a judged result.
#include <atomic>

#include "game.h"
#include "search.h"
#include "test_util.h"

TEST(SelfPlay, TwoHundredJudgedGames) {
  xq::TranspositionTable tt(8);
  xq::Search search(tt);
  std::atomic<bool> stop{false};
  xq::Limits limits;
  limits.depth = 3;
  int judged = 0, red = 0, black = 0, draws = 0;
  for (int g = 0; g < 200; ++g) {
    xq::Game game;
    tt.clear();
    search.clear();
    xq::SearchOptions opt;
    opt.randomness = 20;
    while (!game.verdict().over()) {
      opt.seed = uint64_t(g) * 1000003 + game.ply();
      const xq::SearchResult r = search.run(game.position(), limits, opt, stop);
      ASSERT_TRUE(game.is_legal(r.best)) << "game " << g << " ply " << game.ply() << " " << game.fen();
      ASSERT_TRUE(game.play(r.best));
      ASSERT_LT(game.ply(), 2000) << "the no-capture limit must end every game";
    }
    ++judged;
    const auto o = game.verdict().outcome;
    (o == xq::Outcome::RedWins ? red : o == xq::Outcome::BlackWins ? black : draws)++;
  }
  EXPECT_EQ(judged, 200);
  std::printf("red %d black %d draws %d\n", red, black, draws);
}
