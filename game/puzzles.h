// Puzzles (残局): a position, the goal for the side to move (mate within so
// many moves, win, or hold a draw) and a name in both languages, read from a
// text file (assets/puzzles.txt):
// FEN<TAB>mate|win|draw<TAB>moves (for mate; 0 otherwise)<TAB>Chinese name<TAB>English name[<TAB>rating],
// '#' starts a comment.
#pragma once
#include <set>
#include <string>
#include <vector>

#include "language.h"

namespace xq {

enum class PuzzleGoal { Mate, Win, Draw };

struct Puzzle {
  std::string fen;
  PuzzleGoal goal = PuzzleGoal::Mate;
  int moves = 0;  // for Mate: the side to move mates within this many of its own moves
  int rating = 0;  // the collection's rating (an optional sixth field; 0: by goal and length)
  std::string name_zh, name_en;
  const std::string& name(Language l) const { return l == Language::English ? name_en : name_zh; }
};

// A puzzle's starting rating: the collection's, else by its goal and length
// (a mate in 2 1150, each move more 250; a win 2000, a draw 2100).
int puzzle_rating(const Puzzle& p);

// Reads the collection; on a bad line returns false with its number and what is wrong.
bool parse_puzzles(const std::string& text, std::vector<Puzzle>& out, std::string* error);

// The solved ones, kept in the settings as "3,7,12" (indices from 0).
std::string solved_text(const std::set<int>& solved);
std::set<int> parse_solved(const std::string& text);

}  // namespace xq
