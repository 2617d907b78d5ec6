// A plain blocking WebSocket client for the server tests: real sockets on
// 127.0.0.1; each read waits at most a time-out, so a missing answer fails
// the test rather than hanging it. expect() reads until a message of the wanted type comes.
#pragma once
#include <utility>  // before Asio (Boost 1.74 under C++20)
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace xq::test {

class WsClient {
 public:
  using json = nlohmann::json;

  explicit WsClient(int timeout_ms = 5000) : ws_(ioc_), timeout_ms_(timeout_ms) {}
  ~WsClient() { drop(); }

  // `from`: the local address to connect from (127.0.0.2 ... are loopback
  // addresses too: a second "address" for the per-address limits).
  bool connect(uint16_t port, const std::string& from = "", int receive_buffer = 0, const std::string& path = "/") {
    boost::beast::error_code ec;
    auto& socket = ws_.next_layer();
    if (!from.empty() || receive_buffer) {
      socket.open(boost::asio::ip::tcp::v4(), ec);
      if (receive_buffer) socket.set_option(boost::asio::socket_base::receive_buffer_size(receive_buffer), ec);
      if (!from.empty()) socket.bind({boost::asio::ip::make_address(from), 0}, ec);
      if (ec) return false;
    }
    socket.connect({boost::asio::ip::make_address("127.0.0.1"), port}, ec);
    if (ec) return false;
    ws_.handshake("127.0.0.1", path, ec);
    return !ec;
  }
  void send(const std::string& text) {
    boost::beast::error_code ec;
    ws_.text(true);
    ws_.write(boost::asio::buffer(text), ec);
  }
  void send(const json& j) { send(j.dump()); }
  // The next message, or nullopt when none came in time or the connection closed.
  std::optional<json> read() {
    boost::beast::flat_buffer buffer;
    boost::beast::error_code ec = boost::asio::error::timed_out;
    bool done = false;
    ws_.async_read(buffer, [&](boost::beast::error_code e, size_t) {
      ec = e;
      done = true;
    });
    ioc_.restart();
    ioc_.run_for(std::chrono::milliseconds(timeout_ms_));
    if (!done) {  // nothing came in time: give up on this connection
      boost::beast::error_code ignored;
      ws_.next_layer().cancel(ignored);
      ioc_.restart();
      ioc_.run();
      ec = boost::asio::error::timed_out;
    }
    if (ec) {
      last_error = ec;
      return std::nullopt;
    }
    const json j = json::parse(boost::beast::buffers_to_string(buffer.data()), nullptr, false);
    seen.push_back(j);
    return j;
  }
  // Reads until a message of this type; when none comes, an object that
  // says so ({"missing": type}), so a test's checks fail with it in view.
  json expect(const std::string& type) {
    for (int i = 0; i < 10000; ++i) {
      const auto j = read();
      if (!j) break;
      if (j->is_object() && j->value("type", "") == type) return *j;
    }
    return json{{"missing", type}};
  }
  // Drops the connection without a closing handshake, as a lost network would.
  void drop() {
    boost::beast::error_code ec;
    ws_.next_layer().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
    ws_.next_layer().close(ec);
  }
  boost::beast::websocket::close_reason close_reason() const { return ws_.reason(); }

  std::vector<json> seen;
  boost::beast::error_code last_error;

 private:
  boost::asio::io_context ioc_;
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_;
  int timeout_ms_;
};

}  // namespace xq::test
