// Clock games for the match tool: a time control "BASE+INC" in seconds
// (cutechess's form: "10+0.1", "60", "0.5+0.01"), each side's clock, and the
// "go" line that tells an engine both clocks in its protocol.
#pragma once
#include <string>

namespace xq::tools {

struct TimeControl {
  int base_ms = 0, inc_ms = 0;
};

// False for anything but BASE or BASE+INC with BASE > 0, INC >= 0, each at
// most three decimals and under a day.
bool parse_time_control(const std::string& text, TimeControl& out);

struct MatchClock {
  int left_ms[2] = {0, 0};  // red, black
  int inc_ms[2] = {0, 0};
  // The "go" arguments for the side to move (red = 0): UCI's wtime/btime, UCCI's time/opptime.
  std::string go_limit(int side, bool uci) const;
  // Charges a move's thinking time to side; false when it ran past its time
  // (the flag fell). Otherwise the increment is added.
  bool charge(int side, double elapsed_ms);
};

}  // namespace xq::tools
