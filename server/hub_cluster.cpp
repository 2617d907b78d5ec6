// The hub among several nodes on one PostgreSQL database (cluster_bus.h
// carries the messages, as JSON objects with a kind "k" and the sender "n").
//
// Each node announces its own players, seeks and games to all ("online",
// "offline", "seek", "unseek", "game", "ended"; a "hello" is answered with a
// "snapshot" of everything), so every lobby lists every node's. A game lives
// on the node that started it: a player of another node plays it through
// their own node, which forwards their requests ("req") and is sent the
// answers ("out", "close"); the game's node stands the player in as a
// connection of its own (a number from kRemoteConn up). When a node dies its
// lease runs out; a node that remains claims its games in the database (each
// goes to one node), carries them on from their last stored move and tells
// the others ("owner"), whose players are seated there again ("attach").
#include <cstdio>

#include "hub_state.h"

namespace xq::server {

void Hub::tell_node(int64_t node, const std::string& kind, const json& fields) {
  if (!cluster_ || !node) return;
  json j = fields;
  j["k"] = kind;
  j["n"] = cluster_->node();
  cluster_->to_node(node, j.dump());
}

void Hub::tell_all(const std::string& kind, const json& fields) {
  if (!cluster_) return;
  json j = fields;
  j["k"] = kind;
  j["n"] = cluster_->node();
  cluster_->to_all(j.dump());
}

void Hub::join_cluster(ClusterLink* link, int64_t now) {
  cluster_ = link;
  // Seek numbers carry the node's, so they are unique among the nodes (and stay below 2^53 for the page).
  next_seek_ = (link->node() << 32) + 1;
  cluster_reconnected(now);
  // The games this node carries on from the database (its own after a
  // restart, or a dead node's): the others' players in them are seated here.
  for (const auto& [id, room] : rooms_) announce_owner(*room);
}

void Hub::announce_owner(const Room& room) {
  tell_all("owner", json{{"g", room.id},
                         {"red", room.seat[RED].player},
                         {"black", room.seat[BLACK].player},
                         {"shown",
                          {{"game", room.id}, {"red", room.seat[RED].name}, {"black", room.seat[BLACK].name},
                           {"time", room.time_text}, {"rated", room.rated}, {"ply", room.game.ply()}}}});
}

void Hub::cluster_reconnected(int64_t) {
  tell_all("hello", json::object());
  tell_all("snapshot", json::parse(snapshot()));
}

// Playing here, or (as this node was told) on another node.
bool Hub::playing(int64_t player) const {
  if (playing_.count(player) || remote_playing_.count(player)) return true;
  for (const auto& [id, g] : remote_games_)
    if (g->red == player || g->black == player) return true;
  return false;
}

std::string Hub::snapshot() const {
  json players = json::array(), seeks = json::array(), games = json::array();
  for (const auto& [player, c] : online_) {
    const Conn& p = conns_.at(c);
    if (p.node) continue;
    players.push_back({{"p", player}, {"c", c}, {"name", p.name}, {"rating", int(p.rating.rating + 0.5)}, {"guest", p.guest}});
  }
  for (const auto& [id, s] : seeks_) seeks.push_back({{"p", s.player}, {"shown", s.to_json()}});
  for (const auto& [id, room] : rooms_)
    if (!room->over)
      games.push_back({{"g", id},
                       {"red", room->seat[RED].player},
                       {"black", room->seat[BLACK].player},
                       {"shown",
                        {{"game", id}, {"red", room->seat[RED].name}, {"black", room->seat[BLACK].name},
                         {"time", room->time_text}, {"rated", room->rated}, {"ply", room->game.ply()}}}});
  return json{{"players", players}, {"seeks", seeks}, {"games", games}}.dump();
}

// What a node holds, all of it: it replaces what was known of that node.
void Hub::take_snapshot(int64_t node, const json& m) {
  forget_node(node);
  for (const json& p : m.value("players", json::array())) {
    auto rp = std::make_unique<RemotePlayer>();
    rp->node = node;
    rp->far = p.value("c", ConnId(0));
    rp->name = p.value("name", "");
    rp->rating = p.value("rating", 0);
    rp->guest = p.value("guest", false);
    to_lobby(json{{"type", "player_online"}, {"name", rp->name}, {"rating", rp->rating}}.dump());
    remote_players_[p.value("p", int64_t(0))] = std::move(rp);
  }
  for (const json& s : m.value("seeks", json::array())) {
    auto rs = std::make_unique<RemoteSeek>();
    rs->node = node;
    rs->player = s.value("p", int64_t(0));
    rs->shown = s.value("shown", json::object());
    json added = rs->shown;
    added["type"] = "seek_added";
    to_lobby(added.dump());
    remote_seeks_[rs->shown.value("seek", int64_t(0))] = std::move(rs);
  }
  for (const json& g : m.value("games", json::array())) {
    auto rg = std::make_unique<RemoteGame>();
    rg->node = node;
    rg->red = g.value("red", int64_t(0));
    rg->black = g.value("black", int64_t(0));
    rg->shown = g.value("shown", json::object());
    remote_games_[g.value("g", int64_t(0))] = std::move(rg);
  }
}

// A node's players and seeks leave every lobby (it died, or sent all it holds anew).
void Hub::forget_node(int64_t node) {
  for (auto it = remote_players_.begin(); it != remote_players_.end();) {
    if (it->second->node != node) {
      ++it;
      continue;
    }
    to_lobby(json{{"type", "player_offline"}, {"name", it->second->name}}.dump());
    it = remote_players_.erase(it);
  }
  for (auto it = remote_seeks_.begin(); it != remote_seeks_.end();) {
    if (it->second->node != node) {
      ++it;
      continue;
    }
    to_lobby(json{{"type", "seek_removed"}, {"seek", it->first}}.dump());
    it = remote_seeks_.erase(it);
  }
  for (auto it = remote_games_.begin(); it != remote_games_.end();)
    it = it->second->node == node ? remote_games_.erase(it) : std::next(it);
}

ConnId Hub::remote_conn(int64_t node, ConnId far) {
  const auto it = remote_conns_.find({node, far});
  if (it != remote_conns_.end()) return it->second;
  const ConnId c = kRemoteConn + ++next_remote_;
  Conn& conn = conns_[c];
  conn.address = "node " + std::to_string(node);
  conn.node = node;
  conn.far = far;
  remote_conns_[{node, far}] = c;
  return c;
}

// A local connection whose player logged in on another node: it goes, as when they log in twice here.
void Hub::kick(ConnId c, Conn& conn) {
  error(c, "login", "logged in from elsewhere", "replaced");
  online_.erase(conn.player);
  drop_seeks(conn.player);
  conn.player = 0;
  lobby_.erase(c);
  close_(c, "logged in from elsewhere");
}

// A request of a player on another node, for a game or a seek of this one,
// handled as if their connection were here; or (attach_only) the player is
// back on that node and takes their seat in their game here.
void Hub::remote_request(int64_t node, const json& m, bool attach_only, int64_t now) {
  const ConnId c = remote_conn(node, m.value("c", ConnId(0)));
  Conn& conn = conns_.at(c);
  conn.player = m.value("p", int64_t(0));
  conn.name = m.value("name", "");
  conn.guest = m.value("guest", false);
  if (const json r = m.value("rating", json::array()); r.is_array() && r.size() == 3 && r[0].is_number())
    conn.rating = {r[0].get<double>(), r[1].get<double>(), r[2].get<double>()};
  if (conn.player) {
    if (const auto o = online_.find(conn.player); o != online_.end() && o->second != c) {
      if (Conn& before = conns_.at(o->second); !before.node) {
        kick(o->second, before);
      } else {
        before.player = 0;  // the same player's earlier connection on a node: this one takes over
      }
    }
    online_[conn.player] = c;
  }
  if (attach_only) return rejoin(c, conn.player, now);
  std::string why;
  const auto r = parse_request(m.value("m", ""), why);
  if (!r) return error(c, "", why, "bad_message");
  handle(c, conn, *r, now);
}

// The game's node seated player p (on connection c): if c stands for another
// node's connection, that node learns where the player's game is.
void Hub::seated(ConnId c, int64_t player, int64_t game) {
  if (!cluster_ || c < kRemoteConn) return;
  if (const auto it = conns_.find(c); it != conns_.end()) tell_node(it->second.node, "seated", json{{"p", player}, {"g", game}});
}

// A request about a game or a seek that lives on another node goes there.
bool Hub::forward(ConnId c, Conn& conn, const Request& r, std::string_view text) {
  int64_t node = -1, game = 0;
  switch (r.type) {
    case RequestType::Accept: {
      if (!conn.player || seeks_.count(r.seek)) return false;
      const auto it = remote_seeks_.find(r.seek);
      if (it == remote_seeks_.end()) return false;
      if (playing(conn.player)) {
        error(c, r.type_name, "finish your game first", "playing");
        return true;
      }
      node = it->second->node;
      break;
    }
    case RequestType::Move:
    case RequestType::Resign:
    case RequestType::DrawOffer:
    case RequestType::DrawAccept:
    case RequestType::DrawDecline:
    case RequestType::Takeback:
    case RequestType::TakebackAccept:
    case RequestType::TakebackDecline:
      if (!conn.player) return false;
      [[fallthrough]];
    case RequestType::Watch:
    case RequestType::Unwatch: {
      game = r.game;
      if (rooms_.count(game)) return false;
      if (const auto it = remote_games_.find(game); it != remote_games_.end()) node = it->second->node;
      else if (const auto p = remote_playing_.find(conn.player); conn.player && p != remote_playing_.end() && p->second.first == game)
        node = p->second.second;
      if (node < 0) return false;  // no such game: answered here
      break;
    }
    default:
      return false;
  }
  if (node == 0) {  // its node died and another is taking the game over
    error(c, r.type_name, "game " + std::to_string(game) + " is moving to another server: try again in a moment", "wait", 2);
    return true;
  }
  if (r.type == RequestType::Watch) {
    if (conn.watching.size() >= 16 && !conn.watching.count(game)) {
      error(c, r.type_name, "watching 16 games already");
      return true;
    }
    conn.watching.insert(game);
  }
  if (r.type == RequestType::Unwatch) conn.watching.erase(game);
  conn.peers.insert(node);
  tell_node(node, "req",
            json{{"c", c},
                 {"p", conn.player},
                 {"name", conn.name},
                 {"guest", conn.guest},
                 {"rating", {conn.rating.rating, conn.rating.deviation, conn.rating.volatility}},
                 {"m", std::string(text)}});
  return true;
}

// Game g now lives on `node` (it took the game over): our players in it are
// seated there, our spectators watch it there.
void Hub::owner_changed(int64_t game, int64_t node, int64_t red, int64_t black, int64_t) {
  if (const auto it = rooms_.find(game); it != rooms_.end() && node != cluster_->node()) {
    // Taken from this node (its lease ran out while it lived): the other node has it now.
    for (const auto& seat : it->second->seat) playing_.erase(seat.player);
    for (ConnId s : it->second->spectators)
      if (const auto sc = conns_.find(s); sc != conns_.end() && !sc->second.node) sc->second.watching.insert(game);
    rooms_.erase(it);
  }
  for (int64_t player : {red, black}) {
    const auto o = online_.find(player);
    if (o == online_.end()) continue;
    Conn& conn = conns_.at(o->second);
    if (conn.node) continue;
    remote_playing_[player] = {game, node};
    conn.peers.insert(node);
    tell_node(node, "attach",
              json{{"c", o->second},
                   {"p", player},
                   {"name", conn.name},
                   {"guest", conn.guest},
                   {"rating", {conn.rating.rating, conn.rating.deviation, conn.rating.volatility}}});
  }
  for (auto& [c, conn] : conns_)
    if (!conn.node && conn.watching.count(game)) {
      conn.peers.insert(node);
      tell_node(node, "req", json{{"c", c}, {"p", 0}, {"m", json{{"type", "watch"}, {"game", game}}.dump()}});
    }
}

void Hub::nodes_dead(const std::vector<int64_t>& nodes, int64_t now) {
  if (!cluster_) return;
  for (int64_t node : nodes) {
    // Its players leave the lobby; its games wait for their new node (0: being taken over).
    for (auto& [id, g] : remote_games_)
      if (g->node == node) g->node = 0;
    forget_node(node);
    for (auto& [player, where] : remote_playing_)
      if (where.second == node) where.second = 0;
    // Its players in our games are away (the grace time runs).
    std::vector<ConnId> gone;
    for (const auto& [key, c] : remote_conns_)
      if (key.first == node) gone.push_back(c);
    for (ConnId c : gone) disconnected(c, now);
    for (auto& [c, conn] : conns_) conn.peers.erase(node);
  }
  // Its games: claimed in the database (a game goes to one node only) and carried on here.
  auto games = std::make_shared<std::vector<StoredGame>>();
  persist_({[games, nodes](Store& s) {
              *games = s.claim_games(nodes);
              return s.last_error().empty() || !games->empty();
            },
            [this, games](bool) { claimed(std::move(*games), now_()); }});
}

void Hub::claimed(std::vector<StoredGame> games, int64_t now) {
  for (const StoredGame& g : games) {
    remote_games_.erase(g.id);
    for (int64_t p : {g.red, g.black}) remote_playing_.erase(p);
  }
  restore(games, now);
  for (const StoredGame& g : games) {
    const auto it = rooms_.find(g.id);
    if (it == rooms_.end()) continue;
    announce_owner(*it->second);
    // Our own players in it (they came back here already) take their seats.
    for (int64_t p : {g.red, g.black})
      if (const auto o = online_.find(p); o != online_.end()) rejoin(o->second, p, now);
    for (auto& [c, conn] : conns_)
      if (!conn.node && conn.watching.count(g.id)) {
        it->second->spectators.insert(c);
        send_(c, state_json(*it->second, "spectator", now));
      }
  }
}

// Another node's message. Only the nodes write to the channel, but anyone
// with the database's rights can: a message of the wrong shape is dropped
// with a line in the log, and nothing here trusts a field's kind.
void Hub::from_cluster(const std::string& payload, int64_t now) {
  if (!cluster_) return;
  const json m = json::parse(payload, nullptr, false);
  if (!m.is_object()) return;
  try {
    cluster_message(m, now);
  } catch (const json::exception& e) {
    std::fprintf(stderr, "xiangqi-server: a message from another node that cannot be used (%s)\n", e.what());
  }
}

void Hub::cluster_message(const json& m, int64_t now) {
  const std::string k = m.value("k", "");
  const int64_t node = m.value("n", int64_t(0));
  if (!node || node == cluster_->node()) return;
  const ConnId far = m.value("c", ConnId(0));
  const int64_t player = m.value("p", int64_t(0));
  if (k == "hello") {
    tell_node(node, "snapshot", json::parse(snapshot()));
  } else if (k == "snapshot") {
    take_snapshot(node, m);
  } else if (k == "online") {
    auto rp = std::make_unique<RemotePlayer>();
    rp->node = node;
    rp->far = far;
    rp->name = m.value("name", "");
    rp->rating = m.value("rating", 0);
    rp->guest = m.value("guest", false);
    to_lobby(json{{"type", "player_online"}, {"name", rp->name}, {"rating", rp->rating}}.dump());
    remote_players_[player] = std::move(rp);
    // Logged in there: a connection of theirs here goes; their game here seats them there.
    if (const auto o = online_.find(player); o != online_.end() && !conns_.at(o->second).node)
      kick(o->second, conns_.at(o->second));
    if (const auto g = playing_.find(player); g != playing_.end() && g->second) remote_request(node, m, true, now);
  } else if (k == "offline") {
    if (const auto it = remote_players_.find(player); it != remote_players_.end() && it->second->node == node) {
      to_lobby(json{{"type", "player_offline"}, {"name", it->second->name}}.dump());
      remote_players_.erase(it);
    }
  } else if (k == "seek") {
    auto rs = std::make_unique<RemoteSeek>();
    rs->node = node;
    rs->player = player;
    rs->shown = m.value("shown", json::object());
    json added = rs->shown;
    added["type"] = "seek_added";
    to_lobby(added.dump());
    remote_seeks_[rs->shown.value("seek", int64_t(0))] = std::move(rs);
  } else if (k == "unseek") {
    const int64_t seek = m.value("seek", int64_t(0));
    if (remote_seeks_.erase(seek)) to_lobby(json{{"type", "seek_removed"}, {"seek", seek}}.dump());
  } else if (k == "game" || k == "owner") {
    const int64_t game = m.value("g", int64_t(0));
    auto rg = std::make_unique<RemoteGame>();
    rg->node = node;
    rg->red = m.value("red", int64_t(0));
    rg->black = m.value("black", int64_t(0));
    rg->shown = m.value("shown", json::object());
    remote_games_[game] = std::move(rg);
    if (k == "owner") owner_changed(game, node, m.value("red", int64_t(0)), m.value("black", int64_t(0)), now);
  } else if (k == "ended") {
    const int64_t game = m.value("g", int64_t(0));
    remote_games_.erase(game);
    for (auto& [c, conn] : conns_)
      if (!conn.node) conn.watching.erase(game);
  } else if (k == "req" || k == "attach") {
    remote_request(node, m, k == "attach", now);
  } else if (k == "gone") {
    if (const auto it = remote_conns_.find({node, far}); it != remote_conns_.end()) disconnected(it->second, now);
  } else if (k == "out") {
    // Relayed as the game's node wrote it, if it is what a client expects: an object with a type.
    const std::string text = m.value("m", "");
    const json j = json::parse(text, nullptr, false);
    if (far < kRemoteConn && conns_.count(far) && j.is_object() && j.contains("type") && j["type"].is_string())
      send_(far, text);
  } else if (k == "close") {
    if (far < kRemoteConn && conns_.count(far)) close_(far, m.value("why", ""));
  } else if (k == "seated") {
    remote_playing_[player] = {m.value("g", int64_t(0)), node};
  } else if (k == "unseated") {
    if (const auto it = remote_playing_.find(player); it != remote_playing_.end() && it->second.first == m.value("g", int64_t(0)))
      remote_playing_.erase(it);
    const json r = m.value("rating", json::array());
    if (const auto o = online_.find(player); o != online_.end() && r.is_array() && r.size() == 3 && r[0].is_number())
      conns_.at(o->second).rating = {r[0].get<double>(), r[1].get<double>(), r[2].get<double>()};
  }
}

}  // namespace xq::server
