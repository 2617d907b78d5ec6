// Which pieces a move chases: direct and discovered threats, exempt chasers
// (king, pawn), targets that do not count (uncrossed pawns, protected pieces).
#include "chase.h"
#include "test_util.h"

namespace {

std::vector<std::string> chased(const std::string& fen, const std::string& move) {
  xq::Position p = pos_from(fen);
  std::vector<std::string> out;
  for (xq::PieceId id : xq::chased_by_move(p, mv(move))) out.push_back(xq::square_to_string(p.square_of(id)));
  return out;
}

}  // namespace

TEST(Chase, DirectThreatOnAnUnprotectedPiece) {
  EXPECT_EQ(chased("4k4/9/2c6/9/8R/9/9/9/9/3K5 w - - 0 1", "i5i7"), std::vector<std::string>{"c7"});
  EXPECT_TRUE(chased("4k4/9/2c6/n8/8R/9/9/9/9/3K5 w - - 0 1", "i5i7").empty()) << "protected by the horse";
}

TEST(Chase, DiscoveredThreatCounts) {
  // The horse leaves b5 and uncovers the rook on a5 against the cannon on g5.
  EXPECT_EQ(chased("4k4/9/9/9/RN4c2/9/9/9/9/3K5 w - - 0 1", "b5c7"), std::vector<std::string>{"g5"});
}

TEST(Chase, ExistingThreatIsNotANewChase) {
  // The rook already attacks the cannon; a king move keeps that threat but makes no new one.
  EXPECT_TRUE(chased("4k4/9/2c5R/9/9/9/9/9/9/3K5 w - - 0 1", "d0d1").empty());
}

TEST(Chase, KingsAndPawnsMayChase) {
  EXPECT_TRUE(chased("4k4/9/9/4c4/3P5/9/9/9/9/5K3 w - - 0 1", "d5e5").empty());
  EXPECT_TRUE(chased("4k4/9/9/9/9/9/4P4/5c3/4K4/9 w - - 0 1", "e1e2").empty());
}

TEST(Chase, UncrossedPawnsAreNotTargetsCrossedOnesAre) {
  // A black pawn on its own side (c6) is no target; one across the river (c4) is.
  EXPECT_TRUE(chased("4k4/9/9/2p6/9/9/9/9/9/3K3R1 w - - 0 1", "h0h6").empty());
  EXPECT_EQ(chased("4k4/9/9/9/9/2p6/9/9/9/3K3R1 w - - 0 1", "h0h4"), std::vector<std::string>{"c4"});
}

TEST(Chase, RookThreatenedByACannonCountsEvenWhenProtected) {
  EXPECT_EQ(chased("4k4/9/2r1b4/n8/6b1C/9/9/9/9/3K5 w - - 0 1", "i5i7"), std::vector<std::string>{"c7"});
}

TEST(Chase, ACannonTurningBetweenTwoTargetsChasesEachInTurn) {
  // Over red's cannons on b5 and b7 the black cannon attacks the horse on a5
  // from c5 and the horse on a7 from c7: each move chases a different piece.
  const std::string fen = "3k5/9/NCc6/9/NC7/9/9/9/9/4K4 b - - 0 1";
  EXPECT_EQ(chased(fen, "c7c5"), std::vector<std::string>{"a5"});
  EXPECT_EQ(chased("3k5/9/NC7/9/NCc6/9/9/9/9/4K4 b - - 0 1", "c5c7"), std::vector<std::string>{"a7"});
}

TEST(Chase, AnsweringCheckCanMakeAnOldAttackAChase) {
  // In check from the cannon (d7 its screen), black's rook may not take the
  // horse on c5; moving the screen away answers the check and the capture
  // becomes legal, so the move chases the horse (and the cannon joins in).
  const std::string fen = "3k5/9/3c5/2r6/2N6/9/9/9/3C5/3R1K3 b - - 0 1";
  EXPECT_EQ(chased(fen, "d7c7"), std::vector<std::string>{"c5"});
}

// The search judges a repetition on its own board (no copy): the ruling must
// be the copying one's, and the board must come back exactly as it was.
TEST(Chase, StretchJudgedInPlaceMatchesTheCopyAndRestoresTheBoard) {
  struct Case {
    const char* fen;
    std::vector<std::string> moves;
    int from;
    xq::Forcing red, black;
  };
  const Case cases[] = {
      // The rook checks on every move, the king steps back and forth.
      {"3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", {"i0i9", "d9d8", "i9i8", "d8d9", "i8i9"}, 1, xq::Forcing::Check,
       xq::Forcing::None},
      // Nothing forcing: the rook and the king shuffle.
      {"4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1", {"i0i1", "e9e8", "i1i0", "e8e9"}, 0, xq::Forcing::None,
       xq::Forcing::None},
      // The rook chases the unprotected horse along the ranks; the horse runs.
      {"4k4/9/9/9/9/9/9/9/n8/3K3R1 w - - 0 1", {"h0h1", "a1b3", "h1h3", "b3a1", "h3h1"}, 1,
       xq::Forcing::Chase, xq::Forcing::None},
  };
  for (const Case& c : cases) {
    xq::Position p = pos_from(c.fen);
    for (const std::string& m : c.moves) p.do_move(mv(m));
    const xq::Position before = p;
    const xq::RepetitionRuling copied = xq::rule_stretch(p, c.from);
    const xq::RepetitionRuling in_place = xq::rule_stretch_in_place(p, c.from);
    EXPECT_EQ(copied.red, c.red) << c.fen;
    EXPECT_EQ(copied.black, c.black) << c.fen;
    EXPECT_EQ(in_place.red, copied.red) << c.fen;
    EXPECT_EQ(in_place.black, copied.black) << c.fen;
    EXPECT_EQ(p.key(), before.key()) << c.fen;
    EXPECT_EQ(p.side(), before.side()) << c.fen;
    EXPECT_EQ(p.rule_plies(), before.rule_plies()) << c.fen;
    EXPECT_EQ(p.may_repeat(), before.may_repeat()) << c.fen;
    ASSERT_EQ(p.history_length(), before.history_length()) << c.fen;
    for (int i = 0; i < p.history_length(); ++i) {
      EXPECT_EQ(p.history(i).move, before.history(i).move) << c.fen << " ply " << i;
      EXPECT_EQ(p.history(i).key, before.history(i).key) << c.fen << " ply " << i;
      EXPECT_EQ(p.history(i).gave_check, before.history(i).gave_check) << c.fen << " ply " << i;
    }
    for (int s = 0; s < 256; ++s) EXPECT_EQ(p.piece_at(s), before.piece_at(s)) << c.fen << " square " << s;
  }
}

TEST(Chase, AnAttackOnAPieceThatCanTakeBackIsAnExchangeOffer) {
  // Two cannons over one screen attack each other: 兑, not 捉.
  EXPECT_TRUE(chased("4k4/9/2c6/9/2PP5/9/3C5/9/9/5K3 w - - 0 1", "d3c3").empty());
  // A rook attacking a rook on an open line; a horse a horse that can jump back.
  EXPECT_TRUE(chased("4k4/9/2r6/9/9/9/9/9/8R/3K5 w - - 0 1", "i1c1").empty());
  EXPECT_TRUE(chased("4k4/9/9/9/6n2/9/9/9/4N4/3K5 w - - 0 1", "e1f3").empty());
  // The same horse attack where the black horse's leg is blocked: it cannot
  // answer, so the attack is a chase.
  EXPECT_EQ(chased("4k4/9/9/9/6n2/6p2/9/9/4N4/3K5 w - - 0 1", "e1f3"), std::vector<std::string>{"g5"});
  // A victim that could take back only by exposing its king (pinned) cannot: a chase.
  EXPECT_EQ(chased("4k4/9/4r4/9/9/9/9/9/4R4/R2K5 w - - 0 1", "a0a7"), std::vector<std::string>{"e7"});
}
