#include "hub.h"

#include <ctime>

#include <sodium.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "fen.h"
#include "glicko2.h"
#include "notation.h"
#include "pgn.h"

namespace xq::server {

using nlohmann::json;

namespace {

// "YYYY-MM-DD HH:MM:SS" in UTC, as SQLite's datetime('now') writes it.
std::string utc_now_text() {
  const std::time_t now = std::time(nullptr);
  std::tm t{};
  gmtime_r(&now, &t);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &t);
  return buf;
}

// PGN writes dates with dots ("2026.12.06"); unknown parts as "??".
std::string pgn_date(const std::string& started) {
  if (started.size() < 10) return "????.??.??";
  std::string d = started.substr(0, 10);
  d[4] = d[7] = '.';
  return d;
}

const char* color_name(int c) { return c == RED ? "red" : "black"; }

std::string new_token() {
  unsigned char bytes[16];
  randombytes_buf(bytes, sizeof bytes);
  char hex[2 * sizeof bytes + 1];
  sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
  return hex;
}

std::string hash_password(const std::string& password) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    return "";  // out of memory: the caller reports it
  return out;
}

const char* reason_key(Reason r) {
  switch (r) {
    case Reason::Checkmate: return "checkmate";
    case Reason::Stalemate: return "stalemate";
    case Reason::PerpetualCheck: return "perpetual_check";
    case Reason::PerpetualChase: return "perpetual_chase";
    case Reason::Repetition: return "repetition";
    case Reason::MoveLimit: return "move_limit";
    case Reason::Resignation: return "resignation";
    case Reason::Agreement: return "agreement";
    case Reason::Timeout: return "timeout";
    case Reason::TimeoutNoMate: return "timeout_no_mate";
    default: return "";
  }
}

}  // namespace

struct Hub::Conn {
  int64_t player = 0;  // 0 until logged in
  std::string name;
  bool guest = false;
  bool authenticating = false;
  std::set<int64_t> watching;
  double tokens = 0;  // the rate limit's bucket
  int64_t bucket_ms = 0;
  int64_t warned_ms = -1000000;
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
  ClockPair reading(int64_t now) const {
    return {clock.remaining(RED, now), clock.remaining(BLACK, now)};
  }
};

Hub::Hub(Store& store, HubOptions options, Send send, Close close, Offload offload)
    : store_(store), options_(options), send_(std::move(send)), close_(std::move(close)), offload_(std::move(offload)) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium cannot start");
}

Hub::~Hub() = default;

void Hub::error(ConnId c, const std::string& about, const std::string& message) {
  send_(c, json{{"type", "error"}, {"about", about}, {"message", message}}.dump());
}

void Hub::to_room(const Room& room, const std::string& text) {
  for (const auto& seat : room.seat)
    if (const auto it = online_.find(seat.player); it != online_.end()) send_(it->second, text);
  for (ConnId s : room.spectators) send_(s, text);
}

void Hub::restore(int64_t now) {
  for (StoredGame& g : store_.playing_games()) {
    auto room = std::make_unique<Room>();
    room->id = g.id;
    room->rated = g.rated;
    room->time_text = g.time_text;
    room->started = g.started;
    room->time = parse_clock_option(g.time_text).value_or(TimeControl{});
    if (!room->game.reset(g.start_fen)) continue;
    room->clock.reset(room->time);
    room->clocks.push_back(g.start_clock);
    bool legal = true;
    for (size_t i = 0; i < g.moves.size() && legal; ++i) {
      legal = room->game.is_legal(g.moves[i]) && room->game.play(g.moves[i]);
      if (legal) room->clocks.push_back(g.clocks[i]);
    }
    // The clocks read what they did at the last move: the time the server was
    // down is nobody's. They start again when the side to move is back.
    room->clock.set(room->clocks.back().red_ms, room->clocks.back().black_ms);
    const int64_t ids[2] = {g.red, g.black};
    const std::string names[2] = {g.red_name, g.black_name};
    for (int c : {RED, BLACK}) {
      room->seat[c].player = ids[c];
      room->seat[c].name = names[c];
      if (const auto p = store_.player_by_name(names[c])) room->seat[c].rating = p->rating;
      room->seat[c].away = true;
      room->seat[c].deadline_ms = now + options_.grace_ms;
      playing_[ids[c]] = g.id;
    }
    rooms_[g.id] = std::move(room);
  }
}

void Hub::connected(ConnId c, int64_t now) {
  Conn& conn = conns_[c];
  conn.tokens = options_.message_burst;
  conn.bucket_ms = now;
}

void Hub::disconnected(ConnId c, int64_t now) {
  const auto it = conns_.find(c);
  if (it == conns_.end()) return;
  detach(c, it->second, now);
  for (int64_t g : it->second.watching)
    if (const auto r = rooms_.find(g); r != rooms_.end()) r->second->spectators.erase(c);
  lobby_.erase(c);
  conns_.erase(it);
}

// The player leaves this connection: seeks go, a game waits for them.
void Hub::detach(ConnId c, Conn& conn, int64_t now) {
  if (!conn.player) return;
  const int64_t player = conn.player;
  conn.player = 0;
  if (const auto it = online_.find(player); it == online_.end() || it->second != c) return;
  online_.erase(player);
  drop_seeks(player);
  const std::string gone = json{{"type", "player_offline"}, {"name", conn.name}}.dump();
  for (ConnId l : lobby_) send_(l, gone);
  if (const auto g = playing_.find(player); g != playing_.end()) {
    Room& room = *rooms_.at(g->second);
    const int color = room.seat[RED].player == player ? RED : BLACK;
    room.seat[color].away = true;
    room.seat[color].deadline_ms = now + options_.grace_ms;
    const std::string away = json{{"type", "opponent_away"}, {"game", room.id}, {"color", color_name(color)},
                                  {"seconds", options_.grace_ms / 1000}}
                                 .dump();
    to_room(room, away);
  }
}

void Hub::attach(ConnId c, const PlayerRow& p, int64_t now) {
  const auto it = conns_.find(c);
  if (it == conns_.end()) return;  // the connection went while the password was checked
  Conn& conn = it->second;
  if (const auto old = online_.find(p.id); old != online_.end() && old->second != c) {
    // The same player from elsewhere: the newer connection takes over.
    const ConnId before = old->second;
    if (auto oc = conns_.find(before); oc != conns_.end()) {
      error(before, "login", "logged in from elsewhere");
      oc->second.player = 0;
    }
    online_.erase(old);
    close_(before, "logged in from elsewhere");
  }
  const std::string token = new_token();
  store_.set_token(p.id, token);
  conn.player = p.id;
  conn.name = p.name;
  conn.guest = p.guest;
  online_[p.id] = c;
  send_(c, json{{"type", "welcome"},
                {"name", p.name},
                {"guest", p.guest},
                {"rating", int(p.rating.rating + 0.5)},
                {"deviation", int(p.rating.deviation + 0.5)},
                {"token", token}}
               .dump());
  const std::string here =
      json{{"type", "player_online"}, {"name", p.name}, {"rating", int(p.rating.rating + 0.5)}}.dump();
  for (ConnId l : lobby_) send_(l, here);
  if (const auto g = playing_.find(p.id); g != playing_.end()) {
    Room& room = *rooms_.at(g->second);
    const int color = room.seat[RED].player == p.id ? RED : BLACK;
    const bool was_away = room.seat[color].away;
    room.seat[color].away = false;
    // A restored game's clock starts when the side to move is back.
    if (!room.clock.running() && !room.game.verdict().over() && room.game.side_to_move() == color)
      room.clock.run(Color(color), now);
    send_(c, state_json(room, color_name(color), now));
    if (was_away) {
      const std::string back = json{{"type", "opponent_back"}, {"game", room.id}, {"color", color_name(color)}}.dump();
      const auto other = online_.find(room.seat[color ^ 1].player);
      if (other != online_.end()) send_(other->second, back);
      for (ConnId s : room.spectators) send_(s, back);
    }
  }
}

void Hub::start_auth(ConnId c, Conn& conn, const Request& r) {
  if (r.type == RequestType::Register && store_.player_by_name(r.name)) {
    error(c, r.type_name, "the name '" + r.name + "' is already taken");
    return;
  }
  std::string stored;
  if (r.type == RequestType::Login) {
    const auto p = store_.player_by_name(r.name);
    if (!p || p->guest) {
      error(c, r.type_name, "wrong name or password");
      return;
    }
    stored = p->hash;
  }
  conn.authenticating = true;
  const bool reg = r.type == RequestType::Register;
  const std::string name = r.name, password = r.password, about = r.type_name;
  offload_(
      [reg, password, stored]() -> std::string {
        if (reg) return hash_password(password);
        return crypto_pwhash_str_verify(stored.c_str(), password.data(), password.size()) == 0 ? "ok" : "";
      },
      [this, c, reg, name, about](std::string answer, int64_t now) {
        const auto it = conns_.find(c);
        if (it == conns_.end()) return;
        it->second.authenticating = false;
        if (reg) {
          if (answer.empty()) return error(c, about, "the server could not store the password; try again");
          if (!store_.add_player(name, answer, false, "")) return error(c, about, "the name '" + name + "' is already taken");
        } else if (answer.empty()) {
          return error(c, about, "wrong name or password");
        }
        if (const auto p = store_.player_by_name(name)) attach(c, *p, now);
      });
}

void Hub::message(ConnId c, std::string_view text, int64_t now) {
  const auto it = conns_.find(c);
  if (it == conns_.end()) return;
  Conn& conn = it->second;
  // A token bucket: a steady rate with room for a burst; beyond it messages are dropped.
  conn.tokens = std::min(options_.message_burst,
                         conn.tokens + double(now - conn.bucket_ms) * options_.messages_per_second / 1000.0);
  conn.bucket_ms = now;
  if (conn.tokens < 1) {
    if (now - conn.warned_ms >= 1000) {
      conn.warned_ms = now;
      error(c, "", "too many messages: slow down (some were dropped)");
    }
    return;
  }
  conn.tokens -= 1;
  std::string why;
  const auto r = parse_request(text, why);
  if (!r) return error(c, "", why);
  handle(c, conn, *r, now);
}

void Hub::handle(ConnId c, Conn& conn, const Request& r, int64_t now) {
  const bool needs_player = r.type != RequestType::Register && r.type != RequestType::Login &&
                            r.type != RequestType::Guest && r.type != RequestType::Resume &&
                            r.type != RequestType::Ping && r.type != RequestType::Watch &&
                            r.type != RequestType::Unwatch && r.type != RequestType::History &&
                            r.type != RequestType::Pgn && r.type != RequestType::Lobby &&
                            r.type != RequestType::LobbyLeave;
  if (needs_player && !conn.player) return error(c, r.type_name, "log in first (login, register or guest)");
  switch (r.type) {
    case RequestType::Register:
    case RequestType::Login:
    case RequestType::Guest:
    case RequestType::Resume: {
      if (conn.player) return error(c, r.type_name, "already logged in as " + conn.name);
      if (conn.authenticating) return error(c, r.type_name, "a login is already being checked");
      if (r.type == RequestType::Resume) {
        const auto p = r.token.size() == 32 ? store_.player_by_token(r.token) : std::nullopt;
        if (!p) return error(c, r.type_name, "unknown or expired token: log in again");
        return attach(c, *p, now);
      }
      if (r.type == RequestType::Guest) {
        for (int tries = 0; tries < 20; ++tries) {
          const std::string name = "Guest" + std::to_string(100000 + randombytes_uniform(900000));
          if (store_.add_player(name, "", true, "")) {
            if (const auto p = store_.player_by_name(name)) return attach(c, *p, now);
          }
        }
        return error(c, r.type_name, "no guest name is free; try again");
      }
      return start_auth(c, conn, r);
    }
    case RequestType::Ping:
      return send_(c, R"({"type":"pong"})");
    case RequestType::Lobby: {
      lobby_.insert(c);
      json seeks = json::array(), players = json::array(), games = json::array();
      for (const auto& [id, s] : seeks_) seeks.push_back(s.to_json());
      for (const auto& [player, pc] : online_) {
        const Conn& p = conns_.at(pc);
        const auto row = store_.player_by_name(p.name);
        players.push_back({{"name", p.name},
                           {"rating", row ? int(row->rating.rating + 0.5) : 1500},
                           {"guest", p.guest},
                           {"playing", playing_.count(player) > 0}});
      }
      for (const auto& [id, room] : rooms_)
        games.push_back({{"game", id},
                         {"red", room->seat[RED].name},
                         {"black", room->seat[BLACK].name},
                         {"time", room->time_text},
                         {"rated", room->rated},
                         {"ply", room->game.ply()}});
      return send_(c, json{{"type", "lobby"}, {"seeks", seeks}, {"players", players}, {"games", games}}.dump());
    }
    case RequestType::LobbyLeave:
      lobby_.erase(c);
      return;
    case RequestType::Seek:
      return seek(c, conn, r);
    case RequestType::CancelSeek: {
      const auto it = seeks_.find(r.seek);
      if (it == seeks_.end() || it->second.player != conn.player)
        return error(c, r.type_name, "no seek " + std::to_string(r.seek) + " of yours");
      seeks_.erase(it);
      const std::string gone = json{{"type", "seek_removed"}, {"seek", r.seek}}.dump();
      for (ConnId l : lobby_) send_(l, gone);
      if (!lobby_.count(c)) send_(c, gone);
      return;
    }
    case RequestType::Accept:
      return accept(c, conn, r, now);
    case RequestType::Move:
      return move(c, conn, r, now);
    case RequestType::Resign:
    case RequestType::DrawOffer:
    case RequestType::DrawAccept:
    case RequestType::DrawDecline:
    case RequestType::Takeback:
    case RequestType::TakebackAccept:
    case RequestType::TakebackDecline:
      return offer(c, conn, r, now);
    case RequestType::Watch: {
      const auto it = rooms_.find(r.game);
      if (it == rooms_.end()) return error(c, r.type_name, "no game " + std::to_string(r.game) + " in progress");
      if (conn.watching.size() >= 16 && !conn.watching.count(r.game))
        return error(c, r.type_name, "watching 16 games already");
      it->second->spectators.insert(c);
      conn.watching.insert(r.game);
      return send_(c, state_json(*it->second, "spectator", now));
    }
    case RequestType::Unwatch:
      if (const auto it = rooms_.find(r.game); it != rooms_.end()) it->second->spectators.erase(c);
      conn.watching.erase(r.game);
      return;
    case RequestType::History: {
      json games = json::array();
      for (const ArchiveEntry& e : store_.history(r.name, 100))
        games.push_back({{"game", e.id},
                         {"red", e.red},
                         {"black", e.black},
                         {"result", e.result},
                         {"reason", e.reason},
                         {"date", e.date},
                         {"rated", e.rated}});
      return send_(c, json{{"type", "history"}, {"name", r.name}, {"games", games}}.dump());
    }
    case RequestType::Pgn: {
      const auto text = store_.pgn(r.game);
      if (!text) return error(c, r.type_name, "no finished game " + std::to_string(r.game));
      return send_(c, json{{"type", "pgn"}, {"game", r.game}, {"pgn", *text}}.dump());
    }
  }
}

void Hub::seek(ConnId c, Conn& conn, const Request& r) {
  if (playing_.count(conn.player)) return error(c, r.type_name, "finish your game first");
  if (r.rated && conn.guest) return error(c, r.type_name, "guests play casual games only: register to play rated");
  int mine = 0;
  for (const auto& [id, s] : seeks_) mine += s.player == conn.player;
  if (mine >= 3) return error(c, r.type_name, "three open seeks at most");
  Seek s;
  s.id = next_seek_++;
  s.player = conn.player;
  s.name = conn.name;
  s.guest = conn.guest;
  if (const auto p = store_.player_by_name(conn.name)) s.rating = p->rating;
  s.time = r.time;
  s.time_text = clock_option_text(r.time);
  s.rated = r.rated;
  s.color = r.color;
  json j = s.to_json();
  j["type"] = "seek_created";
  send_(c, j.dump());
  j["type"] = "seek_added";
  const std::string added = j.dump();
  for (ConnId l : lobby_)
    if (l != c) send_(l, added);
  seeks_[s.id] = std::move(s);
}

void Hub::drop_seeks(int64_t player) {
  for (auto it = seeks_.begin(); it != seeks_.end();) {
    if (it->second.player != player) {
      ++it;
      continue;
    }
    const std::string gone = json{{"type", "seek_removed"}, {"seek", it->first}}.dump();
    for (ConnId l : lobby_) send_(l, gone);
    it = seeks_.erase(it);
  }
}

void Hub::accept(ConnId c, Conn& conn, const Request& r, int64_t now) {
  const auto it = seeks_.find(r.seek);
  if (it == seeks_.end()) return error(c, r.type_name, "no seek " + std::to_string(r.seek) + " (taken or withdrawn)");
  const Seek s = it->second;
  if (s.player == conn.player) return error(c, r.type_name, "that is your own seek");
  if (playing_.count(conn.player)) return error(c, r.type_name, "finish your game first");
  if (s.rated && conn.guest) return error(c, r.type_name, "guests play casual games only: register to play rated");
  const auto me = store_.player_by_name(conn.name);
  if (!me) return error(c, r.type_name, "the server lost your account; log in again");
  const int seeker = s.color >= 0 ? s.color : int(colour_toss_++ % 2);
  auto room = std::make_unique<Room>();
  room->seat[seeker] = {s.player, s.name, s.rating, false, 0};
  room->seat[seeker ^ 1] = {me->id, me->name, me->rating, false, 0};
  room->rated = s.rated;
  room->time = s.time;
  room->time_text = s.time_text;
  room->game.reset_start();
  room->clock.reset(s.time);
  room->clocks.push_back(room->reading(now));
  StoredGame g;
  g.red = room->seat[RED].player;
  g.black = room->seat[BLACK].player;
  g.red_name = room->seat[RED].name;
  g.black_name = room->seat[BLACK].name;
  g.time_text = s.time_text;
  g.rated = s.rated;
  g.start_fen = kStartFen;
  g.start_clock = room->clocks.back();
  room->id = store_.start_game(g);
  if (!room->id) return error(c, r.type_name, "the server could not store the game: " + store_.last_error());
  room->started = utc_now_text();  // as the table's default keeps it, for the PGN's Date
  drop_seeks(s.player);
  drop_seeks(conn.player);
  room->clock.run(RED, now);
  Room& rm = *room;
  rooms_[rm.id] = std::move(room);
  for (int color : {RED, BLACK}) {
    playing_[rm.seat[color].player] = rm.id;
    if (const auto o = online_.find(rm.seat[color].player); o != online_.end())
      send_(o->second, state_json(rm, color_name(color), now));
  }
}

Hub::Room* Hub::seated_room(ConnId c, const Conn& conn, int64_t game, int& color) {
  const auto it = rooms_.find(game);
  if (it == rooms_.end()) {
    error(c, "", "no game " + std::to_string(game) + " in progress");
    return nullptr;
  }
  Room& room = *it->second;
  if (room.seat[RED].player == conn.player) color = RED;
  else if (room.seat[BLACK].player == conn.player) color = BLACK;
  else {
    error(c, "", "you do not play in game " + std::to_string(game));
    return nullptr;
  }
  return &room;
}

void Hub::move(ConnId c, Conn& conn, const Request& r, int64_t now) {
  int color = RED;
  Room* room = seated_room(c, conn, r.game, color);
  if (!room) return;
  Game& game = room->game;
  if (game.side_to_move() != color) return error(c, r.type_name, "not your move");
  if (room->clock.on() && room->clock.remaining(Color(color), now) <= 0) {
    game.flag_fall(Color(color));
    return finish(*room, reason_key(game.verdict().reason), now);
  }
  if (!game.is_legal(r.move)) return error(c, r.type_name, "illegal move " + r.move_text);
  game.play(r.move);
  room->clock.moved(Color(color), now);
  const ClockPair after = room->reading(now);
  room->clocks.push_back(after);
  store_.add_move(room->id, game.ply() - 1, r.move, after);
  if (room->draw_offer == (color ^ 1)) room->draw_offer = -1;  // answered by playing on
  room->takeback_by = -1;
  to_room(*room, json{{"type", "move"},
                      {"game", room->id},
                      {"move", move_to_iccs(r.move)},
                      {"ply", game.ply()},
                      {"clock", {{"red", after.red_ms}, {"black", after.black_ms}}}}
                     .dump());
  if (game.verdict().over()) finish(*room, reason_key(game.verdict().reason), now);
}

void Hub::offer(ConnId c, Conn& conn, const Request& r, int64_t now) {
  int color = RED;
  Room* room = seated_room(c, conn, r.game, color);
  if (!room) return;
  Game& game = room->game;
  const std::string by = color_name(color);
  switch (r.type) {
    case RequestType::Resign:
      game.resign(Color(color));
      return finish(*room, "resignation", now);
    case RequestType::DrawOffer:
      if (room->draw_offer == (color ^ 1)) {
        game.agree_draw();
        return finish(*room, "agreement", now);
      }
      room->draw_offer = color;
      return to_room(*room, json{{"type", "draw_offered"}, {"game", room->id}, {"by", by}}.dump());
    case RequestType::DrawAccept:
      if (room->draw_offer != (color ^ 1)) return error(c, r.type_name, "no draw offer to accept");
      game.agree_draw();
      return finish(*room, "agreement", now);
    case RequestType::DrawDecline:
      if (room->draw_offer != (color ^ 1)) return error(c, r.type_name, "no draw offer to decline");
      room->draw_offer = -1;
      return to_room(*room, json{{"type", "draw_declined"}, {"game", room->id}, {"by", by}}.dump());
    case RequestType::Takeback: {
      // Back to the requester's last move: one ply if the opponent has not answered it, else two.
      const int plies = game.side_to_move() == color ? 2 : 1;
      if (game.ply() < plies) return error(c, r.type_name, "no move of yours to take back");
      room->takeback_by = color;
      room->takeback_plies = plies;
      return to_room(*room, json{{"type", "takeback_requested"}, {"game", room->id}, {"by", by}, {"plies", plies}}.dump());
    }
    case RequestType::TakebackAccept: {
      if (room->takeback_by != (color ^ 1)) return error(c, r.type_name, "no takeback request to accept");
      for (int i = 0; i < room->takeback_plies; ++i) {
        game.undo();
        room->clocks.pop_back();
      }
      room->takeback_by = -1;
      room->draw_offer = -1;
      store_.take_back(room->id, game.ply());
      room->clock.set(room->clocks.back().red_ms, room->clocks.back().black_ms);
      room->clock.run(game.side_to_move(), now);
      return to_room(*room, json{{"type", "takeback"},
                                 {"game", room->id},
                                 {"ply", game.ply()},
                                 {"clock", {{"red", room->clocks.back().red_ms}, {"black", room->clocks.back().black_ms}}}}
                                .dump());
    }
    case RequestType::TakebackDecline:
      if (room->takeback_by != (color ^ 1)) return error(c, r.type_name, "no takeback request to decline");
      room->takeback_by = -1;
      return to_room(*room, json{{"type", "takeback_declined"}, {"game", room->id}, {"by", by}}.dump());
    default:
      return;
  }
}

std::string Hub::state_json(const Room& room, const std::string& you, int64_t now) const {
  json moves = json::array();
  for (Move m : room.game.moves()) moves.push_back(move_to_iccs(m));
  const ClockPair clock = room.reading(now);
  json j = {{"type", "game"},
            {"game", room.id},
            {"red", {{"name", room.seat[RED].name}, {"rating", int(room.seat[RED].rating.rating + 0.5)}}},
            {"black", {{"name", room.seat[BLACK].name}, {"rating", int(room.seat[BLACK].rating.rating + 0.5)}}},
            {"time", room.time_text},
            {"rated", room.rated},
            {"fen", room.game.start_fen()},
            {"moves", moves},
            {"clock",
             {{"red", clock.red_ms},
              {"black", clock.black_ms},
              {"running", room.clock.running() ? color_name(room.clock.side()) : "none"}}},
            {"you", you}};
  if (room.draw_offer >= 0) j["draw_offer"] = color_name(room.draw_offer);
  if (room.takeback_by >= 0) j["takeback"] = color_name(room.takeback_by);
  json away = json::array();
  for (int c : {RED, BLACK})
    if (room.seat[c].away) away.push_back(color_name(c));
  j["away"] = away;
  return j.dump();
}

void Hub::finish(Room& room, const std::string& reason, int64_t now) {
  room.clock.stop(now);
  const Verdict v = room.game.verdict();
  const std::string result = result_tag(v);
  json msg = {{"type", "game_over"},
              {"game", room.id},
              {"result", result},
              {"reason", reason},
              {"text", reason == "abandoned" ? std::string(v.outcome == Outcome::RedWins ? "red" : "black") +
                                                   " wins: the opponent left the game"
                                             : verdict_text_en(v)}};
  std::vector<std::pair<std::string, std::string>> tags = {
      {"Event", room.rated ? "Rated game" : "Casual game"},
      {"Site", "xiangqi-server"},
      {"Date", pgn_date(room.started)},
      {"Red", room.seat[RED].name},
      {"Black", room.seat[BLACK].name},
      {"TimeControl", time_control_tag(room.time)}};
  if (room.rated) {
    const double red_score = v.outcome == Outcome::RedWins ? 1 : v.outcome == Outcome::BlackWins ? 0 : 0.5;
    const GlickoRating before[2] = {room.seat[RED].rating, room.seat[BLACK].rating};
    const GlickoRating after[2] = {glicko2_update(before[RED], {{before[BLACK], red_score}}),
                                   glicko2_update(before[BLACK], {{before[RED], 1 - red_score}})};
    json ratings;
    for (int c : {RED, BLACK}) {
      store_.set_rating(room.seat[c].player, after[c], true);
      ratings[color_name(c)] = {{"before", int(before[c].rating + 0.5)}, {"after", int(after[c].rating + 0.5)},
                                {"deviation", int(after[c].deviation + 0.5)}};
    }
    tags.push_back({"RedElo", std::to_string(int(before[RED].rating + 0.5))});
    tags.push_back({"BlackElo", std::to_string(int(before[BLACK].rating + 0.5))});
    msg["ratings"] = ratings;
  }
  std::vector<std::string> comments;
  for (size_t p = 1; p < room.clocks.size(); ++p)
    comments.push_back(room.time.on() ? clock_comment(p % 2 ? room.clocks[p].red_ms : room.clocks[p].black_ms) : "");
  std::string pgn = write_pgn(room.game, tags, comments);
  if (reason == "abandoned") {  // the judge saw a resignation; the record says what happened
    const size_t at = pgn.find("[Termination \"");
    if (at != std::string::npos) {
      const size_t end = pgn.find('\n', at);
      pgn.replace(at, end - at, "[Termination \"" + msg["text"].get<std::string>() + "\"]");
    }
  }
  store_.finish_game(room.id, result, reason, pgn);
  to_room(room, msg.dump());
  for (ConnId s : room.spectators)
    if (auto it = conns_.find(s); it != conns_.end()) it->second.watching.erase(room.id);
  for (const auto& seat : room.seat) playing_.erase(seat.player);
  rooms_.erase(room.id);
}

void Hub::tick(int64_t now) {
  std::vector<std::pair<Room*, std::string>> ended;
  for (auto& [id, room] : rooms_) {
    Game& game = room->game;
    if (game.verdict().over()) continue;
    if (room->clock.running() && room->clock.remaining(room->clock.side(), now) <= 0) {
      game.flag_fall(room->clock.side());
      ended.push_back({room.get(), reason_key(game.verdict().reason)});
      continue;
    }
    // A player gone past the grace time loses (the side to move first, if both are gone).
    const Color stm = game.side_to_move();
    for (Color c : {stm, ~stm})
      if (room->seat[c].away && now >= room->seat[c].deadline_ms) {
        game.resign(c);
        ended.push_back({room.get(), "abandoned"});
        break;
      }
  }
  for (auto& [room, reason] : ended) finish(*room, reason, now);
}

}  // namespace xq::server
