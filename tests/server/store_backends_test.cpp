// The server's storage, the same checks on both databases: SQLite (a file)
// and PostgreSQL (a throwaway cluster on a Unix socket, tests/support/
// postgres_cluster.h). Players with names compared without case, tokens kept
// as hashes that expire, games written move by move and read back after the
// store is opened again (a restart), takebacks, the archive with ratings,
// history and PGN, idle guests forgotten, transactions rolled back.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "postgres_cluster.h"
#include "store.h"

namespace {

using xq::server::ClockPair;
using xq::server::Store;
using xq::server::StoredGame;

class StoreBackends : public ::testing::TestWithParam<std::string> {
 protected:
  // A fresh database of the kind under test.
  std::string fresh() {
    if (GetParam() == "postgres") return xq::test::fresh_postgres_database();
    const auto p = std::filesystem::temp_directory_path() /
                   ("xq_store_" + std::to_string(getpid()) + "_" + std::to_string(counter_++) + ".db");
    files_.push_back(p);
    return p.string();
  }
  void TearDown() override {
    for (const auto& p : files_)
      for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(p.string() + s);
  }
  std::vector<std::filesystem::path> files_;
  static inline int counter_ = 0;
};

StoredGame game_between(int64_t red, int64_t black) {
  StoredGame g;
  g.red = red;
  g.black = black;
  g.red_name = "Lin";
  g.black_name = "wang";
  g.time_text = "10m/30s*3";
  g.rated = true;
  g.start_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
  g.start_clock = {600000, 600000};
  return g;
}

TEST_P(StoreBackends, PlayersTokensAndNames) {
  Store s;
  std::string error;
  ASSERT_TRUE(s.open(fresh(), error)) << error;
  const int64_t lin = s.add_player("Lin", "hash-1", false);
  ASSERT_GT(lin, 0) << s.last_error();
  EXPECT_EQ(s.add_player("LIN", "hash-2", false), 0) << "names are compared without case";
  const int64_t guest = s.add_player("Guest123", "", true);
  ASSERT_GT(guest, 0);
  auto p = s.player_by_name("lin");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->id, lin);
  EXPECT_EQ(p->name, "Lin");
  EXPECT_EQ(p->hash, "hash-1");
  EXPECT_FALSE(p->guest);
  EXPECT_DOUBLE_EQ(p->rating.rating, 1500);
  EXPECT_DOUBLE_EQ(p->rating.deviation, 350);
  EXPECT_TRUE(s.player_by_name("Guest123")->guest);
  EXPECT_FALSE(s.player_by_name("nobody"));
  EXPECT_TRUE(s.name_used("LIN"));
  EXPECT_FALSE(s.name_used("zhao"));

  ASSERT_TRUE(s.set_token(lin, "token-abc", 3600));
  auto t = s.player_by_token("token-abc");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->id, lin);
  EXPECT_FALSE(s.player_by_token("token-abd"));
  ASSERT_TRUE(s.set_token(guest, "token-old", -10));
  EXPECT_FALSE(s.player_by_token("token-old")) << "an expired token resumes nobody";
  ASSERT_TRUE(s.clear_token(lin));
  EXPECT_FALSE(s.player_by_token("token-abc"));
  EXPECT_EQ(s.player_count(), 2);
}

TEST_P(StoreBackends, AGameMoveByMoveSurvivesAReopenAndGoesToTheArchive) {
  const std::string where = fresh();
  int64_t id = 0, lin = 0, wang = 0;
  {
    Store s;
    std::string error;
    ASSERT_TRUE(s.open(where, error)) << error;
    lin = s.add_player("Lin", "h", false);
    wang = s.add_player("wang", "h", false);
    ASSERT_TRUE(s.begin());
    id = s.start_game(game_between(lin, wang));
    ASSERT_GT(id, 0) << s.last_error();
    ASSERT_TRUE(s.add_move(id, 0, xq::Move(0x1234), {599000, 600000}));
    ASSERT_TRUE(s.add_move(id, 1, xq::Move(0x2345), {599000, 598500}));
    ASSERT_TRUE(s.add_move(id, 2, xq::Move(0x3456), {597000, 598500}));
    ASSERT_TRUE(s.commit());
    ASSERT_TRUE(s.begin());
    ASSERT_TRUE(s.take_back(id, 2));
    ASSERT_TRUE(s.add_move(id, 2, xq::Move(0x4567), {596000, 598500}));
    ASSERT_TRUE(s.commit());
    // A batch whose task fails is rolled back to its savepoint; the rest commits.
    ASSERT_TRUE(s.begin());
    ASSERT_TRUE(s.savepoint());
    ASSERT_TRUE(s.add_move(id, 3, xq::Move(0x5678), {596000, 597000}));
    s.rollback_to_savepoint();
    ASSERT_TRUE(s.commit());
  }
  Store s;  // the server started again
  std::string error;
  ASSERT_TRUE(s.open(where, error)) << error;
  auto games = s.playing_games();
  ASSERT_EQ(games.size(), 1u);
  const StoredGame& g = games[0];
  EXPECT_EQ(g.id, id);
  EXPECT_EQ(g.red_name, "Lin");
  EXPECT_EQ(g.time_text, "10m/30s*3");
  EXPECT_TRUE(g.rated);
  EXPECT_EQ(g.start_clock.red_ms, 600000);
  EXPECT_EQ(g.started.size(), 19u) << g.started;  // "YYYY-MM-DD HH:MM:SS" from both
  ASSERT_EQ(g.moves.size(), 3u);
  EXPECT_EQ(g.moves[2], xq::Move(0x4567));
  EXPECT_EQ(g.clocks[2].red_ms, 596000);
  EXPECT_DOUBLE_EQ(g.red_rating.rating, 1500);

  ASSERT_TRUE(s.begin());
  ASSERT_TRUE(s.finish_game(id, "1-0", "checkmate", "[Result \"1-0\"]\n1. h2e2 1-0\n",
                            {{lin, {1580.5, 250.25, 0.0599}}, {wang, {1419.5, 250.25, 0.0601}}}));
  ASSERT_TRUE(s.commit());
  EXPECT_TRUE(s.playing_games().empty());
  EXPECT_EQ(s.finished_count(), 1);
  const auto h = s.history("WANG", 10);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].id, id);
  EXPECT_EQ(h[0].result, "1-0");
  EXPECT_EQ(h[0].reason, "checkmate");
  EXPECT_EQ(h[0].date.size(), 19u) << h[0].date;
  EXPECT_TRUE(h[0].rated);
  EXPECT_EQ(s.pgn(id).value_or(""), "[Result \"1-0\"]\n1. h2e2 1-0\n");
  EXPECT_FALSE(s.pgn(id + 1000));
  auto p = s.player_by_name("Lin");
  EXPECT_DOUBLE_EQ(p->rating.rating, 1580.5);
  EXPECT_DOUBLE_EQ(p->rating.volatility, 0.0599);
  EXPECT_EQ(p->games, 1);
  EXPECT_TRUE(s.name_used("lin"));
  // A second finish of the same game changes nothing.
  ASSERT_TRUE(s.begin());
  ASSERT_TRUE(s.finish_game(id, "0-1", "resignation", "x", {}));
  ASSERT_TRUE(s.commit());
  EXPECT_EQ(s.history("Lin", 10)[0].result, "1-0");
}

TEST_P(StoreBackends, IdleGuestsAreForgottenButNotThoseInAGame) {
  Store s;
  std::string error;
  ASSERT_TRUE(s.open(fresh(), error)) << error;
  const int64_t a = s.add_player("Guest1", "", true), b = s.add_player("Guest2", "", true);
  const int64_t c = s.add_player("chen", "h", false);
  ASSERT_TRUE(a && b && c);
  ASSERT_TRUE(s.begin());
  ASSERT_GT(s.start_game(game_between(a, c)), 0);
  ASSERT_TRUE(s.commit());
  EXPECT_EQ(s.forget_idle_guests(1), 0) << "seen today";
  EXPECT_EQ(s.forget_idle_guests(-1), 1) << "as if a day had passed: Guest2 goes, Guest1 is playing";
  EXPECT_TRUE(s.player_by_name("Guest1"));
  EXPECT_FALSE(s.player_by_name("Guest2"));
  EXPECT_TRUE(s.player_by_name("chen"));
}

INSTANTIATE_TEST_SUITE_P(Databases, StoreBackends, ::testing::Values("sqlite", "postgres"),
                         [](const auto& info) { return info.param; });

TEST(StorePostgres, AnUnreachableServerIsNamedWithoutItsPassword) {
  Store s;
  std::string error;
  EXPECT_FALSE(s.open("postgresql://xq:secret@127.0.0.1:1/club?connect_timeout=2", error));
  EXPECT_NE(error.find("club: cannot connect"), std::string::npos) << error;
  EXPECT_EQ(error.find("secret"), std::string::npos) << error;
}

}  // namespace
