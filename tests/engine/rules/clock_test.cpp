// Game clocks: options, faces, PGN readings, and the clock itself with a
// time the test controls; the controller's flag fall, undo and the computer
// playing on its clock.
#include <chrono>
#include <thread>

#include "clock.h"
#include "controller.h"
#include "test_util.h"

namespace {

xq::Square sq(const char* s) { return xq::move_from(mv(std::string(s) + s)); }

xq::ControllerOptions options() {
  xq::ControllerOptions o;
  o.hash_mb = 8;
  o.animation_ms = 0;
  o.seed = 7;
  return o;
}

void play(xq::Controller& c, const char* from, const char* to) {
  c.click(sq(from));
  c.click(sq(to));
}

}  // namespace

TEST(Clock, OptionsTagsFacesAndComments) {
  ASSERT_TRUE(xq::parse_clock_option("5+3"));
  EXPECT_EQ(xq::parse_clock_option("5+3")->base_ms, 300000);
  EXPECT_EQ(xq::parse_clock_option("5+3")->increment_ms, 3000);
  EXPECT_FALSE(xq::parse_clock_option("5"));
  EXPECT_FALSE(xq::parse_clock_option("0+5"));
  EXPECT_FALSE(xq::parse_clock_option("x+1"));
  EXPECT_FALSE(xq::parse_clock_option("5+-1"));
  EXPECT_EQ(xq::clock_option_text({600000, 5000}), "10+5");
  EXPECT_EQ(xq::time_control_tag({600000, 5000}), "600+5");
  EXPECT_EQ(xq::parse_time_control_tag("600+5"), (xq::TimeControl{600000, 5000}));
  EXPECT_FALSE(xq::parse_time_control_tag("-"));
  EXPECT_EQ(xq::clock_face(300000), "05:00");
  EXPECT_EQ(xq::clock_face(200), "00:01");
  EXPECT_EQ(xq::clock_face(-5), "00:00");
  EXPECT_EQ(xq::clock_face(3723000), "1:02:03");
  EXPECT_EQ(xq::clock_comment(298000), "[%clk 0:04:58]");
  EXPECT_EQ(xq::parse_clock_comment("[%clk 0:04:58]"), 298000);
  EXPECT_EQ(xq::parse_clock_comment("good move [%clk 1:00:00]"), 3600000);
  EXPECT_FALSE(xq::parse_clock_comment("[%clk 0:61:00]"));
  EXPECT_FALSE(xq::parse_clock_comment("no clock"));
}

TEST(Clock, RunsOneSideAtATimeAndAddsTheIncrement) {
  xq::GameClock k;
  k.reset({60000, 2000});
  k.run(xq::RED, 1000);
  EXPECT_EQ(k.remaining(xq::RED, 11000), 50000);
  EXPECT_EQ(k.remaining(xq::BLACK, 11000), 60000);
  k.moved(xq::RED, 11000);
  EXPECT_EQ(k.remaining(xq::RED, 20000), 52000);
  EXPECT_EQ(k.remaining(xq::BLACK, 20000), 51000);
  k.stop(20000);
  EXPECT_EQ(k.remaining(xq::BLACK, 90000), 51000) << "a stopped clock does not run";
}

// 局时 + 读秒: "20m/30s*3" is 20 minutes, then 30 s a move with three overruns.
TEST(Clock, ByoyomiOptionsAndTags) {
  const auto tc = xq::parse_clock_option("20m/30s*3");
  ASSERT_TRUE(tc);
  EXPECT_EQ(*tc, (xq::TimeControl{1200000, 0, 30000, 4})) << "three overruns allowed: four countdowns";
  EXPECT_EQ(xq::parse_clock_option("20m/30s"), (xq::TimeControl{1200000, 0, 30000, 1}));
  EXPECT_EQ(xq::parse_clock_option("0m/10s"), (xq::TimeControl{0, 0, 10000, 1})) << "读秒 alone";
  EXPECT_FALSE(xq::parse_clock_option("20/30s"));
  EXPECT_FALSE(xq::parse_clock_option("20m/30"));
  EXPECT_FALSE(xq::parse_clock_option("20m/30s*0"));
  EXPECT_FALSE(xq::parse_clock_option("20m/0s"));
  EXPECT_EQ(xq::clock_option_text(*tc), "20m/30s*3");
  EXPECT_EQ(xq::clock_option_text({600000, 0, 30000, 1}), "10m/30s");
  EXPECT_EQ(xq::time_control_tag(*tc), "1200+0 byoyomi 30*3");
  EXPECT_EQ(xq::parse_time_control_tag("1200+0 byoyomi 30*3"), tc);
  EXPECT_FALSE(xq::parse_time_control_tag("1200+0 byoyomi 30"));
  EXPECT_EQ(xq::time_control_tag({600000, 0, 30000, 1}), "600+0 byoyomi 30*0");
  EXPECT_EQ(xq::parse_time_control_tag("600+0 byoyomi 30*0"), (xq::TimeControl{600000, 0, 30000, 1}));
}

TEST(Clock, ByoyomiCountsDownEachMoveAndOverrunsUseThePeriods) {
  xq::GameClock k;
  const xq::TimeControl tc{60000, 0, 10000, 2};
  k.reset(tc);
  EXPECT_EQ(k.remaining(xq::RED, 0), 80000) << "the game's minute and two countdowns";
  auto reading = [&](int64_t now) { return xq::read_clock(tc, k.remaining(xq::RED, now)); };
  k.run(xq::RED, 0);
  EXPECT_FALSE(reading(30000).byoyomi);
  EXPECT_EQ(reading(30000).ms, 30000);
  EXPECT_TRUE(reading(64000).byoyomi) << "the game's time is spent";
  EXPECT_EQ(reading(64000).ms, 6000);
  EXPECT_EQ(reading(64000).periods, 2);
  k.moved(xq::RED, 64000);  // within the countdown: it starts afresh
  k.moved(xq::BLACK, 65000);
  EXPECT_EQ(reading(65000).ms, 10000);
  EXPECT_EQ(reading(65000).periods, 2);
  EXPECT_EQ(reading(77000).periods, 1) << "12 s: one overrun";
  EXPECT_EQ(reading(77000).ms, 8000);
  k.moved(xq::RED, 77000);
  k.moved(xq::BLACK, 78000);
  EXPECT_EQ(reading(78000).periods, 1) << "the overrun period is gone for good";
  EXPECT_EQ(reading(78000).ms, 10000);
  EXPECT_EQ(k.remaining(xq::RED, 88000), 0) << "the flag falls when the last countdown ends";
}

TEST(Clock, AByoyomiFlagFallInTheController) {
  xq::Controller c(options());
  c.set_mode(xq::Mode::TwoPlayers);
  c.set_time_control({1000, 0, 2000, 1});
  c.update(0);
  play(c, "h2", "e2");
  c.update(500);  // red moved in its game time; black's clock runs from 0
  c.update(2900);
  EXPECT_FALSE(c.game_over()) << "black: 1 s of game time and 2 s of countdown";
  c.update(3100);
  EXPECT_TRUE(c.game_over());
}

// The last ten seconds tick, once a second, for a player to move.
TEST(Clock, TheLastSecondsTick) {
  xq::Controller c(options());
  c.set_mode(xq::Mode::TwoPlayers);
  c.set_time_control({0, 0, 12000, 1});  // 读秒 alone: 12 s a move
  auto ticks = [&] {
    int n = 0;
    for (xq::SoundId id : c.take_sounds()) n += id == xq::SoundId::Tick;
    return n;
  };
  c.update(0);
  c.update(1500);  // 11 s left
  EXPECT_EQ(ticks(), 0);
  c.update(2100);  // 10
  c.update(2500);  // still 10
  EXPECT_EQ(ticks(), 1);
  c.update(3100);  // 9
  c.update(4100);  // 8
  EXPECT_EQ(ticks(), 2);
  play(c, "h2", "e2");  // black's countdown starts full
  c.update(4200);
  EXPECT_EQ(ticks(), 0);
}

// Times are given to update(): the test is the clock, not the machine.
TEST(Clock, FlagFallLosesAndUndoBringsTheTimesBack) {
  xq::Controller c(options());
  c.set_mode(xq::Mode::TwoPlayers);
  c.set_time_control({60000, 0});
  c.update(0);
  c.update(10000);
  play(c, "h2", "e2");  // red used 10 s
  c.update(15000);
  play(c, "h9", "g7");  // black used 5 s
  c.update(16000);
  EXPECT_EQ(c.clock_ms(xq::RED), 49000);
  EXPECT_EQ(c.clock_ms(xq::BLACK), 55000);
  EXPECT_TRUE(c.clock_running(xq::RED));
  EXPECT_EQ(c.clock_comments(), (std::vector<std::string>{"[%clk 0:00:50]", "[%clk 0:00:55]"}));
  c.undo();  // back to black to move, with the times the clocks showed then
  c.update(17000);
  EXPECT_EQ(c.clock_ms(xq::RED), 50000);
  EXPECT_EQ(c.clock_ms(xq::BLACK), 60000);
  c.update(18000);
  EXPECT_EQ(c.clock_ms(xq::BLACK), 59000) << "black's clock runs again from the update after the undo";
  // Black lets its flag fall: red has pieces that mate, red wins on time.
  c.update(17000 + 60000);
  ASSERT_TRUE(c.game_over());
  EXPECT_EQ(c.game().verdict().outcome, xq::Outcome::RedWins);
  EXPECT_EQ(c.game().verdict().reason, xq::Reason::Timeout);
  EXPECT_EQ(c.banner(), "黑方超时，红方胜");
  EXPECT_FALSE(c.clock_running(xq::RED));
}

TEST(Clock, FlagFallAgainstASideThatCannotMateDraws) {
  xq::Controller c(options());
  c.set_mode(xq::Mode::TwoPlayers);
  std::string err;
  ASSERT_TRUE(c.new_game("3ak4/4a4/9/9/9/9/9/4B4/4A4/R2AK1B2 b - - 0 1", &err)) << err;  // black to move; red has a rook
  c.set_time_control({1000, 0});
  c.update(0);
  c.update(2000);
  EXPECT_EQ(c.game().verdict().outcome, xq::Outcome::RedWins);
  ASSERT_TRUE(c.new_game("3ak4/4a4/9/9/9/9/9/4B4/4A4/3AK1B2 b - - 0 1", &err)) << err;  // red: king, advisors, elephants
  c.update(3000);
  c.update(5000);
  EXPECT_EQ(c.game().verdict().outcome, xq::Outcome::Draw);
  EXPECT_EQ(c.game().verdict().reason, xq::Reason::TimeoutNoMate);
}

// On a clock the computer plans its time on its own clock: it moves, and
// its clock shows the time spent, well inside what it had.
TEST(Clock, TheComputerPlaysOnItsOwnClock) {
  xq::Controller c(options());
  c.set_mode(xq::Mode::HumanBlack);
  c.set_time_control({20000, 0});
  const auto t0 = std::chrono::steady_clock::now();
  auto now = [&] { return int64_t(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count()); };
  c.new_game();
  for (int i = 0; i < 20000 && c.game().ply() == 0; ++i) {
    c.update(now());
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_EQ(c.game().ply(), 1);
  EXPECT_LT(c.clock_ms(xq::RED), 20000) << "red's clock ran while it thought";
  EXPECT_GT(c.clock_ms(xq::RED), 0);
  EXPECT_FALSE(c.game_over());
}

TEST(Clock, TheLevelSetsThePaceWithinTheClock) {
  // Beginner (1 s a move at most) on 5+3: the clock's plan would spend some
  // 12 s a move, far from the level's pace, so the level governs; the top
  // level's 8 s on a 1-minute clock is more than the clock allows, so the clock governs.
  xq::ControllerOptions o = options();
  o.movetime_override_ms = 0;
  o.book = nullptr;
  xq::Controller c(o);
  c.set_level(1);
  c.set_time_control({300000, 3000});
  c.set_mode(xq::Mode::HumanBlack);  // the computer plays red, at once
  c.update(0);
  EXPECT_EQ(c.last_search_limits().movetime_ms, xq::kLevels[1].movetime_ms);
  EXPECT_LT(c.last_search_limits().time_left_ms, 0) << "not on the clock's plan";
  xq::Controller d(o);
  d.set_level(xq::kLevelCount - 1);
  d.set_time_control({60000, 0});
  d.set_mode(xq::Mode::HumanBlack);
  d.update(0);
  EXPECT_EQ(d.last_search_limits().time_left_ms, 60000) << "the clock is the tighter";
}
