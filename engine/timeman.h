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

}  // namespace xq
