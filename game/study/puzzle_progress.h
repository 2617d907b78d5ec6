// The puzzle trainer's ratings: the player's Glicko-2 rating and each tried
// puzzle's (a puzzle is the player's opponent: solving it wins the game,
// failing it loses), the player's rating after each attempt (for the
// graph), and how often each puzzle was solved and failed. Kept in the
// settings folder as puzzle-progress.txt, written atomically like the
// autosave. Puzzles are known by their FEN, so a collection that grows or
// is reordered keeps its records. No SDL here.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "glicko2.h"
#include "puzzles.h"

namespace xq {

struct PuzzleRecord {
  GlickoRating rating;
  int solved = 0, failed = 0;
};

class PuzzleProgress {
 public:
  static constexpr size_t kHistory = 200;  // attempts kept for the graph

  const GlickoRating& player() const { return player_; }
  const std::vector<int>& history() const { return history_; }
  const std::map<std::string, PuzzleRecord>& records() const { return records_; }

  // A puzzle's rating: its record's, else the collection's (or the default for its goal and length).
  GlickoRating rating_of(const Puzzle& p) const;
  // One attempt, scored for both sides as one game; returns the player's change.
  double record(const Puzzle& p, bool solved);
  // The puzzle to play next: one not solved yet (else any) other than
  // `current`, rated nearest the player; the lowest index on a tie.
  int next_near(const std::vector<Puzzle>& all, int current, const std::set<int>& solved) const;

  std::string text() const;
  // Reads a progress file. A line that cannot be read is skipped and the
  // first such is named in *error (the rest is kept); false only for text
  // that is no progress file at all (then out is left as it was).
  static bool parse(const std::string& text, PuzzleProgress& out, std::string* error);

 private:
  GlickoRating player_{1500, 250, 0.06};  // a new player: less sure than a puzzle, not wholly unknown
  std::vector<int> history_;
  std::map<std::string, PuzzleRecord> records_;
};

}  // namespace xq
