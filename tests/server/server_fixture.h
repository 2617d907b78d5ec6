// The server in this process on its own thread, on a free port of
// 127.0.0.1, with a fresh SQLite file; clients over real sockets.
#pragma once
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <thread>

#include "server_client.h"
#ifdef XQ_WITH_POSTGRES
#include "postgres_cluster.h"
#endif
#include "store.h"
#include "websocket_server.h"

namespace xq::test {

using json = nlohmann::json;

// XQ_TEST_POSTGRES=1: every server of these tests stores in PostgreSQL (a
// throwaway cluster for the test program, a fresh database for each test).
inline bool on_postgres() { return std::getenv("XQ_TEST_POSTGRES") != nullptr; }
#ifdef XQ_WITH_POSTGRES
inline PostgresCluster& postgres_cluster() { return shared_postgres_cluster(); }
inline std::string postgres_database() { return fresh_postgres_database(); }
#endif

class ServerTest : public ::testing::Test {
 protected:
  void start(xq::server::HubOptions options = {}) { start(xq::server::ServerOptions{options, {}, {}, {}}); }
  void start(xq::server::ServerOptions options) {
    path_ = std::filesystem::temp_directory_path() /
            ("xq_server_test_" + std::to_string(getpid()) + "_" + std::to_string(counter_++) + ".db");
    std::filesystem::remove(path_);
    std::string where = path_.string();
#ifdef XQ_WITH_POSTGRES
    if (on_postgres()) where = postgres_database();
#endif
    where_ = where;
    std::string error;
    ASSERT_TRUE(store_.open(where, error)) << error;
    server_ = std::make_unique<xq::server::WebSocketServer>(store_, options);
    ASSERT_TRUE(server_->listen({"127.0.0.1", 0, "", ""}, error)) << error;
    port_ = server_->port();
    thread_ = std::thread([this] { server_->run(); });
  }
  void TearDown() override {
    if (server_) server_->stop();
    if (thread_.joinable()) thread_.join();
    server_.reset();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path_.string() + suffix);
  }
  int64_t finished() {
    int64_t n = -1;
    server_->with_store([&](xq::server::Store& s) { n = s.finished_count(); });
    return n;
  }
  std::unique_ptr<WsClient> client_from(const std::string& address) {
    auto c = std::make_unique<WsClient>();
    EXPECT_TRUE(c->connect(port_, address));
    return c;
  }
  std::unique_ptr<WsClient> client() {
    auto c = std::make_unique<WsClient>();
    EXPECT_TRUE(c->connect(port_));
    return c;
  }
  json guest(WsClient& c) {
    c.send(json{{"type", "guest"}});
    return c.expect("welcome");
  }
  json account(WsClient& c, const std::string& name, const std::string& type = "register") {
    c.send(json{{"type", type}, {"name", name}, {"password", "secret-" + name}});
    return c.expect("welcome");
  }
  // a seeks (as red), b accepts: both see the game; returns its id.
  int64_t play(WsClient& a, WsClient& b, const std::string& time = "5+3", bool rated = false) {
    a.send(json{{"type", "seek"}, {"time", time}, {"rated", rated}, {"color", "red"}});
    const json seek = a.expect("seek_created");
    EXPECT_TRUE(seek.contains("seek")) << seek;
    b.send(json{{"type", "accept"}, {"seek", seek.value("seek", int64_t(0))}});
    const json ga = a.expect("game"), gb = b.expect("game");
    EXPECT_EQ(ga.value("you", ""), "red");
    EXPECT_EQ(gb.value("you", ""), "black");
    EXPECT_EQ(ga.value("game", 0), gb.value("game", 0));
    return ga.value("game", int64_t(0));
  }
  // The mover sends, both sides see it relayed.
  void move(WsClient& mover, WsClient& other, int64_t game, const std::string& m) {
    mover.send(json{{"type", "move"}, {"game", game}, {"move", m}});
    const json a = mover.expect("move"), b = other.expect("move");
    EXPECT_EQ(a.value("move", ""), m) << a;
    EXPECT_EQ(b.value("move", ""), m) << b;
  }
  // Red mates on the fifth ply (the black pieces help).
  void mate(WsClient& red, WsClient& black, int64_t game) {
    const char* line[] = {"b2c2", "f9e8", "c2c6", "b7c7", "c6c9"};
    for (int i = 0; i < 5; ++i) move(i % 2 ? black : red, i % 2 ? red : black, game, line[i]);
  }

  xq::server::Store store_;
  std::unique_ptr<xq::server::WebSocketServer> server_;
  std::thread thread_;
  std::filesystem::path path_;
  std::string where_;  // what the store opened: path_, or a PostgreSQL URI
  uint16_t port_ = 0;
  static inline int counter_ = 0;
};

}  // namespace xq::test
