// Puzzles (残局 and tactics): a position, the goal for the side to move and,
// for most, the solution the player must find move by move, read from a text
// file (assets/puzzles.txt), one puzzle a line, tab-separated:
//   FEN  goal  moves  Chinese name  English name  [rating  [theme  [solution]]]
// goal: mate (within `moves` of the player's moves), material (win material:
// `moves` is the solution's length in the player's moves), defend (the only
// move that holds), win or draw (a classic ending played out against the
// engine; moves 0). The solution is ICCS moves, space-separated, the player's
// first and last. '#' starts a comment. The first three columns stay as they
// were, so other tools keep reading the file.
#pragma once
#include <string>
#include <vector>

#include "types.h"

namespace xq {

enum class PuzzleGoal { Mate, Material, Defend, Win, Draw };

struct Puzzle {
  std::string fen;
  PuzzleGoal goal = PuzzleGoal::Mate;
  int moves = 0;
  int rating = 0;          // the collection's rating (0: by goal and length)
  std::string name_zh, name_en;
  std::string theme;       // one word (see puzzle_themes()); "" for the older lines: by goal
  std::vector<Move> line;  // the solution: player, reply, player, ... (empty: play it out)
  const std::string& name(bool english) const { return english ? name_en : name_zh; }
};

const char* goal_word(PuzzleGoal g);
// The themes a puzzle can have, in the order the progress view lists them.
const std::vector<std::string>& puzzle_themes();
// The puzzle's theme: its own, else by its goal (mate, ending).
std::string theme_of(const Puzzle& p);

// A puzzle's starting rating: the collection's, else by its goal and length
// (a mate in 2 1150, each move more 250; a win 2000, a draw 2100).
int puzzle_rating(const Puzzle& p);

// Reads one line (no comment, not empty); false with what is wrong.
bool parse_puzzle_line(const std::string& line, Puzzle& out, std::string* error);
// Reads the collection; on a bad line returns false with its number and what is wrong.
bool parse_puzzles(const std::string& text, std::vector<Puzzle>& out, std::string* error);
// The line as the collection keeps it (parse_puzzle_line reads it back the same).
std::string puzzle_line(const Puzzle& p);

}  // namespace xq
