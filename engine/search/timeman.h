// Time management: turns search limits into a soft budget (do not start
// another iteration after it) and a hard one (abort the search).
#pragma once
#include <cstdint>

namespace xq {

struct Limits {
  int depth = 0;           // 0 = no depth limit
  uint64_t nodes = 0;      // 0 = no node limit
  int movetime_ms = 0;     // exact time per move
  int time_left_ms = -1;   // game clock of the side to move (-1 = none)
  int increment_ms = 0;
  int moves_to_go = 0;     // 0 = sudden death
  bool infinite = false;   // until stopped
  bool ponder = false;     // search until stopped or until ponderhit, then on the limits above
};

struct TimeBudget {
  int soft_ms = 0;  // 0 = unlimited
  int hard_ms = 0;
};

TimeBudget plan_time(const Limits& limits);

// On a clock the soft budget stretches or shrinks with what the search has
// seen (Stockfish's best-move instability and falling-evaluation factors):
// more time while the best move keeps changing or the score falls, against
// the previous move's score or the iteration's of a few depths back; less
// when the best move has stood and the score holds or rises.
struct SearchSignals {
  double best_move_changes = 0;  // new best moves, the older iterations' halved each depth
  bool have_previous = false;    // previous_score is the same side's search before this move
  int previous_score = 0;
  int earlier_score = 0;         // this search's score a few iterations back
  int score = 0;                 // of the last complete iteration
};
double soft_scale(const SearchSignals& s);

}  // namespace xq
