// Game clocks: a time control (minutes and seconds added a move, or 局时 +
// 读秒 byo-yomi), the two sides' remaining time, and the readings kept in saved
// games (PGN TimeControl tag, [%clk h:mm:ss] comments). Shared by the game and
// the server; no SDL, no system clock: time is passed in.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "types.h"

namespace xq {

// A game clock: the time for the game (局时) with an increment a move, or then
// 读秒 (byo-yomi): once the game's time is spent each move has byoyomi_ms, and
// `periods` overruns of that countdown are allowed before the flag falls.
struct TimeControl {
  int base_ms = 0;       // 0 (and no byo-yomi) = no clock
  int increment_ms = 0;  // added to a side's clock after each of its moves (while in the game's time)
  int byoyomi_ms = 0;    // 0: none
  int periods = 0;       // countdowns in all (1: the first overrun loses; "*3" on the command line: 4)
  bool on() const { return base_ms > 0 || byoyomi_ms > 0; }
  int byoyomi_total() const { return byoyomi_ms * periods; }
  bool operator==(const TimeControl&) const = default;
};

// The panel's choices, in the order its button cycles through them.
inline constexpr TimeControl kClockChoices[] = {{0, 0},
                                                {5 * 60000, 3000},
                                                {10 * 60000, 5000},
                                                {15 * 60000, 10000},
                                                {30 * 60000, 0},
                                                {10 * 60000, 0, 30000, 1},
                                                {20 * 60000, 0, 60000, 4}};

// A side's clock reading as its face shows it: in the game's time, or in
// byo-yomi with the countdown and the periods left (this one included: the
// overruns still allowed are periods - 1).
struct ClockReading {
  bool byoyomi = false;
  int ms = 0;       // the game's time left, or the countdown
  int periods = 0;  // in byo-yomi
};
// remaining_ms is what GameClock::remaining gives: the game's time and every
// period together (so the flag falls at zero).
ClockReading read_clock(const TimeControl& tc, int remaining_ms);

// "5+3" (minutes + seconds a move), "20m/30s" (20 minutes, then 30 s a move),
// "20m/30s*3" (three countdowns), as on the command line; nullopt when malformed.
std::optional<TimeControl> parse_clock_option(const std::string& text);
std::string clock_option_text(const TimeControl& tc);  // "5+3", "" for none
// The PGN TimeControl tag in seconds: "300+3", "1200+0 byoyomi 30*3"; and back.
std::string time_control_tag(const TimeControl& tc);
std::optional<TimeControl> parse_time_control_tag(const std::string& tag);
// A clock face: "mm:ss", or "h:mm:ss" from an hour up; never negative.
std::string clock_face(int ms);
// The comment after a move: "[%clk 0:04:58]"; and the reading back from a comment.
std::string clock_comment(int ms);
std::optional<int> parse_clock_comment(const std::string& comment);

// Two clocks, one running at a time.
class GameClock {
 public:
  void reset(const TimeControl& tc);  // both sides full, stopped
  const TimeControl& control() const { return tc_; }
  bool on() const { return tc_.on(); }
  // Starts `side`'s clock at now_ms (stopping the other).
  void run(Color side, int64_t now_ms);
  void stop(int64_t now_ms);
  // `mover` has moved: its clock stops and gains the increment (in byo-yomi:
  // its countdown starts afresh, less the periods it overran), the other's runs.
  void moved(Color mover, int64_t now_ms);
  int remaining(Color c, int64_t now_ms) const;
  void set(int red_ms, int black_ms);  // readings restored (undo, a resumed game); stops the clock
  bool running() const { return running_; }
  Color side() const { return side_; }

 private:
  TimeControl tc_;
  int left_[2] = {0, 0};  // at since_ms_ for the running side
  Color side_ = RED;
  bool running_ = false;
  int64_t since_ms_ = 0;
};

}  // namespace xq
