// A writer of 象棋桥 CBR games that follows the published description of the
// layout (shared by the reader's tests and the app model's).
#pragma once
#include <cctype>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace cbr_writer {

inline void put_u32(std::string& b, size_t at, uint32_t v) {
  for (int k = 0; k < 4; ++k) b[at + size_t(k)] = char(v >> (8 * k));
}
inline void append_u32(std::string& b, uint32_t v) {
  b.append(4, '\0');
  put_u32(b, b.size() - 4, v);
}
// UTF-16LE of an ASCII or a few fixed Chinese strings (as code units).
inline std::string utf16(const std::u16string& s) {
  std::string out;
  for (char16_t c : s) out += char(c & 0xFF), out += char(c >> 8);
  return out;
}
inline void put_text(std::string& b, size_t at, const std::u16string& s) {
  const std::string t = utf16(s);
  std::memcpy(&b[at], t.data(), t.size());
}

// A point of the file: black's side first, nine to a row.
inline int point(const char* sq) { return (9 - (sq[1] - '0')) * 9 + (sq[0] - 'a'); }

struct Step {
  const char* move;
  std::u16string comment;
  bool end = false, variation = false;
};

// A CBR game: header, the board from a FEN's placement, then the steps.
// layout 2 is today's; layout 1 the older one (byte 19 is 1): the fields
// after the black player 256 bytes earlier, the side to move at the
// position block's first byte (2: black), and points as (file << 4) | row.
inline std::string cbr(const char* placement, bool red_first, int result, const std::u16string& first_comment,
                       const std::vector<Step>& steps, int layout = 2) {
  const bool older = layout == 1;
  const size_t base = older ? 1856 : 2112;
  std::string b(base + 102, '\0');
  std::memcpy(&b[0], "CCBridge Record", 16);
  b[19] = char(layout);
  put_text(b, older ? 52 : 180, u"中炮对屏风马");
  put_text(b, older ? 564 : 692, u"Club final");
  put_text(b, older ? 948 : 1076, u"红方");
  put_text(b, older ? 1172 : 1300, u"Black");
  b[older ? 1820 : 2076] = char(result);
  if (older) b[base] = red_first ? 1 : 2;
  else b[base + 4] = red_first ? 1 : 2;
  int p = 0;
  for (const char* c = placement; *c; ++c) {
    if (*c == '/') continue;
    if (*c >= '1' && *c <= '9') {
      p += *c - '0';
      continue;
    }
    static const char* const kCodes = "RNBAKCP";
    const char up = char(std::toupper(static_cast<unsigned char>(*c)));
    const int type = int(std::strchr(kCodes, up == 'H' ? 'N' : up == 'E' ? 'B' : up) - kCodes) + 1;
    b[base + 8 + size_t(p++)] = char((std::isupper(static_cast<unsigned char>(*c)) ? 0x10 : 0x20) | type);
  }
  if (first_comment.empty()) {
    append_u32(b, 0);
  } else {
    append_u32(b, 1);
    append_u32(b, uint32_t(utf16(first_comment).size()));
    b += utf16(first_comment);
  }
  for (const Step& s : steps) {
    const unsigned char flags = (s.end ? 1 : 0) | (s.variation ? 2 : 0) | (s.comment.empty() ? 0 : 4);
    b += char(flags);
    b += '\0';
    auto at = [&](const char* sq) { return older ? char(((sq[0] - 'a') << 4) | (9 - (sq[1] - '0'))) : char(point(sq)); };
    b += at(s.move);
    b += at(s.move + 2);
    if (!s.comment.empty()) {
      append_u32(b, uint32_t(utf16(s.comment).size()));
      b += utf16(s.comment);
    }
  }
  b.append(4, '\0');
  return b;
}

}  // namespace cbr_writer
