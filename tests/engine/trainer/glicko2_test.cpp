// Glicko-2 against the worked example of Glickman's "Example of the
// Glicko-2 system" (2013): a 1500 player (RD 200, volatility 0.06) beats a
// 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300); tau 0.5.
#include <gtest/gtest.h>

#include "glicko2.h"

TEST(Glicko2, TheWorkedExampleOfThePaper) {
  const xq::GlickoRating player{1500, 200, 0.06};
  const xq::GlickoRating r = xq::glicko2_update(
      player, {{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}}, 0.5);
  EXPECT_NEAR(r.rating, 1464.06, 0.01);
  EXPECT_NEAR(r.deviation, 151.52, 0.01);
  EXPECT_NEAR(r.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, APeriodWithoutGamesOnlyWidensTheDeviation) {
  const xq::GlickoRating r = xq::glicko2_update({1700, 100, 0.06}, {});
  EXPECT_DOUBLE_EQ(r.rating, 1700);
  EXPECT_GT(r.deviation, 100);
  EXPECT_LT(r.deviation, 101);
  EXPECT_DOUBLE_EQ(r.volatility, 0.06);
  // A new player's deviation stays at the ceiling.
  EXPECT_DOUBLE_EQ(xq::glicko2_update({1500, 350, 0.06}, {}).deviation, 350);
}

TEST(Glicko2, AWinRaisesALossLowersAndAnUpsetMovesMore) {
  const xq::GlickoRating me{1500, 350, 0.06};
  const double beat_weaker = xq::glicko2_update(me, {{{1200, 60, 0.06}, 1}}).rating;
  const double beat_stronger = xq::glicko2_update(me, {{{1800, 60, 0.06}, 1}}).rating;
  const double lost = xq::glicko2_update(me, {{{1500, 60, 0.06}, 0}}).rating;
  EXPECT_GT(beat_weaker, 1500);
  EXPECT_GT(beat_stronger, beat_weaker);
  EXPECT_LT(lost, 1500);
  // A sure rating moves less than an unsure one.
  const double sure = xq::glicko2_update({1500, 50, 0.06}, {{{1500, 60, 0.06}, 1}}).rating;
  EXPECT_LT(sure - 1500, beat_weaker - 1500);
}
