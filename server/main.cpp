// xiangqi-server: games between people over WebSocket + JSON, judged by the
// engine library, kept in SQLite. See the README's "Playing people" part.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "parse_int.h"
#include "store.h"
#include "websocket_server.h"

namespace {

const char* kUsage =
    "usage: xiangqi-server [--port N] [--address IP] [--db FILE] [--grace SECONDS] [--cert FILE --key FILE] [--web DIR]\n"
    "                     [limits]\n"
    "  --port N             the port to listen on (default 7800; 0: any free port)\n"
    "  --address IP         the address to listen on (default 0.0.0.0, every interface)\n"
    "  --db FILE|URI        where players, games and the archive are kept: a SQLite file (default\n"
    "                       xiangqi-server.db) or a PostgreSQL database, postgresql://USER@HOST/DB\n"
    "  --grace SECONDS      how long a dropped player's game waits for them (default 60)\n"
    "  --node NAME          on PostgreSQL: this server's name among the nodes sharing the database\n"
    "                       (default HOST:PORT, as given); any node serves any player and game\n"
    "  --cert FILE          serve TLS (wss://) with this PEM certificate (its chain after it)\n"
    "  --key FILE           the certificate's private key (PEM)\n"
    "  --web DIR            the browser client's files, served at http(s)://HOST:PORT/ (default: the\n"
    "                       install's share/xiangqi/web, or build/web in a build tree; --web none: no page)\n"
    "limits (what one client or address can make the server hold):\n"
    "  --max-connections N  connections in all (default 4000)\n"
    "  --max-per-address N  connections from one IP address (default 200; 0: no limit)\n"
    "  --guests-per-address N  guests one address may make at once, then one every 30 s (default 20; 0: no limit)\n"
    "  --registrations-per-address N  accounts one address may register at once, then one a minute (default 5;\n"
    "                       0: no limit)\n"
    "  --login-queue N      logins waiting to be hashed, in each of the two places (default 8)\n"
    "  --token-days N       a resume token lasts N days after its last use (default 30)\n"
    "  --guest-days N       guests not seen for N days are forgotten (default 30; 0: never)\n";

}  // namespace

int main(int argc, char** argv) {
  xq::server::ListenOptions listen;
  xq::server::ServerOptions options;
  std::string db = "xiangqi-server.db";
  std::string node;
  std::string web = xq::server::default_web_folder(argc > 0 ? argv[0] : "");
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
    else if (a == "--node" && !v.empty() && v.size() <= 64) node = v;
    else if (a == "--cert") listen.cert_file = v;
    else if (a == "--key") listen.key_file = v;
    else if (a == "--web") web = v == "none" ? "" : v;
    else if (a == "--grace" && xq::parse_int(v, 1, 3600, n)) options.hub.grace_ms = n * 1000;
    else if (a == "--max-connections" && xq::parse_int(v, 1, 1000000, n)) options.network.max_connections = size_t(n);
    else if (a == "--max-per-address" && xq::parse_int(v, 0, 1000000, n)) options.network.max_per_address = size_t(n);
    else if (a == "--guests-per-address" && xq::parse_int(v, 0, 1000000, n)) options.hub.guest_burst = n;
    else if (a == "--registrations-per-address" && xq::parse_int(v, 0, 1000000, n)) options.hub.register_burst = n;
    else if (a == "--login-queue" && xq::parse_int(v, 1, 10000, n)) options.network.login_queue = size_t(n);
    else if (a == "--token-days" && xq::parse_int(v, 1, 3650, n)) options.hub.token_lifetime_s = int64_t(n) * 86400;
    else if (a == "--guest-days" && xq::parse_int(v, 0, 3650, n)) options.database.guest_idle_days = n;
    else {
      std::fprintf(stderr, "xiangqi-server: cannot use %s '%s'\n%s", a.c_str(), v.c_str(), kUsage);
      return 2;
    }
  }
  // The connection cap needs that many descriptors and some to spare (the
  // database, the log, the listening socket): raise the limit, or lower the
  // cap to what the system allows.
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0) {
    const rlim_t want = rlim_t(options.network.max_connections) + 64;
    if (files.rlim_cur < want) {
      files.rlim_cur = std::min(want, files.rlim_max);
      setrlimit(RLIMIT_NOFILE, &files);
      getrlimit(RLIMIT_NOFILE, &files);
    }
    if (files.rlim_cur < want) {
      options.network.max_connections = files.rlim_cur > 128 ? size_t(files.rlim_cur - 64) : 64;
      std::fprintf(stderr, "xiangqi-server: the system allows %llu open files: at most %zu connections\n",
                   (unsigned long long)files.rlim_cur, options.network.max_connections);
    }
  }
  xq::server::Store store;
  std::string error;
  if (!store.open(db, error)) {
    std::fprintf(stderr, "xiangqi-server: %s\n", error.c_str());
    return 1;
  }
  if (!web.empty()) {
    auto files = std::make_shared<xq::server::WebFiles>();
    if (!files->load(web, error)) {
      std::fprintf(stderr, "xiangqi-server: %s\n", error.c_str());
      return 1;
    }
    options.web = files;
  }
  xq::server::WebSocketServer server(store, options);
  if (!server.listen(listen, error)) {
    std::fprintf(stderr, "xiangqi-server: %s\n", error.c_str());
    return 1;
  }
  // On PostgreSQL every server is a node: others may share the database.
  if (xq::server::Store::is_postgres(db)) {
    if (node.empty()) {
      char host[256] = "";
      gethostname(host, sizeof host - 1);
      node = std::string(host) + ":" + std::to_string(listen.port);
    }
    xq::server::BusOptions bus;
    bus.uri = db;
    bus.name = node;
    if (!server.join_cluster(bus, error)) {
      std::fprintf(stderr, "xiangqi-server: %s\n", error.c_str());
      return 1;
    }
  }
  // A PostgreSQL URI may carry a password: the log names the database without it.
  std::string shown = db;
  if (xq::server::Store::is_postgres(db))
    if (const size_t at = db.find('@'), colon = db.find(':', 13); at != std::string::npos && colon < at)
      shown = db.substr(0, colon) + ":***" + db.substr(at);
  std::printf("xiangqi-server: listening on %s:%u%s, database %s%s\n", listen.address.c_str(), unsigned(server.port()),
              server.tls() ? " (TLS)" : "", shown.c_str(), node.empty() ? "" : (", node " + node).c_str());
  if (options.web)
    std::printf("xiangqi-server: the web client (%zu files, %zu KB from %s) at %s://HOST:%u/\n", options.web->count(),
                options.web->bytes() >> 10, options.web->folder().c_str(), server.tls() ? "https" : "http",
                unsigned(server.port()));
  std::fflush(stdout);
  server.run();
  std::printf("xiangqi-server: stopped\n");
  return 0;
}
