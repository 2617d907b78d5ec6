#include "online_client.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>

#include <utility>  // before Asio: Boost 1.74 uses std::exchange without it under C++20
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <mutex>
#include <thread>

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

bool parse_server_address(const std::string& text, std::string& host, uint16_t& port) {
  size_t colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0) return false;
  host = text.substr(0, colon);
  if (host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  if (host.empty() || host.find_first_of(" \t/") != std::string::npos) return false;
  int p = 0;
  if (!parse_int(std::string_view(text).substr(colon + 1), 1, 65535, p)) return false;
  port = uint16_t(p);
  return true;
}

struct OnlineClient::Impl {
  // One connection attempt and what follows; a new connect() makes a new one,
  // and events of an older one are not reported.
  struct Conn : std::enable_shared_from_this<Conn> {
    Conn(Impl& owner, uint64_t serial) : owner(owner), serial(serial), resolver(owner.ioc), ws(owner.ioc) {}
    Impl& owner;
    uint64_t serial;
    tcp::resolver resolver;
    websocket::stream<beast::tcp_stream> ws;
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
      resolver.async_resolve(h, std::to_string(port), [self = shared_from_this()](beast::error_code ec, auto results) {
        if (ec) return self->fail("cannot find " + self->host + ": " + ec.message());
        beast::get_lowest_layer(self->ws).expires_after(std::chrono::seconds(10));
        beast::get_lowest_layer(self->ws).async_connect(results, [self](beast::error_code ec2, auto) {
          if (ec2) return self->fail(ec2.message());
          beast::get_lowest_layer(self->ws).expires_never();
          self->ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
          self->ws.async_handshake(self->host, "/", [self](beast::error_code ec3) {
            if (ec3) return self->fail("not a game server: " + ec3.message());
            self->open = true;
            self->owner.report(self->serial, {OnlineEvent::Connected, ""});
            self->read();
            if (!self->out.empty()) self->write();
          });
        });
      });
    }
    void read() {
      ws.async_read(buffer, [self = shared_from_this()](beast::error_code ec, size_t) {
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
    void send(std::string text) {
      if (closed) return;
      out.push_back(std::move(text));
      if (open && out.size() == 1) write();
    }
    void write() {
      ws.text(true);
      ws.async_write(asio::buffer(out.front()), [self = shared_from_this()](beast::error_code ec, size_t) {
        if (ec) return self->fail(ec.message());
        self->out.pop_front();
        if (!self->out.empty()) self->write();
      });
    }
    void shut() {
      if (closed) return;
      closed = true;
      if (!open) {
        beast::error_code ignored;
        resolver.cancel();
        beast::get_lowest_layer(ws).socket().close(ignored);
        return;
      }
      ws.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {});
    }
  };

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
  std::shared_ptr<Conn> conn;  // on the network thread only
  std::mutex mutex;
  std::vector<OnlineEvent> events;
  uint64_t current = 0;  // the serial of the connection whose events count
  std::thread thread;
};

OnlineClient::OnlineClient() : impl_(std::make_unique<Impl>()) {}
OnlineClient::~OnlineClient() = default;

void OnlineClient::connect(const std::string& host, uint16_t port) {
  uint64_t serial;
  {
    std::lock_guard lock(impl_->mutex);
    serial = ++impl_->current;
    impl_->events.clear();
  }
  asio::post(impl_->ioc, [impl = impl_.get(), serial, host, port] {
    if (impl->conn) impl->conn->shut();
    impl->conn = std::make_shared<Impl::Conn>(*impl, serial);
    impl->conn->start(host, port);
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
