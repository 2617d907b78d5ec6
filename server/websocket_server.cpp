#include "websocket_server.h"

#include <utility>  // before Asio: Boost 1.74 uses std::exchange without it under C++20

#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <deque>
#include <future>
#include <map>
#include <optional>
#include <type_traits>

#include "hash_worker.h"

namespace xq::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

// What the server holds of a connection, plain or TLS alike.
struct SessionBase {
  virtual ~SessionBase() = default;
  virtual void send(std::string text) = 0;
  virtual void close(const std::string& why) = 0;
  virtual void kill() = 0;  // closes the socket at once: every pending operation ends
  bool open = false;        // the WebSocket handshake is done and the Hub knows it
  std::string address;
  size_t queued_bytes = 0;
  int64_t write_since_ms = -1;  // when the write in progress began (-1: none)
  int64_t closing_since_ms = -1;
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
    // Before the upgrade: the HTTP request being read, the answer being sent
    // (its body points into the server's WebFiles), how many were answered.
    std::optional<http::request_parser<http::empty_body>> request;
    std::optional<http::response<http::span_body<const char>>> response;
    int answered = 0;

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
    // Every connection starts with an HTTP request: a WebSocket upgrade (on
    // any path: the desktop client's, or the page's /ws) goes to the hub; a
    // GET is answered from the web client's files, and the connection waits
    // for the next request (at most 100, 15 s idle, 30 s for one request).
    void upgrade() {
      request.emplace();
      request->header_limit(8 * 1024);
      beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(answered ? 15 : 30));
      http::async_read(ws.next_layer(), buffer, *request,
                       [self = this->shared_from_this()](beast::error_code ec, size_t) { self->on_request(ec); });
    }
    void on_request(beast::error_code ec) {
      if (ec || closing) {
        kill();
        return server.gone(id);
      }
      http::request<http::empty_body> req = request->release();
      request.reset();
      if (websocket::is_upgrade(req)) {
        beast::get_lowest_layer(ws).expires_never();
        ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws.read_message_max(kMaxMessageBytes);
        ws.async_accept(req, [self = this->shared_from_this()](beast::error_code ec) { self->accepted(ec); });
        return;
      }
      WebRequest wr{std::string(req.method_string()), std::string(req.target()),
                    std::string(req[http::field::accept_encoding]), std::string(req[http::field::if_none_match])};
      static const WebFiles kNoFiles;
      const WebResponse answer = (server.options.web ? *server.options.web : kNoFiles).answer(wr);
      const std::string& content = answer.content();
      // An error's message lives in `answer`: keep a copy alive with the response.
      if (!answer.body) held_message = answer.message;
      const std::string& body = answer.body ? content : held_message;
      response.emplace(http::status(answer.status), req.version());
      for (const auto& [name, value] : answer.headers) response->set(name, value);
      response->set(http::field::server, "xiangqi-server");
      const bool keep = req.keep_alive() && ++answered < 100;
      response->keep_alive(keep);
      if (answer.head_only || answer.status == 304) {
        response->content_length(answer.status == 304 ? 0 : body.size());
        response->body() = http::span_body<const char>::value_type(body.data(), 0);
      } else {
        response->body() = http::span_body<const char>::value_type(body.data(), body.size());
        response->prepare_payload();
      }
      beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(30));
      http::async_write(ws.next_layer(), *response,
                        [self = this->shared_from_this(), keep](beast::error_code ec, size_t) {
                          self->response.reset();
                          if (ec || !keep || self->closing) {
                            self->kill();
                            return self->server.gone(self->id);
                          }
                          self->upgrade();
                        });
    }
    std::string held_message;
    void accepted(beast::error_code ec) {
      if (ec) return server.gone(id);
      open = true;
      server.hub.connected(id, address, now_ms());
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
        send(R"({"type":"error","about":"","message":"text messages (JSON) only","code":"bad_message"})");
      } else {
        const auto data = buffer.cdata();
        server.hub.message(id, std::string_view(static_cast<const char*>(data.data()), data.size()), at);
      }
      buffer.consume(buffer.size());
      if (!closing) read();
    }
    void send(std::string text) override {
      if (!open || closing) return;
      if (queued_bytes + text.size() > server.options.network.max_queued_bytes)
        return close("too slow: answers piled up");
      queued_bytes += text.size();
      queue.push_back(std::move(text));
      if (queue.size() == 1) write();
    }
    void write() {
      write_since_ms = now_ms();
      ws.text(true);
      ws.async_write(asio::buffer(queue.front()),
                     [self = this->shared_from_this()](beast::error_code ec, size_t) { self->written(ec); });
    }
    void written(beast::error_code ec) {
      write_since_ms = -1;
      if (ec) {  // the peer is gone or was dropped: free it now
        kill();
        return server.gone(id);
      }
      queued_bytes -= queue.front().size();
      queue.pop_front();
      if (!queue.empty()) write();
      else if (closing) shut();
    }
    void close(const std::string& why) override {
      if (closing) return;
      closing = true;
      closing_since_ms = now_ms();
      reason = why;
      if (!open) return kill();  // still in the handshake: nothing to say goodbye with
      if (queue.empty()) shut();
    }
    void shut() {
      ws.async_close(websocket::close_reason(websocket::close_code::policy_error, reason),
                     [self = this->shared_from_this()](beast::error_code) {
                       self->kill();
                       self->server.gone(self->id);
                     });
    }
    void kill() override {
      beast::error_code ignored;
      beast::get_lowest_layer(ws).socket().shutdown(tcp::socket::shutdown_both, ignored);
      beast::get_lowest_layer(ws).close();
    }
  };

  Impl(Store& store, ServerOptions options)
      : store(store),
        options(options),
        db(store, [this](std::function<void()> f) { asio::post(ioc, std::move(f)); }, options.database),
        hashing(options.network.login_queue, options.network.login_queue),
        hub(
            options.hub, [this](ConnId c, std::string text) { deliver(c, std::move(text)); },
            [this](ConnId c, std::string why) {
              if (const auto it = sessions.find(c); it != sessions.end()) it->second->close(why);
            },
            [this](bool high, std::function<std::string()> work, std::function<void(std::string)> done) {
              return hashing.submit(high, [this, work = std::move(work), done = std::move(done)]() mutable {
                std::string answer = work();
                asio::post(ioc, [answer = std::move(answer), done = std::move(done)]() { done(answer); });
              });
            },
            [this](DbTask task) { db.submit(std::move(task)); }, [] { return now_ms(); }),
        acceptor(ioc),
        timer(ioc),
        sweeper(ioc),
        backoff(ioc),
        signals(ioc, SIGINT, SIGTERM) {}

  void deliver(ConnId c, std::string text) {
    if (const auto it = sessions.find(c); it != sessions.end()) it->second->send(std::move(text));
  }
  // Every way a connection ends comes here (more than once is harmless).
  void gone(ConnId c) {
    const auto it = sessions.find(c);
    if (it == sessions.end()) return;
    if (it->second->open) hub.disconnected(c, now_ms());
    it->second->open = false;
    if (const auto a = per_address.find(it->second->address); a != per_address.end() && --a->second == 0)
      per_address.erase(a);
    sessions.erase(it);
  }
  void accept() {
    acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
      if (ec == asio::error::operation_aborted) return;
      if (ec) {
        // Out of descriptors (or another passing error): wait before the next
        // accept instead of spinning; the wait doubles up to a second.
        accept_wait_ms = std::min(accept_wait_ms ? accept_wait_ms * 2 : 10, 1000);
        backoff.expires_after(std::chrono::milliseconds(accept_wait_ms));
        backoff.async_wait([this](beast::error_code e) {
          if (!e) accept();
        });
        return;
      }
      accept_wait_ms = 0;
      beast::error_code e;
      const auto remote = socket.remote_endpoint(e);
      const std::string address = e ? "" : remote.address().to_string();
      const NetworkLimits& limits = options.network;
      if (sessions.size() >= limits.max_connections ||
          (limits.max_per_address && per_address[address] >= limits.max_per_address)) {
        if (per_address[address] == 0) per_address.erase(address);
        socket.close(e);  // refused before any work: the client sees the connection closed
        refused++;
      } else {
        socket.set_option(tcp::no_delay(true), e);
        const ConnId id = next_id++;
        per_address[address]++;
        std::shared_ptr<SessionBase> s;
        if (tls) {
          auto t = std::make_shared<Session<beast::ssl_stream<beast::tcp_stream>>>(*this, id, std::move(socket), *tls);
          t->address = address;
          sessions[id] = t;
          t->start();
        } else {
          auto p = std::make_shared<Session<beast::tcp_stream>>(*this, id, std::move(socket));
          p->address = address;
          sessions[id] = p;
          p->start();
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
  // Once a second: a client whose write has hung (it stopped reading) or whose
  // goodbye takes too long is dropped, and everything it held is freed.
  void sweep() {
    sweeper.expires_after(std::chrono::seconds(1));
    sweeper.async_wait([this](beast::error_code ec) {
      if (ec) return;
      const int64_t now = now_ms();
      std::vector<ConnId> stuck;
      for (const auto& [id, s] : sessions)
        if ((s->write_since_ms >= 0 && now - s->write_since_ms > options.network.write_timeout_ms) ||
            (s->closing_since_ms >= 0 && now - s->closing_since_ms > 5000))
          stuck.push_back(id);
      for (ConnId id : stuck) {
        sessions.at(id)->kill();
        gone(id);
      }
      dropped += stuck.size();
      sweep();
    });
  }
  ServerStatus status_here() {
    ServerStatus s;
    s.connections = sessions.size();
    s.players_online = hub.online_count();
    s.games = hub.game_count();
    for (const auto& [id, session] : sessions) s.queued_bytes += session->queued_bytes;
    s.logins_waiting = hashing.queued();
    s.database = db.stats();
    return s;
  }

  // The other nodes, through the database (none: one server alone).
#ifdef XQ_WITH_POSTGRES
  struct Link : ClusterLink {
    ClusterBus bus;
    int64_t node() const override { return bus.node(); }
    void to_node(int64_t node, const std::string& payload) override { bus.to_node(node, payload); }
    void to_all(const std::string& payload) override { bus.to_all(payload); }
  };
#else
  struct Link : ClusterLink {
    struct {
      void stop() {}
      void start(...) {}
    } bus;
  };
#endif
  std::unique_ptr<Link> cluster;

  Store& store;
  ServerOptions options;
  asio::io_context ioc{1};
  DatabaseThread db;  // before the hub: its answers are posted to ioc
  HashWorker hashing;
  Hub hub;
  tcp::acceptor acceptor;
  asio::steady_timer timer, sweeper, backoff;
  asio::signal_set signals;
  std::map<ConnId, std::shared_ptr<SessionBase>> sessions;
  std::map<std::string, size_t> per_address;
  std::unique_ptr<asio::ssl::context> tls;  // set: connections are wss://
  ConnId next_id = 1;
  int accept_wait_ms = 0;
  size_t refused = 0, dropped = 0;
  std::atomic<bool> running{false};
};

WebSocketServer::WebSocketServer(Store& store, ServerOptions options)
    : impl_(std::make_unique<Impl>(store, options)) {}

WebSocketServer::~WebSocketServer() {
  // Queued logins are dropped; the one being hashed finishes.
  impl_->hashing.stop();
  if (impl_->cluster) impl_->cluster->bus.stop();
}

bool WebSocketServer::join_cluster(const BusOptions& options, std::string& error) {
#ifdef XQ_WITH_POSTGRES
  auto link = std::make_unique<Impl::Link>();
  if (!link->bus.open(options, error)) return false;
  const int64_t node = link->bus.node();
  impl_->db.call([node](Store& s) { s.set_node(node); });
  impl_->cluster = std::move(link);
  return true;
#else
  (void)options;
  error = "this server was built without PostgreSQL (libpq): several nodes need it";
  return false;
#endif
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
  std::vector<StoredGame> games;
  s.db.call([&](Store& store) { games = store.playing_games(); });
  s.hub.restore(games, now_ms());
  if (s.cluster) {
    Hub& hub = s.hub;
    auto& ioc = s.ioc;
    s.cluster->bus.start(
        [&hub, &ioc](std::string payload) {
          asio::post(ioc, [&hub, payload = std::move(payload)] { hub.from_cluster(payload, now_ms()); });
        },
        [&hub, &ioc](std::vector<int64_t> nodes) {
          asio::post(ioc, [&hub, nodes = std::move(nodes)] { hub.nodes_dead(nodes, now_ms()); });
        },
        [&hub, &ioc] { asio::post(ioc, [&hub] { hub.cluster_reconnected(now_ms()); }); });
    s.hub.join_cluster(s.cluster.get(), now_ms());
  }
  s.signals.async_wait([&s](beast::error_code ec, int) {
    if (!ec) s.ioc.stop();
  });
  s.accept();
  s.tick();
  s.sweep();
  s.running = true;
  s.ioc.run();
  s.running = false;
  // The lease ends now: the other nodes take this one's games at once.
  if (s.cluster) s.cluster->bus.stop();
}

void WebSocketServer::stop() { impl_->ioc.stop(); }

void WebSocketServer::with_store(const std::function<void(Store&)>& f) { impl_->db.call(f); }

ServerStatus WebSocketServer::status() {
  Impl& s = *impl_;
  if (!s.running) return s.status_here();
  auto answer = std::make_shared<std::promise<ServerStatus>>();
  auto future = answer->get_future();
  asio::post(s.ioc, [&s, answer] { answer->set_value(s.status_here()); });
  if (future.wait_for(std::chrono::seconds(5)) != std::future_status::ready) return {};
  return future.get();
}

}  // namespace xq::server
