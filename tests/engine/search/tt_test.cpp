// The transposition table: mate scores stored relative to the node, ban
// (perpetual) scores never stored, deeper entries kept, replacement by age.
#include "tt.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

using namespace xq;

TEST(TranspositionTable, StoresAndFindsAnEntry) {
  TranspositionTable tt(1);
  tt.store(0x123456789ABCDEFULL, 3, make_move(0x33, 0x43), 57, BOUND_EXACT, 6, -12);
  const TTHit h = tt.probe(0x123456789ABCDEFULL, 3);
  ASSERT_TRUE(h.found);
  EXPECT_EQ(h.move, make_move(0x33, 0x43));
  EXPECT_EQ(h.score, 57);
  EXPECT_EQ(h.eval, -12);
  EXPECT_EQ(h.depth, 6);
  EXPECT_EQ(h.bound, BOUND_EXACT);
  EXPECT_FALSE(tt.probe(0x923456789ABCDEFULL, 3).found);
}

TEST(TranspositionTable, MateScoresAreAdjustedByPly) {
  TranspositionTable tt(1);
  // Mate in 5 plies seen from ply 4 is mate in 1 ply from the node; from ply 10 it is mate in 11.
  tt.store(42ULL << 32 | 7, 4, kNoMove, kMateScore - 5, BOUND_EXACT, 3);
  EXPECT_EQ(tt.probe(42ULL << 32 | 7, 10).score, kMateScore - 11);
  tt.store(43ULL << 32 | 9, 2, kNoMove, -(kMateScore - 6), BOUND_UPPER, 3);
  EXPECT_EQ(tt.probe(43ULL << 32 | 9, 0).score, -(kMateScore - 4));
}

TEST(TranspositionTable, BanScoresAreNotStored) {
  TranspositionTable tt(1);
  tt.store(77ULL << 32, 1, kNoMove, kBanScore - 3, BOUND_EXACT, 5);
  EXPECT_FALSE(tt.probe(77ULL << 32, 1).found);
  tt.store(78ULL << 32, 1, kNoMove, -(kBanScore - 3), BOUND_LOWER, 5);
  EXPECT_FALSE(tt.probe(78ULL << 32, 1).found);
}

TEST(TranspositionTable, DeeperEntryOfThisSearchIsKept) {
  TranspositionTable tt(1);
  const uint64_t key = 99ULL << 32 | 5;
  tt.store(key, 0, make_move(0x33, 0x34), 10, BOUND_LOWER, 9);
  tt.store(key, 0, kNoMove, -20, BOUND_UPPER, 2);
  EXPECT_EQ(tt.probe(key, 0).depth, 9);
  EXPECT_EQ(tt.probe(key, 0).score, 10);
  tt.new_search();
  tt.store(key, 0, kNoMove, -20, BOUND_UPPER, 2);
  EXPECT_EQ(tt.probe(key, 0).depth, 2) << "an entry from an older search gives way";
  EXPECT_EQ(tt.probe(key, 0).move, make_move(0x33, 0x34)) << "the move is kept when the new entry has none";
}

TEST(TranspositionTable, ReplacesTheShallowestOfAFullBucket) {
  TranspositionTable tt(1);
  // Five keys in one bucket (same low bits, different high halves).
  for (int i = 0; i < 4; ++i) tt.store(uint64_t(i + 1) << 32, 0, kNoMove, i, BOUND_EXACT, 10 + i);
  tt.store(uint64_t(9) << 32, 0, kNoMove, 5, BOUND_EXACT, 20);
  EXPECT_FALSE(tt.probe(uint64_t(1) << 32, 0).found) << "depth 10 was the shallowest";
  for (int i = 1; i < 4; ++i) EXPECT_TRUE(tt.probe(uint64_t(i + 1) << 32, 0).found);
  EXPECT_TRUE(tt.probe(uint64_t(9) << 32, 0).found);
}

// Two threads write and read the same buckets at once (as lazy SMP's searches
// do): every entry found must be one a thread wrote for that very key, never
// half of one entry and half of another. Under ThreadSanitizer this also shows
// that the table's reads and writes race on nothing.
TEST(TranspositionTable, ConcurrentWritersNeverMixTwoEntries) {
  TranspositionTable tt(1);
  // 64 keys over 4 buckets: each bucket is fought over by 16 keys.
  auto key_of = [](int i) { return uint64_t(i + 1) << 32 | uint64_t(i % 4); };
  auto score_of = [](int i) { return Score(i * 7 - 200); };
  auto move_of = [](int i) { return make_move(0x33 + i % 9, 0x43 + i % 9); };
  std::atomic<int> bad{0}, hits{0};
  auto worker = [&](int first) {
    for (int round = 0; round < 20000; ++round) {
      const int i = (first + round * 13) % 64;
      tt.store(key_of(i), 0, move_of(i), score_of(i), BOUND_EXACT, 1 + i % 20, score_of(i) + 1);
      const int j = (first + round * 29 + 5) % 64;
      const TTHit h = tt.probe(key_of(j), 0);
      if (!h.found) continue;
      ++hits;
      if (h.score != score_of(j) || h.eval != score_of(j) + 1 || h.move != move_of(j) || h.depth != 1 + j % 20) ++bad;
    }
  };
  std::thread a(worker, 0), b(worker, 31);
  a.join();
  b.join();
  EXPECT_EQ(bad.load(), 0);
  EXPECT_GT(hits.load(), 1000) << "the probes found entries at all";
}

TEST(TranspositionTable, HalvesOfTwoWritesOfOneKeyNeverMakeAnEntry) {
  // Two threads store the same key at once: one's first word may meet the
  // other's second. That pair must read as empty, not as one's score with the
  // other's bound and depth.
  xq::TTEntry a, b;
  a.check = b.check = 0x12345678;
  a.move = b.move = 0x0456;
  a.score = 120;
  a.depth = 3;
  a.bound_age = xq::BOUND_UPPER | 8;
  b.score = -40;
  b.depth = 9;
  b.bound_age = xq::BOUND_LOWER | 8;
  uint64_t a0, a1, b0, b1;
  xq::TranspositionTable::pack(a, a0, a1);
  xq::TranspositionTable::pack(b, b0, b1);
  EXPECT_EQ(xq::TranspositionTable::unpack(a0, a1).score, 120);
  EXPECT_EQ(xq::TranspositionTable::unpack(b0, b1).depth, 9);
  EXPECT_EQ(xq::TranspositionTable::unpack(a0, b1).check, 0u);
  EXPECT_EQ(xq::TranspositionTable::unpack(b0, a1).bound_age, 0);
  // A different move with the same score is caught too.
  b.score = a.score;
  b.move = 0x0457;
  xq::TranspositionTable::pack(b, b0, b1);
  EXPECT_EQ(xq::TranspositionTable::unpack(b0, a1).check, 0u);
  // Same move and score: either second word belongs with the first, as one whole write.
  b.move = a.move;
  xq::TranspositionTable::pack(b, b0, b1);
  EXPECT_EQ(a0, b0);
  EXPECT_EQ(xq::TranspositionTable::unpack(a0, b1).depth, 9);
  EXPECT_EQ(xq::TranspositionTable::unpack(0, 0).bound_age, 0) << "an empty slot";
}
