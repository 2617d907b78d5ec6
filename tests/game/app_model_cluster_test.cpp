// The window among several server nodes: two xiangqi-server nodes (in this
// process) on one throwaway PostgreSQL database. Red's window is given both
// nodes' addresses and plays on node a, black's window on node b; node a
// stops mid-game, node b takes the game over, and red's window comes back
// on the next address it was given, to the same game, which goes on.
#include <thread>

#include "app_model_fixture.h"
#include "online_client.h"
#include "postgres_cluster.h"
#include "store.h"
#include "websocket_server.h"

using namespace app_model_fixture;

namespace {

struct Node {
  xq::server::Store store;
  std::unique_ptr<xq::server::WebSocketServer> server;
  std::thread thread;
  uint16_t port = 0;
  Node(const std::string& db, const std::string& name) {
    std::string error;
    EXPECT_TRUE(store.open(db, error)) << error;
    server = std::make_unique<xq::server::WebSocketServer>(store, xq::server::HubOptions{});
    EXPECT_TRUE(server->listen({"127.0.0.1", 0, "", ""}, error)) << error;
    xq::server::BusOptions bus;
    bus.uri = db;
    bus.name = name;
    EXPECT_TRUE(server->join_cluster(bus, error)) << error;
    port = server->port();
    thread = std::thread([this] { server->run(); });
  }
  ~Node() {
    server->stop();
    thread.join();
  }
  std::string address() const { return "127.0.0.1:" + std::to_string(port); }
};

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

}  // namespace

TEST(ServerAddresses, SeveralAreReadAndABadOneIsRefused) {
  std::vector<xq::ServerAddress> list;
  ASSERT_TRUE(xq::parse_server_addresses("a.example.org:7800, wss://b.example.org  10.0.0.3:7801", list));
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[1].host, "b.example.org");
  EXPECT_EQ(list[1].port, 443);
  EXPECT_TRUE(list[1].tls);
  EXPECT_EQ(list[2].port, 7801);
  EXPECT_FALSE(xq::parse_server_addresses("a.example.org:7800, b.example.org", list));
  EXPECT_FALSE(xq::parse_server_addresses(" , ", list));
}

TEST(AppModelCluster, AWindowComesBackToItsGameOnTheNextNodeWhenItsNodeStops) {
  const std::string db = xq::test::fresh_postgres_database();
  auto a_node = std::make_unique<Node>(db, "a");
  Node b_node(db, "b");
  Fixture a, b;
  ASSERT_TRUE(a.start(options(a_node->address() + "," + b_node.address())));
  ASSERT_TRUE(b.start(options(b_node.address())));
  using State = xq::OnlineSession::State;
  a.m.act(Action::OnlineGuest);
  b.m.act(Action::OnlineGuest);
  ASSERT_TRUE(both_until(a, b, [&] {
    return a.m.online().state() == State::LoggedIn && b.m.online().state() == State::LoggedIn;
  }));
  // A seek on node a reaches the lobby of node b.
  a.m.act(Action::OnlineSeek, 1);
  ASSERT_TRUE(both_until(a, b, [&] { return b.m.online().seeks().size() == 1; }));
  b.m.act(Action::OnlineAccept, 0);
  ASSERT_TRUE(both_until(a, b, [&] { return a.m.online().game() && b.m.online().game(); }));
  Fixture& red = a.m.online().color() == xq::RED ? a : b;
  Fixture& black = &red == &a ? b : a;
  red.click_square("b2");
  red.click_square("e2");
  ASSERT_TRUE(both_until(a, b, [&] { return black.m.controller().game().ply() == 1; }));
  // A move is clicked again while the board may still be put back by the server's state.
  auto play = [&](Fixture& mover, Fixture& other, const char* from, const char* to, int ply) {
    int64_t next_try = 0;
    return both_until(a, b, [&] {
      if (mover.m.controller().game().ply() == ply - 1 && real_ms() >= next_try) {
        mover.m.view_model();
        mover.click_square(from);
        mover.click_square(to);
        next_try = real_ms() + 500;
      }
      return other.m.controller().game().ply() == ply;
    });
  };
  ASSERT_TRUE(play(black, red, "h9", "g7", 2));

  a_node.reset();  // node a stops (its lease ends with it): node b takes its game
  ASSERT_TRUE(both_until(a, b, [&] { return a.m.online().state() == State::Reconnecting; }));
  ASSERT_TRUE(both_until(a, b, [&] { return a.m.online().state() == State::LoggedIn; }));
  EXPECT_EQ(a.m.online().game(), b.m.online().game());
  // The game goes on where it was, both windows on node b now.
  ASSERT_TRUE(play(red, black, "h0", "g2", 3));
  EXPECT_EQ(black.moves(), "b2e2 h9g7 h0g2");
  EXPECT_EQ(red.moves(), "b2e2 h9g7 h0g2");
}
