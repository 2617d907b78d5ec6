#include "keys.h"

#include <cctype>
#include <map>
#include <sstream>

namespace xq {

Key key_named(const std::string& name) {
  static const std::map<std::string, Key> keys = {
      {"F", Key::F},       {"N", Key::N},         {"U", Key::U},          {"R", Key::R},        {"H", Key::H},
      {"M", Key::M},       {"A", Key::A},         {"D", Key::D},          {"L", Key::L},        {"E", Key::E},
      {"Z", Key::Z},       {"Y", Key::Y},         {"C", Key::C},          {"V", Key::V},        {"S", Key::S},
      {"O", Key::O},       {"1", Key::Digit1},    {"2", Key::Digit2},     {"3", Key::Digit3},   {"4", Key::Digit4},
      {"Left", Key::Left}, {"Right", Key::Right}, {"Home", Key::Home},    {"End", Key::End},    {"Escape", Key::Escape},
      {"F1", Key::Help},   {"/", Key::Help},      {"?", Key::Help},       {"Delete", Key::Delete},
      {"G", Key::G},       {"X", Key::X},       {"P", Key::P},       {"B", Key::B},       {"T", Key::T},       {"PageUp", Key::PageUp}, {"PageDown", Key::PageDown},
      {"Backspace", Key::Backspace}, {"Return", Key::Return}, {"Tab", Key::Tab}, {"Keypad Enter", Key::Return},
      {"Keypad 1", Key::Digit1}, {"Keypad 2", Key::Digit2}, {"Keypad 3", Key::Digit3}, {"Keypad 4", Key::Digit4}};
  std::string n = name;
  if (n.size() == 1) n[0] = char(std::toupper(static_cast<unsigned char>(n[0])));
  const auto it = keys.find(n);
  return it == keys.end() ? Key::None : it->second;
}

std::vector<std::string> help_key_names(Language lang) {
  // The help's lines are "KEY  what        KEY or KEY  what": keys are the
  // words written in Latin capitals, digits, arrows or the key names below.
  std::vector<std::string> out;
  std::istringstream in(phrase(Phrase::HelpText, lang));
  std::string line;
  std::getline(in, line);  // the title
  while (std::getline(in, line) && !line.empty()) {  // the keys end at the first blank line (the pieces follow)
    std::istringstream words(line);
    for (std::string w; words >> w;) {
      if (w.rfind("Ctrl+", 0) == 0) w = w.substr(5);
      if (w.rfind("Shift+", 0) == 0) w = w.substr(6);
      if (w == "←") out.push_back("Left");
      else if (w == "→") out.push_back("Right");
      else if (w == "Esc") out.push_back("Escape");
      else if (w == "1–4") out.insert(out.end(), {"1", "2", "3", "4"});
      else if (w == "Home" || w == "End" || w == "Delete" || w == "F1" || w == "?" || w == "PageUp" || w == "PageDown")
        out.push_back(w);
      else if (w.size() == 1 && std::isupper(static_cast<unsigned char>(w[0]))) out.push_back(w);
    }
  }
  return out;
}

}  // namespace xq
