// Outside engines through ExternalEngine: a scripted fake for every failure,
// and our own engine program as a real one.
#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <thread>

#include "external_engine.h"
#include "test_util.h"

namespace {

std::string fake(const std::string& mode) { return std::string("bash ") + XQ_TEST_DATA + "/fake_engine.sh " + mode; }

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
  EXPECT_EQ(e.name(), "XiangQi Engine 1.0");
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
