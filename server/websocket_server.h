// The network side of the server: Boost.Beast WebSocket connections (plain,
// or TLS when given a certificate) on one Asio thread, each message handed to
// the Hub with the time it arrived, the Hub's answers queued per connection;
// password hashing on a worker thread; a 50 ms timer for flags and abandoned games.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "hub.h"
#include "store.h"

namespace xq::server {

struct ListenOptions {
  std::string address = "0.0.0.0";
  uint16_t port = 7800;  // 0: any free port (port() tells which)
  // Both set: every connection is TLS (wss://) with this PEM certificate chain and key.
  std::string cert_file, key_file;
};

class WebSocketServer {
 public:
  WebSocketServer(Store& store, HubOptions hub_options);
  ~WebSocketServer();
  // Binds and listens; false with a message (address in use, bad address,
  // a certificate or key that cannot be read or do not match).
  bool listen(const ListenOptions& options, std::string& error);
  uint16_t port() const;
  bool tls() const;  // listening for wss://
  // Carries on the stored games in progress, then serves until stop() or SIGINT/SIGTERM.
  void run();
  void stop();  // from any thread

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace xq::server
