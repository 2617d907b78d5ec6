// Clock games for the match tool: a time control "BASE+INC" in seconds
// (cutechess's form: "10+0.1", "60", "0.5+0.01"), each side's clock, and the
// "go" line that tells an engine both clocks in its protocol.
#pragma once
#include <string>

#include "clock.h"

namespace xq::tools {

// The game's TimeControl (base and increment only); false for anything but
// BASE or BASE+INC with BASE > 0, INC >= 0, each at most three decimals and
// under a day. (The game's own "5+3" is minutes + seconds; this is cutechess's.)
bool parse_time_control(const std::string& text, xq::TimeControl& out);

// Each side its own control (time odds), so not the game's GameClock, which
// runs one control for both.
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
