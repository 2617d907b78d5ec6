#include "puzzles.h"

#include <algorithm>
#include <sstream>

#include "fen.h"
#include "parse_int.h"

namespace xq {

bool parse_puzzles(const std::string& text, std::vector<Puzzle>& out, std::string* error) {
  std::vector<Puzzle> list;
  std::istringstream in(text);
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string field; std::getline(fields, field, '\t');) f.push_back(field);
    auto fail = [&](const std::string& why) {
      if (error) *error = "puzzles line " + std::to_string(line_no) + ": " + why;
      return false;
    };
    if (f.size() != 5 && f.size() != 6) return fail("expected 5 or 6 tab-separated fields, found " + std::to_string(f.size()));
    FenData d;
    std::string err;
    if (!parse_fen(f[0], d, &err)) return fail(err);
    Puzzle p;
    if (f[1] == "mate") p.goal = PuzzleGoal::Mate;
    else if (f[1] == "win") p.goal = PuzzleGoal::Win;
    else if (f[1] == "draw") p.goal = PuzzleGoal::Draw;
    else return fail("goal '" + f[1] + "' is not mate, win or draw");
    if (p.goal == PuzzleGoal::Mate && !parse_int(f[2], 1, 15, p.moves))
      return fail("moves '" + f[2] + "' is not a number from 1 to 15");
    if (p.goal != PuzzleGoal::Mate && f[2] != "0") return fail("moves must be 0 for a win or a draw");
    if (f[3].empty() || f[4].empty()) return fail("a name is missing");
    if (f.size() == 6 && !parse_int(f[5], 400, 3000, p.rating)) return fail("rating '" + f[5] + "' is not a number from 400 to 3000");
    p.fen = f[0];
    p.name_zh = f[3];
    p.name_en = f[4];
    list.push_back(p);
  }
  if (list.empty()) {
    if (error) *error = "no puzzles in the file";
    return false;
  }
  out = std::move(list);
  return true;
}

int puzzle_rating(const Puzzle& p) {
  if (p.rating > 0) return p.rating;
  switch (p.goal) {
    case PuzzleGoal::Mate: return 900 + 250 * (std::max(1, p.moves) - 1);
    case PuzzleGoal::Win: return 2000;
    case PuzzleGoal::Draw: return 2100;
  }
  return 1500;
}

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
