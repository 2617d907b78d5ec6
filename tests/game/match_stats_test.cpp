// The match tool's statistics: Elo and its error by games (trinomial) and by
// game pairs (pentanomial), and the SPRT's log-likelihood ratio by pairs.
#include <gtest/gtest.h>

#include "match_stats.h"

using xq::tools::Score3;
using xq::tools::Score5;

TEST(MatchStats, PairsCountedByEngineOnesPoints) {
  Score5 s;
  for (double p : {0.0, 0.5, 1.0, 1.0, 1.5, 2.0, 2.0}) s.add(p);
  EXPECT_EQ(s.pairs(), 7);
  EXPECT_EQ(s.n[0], 1);
  EXPECT_EQ(s.n[2], 2);
  EXPECT_EQ(s.n[4], 2);
  EXPECT_DOUBLE_EQ(s.score(), (0 + 0.25 + 0.5 + 0.5 + 0.75 + 1 + 1) / 7);
}

// Worked by hand: pairs worth 0.5, 1, 1 and 1.5 points: a mean of 0.5 a
// game, a pair variance of (0.0625 + 0.0625) / 4 = 0.03125, a standard error
// of sqrt(0.03125 / 4) = 0.0884, so 0.5 ± 0.1732: Elo 0 ± 125.6.
TEST(MatchStats, ThePentanomialErrorWorkedByHand) {
  Score5 s;
  for (double p : {0.5, 1.0, 1.0, 1.5}) s.add(p);
  const auto e = xq::tools::elo_estimate(s);
  EXPECT_NEAR(e.elo, 0, 1e-9);
  EXPECT_NEAR(e.error95, 125.6, 0.5);
}

// Two equal engines where the opening decides (each wins its red game):
// by games it looks like a coin tossed 100 times; by pairs every pair is a
// draw, and the error is far smaller (honest: nothing tells them apart).
TEST(MatchStats, PairedOpeningsGiveANarrowerHonestErrorBar) {
  Score3 games;
  Score5 pairs;
  for (int i = 0; i < 50; ++i) {
    if (i % 10 == 0) {  // a few pairs: a win and a draw
      ++games.w;
      ++games.d;
      pairs.add(1.5);
    } else {  // the rest: each wins with red
      ++games.w;
      ++games.l;
      pairs.add(1.0);
    }
  }
  const auto by_games = xq::tools::elo_estimate(games), by_pairs = xq::tools::elo_estimate(pairs);
  EXPECT_NEAR(by_games.elo, by_pairs.elo, 1e-9) << "the same score either way";
  EXPECT_GT(by_games.error95, 50);
  EXPECT_LT(by_pairs.error95, by_games.error95 / 3);
  EXPECT_GT(by_pairs.elo, 0);
}

TEST(MatchStats, TheSprtByPairsLeansTheWayTheScoreDoes) {
  xq::tools::Sprt t;
  t.elo0 = 0;
  t.elo1 = 5;
  Score5 better, worse;
  for (int i = 0; i < 400; ++i) {
    better.add(i % 3 == 0 ? 1.5 : i % 7 == 0 ? 0.5 : 1.0);
    worse.add(i % 3 == 0 ? 0.5 : i % 7 == 0 ? 1.5 : 1.0);
  }
  EXPECT_GT(t.llr(better), 0);
  EXPECT_LT(t.llr(worse), 0);
  EXPECT_EQ(t.decide(better), 1);
  EXPECT_EQ(t.decide(worse), -1);
  Score5 one;
  one.add(2);
  EXPECT_EQ(t.llr(one), 0) << "one pair says nothing of the spread";
}
