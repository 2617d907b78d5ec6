// What the server knows and decides, without sockets: players and their
// connections, the lobby's seeks, the games in progress (each judged by the
// engine library's rules, with the server's clocks), reconnection, ratings
// and the archive. The network layer hands it each message with the time it
// arrived and sends what it says; everything runs on one thread.
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
#include "protocol.h"
#include "store.h"

namespace xq::server {

using ConnId = uint64_t;

struct HubOptions {
  int grace_ms = 60000;       // how long a dropped player's game waits for them
  double messages_per_second = 20;  // the rate limit a connection may keep up
  double message_burst = 60;        // and how far above it a burst may go
};

class Hub {
 public:
  using Send = std::function<void(ConnId, std::string)>;
  using Close = std::function<void(ConnId, std::string)>;
  // Password hashing takes a tenth of a second and 64 MiB: the hub hands it
  // to `work` (run elsewhere), and `done` is called back on the hub's thread
  // with its answer and the time then.
  using Offload =
      std::function<void(std::function<std::string()> work, std::function<void(std::string, int64_t)> done)>;

  Hub(Store& store, HubOptions options, Send send, Close close, Offload offload);
  ~Hub();

  // Carries on the games the store holds in progress (after a restart): their
  // clocks wait until the side to move is back; each player has the grace time.
  void restore(int64_t now_ms);

  void connected(ConnId c, int64_t now_ms);
  void disconnected(ConnId c, int64_t now_ms);
  void message(ConnId c, std::string_view text, int64_t now_ms);
  // Flags and abandoned games; call often (the network layer does every 50 ms).
  void tick(int64_t now_ms);

  size_t connection_count() const { return conns_.size(); }
  size_t game_count() const { return rooms_.size(); }

 private:
  struct Conn;
  struct Seek;
  struct Room;

  void handle(ConnId c, Conn& conn, const Request& r, int64_t now);
  void start_auth(ConnId c, Conn& conn, const Request& r);
  void attach(ConnId c, const PlayerRow& p, int64_t now);
  void detach(ConnId c, Conn& conn, int64_t now);
  void seek(ConnId c, Conn& conn, const Request& r);
  void accept(ConnId c, Conn& conn, const Request& r, int64_t now);
  void move(ConnId c, Conn& conn, const Request& r, int64_t now);
  void offer(ConnId c, Conn& conn, const Request& r, int64_t now);
  Room* seated_room(ConnId c, const Conn& conn, int64_t game, int& color);
  void finish(Room& room, const std::string& reason, int64_t now);
  void drop_seeks(int64_t player);
  std::string state_json(const Room& room, const std::string& you, int64_t now) const;
  void to_room(const Room& room, const std::string& text);
  void error(ConnId c, const std::string& about, const std::string& message);

  Store& store_;
  HubOptions options_;
  Send send_;
  Close close_;
  Offload offload_;
  std::map<ConnId, Conn> conns_;
  std::map<int64_t, ConnId> online_;               // player id -> connection
  std::map<int64_t, Seek> seeks_;
  std::map<int64_t, std::unique_ptr<Room>> rooms_;  // games in progress by id
  std::map<int64_t, int64_t> playing_;             // player id -> game id
  std::set<ConnId> lobby_;                         // connections that follow the lobby
  int64_t next_seek_ = 1;
  uint64_t colour_toss_ = 0;
};

}  // namespace xq::server
