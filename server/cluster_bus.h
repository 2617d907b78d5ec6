// How several xiangqi-server nodes on one PostgreSQL database hear of each
// other: PostgreSQL's own LISTEN/NOTIFY, on a connection and a thread of
// their own (the database thread's writes never wait for it). No protocol
// of ours between the machines: every node talks to the database only.
//
// At open the node takes its row in xq_nodes (by name; a session advisory
// lock keeps a second process of the same name out) and then renews its
// lease every second; a node whose lease has run out is dead, and the nodes
// that remain are told once (their hubs take its games over). Messages go to
// one node (channel xq_node_<id>) or to all (xq_all), in the order sent;
// those over NOTIFY's 8,000 bytes go in parts and are put together again.
// A lost connection is opened again every second; what was queued meanwhile
// is sent then, and the hub is told (`reconnected`) to exchange its lobby
// with the others again, since notifications of the gap are gone.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

struct pg_conn;

namespace xq::server {

struct BusOptions {
  std::string uri;   // the same database as --db
  std::string name;  // the node's name (--node), unique among the nodes
  int lease_ms = 5000;  // a node silent this long is taken for dead
  int beat_ms = 1000;   // how often the lease is renewed
  int name_wait_ms = 10000;  // how long to wait for the name (a killed node's session ending) before refusing
  size_t max_queued = 100000;  // messages waiting while the database is away (the oldest go first)
};

struct BusStats {
  int64_t sent = 0, received = 0, parts = 0, dropped = 0, reconnects = 0;
};

class ClusterBus {
 public:
  using Deliver = std::function<void(std::string payload)>;              // on the bus thread
  using NodesDead = std::function<void(std::vector<int64_t> nodes)>;    // on the bus thread
  using Reconnected = std::function<void()>;                            // on the bus thread

  ClusterBus() = default;
  ~ClusterBus();
  ClusterBus(const ClusterBus&) = delete;
  ClusterBus& operator=(const ClusterBus&) = delete;

  // Connects, takes this node's row and listens; false with a message (cannot
  // connect, another running node has this name).
  bool open(const BusOptions& options, std::string& error);
  int64_t node() const { return node_; }
  void start(Deliver deliver, NodesDead dead, Reconnected reconnected);
  void stop();

  void to_node(int64_t node, const std::string& payload);
  void to_all(const std::string& payload);
  BusStats stats() const;

 private:
  void loop();
  bool connect_session(std::string& error);
  bool beat();
  void flush();
  void receive();
  void queue(const std::string& channel, const std::string& payload);

  BusOptions options_;
  pg_conn* db_ = nullptr;
  int64_t node_ = 0;
  int wake_fd_ = -1;
  Deliver deliver_;
  NodesDead dead_;
  Reconnected reconnected_;
  mutable std::mutex mutex_;
  std::deque<std::pair<std::string, std::string>> out_;  // channel, payload
  std::atomic<bool> stopping_{false};
  std::thread thread_;
  BusStats stats_;
  uint64_t seq_ = 0;       // messages sent in parts (under mutex_)
  uint64_t numbered_ = 0;  // payloads numbered apart (the bus thread's)
  std::set<int64_t> dead_seen_;
  std::map<std::pair<int64_t, uint64_t>, std::string> partial_;  // (node, message) -> parts so far
};

}  // namespace xq::server
