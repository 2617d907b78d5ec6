// Game review: the engine scores every position of a game, judges each move by
// the score it gave away (inaccuracy, mistake, blunder) and names the better
// line. Used by `xiangqi-engine review` and by the game's review in the
// background; it reports progress through a callback and stops on a flag.
#pragma once
#include <atomic>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "book.h"
#include "game.h"
#include "search.h"

namespace xq {

enum class Judgement { None, Book, Inaccuracy, Mistake, Blunder };

// Score loss thresholds (score units, a pawn across the river is about 60,
// a horse 270). Scores are clipped to ±kReviewClip first: once a side is a
// rook up, or has a mate, the game is decided and its moves are not judged.
constexpr int kInaccuracyLoss = 50;
constexpr int kMistakeLoss = 100;
constexpr int kBlunderLoss = 250;
constexpr int kReviewClip = 600;

struct MoveReview {
  Move played = kNoMove;
  Judgement judgement = Judgement::None;
  Score best_score = 0;    // before the move, for the side that moved: what its best move keeps
  Score played_score = 0;  // after the move, for the side that moved
  Score red_score = 0;     // after the move, from red's side (for a graph)
  int loss = 0;            // clipped score given away (0 for the engine's own choice)
  int depth = 0;           // depth of the search before the move
  std::vector<Move> better;  // the engine's line instead of the played move (when judged)
};

struct ReviewOptions {
  int movetime_ms = 1000;  // per position
  uint64_t nodes = 0;      // a node limit per position instead (tests), 0 = none
  size_t hash_mb = 64;
  const Book* book = nullptr;  // book moves are marked, not judged
};

// Judgement of a clipped score loss by the thresholds above.
Judgement judge_loss(int loss);
int clip_review_score(Score s);
// The PGN annotation glyph of a judgement: $6 ?!, $2 ?, $4 ?? (0 for none).
int judgement_nag(Judgement j);

// Reviews the moves of g; progress(done, total) after each position searched.
// Returns one entry per move, fewer when stopped early.
std::vector<MoveReview> review_game(const Game& g, const ReviewOptions& options, const std::atomic<bool>& stop,
                                    const std::function<void(int, int)>& progress = {});

// The game as PGN with each move's score (red's side) in a comment, the
// judgement as a NAG and the better line as a variation.
std::string review_to_pgn(const Game& g, std::vector<std::pair<std::string, std::string>> tags,
                          const std::vector<MoveReview>& review);

}  // namespace xq
