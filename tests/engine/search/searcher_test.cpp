// The searcher thread: returns at once, stops quickly, restarts safely, never
// delivers a stale result. Also run under ThreadSanitizer by .ci/test.
#include <future>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "searcher.h"
#include "test_util.h"

using namespace std::chrono;

TEST(Searcher, StartReturnsAtOnceAndStopEndsTheSearch) {
  xq::Searcher s(16);
  xq::Position p = pos_from(xq::kStartFen);
  xq::Limits l;
  l.infinite = true;
  std::mutex m;
  std::condition_variable cv;
  int depth_seen = 0;
  s.start(p, l, {}, [&](const xq::SearchInfo& i) {
    std::lock_guard<std::mutex> lock(m);
    depth_seen = std::max(depth_seen, i.depth);
    cv.notify_all();
  });
  EXPECT_FALSE(s.done()) << "an infinite search is still running when start() returns";
  {
    // Wait for an iteration's report (a minute is only a safety net).
    std::unique_lock<std::mutex> lock(m);
    ASSERT_TRUE(cv.wait_for(lock, seconds(60), [&] { return depth_seen >= 2; }));
  }
  EXPECT_TRUE(s.running());
  EXPECT_GE(s.info().depth, 2);
  s.stop();
  EXPECT_FALSE(s.running());
  ASSERT_TRUE(s.done()) << "stop() returns only after the search has ended";
  EXPECT_TRUE(xq::is_legal(p, s.result()->best));
}

TEST(Searcher, RestartDropsTheOldResult) {
  xq::Searcher s(16);
  xq::Position p = pos_from(xq::kStartFen);
  xq::Limits l;
  l.infinite = true;
  std::promise<void> searching;
  std::atomic<bool> told{false};
  const uint64_t g1 = s.start(p, l, {}, [&](const xq::SearchInfo&) {
    if (!told.exchange(true)) searching.set_value();
  });
  ASSERT_EQ(searching.get_future().wait_for(seconds(60)), std::future_status::ready);  // it has a line to drop
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
  std::atomic<bool> finished{false};
  xq::Position p = pos_from(xq::kStartFen);
  std::atomic<xq::Move> best{xq::kNoMove};
  s->start(p, l, {}, {}, [&](const xq::SearchResult& r) {
    best = r.best;
    finished = true;
  });
  s.reset();  // must stop the search and join its thread
  EXPECT_TRUE(finished) << "the search ran to its end before the searcher was gone";
  EXPECT_TRUE(xq::is_legal(p, best.load()));
}

TEST(Searcher, MovetimeIsSpentAndRespected) {
  xq::Searcher s(8);
  xq::Limits l;
  l.movetime_ms = 100;
  const auto t0 = steady_clock::now();
  s.start(pos_from(xq::kStartFen), l);
  // Poll as the game does; a minute is only a safety net for loaded machines.
  while (!s.done() && steady_clock::now() - t0 < seconds(60)) std::this_thread::sleep_for(milliseconds(1));
  ASSERT_TRUE(s.done());
  const auto ms = duration_cast<milliseconds>(steady_clock::now() - t0).count();
  EXPECT_GE(ms, 100) << "a move time is the time to spend, not an upper bound only";
  EXPECT_GT(s.result()->depth, 0);
}

TEST(Searcher, PonderWaitsForPonderhitThenPlaysOnItsLimits) {
  xq::Searcher s(8);
  xq::Limits l;
  l.ponder = true;
  l.depth = 2;  // reached at once; the search must still wait for ponderhit
  std::mutex m;
  std::condition_variable cv;
  int depth_seen = 0;
  s.start(pos_from(xq::kStartFen), l, {}, [&](const xq::SearchInfo& i) {
    std::lock_guard<std::mutex> lock(m);
    depth_seen = std::max(depth_seen, i.depth);
    cv.notify_all();
  });
  {
    std::unique_lock<std::mutex> lock(m);
    ASSERT_TRUE(cv.wait_for(lock, seconds(60), [&] { return depth_seen >= 2; }));
  }
  // Its last depth done, the search either waits (right) or has ended (wrong).
  const auto waited = steady_clock::now();
  while (!s.waiting_for_stop() && !s.done() && steady_clock::now() - waited < seconds(60))
    std::this_thread::sleep_for(milliseconds(1));
  EXPECT_TRUE(s.waiting_for_stop());
  EXPECT_FALSE(s.done()) << "a ponder search does not end before ponderhit or stop";
  // While it waits it sleeps until ponderhit wakes it: not a millisecond loop
  // that would have looked some 200 times in this time.
  std::this_thread::sleep_for(milliseconds(200));
  EXPECT_FALSE(s.done());
  s.ponderhit();
  const auto t0 = steady_clock::now();
  while (!s.done() && steady_clock::now() - t0 < seconds(60)) std::this_thread::sleep_for(milliseconds(1));
  ASSERT_TRUE(s.done()) << "after ponderhit the depth limit ends the search";
  EXPECT_EQ(s.result()->depth, 2);
  EXPECT_LE(s.wait_wakeups(), 3) << "the wait woke to look again and again";
}

// The same on two threads: the helpers, done to the depth limit before the
// main search, sleep until the pool stops them; an infinite search until stop.
TEST(Searcher, AnInfiniteSearchOnTwoThreadsSleepsUntilStop) {
  xq::Searcher s(8);
  s.set_threads(2);
  xq::Limits l;
  l.infinite = true;
  l.depth = 3;
  s.start(pos_from(xq::kStartFen), l);
  const auto t0 = steady_clock::now();
  while (!s.waiting_for_stop() && steady_clock::now() - t0 < seconds(60)) std::this_thread::sleep_for(milliseconds(1));
  ASSERT_TRUE(s.waiting_for_stop());
  std::this_thread::sleep_for(milliseconds(200));
  EXPECT_FALSE(s.done());
  s.stop();
  ASSERT_TRUE(s.done());
  EXPECT_EQ(s.result()->depth, 3);
  EXPECT_LE(s.wait_wakeups(), 3);
}

TEST(Searcher, BackgroundSearchRunsAtALowerPriority) {
  xq::Searcher s(8);
  s.set_background(true);
  xq::Limits l;
  l.depth = 2;
  std::atomic<int> nice_seen{-100};
  s.start(pos_from(xq::kStartFen), l, {},
          [&](const xq::SearchInfo&) { nice_seen = getpriority(PRIO_PROCESS, pid_t(syscall(SYS_gettid))); });
  const auto t0 = steady_clock::now();
  while (!s.done() && steady_clock::now() - t0 < seconds(60)) std::this_thread::sleep_for(milliseconds(1));
  ASSERT_TRUE(s.done());
  EXPECT_EQ(nice_seen.load(), getpriority(PRIO_PROCESS, 0) + 10 > 19 ? 19 : getpriority(PRIO_PROCESS, 0) + 10);
}
