// Several xiangqi-server nodes on one PostgreSQL database (a throwaway
// cluster on a Unix socket, started by the test), each a real process on
// 127.0.0.1: players on different nodes play one game, a spectator watches
// from a third, every lobby lists every node's players and seeks; a node
// killed with SIGKILL mid-game, its player comes back on another node and
// finds the game with every move; the database restarted under the nodes.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

#include "postgres_cluster.h"
#include "server_client.h"
#include "server_process.h"

namespace {

using json = nlohmann::json;
using xq::test::ServerProcess;
using xq::test::WsClient;

std::string guest(WsClient& c) {
  c.send(json{{"type", "guest"}});
  const json w = c.expect("welcome");
  EXPECT_TRUE(w.contains("token")) << w;
  return w.value("name", "");
}

// A lobby event about `name` (or any, when empty) of this type.
json expect_named(WsClient& c, const std::string& type, const std::string& key, const json& value) {
  for (int i = 0; i < 200; ++i) {
    const json j = c.expect(type);
    if (j.contains("missing") || j.value(key, json()) == value) return j;
  }
  return json{{"missing", type}};
}

// The lobby's answer once it lists game `game` (the node hears of a game on
// another node through the database, a moment after it started): asked again
// until then, at most 100 times.
json lobby_with_game(WsClient& c, int64_t game) {
  for (int i = 0; i < 100; ++i) {
    c.send(json{{"type", "lobby"}});
    const json l = c.expect("lobby");
    for (const json& g : l.value("games", json::array()))
      if (g.value("game", int64_t(0)) == game) return l;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the next look, not a wait for an answer
  }
  return json{{"missing", "game in the lobby"}};
}

void move(WsClient& mover, std::vector<WsClient*> others, int64_t game, const std::string& m) {
  mover.send(json{{"type", "move"}, {"game", game}, {"move", m}});
  EXPECT_EQ(mover.expect("move").value("move", ""), m);
  for (WsClient* o : others) {
    EXPECT_EQ(o->expect("move").value("move", ""), m);
    if (o->seen.size() && o->seen.back().value("move", "") != m)
      for (const json& j : o->seen) ADD_FAILURE() << j.dump();
  }
}

TEST(ServerCluster, PlayersOnTwoNodesPlayAGameAndAThirdNodeWatches) {
  const std::string db = xq::test::fresh_postgres_database();
  ServerProcess a, b, c;
  ASSERT_TRUE(a.start(db, {"--node", "a"}));
  ASSERT_TRUE(b.start(db, {"--node", "b"}));
  ASSERT_TRUE(c.start(db, {"--node", "c"}));
  WsClient red, black, watcher;
  ASSERT_TRUE(black.connect(b.port));
  const std::string black_name = guest(black);
  black.send(json{{"type", "lobby"}});
  black.expect("lobby");
  // A player logging in on node a appears in node b's lobby.
  ASSERT_TRUE(red.connect(a.port));
  const std::string red_name = guest(red);
  EXPECT_EQ(expect_named(black, "player_online", "name", red_name).value("name", ""), red_name);
  // And their seek.
  red.send(json{{"type", "seek"}, {"time", "5+3"}, {"color", "red"}});
  const int64_t seek = red.expect("seek_created").value("seek", int64_t(0));
  ASSERT_GT(seek, 0);
  EXPECT_EQ(expect_named(black, "seek_added", "seek", seek).value("name", ""), red_name);
  black.send(json{{"type", "accept"}, {"seek", seek}});
  const json red_state = red.expect("game");
  const json black_state = black.expect("game");
  const int64_t game = red_state.value("game", int64_t(0));
  ASSERT_GT(game, 0) << red_state;
  EXPECT_EQ(black_state.value("game", int64_t(0)), game);
  EXPECT_EQ(black_state["you"], "black");
  EXPECT_EQ(black_state["red"]["name"], red_name);
  // The seek left node b's lobby (told before the game's first state).
  bool removed = false;
  for (const json& m : black.seen) removed |= m.value("type", "") == "seek_removed" && m.value("seek", int64_t(0)) == seek;
  EXPECT_TRUE(removed);

  // A spectator on node c finds the game in its lobby and watches it there.
  ASSERT_TRUE(watcher.connect(c.port));
  guest(watcher);
  const json lobby = lobby_with_game(watcher, game);
  ASSERT_FALSE(lobby.contains("missing"));
  std::set<std::string> names;
  for (const json& p : lobby["players"]) names.insert(p.value("name", ""));
  EXPECT_TRUE(names.count(red_name) && names.count(black_name)) << lobby;
  watcher.send(json{{"type", "watch"}, {"game", game}});
  EXPECT_EQ(watcher.expect("game").value("you", ""), "spectator");

  move(red, {&black, &watcher}, game, "h2e2");
  move(black, {&red, &watcher}, game, "h9g7");
  move(red, {&black, &watcher}, game, "h0g2");
  // A draw offered from node b, declined on node a.
  black.send(json{{"type", "draw_offer"}, {"game", game}});
  EXPECT_EQ(red.expect("draw_offered")["by"], "black");
  red.send(json{{"type", "draw_decline"}, {"game", game}});
  EXPECT_EQ(black.expect("draw_declined")["by"], "red");
  // A takeback asked on node a, granted on node b.
  red.send(json{{"type", "takeback"}, {"game", game}});
  EXPECT_EQ(black.expect("takeback_requested")["plies"], 1);
  black.send(json{{"type", "takeback_accept"}, {"game", game}});
  EXPECT_EQ(red.expect("takeback").value("ply", 0), 2);
  EXPECT_EQ(black.expect("takeback").value("ply", 0), 2);
  EXPECT_EQ(watcher.expect("takeback").value("ply", 0), 2);
  move(red, {&black, &watcher}, game, "b0c2");
  // An illegal move from node b is refused by the game's node, and said so.
  black.send(json{{"type", "move"}, {"game", game}, {"move", "a9a5"}});
  EXPECT_EQ(black.expect("error").value("code", ""), "illegal");
  black.send(json{{"type", "resign"}, {"game", game}});
  for (WsClient* w : {&red, &black, &watcher}) EXPECT_EQ(w->expect("game_over").value("result", ""), "1-0");
  black.send(json{{"type", "pgn"}, {"game", game}});
  const std::string pgn = black.expect("pgn").value("pgn", "");
  EXPECT_NE(pgn.find("炮二平五"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("马八进七"), std::string::npos) << pgn;
  EXPECT_EQ(pgn.find("马二进三"), std::string::npos) << "the move taken back is not in the record: " << pgn;
  // The player on node b is free to seek again.
  black.send(json{{"type", "seek"}, {"time", "5+3"}});
  EXPECT_GT(black.expect("seek_created").value("seek", int64_t(0)), 0);
}

TEST(ServerCluster, ANodeKilledMidGameItsPlayerFindsTheGameOnAnother) {
  const std::string db = xq::test::fresh_postgres_database();
  ServerProcess a, b;
  ASSERT_TRUE(a.start(db, {"--node", "a"}));
  ASSERT_TRUE(b.start(db, {"--node", "b"}));
  WsClient red, black(20000);
  ASSERT_TRUE(black.connect(b.port));
  guest(black);
  black.send(json{{"type", "lobby"}});
  black.expect("lobby");
  ASSERT_TRUE(red.connect(a.port));
  red.send(json{{"type", "guest"}});
  const std::string red_token = red.expect("welcome").value("token", "");
  red.send(json{{"type", "seek"}, {"time", "5+3"}, {"color", "red"}});
  const int64_t seek = red.expect("seek_created").value("seek", int64_t(0));
  expect_named(black, "seek_added", "seek", seek);
  black.send(json{{"type", "accept"}, {"seek", seek}});
  const int64_t game = red.expect("game").value("game", int64_t(0));
  ASSERT_EQ(black.expect("game").value("game", int64_t(0)), game);
  move(red, {&black}, game, "h2e2");
  move(black, {&red}, game, "h9g7");
  move(red, {&black}, game, "h0g2");

  // The game's node dies. Its player comes back on node b with the token
  // (as a client does with the next address it was given); node b takes the
  // game over once node a's lease has run out.
  a.kill9();
  red.drop();
  WsClient red2(20000);
  ASSERT_TRUE(red2.connect(b.port));
  red2.send(json{{"type", "resume"}, {"token", red_token}});
  EXPECT_TRUE(red2.expect("welcome").contains("token"));
  const json state = red2.expect("game");
  EXPECT_EQ(state.value("game", int64_t(0)), game) << state;
  EXPECT_EQ(state["moves"], json::array({"h2e2", "h9g7", "h0g2"}));
  EXPECT_EQ(state["you"], "red");
  const json black_state = black.expect("game");
  EXPECT_EQ(black_state["moves"], json::array({"h2e2", "h9g7", "h0g2"}));
  move(black, {&red2}, game, "b9c7");
  move(red2, {&black}, game, "i0h0");
  red2.send(json{{"type", "resign"}, {"game", game}});
  EXPECT_EQ(black.expect("game_over").value("result", ""), "0-1");
  red2.send(json{{"type", "pgn"}, {"game", game}});
  const std::string pgn = red2.expect("pgn").value("pgn", "");
  for (const char* m : {"炮二平五", "马8进7", "马二进三", "马2进3", "车一平二"})
    EXPECT_NE(pgn.find(m), std::string::npos) << m << " missing from " << pgn;
}

TEST(ServerCluster, AGameAcrossNodesGoesOnAfterTheDatabaseRestarts) {
  const std::string db = xq::test::fresh_postgres_database();
  ServerProcess a, b;
  ASSERT_TRUE(a.start(db, {"--node", "a"}));
  ASSERT_TRUE(b.start(db, {"--node", "b"}));
  WsClient red(20000), black(20000);
  ASSERT_TRUE(black.connect(b.port));
  guest(black);
  black.send(json{{"type", "lobby"}});
  black.expect("lobby");
  ASSERT_TRUE(red.connect(a.port));
  const std::string red_name = guest(red);
  red.send(json{{"type", "seek"}, {"time", "5+3"}, {"color", "red"}});
  const int64_t seek = red.expect("seek_created").value("seek", int64_t(0));
  expect_named(black, "seek_added", "seek", seek);
  black.send(json{{"type", "accept"}, {"seek", seek}});
  const int64_t game = red.expect("game").value("game", int64_t(0));
  black.expect("game");
  move(red, {&black}, game, "h2e2");

  std::string error;
  ASSERT_TRUE(xq::test::shared_postgres_cluster().restart(error)) << error;
  // Both nodes' channels are back once node b lists node a's player again
  // (node a sends all it holds when its channel is back, and b hears it).
  EXPECT_EQ(expect_named(black, "player_online", "name", red_name).value("name", ""), red_name);
  // The first write on node a's old session is refused (not_saved); played again, it goes through.
  json answer;
  for (int attempt = 0; attempt < 3; ++attempt) {
    black.send(json{{"type", "move"}, {"game", game}, {"move", "h9g7"}});
    answer = black.read().value_or(json());
    while (answer.is_object() && answer.value("type", "") != "move" && answer.value("type", "") != "error")
      answer = black.read().value_or(json());
    if (answer.value("type", "") == "move") break;
    EXPECT_EQ(answer.value("code", ""), "not_saved") << answer;
  }
  ASSERT_EQ(answer.value("move", ""), "h9g7") << answer;
  EXPECT_EQ(red.expect("move").value("move", ""), "h9g7");
  move(red, {&black}, game, "h0g2");
  red.send(json{{"type", "resign"}, {"game", game}});
  EXPECT_EQ(black.expect("game_over").value("result", ""), "0-1");
}

// How many moves the database holds for games in progress (on a connection of the test's own).
int64_t stored_moves(const std::string& db) {
  PGconn* c = PQconnectdb(db.c_str());
  int64_t n = -1;
  if (PQstatus(c) == CONNECTION_OK)
    if (PGresult* r = PQexec(c, "SELECT count(*) FROM moves"); r) {
      if (PQresultStatus(r) == PGRES_TUPLES_OK) n = std::strtoll(PQgetvalue(r, 0, 0), nullptr, 10);
      PQclear(r);
    }
  PQfinish(c);
  return n;
}

// The load tool drives 40 clients in 20 games, every game across the two
// nodes, for 8 s; the database restarts in the middle. The nodes wait for it
// and go on: the load tool finds no relayed move missing or out of step and
// no game lost (moves refused meanwhile are played again), and moves are
// stored after the restart.
TEST(ServerCluster, TheDatabaseRestartsUnderLoadAndNothingIsLost) {
  const std::string db = xq::test::fresh_postgres_database();
  ServerProcess a, b;
  ASSERT_TRUE(a.start(db, {"--node", "a", "--guests-per-address", "0"}));
  ASSERT_TRUE(b.start(db, {"--node", "b", "--guests-per-address", "0"}));
  xq::ChildProcess load;
  xq::SpawnOptions options;
  options.pipe_stdin = false;
  std::string error;
  ASSERT_TRUE(xq::spawn_process({XQ_LOADTEST_PROGRAM, "--port", std::to_string(a.port) + "," + std::to_string(b.port),
                                 "--clients", "40", "--games", "20", "--seconds", "8"},
                                options, load, &error))
      << error;
  // Once the games are under way (moves in the database), the restart.
  int64_t before = 0;
  for (int i = 0; i < 200 && before < 40; ++i) {
    before = stored_moves(db);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the next look at the database
  }
  ASSERT_GE(before, 40);
  ASSERT_TRUE(xq::test::shared_postgres_cluster().restart(error)) << error;
  int64_t after = 0;
  for (int i = 0; i < 300 && after < before + 40; ++i) {
    after = stored_moves(db);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_GE(after, before + 40) << "moves stored after the restart";
  std::string out;
  char buf[4096];
  for (ssize_t n; (n = read(load.from_child, buf, sizeof buf)) > 0;) out.append(buf, size_t(n));
  int status = -1;
  waitpid(load.pid, &status, 0);
  close(load.from_child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << out;
  EXPECT_NE(out.find(" lost 0 desynced 0 "), std::string::npos) << out;
  EXPECT_NE(out.find("connected 40 of 40"), std::string::npos) << out;
  std::printf("%s", out.c_str());  // the run's figures, for the log
}

}  // namespace
