#include "tt.h"

#include <sys/mman.h>

#include <cstdlib>
#include <cstring>
#include <new>

namespace xq {

void TranspositionTable::resize(size_t mb) {
  if (mb < 1) mb = 1;
  size_t buckets = 1;
  while (buckets * 2 * 64 <= mb << 20) buckets *= 2;
  const size_t bytes = buckets * sizeof(Bucket);
  constexpr size_t kHugePage = size_t(2) << 20;
  const size_t align = bytes >= kHugePage ? kHugePage : alignof(Bucket);
  buckets_.reset();  // the old table goes first: two large ones need not fit at once
  void* p = std::aligned_alloc(align, (bytes + align - 1) / align * align);
  if (!p) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  if (align == kHugePage) madvise(p, bytes, MADV_HUGEPAGE);  // a hint: without it, normal pages
#endif
  buckets_.reset(static_cast<Bucket*>(p));
  bucket_count_ = buckets;
  bucket_mask_ = buckets - 1;
  clear();
}

void TranspositionTable::FreeBlock::operator()(void* p) const { std::free(p); }

void TranspositionTable::clear() { std::memset(static_cast<void*>(buckets_.get()), 0, bucket_count_ * sizeof(Bucket)); }

static Score to_tt(Score s, int ply) { return s > kMateThreshold ? s + ply : s < -kMateThreshold ? s - ply : s; }
static Score from_tt(Score s, int ply) { return s > kMateThreshold ? s - ply : s < -kMateThreshold ? s + ply : s; }

TTHit TranspositionTable::probe(uint64_t key, int ply) const {
  const TTEntry* b = buckets_[key & bucket_mask_].e;
  const uint32_t check = uint32_t(key >> 32);
  for (int i = 0; i < 4; ++i) {
    if (b[i].check == check && (b[i].bound_age & 3)) {
      TTHit h;
      h.found = true;
      h.move = b[i].move;
      h.score = from_tt(b[i].score, ply);
      h.eval = b[i].eval;
      h.depth = b[i].depth;
      h.bound = Bound(b[i].bound_age & 3);
      return h;
    }
  }
  return {};
}

void TranspositionTable::store(uint64_t key, int ply, Move m, Score score, Bound bound, int depth, Score eval) {
  // Ban scores depend on the path that led here, so they never enter the table.
  if ((score > kBanThreshold && score < kMateThreshold) || (score < -kBanThreshold && score > -kMateThreshold))
    return;
  TTEntry* b = buckets_[key & bucket_mask_].e;
  const uint32_t check = uint32_t(key >> 32);
  TTEntry* slot = &b[0];
  int worst = 1 << 30;
  for (int i = 0; i < 4; ++i) {
    if (b[i].check == check || !(b[i].bound_age & 3)) {
      slot = &b[i];
      break;
    }
    // Prefer to replace shallow entries from old searches.
    const int stale = (b[i].bound_age & 0xFC) != age_;
    const int value = b[i].depth - 8 * stale;
    if (value < worst) {
      worst = value;
      slot = &b[i];
    }
  }
  if (slot->check == check && (slot->bound_age & 3) && depth < slot->depth - 2 && bound != BOUND_EXACT &&
      (slot->bound_age & 0xFC) == age_) {
    if (m && !slot->move) slot->move = uint16_t(m);
    return;  // keep the deeper result of this search
  }
  if (m || slot->check != check) slot->move = uint16_t(m);
  slot->check = check;
  slot->score = int16_t(to_tt(score, ply));
  slot->eval = int16_t(eval);
  slot->depth = uint8_t(depth < 0 ? 0 : depth);
  slot->bound_age = uint8_t(age_ | bound);
}

int TranspositionTable::hashfull() const {
  int n = 0;
  for (size_t i = 0; i < 250 && i < bucket_count_; ++i)
    for (const TTEntry& e : buckets_[i].e) n += (e.bound_age & 3) && (e.bound_age & 0xFC) == age_;
  return n;
}

}  // namespace xq
