#include "websocket_server.h"

#include <utility>  // before Asio: Boost 1.74 uses std::exchange without it under C++20

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <map>

namespace xq::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// A connection that reads this far behind is dropped rather than buffered for.
constexpr size_t kMaxQueued = 4096;

}  // namespace

struct WebSocketServer::Impl {
  struct Session : std::enable_shared_from_this<Session> {
    Session(Impl& server, tcp::socket socket, ConnId id) : server(server), ws(std::move(socket)), id(id) {}
    Impl& server;
    websocket::stream<beast::tcp_stream> ws;
    beast::flat_buffer buffer;
    std::deque<std::string> queue;
    ConnId id;
    bool open = false, closing = false;

    void start() {
      ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
      ws.read_message_max(kMaxMessageBytes);
      ws.async_accept([self = shared_from_this()](beast::error_code ec) { self->accepted(ec); });
    }
    void accepted(beast::error_code ec) {
      if (ec) return server.gone(id);
      open = true;
      server.hub.connected(id, now_ms());
      read();
    }
    void read() {
      ws.async_read(buffer, [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
    }
    void on_read(beast::error_code ec) {
      // An oversized frame fails the read and Beast closes with 1009 ("too big").
      if (ec) return server.gone(id);
      const int64_t at = now_ms();
      if (!ws.got_text()) {
        send(R"({"type":"error","about":"","message":"text messages (JSON) only"})");
      } else {
        const auto data = buffer.cdata();
        server.hub.message(id, std::string_view(static_cast<const char*>(data.data()), data.size()), at);
      }
      buffer.consume(buffer.size());
      if (!closing) read();
    }
    void send(std::string text) {
      if (!open || closing) return;
      if (queue.size() >= kMaxQueued) return close("too slow: messages piled up");
      queue.push_back(std::move(text));
      if (queue.size() == 1) write();
    }
    void write() {
      ws.text(true);
      ws.async_write(asio::buffer(queue.front()),
                     [self = shared_from_this()](beast::error_code ec, size_t) { self->written(ec); });
    }
    void written(beast::error_code ec) {
      if (ec) return;  // the read side sees the failure and reports the connection gone
      queue.pop_front();
      if (!queue.empty()) write();
      else if (closing) shut();
    }
    void close(const std::string& why) {
      if (closing) return;
      closing = true;
      reason = why;
      if (queue.empty()) shut();
    }
    void shut() {
      ws.async_close(websocket::close_reason(websocket::close_code::policy_error, reason),
                     [self = shared_from_this()](beast::error_code) {});
    }
    std::string reason;
  };

  Impl(Store& store, HubOptions options)
      : store(store),
        hub(
            store, options, [this](ConnId c, std::string text) { deliver(c, std::move(text)); },
            [this](ConnId c, std::string why) {
              if (const auto it = sessions.find(c); it != sessions.end()) it->second->close(why);
            },
            [this](std::function<std::string()> work, std::function<void(std::string, int64_t)> done) {
              asio::post(hashing, [this, work = std::move(work), done = std::move(done)]() mutable {
                std::string answer = work();
                asio::post(ioc, [answer = std::move(answer), done = std::move(done)]() { done(answer, now_ms()); });
              });
            }),
        acceptor(ioc),
        timer(ioc),
        signals(ioc, SIGINT, SIGTERM) {}

  void deliver(ConnId c, std::string text) {
    if (const auto it = sessions.find(c); it != sessions.end()) it->second->send(std::move(text));
  }
  void gone(ConnId c) {
    const auto it = sessions.find(c);
    if (it == sessions.end()) return;
    if (it->second->open) hub.disconnected(c, now_ms());
    it->second->open = false;
    sessions.erase(it);
  }
  void accept() {
    acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
      if (ec == asio::error::operation_aborted) return;
      if (!ec) {
        socket.set_option(tcp::no_delay(true));
        const ConnId id = next_id++;
        auto s = std::make_shared<Session>(*this, std::move(socket), id);
        sessions[id] = s;
        s->start();
      }
      accept();
    });
  }
  void tick() {
    timer.expires_after(std::chrono::milliseconds(50));
    timer.async_wait([this](beast::error_code ec) {
      if (ec) return;
      hub.tick(now_ms());
      tick();
    });
  }

  Store& store;
  Hub hub;
  asio::io_context ioc{1};
  asio::thread_pool hashing{1};
  tcp::acceptor acceptor;
  asio::steady_timer timer;
  asio::signal_set signals;
  std::map<ConnId, std::shared_ptr<Session>> sessions;
  ConnId next_id = 1;
};

WebSocketServer::WebSocketServer(Store& store, HubOptions hub_options)
    : impl_(std::make_unique<Impl>(store, hub_options)) {}

WebSocketServer::~WebSocketServer() {
  impl_->hashing.join();
}

bool WebSocketServer::listen(const ListenOptions& options, std::string& error) {
  beast::error_code ec;
  const auto address = asio::ip::make_address(options.address, ec);
  if (ec) {
    error = "'" + options.address + "' is not an IP address";
    return false;
  }
  const tcp::endpoint at(address, options.port);
  auto& a = impl_->acceptor;
  if (a.open(at.protocol(), ec), ec) {
    error = "cannot open a socket: " + ec.message();
    return false;
  }
  a.set_option(asio::socket_base::reuse_address(true), ec);
  if (a.bind(at, ec), ec) {
    error = "cannot listen on " + options.address + ":" + std::to_string(options.port) + ": " + ec.message();
    return false;
  }
  if (a.listen(asio::socket_base::max_listen_connections, ec), ec) {
    error = "cannot listen: " + ec.message();
    return false;
  }
  return true;
}

uint16_t WebSocketServer::port() const { return impl_->acceptor.local_endpoint().port(); }

void WebSocketServer::run() {
  Impl& s = *impl_;
  s.hub.restore(now_ms());
  s.signals.async_wait([&s](beast::error_code ec, int) {
    if (!ec) s.ioc.stop();
  });
  s.accept();
  s.tick();
  s.ioc.run();
}

void WebSocketServer::stop() { impl_->ioc.stop(); }

}  // namespace xq::server
