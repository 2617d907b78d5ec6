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

namespace {
// A bijection of the first word's move and score: two writes that differ there differ here.
uint32_t mix(uint64_t w0) { return uint32_t(w0 >> 32) * 0x9E3779B1u; }
}  // namespace

void TranspositionTable::pack(const TTEntry& e, uint64_t& w0, uint64_t& w1) {
  w0 = uint64_t(e.check) | uint64_t(e.move) << 32 | uint64_t(uint16_t(e.score)) << 48;
  w1 = uint64_t(e.check ^ mix(w0)) | uint64_t(uint16_t(e.eval)) << 32 | uint64_t(e.depth) << 48 |
       uint64_t(e.bound_age) << 56;
}

TTEntry TranspositionTable::unpack(uint64_t a, uint64_t b) {
  TTEntry e;
  if ((uint32_t(a) ^ mix(a)) != uint32_t(b)) return e;  // torn by a concurrent write: empty
  e.check = uint32_t(a);
  e.move = uint16_t(a >> 32);
  e.score = int16_t(a >> 48);
  e.eval = int16_t(b >> 32);
  e.depth = uint8_t(b >> 48);
  e.bound_age = uint8_t(b >> 56);
  return e;
}

TTEntry TranspositionTable::Slot::load() const {
  return unpack(w[0].load(std::memory_order_relaxed), w[1].load(std::memory_order_relaxed));
}

void TranspositionTable::Slot::save(const TTEntry& e) {
  uint64_t a, b;
  pack(e, a, b);
  w[0].store(a, std::memory_order_relaxed);
  w[1].store(b, std::memory_order_relaxed);
}

TTHit TranspositionTable::probe(uint64_t key, int ply) const {
  const Slot* b = buckets_[key & bucket_mask_].e;
  const uint32_t check = uint32_t(key >> 32);
  for (int i = 0; i < 4; ++i) {
    // The first word alone tells most slots apart; the second is read only for the key's own.
    if (uint32_t(b[i].w[0].load(std::memory_order_relaxed)) != check) continue;
    const TTEntry e = b[i].load();
    if (e.check == check && (e.bound_age & 3)) {
      TTHit h;
      h.found = true;
      h.move = e.move;
      h.score = from_tt(e.score, ply);
      h.eval = e.eval;
      h.depth = e.depth;
      h.bound = Bound(e.bound_age & 3);
      return h;
    }
  }
  return {};
}

void TranspositionTable::store(uint64_t key, int ply, Move m, Score score, Bound bound, int depth, Score eval) {
  // Ban scores depend on the path that led here, so they never enter the table.
  if ((score > kBanThreshold && score < kMateThreshold) || (score < -kBanThreshold && score > -kMateThreshold))
    return;
  Slot* b = buckets_[key & bucket_mask_].e;
  const uint32_t check = uint32_t(key >> 32);
  const uint8_t age = this->age();
  // The chosen slot and what it holds (a torn one reads as empty); the first
  // slot is always chosen in the first round, as its value beats `worst`.
  Slot* slot = &b[0];
  TTEntry old;
  int worst = 1 << 30;
  for (int i = 0; i < 4; ++i) {
    const TTEntry e = b[i].load();
    if (e.check == check || !(e.bound_age & 3)) {
      slot = &b[i];
      old = e;
      break;
    }
    // Prefer to replace shallow entries from old searches.
    const int stale = (e.bound_age & 0xFC) != age;
    const int value = e.depth - 8 * stale;
    if (value < worst) {
      worst = value;
      slot = &b[i];
      old = e;
    }
  }
  const bool same = old.check == check && (old.bound_age & 3);
  if (same && depth < old.depth - 2 && bound != BOUND_EXACT && (old.bound_age & 0xFC) == age) {
    if (m && !old.move) {
      old.move = uint16_t(m);
      slot->save(old);
    }
    return;  // keep the deeper result of this search
  }
  TTEntry e;
  e.check = check;
  e.move = uint16_t(m || old.check != check ? m : old.move);
  e.score = int16_t(to_tt(score, ply));
  e.eval = int16_t(eval);
  e.depth = uint8_t(depth < 0 ? 0 : depth);
  e.bound_age = uint8_t(age | bound);
  slot->save(e);
}

int TranspositionTable::hashfull() const {
  const uint8_t age = this->age();
  int n = 0;
  for (size_t i = 0; i < 250 && i < bucket_count_; ++i)
    for (const Slot& s : buckets_[i].e) {
      const TTEntry e = s.load();
      n += (e.bound_age & 3) && (e.bound_age & 0xFC) == age;
    }
  return n;
}

}  // namespace xq
