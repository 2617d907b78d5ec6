// Staged move ordering, generated lazily: hash move, good captures (MVV/LVA),
// killer 1, killer 2, quiet moves by history, then losing captures.
#pragma once
#include "movegen.h"

namespace xq {

struct History {
  int table[256][256];  // [from][to]
  void clear();
  void age();           // halve between searches
  void reward(Move m, int depth);
  void punish(Move m, int depth);
  int get(Move m) const { return table[move_from(m)][move_to(m)]; }
};

// MVV/LVA: most valuable victim first, least valuable attacker second.
int mvv_lva(const Position& pos, Move m);

class MovePicker {
 public:
  // Main search: all stages. Pass killers of this ply.
  MovePicker(const Position& pos, Move hash_move, Move killer1, Move killer2, const History* history);
  // Quiescence: captures only, good ones first, losing ones skipped.
  MovePicker(const Position& pos, bool quiescence);
  // Next pseudo-legal move, or kNoMove at the end.
  Move next();
  bool in_quiet_stage() const { return stage_ >= kQuiets; }

 private:
  enum Stage { kHash, kGenCaptures, kGoodCaptures, kKiller1, kKiller2, kGenQuiets, kQuiets, kBadCaptures, kDone,
               kQGen, kQCaptures };
  void score_captures();
  Move pick_best(int begin);
  bool is_capture(Move m) const { return pos_.piece_at(move_to(m)) != 0; }

  const Position& pos_;
  const History* history_ = nullptr;
  Move hash_ = kNoMove, killer1_ = kNoMove, killer2_ = kNoMove;
  int stage_;
  Move moves_[kMaxMoves];
  int scores_[kMaxMoves];
  int count_ = 0, cur_ = 0;
  Move bad_[kMaxMoves];
  int bad_count_ = 0, bad_cur_ = 0;
};

}  // namespace xq
