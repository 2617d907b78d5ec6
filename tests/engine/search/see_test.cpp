// Static exchange evaluation: hand-checked exchanges (x-rays, cannon screens,
// blocked horse legs, king recaptures), and agreement with an independent
// exchange built from the move generator on positions from random games.
#include "evaluate.h"
#include "see.h"
#include "test_util.h"

namespace {

int see_of(const std::string& fen, const std::string& move) {
  xq::Position p = pos_from(fen);
  return xq::see(p, mv(move));
}

}  // namespace

TEST(See, UndefendedVictimIsWonWhole) {
  EXPECT_EQ(see_of("3k5/9/9/9/4n4/9/4P4/4C4/9/4K4 w - - 0 1", "e2e5"), xq::kPieceValue[xq::HORSE]);
}

TEST(See, DefendedPawnCostsTheRook) {
  // Red rook takes a pawn defended by the black rook behind it.
  EXPECT_EQ(see_of("r3k4/9/9/p2R5/9/9/9/9/9/C2K5 w - - 0 1", "d6a6"),
            xq::kPieceValue[xq::PAWN] - xq::kPieceValue[xq::ROOK]);
}

TEST(See, CannonBehindAScreenRecaptures) {
  // Same, but the red cannon on a0 has the pawn on a3 as its screen: black
  // gains nothing by retaking, so the pawn is simply won.
  EXPECT_EQ(see_of("r3k4/9/9/p2R5/9/9/P8/9/9/C2K5 w - - 0 1", "d6a6"), xq::kPieceValue[xq::PAWN]);
}

TEST(See, BlockedHorseDoesNotDefend) {
  // The black horse on c8 would defend the cannon on d6, but its leg (c7) is blocked.
  EXPECT_EQ(see_of("4k4/2n6/2n6/3c5/9/9/9/9/9/3R1K3 w - - 0 1", "d0d6"), xq::kPieceValue[xq::CANNON]);
  EXPECT_EQ(see_of("4k4/2n6/9/3c5/9/9/9/9/9/3R1K3 w - - 0 1", "d0d6"),
            xq::kPieceValue[xq::CANNON] - xq::kPieceValue[xq::ROOK]);
}

TEST(See, KingRetakesOnlyWhenSafe) {
  // A red rook takes an advisor beside the black king; the king retakes.
  EXPECT_EQ(see_of("3ak4/9/9/9/9/9/9/9/9/3R1K3 w - - 0 1", "d0d9"),
            xq::kPieceValue[xq::ADVISOR] - xq::kPieceValue[xq::ROOK]);
  // With a second red rook behind on the same file, the king may not retake.
  EXPECT_EQ(see_of("3ak4/9/9/9/9/9/9/3R5/9/3R1K3 w - - 0 1", "d2d9"), xq::kPieceValue[xq::ADVISOR]);
}

TEST(See, GeMatchesTheValue) {
  xq::Position p = pos_from("r3k4/9/9/p2R5/9/9/9/9/9/C2K5 w - - 0 1");
  const int v = xq::see(p, mv("d6a6"));
  EXPECT_TRUE(xq::see_ge(p, mv("d6a6"), v));
  EXPECT_FALSE(xq::see_ge(p, mv("d6a6"), v + 1));
}

// see_ge_pins: the first recapture may not expose its own king.
namespace {

bool holds(const std::string& fen, const std::string& move) { return xq::see_ge(pos_from(fen), mv(move), 0); }
bool holds_with_pins(const std::string& fen, const std::string& move) {
  return xq::see_ge_pins(pos_from(fen), mv(move), 0);
}

}  // namespace

TEST(See, PinnedAdvisorDoesNotRetakeAHorseCheck) {
  // c5d7 checks; the advisor on e8 guards d7 but shields its king from the
  // cannon on e4 (over the elephant on e7).
  const std::string pinned = "4k4/4a4/4b4/9/2N6/4C4/9/9/9/3K5 w - - 0 1";
  EXPECT_FALSE(holds(pinned, "c5d7"));
  EXPECT_TRUE(holds_with_pins(pinned, "c5d7"));
  // Without the cannon the advisor is free to take.
  EXPECT_FALSE(holds_with_pins("4k4/4a4/4b4/9/2N6/9/9/9/9/3K5 w - - 0 1", "c5d7"));
  // With a rook on d9 behind it, the next defender takes instead.
  EXPECT_FALSE(holds_with_pins("3rk4/4a4/4b4/9/2N6/4C4/9/9/9/3K5 w - - 0 1", "c5d7"));
}

TEST(See, PinnedByAHorseLegOrTheFacingKings) {
  // The black rook on d8 is the leg of the horse on c8 that would check e9.
  const std::string leg = "4k4/2Nr5/9/9/9/R8/9/9/9/5K3 w - - 0 1";
  EXPECT_FALSE(holds(leg, "a4d4"));
  EXPECT_TRUE(holds_with_pins(leg, "a4d4"));
  // The black horse on e5 is all that stands between the kings.
  const std::string kings = "4k4/9/9/9/4n4/9/9/9/9/3RK4 w - - 0 1";
  EXPECT_FALSE(holds(kings, "d0d3"));
  EXPECT_TRUE(holds_with_pins(kings, "d0d3"));
}

TEST(See, APinnedPieceMayTakeItsPinner) {
  // The red rook moves along its pin line to e7: the pinned rook on e8 takes
  // it, and that is legal (nothing else attacks e9 once the pinner is gone).
  EXPECT_FALSE(holds_with_pins("4k4/4r4/9/9/9/9/9/4R4/9/3K5 w - - 0 1", "e2e7"));
  // Another piece's move leaves the pin in place: the rook may not take on d8.
  const std::string other = "4k4/4r4/9/2N6/9/9/9/4R4/9/3K5 w - - 0 1";
  EXPECT_FALSE(holds(other, "c6d8"));
  EXPECT_TRUE(holds_with_pins(other, "c6d8"));
}

namespace {

// Reference exchange on one square from the move generator: each side takes
// with its cheapest pseudo-legal capture (a king only if it cannot be
// retaken), and either side may stop. Which of two equally cheap pieces
// takes first can change the lines behind; the reference tries each and
// gives the range of results.
int value_of(xq::PieceId id) {
  return xq::type_of_id(id) == xq::KING ? 5000 : xq::kPieceValue[xq::type_of_id(id)];
}

std::vector<xq::Move> cheapest_captures(xq::Position& p, xq::Square to) {
  xq::Move moves[xq::kMaxMoves];
  const int n = xq::generate(p, moves, xq::GenType::Captures);
  std::vector<xq::Move> best;
  int v = 1 << 30;
  for (int i = 0; i < n; ++i) {
    if (xq::move_to(moves[i]) != to) continue;
    const int a = value_of(p.piece_at(xq::move_from(moves[i])));
    if (a < v) best.clear(), v = a;
    if (a == v) best.push_back(moves[i]);
  }
  return best;
}

struct Range {
  int lo, hi;
};

Range exchange(xq::Position& p, xq::Square to) {
  const auto options = cheapest_captures(p, to);
  if (options.empty()) return {0, 0};
  Range r{1 << 30, -(1 << 30)};
  for (xq::Move m : options) {
    const int gain = value_of(p.piece_at(to));
    const bool king = xq::type_of_id(p.piece_at(xq::move_from(m))) == xq::KING;
    p.do_move(m);
    Range v{0, 0};
    if (!(king && !cheapest_captures(p, to).empty())) {
      const Range after = exchange(p, to);
      v = {std::max(0, gain - after.hi), std::max(0, gain - after.lo)};
    }
    p.undo_move();
    r.lo = std::min(r.lo, v.lo);
    r.hi = std::max(r.hi, v.hi);
  }
  return r;
}

}  // namespace

TEST(See, AgreesWithTheMoveGeneratorOnRandomGames) {
  int checked = 0;
  for (xq::Position p : random_positions(60, 120, 12345)) {
    xq::Move moves[xq::kMaxMoves];
    const int n = xq::generate_legal(p, moves);
    for (int i = 0; i < n; ++i) {
      const xq::Move m = moves[i];
      if (!p.piece_at(xq::move_to(m)) || xq::type_of_id(p.piece_at(xq::move_to(m))) == xq::KING) continue;
      const xq::Square to = xq::move_to(m);
      const int gain = value_of(p.piece_at(to));
      p.do_move(m);
      const Range after = exchange(p, to);
      p.undo_move();
      const int v = xq::see(p, m);
      ASSERT_GE(v, gain - after.hi) << xq::to_fen(p) << " " << xq::move_to_iccs(m);
      ASSERT_LE(v, gain - after.lo) << xq::to_fen(p) << " " << xq::move_to_iccs(m);
      ++checked;
    }
  }
  EXPECT_GT(checked, 1000);
}
