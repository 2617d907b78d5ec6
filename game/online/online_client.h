// A WebSocket connection to a game server (xiangqi-server) on a thread of its
// own: the frame thread hands it text to send and picks up what happened
// (connected, a message, closed and why) each frame, and never waits for the
// network — resolving, connecting and every read and write run on that thread.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace xq {

struct OnlineEvent {
  enum Kind { Connected, Message, Closed } kind = Closed;
  std::string text;  // the message, or why the connection closed
};

class OnlineClient {
 public:
  OnlineClient();
  ~OnlineClient();  // closes and joins the thread
  OnlineClient(const OnlineClient&) = delete;
  OnlineClient& operator=(const OnlineClient&) = delete;

  // Drops any connection and connects to host:port (a name or an address);
  // over TLS (wss://) the server's certificate must be signed by a CA the
  // system trusts or by one in `ca_file` (PEM), and name this host.
  void connect(const std::string& host, uint16_t port, bool tls = false, const std::string& ca_file = "");
  void send(std::string text);  // dropped when not connected
  void close();
  // What happened since the last call, in order.
  std::vector<OnlineEvent> poll();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// This machine's IPv4 addresses other than loopback ("192.168.1.5"), for a friend on the LAN.
std::vector<std::string> local_addresses();

struct ServerAddress {
  std::string host;
  uint16_t port = 0;
  bool tls = false;  // wss://
};

// "host:port" (port 1-65535; "[::1]:7800" for IPv6), "ws://host:port", or
// "wss://host:port" for TLS ("wss://host" is port 443); false when malformed.
bool parse_server_address(const std::string& text, ServerAddress& address);
// Several addresses, separated by commas or spaces ("a.example.org:7800, b.example.org:7800"):
// the nodes of one cluster, tried in turn when one cannot be reached. False if any is not an address.
bool parse_server_addresses(const std::string& text, std::vector<ServerAddress>& addresses);

}  // namespace xq
