// What the server knows and decides, without sockets: players and their
// connections, the lobby's seeks, the games in progress (each judged by the
// engine library's rules, with the server's clocks), reconnection, ratings
// and the archive. The network layer hands it each message with the time it
// arrived and sends what it says; everything here runs on one thread.
//
// The hub never waits for the database: every read and write is a task
// handed to the database thread (Persist), and what depends on it happens
// when the answer comes back. A move is relayed only once it is stored; a
// move whose write failed is refused to the mover, and the game waits for it.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "clock.h"
#include "game.h"
#include "login_guard.h"
#include "protocol.h"
#include "store.h"
#include "store_thread.h"

#include <nlohmann/json_fwd.hpp>

namespace xq::server {

using ConnId = uint64_t;

struct HubOptions {
  int grace_ms = 60000;             // how long a dropped player's game waits for them
  double messages_per_second = 20;  // the rate limit a connection may keep up
  double message_burst = 60;        // and how far above it a burst may go
  int64_t token_lifetime_s = 30 * 86400;  // a resume token lasts this long after its last use
  int login_deadline_ms = 120000;   // a connection that neither logs in nor watches is closed then
  double guest_burst = 20;          // guests one address may make at once (0: no limit)
  double guest_refill_s = 30;       // and then one more this often
  double register_burst = 5;        // accounts one address may register at once (0: no limit)
  double register_refill_s = 60;
  int max_pending_reads = 4;        // a connection's reads (history, PGN) waiting for the database
  LoginLimits login;
};

// The other server nodes on the same PostgreSQL database, as the hub sees
// them (cluster_bus.h carries the messages). A game lives on one node, the
// one that started or took it over: its clocks and verdicts are decided
// there. A player on another node plays it through that node: their
// requests are forwarded to it, its answers come back (hub_cluster.cpp).
class ClusterLink {
 public:
  virtual ~ClusterLink() = default;
  virtual int64_t node() const = 0;
  virtual void to_node(int64_t node, const std::string& payload) = 0;
  virtual void to_all(const std::string& payload) = 0;
};

class Hub {
 public:
  using Send = std::function<void(ConnId, std::string)>;
  using Close = std::function<void(ConnId, std::string)>;
  // Password hashing takes a fifth of a second and 64 MiB: the hub hands it to
  // `work` (run elsewhere; `high` puts it before logins from suspect
  // addresses), and `done` is called back on the hub's thread with its answer.
  // False: the queue is full, nothing was taken.
  using Offload = std::function<bool(bool high, std::function<std::string()> work, std::function<void(std::string)> done)>;
  using Now = std::function<int64_t()>;  // the hub's clock (ms), for answers that come back later

  Hub(HubOptions options, Send send, Close close, Offload offload, Persist persist, Now now);
  ~Hub();

  // Carries on the games the store held in progress (after a restart): their
  // clocks wait until the side to move is back; each player has the grace time.
  void restore(const std::vector<StoredGame>& games, int64_t now_ms);

  void connected(ConnId c, const std::string& address, int64_t now_ms);
  void disconnected(ConnId c, int64_t now_ms);
  void message(ConnId c, std::string_view text, int64_t now_ms);
  // Flags, abandoned games, archive retries, idle connections; call often (every 50 ms).
  void tick(int64_t now_ms);

  // Several nodes: messages from the others, nodes found dead (their games
  // are claimed in the database and carried on here), and the channel back
  // after a gap (the lobbies are exchanged again).
  void join_cluster(ClusterLink* link, int64_t now_ms);
  void from_cluster(const std::string& payload, int64_t now_ms);
  void nodes_dead(const std::vector<int64_t>& nodes, int64_t now_ms);
  void cluster_reconnected(int64_t now_ms);

  size_t connection_count() const { return conns_.size(); }
  size_t game_count() const { return rooms_.size(); }
  size_t online_count() const { return online_.size(); }

 private:
  struct Conn;
  struct Seek;
  struct Room;
  struct Finish;
  struct RemotePlayer;
  struct RemoteSeek;
  struct RemoteGame;

  void handle(ConnId c, Conn& conn, const Request& r, int64_t now);
  void guest(ConnId c, Conn& conn, const Request& r, int64_t now);
  void resume(ConnId c, Conn& conn, const Request& r);
  void register_account(ConnId c, Conn& conn, const Request& r, int64_t now);
  void login(ConnId c, Conn& conn, const Request& r, int64_t now);
  void login_failed(ConnId c, const std::string& name, const std::string& about);
  bool hash_later(ConnId c, Conn& conn, bool high, const std::string& about, std::function<std::string()> work,
                  std::function<void(std::string)> done);
  void logged_in(ConnId c, const PlayerRow& p, const std::string& token);
  void logout(ConnId c, Conn& conn, const Request& r);
  void detach(ConnId c, Conn& conn, int64_t now);
  void lobby(ConnId c);
  void seek(ConnId c, Conn& conn, const Request& r);
  void accept(ConnId c, Conn& conn, const Request& r, int64_t now);
  void move(ConnId c, Conn& conn, const Request& r, int64_t now);
  void offer(ConnId c, Conn& conn, const Request& r, int64_t now);
  void read_archive(ConnId c, Conn& conn, const Request& r);
  Room* seated_room(ConnId c, const Conn& conn, int64_t game, int& color, const std::string& about);
  void finish(Room& room, const std::string& reason, int64_t now);
  void archive(int64_t game);
  void drop_seeks(int64_t player);
  std::string state_json(const Room& room, const std::string& you, int64_t now) const;
  void to_room(const Room& room, const std::string& text);
  void to_lobby(const std::string& text, ConnId except = 0);
  void rejoin(ConnId c, int64_t player, int64_t now);
  bool wait_for_save(ConnId c, const Request& r);
  void saved(int64_t game);
  bool playing(int64_t player) const;
  bool forward(ConnId c, Conn& conn, const Request& r, std::string_view text);
  ConnId remote_conn(int64_t node, ConnId far);
  void remote_request(int64_t node, const nlohmann::json& m, bool attach_only, int64_t now);
  void tell_node(int64_t node, const std::string& kind, const nlohmann::json& fields);
  void tell_all(const std::string& kind, const nlohmann::json& fields);
  std::string snapshot() const;
  void take_snapshot(int64_t node, const nlohmann::json& m);
  void forget_node(int64_t node);
  void kick(ConnId c, Conn& conn);
  void owner_changed(int64_t game, int64_t node, int64_t red, int64_t black, int64_t now);
  void claimed(std::vector<StoredGame> games, int64_t now);
  void announce_owner(const Room& room);
  void cluster_message(const nlohmann::json& m, int64_t now);
  void seated(ConnId c, int64_t player, int64_t game);
  void error(ConnId c, const std::string& about, const std::string& message, const std::string& code = "",
             int seconds = -1);

  HubOptions options_;
  Send send_;
  Close close_;
  Offload offload_;
  Persist persist_;
  Now now_;
  LoginGuard guard_;
  AddressRate guests_, registrations_;
  std::map<ConnId, Conn> conns_;
  std::map<int64_t, ConnId> online_;               // player id -> connection
  std::map<int64_t, Seek> seeks_;
  std::map<int64_t, std::unique_ptr<Room>> rooms_;  // games in progress by id
  std::map<int64_t, int64_t> playing_;             // player id -> game id (0 while the game is being stored)
  std::set<ConnId> lobby_;                         // logged-in connections that follow the lobby
  // Several nodes (cluster_ set): what the others hold, as they announced it.
  ClusterLink* cluster_ = nullptr;
  std::map<int64_t, std::unique_ptr<RemotePlayer>> remote_players_;  // player id ->
  std::map<int64_t, std::unique_ptr<RemoteSeek>> remote_seeks_;      // seek id ->
  std::map<int64_t, std::unique_ptr<RemoteGame>> remote_games_;      // game id -> (node 0: being taken over)
  std::map<int64_t, std::pair<int64_t, int64_t>> remote_playing_;   // our player -> (game, node) elsewhere
  std::map<std::pair<int64_t, ConnId>, ConnId> remote_conns_;       // (node, its connection) -> ours
  ConnId next_remote_ = 0;
  int64_t next_seek_ = 1;
  uint64_t colour_toss_ = 0;
  int64_t last_sweep_ms_ = 0;
};

}  // namespace xq::server
