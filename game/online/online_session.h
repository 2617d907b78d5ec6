// Online play without SDL: what the game server says, read and checked
// (read_server_message is the one reader of the server's messages, fuzzed),
// and the session on top of an OnlineClient — logging in, the lobby's seeks,
// the game in progress, and coming back after a dropped connection with the
// token. The app model asks it to send and acts on the messages it hands on.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "online_client.h"
#include "types.h"

namespace xq {

struct OnlineSeek {
  int64_t id = 0;
  std::string name, time, color;
  int rating = 0;
  bool rated = false;
};

// A game in progress as the lobby lists it (for watching).
struct OnlineGame {
  int64_t id = 0;
  std::string red, black, time;
  bool rated = false;
  int ply = 0;
};

// A player online as the lobby lists them.
struct OnlinePlayer {
  std::string name;
  int rating = 0;
  bool guest = false, playing = false;
};

// One message from the server, its fields checked (a move is a move, a clock
// a number of milliseconds). Fields a type does not have keep their defaults.
struct ServerMessage {
  std::string type;
  std::string name, token, message, result, reason, text, by, color, time, you, fen, pgn, running;
  std::string code;  // an error's code ("credentials", "busy", ...): the window words it in its language
  bool guest = false, rated = false;
  int rating = 0, ply = 0, plies = 0, seconds = 0;
  int64_t game = 0, seek = 0;
  int red_ms = -1, black_ms = -1;  // -1: no clock in the message
  Move move = kNoMove;
  std::vector<Move> moves;
  std::string red_name, black_name;
  int red_rating = 0, black_rating = 0;
  bool has_ratings = false;
  int red_before = 0, red_after = 0, black_before = 0, black_after = 0;
  std::vector<OnlineSeek> seeks;  // lobby (a seek_created/seek_added carries one)
  std::vector<OnlineGame> games;  // lobby: the games in progress
  std::vector<OnlinePlayer> players;  // lobby: who is online; player_online: the one who came
};

// nullopt with `error` ("not JSON", "'move' is not a move", ...) when the text cannot be used.
std::optional<ServerMessage> read_server_message(const std::string& text, std::string* error);

class OnlineSession {
 public:
  enum class State { Offline, Connecting, LoggedIn, Reconnecting };
  enum class Login { Guest, Account, Register };

  // Connects to `address` ("host:port") and logs in; false (and why) for a bad address.
  bool log_in(const std::string& address, Login how, const std::string& name, const std::string& password,
              int64_t now_ms, std::string* error);
  // Comes back as the player a token from an earlier login names (a window
  // that closed mid-game); false (and why) for a bad address or token.
  bool resume(const std::string& address, const std::string& token, int64_t now_ms, std::string* error);
  // Leaves the server; the player's own Log out (tell_server) also ends the
  // login token on the server, so a copy of it cannot be used again.
  void log_out(bool tell_server = false);
  const std::string& token() const { return token_; }  // the server's resume token ("" when none)
  // Until then a refused connection is tried again (a server we just started).
  void be_patient(int64_t until_ms) { patient_until_ = until_ms; }
  void send(const std::string& json_text);  // a request as it stands

  // What the server said since the last call (the session keeps its own part:
  // the login, the seeks, the game's id), with the session's own news as
  // messages of type "closed" (text: why), "reconnecting" and "gave_up".
  std::vector<ServerMessage> update(int64_t now_ms);

  State state() const { return state_; }
  const std::string& name() const { return name_; }
  int rating() const { return rating_; }
  bool guest() const { return guest_; }
  const std::vector<OnlineSeek>& seeks() const { return seeks_; }
  const std::vector<OnlineGame>& games() const { return games_; }  // as the last lobby listed them
  // Who is online: the last lobby's list, kept up to date by player_online and player_offline.
  const std::vector<OnlinePlayer>& players() const { return players_; }
  // Watch game `id` (0: stop watching); the server then sends its state and every move.
  void watch(int64_t id);
  int64_t watching() const { return watching_; }
  int64_t my_seek() const { return my_seek_; }
  int64_t game() const { return game_; }  // the game in progress (0: none)
  Color color() const { return color_; }   // ours in it
  const std::string& address() const { return address_; }
  // Certificates (PEM) trusted for wss:// besides the system's, from the next connection on.
  void set_ca_file(const std::string& path) { ca_file_ = path; }

 private:
  void connect(int64_t now_ms);
  OnlineClient client_;
  State state_ = State::Offline;
  std::string address_, ca_file_;
  ServerAddress server_;
  std::vector<ServerAddress> servers_;  // every address given; a lost connection tries the next
  size_t server_index_ = 0;
  Login how_ = Login::Guest;
  std::string login_name_, password_;  // kept only until the login is answered
  std::string name_, token_;
  int rating_ = 0;
  bool guest_ = false;
  std::vector<OnlineSeek> seeks_;
  std::vector<OnlineGame> games_;
  std::vector<OnlinePlayer> players_;
  int64_t my_seek_ = 0, game_ = 0, watching_ = 0;
  Color color_ = RED;
  int64_t retry_at_ = 0, give_up_at_ = 0, patient_until_ = 0;
};

}  // namespace xq
