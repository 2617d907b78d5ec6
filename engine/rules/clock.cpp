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

// "30s", "30s*3" (seconds 1-600; *N: N overruns allowed, 1-10, so N+1 countdowns).
bool parse_byoyomi(std::string_view t, TimeControl& tc) {
  const size_t star = t.find('*');
  const std::string_view secs = t.substr(0, star);
  if (secs.empty() || secs.back() != 's') return false;
  int s = 0, overruns = 0;
  if (!parse_int(secs.substr(0, secs.size() - 1), 1, 600, s)) return false;
  if (star != std::string_view::npos && !parse_int(t.substr(star + 1), 1, 10, overruns)) return false;
  tc.byoyomi_ms = s * 1000;
  tc.periods = overruns + 1;
  return true;
}

std::string byoyomi_text(const TimeControl& tc) {
  std::string t = std::to_string(tc.byoyomi_ms / 1000);  // appended in place: GCC 12 warns falsely on a + chain
  t.append("s");
  if (tc.periods > 1) t.append("*").append(std::to_string(tc.periods - 1));
  return t;
}

}  // namespace

ClockReading read_clock(const TimeControl& tc, int remaining_ms) {
  const int b = tc.byoyomi_ms, total = tc.byoyomi_total();
  if (b <= 0 || remaining_ms > total) return {false, remaining_ms - std::max(0, total), 0};
  if (remaining_ms <= 0) return {true, 0, 0};
  const int periods = (remaining_ms + b - 1) / b;
  return {true, remaining_ms - (periods - 1) * b, periods};
}

std::optional<TimeControl> parse_clock_option(const std::string& text) {
  if (const size_t slash = text.find('/'); slash != std::string::npos) {  // 局时 + 读秒: "20m/30s*3"
    const std::string_view t(text);
    const std::string_view main = t.substr(0, slash);
    int minutes = 0;
    if (main.empty() || main.back() != 'm' || !parse_int(main.substr(0, main.size() - 1), 0, 600, minutes))
      return std::nullopt;
    TimeControl tc{minutes * 60000, 0};
    if (!parse_byoyomi(t.substr(slash + 1), tc)) return std::nullopt;
    return tc;
  }
  int minutes = 0, seconds = 0;
  if (!split_plus(text, 600, 600, minutes, seconds) || minutes == 0) return std::nullopt;
  return TimeControl{minutes * 60000, seconds * 1000};
}

std::string clock_option_text(const TimeControl& tc) {
  if (!tc.on()) return "";
  if (tc.byoyomi_ms) return std::to_string(tc.base_ms / 60000) + "m/" + byoyomi_text(tc);
  return std::to_string(tc.base_ms / 60000).append("+").append(std::to_string(tc.increment_ms / 1000));
}

std::string time_control_tag(const TimeControl& tc) {
  std::string t = std::to_string(tc.base_ms / 1000).append("+").append(std::to_string(tc.increment_ms / 1000));
  if (tc.byoyomi_ms) t += " byoyomi " + std::to_string(tc.byoyomi_ms / 1000) + "*" + std::to_string(tc.periods - 1);
  return t;
}

std::optional<TimeControl> parse_time_control_tag(const std::string& tag) {
  int base = 0, inc = 0;
  const size_t space = tag.find(" byoyomi ");
  if (!split_plus(tag.substr(0, space), 36000, 3600, base, inc)) return std::nullopt;
  TimeControl tc{base * 1000, inc * 1000};
  if (space != std::string::npos) {
    const std::string rest = tag.substr(space + 9);
    const size_t star = rest.find('*');
    if (star == std::string::npos) return std::nullopt;
    const std::string overruns = rest.substr(star + 1);
    if (!parse_byoyomi(rest.substr(0, star) + "s" + (overruns == "0" ? "" : "*" + overruns), tc)) return std::nullopt;
  }
  if (!tc.on()) return std::nullopt;
  return tc;
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
  left_[RED] = left_[BLACK] = tc.base_ms + tc.byoyomi_total();
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
  const int b = tc_.byoyomi_ms;
  if (b > 0 && left_[mover] <= tc_.byoyomi_total()) {
    // In byo-yomi: the periods it overran are gone, the countdown starts afresh.
    left_[mover] = std::max(0, (left_[mover] + b - 1) / b * b);
  } else {
    left_[mover] += tc_.increment_ms;
  }
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
