// The network side of the server: Boost.Beast connections (plain, or TLS
// when given a certificate), each an HTTP request first: a WebSocket upgrade
// (the game) or a GET of the browser client's files (web_files.h), on one Asio thread, each message handed to
// the Hub with the time it arrived, the Hub's answers queued per connection;
// the database on a thread of its own (store_thread.h), password hashing on
// another (hash_worker.h); a 50 ms timer for flags and abandoned games.
//
// What a client can make the server hold is bounded: connections in all and
// per address, the bytes queued for a connection that does not read (past
// the bound, or a write stuck for write_timeout_ms, it is dropped and freed),
// the logins waiting to be hashed, and (in the hub) messages a second,
// guests and accounts per address, reads waiting per connection.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "cluster_bus.h"
#include "hub.h"
#include "store.h"
#include "store_thread.h"
#include "web_files.h"

namespace xq::server {

struct ListenOptions {
  std::string address = "0.0.0.0";
  uint16_t port = 7800;  // 0: any free port (port() tells which)
  // Both set: every connection is TLS (wss://) with this PEM certificate chain and key.
  std::string cert_file, key_file;
};

struct NetworkLimits {
  size_t max_connections = 4000;            // in all (the descriptor limit is raised to fit)
  size_t max_per_address = 200;             // from one IP address (a club behind one router fits)
  size_t max_queued_bytes = 1 << 20;        // answers waiting for a client that does not read
  int write_timeout_ms = 20000;             // a write that has not gone out by then drops the client
  size_t login_queue = 8;                   // logins waiting to be hashed, each of the two places
};

struct ServerOptions {
  HubOptions hub;
  DatabaseOptions database;
  NetworkLimits network;
  // The browser client's files, served over HTTP(S) on the same port; a
  // WebSocket upgrade on any path goes to the hub. Null: no page (404).
  std::shared_ptr<const WebFiles> web;
};

// What the server holds now (for the soak test and the status line).
struct ServerStatus {
  size_t connections = 0, players_online = 0, games = 0, queued_bytes = 0, logins_waiting = 0;
  DatabaseStats database;
};

class WebSocketServer {
 public:
  WebSocketServer(Store& store, ServerOptions options);
  WebSocketServer(Store& store, HubOptions hub_options) : WebSocketServer(store, ServerOptions{hub_options, {}, {}, {}}) {}
  ~WebSocketServer();
  // Binds and listens; false with a message (address in use, bad address,
  // a certificate or key that cannot be read or do not match).
  bool listen(const ListenOptions& options, std::string& error);
  uint16_t port() const;
  bool tls() const;  // listening for wss://
  // Carries on the stored games in progress, then serves until stop() or SIGINT/SIGTERM.
  void run();
  void stop();  // from any thread
  // Several nodes on one PostgreSQL database (the same as the store's): this
  // server becomes node `options.name` (cluster_bus.h). Before run(); false
  // with a message.
  bool join_cluster(const BusOptions& options, std::string& error);
  // Runs f on the database thread and waits (tests; start-up).
  void with_store(const std::function<void(Store&)>& f);
  ServerStatus status();  // from any thread: asks the server's thread and waits (while it runs)

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace xq::server
