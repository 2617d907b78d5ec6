// The game's state machine, driven by scripted clicks in board coordinates.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "board_view.h"
#include "controller.h"
#include "external_engine.h"
#include "pgn.h"
#include "skill.h"
#include "test_util.h"

namespace {

using xq::Controller;
using xq::SoundId;

xq::Square sq(const char* s) { return xq::move_from(mv(std::string(s) + s)); }

int64_t real_ms() {
  static const auto t0 = std::chrono::steady_clock::now();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
}

// Polls the controller until cond holds (or 5 s pass).
template <class F>
bool wait_until(Controller& c, F cond) {
  for (int i = 0; i < 5000; ++i) {
    c.update(real_ms());
    if (cond()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

xq::ControllerOptions fast() {
  xq::ControllerOptions o;
  o.hash_mb = 8;
  o.movetime_override_ms = 30;
  o.animation_ms = 0;
  o.seed = 7;
  return o;
}

}  // namespace

TEST(Controller, SelectMoveAndComputerAnswer) {
  Controller c(fast());
  c.click(sq("h2"));
  EXPECT_EQ(c.selected(), sq("h2"));
  EXPECT_EQ(c.take_sounds(), std::vector<SoundId>{SoundId::Select});
  EXPECT_EQ(c.targets().size(), 12u);  // the cannon's moves from the start
  c.click(sq("e2"));
  EXPECT_EQ(c.game().ply(), 1);
  EXPECT_FALSE(c.selected());
  EXPECT_EQ(c.take_sounds(), std::vector<SoundId>{SoundId::Move});
  EXPECT_FALSE(c.human_to_move());
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 2; }));
  EXPECT_TRUE(c.human_to_move());
  EXPECT_EQ(c.take_sounds().size(), 1u) << "the computer's move is sounded";
  EXPECT_EQ(c.last_move(), c.game().moves().back());
}

TEST(Controller, IllegalTargetChangesNothing) {
  Controller c(fast());
  c.click(sq("a9"));  // a black piece, nothing selected: ignored
  EXPECT_FALSE(c.selected());
  EXPECT_TRUE(c.take_sounds().empty());
  c.click(sq("b0"));
  c.take_sounds();
  c.click(sq("b4"));  // not a horse move
  EXPECT_EQ(c.take_sounds(), std::vector<SoundId>{SoundId::Illegal});
  EXPECT_EQ(c.refusal(0), "这个棋子走不到那里") << "a sign without sound";
  EXPECT_EQ(c.refused_target(), sq("b4")) << "and the point is marked on the board";
  c.click(sq("a0"));
  c.click(sq("a4"));  // the rook is blocked by its own pawn
  EXPECT_EQ(c.refusal(0), "这个棋子走不到那里");
  c.click(sq("b0"));
  c.take_sounds();
  EXPECT_EQ(c.selected(), sq("b0"));
  EXPECT_EQ(c.game().ply(), 0);
  c.click(sq("h0"));  // another own piece reselects
  EXPECT_EQ(c.selected(), sq("h0"));
  EXPECT_EQ(c.take_sounds(), std::vector<SoundId>{SoundId::Select});
}

TEST(Controller, CaptureAndCheckSounds) {
  Controller c(fast());
  c.set_mode(xq::Mode::TwoPlayers);
  c.click(sq("h2"));
  c.click(sq("h9"));  // 炮二进七 takes the horse
  auto s = c.take_sounds();
  EXPECT_EQ(s.back(), SoundId::Capture);
  ASSERT_TRUE(c.new_game("4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1"));
  c.click(sq("i0"));
  c.take_sounds();
  c.click(sq("i9"));
  EXPECT_EQ(c.take_sounds(), std::vector<SoundId>{SoundId::Check});
}

TEST(Controller, MateShowsBannerPlaysResultAndClickRestarts) {
  Controller c(fast());
  ASSERT_TRUE(c.new_game("3k5/9/2R6/9/9/9/9/9/9/4K4 w - - 0 1"));
  c.click(sq("c7"));
  c.take_sounds();
  c.click(sq("d7"));
  EXPECT_TRUE(c.game_over());
  EXPECT_EQ(c.banner(), "将死，红方胜");
  EXPECT_EQ(c.take_sounds(), (std::vector<SoundId>{SoundId::Move, SoundId::Win}));
  c.click(sq("e4"));
  EXPECT_FALSE(c.game_over());
  EXPECT_EQ(c.game().fen(), xq::to_fen(pos_from(xq::kStartFen)));
}

TEST(Controller, LoseSoundWhenTheComputerMates) {
  Controller c(fast());
  c.set_mode(xq::Mode::HumanBlack);
  ASSERT_TRUE(c.new_game("3k5/9/2R6/9/9/9/9/9/9/4K4 w - - 0 1"));
  ASSERT_TRUE(wait_until(c, [&] { return c.game_over(); }));
  auto s = c.take_sounds();
  EXPECT_EQ(s.back(), SoundId::Lose);
  EXPECT_EQ(c.game().verdict().reason, xq::Reason::Checkmate);
}

TEST(Controller, RestartWhileThinkingDropsTheStaleMove) {
  xq::ControllerOptions o = fast();
  o.movetime_override_ms = 300;
  Controller c(o);
  c.click(sq("h2"));
  c.click(sq("e2"));
  c.update(real_ms());
  EXPECT_TRUE(c.thinking());
  c.new_game();
  EXPECT_FALSE(c.thinking());
  // new_game cancels the search, and a cancel joins its thread: nothing of it
  // is left to arrive later, so the next updates show all there is to see.
  c.update(real_ms());
  c.update(real_ms() + 1000);
  EXPECT_EQ(c.game().ply(), 0) << "no move landed on the new board";
}

TEST(Controller, UndoTakesBackBothMoves) {
  Controller c(fast());
  c.click(sq("h2"));
  c.click(sq("e2"));
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 2; }));
  c.undo();
  EXPECT_EQ(c.game().ply(), 0);
  EXPECT_TRUE(c.human_to_move());
  c.redo();
  EXPECT_EQ(c.game().ply(), 2);
  // Undo while the computer thinks: the search stops, the player's move goes.
  c.click(sq("b0"));
  c.click(sq("c2"));
  c.update(real_ms());
  c.undo();
  EXPECT_EQ(c.game().ply(), 2);
  EXPECT_FALSE(c.thinking());
  EXPECT_TRUE(c.human_to_move());
}

TEST(Controller, UndoAsBlackAfterTheComputerOpened) {
  Controller c(fast());
  c.set_mode(xq::Mode::HumanBlack);
  c.new_game();
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 1; }));
  c.undo();
  EXPECT_EQ(c.game().ply(), 0) << "only the computer's opening move";
  c.set_mode(xq::Mode::TwoPlayers);
  c.click(sq("h2"));
  c.click(sq("e2"));
  c.click(sq("h9"));
  c.click(sq("g7"));
  c.undo();
  EXPECT_EQ(c.game().ply(), 1) << "two players: one move at a time";
}

TEST(Controller, UndoAfterTheResult) {
  Controller c(fast());
  ASSERT_TRUE(c.new_game("3k5/9/2R6/9/9/9/9/9/9/4K4 w - - 0 1"));
  c.set_mode(xq::Mode::TwoPlayers);
  c.click(sq("c7"));
  c.click(sq("d7"));
  ASSERT_TRUE(c.game_over());
  c.undo();
  EXPECT_FALSE(c.game_over());
  EXPECT_EQ(c.banner(), "");
  EXPECT_EQ(c.game().ply(), 0);
}

TEST(Controller, ComputerAgainstComputerAndStop) {
  Controller c(fast());
  c.set_mode(xq::Mode::TwoPlayers);
  c.set_mode(xq::Mode::ComputerOnly);
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() >= 4; }));
  c.stop_demo();
  const int ply = c.game().ply();
  EXPECT_EQ(c.mode(), xq::Mode::TwoPlayers);
  for (int i = 0; i < 100; ++i) c.update(real_ms());
  EXPECT_EQ(c.game().ply(), ply);
  EXPECT_TRUE(c.human_to_move());
}

TEST(Controller, StoppingTheDemoGoesBackToThePlayersSide) {
  Controller c(fast());
  c.set_mode(xq::Mode::HumanBlack);
  c.set_mode(xq::Mode::ComputerOnly);
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() >= 2; }));
  c.stop_demo();
  EXPECT_EQ(c.mode(), xq::Mode::HumanBlack) << "not two players: the side the player had";
}

TEST(Controller, LevelsAndHint) {
  Controller c(fast());
  c.set_level(9);
  EXPECT_EQ(c.level(), xq::kLevelCount - 1);
  c.set_level(0);
  EXPECT_EQ(c.level(), 0);
  c.request_hint();
  EXPECT_TRUE(c.hinting());
  ASSERT_TRUE(wait_until(c, [&] { return c.hint() != xq::kNoMove; }));
  EXPECT_TRUE(c.game().is_legal(c.hint()));
  EXPECT_EQ(c.game().ply(), 0) << "a hint is not played";
  c.click(sq("h2"));
  c.click(sq("e2"));
  EXPECT_EQ(c.hint(), xq::kNoMove) << "the hint goes with the next move";
}

// Each level searches as the ladder has it (engine/search/skill.cpp): the lower ones
// to their depth, the upper ones to their node count, the top one without a limit.
TEST(Controller, EachLevelSearchesWithItsLimits) {
  xq::ControllerOptions o = fast();
  o.movetime_override_ms = 0;
  o.book = nullptr;
  for (int level = 0; level < xq::kLevelCount; ++level) {
    Controller c(o);
    c.set_level(level);
    c.set_mode(xq::Mode::HumanBlack);  // the computer plays red, at once
    c.update(real_ms());
    const xq::Skill& s = xq::skill_level(xq::kLevels[level].skill);
    EXPECT_EQ(c.last_search_limits().depth, s.depth) << "level " << level;
    EXPECT_EQ(c.last_search_limits().nodes, s.nodes) << "level " << level;
    EXPECT_EQ(c.last_search_limits().movetime_ms, xq::kLevels[level].movetime_ms) << "level " << level;
  }
  EXPECT_EQ(xq::skill_level(xq::kLevels[xq::kLevelCount - 1].skill).depth, 0) << "the top level is full strength";
  EXPECT_EQ(xq::skill_level(xq::kLevels[xq::kLevelCount - 1].skill).nodes, 0u);
}

TEST(Controller, ReviewKeepsTheGame) {
  Controller c(fast());
  c.set_mode(xq::Mode::TwoPlayers);
  for (const char* m : {"h2", "e2", "h9", "g7", "h0", "g2"}) c.click(sq(m));
  ASSERT_EQ(c.game().ply(), 3);
  c.review(1);
  EXPECT_EQ(c.review_ply(), 1);
  EXPECT_EQ(xq::to_fen(c.shown_position()).substr(0, 20), "rnbakabnr/9/1c5c1/p1");
  EXPECT_EQ(c.shown_position().side(), xq::BLACK);
  EXPECT_EQ(c.last_move(), mv("h2e2"));
  c.click(sq("a0"));  // a click on the board leaves review, nothing else
  EXPECT_EQ(c.review_ply(), -1);
  EXPECT_EQ(c.game().ply(), 3);
  EXPECT_EQ(c.last_move(), mv("h0g2"));
}

TEST(Controller, AnimationDelaysTheComputersMove) {
  xq::ControllerOptions o = fast();
  o.animation_ms = 150;
  Controller c(o);
  c.update(1000);
  c.click(sq("h2"));
  c.click(sq("e2"));
  auto a = c.animation(1075);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->first, mv("h2e2"));
  EXPECT_NEAR(a->second, 0.5f, 0.01f);
  EXPECT_FALSE(c.animation(1150));
  // Let the search finish while the clock stays inside the animation.
  c.update(1100);  // starts the computer's search
  for (int i = 0; i < 60000 && !c.search_result_ready(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_TRUE(c.search_result_ready()) << "the search did not finish within a minute";
  c.update(1100);
  EXPECT_EQ(c.game().ply(), 1) << "the answer waits for the slide";
  c.update(1151);
  EXPECT_EQ(c.game().ply(), 2);
}

TEST(Controller, LoadGameValidatesAndKeepsStateOnError) {
  Controller c(fast());
  c.click(sq("h2"));
  c.click(sq("e2"));
  std::string err;
  EXPECT_FALSE(c.load_game(xq::kStartFen, {mv("h2e2"), mv("h2e2")}, &err));
  EXPECT_NE(err.find("move 2"), std::string::npos);
  EXPECT_EQ(c.game().ply(), 1);
  EXPECT_TRUE(c.load_game(xq::kStartFen, {mv("b2e2"), mv("b9c7")}, &err));
  EXPECT_EQ(c.game().ply(), 2);
}

TEST(BoardView, ClicksMapEitherWay) {
  xq::BoardView v;
  v.layout(800, 616);  // the design size: the board has a 20-high strip of file numbers above and below
  EXPECT_FLOAT_EQ(v.scale(), 1.0f);
  EXPECT_FALSE(v.panel_below());
  float x, y;
  v.square_center(sq("a0"), x, y);
  EXPECT_FLOAT_EQ(x, 36);
  EXPECT_FLOAT_EQ(y, 20 + 540);
  EXPECT_EQ(v.square_at(x + 10, y - 10), sq("a0"));
  EXPECT_FALSE(v.square_at(36 + 28, 560));  // between two points
  v.set_flipped(true);
  EXPECT_EQ(v.square_at(36, 560), sq("i9"));
  v.square_center(sq("e0"), x, y);
  EXPECT_EQ(v.square_at(x, y), sq("e0"));
  EXPECT_FLOAT_EQ(y, 20 + 36);
  // Twice the size: everything scales.
  v.set_flipped(false);
  v.layout(1600, 1232);
  EXPECT_FLOAT_EQ(v.scale(), 2.0f);
  v.square_center(sq("i9"), x, y);
  EXPECT_FLOAT_EQ(x, 2 * (36 + 8 * 56));
  EXPECT_EQ(v.square_at(x, y), sq("i9"));
  // A wide window centres the layout, the board spanning the height.
  v.layout(1000, 616);
  EXPECT_FLOAT_EQ(v.board().x, 100);
  v.layout(1200, 400);
  EXPECT_FALSE(v.panel_below());
  EXPECT_NEAR(v.board().h + 2 * 20 * v.scale(), 400, 1);
}

// A portrait window puts the panel under the board, which spans the width.
TEST(BoardView, PortraitWindowPutsThePanelBelow) {
  xq::BoardView v;
  v.layout(520, 616 + 362);
  EXPECT_TRUE(v.panel_below());
  EXPECT_FLOAT_EQ(v.scale(), 1.0f);
  EXPECT_FLOAT_EQ(v.board().w, 520);
  EXPECT_FLOAT_EQ(v.panel().y, 616);
  EXPECT_FLOAT_EQ(v.panel().w, 520);
  v.layout(600, 900);
  EXPECT_TRUE(v.panel_below());
  EXPECT_GT(v.scale(), 0.9f);  // beside the board it would be 0.75
  EXPECT_GE(v.panel().y, v.board().y + v.board().h);
  float x, y;
  v.square_center(sq("e4"), x, y);
  EXPECT_EQ(v.square_at(x, y), sq("e4"));
}

TEST(Controller, ComputerOpensFromTheBook) {
  xq::Book book;
  ASSERT_TRUE(book.load(XQ_BOOK_FILE, nullptr));
  xq::ControllerOptions o = fast();
  o.book = &book;
  Controller c(o);
  c.set_mode(xq::Mode::HumanBlack);
  c.new_game();
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 1; }));
  xq::Position start = pos_from(xq::kStartFen);
  bool in_book = false;
  for (auto& choice : book.moves(start)) in_book |= choice.move == c.game().moves()[0];
  EXPECT_TRUE(in_book);
}

TEST(Controller, HandicapStarts) {
  EXPECT_EQ(xq::handicap_fen(xq::Handicap::OneHorse, xq::RED),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1");
  EXPECT_EQ(xq::handicap_fen(xq::Handicap::TwoHorses, xq::RED),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w - - 0 1");
  EXPECT_EQ(xq::handicap_fen(xq::Handicap::NinePieces, xq::RED),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1");
  EXPECT_EQ(xq::handicap_fen(xq::Handicap::OneHorse, xq::BLACK),
            "rnbakab1r/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  // Playing red against the computer: the computer (black) gives the odds.
  Controller c(fast());
  c.new_handicap_game(xq::Handicap::TwoHorses);
  EXPECT_EQ(c.game().position().count(xq::BLACK, xq::HORSE), 0);
  EXPECT_EQ(c.game().position().count(xq::RED, xq::HORSE), 2);
  EXPECT_TRUE(c.human_to_move());
  c.set_mode(xq::Mode::TwoPlayers);
  c.new_handicap_game(xq::Handicap::NinePieces);
  EXPECT_EQ(c.game().position().count(xq::RED, xq::PAWN), 0);
}

TEST(Controller, CheckIsShownAndARefusedMoveIsExplained) {
  Controller c(fast());
  c.set_mode(xq::Mode::TwoPlayers);
  ASSERT_TRUE(c.new_game("3k5/9/9/9/9/9/p8/9/9/4K3R w - - 0 1"));
  EXPECT_EQ(c.status(), "红方走棋");
  EXPECT_FALSE(c.king_in_check());
  c.click(sq("i0"));
  c.click(sq("i9"));
  ASSERT_EQ(c.game().ply(), 1);
  EXPECT_EQ(c.status(), "将军！黑方应将");
  ASSERT_TRUE(c.king_in_check());
  EXPECT_EQ(*c.king_in_check(), sq("d9"));
  c.take_sounds();
  c.click(sq("a3"));
  c.click(sq("a2"));  // a pawn move that ignores the check
  EXPECT_EQ(c.game().ply(), 1);
  EXPECT_EQ(c.refusal(0), "必须应将");
  EXPECT_EQ(c.take_sounds(), (std::vector<SoundId>{SoundId::Select, SoundId::Illegal}));
  ASSERT_TRUE(c.selected()) << "the pawn stays in hand";
  c.click(sq("a7"));  // not a pawn move at all: refused, and said so (the buzz may be off)
  EXPECT_EQ(c.refusal(0), "这个棋子走不到那里");
}

TEST(Controller, AMoveThatExposesTheKingIsExplained) {
  Controller c(fast());
  c.set_mode(xq::Mode::TwoPlayers);
  ASSERT_TRUE(c.new_game("3kr4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"));
  c.click(sq("e1"));
  c.click(sq("a1"));  // the rook is pinned on the e-file
  EXPECT_EQ(c.game().ply(), 0);
  EXPECT_EQ(c.refusal(0), "此着会让己方老将被将");
  EXPECT_EQ(c.refusal(5000), "") << "the explanation passes";
  c.click(sq("e5"));  // along the pin is fine
  EXPECT_EQ(c.game().ply(), 1);
}

TEST(Controller, SecondClickOrDeselectPutsThePieceDown) {
  Controller c(fast());
  c.set_mode(xq::Mode::TwoPlayers);
  c.click(sq("h2"));
  ASSERT_TRUE(c.selected());
  c.click(sq("h2"));
  EXPECT_FALSE(c.selected());
  c.click(sq("b2"));
  c.deselect();
  EXPECT_FALSE(c.selected());
  EXPECT_TRUE(c.targets().empty());
}

TEST(Controller, ResignEndsTheGameForTheHuman) {
  Controller c(fast());
  c.set_mode(xq::Mode::HumanRed);
  c.resign();
  EXPECT_EQ(c.game().verdict().outcome, xq::Outcome::BlackWins);
  EXPECT_EQ(c.game().verdict().reason, xq::Reason::Resignation);
  EXPECT_EQ(c.banner(), "红方认输，黑方胜");
  EXPECT_EQ(xq::verdict_text_en(c.game().verdict()), "black wins (red resigns)");
  c.click_elsewhere();
  EXPECT_FALSE(c.game_over()) << "a click starts again";
}

TEST(Controller, DrawOffers) {
  {
    Controller c(fast());
    c.set_mode(xq::Mode::TwoPlayers);
    EXPECT_TRUE(c.offer_draw()) << "two players at one board agree at once";
    EXPECT_EQ(c.banner(), "和棋：双方议和");
  }
  {
    Controller c(fast());  // the computer has not searched yet: no reason to accept
    c.set_mode(xq::Mode::HumanRed);
    EXPECT_FALSE(c.offer_draw());
    EXPECT_EQ(c.refusal(0), "电脑拒绝和棋");
    EXPECT_FALSE(c.game_over());
  }
  {
    // Bare kings, long without a capture: the computer (red) sees nothing to win and agrees.
    Controller c(fast());
    c.set_mode(xq::Mode::HumanBlack);
    ASSERT_TRUE(c.new_game("3k5/9/9/9/9/9/9/9/9/4K4 w - - 30 16"));
    ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 1; }));
    EXPECT_TRUE(c.offer_draw());
    EXPECT_EQ(c.game().verdict().reason, xq::Reason::Agreement);
  }
  {
    // A rook up and to move, the computer refuses.
    Controller c(fast());
    c.set_mode(xq::Mode::HumanBlack);
    ASSERT_TRUE(c.new_game("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 30 16"));
    ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 1; }));
    EXPECT_FALSE(c.offer_draw());
  }
}

namespace {

std::string fake_engine(const std::string& mode) {
  return std::string("bash ") + XQ_TEST_DATA + "/data/fake_engine.sh " + mode;
}

std::unique_ptr<xq::SearchService> open_fake(const std::string& mode) {
  auto e = std::make_unique<xq::ExternalEngine>();
  std::string err;
  EXPECT_TRUE(e->open(fake_engine(mode), &err)) << err;
  return e;
}

}  // namespace

TEST(Controller, AnOutsideEnginePlaysTheComputersSide) {
  Controller c(fast());
  c.set_mode(xq::Mode::HumanBlack);
  c.set_outside_engine(open_fake("good"), true, true, false);
  EXPECT_EQ(c.engine_name(xq::RED), "Fake good");
  EXPECT_EQ(c.analysis_engine_name(), "Qianli 0.3");
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 1; }));
  EXPECT_EQ(c.game().moves()[0], mv("h2e2")) << "the fake engine's answer";
  EXPECT_TRUE(c.has_outside_engine());
  EXPECT_EQ(c.take_notice(), "");
}

// The level's several candidate lines weaken the built-in engine only: an
// outside engine is not sent the level's MultiPV before its moves (it was
// sent 6 at the default level, over the player's own setting).
TEST(Controller, AnOutsideEngineIsNotSentTheLevelsMultiPv) {
  const std::string log = std::filesystem::temp_directory_path() / ("xq_fake_log_" + std::to_string(getpid()));
  std::filesystem::remove(log);
  xq::ControllerOptions o = fast();
  o.movetime_override_ms = 0;  // the level's own limits, several lines among them
  Controller c(o);
  c.set_level(1);               // 1180: six candidate lines for the built-in engine
  c.set_mode(xq::Mode::HumanBlack);
  c.set_outside_engine(open_fake("log " + log), true, true, false);
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 1; }));
  std::ifstream in(log);
  const std::string sent((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(sent.find("go "), std::string::npos) << sent;
  EXPECT_EQ(sent.find("MultiPV value 6"), std::string::npos) << sent;
  std::filesystem::remove(log);
}

TEST(Controller, AFailedOutsideEngineIsDroppedAndTheBuiltInPlaysOn) {
  Controller c(fast());
  c.set_language(xq::Language::English);
  c.set_mode(xq::Mode::HumanBlack);
  c.set_outside_engine(open_fake("illegal"), true, true, true);
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 1; }));
  EXPECT_FALSE(c.has_outside_engine());
  const std::string notice = c.take_notice();
  EXPECT_NE(notice.find("illegal move 'a0a5'"), std::string::npos) << notice;
  EXPECT_NE(notice.find("built-in engine plays on"), std::string::npos) << notice;
  EXPECT_EQ(c.engine_name(xq::RED), "Qianli 0.3");
  EXPECT_NE(c.game().moves()[0], mv("a0a5"));
}

TEST(Controller, AnOutsideEnginesResignationEndsTheGame) {
  Controller c(fast());
  c.set_mode(xq::Mode::HumanBlack);
  auto e = std::make_unique<xq::ExternalEngine>();
  std::string err;
  ASSERT_TRUE(e->open(std::string("bash ") + XQ_TEST_DATA + "/data/fake_xboard.sh resign", &err)) << err;
  c.set_outside_engine(std::move(e), true, true, false);
  ASSERT_TRUE(wait_until(c, [&] { return c.game_over(); }));
  EXPECT_EQ(c.game().verdict().reason, xq::Reason::Resignation);
  EXPECT_EQ(c.game().verdict().outcome, xq::Outcome::BlackWins) << "the engine played red and resigned it";
  EXPECT_TRUE(c.has_outside_engine()) << "a resignation is not a failure";
}

TEST(Controller, AnalysisFollowsThePositionOnShowWithThreeLines) {
  Controller c(fast());
  c.set_mode(xq::Mode::TwoPlayers);
  for (const char* m : {"h2e2", "h9g7", "h0g2"}) {
    c.click(xq::move_from(mv(m)));
    c.click(xq::move_to(mv(m)));
  }
  ASSERT_EQ(c.game().ply(), 3);
  c.set_analysis(true);
  auto analysed = [&](const xq::Position& p) {
    return c.analysing() && c.analysis_root().key() == p.key() && c.analysis().lines.size() == 3 &&
           c.analysis().depth >= 4;
  };
  ASSERT_TRUE(wait_until(c, [&] { return analysed(c.game().position()); }));
  const xq::SearchInfo live = c.analysis();
  EXPECT_NE(live.lines[0].pv[0], live.lines[1].pv[0]);
  c.review(1);  // the position after the first move: the analysis moves there
  ASSERT_TRUE(wait_until(c, [&] { return analysed(c.game().position_at(1)); }));
  c.set_analysis(false);
  c.update(real_ms());
  EXPECT_FALSE(c.analysing());
}

TEST(Controller, TheLiveGameAgainstTheComputerIsNotAnalysed) {
  Controller c(fast());
  c.set_analysis(true);
  for (int i = 0; i < 20; ++i) c.update(real_ms());
  EXPECT_FALSE(c.analysing()) << "no help while playing the computer";
  c.click(sq("h2"));
  c.click(sq("e2"));
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 2; }));
  c.review(1);  // reviewing a move of the record is analysed
  ASSERT_TRUE(wait_until(c, [&] { return c.analysing(); }));
}

// ---- pondering: the top level thinks on the player's time ----

namespace {

// Plays `m` for the player by two clicks.
void click_move(Controller& c, xq::Move m) {
  c.click(xq::move_from(m));
  c.click(xq::move_to(m));
}

// A top-level controller with pondering on, after the player's first move and the computer's reply.
void ponder_after_reply(Controller& c) {
  c.set_level(xq::kLevelCount - 1);
  c.set_ponder(true);
  click_move(c, mv("h2e2"));
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 2; }));
}

}  // namespace

TEST(Controller, PonderHitGoesOnWithThePonderSearch) {
  Controller c(fast());
  ponder_after_reply(c);
  ASSERT_TRUE(c.pondering()) << "after its move the top level thinks on the player's time";
  const xq::Move guess = c.ponder_move();
  ASSERT_TRUE(c.game().is_legal(guess));
  EXPECT_FALSE(c.thinking()) << "the player is to move; no spinner";
  EXPECT_TRUE(c.human_to_move());
  // The lines on show are those of the search that chose the move just played, not the ponder's.
  const xq::SearchInfo shown = c.analysis();
  ASSERT_FALSE(shown.lines.empty());
  EXPECT_EQ(shown.lines[0].pv.front(), c.game().moves()[1]);
  EXPECT_EQ(c.analysis_root().key(), c.game().position_at(1).key());
  click_move(c, guess);
  c.update(real_ms());
  EXPECT_EQ(c.ponder_hits(), 1);
  EXPECT_TRUE(c.thinking()) << "the ponder search is now the computer's";
  EXPECT_FALSE(c.pondering());
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 4; }));
  EXPECT_TRUE(c.pondering()) << "and it ponders again";
}

TEST(Controller, PonderMissStartsAFreshSearch) {
  Controller c(fast());
  ponder_after_reply(c);
  ASSERT_TRUE(c.pondering());
  const xq::Move guess = c.ponder_move();
  xq::Move other = xq::kNoMove;
  for (const char* m : {"b0c2", "h0g2", "a3a4", "i3i4"})
    if (mv(m) != guess && c.game().is_legal(mv(m))) other = mv(m);
  ASSERT_NE(other, xq::kNoMove);
  click_move(c, other);
  c.update(real_ms());
  EXPECT_EQ(c.ponder_hits(), 0);
  EXPECT_TRUE(c.thinking());
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 4; }));
  EXPECT_EQ(c.game().moves()[2], other);
}

TEST(Controller, PonderStopsForUndoHintLevelAndSwitch) {
  Controller c(fast());
  ponder_after_reply(c);
  ASSERT_TRUE(c.pondering());
  c.undo();
  EXPECT_FALSE(c.pondering()) << "undo";
  EXPECT_EQ(c.game().ply(), 0);

  click_move(c, mv("h2e2"));
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 2 && c.pondering(); }));
  c.request_hint();
  c.update(real_ms());
  EXPECT_FALSE(c.pondering()) << "a hint takes the engine";
  ASSERT_TRUE(wait_until(c, [&] { return c.hint() != xq::kNoMove; }));

  c.undo();
  click_move(c, mv("h2e2"));
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 2 && c.pondering(); }));
  c.set_level(xq::kLevelCount - 2);
  EXPECT_FALSE(c.pondering()) << "a lower level";
  c.set_level(xq::kLevelCount - 1);
  c.undo();
  click_move(c, mv("h2e2"));
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 2 && c.pondering(); }));
  c.set_ponder(false);
  EXPECT_FALSE(c.pondering()) << "switched off";
}

TEST(Controller, OnlyTheTopLevelPonders) {
  Controller c(fast());
  c.set_ponder(true);
  c.set_level(xq::kLevelCount - 2);
  click_move(c, mv("h2e2"));
  ASSERT_TRUE(wait_until(c, [&] { return c.game().ply() == 2; }));
  c.update(real_ms());
  EXPECT_FALSE(c.pondering());
  Controller off(fast());
  off.set_level(xq::kLevelCount - 1);
  click_move(off, mv("h2e2"));
  ASSERT_TRUE(wait_until(off, [&] { return off.game().ply() == 2; }));
  EXPECT_FALSE(off.pondering()) << "not unless the player allows it";
}

// An online game ended by the server because a player left: shown as leaving, not as resigning.
TEST(Controller, AnAbandonedOnlineGameIsShownAsLeftNotResigned) {
  Controller c(fast());
  c.set_mode(xq::Mode::TwoPlayers);
  ASSERT_TRUE(c.play_remote(mv("h2e2")));
  c.end_remote(xq::Reason::Abandoned, xq::BLACK);
  EXPECT_TRUE(c.game_over());
  EXPECT_EQ(c.banner(), "黑方离开对局，红方胜");
  c.set_language(xq::Language::English);
  EXPECT_EQ(c.banner(), "Red wins (black left the game)");
  const std::string pgn = xq::write_pgn(c.game(), {{"Event", "x"}}, std::vector<std::string>{});
  EXPECT_NE(pgn.find("[Termination \"red wins (black left the game)\"]"), std::string::npos) << pgn;
}
