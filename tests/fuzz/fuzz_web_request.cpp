// libFuzzer target: what a browser (or anyone) sends the server's HTTP side
// before any WebSocket: the bytes go through Beast's request parser with the
// server's header limit, and a request it accepts is answered from a small
// web folder. Nothing may crash; an answer is a known status, names a file
// of the folder only, and a 200 has a body.
#include <unistd.h>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "web_files.h"

namespace http = boost::beast::http;

static const xq::server::WebFiles& files() {
  static xq::server::WebFiles f = [] {
    const auto dir = std::filesystem::temp_directory_path() / ("xq_fuzz_web_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir / "sub");
    std::ofstream(dir / "index.html") << "<!doctype html>";
    std::ofstream(dir / "app.0123abcd.js") << std::string(300, 'x');
    std::ofstream(dir / "app.0123abcd.js.gz") << "gz";
    std::ofstream(dir / "sub" / "a.svg") << "<svg/>";
    xq::server::WebFiles w;
    std::string error;
    if (!w.load(dir.string(), error)) abort();
    std::filesystem::remove_all(dir);
    return w;
  }();
  return f;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  http::request_parser<http::empty_body> parser;
  parser.header_limit(8 * 1024);
  parser.eager(true);
  boost::beast::error_code ec;
  parser.put(boost::asio::buffer(data, size), ec);
  if (ec || !parser.is_header_done()) return 0;
  const auto& req = parser.get();
  const xq::server::WebRequest wr{std::string(req.method_string()), std::string(req.target()),
                                  std::string(req[http::field::accept_encoding]),
                                  std::string(req[http::field::if_none_match])};
  const auto answer = files().answer(wr);
  switch (answer.status) {
    case 200:
      if (answer.content().empty()) abort();
      break;
    case 304: case 400: case 404: case 405:
      break;
    default:
      abort();
  }
  return 0;
}
