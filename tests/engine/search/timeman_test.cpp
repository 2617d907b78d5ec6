// Time management: the budget from the limits, and how the soft budget
// stretches with best-move changes and falling scores.
#include <gtest/gtest.h>

#include "timeman.h"

using xq::Limits;
using xq::SearchSignals;

TEST(TimeManager, AFixedMoveTimeIsBothLimits) {
  Limits l;
  l.movetime_ms = 250;
  const auto b = xq::plan_time(l);
  EXPECT_EQ(b.soft_ms, 250);
  EXPECT_EQ(b.hard_ms, 250);
}

TEST(TimeManager, AClockIsSpreadOverTheMovesToCome) {
  Limits l;
  l.time_left_ms = 60000;
  l.increment_ms = 1000;
  const auto b = xq::plan_time(l);
  EXPECT_EQ(b.soft_ms, (60000 - 200) / 30 + 750);
  EXPECT_EQ(b.hard_ms, 4 * b.soft_ms);
  l.time_left_ms = 3000;
  l.increment_ms = 0;
  const auto tight = xq::plan_time(l);
  EXPECT_LE(tight.hard_ms, (3000 - 200) / 3);  // never a third of the clock on one move
}

TEST(TimeManager, AStableSearchStopsEarly) {
  SearchSignals s;
  s.score = s.earlier_score = s.previous_score = 40;
  s.have_previous = true;
  EXPECT_DOUBLE_EQ(xq::soft_scale(s), 0.75);
}

TEST(TimeManager, BestMoveChangesStretchTheBudget) {
  SearchSignals s;
  s.best_move_changes = 1;
  EXPECT_DOUBLE_EQ(xq::soft_scale(s), 1.5);
  s.best_move_changes = 10;  // capped
  EXPECT_DOUBLE_EQ(xq::soft_scale(s), 0.75 + 0.75 * 2.5);
}

TEST(TimeManager, AFallingScoreStretchesItARisingOneShrinksIt) {
  SearchSignals s;
  s.have_previous = true;
  s.previous_score = 30;
  s.earlier_score = 20;
  s.score = 10;  // 20 below the previous move, 10 below a few depths back
  EXPECT_DOUBLE_EQ(xq::soft_scale(s), 0.75 * (1.0 + (2 * 20 + 10) / 100.0));
  s.score = -200;  // a collapse: at most half as long again
  EXPECT_DOUBLE_EQ(xq::soft_scale(s), 0.75 * 1.5);
  s.score = 300;  // better than expected
  EXPECT_DOUBLE_EQ(xq::soft_scale(s), 0.75 * 0.7);
  s.have_previous = false;  // the first move of a game: only the depths compare
  s.score = 0;
  EXPECT_DOUBLE_EQ(xq::soft_scale(s), 0.75 * 1.2);
}

TEST(TimeManager, MateScoresDoNotCountAsAFall) {
  SearchSignals s;
  s.have_previous = true;
  s.previous_score = 9990;  // a mate seen on the previous move
  s.earlier_score = 9990;
  s.score = 500;
  EXPECT_DOUBLE_EQ(xq::soft_scale(s), 0.75);
}
