// Slow: a real outside engine, Debian's fairy-stockfish (UCI, ranks 1-10 once
// UCI_Variant is xiangqi), plays our engine through ExternalEngine and analyses.
#include <chrono>
#include <thread>

#include "external_engine.h"
#include "game.h"
#include "searcher.h"
#include "test_util.h"

namespace {

const char* kFairy = "/usr/games/fairy-stockfish";

template <class Service>
std::optional<xq::SearchResult> wait_result(Service& s) {
  for (int i = 0; i < 6000 && !s.done(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return s.result();
}

}  // namespace

TEST(FairyStockfish, PlaysAGameAgainstOursWithLegalMoves) {
  xq::ExternalEngine fairy;
  std::string err;
  ASSERT_TRUE(fairy.open(kFairy, &err)) << err << " (.ci/setup installs fairy-stockfish)";
  EXPECT_EQ(fairy.protocol(), "uci");
  EXPECT_NE(fairy.name().find("Fairy-Stockfish"), std::string::npos) << fairy.name();
  xq::Searcher ours(16);
  xq::Game g;
  xq::Limits l;
  l.movetime_ms = 100;
  for (int ply = 0; ply < 24 && !g.verdict().over(); ++ply) {
    std::optional<xq::SearchResult> r;
    if (g.side_to_move() == xq::RED) {
      fairy.start(g.position(), l);
      r = wait_result(fairy);
    } else {
      ours.start(g.position(), l);
      r = wait_result(ours);
    }
    ASSERT_TRUE(r.has_value()) << "ply " << ply;
    ASSERT_EQ(fairy.failure(), "") << "ply " << ply;
    ASSERT_TRUE(g.play(r->best)) << "ply " << ply << " " << xq::move_to_iccs(r->best);
  }
  EXPECT_GE(g.ply(), 10);
}

TEST(FairyStockfish, AnalysesThreeLines) {
  xq::ExternalEngine fairy;
  std::string err;
  ASSERT_TRUE(fairy.open(kFairy, &err)) << err;
  xq::Position p = pos_from(xq::kStartFen);
  p.do_move(mv("h2e2"));
  xq::Limits l;
  l.depth = 8;
  xq::SearchOptions o;
  o.multipv = 3;
  fairy.start(p, l, o);
  const auto r = wait_result(fairy);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(fairy.failure(), "");
  const xq::SearchInfo info = fairy.info();
  ASSERT_EQ(info.lines.size(), 3u);
  for (const xq::PvLine& line : info.lines) {
    ASSERT_FALSE(line.pv.empty());
    EXPECT_TRUE(xq::is_legal(p, line.pv[0]));
  }
  EXPECT_NE(info.lines[0].pv[0], info.lines[1].pv[0]);
  EXPECT_EQ(r->best, info.lines[0].pv[0]);
}
