// The app model's puzzles (残局) and look: playing, solving, failing and
// leaving puzzles, their ratings kept between runs, and the board and piece
// themes chosen and kept. Split from app_model_test.cpp (one idea a file).
#include <algorithm>
#include <cmath>

#include "app_model_fixture.h"

using namespace app_model_fixture;  // Fixture, FakeDesktop, fast, real_ms, dialog_button …

// Puzzles: the player takes the side to move, the computer defends; a mate
// within the stated moves is remembered in the settings; next, previous, retry.
TEST(AppModel, PuzzlesArePlayedSolvedAndRemembered) {
  Fixture f;
  xq::StartOptions o;
  // A mate in 1 (a rook to the back rank, the other guarding rank 8) and a second puzzle.
  o.puzzles = "# two\n3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1\tmate\t1\t一步杀\tMate in 1\n"
              "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1\tmate\t1\t第二题\tSecond\n";
  ASSERT_TRUE(f.start(o));
  ASSERT_EQ(f.m.puzzle_count(), 2u);
  f.m.act(Action::Puzzles);
  EXPECT_EQ(f.m.ui().puzzle, 0);
  EXPECT_EQ(f.m.controller().mode(), xq::Mode::HumanRed);
  EXPECT_NE(f.m.view_model().status.find("一步杀"), std::string::npos) << f.m.view_model().status;
  bool retry_shown = false;
  for (const xq::Button& b : f.m.view_model().buttons) retry_shown |= b.action == Action::PuzzleRetry;
  EXPECT_TRUE(retry_shown);
  f.click_square("i0");
  f.click_square("i9");
  f.m.update(real_ms());
  ASSERT_TRUE(f.m.controller().game_over());
  EXPECT_EQ(f.m.solved_puzzles(), (std::set<int>{0}));
  EXPECT_NE(f.files->files["settings.ini"].find("solved=0"), std::string::npos);
  f.click_square("e4");  // a click after the solution: the next puzzle
  EXPECT_EQ(f.m.ui().puzzle, 1);
  f.m.act(Action::PuzzleNext);
  EXPECT_EQ(f.m.ui().puzzle, 0) << "the list wraps round";
  f.m.act(Action::PuzzlePrev);
  EXPECT_EQ(f.m.ui().puzzle, 1);
  f.click_square("a8");
  f.click_square("a7");  // not a mate: the computer defends, the puzzle is failed (too long)
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().game().ply() == 2; }));
  f.m.update(real_ms());
  EXPECT_NE(f.m.message().find("1"), std::string::npos) << f.m.message();
  f.m.act(Action::PuzzleRetry);
  EXPECT_EQ(f.m.controller().game().ply(), 0);
  f.m.act(Action::PuzzleExit);
  EXPECT_EQ(f.m.ui().puzzle, -1);
}

// A practical ending's goal is a win (no move limit) or a draw.
// The trainer's ratings: the status names the puzzle's and the player's;
// a solve raises the player (Glicko-2), is said, written to
// puzzle-progress.txt and read back at the next start; the first puzzle
// offered is the unsolved one rated nearest the player.
TEST(AppModel, PuzzlesAreRatedAndTheRatingIsKept) {
  Fixture f;
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  o.puzzles = "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1\tmate\t1\t甲\tHard\t2400\n"
              "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1\tmate\t1\t乙\tNear\t1450\n";
  ASSERT_TRUE(f.start(o));
  f.m.act(Action::Puzzles);
  EXPECT_EQ(f.m.ui().puzzle, 1) << "rated 1450, nearer a new player's 1500 than 2400";
  EXPECT_NE(f.m.view_model().status.find("Near"), std::string::npos) << f.m.view_model().status;
  EXPECT_EQ(f.m.view_model().analysis, (std::vector<std::string>{"Puzzle rated 1450   your rating 1500"}));
  f.click_square("i0");
  f.click_square("i9");
  f.m.update(real_ms());
  ASSERT_TRUE(f.m.controller().game_over());
  const int after = int(std::lround(f.m.puzzle_progress().player().rating));
  EXPECT_GT(after, 1500);
  EXPECT_EQ(f.m.message(), "Your rating 1500 → " + std::to_string(after));
  // The title stays on the status line; the outcome is the first line under it, the ratings next.
  const xq::ViewModel vm = f.m.view_model();
  EXPECT_NE(vm.status.find("Near"), std::string::npos) << vm.status;
  ASSERT_EQ(vm.analysis.size(), 2u);
  EXPECT_EQ(vm.analysis[0], "Solved! Click the board for the next one");
  EXPECT_NE(vm.analysis[1].find("your rating " + std::to_string(after)), std::string::npos) << vm.analysis[1];
  EXPECT_TRUE(vm.analysis_wraps);
  f.m.finish();
  const std::string text = f.files->files[AppModel::progress_name()];
  ASSERT_FALSE(text.empty());
  Fixture g(Fixture::Files{{AppModel::progress_name(), text}, {"settings.ini", f.files->files["settings.ini"]}});
  ASSERT_TRUE(g.start(o));
  EXPECT_EQ(int(std::lround(g.m.puzzle_progress().player().rating)), after);
  g.m.act(Action::Puzzles);
  EXPECT_EQ(g.m.ui().puzzle, 0) << "the other is solved";
  ASSERT_EQ(g.m.view_model().analysis.size(), 1u);
  EXPECT_NE(g.m.view_model().analysis[0].find("your rating " + std::to_string(after)), std::string::npos);
}

// A rating is earned: a solve after a hint, or a retry once the solution was
// shown, is said and not rated (1526 → 1601 by playing the hint's moves, and
// back above the start by failing and retrying, were seen).
TEST(AppModel, APuzzleSolvedWithHelpIsNotRated) {
  Fixture f;
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  o.puzzles = "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1\tmate\t1\t乙\tNear\t1450\n";
  ASSERT_TRUE(f.start(o));
  f.m.act(Action::Puzzles);
  f.m.act(Action::Hint);
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().hint() != xq::kNoMove; }));
  f.click_square("i0");
  f.click_square("i9");
  f.m.update(real_ms());
  ASSERT_TRUE(f.m.controller().game_over());
  EXPECT_EQ(int(std::lround(f.m.puzzle_progress().player().rating)), 1500);
  EXPECT_NE(f.m.message().find("(a hint was used: not rated)"), std::string::npos) << f.m.message();
  EXPECT_TRUE(f.m.solved_puzzles().empty());
  // A failure is rated; trying again with the solution seen is not.
  f.m.act(Action::PuzzleRetry);
  f.click_square("a8");
  f.click_square("a7");
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().game().ply() == 2; }));
  f.m.update(real_ms());
  const int failed = int(std::lround(f.m.puzzle_progress().player().rating));
  EXPECT_LT(failed, 1500);
  f.m.act(Action::PuzzleRetry);
  f.click_square("i0");
  f.click_square("i9");
  f.m.update(real_ms());
  ASSERT_TRUE(f.m.controller().game_over());
  EXPECT_EQ(int(std::lround(f.m.puzzle_progress().player().rating)), failed) << "no way back up by retrying";
  EXPECT_NE(f.m.message().find("(the solution was seen: not rated)"), std::string::npos) << f.m.message();
}

// Puzzles do not leak into play: the game set aside keeps its autosave (a
// window closed during a puzzle still offers it back), its side and its
// clock; a black-to-move puzzle does not make the next start play black.
TEST(AppModel, PuzzlesLeaveTheGameSetAsideAsItWas) {
  Fixture f;
  xq::StartOptions o;
  o.lang = "en";
  o.mode = "two";
  o.clock = "0";  // no clock
  o.puzzles = "4k4/9/9/9/9/9/9/9/r8/3K5 b - - 0 1\tmate\t1\t黑先\tBlack to mate\t1450\n";
  ASSERT_TRUE(f.start(o));
  f.m.update(real_ms());
  f.click_square("h2");
  f.click_square("e2");
  f.m.update(real_ms());
  const std::string saved = f.files->files[AppModel::autosave_name()];
  ASSERT_NE(saved.find("炮二平五"), std::string::npos) << saved;
  f.m.act(Action::Puzzles);
  EXPECT_EQ(f.m.controller().mode(), xq::Mode::HumanBlack);
  f.m.update(real_ms());
  f.m.finish();  // the window closes during the puzzle
  EXPECT_EQ(f.files->files[AppModel::autosave_name()], saved) << "the game set aside is still there to resume";
  const std::string settings = f.files->files["settings.ini"];
  EXPECT_NE(settings.find("mode=two"), std::string::npos) << settings;
  EXPECT_NE(settings.find("flip=0"), std::string::npos) << settings;
  // Back from the puzzles: the game, its side and no clock.
  Fixture g(Fixture::Files{{"settings.ini", "clock=5+3\n"}});
  ASSERT_TRUE(g.start(o));
  g.m.update(real_ms());
  g.click_square("h2");
  g.click_square("e2");
  g.m.act(Action::Puzzles);
  g.m.act(Action::PuzzleExit);
  EXPECT_EQ(g.moves(), "h2e2");
  EXPECT_EQ(g.m.controller().mode(), xq::Mode::TwoPlayers);
  EXPECT_FALSE(g.m.controller().time_control().on()) << "the game had no clock; the saved 5+3 is not added";
}

TEST(AppModel, WinPuzzlesHaveNoMoveLimit) {
  Fixture f;
  xq::StartOptions o;
  o.puzzles = "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1\twin\t0\t双车胜\tTwo rooks win\n";
  ASSERT_TRUE(f.start(o));
  f.m.act(Action::Puzzles);
  f.click_square("a8");
  f.click_square("a7");  // not the quickest way: fine for a win
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().game().ply() == 2; }));
  f.m.update(real_ms());
  EXPECT_EQ(f.m.message(), "") << "no move limit";
  EXPECT_TRUE(f.m.solved_puzzles().empty());
  f.m.act(Action::PuzzleExit);
  EXPECT_EQ(f.m.ui().puzzle, -1);
  EXPECT_EQ(f.m.controller().game().fen(), xq::kStartFen);
}

TEST(AppModel, APuzzleHidesTheAnalysisAndAClickAfterItsEndStartsItAgain) {
  Fixture f;
  xq::StartOptions o;
  o.puzzles = "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1\tmate\t2\t两步杀\tMate in 2\n";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  ASSERT_TRUE(f.m.ui().analysis) << "analysis is on, as by default";
  f.m.act(Action::Puzzles);
  f.click_square("a8");
  f.click_square("a7");  // not the mate: the computer answers, one move is left
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().game().ply() == 2; }));
  f.m.update(real_ms());
  EXPECT_GT(f.m.controller().analysis().depth, 0) << "the computer's search has its line";
  ASSERT_EQ(f.m.view_model().analysis.size(), 1u) << "but a puzzle in play does not show it: it is the answer";
  EXPECT_EQ(f.m.view_model().analysis[0].rfind("难度 1150", 0), 0u) << "only the ratings, in its place";
  // The last move is not a mate either: out of moves, the puzzle has failed.
  f.click_square("a7");
  f.click_square("b7");
  ASSERT_TRUE(f.wait_until([&] { return !f.m.message().empty(); }));
  EXPECT_FALSE(f.m.controller().game_over()) << "failed by the move count, not by the result";
  EXPECT_NE(f.m.view_model().status.find("两步杀"), std::string::npos) << "the title stays";
  EXPECT_NE(f.m.view_model().analysis.at(0).find("超过 2 步"), std::string::npos) << "how it ended, under the title";
  EXPECT_GT(f.m.view_model().analysis.size(), 1u) << "once it is over, the analysis may say what was missed";
  f.click_square("e4");  // a click on the board after the end: the same puzzle again, from its start
  EXPECT_EQ(f.m.ui().puzzle, 0);
  EXPECT_EQ(f.m.controller().game().ply(), 0);
  EXPECT_EQ(f.m.controller().game().fen(), "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1");
  // Leaving the puzzles: the new game shows none of the puzzle's lines.
  f.m.act(Action::PuzzleExit);
  f.m.update(real_ms());
  EXPECT_TRUE(f.m.view_model().analysis.empty());
}

TEST(AppModel, LeavingThePuzzlesComesBackToTheGameLeft) {
  Fixture f;
  xq::StartOptions o;
  o.puzzles = "3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1\tmate\t1\t黑先\tBlack to mate\n";
  o.resume = "no";
  o.mode = "two";
  ASSERT_TRUE(f.start(o));
  f.click_square("h2");
  f.click_square("e2");
  f.click_square("h9");
  f.click_square("g7");
  ASSERT_EQ(f.moves(), "h2e2 h9g7");
  f.m.act(Action::Puzzles);  // a black-to-move puzzle: played as black, the board turned
  EXPECT_EQ(f.m.controller().mode(), xq::Mode::HumanBlack);
  EXPECT_TRUE(f.m.ui().flipped);
  f.m.act(Action::PuzzleExit);
  EXPECT_EQ(f.moves(), "h2e2 h9g7") << "the game left is back";
  EXPECT_EQ(f.m.controller().mode(), xq::Mode::TwoPlayers) << "with its sides";
  EXPECT_FALSE(f.m.ui().flipped) << "and its board";
  EXPECT_EQ(f.m.ui().puzzle, -1);
}

TEST(AppModel, ASolvedPuzzlesBannerSaysWhatAClickDoes) {
  Fixture f;
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  o.puzzles = "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1\tmate\t1\t一步杀\tMate in 1\n";
  ASSERT_TRUE(f.start(o));
  f.m.act(Action::Puzzles);
  f.click_square("i0");
  f.click_square("i9");
  f.m.update(real_ms());
  ASSERT_TRUE(f.m.controller().game_over());
  EXPECT_EQ(f.m.view_model().banner_note, "Click the board for the next puzzle");
  EXPECT_NE(f.m.view_model().analysis.at(0).find("next one"), std::string::npos) << "the line under the title says the same";
}

TEST(AppModel, APuzzlesMovesAreNumberedFromOne) {
  Fixture f;
  xq::StartOptions o;
  o.resume = "no";
  o.puzzles = "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 12 113\tmate\t2\t两步杀\tMate in 2\n";
  ASSERT_TRUE(f.start(o));
  f.m.act(Action::Puzzles);
  f.click_square("a8");
  f.click_square("a7");
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().game().ply() == 2; }));
  ASSERT_FALSE(f.m.view_model().rows.empty());
  EXPECT_EQ(f.m.view_model().rows[0].number, 1) << "not 113, the source game's move";
}

// The Look dialog (T or the panel's button): a board and a piece set,
// kept in the settings and read back at the next start; an unknown theme
// in the settings is ignored.
TEST(AppModel, TheLookIsChosenKeptAndReadBack) {
  Fixture f(Fixture::Files{{"settings.ini", "board=oak\npieces=bold\n"}});
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  EXPECT_EQ(f.m.ui().board_theme, "wood") << "an unknown board keeps the default";
  EXPECT_EQ(f.m.ui().piece_theme, "bold");
  EXPECT_EQ(f.m.view_model().piece_theme, "bold");
  f.m.key(xq::key_named("T"), false);
  const std::optional<xq::Dialog> d = f.m.view_model().dialog;
  ASSERT_TRUE(d);
  EXPECT_EQ(d->text, "Board and pieces");
  const xq::Button* dark = dialog_button(d, "Dark");
  ASSERT_NE(dark, nullptr);
  EXPECT_FALSE(dark->active);
  EXPECT_TRUE(dialog_button(d, "Bold")->active);
  // A click on Dark, in window pixels like the player's.
  const xq::Rect p = f.m.board_view().board();
  const float sc = f.m.board_view().scale();
  f.m.click(p.x + (dark->rect.x + 5) * sc, p.y + (dark->rect.y + 5) * sc);
  EXPECT_EQ(f.m.ui().board_theme, "dark");
  EXPECT_EQ(f.m.view_model().board_theme, "dark");
  EXPECT_TRUE(dialog_button(f.m.view_model().dialog, "Dark")->active);
  f.m.act(Action::ThemePieces, 2);
  EXPECT_EQ(f.m.view_model().piece_theme, "symbols");
  f.m.act(Action::ThemeClose);
  EXPECT_FALSE(f.m.view_model().dialog);
  xq::Settings s;
  xq::parse_settings(f.files->files["settings.ini"], s);
  EXPECT_EQ(s.board, "dark");
  EXPECT_EQ(s.pieces, "symbols");
  // The next start reads them; an option wins over the settings for its run.
  Fixture g(Fixture::Files{{"settings.ini", f.files->files["settings.ini"]}});
  o.pieces = "traditional";
  ASSERT_TRUE(g.start(o));
  EXPECT_EQ(g.m.ui().board_theme, "dark");
  EXPECT_EQ(g.m.ui().piece_theme, "traditional");
  // The panel has the button in both shapes.
  for (bool below : {false, true}) {
    xq::UiState ui = g.m.ui();
    ui.panel_below = below;
    const auto buttons = xq::panel_buttons(ui, g.m.controller(), nullptr);
    EXPECT_TRUE(std::any_of(buttons.begin(), buttons.end(), [](const xq::Button& b) { return b.action == Action::ThemeShow; }));
  }
  EXPECT_EQ(xq::theme_listing(), "boards: wood paper dark\npieces: traditional bold symbols\n");
  EXPECT_EQ(xq::board_theme_file("dark"), "board-dark.png");
  EXPECT_EQ(xq::piece_theme_file("nonsense"), "pieces.png");
}

// A puzzle with a solution: the player's moves are judged against it, the
// computer answers with the solution's replies (half a second later), and
// the last move solves it; a wrong move fails it at once, the message gives
// the solution, and the computer's own search answers the wrong move.
TEST(AppModel, ALinePuzzleIsPlayedMoveByMove) {
  Fixture f;
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  o.puzzles = "3ak4/9/4b4/9/9/9/4n4/3K5/5p3/9 b - - 5 1\tmate\t2\t黑先二步杀\tBlack mates in 2\t1360\tmate\te9f9 d2e2 e3c4\n";
  ASSERT_TRUE(f.start(o));
  f.m.act(Action::Puzzles);
  EXPECT_EQ(f.m.controller().mode(), xq::Mode::HumanBlack);
  f.m.view_model();  // the board turned for black, as the next frame draws it
  f.click_square("e9");
  f.click_square("f9");
  const int64_t t0 = real_ms();
  f.m.update(t0);
  ASSERT_EQ(f.m.controller().game().ply(), 1);
  f.m.update(t0 + 200);
  EXPECT_EQ(f.m.controller().game().ply(), 1) << "the reply waits half a second";
  EXPECT_FALSE(f.m.controller().thinking()) << "the solution answers, not a search";
  f.m.update(t0 + 600);
  ASSERT_EQ(f.m.controller().game().ply(), 2);
  EXPECT_EQ(xq::move_to_iccs(f.m.controller().game().moves()[1]), "d2e2");
  f.click_square("e3");
  f.click_square("c4");
  f.m.update(t0 + 700);
  EXPECT_TRUE(f.m.controller().game_over());
  EXPECT_EQ(f.m.solved_puzzles(), (std::set<int>{0}));
  EXPECT_EQ(f.m.puzzle_progress().records().begin()->second.solved, 1);

  f.m.act(Action::PuzzleRetry);  // again, with a wrong first move
  f.click_square("e9");
  f.click_square("e8");
  f.m.update(real_ms());
  EXPECT_EQ(f.m.message().rfind("Your rating ", 0), 0u) << f.m.message();
  const auto& shown = f.m.view_model().analysis;  // in the analysis's place: the outcome, the ratings, the solution
  ASSERT_EQ(shown.size(), 3u);
  EXPECT_NE(shown[0].find("Not that"), std::string::npos) << shown[0];
  EXPECT_EQ(shown[2], "The solution: K5=6  K6=5  H5-3");
  EXPECT_EQ(f.m.puzzle_progress().records().begin()->second.failed, 1);
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().game().ply() == 2; })) << "the computer answers: the refutation";
}

// A line puzzle that wins material ends with the player's capture, the game
// not over: once it is solved the computer does not answer (it did, and its
// move went into the attempt).
TEST(AppModel, AfterASolvedMaterialPuzzleTheComputerPlaysNoMove) {
  Fixture f;
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  o.puzzles = "r2k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\twin\t0\t得车\tWin the rook\t1300\tmaterial\ta0a9\n";
  ASSERT_TRUE(f.start(o));
  f.m.act(Action::Puzzles);
  f.m.view_model();
  f.click_square("a0");
  f.click_square("a9");
  for (int i = 0; i < 5; ++i) f.m.update(real_ms());
  EXPECT_EQ(f.m.solved_puzzles(), (std::set<int>{0}));
  EXPECT_FALSE(f.m.controller().game_over());
  EXPECT_FALSE(f.m.controller().thinking()) << "the computer is held once the puzzle is solved";
  EXPECT_EQ(f.m.controller().game().ply(), 1);
}

// The progress view: the rating and its bars, solved and failed by theme,
// today's puzzle and a failed one again.
TEST(AppModel, TheProgressViewCountsByThemeAndRetriesAFailedOne) {
  Fixture f;
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  o.puzzles = "3ak4/9/4b4/9/9/9/4n4/3K5/5p3/9 b - - 5 1\tmate\t2\t黑先二步杀\tBlack mates in 2\t1360\tmate\te9f9 d2e2 e3c4\n"
              "3aka3/9/9/9/9/9/9/9/R8/3K5 w - - 0 1\twin\t0\t单车胜双士\tRook beats two advisors\n";
  ASSERT_TRUE(f.start(o));
  f.m.act(Action::PuzzleProgress);
  auto d = f.m.view_model().dialog;
  ASSERT_TRUE(d.has_value());
  EXPECT_NE(d->text.find("Puzzle progress: rating 1500"), std::string::npos) << d->text;
  EXPECT_TRUE(d->chart.empty());
  EXPECT_NE(std::find(d->lines.begin(), d->lines.end(), "Mates: solved 0, failed 0, of 1"), d->lines.end());
  EXPECT_NE(std::find(d->lines.begin(), d->lines.end(), "Endings: solved 0, failed 0, of 1"), d->lines.end());
  f.m.act(Action::PuzzleRetryFailed);
  EXPECT_EQ(f.m.message(), "No failed puzzle to retry");
  f.m.act(Action::PuzzleProgressClose);
  EXPECT_FALSE(f.m.view_model().dialog.has_value());

  f.m.act(Action::Puzzles);
  while (f.m.ui().puzzle != 0) f.m.act(Action::PuzzleNext);
  f.m.view_model();
  f.click_square("e9");
  f.click_square("e8");  // wrong
  f.m.update(real_ms());
  f.m.act(Action::PuzzleExit);
  f.m.act(Action::PuzzleProgress);
  d = f.m.view_model().dialog;
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->chart.size(), 1u) << "one attempt, one bar";
  EXPECT_NE(std::find(d->lines.begin(), d->lines.end(), "Mates: solved 0, failed 1, of 1"), d->lines.end());
  f.m.act(Action::PuzzleRetryFailed);
  EXPECT_FALSE(f.m.view_model().dialog.has_value());
  EXPECT_EQ(f.m.ui().puzzle, 0);
  EXPECT_EQ(f.m.controller().game().ply(), 0);
  f.m.act(Action::PuzzleOfDay);
  EXPECT_GE(f.m.ui().puzzle, 0);
}

// What was solved follows the puzzle's position, not its number: a
// collection that was reordered still marks the right one (the settings'
// numbers, from before the progress file, are then set aside).
TEST(AppModel, SolvedPuzzlesAreKnownByTheirPosition) {
  xq::Puzzle solved;
  std::string err;
  ASSERT_TRUE(xq::parse_puzzle_line("3aka3/9/9/9/9/9/9/9/R8/3K5 w - - 0 1\twin\t0\t甲\tA", solved, &err)) << err;
  xq::PuzzleProgress progress;
  progress.record(solved, true);
  Fixture f(Fixture::Files{{"settings.ini", "solved=0\n"}, {"puzzle-progress.txt", progress.text()}});
  xq::StartOptions o;
  o.resume = "no";
  o.puzzles = "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1\tmate\t1\t乙\tB\n"
              "3aka3/9/9/9/9/9/9/9/R8/3K5 w - - 0 1\twin\t0\t甲\tA\n";
  ASSERT_TRUE(f.start(o));
  EXPECT_EQ(f.m.solved_puzzles(), (std::set<int>{1}));
}
