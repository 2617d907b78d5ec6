// The engine's check of a puzzle, and the finding of new ones (the miner):
// every one of the player's moves in the solution must be the only good one
// (the second best clearly worse), each reply legal, and the goal reached:
//  - mate: each step the engine scores a mate within the moves left, the
//    line's move is the only move that does (any mate is fine on the last
//    move), and the defender cannot last longer than the line says;
//  - material: each step wins (>= kWinScore), the second best is kMargin
//    worse and does not win, and after the line and the defender's best
//    answer the player is kMaterialGain or more ahead in material;
//  - defend: the only move that holds (>= kHoldScore) while the second best
//    loses (a mate, or kMargin worse and at most kLostScore);
//  - win / draw (classic endings, played out): the engine's score agrees.
// Each search is single-threaded on a fixed node budget with a fresh table,
// so the answer is the same on every run of the same engine.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "position.h"
#include "puzzle.h"
#include "search.h"
#include "tt.h"

namespace xq {

class PuzzleJudge {
 public:
  static constexpr uint64_t kDefaultNodes = 250000;
  static constexpr Score kWinScore = 200, kMargin = 200, kMaterialGain = 200, kHoldScore = -150, kLostScore = -350;
  static constexpr int kMaxMate = 7, kMaxMaterialMoves = 5;

  explicit PuzzleJudge(uint64_t nodes = kDefaultNodes);

  // "" when the puzzle holds, else what is wrong ("move 2, h2e2: ...").
  std::string verify(const Puzzle& p);
  // The puzzle the side to move has in pos (the game so far is its history),
  // if there is one: first a quick look (scan_nodes), then the full check from
  // its FEN, and the first move again at three times the budget. The theme
  // is set; names and rating are left to the caller. A plain recapture of
  // the piece just taken is not a puzzle.
  std::optional<Puzzle> find(const Position& pos, uint64_t scan_nodes);

  struct Top2 {
    Move best = kNoMove, second = kNoMove;
    Score best_score = 0, second_score = -kInfinite;  // second: -kInfinite when there is one legal move
    Move reply = kNoMove;                              // the best line's second move
  };
  Top2 analyse(const Position& pos, uint64_t nodes = 0);  // nodes 0: the judge's budget

  // The theme of a puzzle with this solution: mate, defence, discovered, pin, fork, trap or material.
  static std::string theme(const Position& start, PuzzleGoal goal, const std::vector<Move>& line);

 private:
  // Walks the line (given non-null) or builds it (the engine's moves) for goal;
  // "" when every step holds.
  std::string walk(const Position& start, PuzzleGoal goal, int moves, const std::vector<Move>* given,
                   std::vector<Move>& line);
  static std::string step_fault(PuzzleGoal goal, int left, const Top2& t);

  TranspositionTable tt_;
  Search search_;
  uint64_t nodes_;
};

// The material of the side to move minus the other's, by the engine's piece values.
int material_balance(const Position& pos);

}  // namespace xq
