// The one strict integer parser for command lines, files and protocol
// arguments: optional '-', digits only, nothing after, within [lo, hi].
#pragma once
#include <string_view>

namespace xq {

inline bool parse_int(std::string_view s, long lo, long hi, int& out) {
  bool neg = false;
  if (!s.empty() && s[0] == '-') {
    neg = true;
    s.remove_prefix(1);
  }
  if (s.empty() || s.size() > 12) return false;
  long v = 0;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return false;
    v = v * 10 + (ch - '0');
  }
  if (neg) v = -v;
  if (v < lo || v > hi) return false;
  out = int(v);
  return true;
}

}  // namespace xq
