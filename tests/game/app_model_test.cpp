// The app model: actions, keys, clicks in window pixels, the resume question,
// autosave, save/load, copy/paste, settings, and the view model it hands the
// renderer, with files in memory and a fake clipboard.
#include "app_model_fixture.h"

using namespace app_model_fixture;  // Fixture, FakeDesktop, fast, real_ms, dialog_button …

TEST(AppModel, ClicksInWindowPixelsPlayAndTheComputerAnswers) {
  Fixture f;
  ASSERT_TRUE(f.start());
  f.click_square("h2");
  f.click_square("e2");
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().game().ply() == 2; }));
  EXPECT_EQ(f.moves().substr(0, 4), "h2e2");
}

// A refused move's point is crossed out on the board while the status says why.
TEST(AppModel, ARefusedPointIsMarkedWhileTheReasonShows) {
  Fixture f;
  ASSERT_TRUE(f.start());
  f.click_square("b0");
  f.click_square("b4");  // not a horse's move
  const xq::ViewModel& vm = f.m.view_model();
  ASSERT_TRUE(vm.refused.has_value());
  EXPECT_EQ(xq::square_to_string(*vm.refused), "b4");
  EXPECT_EQ(vm.message, "这个棋子走不到那里");
  EXPECT_GT(vm.message_until_ms, 0);
  EXPECT_EQ(f.m.controller().game().ply(), 0);
}

// The clock button speaks the window's language: 读秒 controls in Chinese units.
TEST(AppModel, TheClockButtonNamesItsUnitsInTheLanguage) {
  for (const auto& [lang, want] : {std::pair<std::string, std::string>{"zh", "20分/30秒×3"}, {"en", "20m/30s*3"}}) {
    Fixture f;
    xq::StartOptions o;
    o.lang = lang;
    o.clock = "20m/30s*3";
    ASSERT_TRUE(f.start(o));
    const auto& b = f.m.view_model().buttons;
    const auto it = std::find_if(b.begin(), b.end(), [](const xq::Button& x) { return x.action == Action::Clock; });
    ASSERT_NE(it, b.end());
    EXPECT_EQ(it->label, want);
  }
  Fixture g;
  xq::StartOptions o;
  o.lang = "zh";
  o.clock = "5+3";
  ASSERT_TRUE(g.start(o));
  const auto& b = g.m.view_model().buttons;
  EXPECT_TRUE(std::any_of(b.begin(), b.end(), [](const xq::Button& x) { return x.action == Action::Clock && x.label == "5+3"; }));
}

// Help's piece legend shows the characters of the set on the board.
TEST(AppModel, HelpsPieceLegendFollowsThePieceSet) {
  auto legend = [](const std::string& pieces) {
    Fixture f;
    xq::StartOptions o;
    o.pieces = pieces;
    EXPECT_TRUE(f.start(o));
    f.m.act(Action::Help);
    std::string all;
    for (const std::string& l : f.m.view_model().help) all += l + "\n";
    return all;
  };
  const std::string traditional = legend("traditional"), bold = legend("bold"), symbols = legend("symbols");
  EXPECT_NE(traditional.find("帥 將"), std::string::npos) << traditional;
  EXPECT_NE(traditional.find("俥 車"), std::string::npos);
  for (const std::string& l : {bold, symbols}) {
    EXPECT_EQ(l.find("帥 將"), std::string::npos) << l;
    EXPECT_NE(l.find("帅 将"), std::string::npos) << l;
    EXPECT_NE(l.find("车 车"), std::string::npos);
    EXPECT_NE(l.find("马 马"), std::string::npos);
  }
}

TEST(AppModel, AutosaveFollowsTheGameAndANewGameRemovesIt) {
  Fixture f;
  ASSERT_TRUE(f.start());
  f.m.act(Action::ModeTwo);
  f.click_square("h2");
  f.click_square("e2");
  f.m.update(real_ms());
  ASSERT_TRUE(f.files->files.count(AppModel::autosave_name()));
  const std::string& text = f.files->files[AppModel::autosave_name()];
  EXPECT_NE(text.find("炮二平五"), std::string::npos) << text;
  EXPECT_NE(text.find("[Mode \"two\"]"), std::string::npos) << text;
  f.m.act(Action::NewGame);
  f.m.update(real_ms());
  EXPECT_FALSE(f.files->files.count(AppModel::autosave_name())) << "a fresh game leaves nothing to resume";
}

TEST(AppModel, ResumeQuestionBlocksTheBoardUntilAnswered) {
  Fixture f(Fixture::Files{{AppModel::autosave_name(), kAutosave}});
  ASSERT_TRUE(f.start());
  ASSERT_TRUE(f.m.resume_offered());
  const xq::ViewModel& vm = f.m.view_model();
  ASSERT_TRUE(vm.dialog);
  EXPECT_NE(vm.dialog->text.find("3 步"), std::string::npos) << vm.dialog->text;
  ASSERT_EQ(vm.dialog->buttons.size(), 2u);
  f.click_square("h2");  // the board does not answer while the question waits
  f.m.update(real_ms());
  EXPECT_EQ(f.m.controller().game().ply(), 0);
  EXPECT_TRUE(f.files->files.count(AppModel::autosave_name())) << "the autosave is kept until the answer";
  // Click the middle of "继续" (its rectangle is in board design coordinates).
  const xq::Rect r = vm.dialog->buttons[0].rect, b = f.m.board_view().board();
  const float s = f.m.board_view().scale();
  f.m.click(b.x + (r.x + r.w / 2) * s, b.y + (r.y + r.h / 2) * s);
  EXPECT_FALSE(f.m.resume_offered());
  EXPECT_EQ(f.moves(), "h2e2 h9g7 b0c2");
  EXPECT_EQ(f.m.controller().mode(), xq::Mode::TwoPlayers);
  EXPECT_FALSE(f.m.view_model().dialog);
}

TEST(AppModel, DecliningTheResumeStartsAfreshAndDropsTheAutosave) {
  Fixture f(Fixture::Files{{AppModel::autosave_name(), kAutosave}});
  ASSERT_TRUE(f.start());
  f.m.act(Action::ResumeNo);
  f.m.update(real_ms());
  EXPECT_EQ(f.m.controller().game().ply(), 0);
  EXPECT_FALSE(f.files->files.count(AppModel::autosave_name()));
}

TEST(AppModel, StartOptionsThatNameABadMoveOrSquareFail) {
  Fixture f;
  std::string err;
  xq::StartOptions o;
  o.moves = "h2e2 h2e2";
  EXPECT_FALSE(f.m.start(o, &err));
  EXPECT_NE(err.find("--moves"), std::string::npos) << err;
  o.moves = "h2e2";
  o.select = "z9";
  EXPECT_FALSE(f.m.start(o, &err));
  EXPECT_NE(err.find("--select"), std::string::npos) << err;
}

TEST(AppModel, SettingsAreReadAtStartAndWrittenOnChange) {
  Fixture f(Fixture::Files{{"settings.ini", "level=2\nmode=black\nflip=0\niccs=1\nsound=0\n"}});
  ASSERT_TRUE(f.start());
  EXPECT_EQ(f.m.controller().level(), 2);
  EXPECT_EQ(f.m.controller().mode(), xq::Mode::HumanBlack);
  EXPECT_TRUE(f.m.ui().flipped) << "black plays from the bottom";
  EXPECT_TRUE(f.m.ui().iccs);
  EXPECT_FALSE(f.m.ui().sound);
  f.m.act(Action::Flip);
  EXPECT_FALSE(f.m.ui().flipped);
  f.m.act(Action::Level0);
  xq::Settings s;
  xq::parse_settings(f.files->files["settings.ini"], s);
  EXPECT_EQ(s.level, 0);
  EXPECT_TRUE(s.flip) << "turned away from the mode's usual side";
  EXPECT_EQ(s.mode, "black");
}

// The ponder switch is in the level row at the top level only; it
// switches pondering on, the settings keep it with the level, and the next start has both.
TEST(AppModel, PonderSwitchAtTheTopLevelIsKept) {
  // A copy: the view model's buttons are rebuilt by the next view_model().
  auto ponder_button = [](const xq::ViewModel& vm) -> std::optional<xq::Button> {
    for (const xq::Button& b : vm.buttons)
      if (b.action == Action::Ponder) return b;
    return std::nullopt;
  };
  Fixture f(Fixture::Files{{"settings.ini", "level=6\n"}});
  xq::StartOptions o;
  o.lang = "en";
  ASSERT_TRUE(f.start(o));
  EXPECT_EQ(f.m.controller().level(), 6) << "levels past the first four are read back";
  EXPECT_FALSE(ponder_button(f.m.view_model()));
  f.m.act(Action::LevelUp);
  const std::optional<xq::Button> b = ponder_button(f.m.view_model());
  ASSERT_TRUE(b);
  EXPECT_EQ(b->label, "Ponder");
  EXPECT_FALSE(b->active);
  f.m.act(Action::Ponder);
  EXPECT_TRUE(f.m.controller().ponder());
  ASSERT_TRUE(ponder_button(f.m.view_model()));
  EXPECT_TRUE(ponder_button(f.m.view_model())->active);
  const xq::ViewModel vm = f.m.view_model();
  for (const xq::Button& o : vm.buttons) {  // the row's four do not overlap
    if (o.action != Action::Ponder && o.rect.y == b->rect.y) {
      EXPECT_TRUE(o.rect.x + o.rect.w <= b->rect.x || b->rect.x + b->rect.w <= o.rect.x) << o.label;
    }
  }
  xq::Settings s;
  xq::parse_settings(f.files->files["settings.ini"], s);
  EXPECT_EQ(s.level, 7);
  EXPECT_TRUE(s.ponder);
  Fixture g(Fixture::Files{{"settings.ini", f.files->files["settings.ini"]}});
  ASSERT_TRUE(g.start());
  EXPECT_EQ(g.m.controller().level(), 7);
  EXPECT_TRUE(g.m.controller().ponder());
}

TEST(AppModel, CopyAndPastePositionsThroughTheClipboard) {
  Fixture f;
  ASSERT_TRUE(f.start());
  f.m.act(Action::CopyFen);
  EXPECT_EQ(f.desktop.text, xq::kStartFen);
  f.desktop.text = "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1\n";
  f.m.act(Action::PasteFen);
  EXPECT_EQ(f.m.controller().game().fen(), "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1");
  f.desktop.text = "not a position";
  f.m.act(Action::PasteFen);
  EXPECT_EQ(f.m.controller().game().fen(), "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1") << "bad paste keeps the game";
  EXPECT_NE(f.m.message().find("剪贴板不是局面"), std::string::npos) << f.m.message();
  // A move list as people type it, with no round numbers or tags.
  f.desktop.text = "炮二平五　馬８進７，傌二進三 車９平８";
  f.m.act(Action::PasteFen);
  EXPECT_EQ(f.moves(), "h2e2 h9g7 h0g2 i9h9") << f.m.message();
}

// A forum's DhtmlXQ block pasted opens; Ctrl+Shift+C copies the game out as one.
TEST(AppModel, DhtmlXQBlocksArePastedAndCopied) {
  Fixture f;
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.desktop.text = "Look:\n[DhtmlXQ]\n[DhtmlXQ_red]Lü[/DhtmlXQ_red]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n"
                   "[DhtmlXQ_move_0_2_1]7242[/DhtmlXQ_move_0_2_1]\n[/DhtmlXQ]\n";
  f.m.act(Action::PasteFen);
  EXPECT_EQ(f.moves(), "h2e2 h9g7");
  EXPECT_EQ(f.m.message(), "Opened the clipboard");
  f.m.update(real_ms());
  EXPECT_EQ(f.m.ui().move_notes, (std::vector<std::string>{"", "…"})) << "its variation (1… 炮8平5) is in the record";
  f.desktop.text = "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]";
  f.m.act(Action::PasteFen);
  EXPECT_NE(f.m.message().find("no [/DhtmlXQ] end"), std::string::npos) << f.m.message();
  EXPECT_EQ(f.moves(), "h2e2 h9g7") << "the game on show stays";
  f.m.key(Key::C, true, true);
  EXPECT_EQ(f.m.message(), "Game copied as DhtmlXQ, for a forum post");
  EXPECT_NE(f.desktop.text.find("[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]"), std::string::npos) << f.desktop.text;
  EXPECT_NE(f.desktop.text.find("[DhtmlXQ_move_0_2_1]7242[/DhtmlXQ_move_0_2_1]"), std::string::npos) << f.desktop.text;
  f.m.key(Key::C, true);
  EXPECT_EQ(f.desktop.text, f.m.controller().game().fen()) << "Ctrl+C alone: the position";
}

TEST(AppModel, SaveThenLoadTheNewestGame) {
  Fixture f;
  ASSERT_TRUE(f.start());
  f.m.act(Action::Load);
  EXPECT_NE(f.m.message().find("没有保存的对局"), std::string::npos) << f.m.message();
  f.m.act(Action::ModeTwo);
  f.click_square("h2");
  f.click_square("e2");
  f.m.act(Action::Save);
  ASSERT_EQ(f.files->list(AppModel::saved_dir(), ".pgn").size(), 1u);
  f.files->files["saved/game-19990101-000000.pgn"] = "[Event \"old\"]\n\n1. b2e2 *\n";  // older by name
  f.m.act(Action::NewGame);
  f.m.act(Action::Load);  // no desktop chooser here: the in-game list, newest first
  f.m.act(Action::OpenSaved, 0);
  EXPECT_EQ(f.moves(), "h2e2");
  f.files->files["saved/game-29990101-000000.pgn"] = "this is not a game";
  f.m.act(Action::Load);
  ASSERT_TRUE(f.m.view_model().dialog.has_value());
  EXPECT_EQ(f.m.view_model().dialog->buttons[0].label, "game-29990101-000000.pgn") << "unreadable: named by its file";
  f.m.act(Action::OpenSaved, 0);
  EXPECT_EQ(f.moves(), "h2e2") << "a damaged file keeps the current game";
  EXPECT_NE(f.m.message().find("无法载入"), std::string::npos) << f.m.message();
}

TEST(AppModel, KeysFlipReviewAndUndo) {
  Fixture f;
  ASSERT_TRUE(f.start());
  f.m.act(Action::ModeTwo);
  f.click_square("h2");
  f.click_square("e2");
  f.click_square("h9");
  f.click_square("g7");
  f.m.key(Key::F, false);
  EXPECT_TRUE(f.m.ui().flipped);
  f.m.view_model();
  EXPECT_TRUE(f.m.board_view().flipped()) << "the view turns with the setting";
  f.m.key(Key::Left, false);
  EXPECT_EQ(f.m.controller().review_ply(), 1);
  f.m.key(Key::Home, false);
  EXPECT_EQ(f.m.controller().review_ply(), 0);
  f.m.key(Key::End, false);
  EXPECT_EQ(f.m.controller().review_ply(), -1);
  f.m.key(Key::Z, false);
  EXPECT_EQ(f.m.controller().game().ply(), 2) << "z alone is not undo";
  f.m.key(Key::Z, true);
  EXPECT_EQ(f.m.controller().game().ply(), 1);
}

TEST(AppModel, ViewModelShowsSelectionTargetsAndMovesAndIsRebuiltOnlyOnChange) {
  Fixture f;
  ASSERT_TRUE(f.start());
  f.m.act(Action::ModeTwo);
  f.click_square("h2");
  const xq::ViewModel& vm = f.m.view_model();
  ASSERT_TRUE(vm.selected);
  EXPECT_EQ(xq::square_to_string(*vm.selected), "h2");
  EXPECT_EQ(vm.capture_targets.size(), 1u) << "h2h9 takes the horse";
  EXPECT_EQ(vm.quiet_targets.size() + vm.capture_targets.size(), 12u);
  EXPECT_EQ(vm.pieces.size(), 32u);
  f.click_square("e2");
  const xq::ViewModel& after = f.m.view_model();
  ASSERT_EQ(after.rows.size(), 1u);
  EXPECT_EQ(after.rows[0].red, "炮二平五");
  EXPECT_EQ(after.status, "黑方走棋");
  // Frames without a change reuse the snapshot.
  xq::ViewModelCache cache;
  xq::UiState ui;
  cache.get(f.m.controller(), ui, std::nullopt);
  cache.get(f.m.controller(), ui, std::nullopt);
  EXPECT_EQ(cache.builds(), 1);
  ui.iccs = true;
  EXPECT_EQ(cache.get(f.m.controller(), ui, std::nullopt).rows[0].red, "h2e2");
  EXPECT_EQ(cache.builds(), 2);
}

// English: every word on the panel, the status, the banner and the messages,
// the moves in WXF; the choice made in the window is kept in the settings.
TEST(AppModel, EnglishShowsEnglishWordsAndWxfMoves) {
  Fixture f;
  xq::StartOptions o;
  o.lang = "en";
  o.mode = "two";
  o.moves = "h2e2 h9g7";
  ASSERT_TRUE(f.start(o));
  const xq::ViewModel& vm = f.m.view_model();
  EXPECT_EQ(vm.status, "Red to move");
  ASSERT_FALSE(vm.rows.empty());
  EXPECT_EQ(vm.rows[0].red, "C2=5");
  EXPECT_EQ(vm.rows[0].black, "H8+7");
  for (const xq::Button& b : vm.buttons)  // all English but the one naming the other language (中文)
    for (unsigned char ch : b.label) {
      if (b.action != Action::Language) {
        EXPECT_LT(ch, 0x80) << "not English: " << b.label;
      }
    }
  EXPECT_EQ(vm.bottom_numbers[0], "9");  // red counts from its right, in Arabic numerals in English
  EXPECT_EQ(vm.top_numbers[0], "1");
  f.m.act(Action::CopyFen);
  EXPECT_EQ(f.m.message(), "Position copied");
  f.m.act(Action::Resign);
  f.m.act(Action::ResignYes);
  EXPECT_EQ(f.m.view_model().banner, "Black wins (red resigns)");
  // Back to Chinese from the panel's button (or the L key); the settings keep it.
  f.m.act(Action::Language);
  EXPECT_EQ(f.m.view_model().banner, "红方认输，黑方胜");
  EXPECT_EQ(f.m.view_model().rows[0].red, "炮二平五");
  EXPECT_EQ(f.m.view_model().bottom_numbers[0], "九");
  EXPECT_NE(f.files->files["settings.ini"].find("lang=zh"), std::string::npos);
  f.m.key(Key::L, false);
  EXPECT_EQ(f.m.ui().language, xq::Language::English);
  EXPECT_NE(f.files->files["settings.ini"].find("lang=en"), std::string::npos);
}

TEST(AppModel, LanguageComesFromTheOptionThenTheSettingsThenTheLocale) {
  {
    Fixture f;
    xq::StartOptions o;
    o.locale_language = xq::Language::English;
    ASSERT_TRUE(f.start(o));
    EXPECT_EQ(f.m.ui().language, xq::Language::English);
    EXPECT_EQ(f.m.view_model().status, "Red to move");
  }
  {
    Fixture f(Fixture::Files{{"settings.ini", "lang=zh\n"}});
    xq::StartOptions o;
    o.locale_language = xq::Language::English;
    ASSERT_TRUE(f.start(o));
    EXPECT_EQ(f.m.view_model().status, "红方走棋");
  }
  {
    Fixture f(Fixture::Files{{"settings.ini", "lang=zh\n"}});
    xq::StartOptions o;
    o.lang = "en";
    ASSERT_TRUE(f.start(o));
    EXPECT_EQ(f.m.view_model().status, "Red to move");
  }
  EXPECT_EQ(xq::language_of_locale("en_GB.UTF-8"), xq::Language::English);
  EXPECT_EQ(xq::language_of_locale("zh_CN.UTF-8"), xq::Language::Chinese);
  EXPECT_EQ(xq::language_of_locale("C.UTF-8"), xq::Language::Chinese);
  EXPECT_EQ(xq::say(xq::Language::English, xq::Phrase::CannotOpen, {"a.pgn", "bad tag"}), "Cannot open a.pgn: bad tag");
}

// In a portrait window the panel sits under the board and its buttons and
// move list answer there.
TEST(AppModel, PortraitWindowPanelAnswersClicks) {
  Fixture f;
  xq::StartOptions o;
  o.mode = "two";
  o.moves = "h2e2 h9g7 b0c2";
  ASSERT_TRUE(f.start(o));
  f.m.layout(600, 900);
  const xq::ViewModel& vm = f.m.view_model();
  ASSERT_TRUE(vm.panel_below);
  const xq::Rect p = f.m.board_view().panel();
  const float s = f.m.board_view().scale();
  for (const xq::Button& b : vm.buttons) {
    if (b.action != Action::Flip) continue;
    f.m.click(p.x + (b.rect.x + b.rect.w / 2) * s, p.y + (b.rect.y + b.rect.h / 2) * s);
  }
  EXPECT_TRUE(f.m.ui().flipped);
  // The first round's red move in the list, right of the buttons: review after ply 1.
  const xq::Rect list = xq::move_list_rect(true);
  f.m.click(p.x + (list.x + 50) * s, p.y + (list.y + 5) * s);
  EXPECT_EQ(f.m.controller().review_ply(), 1);
}

// The game's clock stands still while the position editor is open (04:59 → 04:17
// after 40 s in the editor and Cancel was seen).
TEST(AppModel, TheClockStandsStillInTheEditor) {
  Fixture f;
  xq::StartOptions o;
  o.mode = "two";
  o.clock = "5+0";
  ASSERT_TRUE(f.start(o));
  const int64_t t0 = 1000000;
  f.m.update(t0);
  f.click_square("h2");
  f.click_square("e2");
  f.m.update(t0 + 1000);  // black's clock runs
  const int before = f.m.controller().clock_ms(xq::BLACK);
  f.m.act(Action::EditBoard);
  f.m.update(t0 + 41000);  // 40 s in the editor
  f.m.act(Action::EditCancel);
  f.m.update(t0 + 41001);
  EXPECT_NEAR(f.m.controller().clock_ms(xq::BLACK), before, 50) << "black's clock ran in the editor";
  f.m.update(t0 + 43001);
  EXPECT_NEAR(f.m.controller().clock_ms(xq::BLACK), before - 2000, 50) << "and runs again after it";
}

// After the flag falls in 读秒 the face shows nothing below zero ("读秒0×-1" was seen).
TEST(AppModel, AByoyomiFaceNeverGoesBelowZero) {
  Fixture f;
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "zh";
  ASSERT_TRUE(f.start(o));
  f.m.controller().set_time_control(xq::TimeControl{0, 0, 30, 3});  // 3 countdowns of 30 ms
  f.m.update(real_ms());
  f.click_square("h2");
  f.click_square("e2");
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().game_over(); })) << "black's flag falls";
  const std::string face = f.m.view_model().clock_faces[xq::BLACK];
  EXPECT_EQ(face.find('-'), std::string::npos) << face;
  EXPECT_NE(face.find("读秒0×0"), std::string::npos) << face;
}

// The clock choice cycles, is kept in the settings and in the autosave; a
// resumed game gets its clock readings back.
TEST(AppModel, ClocksAreChosenSavedAndResumed) {
  Fixture f;
  xq::StartOptions o;
  o.mode = "two";
  o.clock = "1+0";
  ASSERT_TRUE(f.start(o));
  EXPECT_EQ(f.m.controller().time_control(), (xq::TimeControl{60000, 0}));
  f.m.update(real_ms());
  f.click_square("h2");
  f.click_square("e2");
  f.m.update(real_ms());
  const std::string& autosave = f.files->files[AppModel::autosave_name()];
  EXPECT_NE(autosave.find("[TimeControl \"60+0\"]"), std::string::npos) << autosave;
  EXPECT_NE(autosave.find("{[%clk 0:0"), std::string::npos) << autosave;
  EXPECT_FALSE(f.m.view_model().clock_faces[xq::BLACK].empty());
  f.m.act(Action::Clock);  // 1+0 is not a panel choice: the cycle starts again at "none"
  EXPECT_FALSE(f.m.controller().time_control().on());
  f.m.act(Action::Clock);
  EXPECT_EQ(f.m.controller().time_control(), (xq::TimeControl{300000, 3000}));
  EXPECT_NE(f.files->files["settings.ini"].find("clock=5+3"), std::string::npos);

  const char* saved =
      "[Event \"autosave\"]\n[Mode \"two\"]\n[TimeControl \"600+5\"]\n\n"
      "1. h2e2 {[%clk 0:09:50]} h9g7 {[%clk 0:09:42]} 2. b0c2 {[%clk 0:09:31]} *\n";
  Fixture g(Fixture::Files{{AppModel::autosave_name(), saved}});
  ASSERT_TRUE(g.start());
  g.m.act(Action::ResumeYes);
  EXPECT_EQ(g.m.controller().time_control(), (xq::TimeControl{600000, 5000}));
  EXPECT_EQ(g.m.controller().clock_ms(xq::RED), 571000);
  EXPECT_EQ(g.m.controller().clock_ms(xq::BLACK), 582000);
}

// F1 or ? shows the keys; the next key or click only closes the overlay.
TEST(AppModel, HelpOverlayListsTheKeysAndTheNextInputClosesIt) {
  Fixture f;
  ASSERT_TRUE(f.start());
  f.m.key(Key::Help, false);
  const std::vector<std::string> lines = f.m.view_model().help;
  ASSERT_GT(lines.size(), 5u);
  EXPECT_EQ(lines[0], "按键");
  f.m.key(Key::F, false);
  EXPECT_TRUE(f.m.view_model().help.empty());
  EXPECT_FALSE(f.m.ui().flipped) << "the key that closed the overlay did nothing else";
  f.m.act(Action::Language);
  f.m.key(Key::Help, false);
  EXPECT_EQ(f.m.view_model().help[0], "Keys");
  f.click_square("h2");
  EXPECT_TRUE(f.m.view_model().help.empty());
  EXPECT_FALSE(f.m.controller().selected()) << "the click that closed the overlay selected nothing";
}

TEST(AppModel, ReviewMarksTheMovesDrawsTheGraphAndShowsTheBetterLine) {
  Fixture f;
  xq::StartOptions o;
  o.fen = "5k3/9/9/9/1R7/7r1/9/9/9/3K5 w - - 0 1";
  o.moves = "b5b4 h4b4";
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  xq::ReviewOptions ro;
  ro.nodes = 30000;
  ro.hash_mb = 8;
  f.m.set_review_options(ro);
  f.m.act(Action::Review);
  EXPECT_GT(f.m.ui().review_total, 0);
  ASSERT_TRUE(f.wait_until([&] { return !f.m.ui().review.empty(); }));
  EXPECT_FALSE(f.m.reviewing());
  EXPECT_NE(f.m.message().find("Reviewed: 0 ?!  0 ?  1 ??"), std::string::npos)
      << f.m.message();
  const xq::ViewModel& vm = f.m.view_model();
  ASSERT_FALSE(vm.rows.empty());
  EXPECT_EQ(vm.rows[0].red, "R8-1??…") << "the blunder is marked, its better line a variation";
  EXPECT_EQ(vm.rows[0].black, "R8=2") << "the engine's own choice is not";
  ASSERT_EQ(vm.graph.size(), 3u);
  EXPECT_EQ(vm.graph[0], 0.0f);
  EXPECT_LT(vm.graph[1], -0.5f) << "black is winning after the blunder";
  // A click on the graph's middle bar (of three: the start, after move 1, after move 2) shows
  // the position after move 1, whose move has a better line.
  const xq::Rect panel = f.m.board_view().panel();
  const xq::Rect g = xq::graph_rect(f.m.ui().panel_below);
  const float sc = f.m.board_view().scale();
  f.m.click(panel.x + (g.x + g.w / 2) * sc, panel.y + (g.y + g.h / 2) * sc);
  EXPECT_EQ(f.m.controller().review_ply(), 1);
  const std::string status = f.m.view_model().status;
  // Another rook move that holds the draw (several do: R8=4, R8+4, R8=6), scored level.
  EXPECT_EQ(status.rfind("Better: R8", 0), 0u) << status;
  EXPECT_NE(status.rfind("Better: R8-1 ", 0), 0u) << status;
  EXPECT_NE(status.find("(0)"), std::string::npos) << status;
  // The graph says which move is marked and red's score after it, in numbers.
  EXPECT_EQ(f.m.view_model().graph_note, "1. mated 3") << "red is mated in 3 after the blunder";
  // Playing on keeps the marks; taking a reviewed move back drops its mark, the moves before it keep
  // theirs (and the graph); so does another move from an earlier position.
  f.m.controller().review(-1);
  f.m.act(Action::Undo);
  f.m.update(real_ms());
  EXPECT_EQ(f.m.ui().review.size(), 1u);
  EXPECT_EQ(f.m.view_model().graph.size(), 2u);
  f.m.act(Action::Undo);
  f.m.update(real_ms());
  EXPECT_TRUE(f.m.ui().review.empty());
  EXPECT_TRUE(f.m.view_model().graph.empty());
}

TEST(AppModel, ReviewOfAnEmptyGameSaysSo) {
  Fixture f;
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.m.act(Action::Review);
  EXPECT_EQ(f.m.message(), "No moves to review yet");
  EXPECT_FALSE(f.m.reviewing());
}

TEST(AppModel, EveryKeyTheHelpListsReachesTheModel) {
  // The shell hands the model key_named(SDL's name for the key): a key the
  // help names but the table lacks (L once) would be dead in the window.
  for (xq::Language lang : {xq::Language::English, xq::Language::Chinese}) {
    const std::vector<std::string> names = xq::help_key_names(lang);
    EXPECT_GE(names.size(), 20u) << "the help text was not read";
    for (const std::string& n : names) EXPECT_NE(xq::key_named(n), Key::None) << "'" << n << "' is listed in help";
  }
  EXPECT_EQ(xq::key_named("l"), Key::L);
  EXPECT_EQ(xq::key_named("L"), Key::L);
  EXPECT_EQ(xq::key_named("Q"), Key::None);
  // And L does what the help says: the other language.
  Fixture f;
  xq::StartOptions o;
  o.lang = "zh";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.m.key(xq::key_named("L"), false);
  EXPECT_EQ(f.m.ui().language, xq::Language::English);
}

TEST(AppModel, ResignAsksFirstAndTheBannerOffersOnlyWhatWorks) {
  Fixture f;
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  o.mode = "two";
  ASSERT_TRUE(f.start(o));
  f.m.act(Action::Resign);
  ASSERT_TRUE(f.m.view_model().dialog.has_value()) << "one click on Resign does not end the game";
  EXPECT_EQ(f.m.view_model().dialog->text, "Resign this game?");
  EXPECT_FALSE(f.m.controller().game_over());
  f.m.act(Action::ResignNo);
  EXPECT_FALSE(f.m.view_model().dialog.has_value());
  EXPECT_FALSE(f.m.controller().game_over());
  f.m.act(Action::Resign);
  f.m.act(Action::ResignYes);
  ASSERT_TRUE(f.m.controller().game_over());
  EXPECT_EQ(f.m.controller().game().verdict().reason, xq::Reason::Resignation);
  EXPECT_EQ(f.m.view_model().banner_note, "Click the board for a new game") << "at move 0 undo can do nothing";
  // With moves to take back, undo is offered.
  f.m.act(Action::NewGame);
  f.click_square("h2");
  f.click_square("e2");
  f.m.act(Action::Resign);
  f.m.act(Action::ResignYes);
  EXPECT_EQ(f.m.view_model().banner_note, "Click the board for a new game · Undo to play on");
}

TEST(AppModel, ASetUpComplaintGoesWithTheStepItWasAbout) {
  Fixture f;
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  o.mode = "two";
  ASSERT_TRUE(f.start(o));
  f.m.act(Action::EditBoard);
  f.m.act(Action::EditTool, 6);  // a red pawn: the set has its five on the board
  f.click_square("e4");
  EXPECT_EQ(f.m.message(), "There are no more of that piece");
  f.click_square("e3");  // the pawn on e3 comes off: that worked, the complaint goes
  EXPECT_EQ(f.m.message(), "");
  f.click_square("e3");  // and back on
  f.click_square("e4");
  EXPECT_EQ(f.m.message(), "There are no more of that piece");
  f.m.act(Action::EditCancel);
  EXPECT_EQ(f.m.message(), "") << "the game does not inherit the editor's complaint";
  f.m.act(Action::EditBoard);
  f.m.act(Action::EditTool, 6);
  f.click_square("e4");
  f.m.act(Action::EditDone);
  EXPECT_EQ(f.m.message(), "");
}

TEST(BoardView, AWindowFitsTheDisplay) {
  // A size saved on a bigger monitor, or asked for: inside the usable area, less the frame.
  EXPECT_EQ(xq::fit_window(540, 960, 1280, 900).h, 852);
  EXPECT_EQ(xq::fit_window(540, 960, 1280, 900).w, 540);
  EXPECT_EQ(xq::fit_window(2400, 1600, 1920, 1040).w, 1896);
  EXPECT_EQ(xq::fit_window(800, 616, 1920, 1040).h, 616) << "a size that fits is kept";
  EXPECT_EQ(xq::fit_window(800, 616, 0, 0).w, 800) << "no display known: as asked";
  EXPECT_EQ(xq::fit_window(100, 100, 320, 240).h, 300) << "never below the window's minimum";
}
