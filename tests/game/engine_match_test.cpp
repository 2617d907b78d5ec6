// The window's engine match: games with alternating colours, judged and kept
// as PGN, an engine that fails forfeits, one that cannot start is named, and a
// stop ends the match.
#include <chrono>
#include <thread>

#include "engine_match.h"
#include "external_engine.h"
#include "pgn.h"
#include "searcher.h"
#include "test_util.h"

namespace {

xq::MatchPlayer built_in(const std::string& name) {
  return {name, [](std::string*) -> std::unique_ptr<xq::SearchService> { return std::make_unique<xq::Searcher>(8); }};
}

xq::MatchPlayer fake(const std::string& mode) {
  return {"Fake " + mode, [mode](std::string* err) -> std::unique_ptr<xq::SearchService> {
            auto e = std::make_unique<xq::ExternalEngine>();
            if (!e->open(std::string("bash ") + XQ_TEST_DATA + "/data/fake_engine.sh " + mode, err)) return nullptr;
            e->set_grace_ms(300);
            e->set_stop_grace_ms(300);
            return e;
          }};
}

// Polls until the match has finished (60 s at most).
bool wait_finished(const xq::EngineMatch& m) {
  for (int i = 0; i < 12000; ++i) {
    if (m.status().finished) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

}  // namespace

TEST(EngineMatch, PlaysGamesWithAlternatingColoursAndKeepsThemAsPgn) {
  xq::EngineMatch m;
  xq::MatchConfig c;
  c.games = 2;
  c.movetime_ms = 10;
  c.max_plies = 24;
  c.date = "2026.12.04";
  ASSERT_TRUE(m.start(c, built_in("A"), built_in("B")));
  ASSERT_TRUE(wait_finished(m));
  const xq::MatchStatus s = m.status();
  EXPECT_FALSE(s.running);
  EXPECT_EQ(s.error, "");
  ASSERT_EQ(s.games.size(), 2u);
  EXPECT_TRUE(s.games[0].first_red);
  EXPECT_FALSE(s.games[1].first_red);
  EXPECT_EQ(s.wins + s.draws + s.losses, 2);
  const std::string pgn = m.pgn();
  EXPECT_NE(pgn.find("[Round \"1\"]\n[Red \"A\"]\n[Black \"B\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Round \"2\"]\n[Red \"B\"]\n[Black \"A\"]"), std::string::npos) << pgn;
  xq::PgnGame first;
  std::string err;
  ASSERT_TRUE(xq::read_pgn(pgn.substr(0, pgn.find("[Event", 1)), first, &err)) << err;
  EXPECT_EQ(int(first.moves.size()), s.games[0].plies);
  EXPECT_EQ(first.tag("Date"), "2026.12.04");
  for (const auto& g : s.games)
    if (g.plies == 24) {
      EXPECT_EQ(g.outcome, xq::Outcome::Draw) << "a long game is adjudicated a draw";
    }
}

TEST(EngineMatch, AnEngineThatFailsForfeitsAndIsStartedAgain) {
  xq::EngineMatch m;
  xq::MatchConfig c;
  c.games = 2;
  c.movetime_ms = 10;
  ASSERT_TRUE(m.start(c, fake("illegal"), built_in("Ours")));
  ASSERT_TRUE(wait_finished(m));
  const xq::MatchStatus s = m.status();
  ASSERT_EQ(s.games.size(), 2u);
  EXPECT_EQ(s.losses, 2) << "each game lost by forfeit";
  EXPECT_EQ(s.games[0].outcome, xq::Outcome::BlackWins);
  EXPECT_NE(s.games[0].termination.find("Fake illegal forfeits: Fake illegal answered an illegal move"),
            std::string::npos)
      << s.games[0].termination;
  EXPECT_EQ(s.games[1].outcome, xq::Outcome::RedWins) << "it had black in game 2";
  EXPECT_NE(m.pgn().find("[Adjudication \"Fake illegal forfeits"), std::string::npos) << m.pgn();
}

TEST(EngineMatch, APlayerThatCannotStartIsNamed) {
  xq::EngineMatch m;
  xq::MatchPlayer missing{"Missing", [](std::string* err) -> std::unique_ptr<xq::SearchService> {
                            auto e = std::make_unique<xq::ExternalEngine>();
                            if (!e->open("/nonexistent/engine", err)) return nullptr;
                            return e;
                          }};
  ASSERT_TRUE(m.start({}, built_in("Ours"), missing));
  ASSERT_TRUE(wait_finished(m));
  const xq::MatchStatus s = m.status();
  EXPECT_TRUE(s.games.empty());
  EXPECT_EQ(s.error.rfind("Missing: ", 0), 0u) << s.error;
  EXPECT_NE(s.error.find("/nonexistent/engine"), std::string::npos) << s.error;
}

TEST(EngineMatch, AStopEndsItAndANewOneCanStart) {
  xq::EngineMatch m;
  xq::MatchConfig c;
  c.games = 50;
  c.movetime_ms = 50;
  ASSERT_TRUE(m.start(c, built_in("A"), built_in("B")));
  EXPECT_FALSE(m.start(c, built_in("A"), built_in("B"))) << "one match at a time";
  for (int i = 0; i < 2000 && m.status().current_ply < 2; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  m.request_stop();
  ASSERT_TRUE(wait_finished(m));
  EXPECT_LT(m.status().games.size(), 50u);
  c.games = 1;
  c.max_plies = 4;
  c.movetime_ms = 5;
  ASSERT_TRUE(m.start(c, built_in("C"), built_in("D")));
  ASSERT_TRUE(wait_finished(m));
  EXPECT_EQ(m.status().games.size(), 1u);
  EXPECT_EQ(m.status().games[0].plies, 4);
}
