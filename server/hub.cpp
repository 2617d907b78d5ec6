// The hub's games: connections, the lobby, seeks, moves and offers judged by
// the rules, clocks, the end of a game and its archive. Logins are in
// hub_login.cpp.
#include "fen.h"
#include "glicko2.h"
#include "notation.h"
#include "pgn.h"
#include "hub_state.h"

namespace xq::server {

Hub::Hub(HubOptions options, Send send, Close close, Offload offload, Persist persist, Now now)
    : options_(options),
      // A connection on another node is reached through that node.
      send_([this, net = std::move(send)](ConnId c, std::string text) {
        if (c < kRemoteConn) return net(c, std::move(text));
        if (const auto it = conns_.find(c); it != conns_.end() && cluster_)
          tell_node(it->second.node, "out", json{{"c", it->second.far}, {"m", std::move(text)}});
      }),
      close_([this, net = std::move(close)](ConnId c, std::string why) {
        if (c < kRemoteConn) return net(c, std::move(why));
        if (const auto it = conns_.find(c); it != conns_.end() && cluster_)
          tell_node(it->second.node, "close", json{{"c", it->second.far}, {"why", std::move(why)}});
      }),
      offload_(std::move(offload)),
      persist_(std::move(persist)),
      now_(std::move(now)),
      guard_(options.login),
      guests_(options.guest_burst, options.guest_refill_s),
      registrations_(options.register_burst, options.register_refill_s) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium cannot start");
}

Hub::~Hub() = default;

void Hub::error(ConnId c, const std::string& about, const std::string& message, const std::string& code, int seconds) {
  json j{{"type", "error"}, {"about", about}, {"message", message}};
  if (!code.empty()) j["code"] = code;  // the client words it in its own language
  if (seconds >= 0) j["seconds"] = seconds;
  send_(c, j.dump());
}

void Hub::to_room(const Room& room, const std::string& text) {
  for (const auto& seat : room.seat)
    if (const auto it = online_.find(seat.player); it != online_.end()) send_(it->second, text);
  for (ConnId s : room.spectators) send_(s, text);
}

void Hub::to_lobby(const std::string& text, ConnId except) {
  for (ConnId l : lobby_)
    if (l != except) send_(l, text);
}

void Hub::restore(const std::vector<StoredGame>& games, int64_t now) {
  for (const StoredGame& g : games) {
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
    const GlickoRating ratings[2] = {g.red_rating, g.black_rating};
    for (int c : {RED, BLACK}) {
      room->seat[c].player = ids[c];
      room->seat[c].name = names[c];
      room->seat[c].rating = ratings[c];
      room->seat[c].away = true;
      room->seat[c].deadline_ms = now + options_.grace_ms;
      playing_[ids[c]] = g.id;
    }
    rooms_[g.id] = std::move(room);
  }
}

void Hub::connected(ConnId c, const std::string& address, int64_t now) {
  Conn& conn = conns_[c];
  conn.address = address;
  conn.connected_ms = now;
  conn.tokens = options_.message_burst;
  conn.bucket_ms = now;
}

void Hub::disconnected(ConnId c, int64_t now) {
  const auto it = conns_.find(c);
  if (it == conns_.end()) return;
  detach(c, it->second, now);
  for (int64_t g : it->second.watching)
    if (const auto r = rooms_.find(g); r != rooms_.end()) r->second->spectators.erase(c);
  for (int64_t node : it->second.peers) tell_node(node, "gone", json{{"c", c}});
  if (it->second.node) remote_conns_.erase({it->second.node, it->second.far});
  lobby_.erase(c);
  conns_.erase(it);
}

// The player leaves this connection: seeks go, a game waits for them.
void Hub::detach(ConnId c, Conn& conn, int64_t now) {
  lobby_.erase(c);
  if (!conn.player) return;
  const int64_t player = conn.player;
  conn.player = 0;
  if (const auto it = online_.find(player); it == online_.end() || it->second != c) return;
  online_.erase(player);
  if (!conn.node) {  // our own player leaves (a player of another node only leaves this node's game)
    drop_seeks(player);
    to_lobby(json{{"type", "player_offline"}, {"name", conn.name}}.dump());
    if (cluster_) {
      tell_all("offline", json{{"p", player}, {"name", conn.name}});
      for (int64_t node : conn.peers) tell_node(node, "gone", json{{"c", c}});
      conn.peers.clear();
    }
  }
  if (const auto g = playing_.find(player); g != playing_.end() && g->second) {
    Room& room = *rooms_.at(g->second);
    const int color = room.seat[RED].player == player ? RED : BLACK;
    room.seat[color].away = true;
    room.seat[color].deadline_ms = now + options_.grace_ms;
    to_room(room, json{{"type", "opponent_away"}, {"game", room.id}, {"color", color_name(color)},
                       {"seconds", options_.grace_ms / 1000}}
                      .dump());
  }
}

// The token is stored: the player is in.
void Hub::logged_in(ConnId c, const PlayerRow& p, const std::string& token) {
  const auto it = conns_.find(c);
  if (it == conns_.end()) return;  // the connection went while the database answered
  const int64_t now = now_();
  Conn& conn = it->second;
  if (const auto old = online_.find(p.id); old != online_.end() && old->second != c) {
    // The same player from elsewhere: the newer connection takes over.
    const ConnId before = old->second;
    if (auto oc = conns_.find(before); oc != conns_.end()) {
      error(before, "login", "logged in from elsewhere", "replaced");
      oc->second.player = 0;
      lobby_.erase(before);
    }
    online_.erase(old);
    close_(before, "logged in from elsewhere");
  }
  conn.player = p.id;
  conn.name = p.name;
  conn.guest = p.guest;
  conn.rating = p.rating;
  online_[p.id] = c;
  send_(c, json{{"type", "welcome"},
                {"name", p.name},
                {"guest", p.guest},
                {"rating", int(p.rating.rating + 0.5)},
                {"deviation", int(p.rating.deviation + 0.5)},
                {"token", token}}
               .dump());
  to_lobby(json{{"type", "player_online"}, {"name", p.name}, {"rating", int(p.rating.rating + 0.5)}}.dump(), c);
  // The other nodes list the player, and the one holding their game (if another) seats them.
  if (cluster_)
    tell_all("online", json{{"p", p.id}, {"c", c}, {"name", p.name}, {"rating", int(p.rating.rating + 0.5)}, {"guest", p.guest}});
  rejoin(c, p.id, now);
}

// The player is back on connection c: their game here (if any) goes on.
void Hub::rejoin(ConnId c, int64_t player, int64_t now) {
  if (const auto g = playing_.find(player); g != playing_.end() && g->second) {
    Room& room = *rooms_.at(g->second);
    const int color = room.seat[RED].player == player ? RED : BLACK;
    const bool was_away = room.seat[color].away;
    room.seat[color].away = false;
    // A restored game's clock starts when the side to move is back.
    if (!room.clock.running() && !room.over && room.game.side_to_move() == color) room.clock.run(Color(color), now);
    send_(c, state_json(room, color_name(color), now));
    seated(c, player, room.id);
    if (was_away) {
      const std::string back = json{{"type", "opponent_back"}, {"game", room.id}, {"color", color_name(color)}}.dump();
      const auto other = online_.find(room.seat[color ^ 1].player);
      if (other != online_.end()) send_(other->second, back);
      for (ConnId s : room.spectators) send_(s, back);
    }
  }
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
      error(c, "", "too many messages: slow down (some were dropped)", "rate");
    }
    return;
  }
  conn.tokens -= 1;
  std::string why;
  const auto r = parse_request(text, why);
  if (!r) return error(c, "", why, "bad_message");
  if (cluster_ && forward(c, conn, *r, text)) return;  // a game or a seek of another node
  handle(c, conn, *r, now);
}

void Hub::handle(ConnId c, Conn& conn, const Request& r, int64_t now) {
  const bool needs_player = r.type != RequestType::Register && r.type != RequestType::Login &&
                            r.type != RequestType::Guest && r.type != RequestType::Resume &&
                            r.type != RequestType::Ping && r.type != RequestType::Watch &&
                            r.type != RequestType::Unwatch && r.type != RequestType::History &&
                            r.type != RequestType::Pgn && r.type != RequestType::LobbyLeave;
  if (needs_player && !conn.player) return error(c, r.type_name, "log in first (login, register or guest)", "login");
  switch (r.type) {
    case RequestType::Register:
    case RequestType::Login:
    case RequestType::Guest:
    case RequestType::Resume:
      if (conn.player) return error(c, r.type_name, "already logged in as " + conn.name);
      if (conn.busy) return error(c, r.type_name, "a login is already being checked", "wait");
      if (r.type == RequestType::Resume) return resume(c, conn, r);
      if (r.type == RequestType::Guest) return guest(c, conn, r, now);
      if (r.type == RequestType::Register) return register_account(c, conn, r, now);
      return login(c, conn, r, now);
    case RequestType::Logout:
      if (conn.busy) return error(c, r.type_name, "a login is already being checked", "wait");
      return logout(c, conn, r);
    case RequestType::Ping:
      return send_(c, R"({"type":"pong"})");
    case RequestType::Lobby:
      lobby_.insert(c);
      return lobby(c);
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
      if (cluster_) tell_all("unseek", json{{"seek", r.seek}});
      const std::string gone = json{{"type", "seek_removed"}, {"seek", r.seek}}.dump();
      to_lobby(gone);
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
      if (it == rooms_.end() || it->second->over)
        return error(c, r.type_name, "no game " + std::to_string(r.game) + " in progress");
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
    case RequestType::History:
    case RequestType::Pgn:
      return read_archive(c, conn, r);
  }
}

void Hub::lobby(ConnId c) {
  json seeks = json::array(), players = json::array(), games = json::array();
  for (const auto& [id, s] : seeks_) seeks.push_back(s.to_json());
  for (const auto& [id, s] : remote_seeks_) seeks.push_back(s->shown);
  for (const auto& [player, pc] : online_) {
    const Conn& p = conns_.at(pc);
    if (p.node) continue;  // listed by its own node
    players.push_back({{"name", p.name}, {"rating", int(p.rating.rating + 0.5)}, {"guest", p.guest}, {"playing", playing(player)}});
  }
  for (const auto& [player, p] : remote_players_)
    players.push_back({{"name", p->name}, {"rating", p->rating}, {"guest", p->guest}, {"playing", playing(player)}});
  for (const auto& [id, room] : rooms_)
    if (!room->over)
      games.push_back({{"game", id},
                       {"red", room->seat[RED].name},
                       {"black", room->seat[BLACK].name},
                       {"time", room->time_text},
                       {"rated", room->rated},
                       {"ply", room->game.ply()}});
  for (const auto& [id, g] : remote_games_) games.push_back(g->shown);
  send_(c, json{{"type", "lobby"}, {"seeks", seeks}, {"players", players}, {"games", games}}.dump());
}

void Hub::read_archive(ConnId c, Conn& conn, const Request& r) {
  if (conn.pending_reads >= options_.max_pending_reads)
    return error(c, r.type_name, "too many requests waiting: try again when they are answered", "busy");
  conn.pending_reads++;
  if (r.type == RequestType::History) {
    auto out = std::make_shared<std::vector<ArchiveEntry>>();
    return persist_({[out, name = r.name](Store& s) {
                       *out = s.history(name, 100);
                       return s.last_error().empty() || !out->empty();
                     },
                     [this, c, out, name = r.name, about = r.type_name](bool saved) {
                       const auto it = conns_.find(c);
                       if (it == conns_.end()) return;
                       it->second.pending_reads--;
                       if (!saved) return error(c, about, "the server could not read the archive: try again", "busy");
                       json games = json::array();
                       for (const ArchiveEntry& e : *out)
                         games.push_back({{"game", e.id},
                                          {"red", e.red},
                                          {"black", e.black},
                                          {"result", e.result},
                                          {"reason", e.reason},
                                          {"date", e.date},
                                          {"rated", e.rated}});
                       send_(c, json{{"type", "history"}, {"name", name}, {"games", games}}.dump());
                     }});
  }
  auto out = std::make_shared<std::optional<std::string>>();
  persist_({[out, game = r.game](Store& s) {
              *out = s.pgn(game);
              return true;
            },
            [this, c, out, game = r.game, about = r.type_name](bool saved) {
              const auto it = conns_.find(c);
              if (it == conns_.end()) return;
              it->second.pending_reads--;
              if (!saved || !*out) return error(c, about, "no finished game " + std::to_string(game));
              send_(c, json{{"type", "pgn"}, {"game", game}, {"pgn", **out}}.dump());
            }});
}

void Hub::seek(ConnId c, Conn& conn, const Request& r) {
  if (playing(conn.player)) return error(c, r.type_name, "finish your game first", "playing");
  if (r.rated && conn.guest)
    return error(c, r.type_name, "guests play casual games only: register to play rated", "guest_rated");
  int mine = 0;
  for (const auto& [id, s] : seeks_) mine += s.player == conn.player;
  if (mine >= 3) return error(c, r.type_name, "three open seeks at most", "seeks");
  Seek s;
  s.id = next_seek_++;
  s.player = conn.player;
  s.name = conn.name;
  s.guest = conn.guest;
  s.rating = conn.rating;
  s.time = r.time;
  s.time_text = clock_option_text(r.time);
  s.rated = r.rated;
  s.color = r.color;
  json j = s.to_json();
  j["type"] = "seek_created";
  send_(c, j.dump());
  j["type"] = "seek_added";
  to_lobby(j.dump(), c);
  if (cluster_) tell_all("seek", json{{"p", s.player}, {"shown", s.to_json()}});
  seeks_[s.id] = std::move(s);
}

void Hub::drop_seeks(int64_t player) {
  for (auto it = seeks_.begin(); it != seeks_.end();) {
    if (it->second.player != player) {
      ++it;
      continue;
    }
    to_lobby(json{{"type", "seek_removed"}, {"seek", it->first}}.dump());
    if (cluster_) tell_all("unseek", json{{"seek", it->first}});
    it = seeks_.erase(it);
  }
}

void Hub::accept(ConnId c, Conn& conn, const Request& r, int64_t now) {
  const auto it = seeks_.find(r.seek);
  if (it == seeks_.end()) return error(c, r.type_name, "no seek " + std::to_string(r.seek) + " (taken or withdrawn)");
  const Seek s = it->second;
  if (s.player == conn.player) return error(c, r.type_name, "that is your own seek");
  if (playing(conn.player)) return error(c, r.type_name, "finish your game first", "playing");
  if (s.rated && conn.guest)
    return error(c, r.type_name, "guests play casual games only: register to play rated", "guest_rated");
  const int seeker = s.color >= 0 ? s.color : int(colour_toss_++ % 2);
  auto room = std::make_shared<Room>();
  room->seat[seeker] = {s.player, s.name, s.rating, false, 0};
  room->seat[seeker ^ 1] = {conn.player, conn.name, conn.rating, false, 0};
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
  // Both are taken off the lobby and held (game 0) while the game is stored.
  drop_seeks(s.player);
  drop_seeks(conn.player);
  playing_[s.player] = 0;
  playing_[conn.player] = 0;
  auto id = std::make_shared<int64_t>(0);
  auto why = std::make_shared<std::string>();
  persist_({[g, id, why](Store& st) {
              *id = st.start_game(g);
              *why = st.last_error();
              return *id != 0;
            },
            [this, room, id, why, about = r.type_name](bool saved) {
              for (int color : {RED, BLACK}) playing_.erase(room->seat[color].player);
              if (!saved) {
                for (int color : {RED, BLACK})
                  if (const auto o = online_.find(room->seat[color].player); o != online_.end())
                    error(o->second, about, not_saved("the new game", *why), "not_saved");
                return;
              }
              const int64_t now = now_();
              auto owned = std::make_unique<Room>(std::move(*room));
              Room& rm = *owned;
              rm.id = *id;
              rm.started = utc_now_text();  // as the table's default keeps it, for the PGN's Date
              rm.clock.run(RED, now);
              for (int color : {RED, BLACK}) {
                playing_[rm.seat[color].player] = rm.id;
                const auto o = online_.find(rm.seat[color].player);
                if (o != online_.end()) {
                  send_(o->second, state_json(rm, color_name(color), now));
                  seated(o->second, rm.seat[color].player, rm.id);
                } else {  // gone while the game was stored: the usual grace time
                  rm.seat[color].away = true;
                  rm.seat[color].deadline_ms = now + options_.grace_ms;
                }
              }
              if (cluster_)
                tell_all("game", json{{"g", rm.id}, {"red", rm.seat[RED].player}, {"black", rm.seat[BLACK].player},
                                      {"shown", {{"game", rm.id}, {"red", rm.seat[RED].name}, {"black", rm.seat[BLACK].name},
                                                 {"time", rm.time_text}, {"rated", rm.rated}, {"ply", 0}}}});
              rooms_[rm.id] = std::move(owned);
            }});
}

Hub::Room* Hub::seated_room(ConnId c, const Conn& conn, int64_t game, int& color, const std::string& about) {
  const auto it = rooms_.find(game);
  if (it == rooms_.end() || it->second->over) {
    error(c, about, "no game " + std::to_string(game) + " in progress");
    return nullptr;
  }
  Room& room = *it->second;
  if (room.seat[RED].player == conn.player) color = RED;
  else if (room.seat[BLACK].player == conn.player) color = BLACK;
  else {
    error(c, about, "you do not play in game " + std::to_string(game));
    return nullptr;
  }
  if (room.saving) return nullptr;  // queued by the caller: answered once the write is done
  return &room;
}

// A request for a game whose last move or takeback is still being written
// waits for it (a few at most), then is handled as if it came then.
bool Hub::wait_for_save(ConnId c, const Request& r) {
  const auto it = rooms_.find(r.game);
  if (it == rooms_.end() || !it->second->saving) return false;
  Room& room = *it->second;
  if (room.waiting.size() >= 8) {
    error(c, r.type_name, "the last move is still being saved: try again", "wait", 1);
    return true;
  }
  room.waiting.push_back({c, r});
  return true;
}

void Hub::saved(int64_t game) {
  for (;;) {
    const auto it = rooms_.find(game);
    if (it == rooms_.end() || it->second->saving || it->second->waiting.empty()) return;
    auto [c, r] = std::move(it->second->waiting.front());
    it->second->waiting.pop_front();
    if (const auto cc = conns_.find(c); cc != conns_.end()) handle(c, cc->second, r, now_());
  }
}

void Hub::move(ConnId c, Conn& conn, const Request& r, int64_t now) {
  if (wait_for_save(c, r)) return;
  int color = RED;
  Room* room = seated_room(c, conn, r.game, color, r.type_name);
  if (!room) return;
  Game& game = room->game;
  if (game.side_to_move() != color) return error(c, r.type_name, "not your move", "not_your_move");
  if (room->clock.on() && room->clock.remaining(Color(color), now) <= 0) {
    game.flag_fall(Color(color));
    return finish(*room, reason_key(game.verdict().reason), now);
  }
  if (!game.is_legal(r.move)) return error(c, r.type_name, "illegal move " + r.move_text, "illegal");
  // The clocks as they will be, read at the move's arrival; nothing changes
  // here until the move is stored.
  GameClock after_clock = room->clock;
  after_clock.moved(Color(color), now);
  const ClockPair after = {after_clock.remaining(RED, now), after_clock.remaining(BLACK, now)};
  room->saving = true;
  const int64_t id = room->id;
  const int ply = game.ply();
  const Move m = r.move;
  auto why = std::make_shared<std::string>();
  persist_({[id, ply, m, after, why](Store& s) {
              const bool ok = s.add_move(id, ply, m, after);
              *why = s.last_error();
              return ok;
            },
            [this, c, id, m, color, after, after_clock, why, text = r.move_text, about = r.type_name](bool saved) {
              const auto it = rooms_.find(id);
              if (it == rooms_.end()) return;
              Room& room = *it->second;
              room.saving = false;
              if (!saved) {  // not stored, not played: the mover is told, and the game waits
                if (conns_.count(c)) error(c, about, "your move " + text + " was not saved (" + *why + "): play it again", "not_saved");
                return this->saved(id);
              }
              Game& game = room.game;
              game.play(m);
              room.clock = after_clock;
              room.clocks.push_back(after);
              if (room.draw_offer == (color ^ 1)) room.draw_offer = -1;  // answered by playing on
              room.takeback_by = -1;
              to_room(room, json{{"type", "move"},
                                 {"game", room.id},
                                 {"move", move_to_iccs(m)},
                                 {"ply", game.ply()},
                                 {"clock", {{"red", after.red_ms}, {"black", after.black_ms}}}}
                                .dump());
              if (game.verdict().over()) finish(room, reason_key(game.verdict().reason), now_());
              this->saved(id);
            }});
}

void Hub::offer(ConnId c, Conn& conn, const Request& r, int64_t now) {
  if (wait_for_save(c, r)) return;
  int color = RED;
  Room* room = seated_room(c, conn, r.game, color, r.type_name);
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
      room->saving = true;
      const int64_t id = room->id;
      const int from = game.ply() - room->takeback_plies;
      return persist_({[id, from](Store& s) { return s.take_back(id, from); },
                       [this, c, id, about = r.type_name](bool saved) {
                         const auto it = rooms_.find(id);
                         if (it == rooms_.end()) return;
                         Room& room = *it->second;
                         room.saving = false;
                         if (!saved) {
                           if (conns_.count(c)) error(c, about, not_saved("the takeback", ""), "not_saved");
                           return this->saved(id);
                         }
                         for (int i = 0; i < room.takeback_plies; ++i) {
                           room.game.undo();
                           room.clocks.pop_back();
                         }
                         room.takeback_by = -1;
                         room.draw_offer = -1;
                         room.clock.set(room.clocks.back().red_ms, room.clocks.back().black_ms);
                         room.clock.run(room.game.side_to_move(), now_());
                         to_room(room, json{{"type", "takeback"},
                                            {"game", room.id},
                                            {"ply", room.game.ply()},
                                            {"clock",
                                             {{"red", room.clocks.back().red_ms}, {"black", room.clocks.back().black_ms}}}}
                                           .dump());
                         this->saved(id);
                       }});
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

// The game has ended: the verdict, the PGN and the ratings go to the archive
// first; the players are told once it is stored (retried until it is).
void Hub::finish(Room& room, const std::string& reason, int64_t now) {
  room.clock.stop(now);
  auto f = std::make_unique<Finish>();
  const Verdict v = room.game.verdict();
  f->result = result_tag(v);
  f->reason = reason;
  json msg = {{"type", "game_over"},
              {"game", room.id},
              {"result", f->result},
              {"reason", reason},
              {"text", verdict_text_en(v)}};
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
      f->ratings.push_back({room.seat[c].player, after[c]});
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
  f->pgn = write_pgn(room.game, tags, comments);
  f->message = msg.dump();
  room.over = std::move(f);
  archive(room.id);
}

void Hub::archive(int64_t game) {
  Room& room = *rooms_.at(game);
  Finish& f = *room.over;
  f.in_flight = true;
  persist_({[game, result = f.result, reason = f.reason, pgn = f.pgn, ratings = f.ratings](Store& s) {
              return s.finish_game(game, result, reason, pgn, ratings);
            },
            [this, game](bool saved) {
              const auto it = rooms_.find(game);
              if (it == rooms_.end()) return;
              Room& room = *it->second;
              Finish& f = *room.over;
              f.in_flight = false;
              if (!saved) {  // tried again in two seconds; the players hear of the end once it is kept
                f.retry_ms = now_() + 2000;
                return;
              }
              for (const RatingChange& r : f.ratings)
                if (const auto o = online_.find(r.player); o != online_.end()) conns_.at(o->second).rating = r.rating;
              to_room(room, f.message);
              if (cluster_) {
                tell_all("ended", json{{"g", game}});
                for (const auto& seat : room.seat) {
                  const auto o = online_.find(seat.player);
                  if (o == online_.end() || !conns_.count(o->second) || !conns_.at(o->second).node) continue;
                  const GlickoRating& now_rated = conns_.at(o->second).rating;
                  tell_node(conns_.at(o->second).node, "unseated",
                            json{{"p", seat.player}, {"g", game},
                                 {"rating", {now_rated.rating, now_rated.deviation, now_rated.volatility}}});
                }
              }
              for (ConnId s : room.spectators)
                if (auto c = conns_.find(s); c != conns_.end()) c->second.watching.erase(game);
              for (const auto& seat : room.seat) playing_.erase(seat.player);
              rooms_.erase(it);
            }});
}

void Hub::tick(int64_t now) {
  std::vector<std::pair<Room*, std::string>> ended;
  std::vector<int64_t> retry;
  for (auto& [id, room] : rooms_) {
    if (room->over) {
      if (!room->over->in_flight && now >= room->over->retry_ms) retry.push_back(id);
      continue;
    }
    if (room->saving) continue;  // the move on its way came in time
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
        game.abandon(c);
        ended.push_back({room.get(), "abandoned"});
        break;
      }
  }
  for (auto& [room, reason] : ended) finish(*room, reason, now);
  for (int64_t id : retry) archive(id);
  // Connections that neither log in nor watch are closed after a while.
  for (auto& [c, conn] : conns_)
    if (!conn.node && !conn.player && !conn.busy && conn.watching.empty() && now - conn.connected_ms > options_.login_deadline_ms) {
      conn.connected_ms = now;  // told once; the network layer closes it
      close_(c, "log in or watch a game within " + std::to_string(options_.login_deadline_ms / 1000) + " s");
    }
  if (now - last_sweep_ms_ >= 60000) {
    last_sweep_ms_ = now;
    guard_.sweep(now);
    guests_.sweep(now);
    registrations_.sweep(now);
  }
}

}  // namespace xq::server
