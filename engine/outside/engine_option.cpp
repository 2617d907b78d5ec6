#include "engine_option.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

namespace xq {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::optional<int> number(const std::string& s) {
  int n = 0;
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, n);
  if (ec != std::errc() || p != end) return std::nullopt;
  return n;
}

std::optional<EngineOption::Kind> kind_named(const std::string& t) {
  using K = EngineOption::Kind;
  if (t == "check") return K::Check;
  if (t == "spin" || t == "slider") return K::Spin;
  if (t == "combo") return K::Combo;
  if (t == "string" || t == "file" || t == "path") return K::String;
  if (t == "button" || t == "save" || t == "reset") return K::Button;
  return std::nullopt;
}

// UCI and UCCI: the words after "type": default/min/max/var, each followed by
// its words up to the next keyword.
std::optional<EngineOption> read_typed(EngineOption o, std::istringstream& in) {
  std::string t;
  if (!(in >> t)) return std::nullopt;
  const auto k = kind_named(t);
  if (!k) return std::nullopt;
  o.kind = *k;
  std::string key, w, words;
  bool has_min = false, has_max = false;
  auto flush = [&]() -> bool {
    if (key == "default") o.value = words == "<empty>" ? "" : words;
    else if (key == "var") o.choices.push_back(words);
    else if (key == "min" || key == "max") {
      const auto n = number(words);
      if (!n) return false;
      (key == "min" ? o.min : o.max) = *n;
      (key == "min" ? has_min : has_max) = true;
    }
    return true;
  };
  while (in >> w) {
    if (w == "default" || w == "min" || w == "max" || w == "var") {
      if (!key.empty() && !flush()) return std::nullopt;
      key = w;
      words.clear();
    } else if (!key.empty()) {
      words += (words.empty() ? "" : " ") + w;
    }
  }
  if (!key.empty() && !flush()) return std::nullopt;
  if (o.kind == EngineOption::Kind::Spin && (!has_min || !has_max || o.min > o.max)) return std::nullopt;
  if (o.kind == EngineOption::Kind::Check) o.value = lower(o.value) == "true" ? "true" : "false";
  return o;
}

// xboard: "NAME -KIND ARGS", NAME possibly with spaces.
std::optional<EngineOption> read_feature(const std::string& line) {
  for (size_t at = line.find(" -"); at != std::string::npos; at = line.find(" -", at + 1)) {
    const size_t end = line.find(' ', at + 2);
    const std::string t = line.substr(at + 2, end == std::string::npos ? std::string::npos : end - at - 2);
    const auto k = kind_named(t);
    if (!k) continue;
    EngineOption o;
    o.name = line.substr(0, at);
    o.kind = *k;
    const std::string args = end == std::string::npos ? "" : line.substr(end + 1);
    if (o.name.empty()) return std::nullopt;
    if (o.kind == EngineOption::Kind::Check) {
      o.value = args == "1" ? "true" : "false";
    } else if (o.kind == EngineOption::Kind::Spin) {
      std::istringstream in(args);
      std::string v, lo, hi;
      in >> v >> lo >> hi;
      const auto a = number(v), b = number(lo), c = number(hi);
      if (!a || !b || !c || *b > *c) return std::nullopt;
      o.value = v;
      o.min = *b;
      o.max = *c;
    } else if (o.kind == EngineOption::Kind::Combo) {
      // "Normal /// *Aggressive /// Solid": the starred one is the default.
      size_t from = 0;
      while (from <= args.size()) {
        size_t sep = args.find("///", from);
        std::string c = args.substr(from, sep == std::string::npos ? std::string::npos : sep - from);
        while (!c.empty() && c.front() == ' ') c.erase(0, 1);
        while (!c.empty() && c.back() == ' ') c.pop_back();
        if (!c.empty() && c[0] == '*') {
          c.erase(0, 1);
          o.value = c;
        }
        if (!c.empty()) o.choices.push_back(c);
        if (sep == std::string::npos) break;
        from = sep + 3;
      }
      if (o.choices.empty()) return std::nullopt;
      if (o.value.empty()) o.value = o.choices[0];
    } else if (o.kind == EngineOption::Kind::String) {
      o.value = args;
    }
    return o;
  }
  return std::nullopt;
}

}  // namespace

std::optional<EngineOption> parse_engine_option(const std::string& line, const std::string& protocol) {
  if (line.size() > 4096) return std::nullopt;
  if (protocol == "xboard") return read_feature(line);
  std::istringstream in(line);
  std::string w;
  if (!(in >> w) || w != "option" || !(in >> w)) return std::nullopt;
  EngineOption o;
  if (w == "name") {  // UCI: the name runs up to "type"
    bool typed = false;
    while (in >> w) {
      if (w == "type") {
        typed = true;
        break;
      }
      o.name += (o.name.empty() ? "" : " ") + w;
    }
    if (!typed || o.name.empty()) return std::nullopt;
  } else {  // UCCI: one word, then "type"
    o.name = w;
    if (!(in >> w) || w != "type") return std::nullopt;
  }
  return read_typed(o, in);
}

std::string engine_option_command(const EngineOption& o, const std::string& value, const std::string& protocol) {
  const bool button = o.kind == EngineOption::Kind::Button;
  if (!o.command.empty()) return o.command + " " + value;
  if (protocol == "xboard") {
    if (button) return "option " + o.name;
    const std::string v = o.kind == EngineOption::Kind::Check ? (value == "true" ? "1" : "0") : value;
    return "option " + o.name + "=" + v;
  }
  const std::string v = value.empty() ? "" : " " + value;
  if (protocol == "ucci") return "setoption " + o.name + (button ? "" : v);
  return "setoption name " + o.name + (button ? "" : " value" + v);
}

std::optional<std::string> checked_option_value(const EngineOption& o, const std::string& value,
                                                std::string* error) {
  auto bad = [&](const std::string& why) -> std::optional<std::string> {
    if (error) *error = "option '" + o.name + "': " + why;
    return std::nullopt;
  };
  switch (o.kind) {
    case EngineOption::Kind::Check: {
      const std::string v = lower(value);
      if (v == "true" || v == "on" || v == "1") return "true";
      if (v == "false" || v == "off" || v == "0") return "false";
      return bad("'" + value + "' is not true or false");
    }
    case EngineOption::Kind::Spin: {
      const auto n = number(value);
      if (!n) return bad("'" + value + "' is not a number");
      if (*n < o.min || *n > o.max)
        return bad(value + " is outside " + std::to_string(o.min) + "-" + std::to_string(o.max));
      return std::to_string(*n);
    }
    case EngineOption::Kind::Combo:
      for (const std::string& c : o.choices)
        if (lower(c) == lower(value)) return c;
      return bad("'" + value + "' is not one of its values");
    case EngineOption::Kind::String:
      if (value.size() > 1024) return bad("the value is too long");
      for (char c : value)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return bad("the value has a control character");
      return value;
    case EngineOption::Kind::Button:
      return bad("a button has no value");
  }
  return bad("unknown kind");
}

bool player_settable(const EngineOption& o) {
  const std::string n = lower(o.name);
  return n != "uci_variant" && n != "protocol" && n != "uci_chess960" && n != "usemillisec" && n != "uci_analysemode" &&
         n != "uci_opponent" && n != "uci_showcurrline" && n != "uci_showrefutations" && n != "uci_ratingadv";
}

}  // namespace xq
