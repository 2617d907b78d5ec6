// Playing below full strength like a weaker player rather than a strong one
// with random blunders: a shallow search (a weaker player sees captures but
// misses two-move tactics) over several candidate moves, then a choice among
// them in which a move scored up to `weakness` below the best may be chosen
// (so plausible moves are played, and a move that loses much only by a
// level that cannot see why). The upper levels play their best move after a
// fixed number of nodes: each ply is worth some 250 Elo in self-play at these
// depths, so whole plies would make steps too wide. A level
// searches on one thread, so it is the same on any machine. Levels 1-8 form a
// ladder measured by matches (README: "Levels"); UCI_Elo picks the level
// whose measured Elo is nearest.
#pragma once
#include <cstdint>
#include <vector>

#include "search.h"

namespace xq {

struct Skill {
  int level = 8;          // 1 (beginner) .. 8 (full strength)
  int elo = 0;            // as measured (README)
  int depth = 0;          // 0: no limit (full strength)
  int weakness = 0;       // how far below the best a chosen move may score
  int multipv = 1;        // candidates searched
  uint64_t nodes = 0;     // 0: no limit; else the search stops after these (the upper levels:
                          // a fraction of a ply, where whole plies would make steps too wide)
};

constexpr int kSkillLevels = 8;
const Skill& skill_level(int level);  // 1..kSkillLevels (clamped)
const Skill& skill_for_elo(int elo);  // the level nearest that Elo
int min_skill_elo();
int max_skill_elo();

// Limits a search to a level: its depth and nodes (within any the caller set),
// its weakness and candidates, one thread when it is limited at all.
void apply_skill(const Skill& skill, Limits& limits, SearchOptions& options);

// Among the searched lines (best first), the one a player of this weakness
// plays: each line's score plus a random share of the weakness, the highest
// wins. Deterministic for a seed.
size_t pick_with_weakness(const std::vector<PvLine>& lines, int weakness, uint64_t seed);

}  // namespace xq
