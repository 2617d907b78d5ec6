#include "timeman.h"

#include <algorithm>
#include <cstdlib>

#include "types.h"

namespace xq {

TimeBudget plan_time(const Limits& l) {
  TimeBudget b;
  if (l.infinite) return b;
  if (l.movetime_ms > 0) {
    b.soft_ms = b.hard_ms = l.movetime_ms;
    return b;
  }
  if (l.time_left_ms >= 0) {
    // Leave a reserve for lag; spread the rest over the moves still to play.
    const int reserve = std::min(200, l.time_left_ms / 10);
    const int usable = std::max(1, l.time_left_ms - reserve);
    const int moves = l.moves_to_go > 0 ? std::min(l.moves_to_go, 40) : 30;
    const int base = usable / moves + l.increment_ms * 3 / 4;
    b.soft_ms = std::max(1, std::min(base, usable));
    b.hard_ms = std::max(1, std::min(base * 4, usable / (l.moves_to_go == 1 ? 1 : 3)));
    b.hard_ms = std::max(b.hard_ms, b.soft_ms);
  }
  return b;
}

double soft_scale(const SearchSignals& s) {
  const double instability = 0.75 + 0.75 * std::min(s.best_move_changes, 2.5);
  // A mate or a judged result is what it is: no need to look longer for a fall.
  const auto decided = [](int v) { return std::abs(v) >= kBanThreshold; };
  double falling = 1.0;
  if (!decided(s.score) && !decided(s.earlier_score) && !(s.have_previous && decided(s.previous_score))) {
    const int drop_move = s.have_previous ? s.previous_score - s.score : 0;
    const int drop_depth = s.earlier_score - s.score;
    falling = std::clamp(1.0 + (2 * drop_move + drop_depth) / 100.0, 0.7, 1.5);
  }
  return instability * falling;
}

}  // namespace xq
