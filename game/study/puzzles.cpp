#include "puzzles.h"

#include <sstream>

#include "parse_int.h"

namespace xq {

std::string solved_text(const std::set<int>& solved) {
  std::string s;
  for (int i : solved) s.append(s.empty() ? "" : ",").append(std::to_string(i));
  return s;
}

std::set<int> parse_solved(const std::string& text) {
  std::set<int> out;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, ',');)
    if (int i = 0; parse_int(item, 0, 100000, i)) out.insert(i);
  return out;
}

}  // namespace xq
