#include "online_client.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>

#include <utility>  // before Asio: Boost 1.74 uses std::exchange without it under C++20
#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <deque>
#include <mutex>
#include <thread>
#include <type_traits>

#include "parse_int.h"

namespace xq {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

std::vector<std::string> local_addresses() {
  std::vector<std::string> out;
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return out;
  for (ifaddrs* a = list; a; a = a->ifa_next) {
    if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET || (a->ifa_flags & IFF_LOOPBACK)) continue;
    char text[INET_ADDRSTRLEN];
    if (inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(a->ifa_addr)->sin_addr, text, sizeof text)) out.push_back(text);
  }
  freeifaddrs(list);
  return out;
}

bool parse_server_address(const std::string& text, ServerAddress& address) {
  std::string_view rest = text;
  bool tls = false, scheme = false;
  if (rest.starts_with("wss://")) tls = scheme = true, rest.remove_prefix(6);
  else if (rest.starts_with("ws://")) scheme = true, rest.remove_prefix(5);
  if (scheme && rest.ends_with('/')) rest.remove_suffix(1);
  std::string host;
  int port = 0;
  const size_t colon = rest.rfind(':');
  const size_t bracket = rest.rfind(']');
  if (colon != std::string_view::npos && (bracket == std::string_view::npos || colon > bracket)) {
    if (colon == 0 || !parse_int(rest.substr(colon + 1), 1, 65535, port)) return false;
    host = rest.substr(0, colon);
  } else if (scheme) {  // the scheme's own port
    host = rest;
    port = tls ? 443 : 80;
  } else {
    return false;
  }
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  if (host.empty() || host.find_first_of(" \t/[]") != std::string::npos) return false;
  address = {host, uint16_t(port), tls};
  return true;
}

bool parse_server_addresses(const std::string& text, std::vector<ServerAddress>& addresses) {
  addresses.clear();
  std::string word;
  for (size_t i = 0; i <= text.size(); ++i) {
    const char ch = i < text.size() ? text[i] : ' ';
    if (ch != ',' && ch != ' ' && ch != '\t') {
      word += ch;
      continue;
    }
    if (word.empty()) continue;
    ServerAddress a;
    if (!parse_server_address(word, a) || addresses.size() >= 16) return false;
    addresses.push_back(a);
    word.clear();
  }
  return !addresses.empty();
}

struct OnlineClient::Impl {
  struct ConnBase {
    virtual ~ConnBase() = default;
    virtual void send(std::string text) = 0;
    virtual void shut() = 0;
  };
  // One connection attempt and what follows; a new connect() makes a new one,
  // and events of an older one are not reported. Stream is beast::tcp_stream,
  // or an ssl_stream over one for wss://.
  template <class Stream>
  struct Conn : ConnBase, std::enable_shared_from_this<Conn<Stream>> {
    static constexpr bool kTls = !std::is_same_v<Stream, beast::tcp_stream>;
    Conn(Impl& owner, uint64_t serial, std::shared_ptr<asio::ssl::context> tls = nullptr)
        : owner(owner), serial(serial), resolver(owner.ioc), context(std::move(tls)), ws(make_stream()) {}
    websocket::stream<Stream> make_stream() {
      if constexpr (kTls) return websocket::stream<Stream>(owner.ioc, *context);
      else return websocket::stream<Stream>(owner.ioc);
    }
    Impl& owner;
    uint64_t serial;
    tcp::resolver resolver;
    std::shared_ptr<asio::ssl::context> context;  // wss:// only; lives as long as its stream
    websocket::stream<Stream> ws;
    beast::flat_buffer buffer;
    std::deque<std::string> out;
    bool open = false, closed = false;
    std::string host;

    void fail(const std::string& why) {
      if (closed) return;
      closed = true;
      owner.report(serial, {OnlineEvent::Closed, why});
      beast::error_code ignored;
      beast::get_lowest_layer(ws).socket().close(ignored);
    }
    void start(const std::string& h, uint16_t port) {
      host = h;
      if constexpr (kTls) {
        // The server's certificate must name the host we asked for; SNI tells a shared host which one.
        ws.next_layer().set_verify_mode(asio::ssl::verify_peer);
        ws.next_layer().set_verify_callback(asio::ssl::host_name_verification(host));
        beast::error_code ec;
        asio::ip::make_address(host, ec);
        if (ec) SSL_set_tlsext_host_name(ws.next_layer().native_handle(), host.c_str());
      }
      resolver.async_resolve(h, std::to_string(port), [self = this->shared_from_this()](beast::error_code ec, auto results) {
        if (ec) return self->fail("cannot find " + self->host + ": " + ec.message());
        beast::get_lowest_layer(self->ws).expires_after(std::chrono::seconds(10));
        beast::get_lowest_layer(self->ws).async_connect(results, [self](beast::error_code ec2, auto) {
          if (ec2) return self->fail(ec2.message());
          if constexpr (kTls) {
            self->ws.next_layer().async_handshake(asio::ssl::stream_base::client, [self](beast::error_code ec3) {
              if (ec3) {
                const bool untrusted = ec3.category() == asio::error::get_ssl_category() &&
                                       ERR_GET_REASON(ec3.value()) == SSL_R_CERTIFICATE_VERIFY_FAILED;
                return self->fail(untrusted ? "the server's certificate is not trusted for " + self->host + " (see --server-ca)"
                                            : "no TLS at this address: " + ec3.message());
              }
              self->upgrade();
            });
          } else {
            self->upgrade();
          }
        });
      });
    }
    void upgrade() {
      beast::get_lowest_layer(ws).expires_never();
      ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
      ws.async_handshake(host, "/", [self = this->shared_from_this()](beast::error_code ec) {
        if (ec) return self->fail("not a game server: " + ec.message());
        self->open = true;
        self->owner.report(self->serial, {OnlineEvent::Connected, ""});
        self->read();
        if (!self->out.empty()) self->write();
      });
    }
    void read() {
      ws.async_read(buffer, [self = this->shared_from_this()](beast::error_code ec, size_t) {
        if (ec) {
          const auto reason = self->ws.reason();
          return self->fail(reason.code != websocket::close_code::none && !reason.reason.empty()
                                ? std::string(reason.reason.c_str())
                                : ec.message());
        }
        self->owner.report(self->serial, {OnlineEvent::Message, beast::buffers_to_string(self->buffer.data())});
        self->buffer.consume(self->buffer.size());
        self->read();
      });
    }
    void send(std::string text) override {
      if (closed) return;
      out.push_back(std::move(text));
      if (open && out.size() == 1) write();
    }
    void write() {
      ws.text(true);
      ws.async_write(asio::buffer(out.front()), [self = this->shared_from_this()](beast::error_code ec, size_t) {
        if (ec) return self->fail(ec.message());
        self->out.pop_front();
        if (!self->out.empty()) self->write();
        else if (self->closed) self->say_goodbye();
      });
    }
    void shut() override {
      if (closed) return;
      closed = true;
      if (!open) {
        beast::error_code ignored;
        resolver.cancel();
        beast::get_lowest_layer(ws).socket().close(ignored);
        return;
      }
      // What was sent last (a logout) goes out before the goodbye: Beast takes no close while a write is on.
      if (out.empty()) say_goodbye();
    }
    void say_goodbye() {
      ws.async_close(websocket::close_code::normal, [self = this->shared_from_this()](beast::error_code) {});
    }
  };

  // Starts a connection on the network thread; a CA file that cannot be read is reported as the reason it closed.
  void start(uint64_t serial, const std::string& host, uint16_t port, bool tls, const std::string& ca_file) {
    if (conn) conn->shut();
    conn.reset();
    if (!tls) {
      auto c = std::make_shared<Conn<beast::tcp_stream>>(*this, serial);
      conn = c;
      return c->start(host, port);
    }
    // A context per connection: the trusted certificates are read afresh each time.
    auto context = std::make_shared<asio::ssl::context>(asio::ssl::context::tls_client);
    beast::error_code ec;
    context->set_default_verify_paths(ec);
    if (!ca_file.empty() && (context->load_verify_file(ca_file, ec), ec))
      return report(serial, {OnlineEvent::Closed, "cannot read the certificate file '" + ca_file + "': " + ec.message()});
    auto c = std::make_shared<Conn<beast::ssl_stream<beast::tcp_stream>>>(*this, serial, context);
    conn = c;
    c->start(host, port);
  }

  Impl() : work(asio::make_work_guard(ioc)), thread([this] { ioc.run(); }) {}
  ~Impl() {
    asio::post(ioc, [this] {
      if (conn) conn->shut();
      conn.reset();
      work.reset();
    });
    thread.join();
  }

  void report(uint64_t serial, OnlineEvent e) {
    std::lock_guard lock(mutex);
    if (serial == current) events.push_back(std::move(e));
  }

  asio::io_context ioc;
  asio::executor_work_guard<asio::io_context::executor_type> work;
  std::shared_ptr<ConnBase> conn;  // on the network thread only
  std::mutex mutex;
  std::vector<OnlineEvent> events;
  uint64_t current = 0;  // the serial of the connection whose events count
  std::thread thread;
};

OnlineClient::OnlineClient() : impl_(std::make_unique<Impl>()) {}
OnlineClient::~OnlineClient() = default;

void OnlineClient::connect(const std::string& host, uint16_t port, bool tls, const std::string& ca_file) {
  uint64_t serial;
  {
    std::lock_guard lock(impl_->mutex);
    serial = ++impl_->current;
    impl_->events.clear();
  }
  asio::post(impl_->ioc, [impl = impl_.get(), serial, host, port, tls, ca_file] {
    impl->start(serial, host, port, tls, ca_file);
  });
}

void OnlineClient::send(std::string text) {
  asio::post(impl_->ioc, [impl = impl_.get(), text = std::move(text)]() mutable {
    if (impl->conn) impl->conn->send(std::move(text));
  });
}

void OnlineClient::close() {
  {
    std::lock_guard lock(impl_->mutex);
    ++impl_->current;
    impl_->events.clear();
  }
  asio::post(impl_->ioc, [impl = impl_.get()] {
    if (impl->conn) impl->conn->shut();
    impl->conn.reset();
  });
}

std::vector<OnlineEvent> OnlineClient::poll() {
  std::lock_guard lock(impl_->mutex);
  std::vector<OnlineEvent> out;
  out.swap(impl_->events);
  return out;
}

}  // namespace xq
