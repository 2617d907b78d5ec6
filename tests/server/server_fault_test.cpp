// Faults the server must survive, on the real program: killed with SIGKILL
// in the middle of a game and started again on the same file, the game goes
// on from its last move when the players come back with their tokens. And
// the database refused at start with a clear message (held by another
// server, not a database, a folder that does not exist).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "child_process.h"
#include "server_client.h"
#include "server_process.h"
#include "store.h"
#ifdef XQ_WITH_POSTGRES
#include "postgres_cluster.h"
#endif

namespace {

// XQ_TEST_POSTGRES=1 (server_fault_test_postgres): the killed and restarted
// servers keep their games in a fresh PostgreSQL database instead of a file.
std::string postgres_uri() {
#ifdef XQ_WITH_POSTGRES
  return xq::test::fresh_postgres_database();
#else
  return "";
#endif
}

using xq::test::WsClient;
using json = nlohmann::json;

using xq::test::ServerProcess;

std::filesystem::path temp_db(const std::string& name) {
  if (std::getenv("XQ_TEST_POSTGRES")) return std::filesystem::path(postgres_uri());
  const auto p = std::filesystem::temp_directory_path() / ("xq_fault_" + std::to_string(getpid()) + "_" + name);
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(p.string() + suffix);
  return p;
}

void move(WsClient& mover, WsClient& other, int64_t game, const std::string& m) {
  mover.send(json{{"type", "move"}, {"game", game}, {"move", m}});
  EXPECT_EQ(mover.expect("move").value("move", ""), m);
  EXPECT_EQ(other.expect("move").value("move", ""), m);
}

TEST(ServerFault, AGameGoesOnAfterTheServerIsKilledAndStartedAgain) {
  const auto db = temp_db("kill.db");
  ServerProcess server;
  ASSERT_TRUE(server.start(db.string()));
  WsClient red, black;
  ASSERT_TRUE(red.connect(server.port));
  ASSERT_TRUE(black.connect(server.port));
  red.send(json{{"type", "guest"}});
  black.send(json{{"type", "guest"}});
  const std::string red_token = red.expect("welcome").value("token", "");
  const std::string black_token = black.expect("welcome").value("token", "");
  red.send(json{{"type", "seek"}, {"time", "5+3"}, {"color", "red"}});
  black.send(json{{"type", "accept"}, {"seek", red.expect("seek_created").value("seek", int64_t(0))}});
  const int64_t game = red.expect("game").value("game", int64_t(0));
  black.expect("game");
  move(red, black, game, "h2e2");
  move(black, red, game, "h9g7");
  red.send(json{{"type", "move"}, {"game", game}, {"move", "h0g2"}});
  const json last = black.expect("move");
  ASSERT_EQ(last.value("move", ""), "h0g2");
  const int red_ms = last["clock"]["red"], black_ms = last["clock"]["black"];

  server.kill9();
  red.drop();
  black.drop();
  ServerProcess again;
  ASSERT_TRUE(again.start(db.string()));
  WsClient red2, black2;
  ASSERT_TRUE(red2.connect(again.port));
  ASSERT_TRUE(black2.connect(again.port));
  red2.send(json{{"type", "resume"}, {"token", red_token}});
  const json red_state = red2.expect("game");
  EXPECT_EQ(red_state["game"], game);
  EXPECT_EQ(red_state["moves"], json::array({"h2e2", "h9g7", "h0g2"}));
  // The clocks read what they did at the last move and wait for black, whose move it is.
  EXPECT_EQ(red_state["clock"]["red"], red_ms);
  EXPECT_EQ(red_state["clock"]["black"], black_ms);
  EXPECT_EQ(red_state["clock"]["running"], "none");
  EXPECT_EQ(red_state["away"], json::array({"black"}));
  black2.send(json{{"type", "resume"}, {"token", black_token}});
  const json black_state = black2.expect("game");
  EXPECT_EQ(black_state["you"], "black");
  EXPECT_EQ(black_state["clock"]["running"], "black");
  EXPECT_EQ(red2.expect("opponent_back")["color"], "black");
  move(black2, red2, game, "b9c7");
  black2.send(json{{"type", "resign"}, {"game", game}});
  EXPECT_EQ(red2.expect("game_over").value("result", ""), "1-0");
  red2.send(json{{"type", "pgn"}, {"game", game}});
  const std::string pgn = red2.expect("pgn").value("pgn", "");
  EXPECT_NE(pgn.find("1. 炮二平五"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("马二进三"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("马2进3"), std::string::npos) << pgn;
  again.kill9();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + suffix);
}

// Durability: a move the players were told of is on the disk. The server is
// killed (SIGKILL) after every move, sometimes once the move was relayed,
// sometimes the instant it was sent; after each restart the game holds every
// relayed move, and at most the one move that was on its way besides.
TEST(ServerFault, EveryRelayedMoveSurvivesAKillAtAnyPoint) {
  const auto db = temp_db("durable.db");
  const std::vector<std::string> line = {"h2e2", "h9g7", "h0g2", "b9c7", "i0h0", "i9h9", "b0c2", "a9a8"};
  std::string tokens[2];
  int64_t game = 0;
  {
    ServerProcess server;
    ASSERT_TRUE(server.start(db.string()));
    WsClient red, black;
    ASSERT_TRUE(red.connect(server.port) && black.connect(server.port));
    red.send(json{{"type", "guest"}});
    black.send(json{{"type", "guest"}});
    tokens[0] = red.expect("welcome").value("token", "");
    tokens[1] = black.expect("welcome").value("token", "");
    red.send(json{{"type", "seek"}, {"time", "10+5"}, {"color", "red"}});
    black.send(json{{"type", "accept"}, {"seek", red.expect("seek_created").value("seek", int64_t(0))}});
    game = red.expect("game").value("game", int64_t(0));
    ASSERT_GT(game, 0);
    server.kill9();
  }
  std::vector<std::string> relayed;
  for (int round = 0; round < 16 && relayed.size() < line.size(); ++round) {
    ServerProcess server;
    ASSERT_TRUE(server.start(db.string()));
    WsClient players[2];
    json state;
    for (int c = 0; c < 2; ++c) {
      ASSERT_TRUE(players[c].connect(server.port));
      players[c].send(json{{"type", "resume"}, {"token", tokens[c]}});
      tokens[c] = players[c].expect("welcome").value("token", "");
      state = players[c].expect("game");
    }
    ASSERT_EQ(state.value("game", int64_t(0)), game) << state;
    const auto stored = state["moves"].get<std::vector<std::string>>();
    // Every move that was relayed is there; at most one more (sent, stored, not yet told).
    ASSERT_GE(stored.size(), relayed.size()) << "round " << round;
    EXPECT_TRUE(std::equal(relayed.begin(), relayed.end(), stored.begin())) << "round " << round;
    EXPECT_LE(stored.size(), relayed.size() + 1) << "round " << round;
    relayed = stored;
    if (relayed.size() == line.size()) break;
    const size_t ply = relayed.size();
    WsClient& mover = players[ply % 2];
    mover.send(json{{"type", "move"}, {"game", game}, {"move", line[ply]}});
    if (round % 2 == 0) {  // killed once the move was relayed
      const json m = players[(ply + 1) % 2].expect("move");
      ASSERT_EQ(m.value("move", ""), line[ply]) << m;
      relayed.push_back(line[ply]);
    }  // else killed the instant it was sent
    server.kill9();
  }
  EXPECT_EQ(relayed.size(), line.size());
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + suffix);
}

TEST(ServerFault, ADatabaseHeldByAnotherServerIsRefusedWithAClearMessage) {
  const auto db = temp_db("held.db");
  xq::server::Store first, second;
  std::string error;
  ASSERT_TRUE(first.open(db.string(), error)) << error;
  EXPECT_FALSE(second.open(db.string(), error));
  EXPECT_NE(error.find("it is locked: is another server using it?"), std::string::npos) << error;
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + suffix);
}

TEST(ServerFault, AFileThatIsNotADatabaseOrCannotBeCreatedIsRefused) {
  const auto text = temp_db("notes.db");
  std::ofstream(text) << "these are my notes, not a database; they must stay as they are\n";
  xq::server::Store store;
  std::string error;
  EXPECT_FALSE(store.open(text.string(), error));
  EXPECT_NE(error.find("it is not a database"), std::string::npos) << error;
  std::ifstream in(text);
  std::string first_line;
  std::getline(in, first_line);
  EXPECT_EQ(first_line, "these are my notes, not a database; they must stay as they are");
  std::filesystem::remove(text);
  xq::server::Store nowhere;
  EXPECT_FALSE(nowhere.open("/nonexistent-folder/server.db", error));
  EXPECT_NE(error.find("/nonexistent-folder/server.db: cannot open the database"), std::string::npos) << error;
}

}  // namespace
