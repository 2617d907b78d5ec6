// Transposition table: 64-byte buckets of four entries, replaced by depth and age.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

#include "types.h"

namespace xq {

enum Bound : uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

struct TTEntry {
  uint32_t check;  // high half of the key
  uint16_t move;
  int16_t score;
  int16_t eval;
  uint8_t depth;
  uint8_t bound_age;  // bound in the low 2 bits, age above
  uint32_t pad;
};
static_assert(sizeof(TTEntry) == 16);

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
  void new_search() { age_ = uint8_t((age_ + 4) & 0xFC); }
  size_t size_mb() const { return bucket_count_ * sizeof(Bucket) >> 20; }

  // Scores are stored relative to the node (mates as "mate in n from here").
  TTHit probe(uint64_t key, int ply) const;
  void store(uint64_t key, int ply, Move m, Score score, Bound bound, int depth, Score eval = kNoEval);
  int hashfull() const;  // per mille of the first 1000 entries used this search
  // Starts loading the bucket of key into the cache (the probe comes soon after).
  void prefetch(uint64_t key) const { __builtin_prefetch(&buckets_[key & bucket_mask_]); }

 private:
  // One cache line a bucket: aligned, so a probe touches one line, not two
  // (a plain vector of entries starts 16 bytes into a page).
  struct alignas(64) Bucket {
    TTEntry e[4];
  };
  struct FreeBlock {
    void operator()(void* p) const;
  };
  // 2 MB aligned and advised for huge pages: a probe is a random access into
  // megabytes, and with 4 KB pages most probes would also miss the TLB.
  std::unique_ptr<Bucket[], FreeBlock> buckets_;
  size_t bucket_count_ = 0;
  size_t bucket_mask_ = 0;
  uint8_t age_ = 0;
};

}  // namespace xq
