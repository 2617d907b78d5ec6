#include "movetext.h"

#include <cctype>

namespace xq {

namespace {

// A run of glued Chinese moves is the longest real token (a whole game: some
// thousands of characters); past this a "word" is cut, so that one endless
// word cannot hold a string for each of its characters.
constexpr size_t kMaxTokenChars = 8192;

// One UTF-8 character's length from its first byte (1 for a stray byte).
size_t char_length(unsigned char b) {
  if (b >= 0xF0 && b < 0xF8) return 4;
  if (b >= 0xE0) return 3;
  if (b >= 0xC0) return 2;
  return 1;
}

bool is_digit(const std::string& c) { return c.size() == 1 && std::isdigit(static_cast<unsigned char>(c[0])); }

// A Chinese move is four characters, the first not ASCII ("炮二平五",
// "前马进七", "马8进7"); a run of them glued together is cut into moves.
void push_move_or_run(std::vector<std::string>& out, const std::vector<std::string>& chars) {
  if (chars.empty()) return;
  const bool run = chars.size() >= 8 && chars.size() % 4 == 0;
  bool chinese = run;
  for (size_t i = 0; chinese && i < chars.size(); i += 4) chinese = chars[i].size() > 1;
  if (!chinese) {
    std::string t;
    for (const std::string& c : chars) t += c;
    out.push_back(t);
    return;
  }
  for (size_t i = 0; i < chars.size(); i += 4) out.push_back(chars[i] + chars[i + 1] + chars[i + 2] + chars[i + 3]);
}

// A token's characters without a leading round number and its dots.
void push_token(std::vector<std::string>& out, std::vector<std::string>& chars) {
  size_t k = 0;
  while (k < chars.size() && is_digit(chars[k])) ++k;
  if (k == chars.size()) {  // a bare number: the round of "1、炮二平五"
    chars.clear();
    return;
  }
  if (k > 0 && chars[k] == ".") {
    while (k < chars.size() && chars[k] == ".") ++k;
    chars.erase(chars.begin(), chars.begin() + long(k));
  }
  push_move_or_run(out, chars);
  chars.clear();
}

}  // namespace

std::vector<std::string> movetext_tokens(const std::string& text) {
  std::vector<std::string> out, chars;
  for (size_t i = 0; i < text.size();) {
    const size_t n = std::min(char_length(static_cast<unsigned char>(text[i])), text.size() - i);
    std::string c = text.substr(i, n);
    i += n;
    const bool space = (n == 1 && std::isspace(static_cast<unsigned char>(c[0]))) || c == "\u3000" || c == "，" ||
                       c == "、" || c == "；" || c == "。";
    if (space) {
      push_token(out, chars);
      continue;
    }
    if (c.size() == 3 && c >= "０" && c <= "９") c = std::string(1, char('0' + (c[2] - "０"[2])));
    else if (c == "．") c.assign(1, '.');  // (assign: GCC 12 warns falsely on = "." here)
    chars.push_back(c);
    if (chars.size() >= kMaxTokenChars) push_token(out, chars);  // no word is this long: cut it
  }
  push_token(out, chars);
  return out;
}

}  // namespace xq
