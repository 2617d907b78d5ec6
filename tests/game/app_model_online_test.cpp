// Online play in the app model, against a real xiangqi-server on 127.0.0.1
// (in this process, on a free port): two players' app models log in through
// the O dialog, one offers a game, the other accepts it from the lobby, they
// move on their boards, the server relays, and a resignation ends it on both.
// Also: typing in the dialog's fields, registering (the name is kept, never
// the password), what an online game refuses, and coming back after the
// server went away and returned.
#include <filesystem>
#include <thread>

#include "app_model_fixture.h"
#include "store.h"
#include "websocket_server.h"

using namespace app_model_fixture;

namespace {

struct Server {
  std::filesystem::path path;
  xq::server::Store store;
  std::unique_ptr<xq::server::WebSocketServer> server;
  std::thread thread;
  uint16_t port = 0;
  explicit Server(const std::string& name, uint16_t fixed_port = 0) {
    path = std::filesystem::temp_directory_path() / ("xq_online_" + std::to_string(getpid()) + "_" + name + ".db");
    std::string error;
    EXPECT_TRUE(store.open(path.string(), error)) << error;
    server = std::make_unique<xq::server::WebSocketServer>(store, xq::server::HubOptions{});
    EXPECT_TRUE(server->listen({"127.0.0.1", fixed_port, "", ""}, error)) << error;
    port = server->port();
    thread = std::thread([this] { server->run(); });
  }
  ~Server() {
    server->stop();
    thread.join();
  }
  std::string address() const { return "127.0.0.1:" + std::to_string(port); }
};

void remove_db(const std::filesystem::path& p) {
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(p.string() + suffix);
}

// Both models run their frames until cond holds (at most a minute).
template <class F>
bool both_until(Fixture& a, Fixture& b, F cond) {
  const int64_t deadline = real_ms() + 60000;
  while (real_ms() < deadline) {
    a.m.update(real_ms());
    b.m.update(real_ms());
    if (cond()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

xq::StartOptions options(const std::string& server) {
  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  o.server = server;
  return o;
}

// a and b log in as guests; a seeks (the clock of its row), b accepts: true once both have the game.
bool guests_in_a_game(Fixture& a, Fixture& b, int clock = 0) {
  using State = xq::OnlineSession::State;
  for (Fixture* f : {&a, &b}) {
    f->m.act(Action::Online);
    f->m.act(Action::OnlineGuest);
  }
  return both_until(a, b, [&] { return a.m.online().state() == State::LoggedIn && b.m.online().state() == State::LoggedIn; }) &&
         (a.m.act(Action::OnlineSeek, clock), both_until(a, b, [&] { return b.m.online().seeks().size() == 1; })) &&
         (b.m.act(Action::OnlineAccept, 0), both_until(a, b, [&] { return a.m.online().game() && b.m.online().game(); }));
}

bool has_button(const xq::ViewModel& vm, Action a) {
  return vm.dialog && std::any_of(vm.dialog->buttons.begin(), vm.dialog->buttons.end(),
                                  [a](const xq::Button& b) { return b.action == a; });
}

}  // namespace

TEST(AppModelOnline, TwoPlayersFindEachOtherPlayAndOneResigns) {
  Server server("play");
  Fixture a, b;
  ASSERT_TRUE(a.start(options(server.address())));
  ASSERT_TRUE(b.start(options(server.address())));
  a.m.key(xq::Key::O, false);
  ASSERT_TRUE(has_button(a.m.view_model(), Action::OnlineGuest)) << "O opens the dialog";
  EXPECT_NE(a.m.view_model().dialog->buttons[0].label.find(server.address()), std::string::npos);
  a.m.act(Action::OnlineGuest);
  b.m.act(Action::Online);
  b.m.act(Action::OnlineGuest);
  using State = xq::OnlineSession::State;
  ASSERT_TRUE(both_until(a, b, [&] {
    return a.m.online().state() == State::LoggedIn && b.m.online().state() == State::LoggedIn;
  }));
  EXPECT_EQ(a.m.online().name().rfind("Guest", 0), 0u);
  EXPECT_NE(a.m.view_model().dialog->text.find(a.m.online().name()), std::string::npos);
  a.m.act(Action::OnlineSeek, 0);  // 5+3
  ASSERT_TRUE(both_until(a, b, [&] { return b.m.online().seeks().size() == 1; }));
  EXPECT_EQ(b.m.online().seeks()[0].name, a.m.online().name());
  EXPECT_EQ(b.m.online().seeks()[0].time, "5+3");
  b.m.act(Action::OnlineAccept, 0);
  ASSERT_TRUE(both_until(a, b, [&] { return a.m.online().game() != 0 && b.m.online().game() != 0; }));
  EXPECT_EQ(a.m.online().game(), b.m.online().game());
  EXPECT_FALSE(a.m.view_model().dialog) << "the dialog closes when the game starts";
  Fixture& red = a.m.online().color() == xq::RED ? a : b;
  Fixture& black = &red == &a ? b : a;
  EXPECT_EQ(black.m.online().color(), xq::BLACK);
  EXPECT_TRUE(black.m.ui().flipped) << "black plays from the bottom";
  EXPECT_EQ(red.m.controller().mode(), xq::Mode::HumanRed);
  EXPECT_EQ(red.m.controller().time_control().base_ms, 300000);
  EXPECT_FALSE(red.m.view_model().clock_faces[0].empty());

  red.click_square("h2");
  red.click_square("e2");
  ASSERT_TRUE(both_until(a, b, [&] { return black.m.controller().game().ply() == 1; }));
  EXPECT_EQ(black.moves(), "h2e2");
  EXPECT_FALSE(black.m.controller().thinking()) << "no computer plays in an online game";
  black.m.view_model();  // the view turns to black's side as it is drawn; clicks are then on that board
  black.click_square("h9");
  black.click_square("g7");
  ASSERT_TRUE(both_until(a, b, [&] { return red.m.controller().game().ply() == 2; }));
  EXPECT_EQ(red.moves(), "h2e2 h9g7");
  // Not black's move: a click on a black piece does nothing on the server.
  red.m.act(Action::NewGame);
  EXPECT_EQ(red.m.message(), "Not during an online game");
  EXPECT_EQ(red.m.controller().game().ply(), 2);

  red.m.act(Action::Resign);
  red.m.act(Action::ResignYes);
  ASSERT_TRUE(both_until(a, b, [&] { return red.m.controller().game_over() && black.m.controller().game_over(); }))
      << red.m.message() << " / " << black.m.message() << " / " << red.m.controller().game_over();
  EXPECT_EQ(black.m.controller().game().verdict().outcome, xq::Outcome::BlackWins);
  EXPECT_EQ(black.m.controller().game().verdict().reason, xq::Reason::Resignation);
  EXPECT_EQ(red.m.controller().game().verdict().outcome, xq::Outcome::BlackWins);
  EXPECT_FALSE(black.m.view_model().banner.empty());
  for (Fixture* f : {&red, &black})  // the server's result is final: no "undo to play on"
    EXPECT_EQ(f->m.view_model().banner_note, "Click the board for a new game");
  int64_t finished = -1;  // read on the server's database thread, the store's one user
  server.server->with_store([&](xq::server::Store& s) { finished = s.finished_count(); });
  EXPECT_EQ(finished, 1);
  remove_db(server.path);
}

// Offers can be refused: a draw offer and a takeback request are asked in a
// dialog (agree or decline), the offerer is told it was sent and then that it
// was declined, and after a takeback no question is left standing.
TEST(AppModelOnline, DrawOffersAndTakebacksCanBeDeclinedAndTheOffererIsTold) {
  Server server("offers");
  Fixture a, b;
  ASSERT_TRUE(a.start(options(server.address())));
  ASSERT_TRUE(b.start(options(server.address())));
  ASSERT_TRUE(guests_in_a_game(a, b));
  Fixture& red = a.m.online().color() == xq::RED ? a : b;
  Fixture& black = &red == &a ? b : a;
  red.m.view_model();
  red.click_square("h2");
  red.click_square("e2");
  ASSERT_TRUE(both_until(a, b, [&] { return black.m.controller().game().ply() == 1; }));

  // A draw offered: the offerer is told it went; the other is asked, and declines.
  red.m.act(Action::OfferDraw);
  EXPECT_EQ(red.m.message(), "Draw offered to " + black.m.online().name());
  ASSERT_TRUE(both_until(a, b, [&] { return black.m.view_model().dialog.has_value(); }));
  EXPECT_EQ(black.m.view_model().dialog->text, red.m.online().name() + " offers a draw");
  EXPECT_TRUE(dialog_button(black.m.view_model().dialog, "Agree to a draw"));
  ASSERT_TRUE(dialog_button(black.m.view_model().dialog, "Decline"));
  black.m.act(Action::OnlineOfferNo);
  EXPECT_FALSE(black.m.view_model().dialog);
  ASSERT_TRUE(both_until(a, b, [&] { return red.m.message() == black.m.online().name() + " declined"; })) << red.m.message();
  EXPECT_FALSE(red.m.controller().game_over());

  // A takeback asked by black after its move: red declines it, then agrees to a second one.
  black.m.view_model();
  black.click_square("h9");
  black.click_square("g7");
  ASSERT_TRUE(both_until(a, b, [&] { return red.m.controller().game().ply() == 2; }));
  black.m.act(Action::Undo);
  EXPECT_EQ(black.m.message(), "Takeback asked of " + red.m.online().name());
  ASSERT_TRUE(both_until(a, b, [&] { return red.m.view_model().dialog.has_value(); }));
  EXPECT_EQ(red.m.view_model().dialog->text, black.m.online().name() + " asks to take back a move");
  red.m.act(Action::OnlineOfferNo);
  ASSERT_TRUE(both_until(a, b, [&] { return black.m.message() == red.m.online().name() + " declined"; })) << black.m.message();
  EXPECT_EQ(black.m.controller().game().ply(), 2);
  black.m.act(Action::Undo);
  ASSERT_TRUE(both_until(a, b, [&] { return red.m.view_model().dialog.has_value(); }));
  red.m.act(Action::OnlineOfferYes);
  ASSERT_TRUE(both_until(a, b, [&] { return black.m.controller().game().ply() == 1 && red.m.controller().game().ply() == 1; }));
  EXPECT_FALSE(red.m.view_model().dialog) << "no question left standing after the takeback";
  EXPECT_FALSE(black.m.view_model().dialog);
  remove_db(server.path);
}

// The server's refusals come with a code: the window words them in its own
// language (the server's English is for codes it does not know).
TEST(AppModelOnline, TheServersErrorsAreShownInTheWindowsLanguage) {
  Server server("errors");
  Fixture a;
  xq::StartOptions o = options(server.address());
  o.lang = "zh";
  ASSERT_TRUE(a.start(o));
  a.m.act(Action::Online);
  a.m.act(Action::OnlineField, 1);  // the name
  a.m.text_input("nobody");
  a.m.key(xq::Key::Tab, false);     // the password
  a.m.text_input("wrong-password");
  a.m.act(Action::OnlineLogIn);
  ASSERT_TRUE(a.wait_until([&] { return a.m.message() == "用户名或密码不对"; })) << a.m.message();
  a.m.act(Action::OnlineField, 1);
  for (int i = 0; i < 6; ++i) a.m.key(xq::Key::Backspace, false);
  a.m.text_input("Guest123");
  a.m.key(xq::Key::Tab, false);  // the password (a failed login cleared it)
  a.m.text_input("secret-pw");
  a.m.act(Action::OnlineRegister);
  ASSERT_TRUE(a.wait_until([&] { return a.m.message() == "“Guest+数字”的名字留给游客，请另取一个"; })) << [&] {
    std::string all = a.m.message();
    if (a.m.view_model().dialog)
      for (const auto& b : a.m.view_model().dialog->buttons) all += " | " + b.label;
    return all;
  }();
  remove_db(server.path);
}

TEST(AppModelOnline, TheDialogsFieldsAreTypedAndTheNameIsKeptNotThePassword) {
  Server server("register");
  Fixture a, b;
  ASSERT_TRUE(a.start(options("nowhere")));
  b.start(options(server.address()));
  a.m.key(xq::Key::O, false);
  a.m.text_input("o");  // the window's text event of the same key press: not typed into the name field
  EXPECT_EQ(a.m.view_model().dialog->buttons[1].label, "Name: \u258F") << "the O that opened the dialog";
  // A bad address is named; the server field is typed over.
  a.m.act(Action::OnlineGuest);
  const auto& first = a.m.view_model().dialog->buttons;
  EXPECT_TRUE(std::any_of(first.begin(), first.end(), [](const xq::Button& b) {
    return b.label == "The server address must be host:port, not nowhere";
  }));
  a.m.act(Action::OnlineField, 0);
  for (int i = 0; i < 7; ++i) a.m.key(xq::Key::Backspace, false);
  a.m.text_input(server.address());
  a.m.key(xq::Key::Tab, false);  // to the name
  a.m.text_input("alice");
  a.m.key(xq::Key::Tab, false);  // to the password
  a.m.text_input("secret-1");
  EXPECT_NE(a.m.view_model().dialog->buttons[2].label.find("********"), std::string::npos)
      << a.m.view_model().dialog->buttons[2].label;
  a.m.act(Action::OnlineRegister);
  ASSERT_TRUE(both_until(a, b, [&] { return a.m.online().state() == xq::OnlineSession::State::LoggedIn; }));
  EXPECT_EQ(a.m.online().name(), "alice");
  EXPECT_FALSE(a.m.online().guest());
  EXPECT_TRUE(has_button(a.m.view_model(), Action::OnlineRated)) << "accounts may play rated games";
  // Log out ends the token on the server too: a copy of it no longer logs in.
  const std::string token = a.m.online().token();
  ASSERT_EQ(token.size(), 32u);
  auto known = [&] {
    bool found = false;
    server.server->with_store([&](xq::server::Store& s) { found = s.player_by_token(token).has_value(); });
    return found;
  };
  EXPECT_TRUE(known());
  a.m.act(Action::OnlineLogOut);
  EXPECT_TRUE(both_until(a, b, [&] { return !known(); }));
  a.m.finish();
  const std::string settings = a.files->files["settings.ini"];
  EXPECT_NE(settings.find("online_name=alice"), std::string::npos) << settings;
  EXPECT_NE(settings.find("server=" + server.address()), std::string::npos) << settings;
  EXPECT_EQ(settings.find("secret-1"), std::string::npos);
  remove_db(server.path);
}

// A guest's window closed mid-game (killed: no goodbye) and started again:
// it offers to return to the game on the server, never a local resume; the
// kept login brings the same guest back to the same game, which goes on.
TEST(AppModelOnline, AGuestWhoseWindowClosedMidGameComesBackToIt) {
  Server server("return");
  auto a = std::make_unique<Fixture>();
  Fixture b;
  ASSERT_TRUE(a->start(options(server.address())));
  ASSERT_TRUE(b.start(options(server.address())));
  ASSERT_TRUE(guests_in_a_game(*a, b));
  const std::string name = a->m.online().name();
  const int64_t game = a->m.online().game();
  const bool a_is_red = a->m.online().color() == xq::RED;
  Fixture& red = a_is_red ? *a : b;
  red.click_square("h2");
  red.click_square("e2");
  ASSERT_TRUE(both_until(*a, b, [&] { return a->m.controller().game().ply() == 1 && b.m.controller().game().ply() == 1; }));
  ASSERT_TRUE(both_until(*a, b, [&] {
    const auto it = a->files->files.find(xq::AppModel::autosave_name());
    return it != a->files->files.end() && it->second.find("炮二平五") != std::string::npos &&
           it->second.find("[Mode \"online\"]") != std::string::npos;
  })) << "the autosave names the game as an online one";
  const Fixture::Files kept = a->files->files;  // what the disk holds when the window is killed
  EXPECT_EQ(kept.at(xq::AppModel::autosave_name()).find("[%clk"), std::string::npos)
      << "no local clock stamps: the server keeps the clocks";
  EXPECT_NE(kept.at("settings.ini").find("online_token="), std::string::npos);
  a.reset();

  Fixture back(kept);
  xq::StartOptions o = options(server.address());
  o.resume = "ask";
  o.use_settings = true;
  ASSERT_TRUE(back.start(o));
  const auto d = back.m.view_model().dialog;
  ASSERT_TRUE(d);
  EXPECT_EQ(d->text, "Your game on " + server.address() + " is not over (1 moves). Return?");
  EXPECT_TRUE(dialog_button(d, "Return"));
  EXPECT_EQ(back.m.controller().game().ply(), 0) << "nothing is loaded as a local game";
  back.m.act(Action::ResumeYes);
  ASSERT_TRUE(both_until(back, b, [&] { return back.m.online().game() == game && back.moves() == "h2e2"; }))
      << back.m.message();
  EXPECT_EQ(back.m.online().name(), name) << "the same guest";
  EXPECT_FALSE(back.m.controller().thinking()) << "no computer plays in it";
  // The game goes on: black moves, on whichever window plays black.
  Fixture& black = a_is_red ? b : back;
  black.m.view_model();
  black.click_square("h9");
  black.click_square("g7");
  ASSERT_TRUE(both_until(back, b, [&] { return back.moves() == "h2e2 h9g7" && b.moves() == "h2e2 h9g7"; }));
  EXPECT_FALSE(b.m.controller().game_over()) << "the opponent did not win by forfeit";
  remove_db(server.path);
}

// The lobby as players read it: a guest sees a rated seek as one for accounts
// (not a button that fails), the rated switch says what it is set to, one's
// own game is not offered to watch, and an open lobby follows games as they
// start without being asked.
TEST(AppModelOnline, TheLobbyShowsWhatEachPlayerCanDo) {
  Server server("lobby");
  Fixture a, g, w;
  for (Fixture* f : {&a, &g, &w}) ASSERT_TRUE(f->start(options(server.address())));
  a.m.act(Action::Online);
  a.m.act(Action::OnlineField, 1);
  a.m.text_input("carla");
  a.m.key(xq::Key::Tab, false);
  a.m.text_input("secret-pw");
  a.m.act(Action::OnlineRegister);
  for (Fixture* f : {&g, &w}) {
    f->m.act(Action::Online);
    f->m.act(Action::OnlineGuest);
  }
  using State = xq::OnlineSession::State;
  auto all_until = [&](auto cond) {
    const int64_t deadline = real_ms() + 60000;
    while (real_ms() < deadline) {
      for (Fixture* f : {&a, &g, &w}) f->m.update(real_ms());
      if (cond()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
  };
  ASSERT_TRUE(all_until([&] {
    return a.m.online().state() == State::LoggedIn && g.m.online().state() == State::LoggedIn &&
           w.m.online().state() == State::LoggedIn;
  }));
  // Who is online: the three of them, in every lobby, and the panel's Online button is lit.
  ASSERT_TRUE(all_until([&] { return w.m.online().players().size() == 3 && a.m.online().players().size() == 3; }));
  const xq::Button* online_row = dialog_button(w.m.view_model().dialog, "Online now (3): ");
  ASSERT_TRUE(online_row);
  EXPECT_NE(online_row->label.find("carla 1500"), std::string::npos) << online_row->label;
  EXPECT_NE(online_row->label.find(g.m.online().name()), std::string::npos) << online_row->label;
  const auto& panel = w.m.view_model().buttons;
  const auto lit = std::find_if(panel.begin(), panel.end(), [](const xq::Button& b) { return b.action == Action::Online; });
  ASSERT_NE(lit, panel.end()) << "the panel has an Online button";
  EXPECT_TRUE(lit->active);
  EXPECT_TRUE(dialog_button(a.m.view_model().dialog, "Rated: no")) << "the switch names its setting";
  a.m.act(Action::OnlineRated);
  EXPECT_TRUE(dialog_button(a.m.view_model().dialog, "Rated: yes"));
  a.m.act(Action::OnlineSeek, 0);
  ASSERT_TRUE(all_until([&] { return g.m.online().seeks().size() == 1; }));
  ASSERT_TRUE(g.m.online().seeks()[0].rated);
  const xq::Button* row = dialog_button(g.m.view_model().dialog, "carla");
  ASSERT_TRUE(row);
  EXPECT_EQ(row->action, Action::None) << "a guest cannot take a rated seek";
  EXPECT_NE(row->label.find("(accounts only)"), std::string::npos) << row->label;
  // A casual seek the guest takes: a game. The third window's open lobby lists it unasked,
  // and neither player is offered its own game to watch.
  a.m.act(Action::OnlineCancelSeek);
  ASSERT_TRUE(all_until([&] { return a.m.online().my_seek() == 0 && g.m.online().seeks().empty(); }));
  g.m.act(Action::OnlineSeek, 1);
  // The guest's seek, and only it, before a takes it (its own cancelled one may still be listed a moment).
  ASSERT_TRUE(all_until([&] {
    return a.m.online().seeks().size() == 1 && a.m.online().seeks()[0].name == g.m.online().name();
  }));
  a.m.act(Action::OnlineAccept, 0);
  ASSERT_TRUE(all_until([&] { return a.m.online().game() && g.m.online().game(); }));
  ASSERT_TRUE(all_until([&] { return has_button(w.m.view_model(), Action::OnlineWatch); }))
      << "the open lobby follows the new game";
  a.m.act(Action::Online);
  ASSERT_TRUE(all_until([&] { return a.m.online().games().size() == 1; }));
  EXPECT_FALSE(has_button(a.m.view_model(), Action::OnlineWatch)) << "one's own game is not one to watch";
  // A player who leaves is gone from the others' list at once.
  w.m.act(Action::OnlineLogOut);
  ASSERT_TRUE(all_until([&] { return a.m.online().players().size() == 2; }));
  EXPECT_TRUE(std::none_of(a.m.online().players().begin(), a.m.online().players().end(),
                           [&](const xq::OnlinePlayer& p) { return p.name == w.m.online().name() && !p.name.empty(); }));
  remove_db(server.path);
}

TEST(AppModelOnline, AGameGoesOnAfterTheServerWentAwayAndCameBack) {
  auto server = std::make_unique<Server>("back");
  const uint16_t port = server->port;
  const auto path = server->path;
  Fixture a, b;
  ASSERT_TRUE(a.start(options(server->address())));
  ASSERT_TRUE(b.start(options(server->address())));
  a.m.act(Action::OnlineGuest);
  b.m.act(Action::OnlineGuest);
  using State = xq::OnlineSession::State;
  ASSERT_TRUE(both_until(a, b, [&] {
    return a.m.online().state() == State::LoggedIn && b.m.online().state() == State::LoggedIn;
  }));
  a.m.act(Action::OnlineSeek, 1);
  ASSERT_TRUE(both_until(a, b, [&] { return b.m.online().seeks().size() == 1; }));
  b.m.act(Action::OnlineAccept, 0);
  ASSERT_TRUE(both_until(a, b, [&] { return a.m.online().game() && b.m.online().game(); }));
  Fixture& red = a.m.online().color() == xq::RED ? a : b;
  Fixture& black = &red == &a ? b : a;
  red.click_square("b2");
  red.click_square("e2");
  ASSERT_TRUE(both_until(a, b, [&] { return black.m.controller().game().ply() == 1; }));
  server.reset();  // the server goes away
  ASSERT_TRUE(both_until(a, b, [&] { return a.m.online().state() == State::Reconnecting; }));
  EXPECT_EQ(a.m.message(), "Connection lost: reconnecting…");
  // The server's clocks are not known meanwhile: the local ones stand still (they ran on, then jumped back).
  a.m.update(real_ms());
  EXPECT_FALSE(a.m.controller().clock_running(xq::RED) || a.m.controller().clock_running(xq::BLACK));
  {
    xq::server::Store check;  // meanwhile the file has the game and its move
    std::string error;
    ASSERT_TRUE(check.open(path.string(), error)) << error;
    const auto games = check.playing_games();
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].moves.size(), 1u);
  }
  server = std::make_unique<Server>("back", port);  // the same file, the same port
  ASSERT_TRUE(both_until(a, b, [&] {
    return a.m.online().state() == State::LoggedIn && b.m.online().state() == State::LoggedIn;
  }));
  // The server's game state follows the welcome and may put the board back as
  // it has it: black's move is made again while the board still shows one ply.
  int64_t next_try = 0;
  ASSERT_TRUE(both_until(a, b, [&] {
    if (black.m.controller().game().ply() == 1 && real_ms() >= next_try) {
      black.m.view_model();
      black.click_square("h9");
      black.click_square("g7");
      next_try = real_ms() + 500;
    }
    return red.m.controller().game().ply() == 2;
  }));
  EXPECT_EQ(red.moves(), "b2e2 h9g7");
  server.reset();
  remove_db(path);
}

// A third window watches: the lobby lists the game in progress, a click on
// it puts the game on the board as the server has it, the players' moves
// follow, the spectator's clicks move nothing, and the end shows there too.
// A spectator's board after the server went away and came back: the
// players resume, and so does the watching (the board follows their moves).
TEST(AppModelOnline, ASpectatorFollowsAgainAfterTheServerCameBack) {
  auto server = std::make_unique<Server>("spectate");
  const uint16_t port = server->port;
  const auto path = server->path;
  Fixture a, b, c;
  for (Fixture* f : {&a, &b, &c}) ASSERT_TRUE(f->start(options(server->address())));
  auto all_until = [&](auto cond) {
    const int64_t deadline = real_ms() + 60000;
    while (real_ms() < deadline) {
      for (Fixture* f : {&a, &b, &c}) f->m.update(real_ms());
      if (cond()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
  };
  using State = xq::OnlineSession::State;
  for (Fixture* f : {&a, &b, &c}) f->m.act(Action::OnlineGuest);
  ASSERT_TRUE(all_until([&] {
    return a.m.online().state() == State::LoggedIn && b.m.online().state() == State::LoggedIn &&
           c.m.online().state() == State::LoggedIn;
  }));
  a.m.act(Action::OnlineSeek, 1);
  ASSERT_TRUE(all_until([&] { return b.m.online().seeks().size() == 1; }));
  b.m.act(Action::OnlineAccept, 0);
  ASSERT_TRUE(all_until([&] { return a.m.online().game() && b.m.online().game(); }));
  c.m.act(Action::Online);
  ASSERT_TRUE(all_until([&] { return c.m.online().games().size() == 1; }));
  c.m.act(Action::OnlineWatch, 0);
  Fixture& red = a.m.online().color() == xq::RED ? a : b;
  Fixture& black = &red == &a ? b : a;
  red.m.view_model();
  red.click_square("h2");
  red.click_square("e2");
  ASSERT_TRUE(all_until([&] { return c.moves() == "h2e2"; }));
  server.reset();  // the server goes away, and comes back on the same file and port
  ASSERT_TRUE(all_until([&] { return c.m.online().state() == State::Reconnecting; }));
  server = std::make_unique<Server>("spectate", port);
  ASSERT_TRUE(all_until([&] {
    return a.m.online().state() == State::LoggedIn && b.m.online().state() == State::LoggedIn &&
           c.m.online().state() == State::LoggedIn;
  }));
  // As after any reconnection, the server's state may put black's board back: the move is made again then.
  int64_t next_try = 0;
  ASSERT_TRUE(all_until([&] {
    if (black.m.controller().game().ply() == 1 && real_ms() >= next_try) {
      black.m.view_model();
      black.click_square("h9");
      black.click_square("g7");
      next_try = real_ms() + 500;
    }
    return c.moves() == "h2e2 h9g7";
  })) << "the spectator's board follows again: " << c.moves();
  server.reset();
  remove_db(path);
}

// A rated game's rating change stands with the result banner, not only for a
// moment in the status line.
TEST(AppModelOnline, TheRatingChangeStandsWithTheResult) {
  Server server("rated");
  Fixture a, b;
  ASSERT_TRUE(a.start(options(server.address())));
  ASSERT_TRUE(b.start(options(server.address())));
  int n = 0;
  for (Fixture* f : {&a, &b}) {
    f->m.act(Action::Online);
    f->m.act(Action::OnlineField, 1);
    f->m.text_input(n++ ? "bertha" : "albert");
    f->m.key(xq::Key::Tab, false);
    f->m.text_input("secret-pw");
    f->m.act(Action::OnlineRegister);
  }
  using State = xq::OnlineSession::State;
  ASSERT_TRUE(both_until(a, b, [&] { return a.m.online().state() == State::LoggedIn && b.m.online().state() == State::LoggedIn; }));
  a.m.act(Action::OnlineRated);
  a.m.act(Action::OnlineSeek, 0);
  ASSERT_TRUE(both_until(a, b, [&] { return b.m.online().seeks().size() == 1; }));
  if (!b.m.online().seeks()[0].rated) {  // the switch was on already: the other way
    a.m.act(Action::OnlineCancelSeek);
    a.m.act(Action::OnlineRated);
    a.m.act(Action::OnlineSeek, 0);
    ASSERT_TRUE(both_until(a, b, [&] { return b.m.online().seeks().size() == 1 && b.m.online().seeks()[0].rated; }));
  }
  b.m.act(Action::OnlineAccept, 0);
  ASSERT_TRUE(both_until(a, b, [&] { return a.m.online().game() && b.m.online().game(); }));
  a.m.act(Action::Resign);
  a.m.act(Action::ResignYes);
  ASSERT_TRUE(both_until(a, b, [&] { return a.m.controller().game_over() && b.m.controller().game_over(); }));
  ASSERT_TRUE(both_until(a, b, [&] { return a.m.view_model().banner_note.rfind("Rating 1500 → ", 0) == 0; }))
      << a.m.view_model().banner_note;
  EXPECT_EQ(b.m.view_model().banner_note.rfind("Rating 1500 → ", 0), 0u) << b.m.view_model().banner_note;
  // Long after the status line's moment it still stands with the banner.
  a.m.update(real_ms() + 10000);
  EXPECT_EQ(a.m.view_model().banner_note.rfind("Rating 1500 → ", 0), 0u) << "still there with the banner";
  remove_db(server.path);
}

TEST(AppModelOnline, AThirdWindowWatchesAGame) {
  Server server("watch");
  Fixture a, b, c;
  for (Fixture* f : {&a, &b, &c}) ASSERT_TRUE(f->start(options(server.address())));
  using State = xq::OnlineSession::State;
  auto all_until = [&](auto cond) {
    const int64_t deadline = real_ms() + 60000;
    while (real_ms() < deadline) {
      for (Fixture* f : {&a, &b, &c}) f->m.update(real_ms());
      if (cond()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
  };
  for (Fixture* f : {&a, &b, &c}) {
    f->m.act(Action::Online);
    f->m.act(Action::OnlineGuest);
  }
  ASSERT_TRUE(all_until([&] {
    return a.m.online().state() == State::LoggedIn && b.m.online().state() == State::LoggedIn &&
           c.m.online().state() == State::LoggedIn;
  }));
  a.m.act(Action::OnlineSeek, 0);
  ASSERT_TRUE(all_until([&] { return b.m.online().seeks().size() == 1; }));
  b.m.act(Action::OnlineAccept, 0);
  ASSERT_TRUE(all_until([&] { return a.m.online().game() != 0 && b.m.online().game() != 0; }));
  Fixture& red = a.m.online().color() == xq::RED ? a : b;
  red.m.view_model();
  red.click_square("h2");
  red.click_square("e2");
  ASSERT_TRUE(all_until([&] { return a.m.controller().game().ply() == 1 && b.m.controller().game().ply() == 1; }));

  c.m.act(Action::OnlineClose);
  c.m.act(Action::Online);  // opening the dialog asks the lobby again: the game is listed
  // (An earlier answer may list the game as it was before the move: its answer to this request has it after.)
  ASSERT_TRUE(all_until([&] { return c.m.online().games().size() == 1 && c.m.online().games()[0].ply == 1; }));
  EXPECT_TRUE(has_button(c.m.view_model(), Action::OnlineWatch));
  EXPECT_EQ(c.m.online().games()[0].ply, 1);
  c.m.act(Action::OnlineWatch, 0);
  ASSERT_TRUE(all_until([&] { return c.moves() == "h2e2"; })) << c.m.message();
  EXPECT_FALSE(c.m.view_model().dialog) << "the dialog gives the board to the game";
  EXPECT_EQ(c.m.controller().mode(), xq::Mode::TwoPlayers);
  EXPECT_FALSE(c.m.controller().thinking());
  c.m.view_model();
  c.click_square("h9");
  c.click_square("g7");
  EXPECT_EQ(c.m.message(), "You are watching: the players move");
  EXPECT_EQ(c.moves(), "h2e2");
  Fixture& black = &red == &a ? b : a;
  black.m.view_model();
  black.click_square("h9");
  black.click_square("g7");
  ASSERT_TRUE(all_until([&] { return c.moves() == "h2e2 h9g7"; }));
  red.m.act(Action::Resign);
  red.m.act(Action::ResignYes);
  ASSERT_TRUE(all_until([&] { return c.m.controller().game_over(); }));
  EXPECT_EQ(c.m.controller().game().verdict().outcome, xq::Outcome::BlackWins);
  remove_db(server.path);
}

// What the server sends is read field by field: a field of the wrong kind is
// left at its default instead of ending the window (a "guest" that was a
// string threw inside nlohmann's value() until fuzz_online_message found it).
TEST(AppModelOnline, TheServersMessagesAreReadWithCare) {
  std::string error;
  auto m = xq::read_server_message(R"({"type":"welcome","name":"lin","guest":"554f","rated":7,"rating":1500})", &error);
  ASSERT_TRUE(m.has_value()) << error;
  EXPECT_FALSE(m->guest);
  EXPECT_FALSE(m->rated);
  EXPECT_EQ(m->rating, 1500);
  m = xq::read_server_message(
      R"({"type":"lobby","seeks":[],"games":[{"game":4,"red":"lin","black":"wang","time":"5+3","rated":true,"ply":9},)"
      R"({"game":"x"},{"game":5,"red":7}]})",
      &error);
  ASSERT_TRUE(m.has_value()) << error;
  ASSERT_EQ(m->games.size(), 2u) << "a row without a game number is left out";
  EXPECT_EQ(m->games[0].id, 4);
  EXPECT_EQ(m->games[0].black, "wang");
  EXPECT_TRUE(m->games[0].rated);
  EXPECT_EQ(m->games[0].ply, 9);
  EXPECT_EQ(m->games[1].red, "") << "a name that is not a string";
  EXPECT_FALSE(xq::read_server_message("[1,2]", &error));
  EXPECT_EQ(error, "not a JSON object");
}
