// A browser page and the desktop's app model play one rated game through one
// xiangqi-server (in this process, on 127.0.0.1, serving the built page):
// the page (headless Chromium, web/test/web_peer.mjs) registers and seeks as
// red, the desktop registers through its O dialog and accepts from the
// lobby, each moves on its own board, the desktop resigns, and the result
// stands on both sides and in the server's archive with the ratings moved.
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>

#include <csignal>

#include <filesystem>
#include <thread>

#include "app_model_fixture.h"
#include "child_process.h"
#include "store.h"
#include "websocket_server.h"

using namespace app_model_fixture;

namespace {

// Everything the child wrote so far (its pipe is drained so it never blocks).
void drain(int fd, std::string& out) {
  char buf[4096];
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 0) <= 0) return;
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n <= 0) return;
    out.append(buf, size_t(n));
  }
}

}  // namespace

TEST(AppModelWeb, ABrowserPageAndTheDesktopPlayARatedGame) {
  auto web = std::make_shared<xq::server::WebFiles>();
  std::string error;
  ASSERT_TRUE(web->load(XQ_WEB_DIR, error)) << error << " (build the page: bash web/build.sh)";
  const auto db = std::filesystem::temp_directory_path() / ("xq_web_peer_" + std::to_string(getpid()) + ".db");
  xq::server::Store store;
  ASSERT_TRUE(store.open(db.string(), error)) << error;
  xq::server::ServerOptions so;
  so.web = web;
  xq::server::WebSocketServer server(store, so);
  ASSERT_TRUE(server.listen({"127.0.0.1", 0, "", ""}, error)) << error;
  std::thread serving([&] { server.run(); });
  struct Stop {  // on every way out of the test, an ASSERT's too
    xq::server::WebSocketServer& s;
    std::thread& t;
    ~Stop() {
      s.stop();
      if (t.joinable()) t.join();
    }
  } stop{server, serving};
  const std::string address = "127.0.0.1:" + std::to_string(server.port());

  xq::ChildProcess page;
  ASSERT_TRUE(xq::spawn_process({XQ_NODE, XQ_WEB_PEER, std::to_string(server.port())}, {false, true, 0}, page, &error))
      << error;
  std::string said;
  int page_status = -1;
  struct Reap {  // the page's node and its Chromium never outlive the test
    xq::ChildProcess& c;
    int& status;
    ~Reap() {
      if (status < 0 && c.pid > 0) {
        kill(c.pid, SIGTERM);
        waitpid(c.pid, nullptr, 0);
      }
      if (c.from_child >= 0) close(c.from_child);
    }
  } reap{page, page_status};
  auto page_done = [&] {
    drain(page.from_child, said);
    if (page_status < 0) {
      int st = 0;
      if (waitpid(page.pid, &st, WNOHANG) == page.pid) page_status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
    }
    return page_status >= 0;
  };
  Fixture d;
  auto until = [&](auto cond, int seconds = 60) {
    const int64_t deadline = real_ms() + seconds * 1000;
    while (real_ms() < deadline) {
      d.m.update(real_ms());
      if (cond()) return true;
      if (page_done() && page_status != 0) return false;  // the page gave up: say why below
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return false;
  };

  xq::StartOptions o;
  o.lang = "en";
  o.resume = "no";
  o.server = address;
  ASSERT_TRUE(d.start(o));
  d.m.key(xq::Key::O, false);
  d.m.act(Action::OnlineField, 1);  // the name
  d.m.text_input("desk");
  d.m.key(xq::Key::Tab, false);
  d.m.text_input("secret-desk");
  d.m.act(Action::OnlineRegister);
  using State = xq::OnlineSession::State;
  ASSERT_TRUE(until([&] { return d.m.online().state() == State::LoggedIn; })) << said;
  ASSERT_TRUE(until([&] { return d.m.online().seeks().size() == 1; })) << said;
  EXPECT_EQ(d.m.online().seeks()[0].name, "webplayer");
  EXPECT_TRUE(d.m.online().seeks()[0].rated);
  d.m.act(Action::OnlineAccept, 0);
  ASSERT_TRUE(until([&] { return d.m.online().game() != 0; })) << said;
  EXPECT_EQ(d.m.online().color(), xq::BLACK);

  const char* line[] = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"};
  for (int ply = 1; ply < 6; ply += 2) {
    ASSERT_TRUE(until([&] { return d.m.controller().game().ply() == ply; })) << said << " / " << d.moves();
    d.m.view_model();
    d.click_square(std::string(line[ply], 2).c_str());
    d.click_square(line[ply] + 2);
    ASSERT_TRUE(until([&] { return d.m.controller().game().ply() == ply + 1; })) << said << " / " << d.moves();
  }
  EXPECT_EQ(d.moves(), "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7") << "the page's moves and the desktop's, in one record";
  // A resignation sent while the server still saves the last move is answered "try again" (code
  // wait), as a player would see: the desktop tries again, as the player would.
  bool over = false;
  for (int attempt = 0; attempt < 5 && !over; ++attempt) {
    d.m.act(Action::Resign);
    d.m.act(Action::ResignYes);
    over = until([&] { return d.m.controller().game_over(); }, 3);
  }
  ASSERT_TRUE(over) << said;
  EXPECT_EQ(d.m.controller().game().verdict().outcome, xq::Outcome::RedWins);
  ASSERT_TRUE(until([&] { return page_done(); }, 60)) << said;
  EXPECT_EQ(page_status, 0) << said;
  EXPECT_NE(said.find("result: Red wins (resignation)"), std::string::npos) << said;

  int64_t finished = -1;
  double web_rating = 0;
  server.with_store([&](xq::server::Store& s) {
    finished = s.finished_count();
    if (auto p = s.player_by_name("webplayer")) web_rating = p->rating.rating;
  });
  EXPECT_EQ(finished, 1);
  EXPECT_GT(web_rating, 1500) << "a rated game: the winner's rating rose";
  d.m.finish();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + suffix);
}
