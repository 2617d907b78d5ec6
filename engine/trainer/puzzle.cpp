#include "puzzle.h"

#include <algorithm>
#include <sstream>

#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "parse_int.h"

namespace xq {

const char* goal_word(PuzzleGoal g) {
  switch (g) {
    case PuzzleGoal::Mate: return "mate";
    case PuzzleGoal::Material: return "material";
    case PuzzleGoal::Defend: return "defend";
    case PuzzleGoal::Win: return "win";
    case PuzzleGoal::Draw: return "draw";
  }
  return "mate";
}

const std::vector<std::string>& puzzle_themes() {
  // mate: 杀法; fork: a double attack (双击); discovered: a check that uncovers
  // a capture (抽将); pin: a piece that cannot leave its line to its king is won (牵制);
  // trap: a quiet move that wins a piece (捉子); material: other winning of material;
  // defence: the only move against mate (解杀) or loss (守和); ending: classic endings.
  static const std::vector<std::string> themes = {"mate", "fork", "discovered", "pin", "trap", "material", "defence", "ending"};
  return themes;
}

std::string theme_of(const Puzzle& p) {
  if (!p.theme.empty()) return p.theme;
  switch (p.goal) {
    case PuzzleGoal::Mate: return "mate";
    case PuzzleGoal::Material: return "material";
    case PuzzleGoal::Defend: return "defence";
    case PuzzleGoal::Win: case PuzzleGoal::Draw: return "ending";
  }
  return "mate";
}

int puzzle_rating(const Puzzle& p) {
  if (p.rating > 0) return p.rating;
  switch (p.goal) {
    case PuzzleGoal::Mate: return 900 + 250 * (std::max(1, p.moves) - 1);
    case PuzzleGoal::Material: return 1300 + 200 * (std::max(1, p.moves) - 1);
    case PuzzleGoal::Defend: return 1500;
    case PuzzleGoal::Win: return 2000;
    case PuzzleGoal::Draw: return 2100;
  }
  return 1500;
}

bool parse_puzzle_line(const std::string& line, Puzzle& out, std::string* error) {
  std::vector<std::string> f;
  std::istringstream fields(line);
  for (std::string field; std::getline(fields, field, '\t');) f.push_back(field);
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  if (f.size() < 5 || f.size() > 8) return fail("expected 5 to 8 tab-separated fields, found " + std::to_string(f.size()));
  FenData d;
  std::string err;
  if (!parse_fen(f[0], d, &err)) return fail(err);
  Puzzle p;
  if (f[1] == "mate") p.goal = PuzzleGoal::Mate;
  else if (f[1] == "material") p.goal = PuzzleGoal::Material;
  else if (f[1] == "defend") p.goal = PuzzleGoal::Defend;
  else if (f[1] == "win") p.goal = PuzzleGoal::Win;
  else if (f[1] == "draw") p.goal = PuzzleGoal::Draw;
  else return fail("goal '" + f[1] + "' is not mate, material, defend, win or draw");
  const bool ending = p.goal == PuzzleGoal::Win || p.goal == PuzzleGoal::Draw;
  if (ending && f[2] != "0") return fail("moves must be 0 for a win or a draw");
  if (!ending && !parse_int(f[2], 1, 15, p.moves)) return fail("moves '" + f[2] + "' is not a number from 1 to 15");
  if (f[3].empty() || f[4].empty()) return fail("a name is missing");
  if (f.size() >= 6 && !f[5].empty() && !parse_int(f[5], 400, 3000, p.rating))
    return fail("rating '" + f[5] + "' is not a number from 400 to 3000");
  if (f.size() >= 7 && !f[6].empty()) {
    const auto& themes = puzzle_themes();
    if (std::find(themes.begin(), themes.end(), f[6]) == themes.end()) return fail("theme '" + f[6] + "' is not known");
    p.theme = f[6];
  }
  if (f.size() >= 8) {
    std::istringstream ms(f[7]);
    Position pos = d.pos;
    for (std::string t; ms >> t;) {
      Move m = kNoMove;
      if (!iccs_to_move(t, m, nullptr)) return fail("solution move '" + t + "' is not an ICCS move");
      if (!is_legal(pos, m))
        return fail("solution move " + std::to_string(p.line.size() + 1) + ", " + t + ", cannot be played");
      pos.do_move(m);
      p.line.push_back(m);
    }
    if (p.line.empty()) return fail("the solution is empty");
    if (p.line.size() % 2 == 0) return fail("the solution must end with the player's move");
    if (!ending && int(p.line.size() + 1) / 2 != p.moves)
      return fail("the solution has " + std::to_string((p.line.size() + 1) / 2) + " of the player's moves, the line says " +
                  f[2]);
  }
  if ((p.goal == PuzzleGoal::Material || p.goal == PuzzleGoal::Defend) && p.line.empty())
    return fail(std::string("a ") + goal_word(p.goal) + " puzzle needs its solution");
  p.fen = f[0];
  p.name_zh = f[3];
  p.name_en = f[4];
  out = std::move(p);
  return true;
}

bool parse_puzzles(const std::string& text, std::vector<Puzzle>& out, std::string* error) {
  std::vector<Puzzle> list;
  std::istringstream in(text);
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    Puzzle p;
    std::string why;
    if (!parse_puzzle_line(line, p, &why)) {
      if (error) *error = "puzzles line " + std::to_string(line_no) + ": " + why;
      return false;
    }
    list.push_back(std::move(p));
  }
  if (list.empty()) {
    if (error) *error = "no puzzles in the file";
    return false;
  }
  out = std::move(list);
  return true;
}

std::string puzzle_line(const Puzzle& p) {
  std::string s = p.fen + "\t" + goal_word(p.goal) + "\t" + std::to_string(p.moves) + "\t" + p.name_zh + "\t" + p.name_en;
  if (p.rating == 0 && p.theme.empty() && p.line.empty()) return s;
  s += "\t" + (p.rating ? std::to_string(p.rating) : std::string());
  if (p.theme.empty() && p.line.empty()) return s;
  s += "\t" + p.theme;
  if (p.line.empty()) return s;
  s += "\t";
  for (size_t i = 0; i < p.line.size(); ++i) s += (i ? " " : "") + move_to_iccs(p.line[i]);
  return s;
}

}  // namespace xq
