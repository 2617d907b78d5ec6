// xiangqi-loadtest: simulated players against a running xiangqi-server.
// C connections log in as guests; G pairs of them play casual games, each
// side moving a random legal move 200 ms (150-250) after the other's arrives; when a
// game ends the pair starts another. Every client keeps its own board and
// checks each relayed move against it (a move that does not fit is a
// desync); the time from sending a move to its arrival at the opponent is
// the relay time. Stops by itself after S seconds (and at most 10 s more to
// collect what is in flight), then prints one line:
//   clients C games G moves M lost L desynced D p99_relay_ms X
// Several nodes of one cluster (--port P1,P2,... and --server-pid Q1,Q2,...):
// the clients are spread over them, each game's two players on two different
// nodes, and a line a node says what its clients saw and what it cost.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <utility>  // before Asio (Boost 1.74 under C++20)
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "game.h"
#include "notation.h"
#include "parse_int.h"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Totals {
  long moves = 0, lost = 0, desynced = 0, started = 0, finished = 0, failed_connections = 0;
  long refused = 0;  // moves and new games the server could not store, played again
  std::vector<double> relay_ms;
  std::vector<long> node_moves;                   // moves that reached the clients of each node
  std::vector<std::vector<double>> node_relay_ms;  // and their relay times
};

struct Pair;

struct Client : std::enable_shared_from_this<Client> {
  Client(asio::io_context& ioc, Totals& totals) : ws(ioc), totals(totals), timer(ioc) {}
  websocket::stream<beast::tcp_stream> ws;
  beast::flat_buffer buffer;
  std::vector<std::string> out;
  bool writing = false, ready = false, broken = false;
  Totals& totals;
  Pair* pair = nullptr;
  int color = -1;  // in the current game
  size_t node = 0;  // which of the nodes it is connected to
  int64_t seek = 0;  // the seek it is to accept (asked again while its node has not heard of it yet)
  int accept_tries = 0;
  int64_t game = 0;
  xq::Game board;
  asio::steady_timer timer;
  std::string last_sent;

  void send(std::string text) {
    if (broken) return;
    out.push_back(std::move(text));
    if (!writing) write();
  }
  void write() {
    writing = true;
    auto text = std::make_shared<std::string>(std::move(out.front()));
    out.erase(out.begin());
    ws.text(true);
    ws.async_write(asio::buffer(*text), [self = shared_from_this(), text](beast::error_code ec, size_t) {
      if (ec) return self->fail();
      if (self->out.empty()) self->writing = false;
      else self->write();
    });
  }
  void read();
  void on_message(const json& j);
  void fail() {
    if (!broken) ++totals.failed_connections;
    broken = true;
  }
};

struct Pair {
  std::shared_ptr<Client> side[2];  // the seeker plays red
  std::vector<Clock::time_point> sent;  // sent[ply]: when the move of that ply left
  std::mt19937 random;
  bool running = true;
  int over = 0;  // how many of the two saw the game end
  void seek() {
    over = 0;
    side[0]->send(R"({"type":"seek","time":"10+5","color":"red"})");
  }
};

// What a server left running meets beside its players (--guessers, --slow-readers):
// connections guessing a password as fast as they are answered, and
// connections that ask and never read. Reconnected when the server drops them.
struct Attacker : std::enable_shared_from_this<Attacker> {
  Attacker(asio::io_context& ioc, tcp::endpoint at, bool guesser, int index)
      : ioc(ioc), ws(ioc), timer(ioc), at(at), guesser(guesser), index(index) {}
  asio::io_context& ioc;
  websocket::stream<beast::tcp_stream> ws;
  beast::flat_buffer buffer;
  asio::steady_timer timer;
  tcp::endpoint at;
  bool guesser;
  int index;
  long tries = 0;
  bool* running = nullptr;
  long* answers = nullptr;
  long* drops = nullptr;
  void start() {
    auto self = shared_from_this();
    beast::error_code ec;
    ws.next_layer().socket().open(tcp::v4(), ec);
    if (!guesser) ws.next_layer().socket().set_option(asio::socket_base::receive_buffer_size(4096), ec);
    ws.next_layer().async_connect(at, [self](beast::error_code e) {
      if (e) return self->again();
      self->ws.async_handshake("127.0.0.1", "/", [self](beast::error_code e2) {
        if (e2) return self->again();
        if (self->guesser) {
          self->guess();
          self->read();
        } else {
          self->ask();  // and never read
        }
      });
    });
  }
  void guess() {
    const std::string name = "soak-victim-" + std::to_string(index % 3);
    send(json{{"type", "login"}, {"name", name}, {"password", "guess-" + std::to_string(tries++)}}.dump());
  }
  void ask() {
    if (!*running) return;
    send(json{{"type", "watch"}, {"game", 1 + tries++ % 50}}.dump());
    timer.expires_after(std::chrono::milliseconds(40));
    timer.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->ask();
    });
  }
  void send(std::string text) {
    auto t = std::make_shared<std::string>(std::move(text));
    ws.text(true);
    ws.async_write(asio::buffer(*t), [self = shared_from_this(), t](beast::error_code ec, size_t) {
      if (ec) self->again();
    });
  }
  void read() {
    ws.async_read(buffer, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return self->again();
      self->buffer.consume(self->buffer.size());
      ++*self->answers;
      self->timer.expires_after(std::chrono::milliseconds(20));
      self->timer.async_wait([self](beast::error_code e) {
        if (!e && *self->running) self->guess();
      });
      self->read();
    });
  }
  bool restarting = false;
  void again() {  // dropped (or refused): a fresh connection in 100 ms
    if (restarting || !*running) return;
    restarting = true;
    ++*drops;
    beast::error_code ignored;
    ws.next_layer().socket().close(ignored);
    timer.expires_after(std::chrono::milliseconds(100));
    timer.async_wait([self = shared_from_this()](beast::error_code) {
      if (!*self->running) return;
      auto fresh = std::make_shared<Attacker>(self->ioc, self->at, self->guesser, self->index);
      fresh->running = self->running;
      fresh->answers = self->answers;
      fresh->drops = self->drops;
      fresh->start();
    });
  }
};

void Client::read() {
  ws.async_read(buffer, [self = shared_from_this()](beast::error_code ec, size_t) {
    if (ec) return self->fail();
    const auto data = self->buffer.cdata();
    const json j = json::parse(std::string_view(static_cast<const char*>(data.data()), data.size()), nullptr, false);
    self->buffer.consume(self->buffer.size());
    self->on_message(j);
    self->read();
  });
}

// 200 ms on average, spread over 150-250 ms so that the games do not all move in the same instant.
void schedule_move(Client& c) {
  c.timer.expires_after(std::chrono::milliseconds(150 + c.pair->random() % 101));
  c.timer.async_wait([self = c.shared_from_this()](beast::error_code ec) {
    Pair* p = self->pair;
    if (ec || !p || !p->running || self->board.verdict().over() || self->board.side_to_move() != self->color) return;
    const auto moves = self->board.legal_moves();
    if (moves.empty()) return;
    const xq::Move m = moves[p->random() % moves.size()];
    self->last_sent = xq::move_to_iccs(m);
    p->sent.resize(size_t(self->board.ply()) + 2);
    p->sent[size_t(self->board.ply()) + 1] = Clock::now();
    self->send(json{{"type", "move"}, {"game", self->game}, {"move", self->last_sent}}.dump());
  });
}

void Client::on_message(const json& j) {
  const std::string type = j.is_object() ? j.value("type", "") : "";
  if (type == "welcome") {
    ready = true;
    if (pair && pair->side[0].get() == this && pair->side[1]->ready) pair->seek();
    if (pair && pair->side[1].get() == this && pair->side[0]->ready) pair->seek();
  } else if (type == "seek_created" && pair) {
    auto& other = *pair->side[1];
    other.seek = j.value("seek", int64_t(0));
    other.accept_tries = 0;
    other.send(json{{"type", "accept"}, {"seek", other.seek}}.dump());
  } else if (type == "error" && pair && j.value("about", "") == "move" && j.value("code", "") == "not_saved") {
    // The database did not take it (restarting, say): the move was not played; play it again.
    ++totals.refused;
    timer.expires_after(std::chrono::milliseconds(100));
    timer.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec && self->pair && self->pair->running)
        self->send(json{{"type", "move"}, {"game", self->game}, {"move", self->last_sent}}.dump());
    });
  } else if (type == "error" && pair && j.value("about", "") == "accept" && ++accept_tries < 200) {
    // Another node's seek: this node hears of it through the database a moment later
    // (or the new game could not be stored yet).
    if (j.value("code", "") == "not_saved") ++totals.refused;
    timer.expires_after(std::chrono::milliseconds(50));
    timer.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->send(json{{"type", "accept"}, {"seek", self->seek}}.dump());
    });
  } else if (type == "game" && pair) {
    game = j.value("game", int64_t(0));
    color = j.value("you", "") == "red" ? xq::RED : xq::BLACK;
    board.reset_start();
    if (color == xq::RED) {
      ++totals.started;
      pair->sent.clear();
      schedule_move(*this);
    }
  } else if (type == "move" && pair) {
    xq::Move m{};
    const int ply = j.value("ply", 0);
    const std::string text = j.value("move", "");
    if (j.value("game", int64_t(0)) != game || ply != board.ply() + 1 || !xq::iccs_to_move(text, m, nullptr) ||
        !board.is_legal(m)) {
      ++totals.desynced;
      return;
    }
    const bool mine = board.side_to_move() == color;
    if (mine && text != last_sent) ++totals.desynced;
    board.play(m);
    if (!mine) {
      ++totals.moves;
      ++totals.node_moves[node];
      if (size_t(ply) < pair->sent.size()) {
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - pair->sent[ply]).count();
        totals.relay_ms.push_back(ms);
        totals.node_relay_ms[node].push_back(ms);
      }
      schedule_move(*this);
    }
  } else if (type == "game_over" && pair) {
    const std::string reason = j.value("reason", "");
    if (color == xq::RED) {
      ++totals.finished;
      if (reason == "abandoned" || reason == "timeout" || reason == "timeout_no_mate") ++totals.lost;
    }
    if (++pair->over == 2 && pair->running) pair->seek();
  } else if (type == "error") {
    std::fprintf(stderr, "xiangqi-loadtest: the server said: %s\n", j.value("message", "").c_str());
  }
}

long read_proc_number(const std::string& path, const std::string& key) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(key, 0) == 0) return std::atol(line.c_str() + key.size());
  return -1;
}

// utime + stime of a process in clock ticks, or -1.
long cpu_ticks(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t close = text.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream fields(text.substr(close + 2));
  std::string f;
  long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && fields >> f; ++i) {
    if (i == 14) utime = std::atol(f.c_str());
    if (i == 15) stime = std::atol(f.c_str());
  }
  return utime + stime;
}

const char* kUsage =
    "usage: xiangqi-loadtest --port P[,P2...] [--address IP] [--clients C] [--games G] [--seconds S]\n"
    "                        [--server-pid PID[,PID2...]]\n"
    "  simulated guests on a running xiangqi-server: G games (2G clients play, the rest stay idle),\n"
    "  each side moving 200 ms after the other; stops after S seconds. --server-pid reports the\n"
    "  server's memory and CPU. Defaults: 127.0.0.1, 100 clients, 50 games, 10 seconds.\n"
    "  --guessers N: N more connections guess passwords as fast as they are answered;\n"
    "  --slow-readers N: N more ask for games to watch and never read (both reconnect when dropped).\n"
    "  Several ports: nodes of one cluster; each game's players on two of them, a line a node.\n";

// "7800,7801" -> {7800, 7801}; false if any is not a number in range.
bool parse_list(const std::string& text, int low, int high, std::vector<int>& out) {
  out.clear();
  for (size_t at = 0; at <= text.size();) {
    const size_t comma = std::min(text.find(',', at), text.size());
    int n = 0;
    if (!xq::parse_int(text.substr(at, comma - at), low, high, n)) return false;
    out.push_back(n);
    at = comma + 1;
  }
  return !out.empty();
}

}  // namespace

int main(int argc, char** argv) {
  std::string address = "127.0.0.1";
  int clients = 100, games = 50, seconds = 10, guessers = 0, slow_readers = 0;
  std::vector<int> ports, pids;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    const std::string v = i + 1 < argc ? argv[++i] : "";
    bool ok = true;
    if (a == "--port") ok = parse_list(v, 1, 65535, ports);
    else if (a == "--address") address = v;
    else if (a == "--clients") ok = xq::parse_int(v, 1, 20000, clients);
    else if (a == "--games") ok = xq::parse_int(v, 0, 10000, games);
    else if (a == "--seconds") ok = xq::parse_int(v, 1, 3600, seconds);
    else if (a == "--server-pid") ok = parse_list(v, 1, 1 << 30, pids);
    else if (a == "--guessers") ok = xq::parse_int(v, 0, 10000, guessers);
    else if (a == "--slow-readers") ok = xq::parse_int(v, 0, 10000, slow_readers);
    else ok = false;
    if (!ok) {
      std::fprintf(stderr, "xiangqi-loadtest: cannot use %s '%s'\n%s", a.c_str(), v.c_str(), kUsage);
      return 2;
    }
  }
  if (ports.empty() || games * 2 > clients || (!pids.empty() && pids.size() != ports.size())) {
    std::fprintf(stderr, "xiangqi-loadtest: %s\n%s",
                 ports.empty()          ? "--port is needed"
                 : games * 2 > clients  ? "--games needs twice as many --clients"
                                        : "--server-pid needs a process for each port",
                 kUsage);
    return 2;
  }
  const size_t nodes = ports.size();
  const int port = ports[0];
  // A thousand sockets need more than the usual 1,024 descriptors.
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }
  beast::error_code ec;
  const auto ip = asio::ip::make_address(address, ec);
  if (ec) {
    std::fprintf(stderr, "xiangqi-loadtest: '%s' is not an IP address\n", address.c_str());
    return 2;
  }
  asio::io_context ioc;
  Totals totals;
  totals.node_moves.assign(nodes, 0);
  totals.node_relay_ms.resize(nodes);
  std::vector<std::shared_ptr<Client>> all;
  std::vector<std::unique_ptr<Pair>> pairs;
  for (int i = 0; i < clients; ++i) {
    all.push_back(std::make_shared<Client>(ioc, totals));
    all.back()->node = size_t(i) % nodes;  // the idle ones spread evenly
  }
  for (int g = 0; g < games; ++g) {
    auto p = std::make_unique<Pair>();
    p->side[0] = all[2 * g];
    p->side[1] = all[2 * g + 1];
    p->random.seed(g + 1);
    all[2 * g]->pair = all[2 * g + 1]->pair = p.get();
    all[2 * g]->node = size_t(g) % nodes;  // the seeker on one node, the other player on the next
    all[2 * g + 1]->node = size_t(g + 1) % nodes;
    pairs.push_back(std::move(p));
  }
  std::vector<long> cpu_before;
  for (int pid : pids) cpu_before.push_back(cpu_ticks(pid));
  const auto t0 = Clock::now();
  int connected = 0;
  for (auto& c : all) {
    c->ws.next_layer().async_connect(tcp::endpoint(ip, uint16_t(ports[c->node])), [c, &connected](beast::error_code e) {
      if (e) return c->fail();
      c->ws.next_layer().socket().set_option(tcp::no_delay(true));
      c->ws.async_handshake("127.0.0.1", "/", [c, &connected](beast::error_code e2) {
        if (e2) return c->fail();
        ++connected;
        c->send(R"({"type":"guest"})");
        c->read();
      });
    });
  }
  bool attacking = true;
  long attacker_answers = 0, attacker_drops = 0;
  for (int i = 0; i < guessers + slow_readers; ++i) {
    auto a = std::make_shared<Attacker>(ioc, tcp::endpoint(ip, uint16_t(port)), i < guessers, i);
    a->running = &attacking;
    a->answers = &attacker_answers;
    a->drops = &attacker_drops;
    a->start();
  }
  // Run for the given time, then stop moving and collect what is in flight.
  asio::steady_timer stop_timer(ioc);
  stop_timer.expires_after(std::chrono::seconds(seconds));
  stop_timer.async_wait([&](beast::error_code) {
    for (auto& p : pairs) p->running = false;
    attacking = false;
  });
  ioc.run_for(std::chrono::seconds(seconds) + std::chrono::milliseconds(1500));
  const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  std::vector<long> cpu_after, rss_kb;
  for (int pid : pids) {
    cpu_after.push_back(cpu_ticks(pid));
    rss_kb.push_back(read_proc_number("/proc/" + std::to_string(pid) + "/status", "VmRSS:"));
  }
  auto cpu_percent = [&](size_t k) {
    return 100.0 * double(cpu_after[k] - cpu_before[k]) / double(sysconf(_SC_CLK_TCK)) / elapsed;
  };
  for (auto& c : all) {
    beast::error_code ignored;
    c->ws.next_layer().socket().shutdown(tcp::socket::shutdown_both, ignored);
    c->ws.next_layer().socket().close(ignored);
  }
  std::vector<double>& r = totals.relay_ms;
  std::sort(r.begin(), r.end());
  auto quantile = [](const std::vector<double>& v, double q) {
    return v.empty() ? 0.0 : v[std::min(v.size() - 1, size_t(q * double(v.size())))];
  };
  auto at = [&r, &quantile](double q) { return quantile(r, q); };
  if (nodes > 1)
    for (size_t k = 0; k < nodes; ++k) {
      std::vector<double>& nr = totals.node_relay_ms[k];
      std::sort(nr.begin(), nr.end());
      long held = 0;
      for (auto& c : all) held += c->node == k && c->ready;
      std::printf("node %zu (port %d): clients %ld, %.0f moves/s reached them, relay ms p50 %.2f p99 %.2f", k + 1, ports[k],
                  held, double(totals.node_moves[k]) / elapsed, quantile(nr, 0.5), quantile(nr, 0.99));
      if (k < pids.size() && cpu_before[k] >= 0 && cpu_after[k] >= 0)
        std::printf(", cpu %.0f%% rss %.1f MB", cpu_percent(k), double(rss_kb[k]) / 1024.0);
      std::printf("\n");
    }
  // A connection that never came up or broke counts its game as lost.
  totals.lost += totals.failed_connections;
  std::printf("connected %d of %d, games started %ld, finished %ld, %.0f moves/s, relay ms p50 %.2f p99 %.2f max %.2f",
              connected, clients, totals.started, totals.finished, double(totals.moves) / elapsed, at(0.5), at(0.99),
              r.empty() ? 0.0 : r.back());
  if (pids.size() == 1 && cpu_before[0] >= 0 && cpu_after[0] >= 0)
    std::printf(", server cpu %.0f%% rss %.1f MB", cpu_percent(0), double(rss_kb[0]) / 1024.0);
  else if (pids.size() > 1) {
    double cpu = 0, rss = 0;
    for (size_t k = 0; k < pids.size(); ++k) cpu += cpu_percent(k), rss += double(rss_kb[k]) / 1024.0;
    std::printf(", servers cpu %.0f%% rss %.1f MB in all", cpu, rss);
  }
  if (totals.refused) std::printf(", %ld refused (not saved) and sent again", totals.refused);
  if (guessers + slow_readers)
    std::printf(", %d guessers answered %ld times, %ld attacker connections dropped", guessers, attacker_answers,
                attacker_drops);
  std::printf("\nclients %d games %d moves %ld lost %ld desynced %ld p99_relay_ms %.2f\n", clients, games, totals.moves,
              totals.lost, totals.desynced, at(0.99));
  return totals.lost || totals.desynced || connected < clients ? 1 : 0;
}
