// The game server through real WebSocket connections on 127.0.0.1: every
// message of the protocol, games judged to their end, ratings, the archive,
// reconnection, flags and abuse. The server runs in this process on its own
// thread, on a free port, with a fresh SQLite file.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <thread>

#include "server_client.h"
#include "store.h"
#include "websocket_server.h"

#include "server_fixture.h"

namespace {

using xq::test::ServerTest;
using xq::test::WsClient;
using json = nlohmann::json;


TEST_F(ServerTest, AGuestGetsANameAndAToken) {
  start();
  auto c = client();
  const json w = guest(*c);
  ASSERT_EQ(w["type"], "welcome") << w;
  EXPECT_EQ(w["name"].get<std::string>().rfind("Guest", 0), 0u) << w;
  EXPECT_TRUE(w["guest"].get<bool>());
  EXPECT_EQ(w["token"].get<std::string>().size(), 32u);
  EXPECT_EQ(w["rating"], 1500);
  c->send(json{{"type", "ping"}});
  EXPECT_EQ(c->expect("pong")["type"], "pong");
}

TEST_F(ServerTest, AccountsRegisterLogInAndRefuseWrongPasswordsAndTakenNames) {
  start();
  auto a = client();
  EXPECT_EQ(account(*a, "alice")["name"], "alice");
  auto b = client();
  b->send(json{{"type", "register"}, {"name", "ALICE"}, {"password", "another1"}});
  const json taken = b->expect("error");
  EXPECT_NE(taken.value("message", "").find("already taken"), std::string::npos) << taken;
  b->send(json{{"type", "login"}, {"name", "alice"}, {"password", "wrong-password"}});
  EXPECT_EQ(b->expect("error").value("message", ""), "wrong name or password");
  // The same connection waits a second before its next try.
  b->send(json{{"type", "login"}, {"name", "alice"}, {"password", "secret-alice"}});
  EXPECT_EQ(b->expect("error").value("message", ""), "wait 1 s before trying again");
  auto c = client();
  c->send(json{{"type", "login"}, {"name", "nobody"}, {"password", "whatever"}});
  EXPECT_EQ(c->expect("error").value("message", ""), "wrong name or password");
  // Names of the guests' form are kept for guests.
  c->send(json{{"type", "register"}, {"name", "Guest111111"}, {"password", "another1"}});
  EXPECT_EQ(c->expect("error").value("code", ""), "name");
  b = client();
  // The right password logs in; the older connection is told and closed.
  EXPECT_EQ(account(*b, "alice", "login")["name"], "alice");
  EXPECT_EQ(a->expect("error").value("message", ""), "logged in from elsewhere");
  // The hash is stored, never the password.
  std::optional<xq::server::PlayerRow> row;
  server_->with_store([&](xq::server::Store& s) { row = s.player_by_name("alice"); });
  ASSERT_TRUE(row);
  EXPECT_EQ(row->hash.rfind("$argon2id$", 0), 0u) << row->hash;
  EXPECT_EQ(row->hash.find("secret-alice"), std::string::npos);
}

TEST_F(ServerTest, AGameIsJudgedToMateRelayedWithClocksAndArchivedAsPgn) {
  start();
  auto red = client(), black = client(), watcher = client();
  const std::string red_name = guest(*red)["name"], black_name = guest(*black)["name"];
  const int64_t game = play(*red, *black);
  ASSERT_GT(game, 0);
  watcher->send(json{{"type", "watch"}, {"game", game}});
  const json seen = watcher->expect("game");
  EXPECT_EQ(seen["you"], "spectator");
  EXPECT_EQ(seen["red"]["name"], red_name);
  EXPECT_EQ(seen["clock"]["running"], "red");

  // Out of turn, illegal, someone else's game, not a move at all: refused, nothing changes.
  black->send(json{{"type", "move"}, {"game", game}, {"move", "h9g7"}});
  EXPECT_EQ(black->expect("error").value("message", ""), "not your move");
  red->send(json{{"type", "move"}, {"game", game}, {"move", "a0a5"}});
  EXPECT_EQ(red->expect("error").value("message", ""), "illegal move a0a5");
  watcher->send(json{{"type", "guest"}});
  watcher->expect("welcome");
  watcher->send(json{{"type", "move"}, {"game", game}, {"move", "h2e2"}});
  EXPECT_NE(watcher->expect("error").value("message", "").find("you do not play"), std::string::npos);
  red->send(json{{"type", "move"}, {"game", game}, {"move", "z9z9"}});
  EXPECT_EQ(red->expect("error").value("message", ""), "'move' must be a move such as h2e2");

  red->send(json{{"type", "move"}, {"game", game}, {"move", "b2c2"}});
  const json relayed = black->expect("move");
  EXPECT_EQ(relayed["ply"], 1);
  // Red's clock ran a little and gained the 3 s increment: more than the 5 minutes, at most 5:03.
  EXPECT_GT(relayed["clock"]["red"].get<int>(), 300000 - 2000);
  EXPECT_LE(relayed["clock"]["red"].get<int>(), 303000);
  EXPECT_EQ(relayed["clock"]["black"].get<int>(), 300000);
  EXPECT_EQ(watcher->expect("move")["move"], "b2c2");
  red->expect("move");
  for (const char* m : {"f9e8", "c2c6", "b7c7", "c6c9"}) {
    const bool red_moves = std::string(m) == "c2c6" || std::string(m) == "c6c9";
    move(red_moves ? *red : *black, red_moves ? *black : *red, game, m);
  }
  const json over = black->expect("game_over");
  EXPECT_EQ(over["result"], "1-0");
  EXPECT_EQ(over["reason"], "checkmate");
  EXPECT_EQ(red->expect("game_over")["result"], "1-0");
  EXPECT_EQ(watcher->expect("game_over")["reason"], "checkmate");
  EXPECT_FALSE(over.contains("ratings")) << "a casual game";

  red->send(json{{"type", "history"}, {"name", red_name}});
  const json h = red->expect("history");
  ASSERT_EQ(h["games"].size(), 1u) << h;
  EXPECT_EQ(h["games"][0]["game"], game);
  EXPECT_EQ(h["games"][0]["black"], black_name);
  EXPECT_EQ(h["games"][0]["result"], "1-0");
  red->send(json{{"type", "pgn"}, {"game", game}});
  const std::string pgn = red->expect("pgn").value("pgn", "");
  EXPECT_NE(pgn.find("[Red \"" + red_name + "\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Result \"1-0\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[TimeControl \"300+3\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[%clk 0:05:0"), std::string::npos) << pgn;
  const size_t date = pgn.find("[Date \"");  // the day it was played, PGN style (2026.12.06)
  ASSERT_NE(date, std::string::npos) << pgn;
  EXPECT_TRUE(std::isdigit(static_cast<unsigned char>(pgn[date + 7])) && pgn[date + 11] == '.' && pgn[date + 14] == '.')
      << pgn.substr(date, 20);
  EXPECT_EQ(finished(), 1);
  // The game is over: no more moves.
  red->send(json{{"type", "move"}, {"game", game}, {"move", "a3a4"}});
  EXPECT_NE(red->expect("error").value("message", "").find("in progress"), std::string::npos);
}

TEST_F(ServerTest, RatedGamesMoveBothRatingsAndGuestsCannotPlayThem) {
  start();
  auto a = client(), b = client(), g = client();
  account(*a, "winner");
  account(*b, "loser");
  guest(*g);
  g->send(json{{"type", "seek"}, {"time", "10+5"}, {"rated", true}});
  EXPECT_NE(g->expect("error").value("message", "").find("guests play casual games only"), std::string::npos);
  const int64_t game = play(*a, *b, "10+5", true);
  mate(*a, *b, game);
  const json over = a->expect("game_over");
  ASSERT_TRUE(over.contains("ratings")) << over;
  EXPECT_EQ(over["ratings"]["red"]["before"], 1500);
  EXPECT_GT(over["ratings"]["red"]["after"].get<int>(), 1600);  // 1662 for a first win at deviation 350
  EXPECT_LT(over["ratings"]["black"]["after"].get<int>(), 1400);
  std::optional<xq::server::PlayerRow> row;
  server_->with_store([&](xq::server::Store& s) { row = s.player_by_name("winner"); });
  ASSERT_TRUE(row);
  EXPECT_EQ(int(row->rating.rating + 0.5), over["ratings"]["red"]["after"].get<int>());
  EXPECT_EQ(row->games, 1);
  // Logging in again shows the new rating.
  auto again = client();
  EXPECT_EQ(account(*again, "winner", "login")["rating"], over["ratings"]["red"]["after"]);
}

TEST_F(ServerTest, DrawOffersResignationAndTakebacks) {
  start();
  auto red = client(), black = client();
  guest(*red);
  guest(*black);
  int64_t game = play(*red, *black);
  move(*red, *black, game, "h2e2");
  // A takeback of red's move: black declines, then accepts a second request.
  red->send(json{{"type", "takeback"}, {"game", game}});
  EXPECT_EQ(black->expect("takeback_requested")["plies"], 1);
  black->send(json{{"type", "takeback_decline"}, {"game", game}});
  EXPECT_EQ(red->expect("takeback_declined")["by"], "black");
  black->send(json{{"type", "takeback_accept"}, {"game", game}});
  EXPECT_EQ(black->expect("error").value("message", ""), "no takeback request to accept");
  red->send(json{{"type", "takeback"}, {"game", game}});
  black->expect("takeback_requested");
  black->send(json{{"type", "takeback_accept"}, {"game", game}});
  const json back = red->expect("takeback");
  EXPECT_EQ(back["ply"], 0);
  EXPECT_EQ(back["clock"]["red"], 300000);
  move(*red, *black, game, "b2e2");
  // A draw offer declined, then one accepted.
  black->send(json{{"type", "draw_offer"}, {"game", game}});
  EXPECT_EQ(red->expect("draw_offered")["by"], "black");
  red->send(json{{"type", "draw_decline"}, {"game", game}});
  EXPECT_EQ(black->expect("draw_declined")["by"], "red");
  red->send(json{{"type", "draw_offer"}, {"game", game}});
  black->expect("draw_offered");
  black->send(json{{"type", "draw_accept"}, {"game", game}});
  const json drawn = red->expect("game_over");
  EXPECT_EQ(drawn["result"], "1/2-1/2");
  EXPECT_EQ(drawn["reason"], "agreement");
  black->expect("game_over");
  // A new game, resigned by black.
  game = play(*red, *black);
  black->send(json{{"type", "resign"}, {"game", game}});
  const json resigned = red->expect("game_over");
  EXPECT_EQ(resigned["result"], "1-0");
  EXPECT_EQ(resigned["reason"], "resignation");
  EXPECT_EQ(finished(), 2);
}

TEST_F(ServerTest, TheLobbyListsSeeksAndPlayersAndFollowsChanges) {
  start();
  auto a = client(), b = client(), watcher = client();
  const std::string a_name = guest(*a)["name"];
  guest(*b);
  a->send(json{{"type", "seek"}, {"time", "10m/30s*3"}, {"color", "black"}});
  const int64_t seek = a->expect("seek_created")["seek"];
  // Only a logged-in client follows the lobby (an anonymous one could be told of every guest coming and going).
  watcher->send(json{{"type", "lobby"}});
  EXPECT_EQ(watcher->expect("error").value("code", ""), "login");
  guest(*watcher);
  watcher->send(json{{"type", "lobby"}});
  const json lobby = watcher->expect("lobby");
  ASSERT_EQ(lobby["seeks"].size(), 1u) << lobby;
  EXPECT_EQ(lobby["seeks"][0]["name"], a_name);
  EXPECT_EQ(lobby["seeks"][0]["time"], "10m/30s*3");
  EXPECT_EQ(lobby["seeks"][0]["color"], "black");
  EXPECT_EQ(lobby["players"].size(), 3u);
  b->send(json{{"type", "seek"}, {"time", "3+2"}});
  EXPECT_EQ(watcher->expect("seek_added")["time"], "3+2");
  b->send(json{{"type", "accept"}, {"seek", seek}});
  // Both players' seeks go once the game starts.
  std::set<int64_t> removed;
  for (int i = 0; i < 2; ++i) removed.insert(watcher->expect("seek_removed")["seek"].get<int64_t>());
  EXPECT_TRUE(removed.count(seek));
  EXPECT_EQ(a->expect("game")["you"], "black");
  a->send(json{{"type", "accept"}, {"seek", seek}});
  EXPECT_NE(a->expect("error").value("message", "").find("taken or withdrawn"), std::string::npos);
  a->send(json{{"type", "seek"}, {"time", "5+3"}});
  EXPECT_EQ(a->expect("error").value("message", ""), "finish your game first");
  a->drop();
  EXPECT_EQ(watcher->expect("player_offline")["name"], a_name);
}

TEST_F(ServerTest, ADroppedPlayerResumesWithTheTokenAndFindsTheGameAsItWas) {
  start();
  auto red = std::make_unique<WsClient>(), black = client();
  ASSERT_TRUE(red->connect(port_));
  const std::string token = guest(*red)["token"];
  guest(*black);
  const int64_t game = play(*red, *black);
  move(*red, *black, game, "h2e2");
  move(*black, *red, game, "h9g7");
  red->drop();
  const json away = black->expect("opponent_away");
  EXPECT_EQ(away["color"], "red");
  EXPECT_EQ(away["seconds"], 60);
  auto back = client();
  back->send(json{{"type", "resume"}, {"token", "0123456789abcdef0123456789abcdef"}});
  EXPECT_NE(back->expect("error").value("message", "").find("unknown or expired token"), std::string::npos);
  back->send(json{{"type", "resume"}, {"token", token}});
  EXPECT_EQ(back->expect("welcome")["type"], "welcome");
  const json state = back->expect("game");
  EXPECT_EQ(state["game"], game);
  EXPECT_EQ(state["you"], "red");
  EXPECT_EQ(state["moves"], json::array({"h2e2", "h9g7"}));
  EXPECT_EQ(black->expect("opponent_back")["color"], "red");
  move(*back, *black, game, "h0g2");
}

TEST_F(ServerTest, AFlagFallsWhileThePlayerIsAway) {
  start();
  auto red = client(), black = client();
  guest(*red);
  guest(*black);
  // One second a move from the first: red goes away on its move and loses on time.
  const int64_t game = play(*red, *black, "0m/1s");
  ASSERT_GT(game, 0);
  red->drop();
  black->expect("opponent_away");
  const json over = black->expect("game_over");
  EXPECT_EQ(over["result"], "0-1");
  EXPECT_EQ(over["reason"], "timeout");
}

TEST_F(ServerTest, AnAbandonedGameIsLostWhenTheGraceTimeEnds) {
  xq::server::HubOptions options;
  options.grace_ms = 300;
  start(options);
  auto red = client(), black = client();
  guest(*red);
  guest(*black);
  const int64_t game = play(*red, *black, "10+0");
  move(*red, *black, game, "h2e2");
  red->drop();
  const json over = black->expect("game_over");
  EXPECT_EQ(over["result"], "0-1");
  EXPECT_EQ(over["reason"], "abandoned");
  EXPECT_EQ(over["text"], "black wins (red left the game)") << "left, not resigned";
  black->send(json{{"type", "pgn"}, {"game", game}});
  const std::string pgn = black->expect("pgn").value("pgn", "");
  EXPECT_NE(pgn.find("[Termination \"black wins (red left the game)\"]"), std::string::npos) << pgn;
}

TEST_F(ServerTest, BadInputGetsAnErrorAndTheServerGoesOn) {
  start();
  auto c = client();
  const std::pair<const char*, const char*> cases[] = {
      {"{not json", "bad JSON"},
      {"[1,2]", "a message must be a JSON object"},
      {R"({"type":"dance"})", "unknown type 'dance'"},
      {R"({"type":7})", "'type' must be a string"},
      {R"({"type":"seek","time":"forever"})", "'time' must be a clock such as 5+3 or 10m/30s*3"},
      {R"({"type":"accept","seek":-4})", "'seek' must be a positive whole number"},
      {R"({"type":"seek","time":"5+3"})", "log in first (login, register or guest)"},
      {R"({"type":"register","name":"x","password":"longenough"})", "a name has 3 to 20 letters, digits, '_' or '-'"},
      {R"({"type":"register","name":"shorty","password":"12345"})", "a password has at least 6 characters"},
      {R"({"a":[[[[[[[[1]]]]]]]]})", "bad JSON: nested too deeply"},
  };
  for (const auto& [text, message] : cases) {
    c->send(std::string(text));
    EXPECT_EQ(c->expect("error").value("message", ""), message) << text;
  }
  // A frame beyond the limit closes that connection with 1009 ("too big"); others go on.
  auto big = client();
  big->send(std::string(20000, 'x'));
  EXPECT_FALSE(big->read());
  EXPECT_EQ(big->close_reason().code, boost::beast::websocket::close_code::too_big);
  c->send(json{{"type", "ping"}});
  EXPECT_EQ(c->expect("pong")["type"], "pong");
}

TEST_F(ServerTest, AFloodIsCutDownToTheRateLimit) {
  start();
  auto flood = client(), calm = client();
  for (int i = 0; i < 300; ++i) flood->send(json{{"type", "ping"}});
  int pongs = 0;
  for (;;) {
    const auto m = flood->read();
    ASSERT_TRUE(m) << "the server answered " << pongs << " pings and no rate-limit error";
    if ((*m)["type"] == "pong") ++pongs;
    if ((*m)["type"] == "error") {
      EXPECT_NE((*m)["message"].get<std::string>().find("too many messages"), std::string::npos);
      break;
    }
  }
  EXPECT_GE(pongs, 55);  // the burst (60), a few more for the time it took
  EXPECT_LT(pongs, 200);
  calm->send(json{{"type", "ping"}});
  EXPECT_EQ(calm->expect("pong")["type"], "pong");
}

}  // namespace
