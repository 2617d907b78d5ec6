// The match tool's clock games: time controls read as cutechess writes them,
// the go line in each protocol, a flag that falls, increments added.
#include <gtest/gtest.h>

#include "match_clock.h"

using xq::tools::MatchClock;
using xq::TimeControl;

TEST(MatchClock, TimeControlsInSeconds) {
  TimeControl tc;
  ASSERT_TRUE(xq::tools::parse_time_control("10+0.1", tc));
  EXPECT_EQ(tc.base_ms, 10000);
  EXPECT_EQ(tc.increment_ms, 100);
  ASSERT_TRUE(xq::tools::parse_time_control("60", tc));
  EXPECT_EQ(tc.base_ms, 60000);
  EXPECT_EQ(tc.increment_ms, 0);
  ASSERT_TRUE(xq::tools::parse_time_control("0.5+0.005", tc));
  EXPECT_EQ(tc.base_ms, 500);
  EXPECT_EQ(tc.increment_ms, 5);
}

TEST(MatchClock, BadTimeControlsRefusedAndTheOldKept) {
  TimeControl tc{7000, 70};
  for (const char* bad : {"", "+1", "0", "0+1", "10+", "10+-1", "-10", "1.2345", "1..2", ".5", "5.", "10+0.1+1",
                          "abc", "10 +1", "86400", "99999999999999"})
    EXPECT_FALSE(xq::tools::parse_time_control(bad, tc)) << bad;
  EXPECT_EQ(tc.base_ms, 7000);
  EXPECT_EQ(tc.increment_ms, 70);
}

TEST(MatchClock, GoLinesTellBothClocks) {
  MatchClock c;
  c.left_ms[0] = 9000;
  c.left_ms[1] = 12000;
  c.inc_ms[0] = 100;
  c.inc_ms[1] = 200;
  EXPECT_EQ(c.go_limit(0, true), "wtime 9000 btime 12000 winc 100 binc 200");
  EXPECT_EQ(c.go_limit(1, true), "wtime 9000 btime 12000 winc 100 binc 200");
  EXPECT_EQ(c.go_limit(0, false), "time 9000 increment 100 opptime 12000 oppincrement 200");
  EXPECT_EQ(c.go_limit(1, false), "time 12000 increment 200 opptime 9000 oppincrement 100");
}

TEST(MatchClock, IncrementAfterEachMoveAndTheFlagFalls) {
  MatchClock c;
  c.left_ms[0] = c.left_ms[1] = 1000;
  c.inc_ms[0] = c.inc_ms[1] = 50;
  EXPECT_TRUE(c.charge(0, 300.4));
  EXPECT_EQ(c.left_ms[0], 750);
  EXPECT_EQ(c.left_ms[1], 1000);
  EXPECT_TRUE(c.charge(0, 750));  // the whole clock, not more: still in time
  EXPECT_EQ(c.left_ms[0], 50);
  EXPECT_FALSE(c.charge(0, 51));
  EXPECT_EQ(c.left_ms[0], 0);
}
