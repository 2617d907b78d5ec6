// The app model as a study tool: the library's explorer and imports, and the
// record as a tree (variations, comments, marks) in the window.
#include <fstream>
#include <array>
#include "app_model_fixture.h"
#include "xqf.h"

using namespace app_model_fixture;  // Fixture, FakeDesktop, fast, real_ms, dialog_button …

namespace {

// A library file in a fresh folder of its own, removed at the end.
struct LibraryFile {
  std::string dir = (std::filesystem::temp_directory_path() /
                     ("xq-app-library-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++)))
                        .string();
  std::string path = dir + "/library.sqlite3";
  LibraryFile() { std::filesystem::create_directories(dir); }
  ~LibraryFile() { std::filesystem::remove_all(dir); }
  static int& counter() {
    static int n = 0;
    return n;
  }
};

}  // namespace

// The mouse wheel goes through the explorer's rows when they are more than its place holds.
TEST(AppModel, TheWheelScrollsTheExplorersRows) {
  LibraryFile lib;
  Fixture f;
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.library = lib.path;
  ASSERT_TRUE(f.start(o));
  // Twelve games, each with another first move: twelve rows at the start.
  std::ofstream pgn(lib.dir + "/firsts.pgn");
  for (const char* m : {"h2e2", "c3c4", "g3g4", "g0e2", "c0e2", "h0g2", "b0c2", "h2f2", "b2d2", "h2d2", "f0e1", "i0i1"})
    pgn << "[Red \"R\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. " << m << " *\n\n";
  pgn.close();
  f.m.import_to_library({lib.dir + "/firsts.pgn"});
  ASSERT_TRUE(f.wait_until([&] { return !f.m.library_importing() && f.m.message().rfind("Imported", 0) == 0; }));
  f.m.key(Key::X, false);
  const int visible = xq::explorer_visible_rows(f.m.ui());
  ASSERT_TRUE(f.wait_until([&] { return int(f.m.ui().explorer_rows.size()) == 12; }))
      << f.m.ui().explorer_rows.size() << " rows, " << visible << " visible";
  auto first_row = [&] {
    for (const xq::Button& b : f.m.view_model().buttons)
      if (b.action == Action::ExplorerMove) return b.arg;
    return -1;
  };
  EXPECT_EQ(first_row(), 0);
  f.m.wheel(-1);  // down
  EXPECT_EQ(first_row(), 1);
  f.m.wheel(-100);
  EXPECT_EQ(first_row(), int(f.m.ui().explorer_rows.size()) - visible) << "no further than the last row";
  f.m.wheel(100);
  EXPECT_EQ(first_row(), 0);
  EXPECT_EQ(f.m.ui().scroll, 0) << "the move list did not move";
}

// An opening whose name has a variation shows it on the head's second line,
// the rows starting under it (the English name ran over the board once).
TEST(AppModel, TheExplorersHeadPutsAVariationOnItsOwnLine) {
  LibraryFile lib;
  for (const char* lang : {"zh", "en"}) {
    Fixture f;
    xq::StartOptions o;
    o.mode = "two";
    o.lang = lang;
    o.library = lib.path;
    o.moves = "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 c3c4 h7i7 h6g6 i7i8 b0c2 d9e8 b2a2 a9b9";
    ASSERT_TRUE(f.start(o));
    f.m.key(Key::X, false);
    ASSERT_TRUE(f.wait_until([&] { return f.m.ui().explorer_head.rfind("C46 ", 0) == 0; }));
    const std::string head = f.m.ui().explorer_head;
    const std::string first = std::string(lang) == "zh" ? "C46 中炮过河车互进七兵对屏风马平炮兑车"
                                                        : "C46 Central Cannon with River-Crossing Chariot, Both Seventh Pawns, "
                                                          "vs Screen Horses with Edge Cannon for Chariot Exchange";
    const std::string second = std::string(lang) == "zh" ? "红左边炮对黑退边炮上右士右直车"
                                                         : "Red Left Edge Cannon vs Black Edge Cannon Back";
    EXPECT_EQ(head.substr(0, head.find('\n')), first) << head;
    EXPECT_EQ(head.find(second), head.find('\n') + 1) << head;
    const xq::ViewModel& vm = f.m.view_model();
    std::vector<const xq::Button*> heads, rows;
    for (const xq::Button& b : vm.buttons) {
      if (b.action == Action::None && (b.label == first || b.label.rfind(second, 0) == 0)) heads.push_back(&b);
      if (b.action == Action::ExplorerMove) rows.push_back(&b);
    }
    ASSERT_EQ(heads.size(), 2u) << lang;
    EXPECT_EQ(heads[1]->rect.y, heads[0]->rect.y + 20);
    ASSERT_FALSE(rows.empty());
    EXPECT_GE(rows[0]->rect.y, heads[1]->rect.y + heads[1]->rect.h) << "the rows start under the head";
  }
}

TEST(AppModel, TheExplorerShowsTheLibrarysMovesFollowsTheBoardAndPlaysOne) {
  LibraryFile lib;
  Fixture f;
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.library = lib.path;
  ASSERT_TRUE(f.start(o));
  f.m.import_to_library({std::string(XQ_TEST_DATA) + "/data/library"});
  ASSERT_TRUE(f.wait_until([&] { return !f.m.library_importing() && f.m.message().rfind("Imported", 0) == 0; }));
  EXPECT_EQ(f.m.message(), "Imported 5 games, skipped 1 duplicates, 2 failed");
  EXPECT_LT(f.m.view_model().progress, 0.0f) << "the import's bar is gone once it is done";

  f.m.key(Key::X, false);
  ASSERT_TRUE(f.wait_until([&] { return !f.m.ui().explorer_rows.empty() && f.m.ui().explorer_rows[0].find("×") != std::string::npos; }));
  EXPECT_EQ(f.m.ui().explorer_head, "Opening explorer · library 5 games");
  // Of the 4 games one has no result: the percentages are of the 3 that do, the fourth is counted apart.
  // Columns (the move, its games, the results, the rest) split by tabs, the results also as a bar.
  EXPECT_EQ(f.m.ui().explorer_rows[0].rfind("C2=5\t4×\tR67% D33% B0%\t1 unknown 2004", 0), 0u)
      << f.m.ui().explorer_rows[0];
  EXPECT_EQ(f.m.ui().explorer_rows[1].rfind("P7+1\t1×\tR0% D0% B100%\t2010", 0), 0u) << f.m.ui().explorer_rows[1];
  EXPECT_EQ(f.m.ui().explorer_bars[0], (std::array<int, 3>{67, 33, 0}));
  EXPECT_EQ(f.m.ui().explorer_bars[1], (std::array<int, 3>{0, 0, 100}));
  // The panel shows the rows as buttons in the move list's place.
  const xq::ViewModel& vm = f.m.view_model();
  EXPECT_TRUE(vm.explorer);
  const auto row = std::find_if(vm.buttons.begin(), vm.buttons.end(),
                                [](const xq::Button& b) { return b.action == Action::ExplorerMove && b.arg == 0; });
  ASSERT_NE(row, vm.buttons.end());
  EXPECT_EQ(row->bar, (std::array<int, 3>{67, 33, 0})) << "the row's button carries its bar";
  // A click on the first row plays 炮二平五; the explorer follows.
  const xq::Rect p = f.m.board_view().panel();
  f.m.click(p.x + (row->rect.x + 5) * f.m.board_view().scale(), p.y + (row->rect.y + 5) * f.m.board_view().scale());
  EXPECT_EQ(f.moves(), "h2e2");
  ASSERT_TRUE(f.wait_until([&] { return f.m.ui().explorer_head.rfind("B00 ", 0) == 0 && f.m.ui().explorer_rows[0].find("×") != std::string::npos; }));
  EXPECT_EQ(f.m.ui().explorer_head, "B00 Central Cannon Opening · library 5 games");
  EXPECT_EQ(f.m.ui().explorer_rows[0].rfind("H8+7\t4×", 0), 0u) << f.m.ui().explorer_rows[0];

  // Games: the four library games that reached the position, as a game list with their codes.
  f.m.act(Action::ExplorerGames);
  ASSERT_TRUE(f.wait_until([&] { return f.m.view_model().dialog.has_value(); }));
  const std::optional<xq::Dialog>& list = f.m.view_model().dialog;
  EXPECT_EQ(list->text, "Library · B00 Central Cannon Opening: 4 games");
  ASSERT_NE(dialog_button(list, "1. Hu Ronghua – Lü Qin  1-0"), nullptr);
  EXPECT_NE(dialog_button(list, "1. Hu Ronghua")->label.find("C70 Test Cup 1998.05.01"), std::string::npos);
  f.m.act(Action::CollectionOpen, 0);
  EXPECT_EQ(f.moves(), "h2e2 h9g7 h0g2 b9c7 b2c2 c6c5 b0a2");

  // Stepping back through the game: the explorer follows, the record's own moves first.
  f.m.key(Key::Home, false);
  auto row_starting = [&](const std::string& text) {
    const auto& rows = f.m.ui().explorer_rows;
    for (size_t i = 0; i < rows.size(); ++i)
      if (rows[i].rfind(text, 0) == 0) return int(i);
    return -1;
  };
  ASSERT_TRUE(f.wait_until([&] { return f.m.ui().explorer_head.rfind("Opening explorer", 0) == 0 && row_starting("P7+1\t1×") >= 0; }));
  EXPECT_EQ(f.m.ui().explorer_rows[0], "game C2=5");
  // Another move on the start position: a variation; the game stays in the record as the main line.
  f.m.act(Action::ExplorerMove, row_starting("P7+1\t1×"));
  EXPECT_EQ(f.moves(), "c3c4");
  EXPECT_EQ(f.m.message(), "A variation, P7+1: the game stays the main line (B shows variations, P promotes one)");
  EXPECT_EQ(f.m.controller().review_ply(), -1);
  f.m.key(Key::Home, false);
  ASSERT_TRUE(f.wait_until([&] { return row_starting("var P7+1") >= 0; }));
  EXPECT_EQ(f.m.ui().explorer_rows[0], "game C2=5");
  // Back to the game's line, on its first move.
  f.m.act(Action::ExplorerMove, row_starting("game C2=5"));
  EXPECT_EQ(f.moves(), "h2e2 h9g7 h0g2 b9c7 b2c2 c6c5 b0a2");
  EXPECT_EQ(f.m.controller().review_ply(), 1);

  // The whole library as a list, searched by typing: an opening code and a player, both kept.
  f.m.act(Action::LibraryList);
  ASSERT_TRUE(f.wait_until([&] { return f.m.view_model().dialog.has_value(); }));
  EXPECT_EQ(f.m.view_model().dialog->text, "Library: 5 games");
  // The library answers the filter (all its games, not the list's 2,000).
  f.m.text_input("c70 xu");
  ASSERT_TRUE(f.wait_until([&] { return f.m.view_model().dialog->text == "Library: 1 games"; }));
  EXPECT_TRUE(dialog_button(f.m.view_model().dialog, "1. Xu Yinchuan – Hu Ronghua"));
  for (int i = 0; i < 6; ++i) f.m.key(Key::Backspace, false);
  // A year range and a result.
  f.m.text_input("2005- 0-1");
  ASSERT_TRUE(f.wait_until([&] { return dialog_button(f.m.view_model().dialog, "1. Lü Qin – Xu Yinchuan") != nullptr; }));
  EXPECT_EQ(f.m.view_model().dialog->text, "Library: 1 games");
  for (int i = 0; i < 4; ++i) f.m.key(Key::Backspace, false);
  ASSERT_TRUE(f.wait_until([&] { return f.m.view_model().dialog->text == "Library: 2 games"; }));  // 2010 and 2012
  // Nothing found: the list stays, to type the filter back.
  f.m.text_input(" nobody");
  ASSERT_TRUE(f.wait_until([&] { return f.m.view_model().dialog->text == "Library: 0 games"; }));
  for (int i = 0; i < 7; ++i) f.m.key(Key::Backspace, false);
  ASSERT_TRUE(f.wait_until([&] { return f.m.view_model().dialog->text == "Library: 2 games"; }));
  f.m.key(Key::Escape, false);

  f.m.key(Key::X, false);
  EXPECT_FALSE(f.m.ui().explorer);
  EXPECT_FALSE(f.m.view_model().explorer);
}

TEST(AppModel, AFileThatIsNoLibraryIsNamedInTheExplorer) {
  LibraryFile lib;
  {
    std::ofstream(lib.path) << std::string(4096, 'x');
  }
  Fixture f;
  xq::StartOptions o;
  o.lang = "en";
  o.library = lib.path;
  ASSERT_TRUE(f.start(o));
  f.m.act(Action::Explorer);
  ASSERT_TRUE(f.wait_until([&] { return f.m.ui().explorer_head.find("not a game library") != std::string::npos; }));
  f.m.import_to_library({std::string(XQ_TEST_DATA) + "/data/library"});
  ASSERT_TRUE(f.wait_until([&] { return !f.m.library_importing() && f.m.message().rfind("Imported", 0) == 0; }));
  EXPECT_EQ(f.m.message(), "Imported 0 games, skipped 0 duplicates, 1 failed");
  EXPECT_EQ(std::string(4096, 'x'), [&] {
    std::ifstream in(lib.path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }());
}

// The record as a tree in the window: a move on an earlier position starts a
// variation; P promotes, C comments and marks, Delete removes; the autosave
// keeps the tree and a resumed game has it.
TEST(AppModel, AMoveOnAnEarlierPositionStartsAVariationKeptInTheRecord) {
  Fixture f;
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  for (const char* sq : {"h2", "e2", "h9", "g7", "h0", "g2"}) f.click_square(sq);
  EXPECT_EQ(f.moves(), "h2e2 h9g7 h0g2");
  f.m.key(Key::Left, false);
  f.m.key(Key::Left, false);
  EXPECT_EQ(f.m.controller().review_ply(), 1);
  f.click_square("b9");  // black's other horse, on the position after 炮二平五
  f.click_square("c7");
  EXPECT_EQ(f.moves(), "h2e2 b9c7");
  EXPECT_EQ(f.m.controller().review_ply(), -1);
  f.m.update(real_ms());
  EXPECT_EQ(f.m.ui().move_notes, (std::vector<std::string>{"", "…"}));
  const xq::ViewModel& vm = f.m.view_model();
  ASSERT_EQ(vm.rows.size(), 2u) << "the round, and the variation under it";
  EXPECT_EQ(vm.rows[0].black, "H2+3…");
  EXPECT_EQ(vm.rows[1].variation, "▼ (1… H8+7 2. H2+3)");
  // B hides the variations in the list and shows them again.
  f.m.key(Key::B, false);
  EXPECT_EQ(f.m.view_model().rows.size(), 1u);
  f.m.key(Key::B, false);
  ASSERT_EQ(f.m.view_model().rows.size(), 2u);
  // A click on the variation puts its line on the board, on its first move.
  {
    const xq::Rect p = f.m.board_view().panel();
    const xq::Rect list = xq::move_list_rect(f.m.ui().panel_below);
    const float sc = f.m.board_view().scale();
    f.m.click(p.x + (list.x + 60) * sc, p.y + (list.y + 1.5f * xq::kRowH) * sc);
    EXPECT_EQ(f.moves(), "h2e2 h9g7 h0g2");
    EXPECT_EQ(f.m.controller().review_ply(), 2);
    EXPECT_EQ(f.m.view_model().rows[1].variation, "▼ (1… H2+3)");
    // And back: the first line, the variation now (under round 1, before round 2).
    f.m.click(p.x + (list.x + 60) * sc, p.y + (list.y + 1.5f * xq::kRowH) * sc);
    EXPECT_EQ(f.moves(), "h2e2 b9c7");
    EXPECT_EQ(f.m.controller().review_ply(), -1);
    // A click on its ▼ folds the variations of that move into one row (the
    // line on the board stays); a click on that row opens them again.
    f.m.click(p.x + (list.x + 24) * sc, p.y + (list.y + 1.5f * xq::kRowH) * sc);
    EXPECT_EQ(f.moves(), "h2e2 b9c7");
    ASSERT_EQ(f.m.view_model().rows.size(), 2u);
    EXPECT_EQ(f.m.view_model().rows[1].variation, "▶ 1 variation(s) (click to open)");
    f.m.click(p.x + (list.x + 60) * sc, p.y + (list.y + 1.5f * xq::kRowH) * sc);
    EXPECT_EQ(f.moves(), "h2e2 b9c7");
    EXPECT_EQ(f.m.view_model().rows[1].variation, "▼ (1… H8+7 2. H2+3)");
  }
  f.m.act(Action::Save);
  f.m.finish();
  auto saved = [&] {
    for (const auto& [name, text] : f.files->files)
      if (name.rfind("saved/", 0) == 0) return text;
    return std::string();
  };
  EXPECT_NE(saved().find("1. 炮二平五 马8进7 (1... 马2进3) 2. 马二进三 *"), std::string::npos) << saved();

  // P: the line on show becomes the main line.
  f.m.key(Key::P, false);
  EXPECT_EQ(f.m.message(), "This line is now the main line");
  // C: a comment typed (an input method's text too) and a mark.
  f.m.key(Key::C, false);
  auto d = f.m.view_model().dialog;
  ASSERT_TRUE(d);
  EXPECT_EQ(d->text, "Move 1… H2+3: comment and mark");  // numbered as the list numbers it (black's first move)
  f.m.text_input("Solid 好棋");
  f.m.key(Key::Backspace, false);  // one character back: 棋
  const xq::Button* mark = dialog_button(f.m.view_model().dialog, "!?");
  ASSERT_TRUE(mark);
  f.m.act(mark->action, mark->arg);
  f.m.key(Key::Return, false);
  EXPECT_FALSE(f.m.view_model().dialog);
  f.m.update(real_ms());
  EXPECT_EQ(f.m.ui().move_notes, (std::vector<std::string>{"", "!?…"}));
  // The comment is in the list at once, under its move's round (with the variations hidden too).
  auto comment_row = [&] {
    for (const auto& row : f.m.view_model().rows)
      if (row.variation == "“Solid 好”") return true;
    return false;
  };
  EXPECT_TRUE(comment_row());
  f.m.key(Key::B, false);
  EXPECT_TRUE(comment_row());
  f.m.key(Key::B, false);
  f.m.finish();
  const std::string autosave = f.files->files["autosave.pgn"];
  EXPECT_NE(autosave.find("1. 炮二平五 马2进3 $5 {Solid 好} (1... 马8进7 2. 马二进三) *"), std::string::npos) << autosave;

  // Playing the record's other move from the earlier position follows its line.
  f.m.key(Key::Left, false);
  f.click_square("h9");
  f.click_square("g7");
  f.m.update(real_ms());  // the next frame
  EXPECT_EQ(f.moves(), "h2e2 h9g7 h0g2");
  EXPECT_EQ(f.m.controller().review_ply(), 2);
  // Delete: that variation goes; the board goes back to where it branched.
  f.m.key(Key::Delete, false);
  EXPECT_EQ(f.m.message(), "Variation removed");
  EXPECT_EQ(f.moves(), "h2e2 b9c7");
  EXPECT_EQ(f.m.controller().review_ply(), 1);
  f.m.key(Key::End, false);
  f.m.key(Key::Delete, false);
  EXPECT_EQ(f.m.message(), "The main line stays (only variations are removed)");
  EXPECT_EQ(f.moves(), "h2e2 b9c7");

  // The autosave keeps the tree; the resumed game has its comment, mark and variations.
  f.m.key(Key::Home, false);
  f.click_square("c3");
  f.click_square("c4");  // 兵七进一: a variation of the first move
  EXPECT_EQ(f.moves(), "c3c4");
  f.m.update(real_ms());
  f.m.finish();
  Fixture g(f.files->files);
  xq::StartOptions r = o;
  r.resume = "yes";
  ASSERT_TRUE(g.start(r));
  g.m.update(real_ms());
  EXPECT_EQ(g.moves(), "h2e2 b9c7");
  EXPECT_EQ(g.m.ui().move_notes, (std::vector<std::string>{"…", "!?"}));
}

// V: the analysis's best line from the position on show goes into the record as a variation.
TEST(AppModel, TheAnalysisLineGoesIntoTheRecordAsAVariation) {
  Fixture f;
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  f.m.key(Key::V, false);
  EXPECT_EQ(f.m.message(), "No analysis line for this position yet (turn Analyse on)");
  f.click_square("a0");
  f.click_square("a1");  // 车九进一: not what the engine would play
  f.m.key(Key::Left, false);
  ASSERT_TRUE(f.wait_until([&] {
    return f.m.controller().analysis().pv.size() >= 2 &&
           f.m.controller().analysis_root().key() == f.m.controller().shown_position().key();
  }));
  f.m.key(Key::V, false);
  EXPECT_EQ(f.m.message().rfind("The analysis line is in the record as a variation (", 0), 0u) << f.m.message();
  EXPECT_EQ(f.moves(), "a0a1") << "the game on the board stays";
  EXPECT_EQ(f.m.ui().move_notes, (std::vector<std::string>{"…"}));
}

// Saved under a .xqf name, the record goes out as XQF 1.0 with its variations.
TEST(AppModel, SavingAsXqfKeepsTheVariations) {
  Fixture f;
  f.desktop.chooser = true;
  xq::StartOptions o;
  o.mode = "two";
  o.lang = "en";
  o.resume = "no";
  ASSERT_TRUE(f.start(o));
  for (const char* sq : {"h2", "e2", "h9", "g7"}) f.click_square(sq);
  f.m.update(real_ms());
  f.m.key(Key::Left, false);
  f.click_square("b9");
  f.click_square("c7");
  f.m.update(real_ms());
  f.m.act(Action::Save);
  ASSERT_EQ(f.desktop.asked, xq::FileDialogKind::Save);
  f.desktop.answer = "/games/study.XQF";
  f.m.update(real_ms());
  f.m.finish();
  ASSERT_TRUE(f.files->files.count("/games/study.XQF")) << "the name is kept as chosen";
  xq::PgnGame g;
  xq::GameTree tree;
  std::string err;
  ASSERT_TRUE(xq::read_xqf(f.files->files["/games/study.XQF"], g, &err, nullptr, &tree)) << err;
  EXPECT_EQ(tree.size(), 4);
  EXPECT_GE(tree.find({mv("h2e2"), mv("h9g7")}), 0);
  EXPECT_GE(tree.find({mv("h2e2"), mv("b9c7")}), 0);
}

// A list of the library's games holds its first ones; its title gives how many there are in all.
TEST(LibraryService, AListCutAtItsLimitCountsTheGamesInAll) {
  LibraryFile lib;
  xq::LibraryService service;
  service.open(lib.path);
  service.import({std::string(XQ_TEST_DATA) + "/data/library"});
  std::optional<xq::ImportReport> done;
  const int64_t until = real_ms() + 60000;
  while (!(done = service.take_import()) && real_ms() < until) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ASSERT_TRUE(done);
  xq::LibraryQuery q;
  q.limit = 2;
  service.find(q);
  std::optional<xq::FoundGames> found;
  while (!(found = service.take_found()) && real_ms() < until) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ASSERT_TRUE(found);
  EXPECT_EQ(found->games.size(), 2u);
  EXPECT_EQ(found->total, 5);
  q.limit = 5;
  service.find(q);
  while (!(found = service.take_found()) && real_ms() < until) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ASSERT_TRUE(found);
  EXPECT_EQ(found->games.size(), 5u);
  EXPECT_EQ(found->total, 0) << "all of them: nothing more to count";
}

// Studying a record with the computer as black: a move tried from the explorer
// while stepping through it is a variation, said so, and the computer stays out.
TEST(AppModel, AnExplorerMoveInAShownRecordIsAVariationTheComputerDoesNotAnswer) {
  LibraryFile lib;
  Fixture f(Fixture::Files{{"game.pgn", "[Event \"x\"]\n\n1. h2e2 h9g7 2. h0g2 b9c7 *\n"}});
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  o.library = lib.path;
  ASSERT_TRUE(f.start(o));
  ASSERT_EQ(f.m.controller().mode(), xq::Mode::HumanRed);
  f.m.import_to_library({std::string(XQ_TEST_DATA) + "/data/library"});
  ASSERT_TRUE(f.wait_until([&] { return !f.m.library_importing() && f.m.message().rfind("Imported", 0) == 0; }));
  f.m.open_file("game.pgn");
  f.m.key(Key::X, false);
  f.m.key(Key::Home, false);
  auto row_starting = [&](const std::string& text) {
    const auto& rows = f.m.ui().explorer_rows;
    for (size_t i = 0; i < rows.size(); ++i)
      if (rows[i].rfind(text, 0) == 0) return int(i);
    return -1;
  };
  ASSERT_TRUE(f.wait_until([&] { return row_starting("P7+1\t1×") >= 0; }));
  f.m.act(Action::ExplorerMove, row_starting("P7+1\t1×"));
  EXPECT_EQ(f.moves(), "c3c4");
  EXPECT_NE(f.m.message().find("A variation, P7+1"), std::string::npos) << f.m.message();
  EXPECT_TRUE(f.m.record_shown());
  const int64_t until = real_ms() + 300;
  while (real_ms() < until) {
    f.m.update(real_ms());
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_EQ(f.moves(), "c3c4") << "the computer did not answer the variation";
}
