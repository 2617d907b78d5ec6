// The app model's files: XQF and 象棋桥 games opened (a damaged one named, the
// game on show kept), a file of many games as a list to page through, a game
// whose move cannot be played opened up to it, save and open through the
// desktop's chooser or the in-game list of saved games; files in memory.
#include <cstring>
#include <random>

#include "app_model_fixture.h"
#include "cbr_writer.h"
#include "xqf_example.h"

using namespace app_model_fixture;  // Fixture, FakeDesktop, fast, real_ms, dialog_button …

TEST(AppModel, OpensAnXqfFileAndNamesADamagedOne) {
  Fixture f(Fixture::Files{{"liu-lv.xqf", xqf_documented_example()},
                           {"broken.xqf", xqf_documented_example().substr(0, 0x300)}});
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.m.open_file("liu-lv.xqf");
  EXPECT_EQ(f.m.message(), "Opened liu-lv.xqf");
  EXPECT_EQ(f.m.controller().game().ply(), 16);
  EXPECT_EQ(f.moves().substr(0, 9), "c3c4 h9g7");
  f.m.open_file("broken.xqf");
  EXPECT_NE(f.m.message().find("Cannot open broken.xqf: XQF: the file is cut short"), std::string::npos) << f.m.message();
  EXPECT_EQ(f.m.controller().game().ply(), 16) << "the game on show is kept";
}

// 象棋桥's files: a game, and a library whose first game is shown.
TEST(AppModel, OpensXqBridgeGamesAndLibraries) {
  using cbr_writer::cbr;
  const char* start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
  std::string lib(576, '\0');
  std::memcpy(&lib[0], "CCBridgeLibrary", 16);
  cbr_writer::put_u32(lib, 60, 2);
  cbr_writer::put_text(lib, 64, u"Lib");
  lib.resize(101952, '\0');
  for (const char* m : {"b2e2", "h2e2"}) {
    std::string g = cbr(start, true, 1, u"", {{m, u"", true}});
    g.resize(4096, '\0');
    lib += g;
  }
  Fixture f(Fixture::Files{{"one.cbr", cbr(start, true, 1, u"", {{"h2e2", u""}, {"h9g7", u"", true}})},
                           {"lib.cbl", lib}, {"bad.cbr", cbr(start, true, 1, u"", {}).substr(0, 900)}});
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.m.open_file("one.cbr");
  EXPECT_EQ(f.m.message(), "Opened one.cbr");
  EXPECT_EQ(f.moves(), "h2e2 h9g7");
  f.m.open_file("lib.cbl");  // a library: its list
  ASSERT_TRUE(f.wait_for_list());
  auto d = f.m.view_model().dialog;
  ASSERT_TRUE(d);
  EXPECT_EQ(d->text, "Lib: 2 games");
  const xq::Button* second = dialog_button(d, "2. 红方 – Black  1-0  1 plies");
  ASSERT_TRUE(second) << d->buttons[0].label;
  f.m.act(second->action, second->arg);
  EXPECT_EQ(f.moves(), "h2e2");
  EXPECT_EQ(f.m.message(), "Game 2 of 2: 红方 – Black");
  f.m.open_file("bad.cbr");
  EXPECT_EQ(f.m.message(), "Cannot open bad.cbr: CBR: the file is cut short (900 bytes)");
  EXPECT_EQ(f.moves(), "h2e2");
}

// A PGN file of many games (some without a Result tag or a terminator, one
// damaged) opens as a list; PageDown/PageUp step through it, G shows it again.
TEST(AppModel, AFileOfManyGamesOpensAsAListToPageThrough) {
  std::string pgn;
  for (int i = 1; i <= 12; ++i) {
    pgn += "[Event \"Cup\"]\n[Red \"R" + std::to_string(i) + "\"]\n[Black \"B" + std::to_string(i) + "\"]\n";
    if (i % 2) pgn += "[Result \"1-0\"]\n";
    pgn += "\n1. h2e2 {a comment\n[not a tag]} h9g7" + std::string(i % 3 ? " 1-0" : "") + "\n\n";
  }
  pgn += "[Event \"broken\"]\n[FEN \"nonsense\"]\n\n1. h2e2\n";
  Fixture f(Fixture::Files{{"cup.pgn", pgn}});
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.m.open_file("cup.pgn");
  ASSERT_TRUE(f.wait_for_list());
  auto d = f.m.view_model().dialog;
  ASSERT_TRUE(d) << f.m.message();
  EXPECT_EQ(d->text, "cup.pgn: 12 games (1 could not be read and were left out)");
  EXPECT_TRUE(dialog_button(d, "1. R1 – B1  1-0  2 plies  B05 Cup"));
  EXPECT_TRUE(dialog_button(d, "6. R6 – B6  *  2 plies  B05 Cup"));
  EXPECT_FALSE(dialog_button(d, "10. "));
  const xq::Button* next = dialog_button(d, "1/2 ▶");
  ASSERT_TRUE(next);
  f.m.act(next->action, next->arg);
  d = f.m.view_model().dialog;
  EXPECT_TRUE(dialog_button(d, "10. R10 – B10  1-0  2 plies  B05 Cup")) << "the terminator gives the result";
  ASSERT_TRUE(dialog_button(d, "12. R12 – B12"));
  f.m.act(dialog_button(d, "12. R12")->action, dialog_button(d, "12. R12")->arg);
  EXPECT_FALSE(f.m.view_model().dialog);
  EXPECT_EQ(f.m.message(), "Game 12 of 12: R12 – B12");
  f.m.key(Key::PageDown, false);
  EXPECT_EQ(f.m.message(), "Game 12 of 12: R12 – B12") << "no game after the last";
  f.m.key(Key::PageUp, false);
  EXPECT_EQ(f.m.message(), "Game 11 of 12: R11 – B11");
  EXPECT_EQ(f.moves(), "h2e2 h9g7");
  f.m.key(Key::G, false);
  ASSERT_TRUE(f.m.view_model().dialog);
  // Typing filters the list (the keys do not act on the game meanwhile):
  // "r1" keeps R1, R10, R11, R12; Backspace and Return work as in a text box.
  f.m.key(Key::N, false);
  f.m.text_input("r");
  f.m.key(Key::Digit1, false);
  f.m.text_input("1");
  EXPECT_EQ(f.moves(), "h2e2 h9g7") << "N typed into the filter did not start a new game";
  d = f.m.view_model().dialog;
  EXPECT_EQ(d->text, "cup.pgn: 4/12 games (1 could not be read and were left out)");
  EXPECT_TRUE(dialog_button(d, "Filter (player, event, year, opening like C70, result): r1▏"));
  EXPECT_TRUE(dialog_button(d, "11. R11"));
  EXPECT_FALSE(dialog_button(d, "2. R2"));
  f.m.text_input("2");
  f.m.key(Key::Return, false);
  EXPECT_EQ(f.m.message(), "Game 12 of 12: R12 – B12");
  f.m.key(Key::G, false);
  f.m.key(Key::Backspace, false);  // "r1" again
  f.m.key(Key::Escape, false);
  EXPECT_FALSE(f.m.view_model().dialog);
  f.m.key(Key::PageUp, false);
  EXPECT_EQ(f.m.message(), "Game 11 of 12: R11 – B11") << "the previous game the filter keeps";
  f.m.key(Key::PageUp, false);
  EXPECT_EQ(f.m.message(), "Game 10 of 12: R10 – B10");
  f.m.key(Key::PageUp, false);
  EXPECT_EQ(f.m.message(), "Game 1 of 12: R1 – B1") << "R2 to R9 are filtered out";
}

// A big file's list shows at once, says how far the reading is, and takes the
// letters typed meanwhile as its filter (L is not the language key there).
TEST(AppModel, ABigFileShowsItsListAtOnceAndTakesTheFilterWhileItIsRead) {
  std::string pgn;
  for (int i = 1; i <= 20000; ++i)
    pgn += "[Red \"Player" + std::to_string(i) + "\"]\n[Black \"B\"]\n\n1. h2e2 h9g7 2. h0g2 b9c7 3. b2c2 1-0\n\n";
  Fixture f(Fixture::Files{{"big.pgn", pgn}});
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.m.open_file("big.pgn");
  auto d = f.m.view_model().dialog;
  ASSERT_TRUE(d) << "the list shows while the games are read";
  EXPECT_NE(d->text.find("big.pgn: reading… "), std::string::npos) << d->text;
  EXPECT_NE(d->text.find(" of 20000 games"), std::string::npos) << d->text;
  f.m.key(Key::L, false);  // typed early: into the filter, not the language
  f.m.text_input("l");
  f.m.key(Key::D, false);  // not a demo
  f.m.text_input("a");
  f.m.text_input("yer1999");
  d = f.m.view_model().dialog;
  ASSERT_TRUE(d);
  EXPECT_TRUE(dialog_button(d, "Filter (player, event, year, opening like C70, result): layer1999▏")) << d->buttons[0].label;
  ASSERT_TRUE(f.wait_for_list());
  d = f.m.view_model().dialog;
  ASSERT_TRUE(d);
  // The filter typed while reading is applied (Player1999 and Player19990–19999), in English still (L did not switch).
  EXPECT_EQ(d->text, "big.pgn: 11/20000 games");
  EXPECT_TRUE(dialog_button(d, "1999. Player1999 – B  1-0  5 plies  C60"));
  EXPECT_EQ(f.moves(), "");
  f.m.key(Key::Escape, false);
  EXPECT_FALSE(f.m.view_model().dialog);
}

// The list's order button: as filed, the newest first (a game dated only by
// its event counts; no year last), by player.
TEST(AppModel, AListIsSortedByYearOrPlayer) {
  const std::string pgn =
      "[Red \"Zhao\"]\n[Date \"1998.05.01\"]\n\n1. h2e2 *\n\n"
      "[Red \"Li\"]\n\n1. h2e2 *\n\n"
      "[Red \"Wang\"]\n[Event \"2005年全国个人赛\"]\n\n1. h2e2 *\n\n";
  Fixture f(Fixture::Files{{"three.pgn", pgn}});
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.m.open_file("three.pgn");
  ASSERT_TRUE(f.wait_for_list());
  auto order = [&] {
    std::string names;
    for (const xq::Button& b : f.m.view_model().dialog->buttons)
      if (b.action == Action::CollectionOpen) names += b.label.substr(b.label.find(' ') + 1, b.label.find(' ', b.label.find(' ') + 1) - b.label.find(' ') - 1) + " ";
    return names;
  };
  ASSERT_TRUE(f.m.view_model().dialog);
  EXPECT_EQ(order(), "Zhao Li Wang ");
  EXPECT_TRUE(dialog_button(f.m.view_model().dialog, "Order: as filed"));
  f.m.act(Action::CollectionSort);
  EXPECT_EQ(order(), "Wang Zhao Li ");
  EXPECT_TRUE(dialog_button(f.m.view_model().dialog, "Order: newest"));
  f.m.act(Action::CollectionSort);
  EXPECT_EQ(order(), "Li Wang Zhao ");
  f.m.text_input("2005");  // the filter keeps the order
  EXPECT_EQ(order(), "Wang ");
}

// Closing a list while it is read stops the reading; the program goes on at once.
TEST(AppModel, ClosingAListWhileItIsReadStopsTheReading) {
  std::string pgn;
  for (int i = 1; i <= 20000; ++i) pgn += "[Red \"R" + std::to_string(i) + "\"]\n\n1. h2e2 h9g7 *\n\n";
  Fixture f(Fixture::Files{{"big.pgn", pgn}, {"one.pgn", "[Red \"Solo\"]\n\n1. c3c4 *\n"}});
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.m.open_file("big.pgn");
  ASSERT_TRUE(f.m.view_model().dialog);
  f.m.key(Key::Escape, false);
  EXPECT_FALSE(f.m.view_model().dialog);
  f.m.open_file("one.pgn");
  EXPECT_EQ(f.moves(), "c3c4");
  EXPECT_TRUE(f.wait_until([&] { return !f.m.view_model().dialog && f.moves() == "c3c4"; }));
}

// A file whose main line has a move that cannot be played opens up to it, and
// the message says where it stopped, in each language.
TEST(AppModel, AGameWithABadMoveOpensUpToItAndSaysSo) {
  std::string bad = xqf_documented_example();
  bad[0x420 + 1] = char(0x38 + 5);  // move 4 (炮2平3, b7c7) made b7c9
  Fixture f(Fixture::Files{{"bad.xqf", bad}, {"bad.pgn", "[Event \"x\"]\n\n1. 炮二平五 马8进7 2. 车一进五\n"}});
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.m.open_file("bad.xqf");
  EXPECT_EQ(f.m.message(), "Opened bad.xqf (the first 3 moves: move 4, b7c9, cannot be played)");
  EXPECT_EQ(f.m.controller().game().ply(), 3);
  f.m.act(Action::Language);
  f.m.open_file("bad.pgn");
  EXPECT_EQ(f.m.message(), "已载入 bad.pgn（只载入前 2 步：第 3 步 车一进五 无法走出）");
  EXPECT_EQ(f.moves(), "h2e2 h9g7");
}

TEST(AppModel, SaveAndOpenGoThroughTheDesktopsChooserAndItsFolderIsKept) {
  Fixture f(Fixture::Files{{"/home/p/games/liu-lv.xqf", xqf_documented_example()}});
  f.desktop.chooser = true;
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  o.moves = "h2e2 h9g7";
  ASSERT_TRUE(f.start(o));
  f.m.act(Action::Save);
  ASSERT_TRUE(f.desktop.asked.has_value());
  EXPECT_EQ(*f.desktop.asked, xq::FileDialogKind::Save);
  EXPECT_EQ(f.desktop.asked_folder, "saved") << "first time: the saved-games folder";
  EXPECT_EQ(f.desktop.asked_name.substr(0, 5), "game-");
  f.desktop.answer = "/home/p/games/mine";  // the player typed a name without .pgn
  f.m.update(real_ms());
  ASSERT_TRUE(f.files->files.count("/home/p/games/mine.pgn"));
  EXPECT_NE(f.files->files["/home/p/games/mine.pgn"].find("炮二平五"), std::string::npos);
  EXPECT_EQ(f.m.message(), "Saved mine.pgn in games/") << "the file and its folder: the whole path shrank the status to nothing";
  EXPECT_TRUE(has_line(f.m.take_console_lines(), "saved: /home/p/games/mine.pgn"));
  EXPECT_EQ(f.m.settings().folder, "/home/p/games");
  f.m.act(Action::Load);
  EXPECT_EQ(*f.desktop.asked, xq::FileDialogKind::Open);
  EXPECT_EQ(f.desktop.asked_folder, "/home/p/games") << "the folder is remembered";
  f.desktop.answer = "";  // cancelled: nothing happens
  f.m.update(real_ms());
  EXPECT_EQ(f.m.controller().game().ply(), 2);
  f.m.act(Action::Load);
  f.desktop.answer = "/home/p/games/liu-lv.xqf";
  f.m.update(real_ms());
  EXPECT_EQ(f.m.controller().game().ply(), 16);
  EXPECT_EQ(f.m.message(), "Opened /home/p/games/liu-lv.xqf");
}

TEST(AppModel, WithoutAChooserOpenShowsTheInGameListOfSavedGames) {
  const std::string a = "[Event \"e\"]\n[Date \"2026.11.01\"]\n[Red \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n";
  const std::string b = "[Event \"e\"]\n[Date \"2026.11.02\"]\n[Red \"Cy\"]\n[Black \"Di\"]\n\n1. b2e2 *\n";
  Fixture f(Fixture::Files{{"saved/game-20261101-100000.pgn", a}, {"saved/game-20261102-100000.pgn", b}});
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.m.act(Action::Load);
  const xq::ViewModel& vm = f.m.view_model();
  ASSERT_TRUE(vm.dialog.has_value());
  EXPECT_EQ(vm.dialog->text, "Open a saved game");
  ASSERT_EQ(vm.dialog->buttons.size(), 3u);
  EXPECT_EQ(vm.dialog->buttons[0].label, "2026.11.02  Cy – Di  *  1 moves") << "newest first";
  EXPECT_EQ(vm.dialog->buttons[1].label, "2026.11.01  Ann – Bob  1-0  1 moves") << "two plies are one move";
  EXPECT_EQ(vm.dialog->buttons[2].label, "Cancel");
  // A click on the second row (board design coordinates, at scale 1 here) opens it.
  const xq::Rect board = f.m.board_view().board();
  const xq::Rect r = vm.dialog->buttons[1].rect;
  const float s = f.m.board_view().scale();
  f.m.click(board.x + (r.x + 10) * s, board.y + (r.y + 10) * s);
  EXPECT_FALSE(f.m.view_model().dialog.has_value());
  EXPECT_EQ(f.moves(), "h2e2 h9g7");
  f.m.act(Action::Load);
  f.m.act(Action::CloseList);
  EXPECT_FALSE(f.m.view_model().dialog.has_value());
  EXPECT_EQ(f.moves(), "h2e2 h9g7");
}

namespace {

// A master-game-shaped record: the advisors shuffle until the position after
// 1... 马8进7 has stood three times (a draw by the rules at ply 10, which no
// arbiter called), then the players go on; it ends with black to move.
const char* const kPlayedOn =
    "[Event \"club championship\"]\n[Red \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
    "1. h2e2 h9g7 2. f0e1 f9e8 3. e1f0 e8f9 4. f0e1 f9e8 5. e1f0 e8f9 6. h0g2 b9c7 7. b0c2 *\n";

}  // namespace

TEST(AppModel, ARecordPlayedOnPastARepetitionOpensWholeWithTheVerdictAsANote) {
  Fixture f(Fixture::Files{{"played_on.pgn", kPlayedOn}});
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));  // the default mode: the player is red, the computer black
  f.m.open_file("played_on.pgn");
  EXPECT_EQ(f.m.controller().game().ply(), 13) << f.m.message();
  EXPECT_NE(f.m.message().find("the rules end the game at move 5: draw by repetition; the record goes on to move 7"),
            std::string::npos)
      << f.m.message();
  // The move list: every move, and the verdict as a note under round 5.
  const xq::ViewModel vm = f.m.view_model();
  bool note = false;
  for (const xq::MoveListRow& r : vm.rows) note |= r.variation == "[rules: draw by repetition; play went on]";
  EXPECT_TRUE(note);
}

TEST(AppModel, OpeningARecordWithBlackToMoveAddsNothingUntilThePlayerPlaysFromHere) {
  const std::string record = "[Event \"x\"]\n\n1. h2e2 h9g7 2. h0g2 b9c7 3. i0h0 *\n";  // black to move
  Fixture f(Fixture::Files{{"black_to_move.pgn", record}});
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  ASSERT_EQ(f.m.controller().mode(), xq::Mode::HumanRed);
  f.m.open_file("black_to_move.pgn");
  ASSERT_EQ(f.m.controller().game().ply(), 5);
  // Many frames (the computer answers within 30 ms when it may): nothing is added.
  const int64_t until = real_ms() + 500;
  while (real_ms() < until) {
    f.m.update(real_ms());
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_EQ(f.m.controller().game().ply(), 5);
  EXPECT_TRUE(f.m.record_shown());
  EXPECT_FALSE(f.files->files.count("autosave.pgn")) << "a record on show is not the player's unfinished game";
  const auto buttons = f.m.view_model().buttons;
  EXPECT_TRUE(std::any_of(buttons.begin(), buttons.end(),
                          [](const xq::Button& b) { return b.action == Action::PlayFromHere && b.label == "Play from here"; }));
  // Stepping back through it keeps it shown; Play from here after 1. 炮二平五 (black to move) drops
  // the rest, and the computer plays black from there.
  f.m.key(Key::Home, false);
  f.m.key(Key::Right, false);
  ASSERT_EQ(f.m.controller().review_ply(), 1);
  EXPECT_TRUE(f.m.record_shown());
  f.m.act(Action::PlayFromHere);
  EXPECT_FALSE(f.m.record_shown());
  EXPECT_EQ(f.moves(), "h2e2");
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().game().ply() == 2; })) << "the computer plays black";
}

TEST(AppModel, AMoveOfThePlayersOwnInAShownRecordStartsPlay) {
  Fixture f(Fixture::Files{{"red_to_move.pgn", "[Event \"x\"]\n\n1. h2e2 h9g7 *\n"}});
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.m.open_file("red_to_move.pgn");
  EXPECT_TRUE(f.m.record_shown());
  f.m.view_model();
  f.click_square("h0");
  f.click_square("g2");
  EXPECT_FALSE(f.m.record_shown());
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().game().ply() == 4; })) << "the computer answers the player's move";
}

TEST(AppModel, AFinishedGameShowsItsResultOnlyAtTheEndAndIsNotAnalysedThere) {
  Fixture f(Fixture::Files{{"mate.pgn", "[Event \"x\"]\n\n1. b2c2 f9e8 2. c2c6 b7c7 3. c6c9 1-0\n"}});
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.m.open_file("mate.pgn");
  ASSERT_TRUE(f.m.controller().game_over());
  EXPECT_EQ(f.m.view_model().banner, "Red wins by checkmate");
  for (int i = 0; i < 50; ++i) f.m.update(real_ms());
  EXPECT_FALSE(f.m.controller().analysing()) << "nothing to analyse in the final position";
  // Stepping back through the game: no banner over the board, and the position on show is analysed.
  f.m.key(Key::Left, false);
  EXPECT_EQ(f.m.view_model().banner, "");
  EXPECT_EQ(f.m.controller().status(), "Review: move 4");
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().analysing(); }));
  f.m.key(Key::End, false);
  EXPECT_EQ(f.m.view_model().banner, "Red wins by checkmate");
}

TEST(AppModel, TheMoveListFollowsThePositionOnShow) {
  // A long game of legal moves (the first legal move each time, 120 plies or to its end).
  xq::Game g;
  g.reset_start();
  std::mt19937 random(5);
  while (g.ply() < 120 && !g.verdict().over()) {
    const auto moves = g.legal_moves();
    g.play(moves[random() % moves.size()]);
  }
  const int n = g.ply();
  ASSERT_GT(n, 80);
  Fixture f(Fixture::Files{{"long.pgn", xq::write_pgn(g, {{"Event", "long"}}, std::vector<std::string>{})}});
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  auto row_in_view = [&](int ply) {
    const xq::ViewModel& vm = f.m.view_model();
    const int visible = int(xq::move_list_rect(vm.panel_below, !vm.graph.empty()).h / xq::kRowH);
    for (int i = vm.scroll; i < vm.scroll + visible && i < int(vm.rows.size()); ++i)
      if (vm.rows[size_t(i)].red_ply == ply || vm.rows[size_t(i)].black_ply == ply) return true;
    return false;
  };
  f.m.open_file("long.pgn");
  EXPECT_TRUE(row_in_view(n)) << "a game opened shows its last move";
  for (int i = 0; i < 60; ++i) f.m.key(Key::Left, false);
  EXPECT_EQ(f.m.view_model().current_ply, n - 60);
  EXPECT_TRUE(row_in_view(n - 60)) << "stepping back 60 moves brings the row into view";
  f.m.key(Key::Home, false);
  f.m.key(Key::Right, false);
  EXPECT_TRUE(row_in_view(1));
  f.m.key(Key::End, false);
  EXPECT_TRUE(row_in_view(n));
}
