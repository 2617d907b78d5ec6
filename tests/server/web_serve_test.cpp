// The server's HTTP side: the web client's files with their types, cache
// rules, compression and security headers, nothing outside the folder, and
// the WebSocket on the same port (the page's /ws and the desktop's /).
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/beast/http.hpp>
#include <filesystem>
#include <fstream>

#include "server_fixture.h"
#include "web_files.h"

namespace fs = std::filesystem;
namespace http = boost::beast::http;
using xq::server::WebFiles;
using xq::server::WebRequest;

namespace {

struct WebFolder {
  fs::path dir = fs::temp_directory_path() / ("xq_web_test_" + std::to_string(getpid()));
  WebFolder() {
    fs::remove_all(dir);
    fs::create_directories(dir / "pieces");
    write("index.html", "<!doctype html><title>象棋</title>");
    write("app.3f2a9c1b.js", std::string(4000, 'x'));
    write("app.3f2a9c1b.js.gz", "pretend-gzip");
    write("engine.0123abcd.wasm", std::string("\0asm", 4));
    write("pieces/red-king.svg", "<svg/>");
    fs::create_symlink("/etc/passwd", dir / "passwd");
  }
  ~WebFolder() { fs::remove_all(dir); }
  void write(const std::string& name, const std::string& text) { std::ofstream(dir / name, std::ios::binary) << text; }
};

std::string header(const xq::server::WebResponse& r, const std::string& name) {
  for (const auto& [n, v] : r.headers)
    if (n == name) return v;
  return "";
}

TEST(WebFiles, TypesCacheRulesAndCompression) {
  WebFolder folder;
  WebFiles files;
  std::string error;
  ASSERT_TRUE(files.load(folder.dir.string(), error)) << error;
  EXPECT_EQ(files.count(), 4u);  // the symbolic link is not served, the .gz rides with its file

  auto index = files.answer({"GET", "/", "gzip", ""});
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.content(), "<!doctype html><title>象棋</title>");
  EXPECT_EQ(header(index, "Content-Type"), "text/html; charset=utf-8");
  EXPECT_EQ(header(index, "Cache-Control"), "no-cache");
  EXPECT_NE(header(index, "Content-Security-Policy").find("default-src 'self'"), std::string::npos);
  EXPECT_NE(header(index, "Content-Security-Policy").find("'wasm-unsafe-eval'"), std::string::npos);
  EXPECT_EQ(header(index, "X-Content-Type-Options"), "nosniff");

  auto js = files.answer({"GET", "/app.3f2a9c1b.js?v=1", "br, gzip;q=0.8", ""});
  EXPECT_EQ(js.content(), "pretend-gzip");
  EXPECT_EQ(header(js, "Content-Encoding"), "gzip");
  EXPECT_EQ(header(js, "Vary"), "Accept-Encoding");
  EXPECT_EQ(header(js, "Cache-Control"), "public, max-age=31536000, immutable");
  EXPECT_EQ(header(js, "Content-Type"), "text/javascript; charset=utf-8");
  auto plain = files.answer({"GET", "/app.3f2a9c1b.js", "gzip;q=0, identity", ""});
  EXPECT_EQ(plain.content().size(), 4000u);
  EXPECT_EQ(header(plain, "Content-Encoding"), "");

  EXPECT_EQ(header(files.answer({"GET", "/engine.0123abcd.wasm", "", ""}), "Content-Type"), "application/wasm");
  EXPECT_EQ(header(files.answer({"GET", "/pieces/red-king.svg", "", ""}), "Content-Type"), "image/svg+xml");

  const std::string etag = header(index, "ETag");
  ASSERT_FALSE(etag.empty());
  auto again = files.answer({"GET", "/index.html", "", etag});
  EXPECT_EQ(again.status, 304);
  EXPECT_TRUE(again.content().empty());
  EXPECT_TRUE(files.answer({"HEAD", "/", "", ""}).head_only);
}

TEST(WebFiles, NothingOutsideTheFolderAndOnlyGetAndHead) {
  WebFolder folder;
  WebFiles files;
  std::string error;
  ASSERT_TRUE(files.load(folder.dir.string(), error)) << error;
  for (const char* target : {"/../../etc/passwd", "/passwd", "/%2e%2e/etc/passwd", "/pieces/../../passwd", "/nothing"})
    EXPECT_EQ(files.answer({"GET", target, "", ""}).status, 404) << target;
  EXPECT_EQ(files.answer({"GET", "index.html", "", ""}).status, 400);
  auto post = files.answer({"POST", "/", "", ""});
  EXPECT_EQ(post.status, 405);
  EXPECT_EQ(header(post, "Allow"), "GET, HEAD");
  EXPECT_NE(WebFiles().answer({"GET", "/", "", ""}).content().find("--web"), std::string::npos);
}

TEST(WebFiles, AFolderOverItsLimitsIsNamed) {
  WebFolder folder;
  WebFiles files;
  std::string error;
  EXPECT_FALSE(files.load(folder.dir.string(), error, {2, 1 << 20, 1 << 20}));
  EXPECT_NE(error.find("more than 2 files"), std::string::npos) << error;
  EXPECT_FALSE(files.load(folder.dir.string(), error, {100, 100, 1 << 20}));
  EXPECT_NE(error.find("larger than"), std::string::npos) << error;
  EXPECT_FALSE(files.load((folder.dir / "index.html").string(), error));
  EXPECT_NE(error.find("not a folder"), std::string::npos) << error;
  EXPECT_TRUE(files.empty());
}

TEST(WebFiles, HashedNames) {
  EXPECT_TRUE(WebFiles::has_content_hash("/app.3f2a9c1b.js"));
  EXPECT_TRUE(WebFiles::has_content_hash("/x/engine.ABCDEFGH12.wasm"));
  EXPECT_FALSE(WebFiles::has_content_hash("/index.html"));
  EXPECT_FALSE(WebFiles::has_content_hash("/app.min.js"));
  EXPECT_FALSE(WebFiles::has_content_hash("/.3f2a9c1b3.js"));
}

class WebServe : public xq::test::ServerTest {};

// One HTTP request over a socket of its own; the response as Beast reads it.
http::response<http::string_body> fetch(boost::asio::ip::tcp::socket& s, const std::string& target,
                                        boost::beast::flat_buffer& buffer) {
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1");
  http::write(s, req);
  http::response<http::string_body> res;
  boost::beast::error_code ec;
  http::read(s, buffer, res, ec);
  EXPECT_FALSE(ec) << ec.message();
  return res;
}

TEST_F(WebServe, ThePageAndTheGameShareOnePort) {
  WebFolder folder;
  auto files = std::make_shared<WebFiles>();
  std::string error;
  ASSERT_TRUE(files->load(folder.dir.string(), error)) << error;
  xq::server::ServerOptions options;
  options.web = files;
  start(options);

  boost::asio::io_context io;
  boost::asio::ip::tcp::socket s(io);
  s.connect({boost::asio::ip::make_address("127.0.0.1"), port_});
  boost::beast::flat_buffer buffer;
  auto page = fetch(s, "/", buffer);
  EXPECT_EQ(page.result_int(), 200);
  EXPECT_EQ(page.body(), "<!doctype html><title>象棋</title>");
  EXPECT_NE(std::string(page["Content-Security-Policy"]).find("connect-src 'self'"), std::string::npos);
  // The same connection serves the next file (keep-alive).
  auto wasm = fetch(s, "/engine.0123abcd.wasm", buffer);
  EXPECT_EQ(wasm.result_int(), 200);
  EXPECT_EQ(wasm[http::field::content_type], "application/wasm");
  EXPECT_EQ(wasm.body(), std::string("\0asm", 4));
  auto missing = fetch(s, "/../../etc/passwd", buffer);
  EXPECT_EQ(missing.result_int(), 404);

  // The desktop client's WebSocket on / and the page's on /ws both reach the hub.
  auto desktop = client();
  EXPECT_EQ(guest(*desktop).value("guest", false), true);
  xq::test::WsClient page_ws;
  ASSERT_TRUE(page_ws.connect(port_, "", 0, "/ws"));
  EXPECT_EQ(guest(page_ws).value("guest", false), true);
}

TEST_F(WebServe, ARequestTooLargeOrNotHttpIsDropped) {
  start();
  boost::asio::io_context io;
  for (const std::string& junk : {std::string("GET / HTTP/1.1\r\nX: ") + std::string(20000, 'a') + "\r\n\r\n",
                                  std::string("\x16\x03\x01 not http at all\r\n\r\n")}) {
    boost::asio::ip::tcp::socket s(io);
    s.connect({boost::asio::ip::make_address("127.0.0.1"), port_});
    boost::beast::error_code ec;
    boost::asio::write(s, boost::asio::buffer(junk), ec);
    char byte;
    s.read_some(boost::asio::buffer(&byte, 1), ec);  // the server closes: end of file or reset
    EXPECT_TRUE(ec == boost::asio::error::eof || ec == boost::asio::error::connection_reset) << ec.message();
  }
  // Without --web the page says how to get one, and the game still works.
  boost::asio::ip::tcp::socket s(io);
  s.connect({boost::asio::ip::make_address("127.0.0.1"), port_});
  boost::beast::flat_buffer buffer;
  auto none = fetch(s, "/", buffer);
  EXPECT_EQ(none.result_int(), 404);
  EXPECT_NE(none.body().find("--web"), std::string::npos);
  auto c = client();
  EXPECT_EQ(guest(*c).value("guest", false), true);
}

}  // namespace
