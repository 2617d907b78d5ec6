// Protocol transcripts for UCCI and UCI, including garbage lines.
#include <mutex>
#include <thread>

#include <set>

#include "protocol.h"
#include "skill.h"
#include "test_util.h"

namespace {

class Transcript {
 public:
  Transcript() : p_([this](const std::string& l) {
      std::lock_guard<std::mutex> lock(m_);
      lines_.push_back(l);
    }) {}
  // Sends lines, then waits for any search to finish; returns what was printed.
  std::vector<std::string> send(std::initializer_list<std::string> in) {
    {
      std::lock_guard<std::mutex> lock(m_);
      lines_.clear();
    }
    for (auto& l : in) p_.handle(l);
    p_.wait();
    std::lock_guard<std::mutex> lock(m_);
    return lines_;
  }
  xq::Protocol& protocol() { return p_; }

 private:
  std::mutex m_;
  std::vector<std::string> lines_;
  xq::Protocol p_;
};

bool has_prefix(const std::vector<std::string>& v, const std::string& prefix) {
  for (auto& l : v)
    if (l.rfind(prefix, 0) == 0) return true;
  return false;
}

std::string last(const std::vector<std::string>& v) { return v.empty() ? "" : v.back(); }

}  // namespace

TEST(Ucci, HandshakeSearchAndOptions) {
  Transcript t;
  auto out = t.send({"ucci"});
  EXPECT_EQ(out.front(), "id name Qianli 0.3");
  EXPECT_EQ(last(out), "ucciok");
  EXPECT_TRUE(has_prefix(out, "option hashsize type spin"));
  EXPECT_EQ(t.send({"isready"}), std::vector<std::string>{"readyok"});
  EXPECT_TRUE(t.send({"setoption hashsize 8", "setoption usebook false", "setoption randomness none",
                      "setoption newgame"})
                  .empty());
  out = t.send({"position startpos moves h2e2", "go depth 4"});
  EXPECT_TRUE(has_prefix(out, "info depth 4 score "));
  ASSERT_EQ(last(out).rfind("bestmove ", 0), 0u) << last(out);
  xq::Position p = pos_from(xq::kStartFen);
  p.do_move(mv("h2e2"));
  EXPECT_TRUE(xq::is_legal(p, mv(last(out).substr(9, 4)))) << last(out);
  EXPECT_EQ(t.send({"quit"}), std::vector<std::string>{"bye"});
}

TEST(Ucci, BanmovesNobestmoveAndStop) {
  Transcript t;
  t.send({"ucci", "setoption usebook false"});
  auto out = t.send({"position fen 4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1", "banmoves i0i9 i0i8", "go depth 3"});
  const std::string best = last(out);
  EXPECT_NE(best.substr(0, 13), "bestmove i0i9");
  EXPECT_NE(best.substr(0, 13), "bestmove i0i8");
  out = t.send({"position fen 3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1", "go depth 3"});
  EXPECT_EQ(last(out), "nobestmove");
  t.send({"position startpos"});
  t.protocol().handle("go");
  out = t.send({"stop"});
  EXPECT_EQ(last(out).rfind("bestmove ", 0), 0u);
  out = t.send({"position startpos", "go time 300 increment 0"});
  EXPECT_EQ(last(out).rfind("bestmove ", 0), 0u);
}

TEST(Ucci, GarbageIsReportedAndIgnored) {
  Transcript t;
  t.send({"ucci", "setoption usebook false", "position startpos moves h2e2"});
  auto out = t.send({"flibber"});
  EXPECT_EQ(out, std::vector<std::string>{"info string unknown command 'flibber'"});
  out = t.send({"position fen rnbakabnr/9/1c5c1 w"});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NE(out[0].find("bad FEN"), std::string::npos);
  out = t.send({"position startpos moves h2e2 h2e2"});
  EXPECT_NE(out[0].find("'h2e2' is not legal"), std::string::npos);
  out = t.send({"position", "go depth", "go depth x", "go sideways 3", "setoption hashsize lots", "setoption",
                "setoption usebook maybe", "setoption colour red", "banmoves zz99"});
  EXPECT_EQ(out.size(), 9u);
  for (auto& l : out) EXPECT_EQ(l.rfind("info string ", 0), 0u) << l;
  // The position is still the one after h2e2: black to move.
  out = t.send({"fen"});
  EXPECT_NE(out[0].find(" b "), std::string::npos) << out[0];
  out = t.send({"go depth 2"});
  xq::Position p = pos_from(xq::kStartFen);
  p.do_move(mv("h2e2"));
  EXPECT_TRUE(xq::is_legal(p, mv(last(out).substr(9, 4))));
  EXPECT_TRUE(t.send({"", "   ", "\r"}).empty());
}

TEST(Uci, AStopAfterAFailHighSaysLowerbound) {
  // As Search.AStopAfterAFailHighReportsALowerBound: stopped while d0d4 is
  // searched again above the window it beat, the last report is a bound. Over
  // a range of node budgets, so a pruning change cannot move the event away.
  const char* const position = "position fen 2b1k4/4a2C1/4b1n2/p8/2P1P3P/6B2/Pr7/4BA3/2n6/3c1K3 b - - 1 44";
  Transcript uci, ucci;  // UCCI has no bound in its info lines
  uci.send({"uci", "setoption name Hash value 16", "setoption name UseBook value false"});
  ucci.send({"ucci", "setoption hashsize 16", "setoption usebook false"});
  int bounds = 0;
  for (int nodes = 30000; nodes <= 300000; nodes += 15000) {
    const std::string go = "go nodes " + std::to_string(nodes);
    uci.send({"setoption name Clear Hash"});
    auto out = uci.send({position, go});
    ASSERT_GE(out.size(), 2u);
    const std::string& best = last(out);
    ASSERT_EQ(best.rfind("bestmove ", 0), 0u) << best;
    const std::string& info = out[out.size() - 2];
    if (info.find(" lowerbound time ") != std::string::npos) {
      ++bounds;
      EXPECT_EQ(info.substr(info.size() - 8), " pv " + best.substr(9, 4)) << info << " / " << best;
      EXPECT_EQ(best.find(" ponder "), std::string::npos) << "a cut is no line: no ponder move";
    }
    ucci.send({"setoption newgame"});
    out = ucci.send({position, go});
    ASSERT_GE(out.size(), 2u);
    for (const std::string& l : out) EXPECT_EQ(l.find("bound"), std::string::npos) << l;
  }
  EXPECT_GT(bounds, 0) << "no budget stopped the search between a fail high and its research";
}

TEST(Uci, HandshakeScoresAndMate) {
  Transcript t;
  auto out = t.send({"uci"});
  EXPECT_EQ(last(out), "uciok");
  EXPECT_TRUE(has_prefix(out, "option name Hash type spin"));
  EXPECT_TRUE(has_prefix(out, "option name UseBook type check"));
  EXPECT_TRUE(t.send({"setoption name Hash value 8", "setoption name UseBook value false",
                      "setoption name Randomness value 0", "ucinewgame"})
                  .empty());
  out = t.send({"position startpos moves h2e2 h9g7", "go depth 3"});
  EXPECT_TRUE(has_prefix(out, "info depth 3 seldepth "));
  bool cp = false;
  for (auto& l : out) cp |= l.find(" score cp ") != std::string::npos;
  EXPECT_TRUE(cp);
  out = t.send({"position fen 3k5/9/2R6/9/9/9/9/9/9/4K4 w - - 0 1", "go depth 3"});
  EXPECT_TRUE(has_prefix(out, "info depth 3 seldepth ")) ;
  bool mate = false;
  for (auto& l : out) mate |= l.find(" score mate 1 ") != std::string::npos;
  EXPECT_TRUE(mate);
  EXPECT_EQ(last(out), "bestmove c7d7");
  out = t.send({"position startpos", "go wtime 2000 btime 2000 winc 0 binc 0"});
  EXPECT_EQ(last(out).rfind("bestmove ", 0), 0u);
  out = t.send({"position fen 3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1", "go depth 2"});
  EXPECT_EQ(last(out), "bestmove (none)");
  out = t.send({"setoption name Nonsense value 3"});
  EXPECT_EQ(out, std::vector<std::string>{"info string setoption: unknown option 'Nonsense'"});
}

TEST(Ucci, BookMovesAndABadBookFile) {
  Transcript t;
  t.send({"ucci", "setoption usebook true"});
  auto out = t.send({"position startpos", "go depth 3"});
  ASSERT_GE(out.size(), 2u);
  EXPECT_EQ(out[out.size() - 2], "info string book move");
  xq::Position p = pos_from(xq::kStartFen);
  EXPECT_TRUE(xq::is_legal(p, mv(last(out).substr(9, 4))));
  out = t.send({"setoption bookfiles /nonexistent/x.book", "position startpos", "go depth 2"});
  ASSERT_GE(out.size(), 2u);
  EXPECT_NE(out[0].find("cannot open book file /nonexistent/x.book"), std::string::npos) << out[0];
  EXPECT_EQ(last(out).rfind("bestmove ", 0), 0u);
  out = t.send({"go depth 2"});
  for (auto& l : out) EXPECT_EQ(l.find("cannot open"), std::string::npos) << "the warning comes once";
}

TEST(Uci, SeedRepeatsBookChoicesAndDefaultsToRandom) {
  // The same seed gives the same sequence of book moves in two engines.
  auto book_moves = [](const std::string& seed_line) {
    Transcript t;
    t.send({"uci", "setoption name UseBook value true", seed_line});
    std::string moves;
    for (int i = 0; i < 8; ++i) moves += last(t.send({"position startpos", "go depth 3"})) + ";";
    return moves;
  };
  EXPECT_EQ(book_moves("setoption name Seed value 12345"), book_moves("setoption name Seed value 12345"));
  // Unseeded engines differ between processes: 8 book choices from the start,
  // twenty engines, at least two different sequences.
  std::set<std::string> seen;
  for (int i = 0; i < 20; ++i) seen.insert(book_moves("isready"));
  EXPECT_GT(seen.size(), 1u) << "every new engine played the same book moves";
  Transcript t;
  auto out = t.send({"uci", "setoption name Seed value -4"});
  EXPECT_NE(last(out).find("is not a number from 0 up"), std::string::npos) << last(out);
}

TEST(Uci, MultiPvReportsEachLineAndAnalysisSkipsTheBook) {
  Transcript t;
  t.send({"uci"});
  auto out = t.send({"setoption name MultiPV value 0"});
  EXPECT_EQ(out, std::vector<std::string>{"info string setoption MultiPV: value '0' is not a number from 1 to 16"});
  EXPECT_TRUE(t.send({"setoption name MultiPV value 3"}).empty());
  // The book is on, but several lines want a search: no "book move".
  out = t.send({"position startpos", "go depth 4"});
  EXPECT_FALSE(has_prefix(out, "info string book move"));
  std::vector<std::string> depth4;
  for (auto& l : out)
    if (l.rfind("info depth 4 ", 0) == 0) depth4.push_back(l);
  ASSERT_EQ(depth4.size(), 3u);
  std::vector<std::string> firsts;
  for (size_t k = 0; k < 3; ++k) {
    EXPECT_NE(depth4[k].find(" multipv " + std::to_string(k + 1) + " score cp "), std::string::npos) << depth4[k];
    const size_t pv = depth4[k].find(" pv ");
    ASSERT_NE(pv, std::string::npos);
    firsts.push_back(depth4[k].substr(pv + 4, 4));
  }
  EXPECT_NE(firsts[0], firsts[1]);
  EXPECT_NE(firsts[1], firsts[2]);
  EXPECT_NE(firsts[0], firsts[2]);
  EXPECT_EQ(last(out).substr(0, 13), "bestmove " + firsts[0]);
  // UCCI names the option in its own style.
  Transcript u;
  EXPECT_TRUE(has_prefix(u.send({"ucci"}), "option multipv type spin min 1 max 16 default 1"));
}

// UCI_LimitStrength and UCI_Elo (UCCI: limitstrength, elo): a level of the
// skill ladder searches no deeper than its depth, and its move is one of its
// candidate lines; a value off the scale is named and changes nothing.
TEST(Uci, LimitStrengthPlaysALevelOfTheLadder) {
  Transcript t;
  const auto hello = t.send({"uci"});
  EXPECT_TRUE(has_prefix(hello, "option name UCI_LimitStrength type check default false"));
  EXPECT_TRUE(has_prefix(hello, "option name UCI_Elo type spin default 3260 min 800 max 3260"));
  EXPECT_EQ(t.send({"setoption name UCI_Elo value 100"}),
            std::vector<std::string>{"info string setoption UCI_Elo: value '100' is not a number from 800 to 3260"});
  EXPECT_TRUE(t.send({"setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1400",
                      "setoption name UseBook value false"}).empty());
  const xq::Skill& skill = xq::skill_for_elo(1400);
  EXPECT_EQ(skill.level, 3);
  const auto out = t.send({"position startpos", "go movetime 2000"});
  std::set<std::string> candidates;
  int deepest = 0;
  for (const auto& l : out) {
    if (l.rfind("info depth ", 0) != 0) continue;
    deepest = std::max(deepest, std::stoi(l.substr(11)));
    if (const size_t pv = l.find(" pv "); pv != std::string::npos && l.rfind("info depth " + std::to_string(skill.depth) + " ", 0) == 0)
      candidates.insert(l.substr(pv + 4, 4));
  }
  EXPECT_EQ(deepest, skill.depth);
  EXPECT_EQ(candidates.size(), size_t(skill.multipv));
  ASSERT_EQ(last(out).substr(0, 9), "bestmove ");
  EXPECT_TRUE(candidates.count(last(out).substr(9, 4))) << last(out);
  Transcript u;
  const auto ucci = u.send({"ucci"});
  EXPECT_TRUE(has_prefix(ucci, "option limitstrength type check default false"));
  EXPECT_TRUE(has_prefix(ucci, "option elo type spin min 800 max 3260 default 3260"));
}

// The upper levels stop at their node count, far short of a long move time:
// a fraction of a ply between the whole-ply steps (engine/skill.cpp). A level
// searches on one thread whatever Threads says, so it plays the same anywhere.
TEST(Uci, AnUpperLevelStopsAtItsNodeCount) {
  const xq::Skill* level = nullptr;  // the one with the most nodes: helpers would add the more
  for (int l = 1; l <= xq::kSkillLevels; ++l)
    if (xq::skill_level(l).nodes) level = &xq::skill_level(l);
  ASSERT_NE(level, nullptr);
  Transcript t;
  t.send({"uci"});
  EXPECT_TRUE(t.send({"setoption name Threads value 2", "setoption name UCI_LimitStrength value true",
                      "setoption name UCI_Elo value " + std::to_string(level->elo), "setoption name UseBook value false"})
                  .empty());
  const auto out = t.send({"position startpos", "go movetime 600000"});
  uint64_t nodes = 0;
  for (const auto& l : out)
    if (const size_t n = l.find(" nodes "); l.rfind("info depth ", 0) == 0 && n != std::string::npos)
      nodes = std::stoull(l.substr(n + 7));
  ASSERT_EQ(last(out).substr(0, 9), "bestmove ");
  EXPECT_GT(nodes, level->nodes / 10) << "it searched";
  EXPECT_LE(nodes, level->nodes + 1024) << "past its node count";
}

TEST(Uci, ThreadsOptionSearchesWithHelpers) {
  Transcript t;
  EXPECT_TRUE(has_prefix(t.send({"uci"}), "option name Threads type spin default 1 min 1 max 64"));
  auto out = t.send({"setoption name Threads value 0"});
  EXPECT_EQ(out, std::vector<std::string>{"info string setoption Threads: value '0' is not a number from 1 to 64"});
  out = t.send({"setoption name Threads value many"});
  EXPECT_EQ(last(out), "info string setoption Threads: value 'many' is not a number from 1 to 64");
  EXPECT_TRUE(t.send({"setoption name Threads value 2"}).empty());
  out = t.send({"position fen 1CRaka1RC/6c2/4b4/1N2p4/p5p2/5cP2/P7P/4B4/4A4/2B1K4 w - - 5 34", "go depth 8"});
  EXPECT_TRUE(has_prefix(out, "info depth 8 seldepth")) << last(out);
  bool mate3 = false;
  for (auto& l : out) mate3 = mate3 || (l.rfind("info depth 8 ", 0) == 0 && l.find(" score mate 3 ") != std::string::npos);
  EXPECT_TRUE(mate3);
  EXPECT_EQ(last(out).rfind("bestmove ", 0), 0u) << last(out);
  // UCCI names it in its own style.
  Transcript u;
  EXPECT_TRUE(has_prefix(u.send({"ucci"}), "option threads type spin min 1 max 64 default 1"));
  EXPECT_TRUE(u.send({"setoption threads 2"}).empty());
  out = u.send({"setoption threads 65"});
  EXPECT_EQ(last(out), "info string setoption threads: value '65' is not a number from 1 to 64");
  out = u.send({"position startpos", "go depth 3"});
  EXPECT_EQ(last(out).rfind("bestmove ", 0), 0u) << last(out);
}

namespace {

// Handles lines without waiting, then waits (bounded) until `done` holds.
template <class F>
bool wait_until(F done) {
  for (int i = 0; i < 20000; ++i) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

}  // namespace

TEST(Uci, AnInfiniteSearchThatRunsOutOfDepthWaitsForStop) {
  // Mate in 1: the search reaches its last depth in a few milliseconds.
  std::mutex m;
  std::vector<std::string> lines;
  xq::Protocol p([&](const std::string& l) {
    std::lock_guard<std::mutex> lock(m);
    lines.push_back(l);
  });
  p.handle("uci");
  p.handle("setoption name UseBook value false");
  p.handle("position fen 3k5/9/9/9/9/9/9/9/9/4K1R2 w - - 0 1");
  p.handle("go infinite");
  auto printed = [&](const std::string& prefix) {
    std::lock_guard<std::mutex> lock(m);
    return has_prefix(lines, prefix);
  };
  // Either it waits for stop (right) or it has said bestmove on its own (wrong).
  ASSERT_TRUE(wait_until([&] { return p.search_waits_for_stop() || printed("bestmove"); }));
  EXPECT_FALSE(printed("bestmove")) << "an infinite search gave bestmove before stop";
  EXPECT_TRUE(printed("info depth 1 seldepth"));
  p.handle("stop");
  EXPECT_TRUE(printed("bestmove g0g8"));
}

TEST(Uci, APonderSearchThatRunsOutOfDepthWaitsForPonderhit) {
  std::mutex m;
  std::vector<std::string> lines;
  xq::Protocol p([&](const std::string& l) {
    std::lock_guard<std::mutex> lock(m);
    lines.push_back(l);
  });
  auto printed = [&](const std::string& prefix) {
    std::lock_guard<std::mutex> lock(m);
    return has_prefix(lines, prefix);
  };
  p.handle("uci");
  p.handle("setoption name UseBook value false");
  p.handle("position fen 3k5/9/9/9/9/9/9/9/9/4K1R2 w - - 0 1");
  p.handle("go ponder wtime 1000 btime 1000");
  ASSERT_TRUE(wait_until([&] { return p.search_waits_for_stop() || printed("bestmove"); }));
  EXPECT_FALSE(printed("bestmove")) << "a ponder search gave bestmove before ponderhit";
  p.handle("ponderhit");
  ASSERT_TRUE(wait_until([&] { return printed("bestmove"); }));
  EXPECT_TRUE(printed("bestmove g0g8"));
  p.wait();
}

TEST(Uci, EndOfInputEndsAnInfiniteSearchWithItsMove) {
  Transcript t;
  t.send({"uci", "setoption name UseBook value false"});
  // send() ends with wait(), which is what the program does at end of input.
  const auto out = t.send({"position startpos", "go infinite"});
  EXPECT_EQ(last(out).rfind("bestmove ", 0), 0u) << last(out);
}
