// Outside engines through ExternalEngine: a scripted fake for every failure,
// and our own engine program as a real one.
#include <unistd.h>
#include <signal.h>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>
#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <thread>

#include "engine_option.h"
#include "external_engine.h"
#include "test_util.h"

namespace {

std::string fake(const std::string& mode) { return std::string("bash ") + XQ_TEST_DATA + "/data/fake_engine.sh " + mode; }

// Waits for the result (an event, not a time: the bound is only a safety net).
std::optional<xq::SearchResult> wait_result(xq::ExternalEngine& e) {
  e.wait_done(30000);
  return e.result();
}

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

xq::Limits infinite() {
  xq::Limits l;
  l.infinite = true;
  return l;
}

xq::Limits movetime(int ms) {
  xq::Limits l;
  l.movetime_ms = ms;
  return l;
}

// Runs the fake engine in a failing mode for one search from the start: the
// search must end with no move; returns the engine's failure().
std::string failure_of(const std::string& mode, int grace_ms = 5000) {
  xq::ExternalEngine e;
  std::string err;
  EXPECT_TRUE(e.open(fake(mode), &err)) << err;
  e.set_grace_ms(grace_ms);
  e.start(pos_from(xq::kStartFen), movetime(50));
  const auto r = wait_result(e);
  EXPECT_TRUE(r.has_value());
  if (r) {
    EXPECT_EQ(r->best, xq::kNoMove);
  }
  return e.failure();
}

}  // namespace

TEST(ExternalEngine, SpeaksUciAndReportsItsLines) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(fake("good"), &err)) << err;
  EXPECT_EQ(e.name(), "Fake good");
  EXPECT_EQ(e.protocol(), "uci");
  xq::SearchOptions o;
  o.multipv = 2;
  e.start(pos_from(xq::kStartFen), movetime(100), o);
  const auto r = wait_result(e);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->best, mv("h2e2"));
  EXPECT_EQ(e.failure(), "");
  const xq::SearchInfo info = e.info();
  EXPECT_EQ(info.depth, 2);
  EXPECT_EQ(info.score, 7);
  EXPECT_EQ(info.pv, (std::vector<xq::Move>{mv("h2e2"), mv("h9g7")}));
  ASSERT_EQ(info.lines.size(), 2u);
  EXPECT_EQ(info.lines[1].score, 3);
  // The second line stops at the move that cannot be read.
  EXPECT_EQ(info.lines[1].pv, (std::vector<xq::Move>{mv("b2e2"), mv("b9c7")}));
}

TEST(ExternalEngine, FairyStockfishRanksFromOneAreConverted) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(fake("ranks1"), &err)) << err;
  xq::Position p = pos_from(xq::kStartFen);
  p.do_move(mv("h2e2"));  // the history goes as "moves h3e3"
  e.start(p, movetime(100));
  const auto r = wait_result(e);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->best, mv("h9g7")) << e.failure();
  EXPECT_EQ(r->ponder, mv("h0g2"));
  EXPECT_EQ(xq::mate_in_moves(e.info().score), 2);
}

TEST(ExternalEngine, FallsBackToUcciWhenUciIsNotAnswered) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(fake("ucci-only"), &err, 1000)) << err;
  EXPECT_EQ(e.protocol(), "ucci");
  e.start(pos_from(xq::kStartFen), movetime(50));
  const auto r = wait_result(e);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->best, mv("h2e2"));
}

TEST(ExternalEngine, AMissingProgramIsNamed) {
  xq::ExternalEngine e;
  std::string err;
  EXPECT_FALSE(e.open("/nonexistent/engine-program", &err, 1000));
  EXPECT_NE(err.find("/nonexistent/engine-program"), std::string::npos) << err;
  EXPECT_NE(e.failure(), "");
}

TEST(ExternalEngine, ACrashIsAFailureWithTheEnginesLastWords) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(fake("crash"), &err)) << err;
  e.start(pos_from(xq::kStartFen), movetime(100));
  const auto r = wait_result(e);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->best, xq::kNoMove);
  EXPECT_NE(e.failure().find("quit unexpectedly"), std::string::npos) << e.failure();
  EXPECT_NE(e.failure().find("network file"), std::string::npos) << e.failure();
  // Once failed, later searches end at once with no move.
  e.start(pos_from(xq::kStartFen), movetime(100));
  const auto again = wait_result(e);
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->best, xq::kNoMove);
}

TEST(ExternalEngine, AHangPastItsTimeIsAFailure) {
  const std::string why = failure_of("hang", 100);
  EXPECT_NE(why.find("did not answer within 150 ms"), std::string::npos) << why;
}

TEST(ExternalEngine, AnIllegalMoveIsAFailure) {
  const std::string why = failure_of("illegal");
  EXPECT_NE(why.find("illegal move 'a0a5'"), std::string::npos) << why;
}

TEST(ExternalEngine, OurOwnProgramAnalysesSeveralLinesUntilStopped) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(XQ_ENGINE_PROGRAM, &err, 30000)) << err;  // generous: sanitizer builds start slowly
  EXPECT_EQ(e.name(), "Qianli 0.3");
  xq::Position p = pos_from(xq::kStartFen);
  p.do_move(mv("h2e2"));
  xq::Limits l;
  l.infinite = true;
  xq::SearchOptions o;
  o.multipv = 3;
  e.start(p, l, o);
  for (int i = 0; i < 4000 && e.info().depth < 5; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_FALSE(e.done()) << "an infinite analysis runs until stopped";
  e.stop();
  const auto r = wait_result(e);
  ASSERT_TRUE(r.has_value());
  EXPECT_TRUE(xq::is_legal(p, r->best));
  const xq::SearchInfo info = e.info();
  EXPECT_GE(info.depth, 5);
  ASSERT_EQ(info.lines.size(), 3u);
  EXPECT_NE(info.lines[0].pv[0], info.lines[1].pv[0]);
  EXPECT_EQ(e.failure(), "");
}

TEST(ExternalEngine, AnEngineThatIgnoresStopIsFailedWithoutTheCallerWaiting) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(fake("hang"), &err)) << err;
  e.set_stop_grace_ms(300);
  e.start(pos_from(xq::kStartFen), infinite());
  const auto t0 = std::chrono::steady_clock::now();
  e.stop();  // returns at once: the worker waits for the answer, not the caller
  EXPECT_LT(ms_since(t0), 100.0);
  EXPECT_FALSE(e.done());
  const auto r = wait_result(e);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->best, xq::kNoMove);
  EXPECT_FALSE(e.running());
  EXPECT_NE(e.failure().find("did not stop when asked"), std::string::npos) << e.failure();
}

TEST(ExternalEngine, AStoppedAnalysisAnswersLaterWithItsMove) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(fake("slow"), &err)) << err;
  e.start(pos_from(xq::kStartFen), infinite());
  e.stop();
  const auto r = wait_result(e);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->best, mv("h2e2"));
  EXPECT_EQ(e.failure(), "");
}

TEST(ExternalEngine, ANewSearchOvertakesTheRunningOneWhoseResultNeverShows) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(fake("slow"), &err)) << err;
  std::promise<void> searching;
  std::atomic<bool> told{false};
  const uint64_t first = e.start(pos_from(xq::kStartFen), infinite(), {}, [&](const xq::SearchInfo&) {
    if (!told.exchange(true)) searching.set_value();
  });
  ASSERT_EQ(searching.get_future().wait_for(std::chrono::seconds(30)), std::future_status::ready);
  xq::Position p = pos_from(xq::kStartFen);
  p.do_move(mv("h2e2"));
  const uint64_t second = e.start(p, infinite());  // as analysis does on every move browsed
  EXPECT_GT(second, first);
  EXPECT_FALSE(e.done()) << "the first search's answer is not the second's";
  e.stop();
  ASSERT_TRUE(e.wait_done(30000));
  EXPECT_EQ(e.generation(), second);
  EXPECT_EQ(e.failure(), "");
  const auto r = e.result();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->best, mv("h9g7")) << "the answer to the second position";
}

TEST(ExternalEngine, DestroyingItNeverWaitsForTheProgram) {
  std::string err;
  auto gone = std::make_unique<xq::ExternalEngine>();
  ASSERT_TRUE(gone->open(fake("hang"), &err)) << err;
  gone->start(pos_from(xq::kStartFen), infinite());
  const auto t0 = std::chrono::steady_clock::now();
  gone.reset();  // a hung engine: the old destructor waited 250 ms, then 500 ms more
  EXPECT_LT(ms_since(t0), 100.0);
}

TEST(ExternalEngine, NumbersPastAnyIntegerAreHeldInRange) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(fake("hugemate"), &err)) << err;
  e.start(pos_from(xq::kStartFen), movetime(100));
  const auto r = wait_result(e);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->best, mv("h2e2")) << e.failure();
  const xq::SearchInfo info = e.info();
  EXPECT_TRUE(xq::is_mate_score(info.score));
  EXPECT_LT(info.score, 0) << "the last line: mated";
  EXPECT_EQ(info.depth, 10);
}

// --- ElephantEye, xboard engines, positions an engine refuses (issue 41) ---

namespace {

std::string script(const std::string& name, const std::string& mode = "") {
  return std::string("bash ") + XQ_TEST_DATA + "/data/" + name + (mode.empty() ? "" : " " + mode);
}

// One search from pos; the engine's result (nullopt on a time-out).
std::optional<xq::SearchResult> one_search(xq::ExternalEngine& e, const xq::Position& pos, const xq::Limits& l,
                                           const xq::SearchOptions& so = {}) {
  e.start(pos, l, so);
  return wait_result(e);
}

}  // namespace

// No engine outlives the program: one that ignores "quit" and SIGTERM, left
// running when the program ends (the window closed while its worker was still
// saying goodbye), is ended at exit.
TEST(ExternalEngine, NoEngineOutlivesTheProgram) {
  const std::string dir = std::filesystem::temp_directory_path().string() + "/xq-outlive-" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  const std::string engine = dir + "/stubborn.sh", pidfile = dir + "/pid";
  {
    std::ofstream f(engine);
    f << "#!/bin/bash\ntrap '' TERM\necho $$ > " << pidfile << "\n"
      << "while read -r l; do case \"$l\" in uci) echo 'id name Stubborn'; echo uciok;; isready) echo readyok;; esac; done\n"
      << "while true; do sleep 1; done\n";  // after its input ends it still does not go
  }
  const pid_t program = fork();
  ASSERT_GE(program, 0);
  if (program == 0) {  // the program: opens the engine and ends without closing it
    // Never destroyed, as at a sudden end (kept in a static: no leak report at exit).
    static xq::ExternalEngine* e = new xq::ExternalEngine;
    std::string err;
    if (!e->open("bash " + engine, &err)) _exit(3);
    std::exit(0);  // atexit handlers run, as when main returns
  }
  int status = 0;
  ASSERT_EQ(waitpid(program, &status, 0), program);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the program could not open the engine";
  std::ifstream in(pidfile);
  pid_t engine_pid = 0;
  ASSERT_TRUE(in >> engine_pid);
  // Gone, or at most a zombie waiting for init: no longer running.
  auto running = [&] {
    std::ifstream stat("/proc/" + std::to_string(engine_pid) + "/stat");
    std::string pid, name, state;
    return bool(stat >> pid >> name >> state) && state != "Z";
  };
  EXPECT_FALSE(running()) << "engine " << engine_pid << " outlived the program";
  if (running()) kill(engine_pid, SIGKILL);
  std::filesystem::remove_all(dir);
}

TEST(ExternalEngine, ElephantEyeQuitsOnUciSoUcciIsTriedInAFreshProcess) {
  xq::ExternalEngine e;
  std::string err;
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_TRUE(e.open(script("fake_eleeye.sh"), &err)) << err;
  EXPECT_LT(ms_since(t0), 1500) << "an engine that quit on 'uci' is restarted at once, not waited for";
  EXPECT_EQ(e.protocol(), "ucci");
  EXPECT_EQ(e.name(), "ElephantEye 3.31 (fake)");
  xq::Limits clock;
  clock.time_left_ms = 60000;
  clock.increment_ms = 2000;
  auto r = one_search(e, pos_from(xq::kStartFen), clock);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(xq::move_to_iccs(r->best), "h2e2") << e.failure();
  xq::SearchOptions so;  // UCCI banmoves reach it
  so.banned = {mv("h2e2")};
  r = one_search(e, pos_from(xq::kStartFen), clock, so);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(xq::move_to_iccs(r->best), "b2e2") << e.failure();
  EXPECT_EQ(e.failure(), "");
  xq::Position after = pos_from(xq::kStartFen);
  after.do_move(mv("h2e2"));
  r = one_search(e, after, movetime(100));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(xq::move_to_iccs(r->best), "h9g7") << "the moves from 'startpos' reached it: " << e.failure();
}

TEST(ExternalEngine, ElephantEyesNobestmoveInAPositionWithMovesIsAFailure) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(script("fake_eleeye.sh"), &err)) << err;
  xq::SearchOptions so;
  so.banned = {mv("h2e2"), mv("b2e2"), mv("h0g2")};
  const auto r = one_search(e, pos_from(xq::kStartFen), movetime(50), so);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->best, xq::kNoMove);
  EXPECT_NE(e.failure().find("gave no move"), std::string::npos) << e.failure();
}

TEST(ExternalEngine, AProgramThatAnswersNoProtocolIsNamedAfterAllThree) {
  xq::ExternalEngine e;
  std::string err;
  EXPECT_FALSE(e.open("cat", &err, 2500));
  EXPECT_NE(err.find("did not answer uci, ucci or xboard"), std::string::npos) << err;
}

// A program that says nothing at all (here `sleep`): after the first
// protocol's full wait the other two get 1.5 s and 2 s, so the player hears
// of it after about 11 s with a 6 s wait (each process's end included), not 19.
TEST(ExternalEngine, AProgramThatSaysNothingIsGivenUpSooner) {
  xq::ExternalEngine e;
  std::string err;
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_FALSE(e.open("sleep 60", &err, 6000));
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_NE(err.find("did not answer uci, ucci or xboard"), std::string::npos) << err;
  EXPECT_LT(s, 15.0) << "three full waits would be 18 s";
  EXPECT_GE(s, 6.0) << "the first protocol has its whole wait";
}

TEST(ExternalEngine, AnXboardEnginePlaysFromTheStartAndFromASetUpPosition) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(script("fake_xboard.sh", "good"), &err)) << err;
  EXPECT_EQ(e.protocol(), "xboard");
  EXPECT_EQ(e.name(), "Fake xboard good");
  auto r = one_search(e, pos_from(xq::kStartFen), movetime(100));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(xq::move_to_iccs(r->best), "h2e2") << e.failure();
  EXPECT_EQ(r->depth, 2) << "its post lines are read";
  EXPECT_EQ(r->score, 7);
  EXPECT_EQ(xq::move_to_iccs(r->ponder), "h9g7");
  xq::Position after = pos_from(xq::kStartFen);
  after.do_move(mv("h2e2"));
  r = one_search(e, after, movetime(100));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(xq::move_to_iccs(r->best), "h9g7") << "the game's moves went as usermove: " << e.failure();
  EXPECT_EQ(r->score, -12);
  r = one_search(e, pos_from("3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1"), movetime(100));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(xq::move_to_iccs(r->best), "e1e2") << "a set-up position went by setboard: " << e.failure();
  EXPECT_EQ(e.failure(), "");
}

// Its options, and xboard's "cores" shown as Threads (its own Hash option
// stands for "memory", so that is not shown twice).
TEST(ExternalEngine, AnXboardEnginesOptionsIncludeItsCores) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(script("fake_xboard.sh", "good"), &err)) << err;
  std::vector<std::string> names, commands;
  for (const auto& o : e.options()) names.push_back(o.name), commands.push_back(o.command);
  EXPECT_EQ(names, (std::vector<std::string>{"Hash", "Book", "Threads"}));
  EXPECT_EQ(commands, (std::vector<std::string>{"", "", "cores"}));
  EXPECT_EQ(xq::engine_option_command(e.options()[2], "2", "xboard"), "cores 2");
  EXPECT_EQ(xq::engine_option_command(e.options()[0], "32", "xboard"), "option Hash=32");
}

TEST(ExternalEngine, AnXboardAnalysisEndsWithExitAndItsBestLine) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(script("fake_xboard.sh", "analyze"), &err)) << err;
  std::promise<void> deep;
  std::atomic<bool> told{false};
  e.start(pos_from(xq::kStartFen), infinite(), {}, [&](const xq::SearchInfo& i) {
    if (i.depth == 2 && !told.exchange(true)) deep.set_value();
  });
  ASSERT_EQ(deep.get_future().wait_for(std::chrono::seconds(20)), std::future_status::ready)
      << "post lines arrive while it analyses";
  EXPECT_FALSE(e.done()) << "an analysis goes on until stopped";
  e.stop();
  const auto r = wait_result(e);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(xq::move_to_iccs(r->best), "b2e2");
  EXPECT_EQ(e.failure(), "");
}

// MaxQi says nothing of "analyze" (whose default is yes) and then refuses it.
TEST(ExternalEngine, AnXboardEngineThatRefusesAnalyzeAnalysesWithGoUntilAsked) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(script("fake_xboard.sh", "noanalyze"), &err)) << err;
  for (int round = 0; round < 2; ++round) {  // the second time it is not asked to analyze at all
    std::promise<void> deep;
    std::atomic<bool> told{false};
    e.start(pos_from(xq::kStartFen), infinite(), {}, [&](const xq::SearchInfo& i) {
      if (i.depth == 2 && !told.exchange(true)) deep.set_value();
    });
    ASSERT_EQ(deep.get_future().wait_for(std::chrono::seconds(20)), std::future_status::ready) << "round " << round;
    EXPECT_FALSE(e.done()) << "it thinks until stopped";
    e.stop();
    const auto r = wait_result(e);
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(xq::move_to_iccs(r->best), "b2e2");
    EXPECT_EQ(e.failure(), "");
  }
}

TEST(ExternalEngine, XboardFailuresAreNamed) {
  auto xboard_failure = [](const std::string& mode, const std::string& fen) {
    xq::ExternalEngine e;
    std::string err;
    EXPECT_TRUE(e.open(script("fake_xboard.sh", mode), &err)) << err;
    const auto r = one_search(e, pos_from(fen), movetime(50));
    EXPECT_TRUE(r.has_value());
    if (r) {
      EXPECT_EQ(r->best, xq::kNoMove) << mode;
    }
    return e.failure();
  };
  const std::string set_up = "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1";
  std::string why = xboard_failure("nosetboard", set_up);
  EXPECT_NE(why.find("no setboard"), std::string::npos) << why;
  why = xboard_failure("illegal", xq::kStartFen);
  EXPECT_NE(why.find("illegal move"), std::string::npos) << why;
  xq::Position after = pos_from(xq::kStartFen);
  after.do_move(mv("h2e2"));
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(script("fake_xboard.sh", "complain"), &err)) << err;
  ASSERT_TRUE(one_search(e, after, movetime(50)).has_value());
  EXPECT_NE(e.failure().find("refused the position: 'Illegal move: h2e2'"), std::string::npos) << e.failure();
  EXPECT_FALSE(xq::ExternalEngine().open(script("fake_xboard.sh", "chess"), &err));
  EXPECT_NE(err.find("does not play xiangqi"), std::string::npos) << err;
}

TEST(ExternalEngine, AnXboardResignationIsAResultNotAFailure) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(script("fake_xboard.sh", "resign"), &err)) << err;
  const auto r = one_search(e, pos_from(xq::kStartFen), movetime(50));
  ASSERT_TRUE(r.has_value());
  EXPECT_TRUE(r->resigns);
  EXPECT_EQ(e.failure(), "");
}

TEST(ExternalEngine, AnEngineThatRefusesOurFenIsToldSoAndGetsStartposWhenItCan) {
  xq::ExternalEngine e;
  std::string err;
  ASSERT_TRUE(e.open(fake("fussy"), &err)) << err;
  xq::Position after = pos_from(xq::kStartFen);
  after.do_move(mv("h2e2"));
  auto r = one_search(e, after, movetime(50));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(xq::move_to_iccs(r->best), "h9g7") << "a game from the start goes as 'position startpos moves ...': "
                                                << e.failure();
  r = one_search(e, pos_from("3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1"), movetime(50));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->best, xq::kNoMove);
  EXPECT_NE(e.failure().find("refused the position: 'Error: unknown piece type"), std::string::npos) << e.failure();
}
