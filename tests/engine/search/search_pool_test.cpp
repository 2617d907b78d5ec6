// Lazy SMP: helpers search beside the main search and share its table; one
// thread is the plain search; every thread's nodes are counted; a stop ends
// them all. Also run under ThreadSanitizer by .ci/test.
#include "search_pool.h"

#include <atomic>
#include <thread>

#include "searcher.h"
#include "test_util.h"

namespace {

constexpr const char* kMateIn3 = "1CRaka1RC/6c2/4b4/1N2p4/p5p2/5cP2/P7P/4B4/4A4/2B1K4 w - - 5 34";

xq::Limits depth_limit(int d) {
  xq::Limits l;
  l.depth = d;
  return l;
}

}  // namespace

TEST(SearchPool, OneThreadIsThePlainSearch) {
  xq::Position p = pos_from(xq::kStartFen);
  const std::atomic<bool> stop{false};
  xq::TranspositionTable t1(16), t2(16);
  xq::Search plain(t1);
  xq::SearchPool pool(t2, 1);
  const xq::SearchResult a = plain.run(p, depth_limit(7), {}, stop), b = pool.run(p, depth_limit(7), {}, stop);
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.score, b.score);
  EXPECT_EQ(a.nodes, b.nodes);
}

TEST(SearchPool, TwoThreadsFindTheMate) {
  xq::Position p = pos_from(kMateIn3);
  const std::atomic<bool> stop{false};
  xq::TranspositionTable tt(16);
  xq::SearchPool pool(tt, 2);
  ASSERT_EQ(pool.threads(), 2);
  const xq::SearchResult r = pool.run(p, depth_limit(8), {}, stop);
  EXPECT_EQ(xq::mate_in_moves(r.score), 3);
  EXPECT_TRUE(xq::is_legal(p, r.best));
  EXPECT_EQ(r.depth, 8) << "the depth is the main search's";
}

TEST(SearchPool, NodesCountEveryThread) {
  xq::Position p = pos_from(xq::kStartFen);
  const std::atomic<bool> stop{false};
  xq::Limits l;
  l.nodes = 60000;
  xq::TranspositionTable t1(16), t2(16);
  xq::Search alone(t1);
  const uint64_t n = alone.run(p, l, {}, stop).nodes;
  EXPECT_GE(n, l.nodes);
  EXPECT_LE(n, l.nodes + 1) << "a search stops at its node limit";
  // The main search stops there too; the helper has searched at least its
  // first iteration by then (it runs until the main search is done: 44 root
  // moves and more), and the pool counts it, in the result and the reports.
  xq::SearchPool pool(t2, 2);
  uint64_t reported = 0;
  const xq::SearchResult r = pool.run(p, l, {}, stop, [&](const xq::SearchInfo& i) { reported = i.nodes; });
  EXPECT_GE(r.nodes, l.nodes + 44);
  EXPECT_GT(reported, 0u);
  EXPECT_LE(reported, r.nodes);
  EXPECT_TRUE(xq::is_legal(p, r.best));
}

// A level of the ladder searches without helpers (SearchOptions::one_thread):
// the pool's search is then the plain one, node for node, whatever its threads.
TEST(SearchPool, OneThreadOptionLeavesTheHelpersOut) {
  xq::Position p = pos_from(xq::kStartFen);
  const std::atomic<bool> stop{false};
  xq::Limits l;
  l.nodes = 60000;
  xq::SearchOptions o;
  o.one_thread = true;
  xq::TranspositionTable t1(16), t2(16);
  xq::Search alone(t1);
  xq::SearchPool pool(t2, 2);
  const xq::SearchResult a = alone.run(p, l, o, stop), b = pool.run(p, l, o, stop);
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.score, b.score);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_LE(b.nodes, l.nodes + 1);
}

TEST(SearchPool, ThreadCountIsClamped) {
  xq::TranspositionTable tt(1);
  xq::SearchPool pool(tt, 0);
  EXPECT_EQ(pool.threads(), 1);
  pool.set_threads(3);
  EXPECT_EQ(pool.threads(), 3);
  pool.set_threads(1000);
  EXPECT_EQ(pool.threads(), xq::SearchPool::kMaxThreads);
  pool.set_threads(2);
  EXPECT_EQ(pool.threads(), 2);
}

TEST(SearchPool, StopEndsEveryThread) {
  xq::Searcher s(16);
  s.set_threads(2);
  EXPECT_EQ(s.threads(), 2);
  xq::Position p = pos_from(xq::kStartFen);
  xq::Limits l;
  l.infinite = true;
  s.start(p, l);
  s.stop();  // whenever it comes, it ends the main search and with it the helper
  EXPECT_FALSE(s.running());
  ASSERT_TRUE(s.done());
  EXPECT_TRUE(xq::is_legal(p, s.result()->best));
  // And the next search runs on the same threads.
  s.start(p, depth_limit(5));
  while (!s.done()) std::this_thread::yield();
  EXPECT_TRUE(xq::is_legal(p, s.result()->best));
  EXPECT_EQ(s.result()->depth, 5);
}

TEST(SearchPool, AHelperDeeperAndBetterIsPlayed) {
  xq::SearchResult main;
  main.best = mv("h2e2");
  main.depth = 10;
  main.score = 40;
  xq::SearchResult helper = main;
  helper.best = mv("b2e2");
  helper.depth = 11;
  helper.score = 60;
  EXPECT_TRUE(xq::SearchPool::knows_more(helper, main));
  helper.score = 40;
  EXPECT_FALSE(xq::SearchPool::knows_more(helper, main)) << "deeper but no better";
  helper.score = 60;
  helper.depth = 10;
  EXPECT_FALSE(xq::SearchPool::knows_more(helper, main)) << "better but not deeper";
  helper.depth = 12;
  helper.score = xq::kMateScore - 5;
  EXPECT_TRUE(xq::SearchPool::knows_more(helper, main)) << "a mate the main search has not seen";
  helper.depth = 9;
  EXPECT_TRUE(xq::SearchPool::knows_more(helper, main)) << "a mate is a mate at any depth";
  main.score = xq::kMateScore - 7;
  EXPECT_TRUE(xq::SearchPool::knows_more(helper, main)) << "a shorter mate";
  main.score = xq::kMateScore - 5;
  EXPECT_FALSE(xq::SearchPool::knows_more(helper, main)) << "the same mate";
  main.score = xq::kMateScore - 3;
  EXPECT_FALSE(xq::SearchPool::knows_more(helper, main)) << "a longer mate than the main search's";
  main.score = 40;
  helper.score = xq::kBanScore - 5;
  EXPECT_FALSE(xq::SearchPool::knows_more(helper, main)) << "a win by the rules depends on the path: not at any depth";
  helper.score = xq::kMateScore - 5;
  helper.best = xq::kNoMove;
  EXPECT_FALSE(xq::SearchPool::knows_more(helper, main)) << "no move at all";
}
