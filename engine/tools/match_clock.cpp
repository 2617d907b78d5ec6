#include "match_clock.h"

#include <algorithm>
#include <cmath>

namespace xq::tools {

namespace {

// Seconds with at most three decimals, to milliseconds; false on anything else.
bool parse_seconds(const std::string& s, long long lo_ms, int& out) {
  if (s.empty() || s.size() > 12) return false;
  long long whole = 0, frac = 0;
  int decimals = -1;  // -1: no point yet
  for (char c : s) {
    if (c == '.') {
      if (decimals >= 0) return false;
      decimals = 0;
    } else if (c >= '0' && c <= '9') {
      if (decimals < 0) whole = whole * 10 + (c - '0');
      else if (++decimals > 3) return false;
      else frac = frac * 10 + (c - '0');
    } else {
      return false;
    }
  }
  if (decimals == 0 || s[0] == '.') return false;  // "5." or ".5"
  for (int d = decimals < 0 ? 0 : decimals; d < 3; ++d) frac *= 10;
  const long long ms = whole * 1000 + frac;
  if (ms < lo_ms || ms >= 86400000LL) return false;
  out = int(ms);
  return true;
}

}  // namespace

bool parse_time_control(const std::string& text, xq::TimeControl& out) {
  const size_t plus = text.find('+');
  xq::TimeControl tc;
  if (!parse_seconds(text.substr(0, plus), 1, tc.base_ms)) return false;
  if (plus != std::string::npos && !parse_seconds(text.substr(plus + 1), 0, tc.increment_ms)) return false;
  out = tc;
  return true;
}

std::string MatchClock::go_limit(int side, bool uci) const {
  using std::to_string;
  if (uci)
    return "wtime " + to_string(left_ms[0]) + " btime " + to_string(left_ms[1]) + " winc " + to_string(inc_ms[0]) +
           " binc " + to_string(inc_ms[1]);
  return "time " + to_string(left_ms[side]) + " increment " + to_string(inc_ms[side]) + " opptime " +
         to_string(left_ms[1 - side]) + " oppincrement " + to_string(inc_ms[1 - side]);
}

bool MatchClock::charge(int side, double elapsed_ms) {
  const long long spent = std::llround(elapsed_ms);
  if (spent > left_ms[side]) {
    left_ms[side] = 0;
    return false;
  }
  left_ms[side] = int(std::min<long long>(left_ms[side] - spent + inc_ms[side], 1000000000LL));
  return true;
}

}  // namespace xq::tools
