#include "online_session.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "notation.h"

namespace xq {

using nlohmann::json;

namespace {

constexpr int kRetryMs = 2000;      // between attempts to reach the server again
constexpr int kGiveUpMs = 90000;    // longer than the server's grace time: the game is gone by then

std::string str(const json& j, const char* key, size_t max = 4096) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_string()) return "";
  std::string s = it->get<std::string>();
  if (s.size() > max) s.resize(max);
  return s;
}

int64_t whole(const json& j, const char* key, int64_t lo, int64_t hi, int64_t fallback) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer()) return fallback;
  const int64_t v = it->get<int64_t>();
  return v < lo || v > hi ? fallback : v;
}

// A true/false field; anything else (missing, a string, a number) is false.
bool flag(const json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_boolean() && it->get<bool>();
}

bool read_move(const json& value, Move& m) {
  return value.is_string() && value.get<std::string>().size() <= 8 && iccs_to_move(value.get<std::string>(), m, nullptr);
}

OnlineSeek read_seek(const json& j) {
  OnlineSeek s;
  s.id = whole(j, "seek", 1, int64_t(1) << 53, 0);
  s.name = str(j, "name", 20);
  s.rating = int(whole(j, "rating", 0, 5000, 0));
  s.time = str(j, "time", 16);
  s.rated = flag(j, "rated");
  s.color = str(j, "color", 8);
  return s;
}

}  // namespace

std::optional<ServerMessage> read_server_message(const std::string& text, std::string* error) {
  auto fail = [error](const std::string& why) -> std::optional<ServerMessage> {
    if (error) *error = why;
    return std::nullopt;
  };
  if (text.size() > 1 << 20) return fail("a message over 1 MB");
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return fail("not a JSON object");
  ServerMessage m;
  m.type = str(j, "type", 32);
  if (m.type.empty()) return fail("no type");
  m.name = str(j, "name", 20);
  m.token = str(j, "token", 64);
  m.message = str(j, "message", 500);
  m.code = str(j, "code", 32);
  m.result = str(j, "result", 8);
  m.reason = str(j, "reason", 32);
  m.text = str(j, "text", 200);
  m.by = str(j, "by", 8);
  m.color = str(j, "color", 8);
  m.time = str(j, "time", 16);
  m.you = str(j, "you", 16);
  m.fen = str(j, "fen", 128);
  m.pgn = str(j, "pgn", 1 << 20);
  m.guest = flag(j, "guest");  // j.value() would throw on a string here: a server could end the window
  m.rated = flag(j, "rated");
  m.rating = int(whole(j, "rating", 0, 5000, 0));
  m.ply = int(whole(j, "ply", 0, 100000, 0));
  m.plies = int(whole(j, "plies", 0, 2, 0));
  m.seconds = int(whole(j, "seconds", 0, 100000, 0));
  m.game = whole(j, "game", 1, int64_t(1) << 53, 0);
  m.seek = whole(j, "seek", 1, int64_t(1) << 53, 0);
  if (const auto it = j.find("move"); it != j.end() && !read_move(*it, m.move)) return fail("'move' is not a move");
  if (const auto it = j.find("clock"); it != j.end() && it->is_object()) {
    m.red_ms = int(whole(*it, "red", 0, 100000000, -1));
    m.black_ms = int(whole(*it, "black", 0, 100000000, -1));
    m.running = str(*it, "running", 8);
  }
  if (const auto it = j.find("moves"); it != j.end()) {
    if (!it->is_array() || it->size() > 2000) return fail("'moves' is not a list of moves");
    for (const json& v : *it) {
      Move mv = kNoMove;
      if (!read_move(v, mv)) return fail("'moves' holds something that is not a move");
      m.moves.push_back(mv);
    }
  }
  for (const char* side : {"red", "black"})
    if (const auto it = j.find(side); it != j.end() && it->is_object()) {
      (side[0] == 'r' ? m.red_name : m.black_name) = str(*it, "name", 20);
      (side[0] == 'r' ? m.red_rating : m.black_rating) = int(whole(*it, "rating", 0, 5000, 0));
    }
  if (const auto it = j.find("ratings"); it != j.end() && it->is_object()) {
    const json r = it->value("red", json::object()), b = it->value("black", json::object());
    if (r.is_object() && b.is_object()) {
      m.has_ratings = true;
      m.red_before = int(whole(r, "before", 0, 5000, 0));
      m.red_after = int(whole(r, "after", 0, 5000, 0));
      m.black_before = int(whole(b, "before", 0, 5000, 0));
      m.black_after = int(whole(b, "after", 0, 5000, 0));
    }
  }
  if (m.type == "lobby") {
    const auto it = j.find("seeks");
    if (it != j.end() && it->is_array())
      for (const json& s : *it)
        if (s.is_object() && m.seeks.size() < 500) m.seeks.push_back(read_seek(s));
    if (const auto g = j.find("games"); g != j.end() && g->is_array())
      for (const json& row : *g) {
        if (!row.is_object() || m.games.size() >= 500) continue;
        OnlineGame og;
        og.id = whole(row, "game", 1, int64_t(1) << 53, 0);
        og.red = str(row, "red", 20);
        og.black = str(row, "black", 20);
        og.time = str(row, "time", 16);
        og.rated = flag(row, "rated");
        og.ply = int(whole(row, "ply", 0, 100000, 0));
        if (og.id) m.games.push_back(og);
      }
    if (const auto ps = j.find("players"); ps != j.end() && ps->is_array())
      for (const json& row : *ps) {
        if (!row.is_object() || m.players.size() >= 2000) continue;
        OnlinePlayer p{str(row, "name", 20), int(whole(row, "rating", 0, 5000, 0)), flag(row, "guest"), flag(row, "playing")};
        if (!p.name.empty()) m.players.push_back(std::move(p));
      }
  } else if (m.type == "player_online") {
    if (!m.name.empty()) m.players.push_back({m.name, m.rating, m.name.rfind("Guest", 0) == 0, false});
  } else if (m.type == "seek_created" || m.type == "seek_added") {
    m.seeks.push_back(read_seek(j));
  }
  return m;
}

bool OnlineSession::log_in(const std::string& address, Login how, const std::string& name,
                           const std::string& password, int64_t now_ms, std::string* error) {
  std::vector<ServerAddress> servers;
  if (!parse_server_addresses(address, servers)) {
    if (error) *error = address;
    return false;
  }
  address_ = address;
  servers_ = servers;
  server_index_ = 0;
  server_ = servers_[0];
  how_ = how;
  login_name_ = name;
  password_ = password;
  token_.clear();
  game_ = 0;
  connect(now_ms);
  return true;
}

bool OnlineSession::resume(const std::string& address, const std::string& token, int64_t now_ms, std::string* error) {
  std::vector<ServerAddress> servers;
  if (!parse_server_addresses(address, servers) || token.size() != 32) {
    if (error) *error = token.size() != 32 ? "no login to come back with" : address;
    return false;
  }
  address_ = address;
  servers_ = servers;
  server_index_ = 0;
  server_ = servers_[0];
  token_ = token;
  game_ = 0;
  connect(now_ms);
  return true;
}

void OnlineSession::connect(int64_t now_ms) {
  state_ = token_.empty() ? State::Connecting : State::Reconnecting;
  retry_at_ = 0;
  if (token_.empty()) give_up_at_ = 0;
  if (give_up_at_ == 0) give_up_at_ = now_ms + kGiveUpMs;
  client_.connect(server_.host, server_.port, server_.tls, ca_file_);
}

void OnlineSession::log_out(bool tell_server) {
  if (tell_server && state_ == State::LoggedIn) client_.send(json{{"type", "logout"}}.dump());
  client_.close();
  state_ = State::Offline;
  token_.clear();
  password_.clear();
  seeks_.clear();
  games_.clear();
  players_.clear();
  my_seek_ = game_ = watching_ = 0;
}

void OnlineSession::watch(int64_t id) {
  if (watching_ && watching_ != id) client_.send(json{{"type", "unwatch"}, {"game", watching_}}.dump());
  watching_ = id;
  if (id) client_.send(json{{"type", "watch"}, {"game", id}}.dump());
}

void OnlineSession::send(const std::string& json_text) { client_.send(json_text); }

std::vector<ServerMessage> OnlineSession::update(int64_t now_ms) {
  std::vector<ServerMessage> out;
  auto note = [&out](const std::string& type, const std::string& text) {
    ServerMessage m;
    m.type = type;
    m.text = text;
    out.push_back(std::move(m));
  };
  if ((state_ == State::Reconnecting || state_ == State::Connecting) && retry_at_ && now_ms >= retry_at_) {
    if (now_ms >= give_up_at_) {
      log_out();
      note("gave_up", "");
      return out;
    }
    connect(now_ms);
  }
  for (OnlineEvent& e : client_.poll()) {
    if (e.kind == OnlineEvent::Connected) {
      if (!token_.empty()) client_.send(json{{"type", "resume"}, {"token", token_}}.dump());
      else if (how_ == Login::Guest) client_.send(R"({"type":"guest"})");
      else client_.send(json{{"type", how_ == Login::Register ? "register" : "login"},
                             {"name", login_name_},
                             {"password", password_}}
                            .dump());
      continue;
    }
    if (e.kind == OnlineEvent::Closed) {
      if (!token_.empty()) {  // logged in once: come back with the token (to the next address, if several)
        if (!servers_.empty()) server_ = servers_[++server_index_ % servers_.size()];
        state_ = State::Reconnecting;
        retry_at_ = now_ms + kRetryMs;
        if (give_up_at_ == 0) give_up_at_ = now_ms + kGiveUpMs;
        note("reconnecting", e.text);
      } else if (now_ms < patient_until_) {
        retry_at_ = now_ms + 300;
      } else {
        state_ = State::Offline;
        password_.clear();
        note("closed", e.text);
      }
      continue;
    }
    std::string why;
    auto m = read_server_message(e.text, &why);
    if (!m) {
      note("closed", "the server sent something unreadable: " + why);
      continue;
    }
    if (m->type == "welcome") {
      state_ = State::LoggedIn;
      name_ = m->name;
      rating_ = m->rating;
      guest_ = m->guest;
      token_ = m->token;
      password_.clear();
      give_up_at_ = 0;
      patient_until_ = 0;
      client_.send(R"({"type":"lobby"})");
      // Back after a lost connection while watching a game: watch it again, or the board would freeze.
      if (watching_) client_.send(json{{"type", "watch"}, {"game", watching_}}.dump());
    } else if (m->type == "lobby") {
      seeks_ = m->seeks;
      games_ = m->games;
      players_ = m->players;
    } else if (m->type == "player_online" && !m->players.empty()) {
      std::erase_if(players_, [&](const OnlinePlayer& p) { return p.name == m->name; });
      if (players_.size() < 2000) players_.push_back(m->players.front());
    } else if (m->type == "player_offline") {
      std::erase_if(players_, [&](const OnlinePlayer& p) { return p.name == m->name; });
    } else if (m->type == "seek_created" || m->type == "seek_added") {
      if (m->type == "seek_created") my_seek_ = m->seeks.front().id;
      if (std::none_of(seeks_.begin(), seeks_.end(), [&](const OnlineSeek& s) { return s.id == m->seeks.front().id; }))
        seeks_.push_back(m->seeks.front());
    } else if (m->type == "seek_removed") {
      std::erase_if(seeks_, [&](const OnlineSeek& s) { return s.id == m->seek; });
      if (my_seek_ == m->seek) my_seek_ = 0;
    } else if (m->type == "game") {
      if (m->you == "red" || m->you == "black") {
        game_ = m->game;
        color_ = m->you == "red" ? RED : BLACK;
        my_seek_ = 0;
        watching_ = 0;  // the server stops nothing, but a player's own game comes first
      }
    } else if (m->type == "game_over") {
      if (m->game == game_) {
        game_ = 0;
        if (m->has_ratings) rating_ = color_ == RED ? m->red_after : m->black_after;
      }
    } else if (m->type == "error" && state_ != State::LoggedIn && m->message.find("unknown or expired token") != std::string::npos) {
      log_out();  // the server no longer knows us (a new server file): start again
      note("gave_up", m->message);
      continue;
    } else if (m->type == "error" && state_ != State::LoggedIn) {
      // A refused login: the connection is of no more use.
      client_.close();
      state_ = State::Offline;
      password_.clear();
    }
    out.push_back(std::move(*m));
  }
  return out;
}

}  // namespace xq
