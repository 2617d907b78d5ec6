// Evaluation symmetry: a left-right mirror and a colour flip (board turned
// upside down, colours and side to move swapped) score the same.
#include <cctype>

#include "evaluate.h"
#include "test_util.h"

namespace {

std::vector<std::string> ranks_of(const std::string& fen) {
  std::vector<std::string> ranks;
  std::string board = fen.substr(0, fen.find(' ')), cur;
  for (char c : board + "/") {
    if (c == '/') {
      ranks.push_back(cur);
      cur.clear();
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      cur += std::string(c - '0', '.');
    } else {
      cur += c;
    }
  }
  return ranks;
}

std::string join(const std::vector<std::string>& ranks, char side) {
  std::string out;
  for (size_t i = 0; i < ranks.size(); ++i) {
    int empty = 0;
    for (char c : ranks[i]) {
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty), empty = 0;
      out += c;
    }
    if (empty) out += char('0' + empty);
    if (i + 1 < ranks.size()) out += '/';
  }
  return out + ' ' + side + " - - 0 1";
}

std::string mirrored(const std::string& fen) {
  auto r = ranks_of(fen);
  for (auto& s : r) std::reverse(s.begin(), s.end());
  return join(r, fen[fen.find(' ') + 1]);
}

std::string colour_flipped(const std::string& fen) {
  auto r = ranks_of(fen);
  std::reverse(r.begin(), r.end());
  for (auto& s : r)
    for (char& c : s) c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : char(std::toupper(c));
  return join(r, fen[fen.find(' ') + 1] == 'w' ? 'b' : 'w');
}

}  // namespace

TEST(Evaluate, MirrorAndColourFlipScoreTheSame) {
  int checked = 0;
  for (const xq::Position& p : random_positions(40, 150, 2024)) {
    const std::string fen = xq::to_fen(p);
    const int v = xq::evaluate(p);
    xq::FenData m, f;
    ASSERT_TRUE(xq::parse_fen(mirrored(fen), m, nullptr)) << mirrored(fen);
    ASSERT_TRUE(xq::parse_fen(colour_flipped(fen), f, nullptr)) << colour_flipped(fen);
    ASSERT_EQ(xq::evaluate(m.pos), v) << fen << " mirrored";
    ASSERT_EQ(xq::evaluate(f.pos), v) << fen << " colour-flipped";
    ++checked;
  }
  EXPECT_GT(checked, 3000);
}

TEST(Evaluate, StartPositionIsBalanced) {
  // Only the side to move's tempo separates the two sides at the start.
  xq::Position p = pos_from(xq::kStartFen);
  EXPECT_EQ(xq::evaluate(p), xq::kTempo);
}

TEST(Evaluate, AdvantagesThatCannotWinAreScaledDown) {
  // A lone rook against both advisors and both elephants: a known draw.
  xq::Position rook = pos_from("2bak4/4a4/4b4/9/9/9/9/9/9/R3K4 w - - 0 1");
  EXPECT_EQ(xq::win_scale(rook, xq::RED), 2);
  EXPECT_LT(xq::evaluate(rook), 60);
  // Rook and pawn against the same defence: winnable.
  EXPECT_EQ(xq::win_scale(pos_from("2bak4/4a4/4b4/9/9/9/6P2/9/9/R3K4 w - - 0 1"), xq::RED), 16);
  // Advisors and elephants alone never mate; the side with them gets nothing for them.
  xq::Position defenders = pos_from("4k4/9/9/9/9/9/9/4B4/4A4/3AK4 w - - 0 1");
  EXPECT_EQ(xq::win_scale(defenders, xq::RED), 0);
  EXPECT_EQ(xq::evaluate(defenders), xq::kTempo);
  // A lone horse beats a single advisor but not two.
  EXPECT_EQ(xq::win_scale(pos_from("3k5/4a4/9/9/9/9/9/9/4N4/4K4 w - - 0 1"), xq::RED), 16);
  EXPECT_EQ(xq::win_scale(pos_from("3ak4/4a4/9/9/9/9/9/9/4N4/4K4 w - - 0 1"), xq::RED), 2);
}

TEST(Evaluate, TablesBlendByMaterialPhase) {
  // All majors on the board: the middlegame tables alone.
  xq::Position start = pos_from(xq::kStartFen);
  EXPECT_EQ(xq::material_phase(start), xq::kFullPhase);
  EXPECT_EQ(xq::psq_score(start, xq::RED), start.psq_sum(xq::RED) - start.psq_sum(xq::BLACK));
  // Pawns and defenders only: the endgame tables alone.
  xq::Position pawns = pos_from("3ak4/4a4/9/4p4/9/2P6/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(xq::material_phase(pawns), 0);
  EXPECT_EQ(xq::psq_score(pawns, xq::RED), pawns.psq_end_sum(xq::RED) - pawns.psq_end_sum(xq::BLACK));
  EXPECT_EQ(xq::psq_score(pawns, xq::BLACK), -xq::psq_score(pawns, xq::RED));
  // A rook and a horse against a cannon: 2 + 1 + 1 of 16, blended in that proportion.
  xq::Position mixed = pos_from("3ak4/4a4/4c4/4p4/9/2P6/9/4N4/4R4/4K4 w - - 0 1");
  EXPECT_EQ(xq::material_phase(mixed), 4);
  const int mid = mixed.psq_sum(xq::RED) - mixed.psq_sum(xq::BLACK);
  const int end = mixed.psq_end_sum(xq::RED) - mixed.psq_end_sum(xq::BLACK);
  EXPECT_EQ(xq::psq_score(mixed, xq::RED), (mid * 4 + end * 12) / 16);
}

// The engine's evaluation (its weights folded in at compile time) is the
// tuner's linear view with the same weights: the tables plus each feature's
// weight times our count minus theirs, scaled when the side ahead cannot
// win, plus the tempo. Checked on positions from random games, and with
// other weights (zero, and one feature at a time) so no feature is dropped.
TEST(Evaluate, EngineScoreIsTheTunersWeightedSum) {
  const std::vector<xq::Position> positions = random_positions(8, 120, 7);
  ASSERT_GT(positions.size(), 500u);
  auto linear = [](const xq::Position& p, const int* w) {
    int f[2][xq::kFeatureCount];
    xq::eval_features(p, f);
    const xq::Color us = p.side();
    int v = xq::psq_score(p, us);
    for (int i = 0; i < xq::kFeatureCount; ++i) v += w[i] * (f[us][i] - f[~us][i]);
    const int scale = xq::win_scale(p, v > 0 ? us : ~us);
    if (scale < 16) v = v * scale / 16;
    return v + xq::kTempo;
  };
  int differing = 0;
  for (const xq::Position& p : positions) {
    ASSERT_EQ(xq::evaluate(p), linear(p, xq::kEvalWeights)) << xq::to_fen(p);
    ASSERT_EQ(xq::evaluate_with(p, xq::kEvalWeights), xq::evaluate(p)) << xq::to_fen(p);
    for (int i = 0; i < xq::kFeatureCount; ++i) {
      int w[xq::kFeatureCount] = {};
      w[i] = 3;
      ASSERT_EQ(xq::evaluate_with(p, w), linear(p, w)) << xq::to_fen(p) << " feature " << i;
    }
    const int zero[xq::kFeatureCount] = {};
    differing += xq::evaluate_with(p, zero) != xq::evaluate(p);
  }
  EXPECT_GT(differing, int(positions.size()) / 2) << "the features change most scores";
}

namespace {

// The king-line features by walking the king's four lines square by square:
// the first piece forward an enemy cannon (空头炮), and the second piece on
// each line an enemy cannon or rook.
struct KingLines {
  int empty_cannon = 0, cannons = 0, rooks = 0;
};
KingLines walk_king_lines(const xq::Position& p, xq::Color c) {
  KingLines out;
  const xq::Square k = p.king_square(c);
  auto enemy = [&](xq::PieceId id, xq::PieceType t) { return id && xq::color_of_id(id) != c && xq::type_of_id(id) == t; };
  const int forward = c == xq::RED ? 16 : -16;
  for (int d : {-16, -1, 1, 16}) {
    int seen = 0;
    for (int f = xq::file_of(k), r = xq::rank_of(k);;) {
      f += d == 1 ? 1 : d == -1 ? -1 : 0;
      r += d == 16 ? 1 : d == -16 ? -1 : 0;
      if (f < 0 || f > 8 || r < 0 || r > 9) break;
      const xq::PieceId id = p.piece_at(xq::make_square(f, r));
      if (!id) continue;
      ++seen;
      if (seen == 1 && d == forward) out.empty_cannon += enemy(id, xq::CANNON);
      if (seen == 2) {
        out.cannons += enemy(id, xq::CANNON);
        out.rooks += enemy(id, xq::ROOK);
        break;
      }
    }
  }
  return out;
}

}  // namespace

TEST(Evaluate, KingLineFeaturesMatchAWalkAlongTheLines) {
  // A black cannon facing red's king down the open e-file, a black rook
  // behind red's advisor and a black cannon over red's elephant on rank 0;
  // a red cannon facing black's king from below.
  int f[2][xq::kFeatureCount];
  xq::eval_features(pos_from("4k4/9/4C4/9/4c4/9/9/9/9/r2AK1B1c w - - 0 1"), f);
  EXPECT_EQ(f[xq::RED][xq::kEmptyCannon], -1);
  EXPECT_EQ(f[xq::RED][xq::kCannonAim], -1);
  EXPECT_EQ(f[xq::RED][xq::kRookAim], -1);
  EXPECT_EQ(f[xq::BLACK][xq::kEmptyCannon], -1);
  EXPECT_EQ(f[xq::BLACK][xq::kCannonAim], 0);
  EXPECT_EQ(f[xq::BLACK][xq::kRookAim], 0);
  // A cannon right behind the king faces nothing: it is not forward.
  xq::eval_features(pos_from("3k5/9/9/9/9/9/9/9/4K4/4c4 w - - 0 1"), f);
  EXPECT_EQ(f[xq::RED][xq::kEmptyCannon], 0);
  EXPECT_EQ(f[xq::RED][xq::kCannonAim], 0);

  const std::vector<xq::Position> positions = random_positions(8, 160, 11);
  int counted = 0;
  for (const xq::Position& p : positions) {
    xq::eval_features(p, f);
    for (xq::Color c : {xq::RED, xq::BLACK}) {
      const KingLines w = walk_king_lines(p, c);
      ASSERT_EQ(-f[c][xq::kEmptyCannon], w.empty_cannon) << xq::to_fen(p);
      ASSERT_EQ(-f[c][xq::kCannonAim], w.cannons) << xq::to_fen(p);
      ASSERT_EQ(-f[c][xq::kRookAim], w.rooks) << xq::to_fen(p);
      counted += w.empty_cannon + w.cannons + w.rooks;
    }
  }
  EXPECT_GT(counted, 50) << "the random games put pieces on the kings' lines";
}

TEST(Evaluate, HorseMobilityCountsTheHorsesPseudoLegalMoves) {
  // The mobility term walks the jumps leg by leg; the move generator's horse
  // moves (unblocked leg, target empty or the opponent's) are the reference.
  const std::vector<xq::Position> positions = random_positions(8, 160, 13);
  ASSERT_GT(positions.size(), 500u);
  int trapped_seen = 0;
  for (const xq::Position& p : positions) {
    int f[2][xq::kFeatureCount];
    xq::eval_features(p, f);
    xq::Move moves[xq::kMaxMoves];
    const int n = xq::generate(p, moves, xq::GenType::All);
    int per_horse[2] = {0, 0};
    for (int i = 0; i < n; ++i) {
      const xq::PieceId id = p.piece_at(xq::move_from(moves[i]));
      if (xq::type_of_id(id) == xq::HORSE) ++per_horse[(id & 15) - xq::kTypeFirstSlot[xq::HORSE]];
    }
    const xq::Color us = p.side();
    int trapped = 0;
    for (int i = 0; i < 2; ++i)
      trapped += p.square_of(xq::side_base(us) + xq::kTypeFirstSlot[xq::HORSE] + i) && per_horse[i] <= 1;
    ASSERT_EQ(f[us][xq::kHorseMobility], per_horse[0] + per_horse[1]) << xq::to_fen(p);
    ASSERT_EQ(-f[us][xq::kHorseTrapped], trapped) << xq::to_fen(p);
    trapped_seen += trapped;
  }
  EXPECT_GT(trapped_seen, 20) << "the random games have trapped horses too";
}

TEST(Evaluate, NearKingCountsUseRankAndFileDistances) {
  // Enemy horses within two ranks and two files of the king, enemy pawns
  // within two ranks and one file, counted from the coordinates.
  const std::vector<xq::Position> positions = random_positions(8, 160, 17);
  int seen = 0;
  for (const xq::Position& p : positions) {
    int f[2][xq::kFeatureCount];
    xq::eval_features(p, f);
    for (xq::Color c : {xq::RED, xq::BLACK}) {
      const xq::Square k = p.king_square(c);
      int horses = 0, pawns = 0;
      for (int slot = 0; slot < 16; ++slot) {
        const xq::Square s = p.square_of(xq::side_base(~c) + slot);
        if (!s) continue;
        const int df = std::abs(xq::file_of(s) - xq::file_of(k)), dr = std::abs(xq::rank_of(s) - xq::rank_of(k));
        horses += xq::kIdType[slot] == xq::HORSE && df <= 2 && dr <= 2;
        pawns += xq::kIdType[slot] == xq::PAWN && df <= 1 && dr <= 2;
      }
      ASSERT_EQ(-f[c][xq::kHorseNearKing], horses) << xq::to_fen(p);
      ASSERT_EQ(-f[c][xq::kPawnNearKing], pawns) << xq::to_fen(p);
      seen += horses + pawns;
    }
  }
  EXPECT_GT(seen, 50) << "the random games bring horses and pawns to the kings";
}
