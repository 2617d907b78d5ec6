#include "tt.h"

#include <cstring>

namespace xq {

void TranspositionTable::resize(size_t mb) {
  if (mb < 1) mb = 1;
  size_t buckets = 1;
  while (buckets * 2 * 64 <= mb << 20) buckets *= 2;
  buckets_.assign(buckets, Bucket{});
  bucket_mask_ = buckets - 1;
}

void TranspositionTable::clear() { std::memset(static_cast<void*>(buckets_.data()), 0, buckets_.size() * sizeof(Bucket)); }

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
  for (size_t i = 0; i < 250 && i < buckets_.size(); ++i)
    for (const TTEntry& e : buckets_[i].e) n += (e.bound_age & 3) && (e.bound_age & 0xFC) == age_;
  return n;
}

}  // namespace xq
