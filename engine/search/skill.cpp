#include "skill.h"

#include <algorithm>
#include <cstdlib>
#include <random>

namespace xq {

namespace {

// Elo: the measured ladder (see the README's Levels table), level 1 anchored at 800.
constexpr Skill kLadder[kSkillLevels] = {
    {1, 800, 1, 450, 8},         {2, 1180, 2, 250, 6},         {3, 1570, 4, 30, 4},
    {4, 1950, 0, 0, 1, 2900},    {5, 2260, 0, 0, 1, 6400},     {6, 2570, 0, 0, 1, 16000},
    {7, 2880, 0, 0, 1, 44000},   {8, 3260, 0, 0, 1},
};

}  // namespace

const Skill& skill_level(int level) { return kLadder[std::clamp(level, 1, kSkillLevels) - 1]; }

const Skill& skill_for_elo(int elo) {
  const Skill* best = &kLadder[0];
  for (const Skill& s : kLadder)
    if (std::abs(s.elo - elo) < std::abs(best->elo - elo)) best = &s;
  return *best;
}

int min_skill_elo() { return kLadder[0].elo; }
int max_skill_elo() { return kLadder[kSkillLevels - 1].elo; }

void apply_skill(const Skill& skill, Limits& limits, SearchOptions& options) {
  if (skill.depth) limits.depth = limits.depth ? std::min(limits.depth, skill.depth) : skill.depth;
  if (skill.nodes) limits.nodes = limits.nodes ? std::min(limits.nodes, skill.nodes) : skill.nodes;
  options.weakness = skill.weakness;
  options.multipv = std::max(options.multipv, skill.multipv);
  options.one_thread = skill.depth || skill.nodes;
}

size_t pick_with_weakness(const std::vector<PvLine>& lines, int weakness, uint64_t seed) {
  if (lines.size() < 2 || weakness <= 0) return 0;
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> share(0, weakness);
  size_t pick = 0;
  int best = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].pv.empty()) continue;
    const int value = lines[i].score + share(rng);
    if (i == 0 || value > best) best = value, pick = i;
  }
  return pick;
}

}  // namespace xq
