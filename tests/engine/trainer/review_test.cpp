// Game review: blunders found and named with the better line, book moves not
// judged, the annotated PGN readable again, a stop honoured.
#include <atomic>

#include "pgn.h"
#include "review.h"
#include "test_util.h"

namespace {

// A rook each; red's b5b4 puts its rook where black's takes it for nothing.
const char* kRooksFen = "5k3/9/9/9/1R7/7r1/9/9/9/3K5 w - - 0 1";

xq::Game game_of(const std::string& fen, std::initializer_list<const char*> moves) {
  xq::Game g;
  EXPECT_TRUE(g.reset(fen));
  for (const char* m : moves) EXPECT_TRUE(g.play(mv(m))) << m;
  return g;
}

xq::ReviewOptions quick() {
  xq::ReviewOptions o;
  o.nodes = 40000;  // node-limited: the same answer on any machine
  o.hash_mb = 8;
  return o;
}

}  // namespace

TEST(Review, ThresholdsAndGlyphs) {
  EXPECT_EQ(xq::judge_loss(0), xq::Judgement::None);
  EXPECT_EQ(xq::judge_loss(xq::kInaccuracyLoss - 1), xq::Judgement::None);
  EXPECT_EQ(xq::judge_loss(xq::kInaccuracyLoss), xq::Judgement::Inaccuracy);
  EXPECT_EQ(xq::judge_loss(xq::kMistakeLoss), xq::Judgement::Mistake);
  EXPECT_EQ(xq::judge_loss(xq::kBlunderLoss), xq::Judgement::Blunder);
  EXPECT_EQ(xq::judgement_nag(xq::Judgement::Inaccuracy), 6);
  EXPECT_EQ(xq::judgement_nag(xq::Judgement::Mistake), 2);
  EXPECT_EQ(xq::judgement_nag(xq::Judgement::Blunder), 4);
  EXPECT_EQ(xq::clip_review_score(xq::kMateScore - 5), xq::kReviewClip);
  EXPECT_EQ(xq::clip_review_score(-xq::kMateScore + 5), -xq::kReviewClip);
}

TEST(Review, FindsTheBlunderAndTheBetterLine) {
  const xq::Game g = game_of(kRooksFen, {"b5b4", "h4b4"});
  std::atomic<bool> stop{false};
  std::vector<int> progress;
  const auto review = xq::review_game(g, quick(), stop, [&](int done, int total) {
    EXPECT_EQ(total, 3);
    progress.push_back(done);
  });
  ASSERT_EQ(review.size(), 2u);
  EXPECT_EQ(progress, (std::vector<int>{1, 2, 3}));
  const xq::MoveReview& blunder = review[0];
  EXPECT_EQ(blunder.played, mv("b5b4"));
  EXPECT_EQ(blunder.judgement, xq::Judgement::Blunder) << "loss " << blunder.loss;
  EXPECT_GE(blunder.loss, xq::kBlunderLoss);
  EXPECT_LT(blunder.red_score, -400) << "red has lost its rook";
  ASSERT_FALSE(blunder.better.empty());
  EXPECT_NE(blunder.better[0], mv("b5b4"));
  xq::Position p = g.position_at(0);
  for (xq::Move m : blunder.better) {
    ASSERT_TRUE(xq::is_legal(p, m)) << xq::move_to_iccs(m);
    p.do_move(m);
  }
  // Taking the rook is what the engine would play: nothing given away.
  EXPECT_EQ(review[1].judgement, xq::Judgement::None);
  EXPECT_EQ(review[1].loss, 0);
  EXPECT_TRUE(review[1].better.empty());
  EXPECT_LT(review[1].red_score, -400);
}

TEST(Review, AnnotatedPgnCarriesGlyphScoresAndVariationAndReadsBack) {
  const xq::Game g = game_of(kRooksFen, {"b5b4", "h4b4"});
  std::atomic<bool> stop{false};
  const auto review = xq::review_game(g, quick(), stop);
  const std::string pgn = xq::review_to_pgn(g, {{"Event", "review test"}}, review);
  EXPECT_NE(pgn.find("1. 车八退一 $4 {"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("(1. "), std::string::npos) << pgn;
  EXPECT_NE(pgn.find(")"), std::string::npos) << pgn;
  xq::PgnGame back;
  std::string err;
  ASSERT_TRUE(xq::read_pgn(pgn, back, &err)) << err << "\n" << pgn;
  EXPECT_EQ(back.moves, g.moves()) << "the variation is not part of the main line";
  EXPECT_EQ(back.fen, kRooksFen);
  ASSERT_EQ(back.comments.size(), 2u);
  // Red's side: black is winning (or mating) after the blunder.
  EXPECT_TRUE(back.comments[0][0] == '-' || back.comments[0].rfind("black mates in ", 0) == 0) << back.comments[0];
}

TEST(Review, BookMovesAreMarkedNotJudged) {
  const xq::Game g = game_of(xq::kStartFen, {"h2e2", "h9g7"});
  const xq::Position start = pos_from(xq::kStartFen);
  xq::Book book;
  std::string err;
  ASSERT_TRUE(book.load_bytes(xq::Book::serialize({xq::Book::canonical(start, mv("h2e2"), 10)}), &err)) << err;
  xq::ReviewOptions o = quick();
  o.book = &book;
  std::atomic<bool> stop{false};
  const auto review = xq::review_game(g, o, stop);
  ASSERT_EQ(review.size(), 2u);
  EXPECT_EQ(review[0].judgement, xq::Judgement::Book);
  EXPECT_NE(review[1].judgement, xq::Judgement::Book);
  EXPECT_NE(xq::review_to_pgn(g, {}, review).find("炮二平五 {book}"), std::string::npos);
}

TEST(Review, AStoppedReviewReturnsWhatItHas) {
  const xq::Game g = game_of(kRooksFen, {"b5b4", "h4b4"});
  std::atomic<bool> stop{true};
  EXPECT_TRUE(xq::review_game(g, quick(), stop).empty());
}

TEST(Review, AMatedPositionScoresAsTheMate) {
  // Red's rook mates: the last position has no legal move.
  const xq::Game g = game_of("3k5/9/2R6/9/9/9/9/9/9/4K4 w - - 0 1", {"c7d7"});
  std::atomic<bool> stop{false};
  const auto review = xq::review_game(g, quick(), stop);
  ASSERT_EQ(review.size(), 1u);
  EXPECT_EQ(review[0].judgement, xq::Judgement::None);
  EXPECT_GT(review[0].red_score, xq::kMateThreshold);
}
