// The app model with outside engines: analysis by another program, engines
// named on the command line, added and removed, their settings, and a
// match between two engines; with the fake engines of tests/data.

#include "app_model_fixture.h"
#include "external_engine.h"

using namespace app_model_fixture;  // Fixture, FakeDesktop, fast, real_ms, dialog_button …

namespace {

std::string fake_engine(const std::string& mode) {
  return std::string("bash ") + XQ_TEST_DATA + "/data/fake_engine.sh " + mode;
}

}  // namespace

// The analysis's place as the view model fills it, with an outside engine
// (the fake, in `mode`) analysing from the start of a two-player game: once
// `ready` holds of the controller (at most 10 s).
template <class F>
std::vector<std::string> outside_analysis(const std::string& mode, F ready) {
  xq::ControllerOptions co;
  co.hash_mb = 8;
  co.animation_ms = 0;
  xq::Controller c(co);
  c.set_language(xq::Language::English);
  c.set_mode(xq::Mode::TwoPlayers);
  auto e = std::make_unique<xq::ExternalEngine>();
  std::string err;
  EXPECT_TRUE(e->open(fake_engine(mode), &err)) << err;
  c.set_outside_engine(std::move(e), false, false, true);
  c.set_analysis(true);
  const int64_t deadline = real_ms() + 10000;
  while (real_ms() < deadline) {
    c.update(real_ms());
    if (ready(c)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  xq::UiState ui;
  ui.language = xq::Language::English;
  ui.analysis = true;
  return xq::build_view_model(c, ui, std::nullopt, nullptr).analysis;
}

// An outside engine whose lines count no nodes (ElephantEye's) is not said
// to have searched "0k nodes": its analysis head leaves the count out.
TEST(AppModel, AnEngineThatCountsNoNodesIsNotSaidToHaveSearchedNone) {
  const auto lines = outside_analysis("nonodes", [](const xq::Controller& c) { return c.analysis().lines.size() >= 2; });
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0], "Fake · depth 2 · Red's scores");
}

// An analysing engine that answers from its book with no lines at all says
// so in the analysis's place (it was blank with no word why).
TEST(AppModel, AnAnalysisAnsweredWithNoLinesSaysSo) {
  const auto lines = outside_analysis("bookonly", [](const xq::Controller& c) {
    return c.analysis_move_without_lines() != xq::kNoMove;
  });
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0], "Fake: C2=5, with no search lines (a book move?)");
}

TEST(AppModel, AnEngineFromTheCommandLineIsOpenedOffTheFrameThreadNamedAndKept) {
  Fixture f;
  xq::StartOptions o;
  o.engine = fake_engine("good");
  o.mode = "black";  // the computer (the outside engine) opens
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  std::vector<std::string> console;
  ASSERT_TRUE(f.wait_until([&] {
    for (auto& l : f.m.take_console_lines()) console.push_back(l);
    return !f.m.engine_opening() && f.m.controller().game().ply() == 1;
  }));
  EXPECT_TRUE(has_line(console, "engine: Fake good"));
  EXPECT_EQ(f.m.ui().engine, "Fake good");
  EXPECT_EQ(f.moves(), "h2e2") << "its move";
  ASSERT_EQ(f.m.settings().engines.size(), 1u);
  EXPECT_EQ(f.m.settings().engines[0], o.engine);
  EXPECT_EQ(f.m.settings().engine_choice, 1);
  // The Engine button: the same engine for red only, black only, analysis only, then the built-in one.
  f.m.act(Action::Engine);
  EXPECT_EQ(f.m.ui().engine_role, "·执红");
  EXPECT_EQ(f.m.controller().engine_name(xq::RED), "Fake good");
  EXPECT_EQ(f.m.controller().engine_name(xq::BLACK), "Qianli 0.3");
  EXPECT_EQ(f.m.controller().analysis_engine_name(), "Qianli 0.3");
  f.m.act(Action::Engine);
  EXPECT_EQ(f.m.controller().engine_name(xq::RED), "Qianli 0.3");
  EXPECT_EQ(f.m.controller().engine_name(xq::BLACK), "Fake good");
  f.m.act(Action::Engine);
  EXPECT_EQ(f.m.settings().engine_side, "analysis");
  EXPECT_EQ(f.m.controller().engine_name(xq::BLACK), "Qianli 0.3");
  EXPECT_EQ(f.m.controller().analysis_engine_name(), "Fake good");
  f.m.act(Action::Engine);  // the next in the list: the built-in engine
  EXPECT_EQ(f.m.ui().engine, "");
  EXPECT_EQ(f.m.settings().engine_choice, 0);
  EXPECT_FALSE(f.m.controller().has_outside_engine());
  f.m.act(Action::Engine);  // and the outside one again, for everything
  ASSERT_TRUE(f.wait_until([&] { return !f.m.engine_opening(); }));
  EXPECT_EQ(f.m.ui().engine, "Fake good");
  EXPECT_EQ(f.m.settings().engine_side, "both");
  f.m.finish();
  EXPECT_NE(f.files->files["settings.ini"].find("engine=" + o.engine), std::string::npos);
}

TEST(AppModel, AnEngineThatCannotStartIsNamedAndTheBuiltInPlays) {
  Fixture f;
  xq::StartOptions o;
  o.engine = "/nonexistent/engine";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  std::vector<std::string> console;
  ASSERT_TRUE(f.wait_until([&] {
    for (auto& l : f.m.take_console_lines()) console.push_back(l);
    return !f.m.engine_opening();
  }));
  f.m.update(real_ms());
  for (auto& l : f.m.take_console_lines()) console.push_back(l);
  EXPECT_TRUE(has_line(console, "playing with the built-in engine")) << (console.empty() ? "" : console[0]);
  EXPECT_NE(f.m.message().find("Cannot start the engine"), std::string::npos) << f.m.message();
  EXPECT_FALSE(f.m.controller().has_outside_engine());
  f.click_square("h2");
  f.click_square("e2");
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().game().ply() == 2; })) << "the built-in engine answers";
}

TEST(AppModel, EnginesAreAddedByDropOrChooserAndRemoved) {
  Fixture f(Fixture::Files{{"/opt/eng/pika.sh", "#!/bin/sh\nexec pikafish\n"}});
  f.desktop.chooser = true;
  // Any SearchService will do as the "outside" engine here: a second built-in one.
  f.m.set_engine_opener([](const std::string&, const xq::EngineSetup&, xq::EngineFacts*, std::string*) -> std::unique_ptr<xq::SearchService> {
    return std::make_unique<xq::Searcher>(8);
  });
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.m.open_file("/opt/eng/pika.sh");  // a dropped program is an engine
  ASSERT_TRUE(f.wait_until([&] { return !f.m.engine_opening(); }));
  ASSERT_EQ(f.m.settings().engines, std::vector<std::string>{"/opt/eng/pika.sh"});
  EXPECT_EQ(f.m.settings().engine_choice, 1);
  EXPECT_EQ(f.m.ui().engine, "Qianli 0.3");
  f.m.key(Key::E, true);  // Ctrl+E: the desktop's chooser picks another program
  ASSERT_TRUE(f.desktop.asked.has_value());
  EXPECT_EQ(*f.desktop.asked, xq::FileDialogKind::Program);
  f.desktop.answer = "/usr/games/other-engine";
  ASSERT_TRUE(f.wait_until([&] { return f.m.settings().engines.size() == 2 && !f.m.engine_opening(); }));
  EXPECT_EQ(f.m.settings().engine_choice, 2);
  f.m.key(Key::Delete, true);  // Ctrl+Delete: the chosen one leaves the list
  EXPECT_EQ(f.m.settings().engines, std::vector<std::string>{"/opt/eng/pika.sh"});
  EXPECT_EQ(f.m.settings().engine_choice, 0);
  EXPECT_EQ(f.m.message(), "Removed /usr/games/other-engine from the engines");
  EXPECT_FALSE(f.m.controller().has_outside_engine());
}

TEST(AppModel, TheClocksRunWhileAnOutsideEngineStarts) {
  Fixture f;
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  f.m.set_engine_opener([released](const std::string&, const xq::EngineSetup&, xq::EngineFacts*,
                                   std::string*) -> std::unique_ptr<xq::SearchService> {
    released.wait();  // a slow engine: still starting
    return std::make_unique<xq::Searcher>(8);
  });
  xq::StartOptions o;
  o.engine = "slow-engine";
  o.mode = "black";  // the computer, red, is to move and its clock runs
  o.clock = "1+0";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  ASSERT_TRUE(f.m.engine_opening());
  f.m.update(1000);
  f.m.update(30000);
  EXPECT_EQ(f.m.controller().clock_ms(xq::RED), 31000) << "red's clock runs while its engine starts";
  EXPECT_EQ(f.m.controller().game().ply(), 0) << "and the built-in engine does not play in its place";
  f.m.update(62000);
  EXPECT_TRUE(f.m.controller().game_over()) << "a flag can fall while an engine starts";
  release.set_value();
  ASSERT_TRUE(f.wait_until([&] { return !f.m.engine_opening(); }));
}

TEST(AppModel, TheAnalysisNamesItsEngineAsTheButtonDoesAndWhoseScoresTheyAre) {
  Fixture f;
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  o.mode = "two";  // two players: the position on show is analysed, several lines
  ASSERT_TRUE(f.start(o));
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().analysis().depth >= 3; }));
  const auto head = f.m.view_model().analysis.at(0);
  EXPECT_EQ(head.rfind("built-in · depth ", 0), 0u) << head;
  EXPECT_NE(head.find("Red's scores"), std::string::npos) << head;
  f.m.act(Action::Language);
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().analysis().depth >= 3; }));
  const auto zh = f.m.view_model().analysis.at(0);
  EXPECT_EQ(zh.rfind("内置 · 深度 ", 0), 0u) << zh;
  EXPECT_NE(zh.find("红方分数"), std::string::npos) << zh;
}

// Once a move mates, the analysis of the position before it is not left on
// screen (its last line stayed there after the end).
TEST(AppModel, AfterAMateTheLastSearchLineIsNotShown) {
  Fixture f;
  xq::StartOptions o;
  o.fen = "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1";
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().analysis().depth >= 2; }));
  EXPECT_FALSE(f.m.view_model().analysis.empty());
  f.click_square("i0");
  f.click_square("i9");
  f.m.update(real_ms());
  ASSERT_TRUE(f.m.controller().game_over());
  EXPECT_TRUE(f.m.view_model().analysis.empty()) << f.m.view_model().analysis.at(0);
  // Stepping back into the game, the analysis speaks again.
  f.m.key(Key::Left, false);
  ASSERT_TRUE(f.wait_until([&] { return !f.m.view_model().analysis.empty(); }));
}

// ElephantEye (here its fake: it quits unless its first line is "ucci") is
// found to speak UCCI, and that is remembered; its options are shown; turning
// its book off restarts it with the option set, and it is kept in the settings.
TEST(AppModel, EngineSettingsShowTheOptionsAndAChangeRestartsTheEngineWithIt) {
  Fixture f;
  xq::StartOptions o;
  o.engine = fake_script("fake_eleeye.sh", "");
  o.mode = "black";  // the engine opens
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  ASSERT_TRUE(f.wait_until([&] { return !f.m.engine_opening() && f.m.controller().game().ply() == 1; }));
  EXPECT_EQ(f.moves(), "h2e2") << "its book move";
  EXPECT_EQ(f.m.settings().engine_setup.at(o.engine).protocol, "ucci") << "the protocol that answered";
  f.m.act(Action::EngineSettings);
  auto d = f.m.view_model().dialog;
  ASSERT_TRUE(d);
  EXPECT_EQ(d->text, "Engine: ElephantEye 3.31 (fake)");
  const xq::Button* book = dialog_button(d, "usebook: ");
  ASSERT_TRUE(book);
  EXPECT_EQ(book->label, "usebook: on");
  ASSERT_TRUE(dialog_button(d, "hashsize: 16"));
  ASSERT_TRUE(dialog_button(d, "idle: none"));
  f.m.act(book->action, book->arg);
  EXPECT_EQ(dialog_button(f.m.view_model().dialog, "usebook: ")->label, "usebook: off");
  const xq::Button* more = dialog_button(f.m.view_model().dialog, "+");  // hashsize, the only spin
  ASSERT_TRUE(more);
  f.m.act(more->action, more->arg);
  EXPECT_TRUE(dialog_button(f.m.view_model().dialog, "hashsize: 32"));
  f.m.act(Action::EngineSettingsDone);
  EXPECT_FALSE(f.m.view_model().dialog);
  ASSERT_TRUE(f.wait_until([&] { return !f.m.engine_opening(); }));
  f.m.act(Action::NewGame);
  ASSERT_TRUE(f.wait_until([&] { return f.m.controller().game().ply() == 1; }));
  EXPECT_EQ(f.moves(), "b2e2") << "without its book it opens otherwise";
  f.m.finish();
  const std::string& ini = f.files->files["settings.ini"];
  EXPECT_NE(ini.find("engine_protocol=ucci\nengine_option=usebook=false\nengine_option=hashsize=32\n"),
            std::string::npos)
      << ini;
  // Defaults forget them.
  f.m.act(Action::EngineSettings);
  f.m.act(Action::EngineDefaults);
  EXPECT_TRUE(dialog_button(f.m.view_model().dialog, "usebook: on"));
  EXPECT_TRUE(f.m.settings().engine_setup.at(o.engine).values.empty());
}

// Ours against an xboard engine that resigns at once: two games, colours
// alternating, the score in the dialog and both games saved as PGN.
TEST(AppModel, AnEngineMatchIsPlayedScoredAndSaved) {
  Fixture f;
  xq::StartOptions o;
  o.engine = fake_script("fake_xboard.sh", "resign");
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  ASSERT_TRUE(f.wait_until([&] { return !f.m.engine_opening(); }));
  f.m.act(Action::Match);
  auto d = f.m.view_model().dialog;
  ASSERT_TRUE(d);
  EXPECT_EQ(d->text, "Engine match");
  EXPECT_TRUE(dialog_button(d, "First: Qianli"));
  EXPECT_TRUE(dialog_button(d, "Second: fake_xboard.sh"));
  for (int i = 0; i < 6 && !dialog_button(f.m.view_model().dialog, "Games: 2 "); ++i) f.m.act(Action::MatchGames);
  ASSERT_TRUE(dialog_button(f.m.view_model().dialog, "Games: 2 "));
  f.m.act(Action::MatchStartStop);
  EXPECT_TRUE(dialog_button(f.m.view_model().dialog, "Stop"));
  auto lines = [&] {
    std::string all;
    for (const std::string& l : f.m.view_model().dialog->lines) all += l + "\n";
    return all;
  };
  ASSERT_TRUE(f.wait_until([&] { return lines().find("The match is over") != std::string::npos; })) << lines();
  EXPECT_NE(lines().find("Qianli 0.3 vs Fake xboard resign: +2 =0 -0, 2 of 2 points"), std::string::npos)
      << lines();
  EXPECT_NE(lines().find("2. Fake xboard resign (red) – Qianli 0.3 (black)  0-1"), std::string::npos) << lines();
  // And why it ended: a resignation, not a forfeit (the engine's "resign" was taken for an illegal move).
  EXPECT_NE(lines().find("0 plies · black wins (red resigns)"), std::string::npos) << lines();
  std::string pgn;
  for (const auto& [name, text] : f.files->files)
    if (name.rfind("matches/match-", 0) == 0) pgn = text;
  EXPECT_NE(pgn.find("[Round \"1\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Round \"2\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Red \"Fake xboard resign\"]"), std::string::npos) << pgn << "named as it names itself";
  EXPECT_NE(pgn.find("[Result \"0-1\"]"), std::string::npos) << pgn;
  f.m.act(Action::MatchClose);
  EXPECT_FALSE(f.m.view_model().dialog);
}
