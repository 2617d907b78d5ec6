#include "text_encoding.h"

#include <iconv.h>

#include <cerrno>
#include <cstdio>

#include "xqf.h"

namespace xq {

namespace {

// The length of the valid UTF-8 sequence at s[i], or 0 (overlong forms,
// surrogates and code points past U+10FFFF are not valid).
size_t sequence_at(const std::string& s, size_t i) {
  const unsigned char b = static_cast<unsigned char>(s[i]);
  if (b < 0x80) return 1;
  const size_t n = (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
  if (!n || i + n > s.size()) return 0;
  char32_t c = b & (0x7F >> n);
  for (size_t k = 1; k < n; ++k) {
    const unsigned char x = static_cast<unsigned char>(s[i + k]);
    if ((x & 0xC0) != 0x80) return 0;
    c = (c << 6) | (x & 0x3F);
  }
  static const char32_t kLeast[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (c < kLeast[n] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
  return n;
}

std::string from_utf16(const std::string& bytes, const char* which) {
  iconv_t cd = iconv_open("UTF-8", which);
  if (cd == iconv_t(-1)) return {};
  std::string out;
  char buf[4096];
  char* in = const_cast<char*>(bytes.data());
  size_t left = bytes.size();
  while (left > 0) {
    char* o = buf;
    size_t room = sizeof buf;
    const size_t r = iconv(cd, &in, &left, &o, &room);
    out.append(buf, size_t(o - buf));
    if (r == size_t(-1) && errno != E2BIG) {  // a broken unit: U+FFFD, and on
      out += "\xEF\xBF\xBD";
      const size_t skip = left < 2 ? left : 2;
      in += skip;
      left -= skip;
    }
  }
  iconv_close(cd);
  return out;
}

}  // namespace

bool valid_utf8(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const size_t n = sequence_at(s, i);
    if (!n) return false;
    i += n;
  }
  return true;
}

std::string text_as_utf8(const std::string& bytes, std::string* encoding) {
  auto said = [&](const char* e) {
    if (encoding) *encoding = e;
  };
  if (bytes.compare(0, 3, "\xEF\xBB\xBF") == 0) {  // UTF-8 with a mark: the mark goes
    said("UTF-8");
    return valid_utf8(bytes.substr(3)) ? bytes.substr(3) : printable_utf8(bytes.substr(3));
  }
  if (bytes.compare(0, 2, "\xFF\xFE") == 0) {
    said("UTF-16LE");
    return from_utf16(bytes.substr(2), "UTF-16LE");
  }
  if (bytes.compare(0, 2, "\xFE\xFF") == 0) {
    said("UTF-16BE");
    return from_utf16(bytes.substr(2), "UTF-16BE");
  }
  if (valid_utf8(bytes)) {
    said("UTF-8");
    return bytes;
  }
  said("GB18030");
  const std::string out = gbk_to_utf8(bytes);
  return valid_utf8(out) ? out : printable_utf8(out);  // bytes that are no GB18030 either: shown, never kept raw
}

std::string printable_utf8(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (const size_t n = sequence_at(s, i)) {
      out.append(s, i, n);
      i += n;
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", static_cast<unsigned char>(s[i]));
      out += hex;
      ++i;
    }
  }
  return out;
}

}  // namespace xq
