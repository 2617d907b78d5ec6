// Transposition table: 64-byte buckets of four entries, replaced by depth and age.
// Several searches may share it (lazy SMP): an entry is two 64-bit words read
// and written as relaxed atomics. The first carries the key's check half, the
// move and the score; the second the check half XOR-ed with a mix of the first
// word's move and score, then eval, depth, bound and age. A probe that meets
// halves of two different writes (two threads storing the same key, or
// another key's) sees the words disagree and misses instead of taking one
// entry's score with the other's bound.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "types.h"

namespace xq {

enum Bound : uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

// What an entry holds, unpacked.
struct TTEntry {
  uint32_t check = 0;  // high half of the key
  uint16_t move = 0;
  int16_t score = 0;
  int16_t eval = 0;
  uint8_t depth = 0;
  uint8_t bound_age = 0;  // bound in the low 2 bits, age above; 0 = empty
};

struct TTHit {
  bool found = false;
  Move move = kNoMove;
  Score score = 0;
  Score eval = 0;  // static evaluation of the position (kNoEval when unknown)
  int depth = 0;
  Bound bound = BOUND_NONE;
};

constexpr Score kNoEval = -32000;

class TranspositionTable {
 public:
  explicit TranspositionTable(size_t mb = 16) { resize(mb); }
  void resize(size_t mb);
  void clear();
  void new_search() { age_.store(uint8_t((age_.load(std::memory_order_relaxed) + 4) & 0xFC), std::memory_order_relaxed); }
  size_t size_mb() const { return bucket_count_ * sizeof(Bucket) >> 20; }

  // Scores are stored relative to the node (mates as "mate in n from here").
  TTHit probe(uint64_t key, int ply) const;
  void store(uint64_t key, int ply, Move m, Score score, Bound bound, int depth, Score eval = kNoEval);
  int hashfull() const;  // per mille of the first 1000 entries used this search
  // An entry as its two words and back; unpack gives an empty entry (check 0)
  // when the words do not belong together. Public for the tests.
  static void pack(const TTEntry& e, uint64_t& w0, uint64_t& w1);
  static TTEntry unpack(uint64_t w0, uint64_t w1);
  // Starts loading the bucket of key into the cache (the probe comes soon after).
  void prefetch(uint64_t key) const { __builtin_prefetch(&buckets_[key & bucket_mask_]); }

 private:
  // One cache line a bucket: aligned, so a probe touches one line, not two
  // (a plain vector of entries starts 16 bytes into a page).
  // Word 0: check, move, score; word 1: check, eval, depth, bound and age.
  struct Slot {
    std::atomic<uint64_t> w[2];
    TTEntry load() const;
    void save(const TTEntry& e);
  };
  static_assert(sizeof(Slot) == 16);
  struct alignas(64) Bucket {
    Slot e[4];
  };
  struct FreeBlock {
    void operator()(void* p) const;
  };
  // 2 MB aligned and advised for huge pages: a probe is a random access into
  // megabytes, and with 4 KB pages most probes would also miss the TLB.
  std::unique_ptr<Bucket[], FreeBlock> buckets_;
  size_t bucket_count_ = 0;
  size_t bucket_mask_ = 0;
  uint8_t age() const { return age_.load(std::memory_order_relaxed); }
  std::atomic<uint8_t> age_{0};
};

}  // namespace xq
