// TLS (wss://) between the game's online client and xiangqi-server, through
// real sockets on 127.0.0.1: the server refuses certificates it cannot use,
// the client trusts a club's own certificate only when told to, checks that
// the certificate names the host, and tells a plain server from a TLS one.
// The certificates in tests/data/tls are self-signed test ones (see the README there).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "app_model_fixture.h"
#include "online_client.h"
#include "store.h"
#include "websocket_server.h"

using namespace app_model_fixture;

namespace {

const std::string kTls = std::string(XQ_TEST_DATA) + "/data/tls/";

struct Server {
  std::filesystem::path path;
  xq::server::Store store;
  std::unique_ptr<xq::server::WebSocketServer> server;
  std::thread thread;
  uint16_t port = 0;
  // cert "": plain WebSocket; else the name of a pair in tests/data/tls.
  explicit Server(const std::string& cert) {
    static int counter = 0;
    path = std::filesystem::temp_directory_path() /
           ("xq_tls_" + std::to_string(getpid()) + "_" + std::to_string(counter++) + ".db");
    std::string error;
    EXPECT_TRUE(store.open(path.string(), error)) << error;
    server = std::make_unique<xq::server::WebSocketServer>(store, xq::server::HubOptions{});
    xq::server::ListenOptions listen{"127.0.0.1", 0, "", ""};
    if (!cert.empty()) {
      listen.cert_file = kTls + cert + "-cert.pem";
      listen.key_file = kTls + cert + "-key.pem";
    }
    EXPECT_TRUE(server->listen(listen, error)) << error;
    EXPECT_EQ(server->tls(), !cert.empty());
    port = server->port();
    thread = std::thread([this] { server->run(); });
  }
  ~Server() {
    server->stop();
    thread.join();
    server.reset();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
  }
};

// The client's events until one of the kind wanted (at most 20 s); the last event otherwise.
xq::OnlineEvent wait_for(xq::OnlineClient& client, xq::OnlineEvent::Kind kind) {
  const int64_t deadline = real_ms() + 20000;
  xq::OnlineEvent last{xq::OnlineEvent::Closed, "nothing happened in 20 s"};
  while (real_ms() < deadline) {
    for (xq::OnlineEvent& e : client.poll()) {
      if (e.kind == kind) return e;
      last = e;
      if (e.kind == xq::OnlineEvent::Closed) return e;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return last;
}

bool listen_fails(const std::string& cert, const std::string& key, std::string& error) {
  const auto path = std::filesystem::temp_directory_path() / ("xq_tls_refused_" + std::to_string(getpid()) + ".db");
  bool refused = false;
  {
    xq::server::Store store;
    EXPECT_TRUE(store.open(path.string(), error)) << error;
    xq::server::WebSocketServer server(store, xq::server::HubOptions{});
    xq::server::ListenOptions listen{"127.0.0.1", 0, "", ""};
    listen.cert_file = cert;
    listen.key_file = key;
    refused = !server.listen(listen, error);
  }
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
  return refused;
}

}  // namespace

TEST(ServerAddress, PlainAndWebSocketForms) {
  xq::ServerAddress a;
  ASSERT_TRUE(xq::parse_server_address("192.168.1.5:7800", a));
  EXPECT_EQ(a.host, "192.168.1.5");
  EXPECT_EQ(a.port, 7800);
  EXPECT_FALSE(a.tls);
  ASSERT_TRUE(xq::parse_server_address("wss://club.example.org:8443", a));
  EXPECT_EQ(a.host, "club.example.org");
  EXPECT_EQ(a.port, 8443);
  EXPECT_TRUE(a.tls);
  ASSERT_TRUE(xq::parse_server_address("wss://club.example.org/", a));
  EXPECT_EQ(a.port, 443) << "wss:// without a port is 443";
  ASSERT_TRUE(xq::parse_server_address("ws://[::1]:7800", a));
  EXPECT_EQ(a.host, "::1");
  EXPECT_FALSE(a.tls);
  ASSERT_TRUE(xq::parse_server_address("[::1]:7801", a));
  EXPECT_EQ(a.port, 7801);
  for (const char* bad : {"", "club", ":7800", "club:0", "club:65536", "club:78x", "wss://", "wss://:7800",
                          "https://club:443", "wss://club:443/lobby", "cl ub:7800"})
    EXPECT_FALSE(xq::parse_server_address(bad, a)) << bad;
}

TEST(ServerTls, RefusesCertificatesItCannotUse) {
  std::string error;
  EXPECT_TRUE(listen_fails(kTls + "missing-cert.pem", kTls + "localhost-key.pem", error));
  EXPECT_NE(error.find("missing-cert.pem"), std::string::npos) << error;
  EXPECT_NE(error.find("certificate"), std::string::npos) << error;
  error.clear();
  EXPECT_TRUE(listen_fails(kTls + "localhost-cert.pem", kTls + "other-key.pem", error));
  EXPECT_NE(error.find("does not belong"), std::string::npos) << error;
  error.clear();
  EXPECT_TRUE(listen_fails(kTls + "localhost-cert.pem", "", error)) << "a certificate without its key";
  EXPECT_NE(error.find("--key"), std::string::npos) << error;
  error.clear();
  EXPECT_TRUE(listen_fails(kTls + "README.md", kTls + "localhost-key.pem", error)) << "not PEM";
  EXPECT_NE(error.find("README.md"), std::string::npos) << error;
}

TEST(ServerTls, ClientTrustingTheClubsCertificatePlays) {
  Server server("localhost");
  xq::OnlineClient client;
  client.connect("127.0.0.1", server.port, true, kTls + "localhost-cert.pem");
  const auto connected = wait_for(client, xq::OnlineEvent::Connected);
  ASSERT_EQ(connected.kind, xq::OnlineEvent::Connected) << connected.text;
  client.send(R"({"type":"guest"})");
  const auto welcome = wait_for(client, xq::OnlineEvent::Message);
  ASSERT_EQ(welcome.kind, xq::OnlineEvent::Message) << welcome.text;
  const auto j = nlohmann::json::parse(welcome.text);
  EXPECT_EQ(j.value("type", ""), "welcome");
  EXPECT_EQ(j.value("name", "").rfind("Guest", 0), 0u) << welcome.text;
  // By name too: the certificate names localhost.
  client.connect("localhost", server.port, true, kTls + "localhost-cert.pem");
  EXPECT_EQ(wait_for(client, xq::OnlineEvent::Connected).kind, xq::OnlineEvent::Connected);
}

TEST(ServerTls, ClientRefusesAnUntrustedOrMisnamedCertificate) {
  Server server("localhost");
  xq::OnlineClient client;
  client.connect("127.0.0.1", server.port, true);  // only the system's CAs
  auto e = wait_for(client, xq::OnlineEvent::Connected);
  EXPECT_EQ(e.kind, xq::OnlineEvent::Closed);
  EXPECT_NE(e.text.find("not trusted"), std::string::npos) << e.text;
  EXPECT_NE(e.text.find("--server-ca"), std::string::npos) << e.text;

  Server other("other");  // a trusted certificate for example.invalid, not for 127.0.0.1
  client.connect("127.0.0.1", other.port, true, kTls + "other-cert.pem");
  e = wait_for(client, xq::OnlineEvent::Connected);
  EXPECT_EQ(e.kind, xq::OnlineEvent::Closed);
  EXPECT_NE(e.text.find("not trusted for 127.0.0.1"), std::string::npos) << e.text;

  client.connect("127.0.0.1", server.port, true, kTls + "no-such-file.pem");
  e = wait_for(client, xq::OnlineEvent::Connected);
  EXPECT_EQ(e.kind, xq::OnlineEvent::Closed);
  EXPECT_NE(e.text.find("no-such-file.pem"), std::string::npos) << e.text;
}

TEST(ServerTls, PlainAndTlsDoNotMix) {
  Server tls("localhost"), plain("");
  xq::OnlineClient client;
  client.connect("127.0.0.1", tls.port, false);
  auto e = wait_for(client, xq::OnlineEvent::Connected);
  EXPECT_EQ(e.kind, xq::OnlineEvent::Closed) << "ws:// to a wss:// server";
  EXPECT_NE(e.text.find("not a game server"), std::string::npos) << e.text;
  client.connect("127.0.0.1", plain.port, true, kTls + "localhost-cert.pem");
  e = wait_for(client, xq::OnlineEvent::Connected);
  EXPECT_EQ(e.kind, xq::OnlineEvent::Closed) << "wss:// to a ws:// server";
  EXPECT_NE(e.text.find("no TLS at this address"), std::string::npos) << e.text;
  // The plain server still serves plain clients after that.
  client.connect("127.0.0.1", plain.port, false);
  EXPECT_EQ(wait_for(client, xq::OnlineEvent::Connected).kind, xq::OnlineEvent::Connected);
}

// The window's way: an app model with --server wss://… and --server-ca logs in
// as a guest; without the CA file the dialog says why it could not.
TEST(ServerTls, AppModelLogsInOverWss) {
  Server server("localhost");
  const std::string address = "wss://127.0.0.1:" + std::to_string(server.port);
  for (const bool trusted : {true, false}) {
    Fixture f;
    xq::StartOptions o;
    o.lang = "en";
    o.resume = "no";
    o.server = address;
    if (trusted) o.server_ca = kTls + "localhost-cert.pem";
    ASSERT_TRUE(f.start(o));
    f.m.key(xq::Key::O, false);
    f.m.act(Action::OnlineGuest);
    using State = xq::OnlineSession::State;
    const int64_t deadline = real_ms() + 20000;
    while (real_ms() < deadline && f.m.online().state() == State::Connecting) {
      f.m.update(real_ms());
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    if (trusted) {
      EXPECT_EQ(f.m.online().state(), State::LoggedIn);
      EXPECT_EQ(f.m.online().name().rfind("Guest", 0), 0u);
    } else {
      EXPECT_EQ(f.m.online().state(), State::Offline);
      const xq::Button* note = dialog_button(f.m.view_model().dialog, "Disconnected: ");
      ASSERT_TRUE(note) << "the dialog says why";
      EXPECT_NE(note->label.find("not trusted"), std::string::npos) << note->label;
    }
  }
}
