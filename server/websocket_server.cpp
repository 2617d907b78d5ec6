#include "websocket_server.h"

#include <utility>  // before Asio: Boost 1.74 uses std::exchange without it under C++20

#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <chrono>
#include <deque>
#include <map>
#include <type_traits>

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

// What the server holds of a connection, plain or TLS alike.
struct SessionBase {
  virtual ~SessionBase() = default;
  virtual void send(std::string text) = 0;
  virtual void close(const std::string& why) = 0;
  bool open = false;  // the WebSocket handshake is done and the Hub knows it
};

struct WebSocketServer::Impl {
  // One connection; Stream is beast::tcp_stream, or an ssl_stream over one for wss://.
  template <class Stream>
  struct Session : SessionBase, std::enable_shared_from_this<Session<Stream>> {
    template <class... Args>
    Session(Impl& server, ConnId id, Args&&... args) : server(server), ws(std::forward<Args>(args)...), id(id) {}
    Impl& server;
    websocket::stream<Stream> ws;
    beast::flat_buffer buffer;
    std::deque<std::string> queue;
    ConnId id;
    bool closing = false;
    std::string reason;

    void start() {
      if constexpr (std::is_same_v<Stream, beast::tcp_stream>) {
        upgrade();
      } else {
        // A client that never finishes the TLS handshake is dropped after 30 s.
        beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(30));
        ws.next_layer().async_handshake(asio::ssl::stream_base::server,
                                        [self = this->shared_from_this()](beast::error_code ec) {
                                          if (ec) return self->server.gone(self->id);
                                          beast::get_lowest_layer(self->ws).expires_never();
                                          self->upgrade();
                                        });
      }
    }
    void upgrade() {
      ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
      ws.read_message_max(kMaxMessageBytes);
      ws.async_accept([self = this->shared_from_this()](beast::error_code ec) { self->accepted(ec); });
    }
    void accepted(beast::error_code ec) {
      if (ec) return server.gone(id);
      open = true;
      server.hub.connected(id, now_ms());
      read();
    }
    void read() {
      ws.async_read(buffer, [self = this->shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
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
    void send(std::string text) override {
      if (!open || closing) return;
      if (queue.size() >= kMaxQueued) return close("too slow: messages piled up");
      queue.push_back(std::move(text));
      if (queue.size() == 1) write();
    }
    void write() {
      ws.text(true);
      ws.async_write(asio::buffer(queue.front()),
                     [self = this->shared_from_this()](beast::error_code ec, size_t) { self->written(ec); });
    }
    void written(beast::error_code ec) {
      if (ec) return;  // the read side sees the failure and reports the connection gone
      queue.pop_front();
      if (!queue.empty()) write();
      else if (closing) shut();
    }
    void close(const std::string& why) override {
      if (closing) return;
      closing = true;
      reason = why;
      if (queue.empty()) shut();
    }
    void shut() {
      ws.async_close(websocket::close_reason(websocket::close_code::policy_error, reason),
                     [self = this->shared_from_this()](beast::error_code) {});
    }
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
        if (tls) {
          auto s = std::make_shared<Session<beast::ssl_stream<beast::tcp_stream>>>(*this, id, std::move(socket), *tls);
          sessions[id] = s;
          s->start();
        } else {
          auto s = std::make_shared<Session<beast::tcp_stream>>(*this, id, std::move(socket));
          sessions[id] = s;
          s->start();
        }
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
  std::map<ConnId, std::shared_ptr<SessionBase>> sessions;
  std::unique_ptr<asio::ssl::context> tls;  // set: connections are wss://
  ConnId next_id = 1;
};

WebSocketServer::WebSocketServer(Store& store, HubOptions hub_options)
    : impl_(std::make_unique<Impl>(store, hub_options)) {}

WebSocketServer::~WebSocketServer() {
  impl_->hashing.join();
}

bool WebSocketServer::listen(const ListenOptions& options, std::string& error) {
  beast::error_code ec;
  if (options.cert_file.empty() != options.key_file.empty()) {
    error = "TLS needs both a certificate (--cert) and its key (--key)";
    return false;
  }
  if (!options.cert_file.empty()) {
    auto tls = std::make_unique<asio::ssl::context>(asio::ssl::context::tls_server);
    tls->set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2 |
                     asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 | asio::ssl::context::no_tlsv1_1);
    if (tls->use_certificate_chain_file(options.cert_file, ec), ec) {
      error = "cannot use '" + options.cert_file + "' as a certificate (PEM): " + ec.message();
      return false;
    }
    if (tls->use_private_key_file(options.key_file, asio::ssl::context::pem, ec), ec) {
      error = ERR_GET_REASON(ec.value()) == X509_R_KEY_VALUES_MISMATCH
                  ? "the key '" + options.key_file + "' does not belong to the certificate '" + options.cert_file + "'"
                  : "cannot use '" + options.key_file + "' as the certificate's key (PEM): " + ec.message();
      return false;
    }
    if (SSL_CTX_check_private_key(tls->native_handle()) != 1) {
      error = "the key '" + options.key_file + "' does not belong to the certificate '" + options.cert_file + "'";
      return false;
    }
    impl_->tls = std::move(tls);
  }
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

bool WebSocketServer::tls() const { return impl_->tls != nullptr; }

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
