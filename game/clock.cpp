#include "clock.h"

#include <algorithm>
#include <cstdio>

#include "parse_int.h"

namespace xq {

namespace {

// "A+B" with whole numbers A in [0, a_max] and B in [0, b_max].
bool split_plus(const std::string& text, int a_max, int b_max, int& a, int& b) {
  const size_t plus = text.find('+');
  if (plus == std::string::npos) return false;
  return parse_int(std::string_view(text).substr(0, plus), 0, a_max, a) &&
         parse_int(std::string_view(text).substr(plus + 1), 0, b_max, b);
}

}  // namespace

std::optional<TimeControl> parse_clock_option(const std::string& text) {
  int minutes = 0, seconds = 0;
  if (!split_plus(text, 600, 600, minutes, seconds) || minutes == 0) return std::nullopt;
  return TimeControl{minutes * 60000, seconds * 1000};
}

std::string clock_option_text(const TimeControl& tc) {
  if (!tc.on()) return "";
  return std::to_string(tc.base_ms / 60000).append("+").append(std::to_string(tc.increment_ms / 1000));
}

std::string time_control_tag(const TimeControl& tc) {
  return std::to_string(tc.base_ms / 1000).append("+").append(std::to_string(tc.increment_ms / 1000));
}

std::optional<TimeControl> parse_time_control_tag(const std::string& tag) {
  int base = 0, inc = 0;
  if (!split_plus(tag, 36000, 3600, base, inc) || base == 0) return std::nullopt;
  return TimeControl{base * 1000, inc * 1000};
}

std::string clock_face(int ms) {
  const int s = (std::max(ms, 0) + 999) / 1000;  // 0.2 s left still shows 0:01
  char text[16];
  if (s >= 3600) std::snprintf(text, sizeof text, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(text, sizeof text, "%02d:%02d", s / 60, s % 60);
  return text;
}

std::string clock_comment(int ms) {
  const int s = std::max(ms, 0) / 1000;
  char text[32];
  std::snprintf(text, sizeof text, "[%%clk %d:%02d:%02d]", s / 3600, s / 60 % 60, s % 60);
  return text;
}

std::optional<int> parse_clock_comment(const std::string& comment) {
  const size_t at = comment.find("[%clk ");
  if (at == std::string::npos) return std::nullopt;
  int h = 0, m = 0, s = 0;
  if (std::sscanf(comment.c_str() + at, "[%%clk %d:%d:%d]", &h, &m, &s) != 3 || h < 0 || m < 0 || m > 59 || s < 0 ||
      s > 59 || h > 99)
    return std::nullopt;
  return (h * 3600 + m * 60 + s) * 1000;
}

void GameClock::reset(const TimeControl& tc) {
  tc_ = tc;
  left_[RED] = left_[BLACK] = tc.base_ms;
  running_ = false;
}

void GameClock::run(Color side, int64_t now_ms) {
  stop(now_ms);
  if (!on()) return;
  side_ = side;
  since_ms_ = now_ms;
  running_ = true;
}

void GameClock::stop(int64_t now_ms) {
  if (!running_) return;
  left_[side_] = remaining(side_, now_ms);
  running_ = false;
}

void GameClock::moved(Color mover, int64_t now_ms) {
  if (!on()) return;
  stop(now_ms);
  left_[mover] += tc_.increment_ms;
  run(~mover, now_ms);
}

int GameClock::remaining(Color c, int64_t now_ms) const {
  if (running_ && c == side_) return int(left_[c] - std::max<int64_t>(0, now_ms - since_ms_));
  return left_[c];
}

void GameClock::set(int red_ms, int black_ms) {
  running_ = false;
  left_[RED] = red_ms;
  left_[BLACK] = black_ms;
}

}  // namespace xq
