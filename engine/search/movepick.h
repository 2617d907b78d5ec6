// Staged move ordering, generated lazily: hash move, good captures (MVV/LVA,
// exchange not losing by SEE), killer 1, killer 2, counter move, quiet moves by
// history (butterfly plus the continuation histories of the last two plies),
// then losing captures.
#pragma once
#include <cstdint>

#include "movegen.h"

namespace xq {

// Board square (16x16 mailbox) to 0..89, by table: the history lookups in
// the inner loops take one load instead of the arithmetic.
struct Square90Table {
  uint8_t index[256];
};
constexpr Square90Table make_square90() {
  Square90Table t{};
  for (int s = 0; s < 256; ++s) {
    const int f = file_of(s), r = rank_of(s);
    t.index[s] = f >= 0 && f < 9 && r >= 0 && r < 10 ? uint8_t(r * 9 + f) : 0;
  }
  return t;
}
inline constexpr Square90Table kSquare90 = make_square90();
inline int square90(Square s) { return kSquare90.index[s & 255]; }

constexpr int kHistoryMax = 16384;

// Saturating update towards +-kHistoryMax ("history gravity").
inline void update_history(int16_t& v, int bonus) {
  if (bonus > kHistoryMax) bonus = kHistoryMax;
  if (bonus < -kHistoryMax) bonus = -kHistoryMax;
  v = int16_t(v + bonus - v * (bonus < 0 ? -bonus : bonus) / kHistoryMax);
}

// Quiet move success by side, from and to (indexed 0..89: 32 KB, where
// mailbox indices would take 256 KB).
struct ButterflyHistory {
  int16_t table[2][90][90];
  void clear();
  int get(Color c, Move m) const { return table[c][square90(move_from(m))][square90(move_to(m))]; }
  void update(Color c, Move m, int bonus) {
    update_history(table[c][square90(move_from(m))][square90(move_to(m))], bonus);
  }
};

// Success of a quiet move (piece, to) after a given earlier move (piece, to).
using PieceToHistory = int16_t[14][90];
struct ContinuationHistory {
  PieceToHistory table[14][90];
  void clear();
  PieceToHistory* at(int piece_index, Square to) { return &table[piece_index][square90(to)]; }
};

// MVV/LVA: most valuable victim first, least valuable attacker second.
int mvv_lva(const Position& pos, Move m);

class MovePicker {
 public:
  // Main search: all stages. cont[0] and cont[1] are the continuation
  // histories of the moves one and two plies back (null when none).
  MovePicker(const Position& pos, Move hash_move, Move killer1, Move killer2, Move counter,
             const ButterflyHistory* history, const PieceToHistory* const* cont);
  // Quiescence: the hash move if it is a capture, then captures that do not lose material by SEE.
  MovePicker(const Position& pos, Move hash_move);
  // Next pseudo-legal move, or kNoMove at the end.
  Move next();
  bool in_quiet_stage() const { return stage_ >= kCounter && stage_ <= kQuiets; }
  bool in_bad_captures() const { return stage_ == kBadCaptures || stage_ == kDone; }
  // Stop returning quiet moves (late move pruning); captures still come.
  void skip_quiets() { skip_quiets_ = true; }
  // The rest of the quiet moves in generation order, unsorted: late move
  // pruning has begun and only the checks among them will be searched, so
  // picking each best-first would cost a scan of the list for nothing.
  void unordered_quiets() { unordered_ = true; }

 private:
  enum Stage { kHash, kGenCaptures, kGoodCaptures, kKiller1, kKiller2, kCounter, kGenQuiets, kQuiets, kBadCaptures,
               kDone, kQHash, kQGen, kQCaptures };
  void score_captures();
  void score_quiets();
  Move pick_best(int begin);
  bool is_capture(Move m) const { return pos_.piece_at(move_to(m)) != 0; }
  bool is_special(Move m) const { return m == hash_ || m == killer1_ || m == killer2_ || m == counter_; }

  const Position& pos_;
  const ButterflyHistory* history_ = nullptr;
  const PieceToHistory* cont_[2] = {nullptr, nullptr};
  Move hash_ = kNoMove, killer1_ = kNoMove, killer2_ = kNoMove, counter_ = kNoMove;
  int stage_;
  bool skip_quiets_ = false;
  bool unordered_ = false;
  Move moves_[kMaxMoves];
  int scores_[kMaxMoves];
  int count_ = 0, cur_ = 0;
  Move bad_[kMaxMoves];
  int bad_count_ = 0, bad_cur_ = 0;
};

}  // namespace xq
