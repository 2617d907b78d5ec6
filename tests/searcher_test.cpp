// The searcher thread: returns at once, stops quickly, restarts safely, never
// delivers a stale result. Also run under ThreadSanitizer by .ci/test.
#include <chrono>
#include <thread>

#include "searcher.h"
#include "test_util.h"

using namespace std::chrono;

TEST(Searcher, StartReturnsAtOnceAndStopIsQuick) {
  xq::Searcher s(16);
  xq::Position p = pos_from(xq::kStartFen);
  xq::Limits l;
  l.infinite = true;
  const auto t0 = steady_clock::now();
  s.start(p, l);
  EXPECT_LT(duration_cast<milliseconds>(steady_clock::now() - t0).count(), 50);
  EXPECT_FALSE(s.done());
  std::this_thread::sleep_for(milliseconds(200));
  EXPECT_TRUE(s.running());
  EXPECT_GT(s.info().depth, 0);
  const auto t1 = steady_clock::now();
  s.stop();
  const auto stop_ms = duration_cast<microseconds>(steady_clock::now() - t1).count() / 1000.0;
  EXPECT_LT(stop_ms, 10.0 * (xq_test_slow_factor()));
  ASSERT_TRUE(s.done());
  EXPECT_TRUE(xq::is_legal(p, s.result()->best));
}

TEST(Searcher, RestartDropsTheOldResult) {
  xq::Searcher s(16);
  xq::Position p = pos_from(xq::kStartFen);
  xq::Limits l;
  l.infinite = true;
  const uint64_t g1 = s.start(p, l);
  std::this_thread::sleep_for(milliseconds(20));
  xq::Position q = pos_from("4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1");
  xq::Limits d;
  d.depth = 4;
  const uint64_t g2 = s.start(q, d);
  EXPECT_GT(g2, g1);
  while (!s.done()) std::this_thread::sleep_for(milliseconds(1));
  auto r = s.result();
  ASSERT_TRUE(r);
  EXPECT_TRUE(xq::is_legal(q, r->best)) << "the result belongs to the second position";
}

TEST(Searcher, ManyStartsAndStops) {
  xq::Searcher s(8);
  xq::Position p = pos_from(xq::kStartFen);
  xq::Limits l;
  l.infinite = true;
  for (int i = 0; i < 50; ++i) {
    s.start(p, l);
    if (i % 3 == 0) std::this_thread::sleep_for(microseconds(300));
    if (i % 2) s.stop();
    if (i % 5 == 4) s.cancel();
  }
  s.cancel();
  EXPECT_FALSE(s.done());
  EXPECT_FALSE(s.result().has_value());
  xq::Limits d;
  d.depth = 3;
  s.start(p, d);
  while (!s.done()) std::this_thread::sleep_for(milliseconds(1));
  EXPECT_TRUE(xq::is_legal(p, s.result()->best));
}

TEST(Searcher, DestroyWhileSearching) {
  auto s = std::make_unique<xq::Searcher>(8);
  xq::Limits l;
  l.infinite = true;
  s->start(pos_from(xq::kStartFen), l);
  std::this_thread::sleep_for(milliseconds(5));
  s.reset();  // must stop and join cleanly
  SUCCEED();
}

TEST(Searcher, MovetimeIsRespected) {
  xq::Searcher s(8);
  xq::Limits l;
  l.movetime_ms = 100;
  const auto t0 = steady_clock::now();
  s.start(pos_from(xq::kStartFen), l);
  while (!s.done()) std::this_thread::sleep_for(milliseconds(1));
  const auto ms = duration_cast<milliseconds>(steady_clock::now() - t0).count();
  EXPECT_LE(ms, 100 + 30 * xq_test_slow_factor());
}
