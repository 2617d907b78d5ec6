// Incremental state (key, pawn key, material and table sums, piece counts, the
// no-capture counter, the rank and file occupancy masks) equals a fresh computation from the FEN after random
// games, and undoing every move restores the start; histories longer than
// the history buffer keep working.
#include <random>

#include "lines.h"
#include "position.h"
#include "test_util.h"

namespace {

void expect_same_state(const xq::Position& a, const xq::Position& b, const std::string& where) {
  EXPECT_EQ(a.key(), b.key()) << where;
  EXPECT_EQ(a.pawn_key(), b.pawn_key()) << where;
  EXPECT_EQ(a.side(), b.side()) << where;
  for (xq::Color c : {xq::RED, xq::BLACK}) {
    EXPECT_EQ(a.psq_sum(c), b.psq_sum(c)) << where;
    EXPECT_EQ(a.psq_end_sum(c), b.psq_end_sum(c)) << where;
    for (int t = 0; t < 7; ++t) EXPECT_EQ(a.count(c, xq::PieceType(t)), b.count(c, xq::PieceType(t))) << where;
  }
  for (int s = 0; s < 256; ++s) ASSERT_EQ(a.piece_at(s) != 0, b.piece_at(s) != 0) << where;
}

// The squares where the four lines from s (towards file a, towards file i,
// towards red's side, towards black's side) meet their first and second
// piece, 0 where there is none, read from the move generator's line tables.
struct LineSquares {
  int first[4];
  int second[4];
};
LineSquares lines_from(const xq::Position& p, xq::Square s) {
  const int file = xq::file_of(s), rank = xq::rank_of(s);
  const xq::LineStops& r = xq::g_rank_lines.at[file][p.rank_masks()[rank]];
  const xq::LineStops& f = xq::g_file_lines.at[rank][p.file_masks()[file]];
  LineSquares out;
  for (int d = 0; d < 2; ++d) {
    out.first[d] = r.first[d] ? s + r.first[d] : 0;
    out.second[d] = r.second[d] ? s + r.second[d] : 0;
    out.first[2 + d] = f.first[d] ? s + 16 * f.first[d] : 0;
    out.second[2 + d] = f.second[d] ? s + 16 * f.second[d] : 0;
  }
  return out;
}

// The occupancy masks agree with the board, and the line tables' first and
// second pieces with a square-by-square walk, from every square.
void expect_lines_match_the_board(const xq::Position& p, const std::string& where) {
  for (int r = 0; r < 10; ++r)
    for (int f = 0; f < 9; ++f) {
      const bool occupied = p.piece_at(xq::make_square(f, r)) != 0;
      ASSERT_EQ(bool(p.rank_masks()[r] >> f & 1), occupied) << where << " rank mask " << r << " file " << f;
      ASSERT_EQ(bool(p.file_masks()[f] >> r & 1), occupied) << where << " file mask " << f << " rank " << r;
    }
  static constexpr int kSteps[4] = {-1, 1, -16, 16};
  for (int r = 0; r < 10; ++r)
    for (int f = 0; f < 9; ++f) {
      const xq::Square s = xq::make_square(f, r);
      const LineSquares l = lines_from(p, s);
      for (int d = 0; d < 4; ++d) {
        xq::Square hit[2] = {0, 0};
        int found = 0;
        for (xq::Square t = s + kSteps[d]; xq::geo().in_board[t] && found < 2; t += kSteps[d])
          if (p.piece_at(t)) hit[found++] = t;
        ASSERT_EQ(l.first[d], hit[0]) << where << " square " << s << " direction " << d;
        ASSERT_EQ(l.second[d], hit[1]) << where << " square " << s << " direction " << d;
      }
    }
}

}  // namespace

TEST(Position, IncrementalStateMatchesARecomputation) {
  std::mt19937 rng(31337);
  for (int g = 0; g < 30; ++g) {
    xq::Position p = pos_from(xq::kStartFen);
    const xq::Position start = p;
    int since_capture = 0, plies = 0;
    for (; plies < 200; ++plies) {
      xq::Move moves[xq::kMaxMoves];
      const int n = xq::generate_legal(p, moves);
      if (!n) break;
      const xq::Move m = moves[rng() % n];
      since_capture = p.piece_at(xq::move_to(m)) ? 0 : since_capture + 1;
      p.do_move(m);
      ASSERT_EQ(p.rule_plies(), since_capture);
      ASSERT_EQ(p.in_check(), p.king_attacked(p.side()));
      if (!p.may_repeat()) {
        for (int i = 0; i < p.history_length(); ++i)
          ASSERT_NE(p.history(i).key, p.key()) << "the repetition filter missed an earlier occurrence";
      }
      const std::string fen = xq::to_fen(p, since_capture);
      xq::Position fresh = pos_from(fen);
      expect_same_state(p, fresh, fen);
      const int pseudo = xq::generate(p, moves);
      for (int i = 0; i < pseudo; ++i) p.move_is_safe(moves[i]);  // must restore the masks
      expect_lines_match_the_board(p, fen);
      ASSERT_EQ(fresh.rule_plies(), since_capture) << "the FEN's halfmove counter is read";
    }
    for (int i = 0; i < plies; ++i) p.undo_move();
    expect_same_state(p, start, "after undoing every move");
    expect_lines_match_the_board(p, "after undoing every move");
    EXPECT_EQ(p.rule_plies(), 0);
  }
}

TEST(Position, HistoriesLongerThanTheBufferKeepWorking) {
  // Shuffle two horses back and forth far past kMaxHistory plies: the
  // position stays consistent and the latest repetitions are still seen.
  xq::Position p = pos_from(xq::kStartFen);
  const xq::Move cycle[4] = {mv("b0c2"), mv("b9c7"), mv("c2b0"), mv("c7b9")};
  for (int i = 0; i < xq::Position::kMaxHistory * 3; ++i) p.do_move(cycle[i % 4]);
  expect_same_state(p, pos_from(xq::kStartFen), "after the shuffle");
  EXPECT_GE(p.history_length(), 4);
  EXPECT_LE(p.history_length(), xq::Position::kMaxHistory);
  EXPECT_EQ(p.history(p.history_length() - 4).key, p.key()) << "four plies ago was this same position";
  EXPECT_TRUE(p.may_repeat());
  for (int i = 0; i < 8; ++i) p.undo_move();
  expect_same_state(p, pos_from(xq::kStartFen), "after undoing two cycles");
}
