// xiangqi-server: games between people over WebSocket + JSON, judged by the
// engine library, kept in SQLite. See the README's "Playing people" part.
#include <sys/resource.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "parse_int.h"
#include "store.h"
#include "websocket_server.h"

namespace {

const char* kUsage =
    "usage: xiangqi-server [--port N] [--address IP] [--db FILE] [--grace SECONDS] [--cert FILE --key FILE]\n"
    "  --port N        the port to listen on (default 7800; 0: any free port)\n"
    "  --address IP    the address to listen on (default 0.0.0.0, every interface)\n"
    "  --db FILE       the SQLite file for players, games and the archive (default xiangqi-server.db)\n"
    "  --grace SECONDS how long a dropped player's game waits for them (default 60)\n"
    "  --cert FILE     serve TLS (wss://) with this PEM certificate (its chain after it)\n"
    "  --key FILE      the certificate's private key (PEM)\n";

}  // namespace

int main(int argc, char** argv) {
  xq::server::ListenOptions listen;
  xq::server::HubOptions hub;
  std::string db = "xiangqi-server.db";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "xiangqi-server: %s needs a value\n%s", a.c_str(), kUsage);
      return 2;
    }
    const std::string v = argv[++i];
    int n = 0;
    if (a == "--port" && xq::parse_int(v, 0, 65535, n)) listen.port = uint16_t(n);
    else if (a == "--address") listen.address = v;
    else if (a == "--db") db = v;
    else if (a == "--cert") listen.cert_file = v;
    else if (a == "--key") listen.key_file = v;
    else if (a == "--grace" && xq::parse_int(v, 1, 3600, n)) hub.grace_ms = n * 1000;
    else {
      std::fprintf(stderr, "xiangqi-server: cannot use %s '%s'\n%s", a.c_str(), v.c_str(), kUsage);
      return 2;
    }
  }
  // A thousand players need more than the usual 1,024 descriptors.
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }
  xq::server::Store store;
  std::string error;
  if (!store.open(db, error)) {
    std::fprintf(stderr, "xiangqi-server: %s\n", error.c_str());
    return 1;
  }
  xq::server::WebSocketServer server(store, hub);
  if (!server.listen(listen, error)) {
    std::fprintf(stderr, "xiangqi-server: %s\n", error.c_str());
    return 1;
  }
  std::printf("xiangqi-server: listening on %s:%u%s, database %s\n", listen.address.c_str(), unsigned(server.port()),
              server.tls() ? " (TLS)" : "", db.c_str());
  std::fflush(stdout);
  server.run();
  std::printf("xiangqi-server: stopped\n");
  return 0;
}
