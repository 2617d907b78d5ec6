// The hub's own records (a connection, a seek, a game in progress) and the
// small helpers its parts share (hub.cpp: the games; hub_login.cpp: logins;
// hub_cluster.cpp: the other nodes). Private to the hub's files.
#pragma once
#include <ctime>

#include <sodium.h>

#include <algorithm>
#include <deque>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "hub.h"

namespace xq::server {

using nlohmann::json;

namespace hub_detail {

// "YYYY-MM-DD HH:MM:SS" in UTC, as SQLite's datetime('now') writes it.
inline std::string utc_now_text() {
  const std::time_t now = std::time(nullptr);
  std::tm t{};
  gmtime_r(&now, &t);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &t);
  return buf;
}

// PGN writes dates with dots ("2026.12.06"); unknown parts as "??".
inline std::string pgn_date(const std::string& started) {
  if (started.size() < 10) return "????.??.??";
  std::string d = started.substr(0, 10);
  d[4] = d[7] = '.';
  return d;
}

inline const char* color_name(int c) { return c == RED ? "red" : "black"; }

inline std::string new_token() {
  unsigned char bytes[16];
  randombytes_buf(bytes, sizeof bytes);
  char hex[2 * sizeof bytes + 1];
  sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
  return hex;
}

inline std::string hash_password(const std::string& password) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    return "";  // out of memory: the caller reports it
  return out;
}

// Guest names: "Guest" and eight digits (90 million; idle guests are forgotten).
inline std::string guest_name() { return "Guest" + std::to_string(10000000 + randombytes_uniform(90000000)); }

inline std::string lower(std::string s) {
  for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// Password checks on their way from one address at once.
inline constexpr int kLoginsAtOnceFromAnAddress = 4;

// What a player is told when the database did not take a change.
inline std::string not_saved(const std::string& what, const std::string& why) {
  return "the server could not save " + what + (why.empty() ? "" : " (" + why + ")") + ": try again";
}

}  // namespace hub_detail

using namespace hub_detail;

struct Hub::Conn {
  std::string address;
  int64_t connected_ms = 0;
  int64_t player = 0;  // 0 until logged in
  std::string name;
  bool guest = false;
  GlickoRating rating;
  bool busy = false;           // a login, a guest or a logout is on its way
  std::string login_key;       // while busy with a password: "address name" it is for
  int login_failures = 0;      // wrong passwords on this connection
  int64_t next_login_ms = 0;   // and when it may try again
  int pending_reads = 0;       // history and PGN requests waiting for the database
  std::set<int64_t> watching;
  double tokens = 0;  // the rate limit's bucket
  int64_t bucket_ms = 0;
  int64_t warned_ms = -1000000;
  // Several nodes. A connection of ours: the nodes holding games it plays or
  // watches (told when it goes). A player on another node, as this node
  // holds them for its games: that node and its connection's number there.
  std::set<int64_t> peers;
  int64_t node = 0;
  ConnId far = 0;
};

// Connection numbers from this one up stand for connections on other nodes.
inline constexpr ConnId kRemoteConn = ConnId(1) << 62;

struct Hub::RemotePlayer {
  int64_t node = 0;
  ConnId far = 0;
  std::string name;
  int rating = 0;
  bool guest = false;
};

struct Hub::RemoteSeek {
  int64_t node = 0, player = 0;
  json shown;  // as the lobby lists it
};

struct Hub::RemoteGame {
  int64_t node = 0;
  int64_t red = 0, black = 0;
  json shown;
};

struct Hub::Seek {
  int64_t id = 0, player = 0;
  std::string name;
  GlickoRating rating;
  bool guest = false;
  TimeControl time;
  std::string time_text;
  bool rated = false;
  int color = -1;
  json to_json() const {
    return {{"seek", id},   {"name", name},   {"rating", int(rating.rating + 0.5)},
            {"time", time_text}, {"rated", rated}, {"color", color < 0 ? "any" : color_name(color)}};
  }
};

// A finished game on its way to the archive (retried until the database takes it).
struct Hub::Finish {
  std::string result, reason, pgn, message;
  std::vector<RatingChange> ratings;
  int64_t retry_ms = 0;
  bool in_flight = false;
};

struct Hub::Room {
  int64_t id = 0;
  struct Seat {
    int64_t player = 0;
    std::string name;
    GlickoRating rating;
    bool away = false;
    int64_t deadline_ms = 0;  // when away: the game is lost at this time
  } seat[2];
  bool rated = false;
  TimeControl time;
  std::string time_text, started;
  Game game;
  GameClock clock;
  std::vector<ClockPair> clocks;  // clocks[p]: the readings after p plies
  int draw_offer = -1;            // the colour that offers
  int takeback_by = -1, takeback_plies = 0;
  std::set<ConnId> spectators;
  bool saving = false;            // a move or a takeback is being stored: the game waits for it
  std::deque<std::pair<ConnId, Request>> waiting;  // and so do the requests that came meanwhile
  std::unique_ptr<Finish> over;   // set: the game has ended and is being archived
  ClockPair reading(int64_t now) const {
    return {clock.remaining(RED, now), clock.remaining(BLACK, now)};
  }
};

}  // namespace xq::server
