// What a club's server meets when it is left running on the internet, over
// real sockets on 127.0.0.1 (and 127.0.0.2, 127.0.0.3 as other addresses):
// a move whose save fails is not relayed and the relay of others goes on,
// the log stays small, slow readers are dropped and freed, guessing does not
// hold up a real login, guests, connections and tokens are bounded.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "notation.h"
#include "server_fixture.h"

namespace {

using xq::test::ServerTest;
using xq::test::WsClient;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

int64_t ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

// Another program's connection to the server's file (as sqlite3 in a shell would be).
struct OtherProgram {
  sqlite3* db = nullptr;
  explicit OtherProgram(const std::string& path) {
    EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    EXPECT_EQ(sqlite3_busy_timeout(db, 2000), SQLITE_OK);
  }
  ~OtherProgram() { sqlite3_close(db); }
  bool exec(const std::string& sql) { return sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK; }
  std::string text(const std::string& sql) {
    sqlite3_stmt* st = nullptr;
    std::string out = "(none)";
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
      out = reinterpret_cast<const char*>(sqlite3_column_text(st, 0) ? sqlite3_column_text(st, 0) : (const unsigned char*)"");
    sqlite3_finalize(st);
    return out;
  }
};

class ServerLimits : public ServerTest {
 protected:
  // Waits (at most 10 s) until the server's status satisfies `ok`.
  template <class F>
  bool status_until(F ok) {
    const auto start = Clock::now();
    while (ms_since(start) < 10000) {
      if (ok(server_->status())) return true;
      std::this_thread::yield();
    }
    return false;
  }
};

TEST_F(ServerLimits, AMoveWhoseSaveFailsIsNotRelayedAndOtherClientsAreStillServed) {
  start();
  auto red = client(), black = client(), other = client();
  guest(*red);
  guest(*black);
  const int64_t game = play(*red, *black);
  move(*red, *black, game, "h2e2");
  {
    OtherProgram holder(path_.string());
    ASSERT_TRUE(holder.exec("BEGIN EXCLUSIVE"));  // another program holds the file
    black->send(json{{"type", "move"}, {"game", game}, {"move", "h9g7"}});
    // The network thread does not wait on the file: the mover's own ping, sent after the move, is answered
    // before the move's refusal (which comes once the database gives up, 200 ms on), and so is another client.
    black->send(json{{"type", "ping"}});
    const auto asked = Clock::now();
    other->send(json{{"type", "ping"}});
    EXPECT_EQ(other->expect("pong")["type"], "pong");
    EXPECT_LT(ms_since(asked), 1000);  // was 5,070 ms when the relay waited for the database
    const auto first = black->read();
    ASSERT_TRUE(first);
    EXPECT_EQ(first->value("type", ""), "pong") << *first;
    const json refused = black->expect("error");
    EXPECT_EQ(refused.value("code", ""), "not_saved") << refused;
    EXPECT_NE(refused.value("message", "").find("h9g7 was not saved"), std::string::npos) << refused;
    ASSERT_TRUE(holder.exec("ROLLBACK"));
  }
  // The game waited: the same side moves again, and the first move the opponent hears of is this one.
  black->send(json{{"type", "move"}, {"game", game}, {"move", "b9c7"}});
  EXPECT_EQ(red->expect("move").value("move", ""), "b9c7");
  EXPECT_EQ(black->expect("move").value("move", ""), "b9c7");
  std::vector<xq::server::StoredGame> games;
  server_->with_store([&](xq::server::Store& s) { games = s.playing_games(); });
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].moves.size(), 2u);
  EXPECT_EQ(xq::move_to_iccs(games[0].moves[1]), "b9c7");
}

// A resignation sent while the mover's last move is still being written waits
// for the write's outcome and is then carried out (it was answered "try
// again" before): here the write fails, the move is refused, the resignation
// ends the game at the position before it.
TEST_F(ServerLimits, AResignationSentWhileAMoveIsBeingSavedWaitsForIt) {
  start();
  auto red = client(), black = client();
  guest(*red);
  guest(*black);
  const int64_t game = play(*red, *black);
  move(*red, *black, game, "h2e2");
  {
    OtherProgram holder(path_.string());
    ASSERT_TRUE(holder.exec("BEGIN EXCLUSIVE"));
    black->send(json{{"type", "move"}, {"game", game}, {"move", "h9g7"}});
    black->send(json{{"type", "resign"}, {"game", game}});
    const json refused = black->expect("error");
    EXPECT_EQ(refused.value("code", ""), "not_saved") << refused;
    ASSERT_TRUE(holder.exec("ROLLBACK"));
  }
  const json over = red->expect("game_over");
  EXPECT_EQ(over.value("result", ""), "1-0") << over;
  EXPECT_EQ(over.value("reason", ""), "resignation") << over;
  for (const json& m : black->seen) EXPECT_NE(m.value("code", ""), "wait") << m;
  red->send(json{{"type", "pgn"}, {"game", game}});
  const std::string pgn = red->expect("pgn").value("pgn", "");
  EXPECT_EQ(pgn.find("马8进7"), std::string::npos) << "the refused move is not in the record: " << pgn;
}

#ifdef XQ_WITH_POSTGRES
// The same promise on PostgreSQL: another session holds the moves table, the
// server's write gives up after its 200 ms lock timeout, and the move is
// refused, not relayed; the game goes on once the lock is gone.
TEST_F(ServerLimits, APostgresWriteThatWaitsOnALockIsRefusedNotRelayed) {
  if (!xq::test::on_postgres()) GTEST_SKIP() << "PostgreSQL only (server_limits_test_postgres)";
  start();
  auto red = client(), black = client();
  guest(*red);
  guest(*black);
  const int64_t game = play(*red, *black);
  move(*red, *black, game, "h2e2");
  PGconn* holder = PQconnectdb(where_.c_str());
  ASSERT_EQ(PQstatus(holder), CONNECTION_OK) << PQerrorMessage(holder);
  for (const char* sql : {"BEGIN", "LOCK TABLE moves IN ACCESS EXCLUSIVE MODE"}) {
    PGresult* r = PQexec(holder, sql);
    ASSERT_EQ(PQresultStatus(r), PGRES_COMMAND_OK) << PQerrorMessage(holder);
    PQclear(r);
  }
  black->send(json{{"type", "move"}, {"game", game}, {"move", "h9g7"}});
  const json refused = black->expect("error");
  EXPECT_EQ(refused.value("code", ""), "not_saved") << refused;
  EXPECT_NE(refused.value("message", "").find("h9g7 was not saved"), std::string::npos) << refused;
  PQclear(PQexec(holder, "ROLLBACK"));
  PQfinish(holder);
  black->send(json{{"type", "move"}, {"game", game}, {"move", "b9c7"}});
  EXPECT_EQ(red->expect("move").value("move", ""), "b9c7") << "the opponent never heard of h9g7";
  EXPECT_EQ(black->expect("move").value("move", ""), "b9c7");
  std::vector<xq::server::StoredGame> games;
  server_->with_store([&](xq::server::Store& s) { games = s.playing_games(); });
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].moves.size(), 2u);
  EXPECT_EQ(xq::move_to_iccs(games[0].moves[1]), "b9c7");
}

// The database server restarted mid-game (an operator's restart: every
// session cut): the moves made while it is away are refused, not relayed;
// once it is back the server's connection is opened again and the game goes
// on with nothing lost.
TEST_F(ServerLimits, AGameGoesOnAfterPostgresRestarts) {
  if (!xq::test::on_postgres()) GTEST_SKIP() << "PostgreSQL only (server_limits_test_postgres)";
  start();
  auto red = client(), black = client();
  guest(*red);
  guest(*black);
  const int64_t game = play(*red, *black);
  move(*red, *black, game, "h2e2");
  std::string error;
  ASSERT_TRUE(xq::test::postgres_cluster().restart(error)) << error;
  // The first write after the restart finds its session gone: refused, and the connection is made again.
  black->send(json{{"type", "move"}, {"game", game}, {"move", "h9g7"}});
  json answer = black->expect("error");
  EXPECT_EQ(answer.value("code", ""), "not_saved") << answer;
  black->send(json{{"type", "move"}, {"game", game}, {"move", "h9g7"}});
  EXPECT_EQ(red->expect("move").value("move", ""), "h9g7");
  EXPECT_EQ(black->expect("move").value("move", ""), "h9g7");
  move(*red, *black, game, "h0g2");
  std::vector<xq::server::StoredGame> games;
  server_->with_store([&](xq::server::Store& s) { games = s.playing_games(); });
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].moves.size(), 3u);
  EXPECT_EQ(xq::move_to_iccs(games[0].moves[2]), "h0g2");
}
#endif

TEST_F(ServerLimits, ThreeThousandGuestLoginsLeaveTheLogSmall) {
  xq::server::ServerOptions o;
  o.hub.guest_burst = 0;  // one address makes them all
  start(o);
  std::atomic<int> welcomed{0};
  std::atomic<int64_t> biggest_log{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 20; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 150; ++i) {
        WsClient c;
        if (!c.connect(port_)) continue;
        c.send(json{{"type", "guest"}});
        if (c.expect("welcome").contains("token")) welcomed++;
        std::error_code ec;
        const auto size = int64_t(std::filesystem::file_size(path_.string() + "-wal", ec));
        if (!ec && size > biggest_log) biggest_log = size;
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(welcomed, 3000);
  const auto status = server_->status();
  // Every login writes its player and token; the log is checkpointed past 4 MB and cut back.
  EXPECT_LT(biggest_log.load(), 16 << 20) << "largest -wal file seen while the server ran";
  EXPECT_LT(status.database.max_log_bytes, 16 << 20);
  EXPECT_GT(status.database.checkpoints, 0);
  int64_t players = 0;
  server_->with_store([&](xq::server::Store& s) { players = s.player_count(); });
  EXPECT_EQ(players, 3000);
}

TEST_F(ServerLimits, AClientThatStopsReadingIsDroppedAndFreed) {
  xq::server::ServerOptions o;
  o.hub.messages_per_second = 1e6;  // the test floods on purpose
  o.hub.message_burst = 1e6;
  o.network.max_queued_bytes = 64 << 10;
  o.network.write_timeout_ms = 1000;
  start(o);
  auto watcher = client(), red = client(), black = client();
  guest(*watcher);
  guest(*red);
  guest(*black);
  const int64_t game = play(*red, *black);
  const size_t before = server_->status().connections;
  {
    WsClient slow;
    ASSERT_TRUE(slow.connect(port_, "", 4096));
    // Asks for far more than it reads (the game's state, some 400 bytes, 60,000 times): the answers pile up.
    const std::string watch = json{{"type", "watch"}, {"game", game}}.dump();
    for (int i = 0; i < 60000; ++i) slow.send(watch);
    EXPECT_TRUE(status_until([&](const xq::server::ServerStatus& s) { return s.connections == before; }))
        << "the slow reader is still held";
    const auto s = server_->status();
    EXPECT_EQ(s.queued_bytes, 0u);
    EXPECT_EQ(s.players_online, 3u);  // the watcher and the players
  }
  watcher->send(json{{"type", "ping"}});
  EXPECT_EQ(watcher->expect("pong")["type"], "pong");
}

TEST_F(ServerLimits, APeerThatResetsWhileAnswersPileUpIsFreed) {
  xq::server::ServerOptions o;
  o.hub.messages_per_second = 1e6;
  o.hub.message_burst = 1e6;
  start(o);
  {
    WsClient slow;
    ASSERT_TRUE(slow.connect(port_, "", 4096));
    slow.send(json{{"type", "guest"}});
    for (int i = 0; i < 20000; ++i) slow.send(std::string(R"({"type":"ping"})"));
    slow.drop();
  }
  EXPECT_TRUE(status_until([](const xq::server::ServerStatus& s) { return s.connections == 0 && s.players_online == 0; }));
}

TEST_F(ServerLimits, ARealLoginBehindSixtyGuessingConnectionsIsQuick) {
  start();
  for (const char* name : {"alice", "carol"}) {
    auto c = client();
    account(*c, name);
  }
  std::atomic<bool> stop{false};
  std::atomic<int> answered{0};
  std::vector<std::thread> guessers;
  for (int g = 0; g < 60; ++g)
    guessers.emplace_back([&, g] {
      WsClient c(20000);
      if (!c.connect(port_)) return;
      for (int i = 0; !stop; ++i) {
        c.send(json{{"type", "login"}, {"name", g % 2 ? "alice" : "carol"}, {"password", "guess" + std::to_string(i)}});
        if (!c.read()) return;
        answered++;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));  // paces the guessing loop; not a synchronisation
      }
    });
  while (answered < 600) std::this_thread::yield();  // every guesser is at it
  // The real player from home (another address) and a player on the guessers' own address.
  for (const auto& [from, name] : {std::pair{"127.0.0.2", "alice"}, std::pair{"127.0.0.3", "carol"}}) {
    auto real = client_from(from);
    const auto t = Clock::now();
    real->send(json{{"type", "login"}, {"name", name}, {"password", std::string("secret-") + name}});
    const json w = real->expect("welcome");
    EXPECT_EQ(w.value("name", ""), name) << json(real->seen).dump();
    EXPECT_LT(ms_since(t), 2000) << name << " from " << from;
  }
  stop = true;
  for (auto& t : guessers) t.join();
  // The guessing itself was held back: each name from the one address was hashed only a few times.
  EXPECT_GT(answered.load(), 600);
}

TEST_F(ServerLimits, AFullLoginQueueSaysSoAtOnceAndShutdownDropsIt) {
  xq::server::ServerOptions o;
  o.network.login_queue = 1;
  start(o);
  std::vector<std::unique_ptr<WsClient>> cs;
  for (int i = 0; i < 6; ++i) cs.push_back(client_from("127.0.0." + std::to_string(2 + i)));
  const auto t = Clock::now();
  for (int i = 0; i < 6; ++i)
    cs[i]->send(json{{"type", "register"}, {"name", "player" + std::to_string(i)}, {"password", "secret-pw"}});
  int busy = 0, welcomed = 0;
  for (auto& c : cs) {
    const auto j = c->read();
    ASSERT_TRUE(j);
    if (j->value("code", "") == "busy") {
      busy++;
      EXPECT_LT(ms_since(t), 1000) << "a full queue is said at once";
    }
    welcomed += j->value("type", "") == "welcome";
  }
  EXPECT_GE(busy, 3);
  EXPECT_GE(welcomed, 1);
  // Shut down with logins queued: it does not wait for them.
  for (int i = 0; i < 2; ++i)
    cs[i]->send(json{{"type", "login"}, {"name", "player" + std::to_string(i)}, {"password", "secret-pw"}});
  const auto stopping = Clock::now();
  server_->stop();
  thread_.join();
  server_.reset();
  EXPECT_LT(ms_since(stopping), 2000);
}

TEST_F(ServerLimits, GuestsAndConnectionsAreLimitedPerAddress) {
  xq::server::ServerOptions o;
  o.hub.guest_burst = 3;
  o.network.max_per_address = 4;
  start(o);
  std::vector<std::unique_ptr<WsClient>> here;
  for (int i = 0; i < 4; ++i) here.push_back(client());
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(guest(*here[i]).contains("token"));
  here[3]->send(json{{"type", "guest"}});
  const json refused = here[3]->expect("error");
  EXPECT_EQ(refused.value("code", ""), "rate") << refused;
  // A fifth connection from this address is closed before its handshake; another address is served.
  WsClient fifth;
  EXPECT_FALSE(fifth.connect(port_));
  auto elsewhere = client_from("127.0.0.2");
  EXPECT_TRUE(guest(*elsewhere).contains("token"));
}

TEST_F(ServerLimits, AConnectionThatNeverLogsInIsClosed) {
  xq::server::HubOptions o;
  o.login_deadline_ms = 300;
  start(o);
  auto idle = client();
  EXPECT_FALSE(idle->read());  // closed by the server, not timed out by us (5 s)
  EXPECT_NE(std::string(idle->close_reason().reason.c_str()).find("log in"), std::string::npos);
}

TEST_F(ServerLimits, TokensAreStoredHashedExpireAndEndAtLogout) {
  start();
  auto a = client();
  const std::string token = guest(*a)["token"];
  {
    OtherProgram reader(path_.string());
    const std::string stored = reader.text("SELECT token FROM players");
    EXPECT_EQ(stored.size(), 64u) << stored;
    EXPECT_EQ(stored.find(token), std::string::npos);
    EXPECT_EQ(stored, xq::server::token_hash(token));
  }
  a->send(json{{"type", "logout"}});
  EXPECT_EQ(a->expect("logged_out")["type"], "logged_out");
  auto b = client();
  b->send(json{{"type", "resume"}, {"token", token}});
  EXPECT_EQ(b->expect("error").value("code", ""), "token");
}

TEST_F(ServerLimits, AnExpiredTokenDoesNotResume) {
  xq::server::HubOptions o;
  o.token_lifetime_s = 0;
  start(o);
  auto a = client();
  const std::string token = guest(*a)["token"];
  a->drop();
  auto b = client();
  b->send(json{{"type", "resume"}, {"token", token}});
  EXPECT_EQ(b->expect("error").value("code", ""), "token");
}

TEST(ServerStore, IdleGuestsAreForgottenButNotThoseInAGame) {
  const auto path = std::filesystem::temp_directory_path() / ("xq_idle_" + std::to_string(getpid()) + ".db");
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
  {
    xq::server::Store s;
    std::string error;
    ASSERT_TRUE(s.open(path.string(), error)) << error;
    const int64_t idle = s.add_player("Guest10000001", "", true), playing = s.add_player("Guest10000002", "", true);
    const int64_t account = s.add_player("someone", "hash", false);
    ASSERT_TRUE(idle && playing && account);
    xq::server::StoredGame g;
    g.red = playing;
    g.black = account;
    g.red_name = "Guest10000002";
    g.black_name = "someone";
    g.start_fen = "x";
    ASSERT_GT(s.start_game(g), 0);
    {
      OtherProgram other(path.string());
      ASSERT_TRUE(other.exec("UPDATE players SET seen=datetime('now','-40 days')"));
    }
    EXPECT_EQ(s.forget_idle_guests(30), 1);
    EXPECT_FALSE(s.player_by_name("Guest10000001"));
    EXPECT_TRUE(s.player_by_name("Guest10000002"));
    EXPECT_TRUE(s.player_by_name("someone"));
    // A name in a stored game is never given to a new guest.
    EXPECT_TRUE(s.name_used("guest10000002"));
  }
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
}

}  // namespace
