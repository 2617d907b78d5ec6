#include "cluster_bus.h"

#include <libpq-fe.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace xq::server {

namespace {

// NOTIFY takes payloads under 8,000 bytes: bigger ones go in parts of this size.
constexpr size_t kPart = 7000;

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// One statement with text parameters; the result (null on failure, with `why`).
PGresult* run(pg_conn* db, const char* sql, const std::vector<std::string>& params, std::string& why) {
  std::vector<const char*> values;
  for (const std::string& p : params) values.push_back(p.c_str());
  PGresult* r = PQexecParams(db, sql, int(values.size()), nullptr, values.data(), nullptr, nullptr, 0);
  const ExecStatusType st = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
  if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) return r;
  why = trimmed(r ? PQresultErrorMessage(r) : PQerrorMessage(db));
  if (r) PQclear(r);
  return nullptr;
}

}  // namespace

ClusterBus::~ClusterBus() {
  stop();
  if (db_) PQfinish(db_);
  if (wake_fd_ >= 0) close(wake_fd_);
}

bool ClusterBus::connect_session(std::string& error) {
  std::string why;
  const std::string lease = std::to_string(options_.lease_ms / 1000.0);
  // One running process a name: the lock is the session's, so it goes when a killed node's connection does.
  bool locked = false;
  for (int tries = 0; tries <= options_.name_wait_ms / 100 && !locked; ++tries) {
    PGresult* r = run(db_, "SELECT pg_try_advisory_lock(78000002, hashtext($1))::int", {options_.name}, why);
    if (!r) return error = "cannot take the node's name (" + why + ")", false;
    locked = std::string(PQgetvalue(r, 0, 0)) == "1";
    PQclear(r);
    if (!locked) std::this_thread::sleep_for(std::chrono::milliseconds(100));  // a killed node's session ending
  }
  if (!locked) return error = "another running server is node '" + options_.name + "' (give each node its own --node)", false;
  PGresult* r = run(db_,
                    "INSERT INTO xq_nodes(name,alive_until) VALUES($1,now()+make_interval(secs=>$2::float8)) ON "
                    "CONFLICT(name) DO UPDATE SET alive_until=EXCLUDED.alive_until,started=now() RETURNING id",
                    {options_.name, lease}, why);
  if (!r) return error = "cannot register the node (" + why + ")", false;
  node_ = std::strtoll(PQgetvalue(r, 0, 0), nullptr, 10);
  PQclear(r);
  for (const std::string& channel : {std::string("xq_all"), "xq_node_" + std::to_string(node_)}) {
    r = run(db_, ("LISTEN " + channel).c_str(), {}, why);
    if (!r) return error = "cannot listen (" + why + ")", false;
    PQclear(r);
  }
  return true;
}

bool ClusterBus::open(const BusOptions& options, std::string& error) {
  options_ = options;
  db_ = PQconnectdb(options.uri.c_str());
  if (!db_ || PQstatus(db_) != CONNECTION_OK) {
    error = "the nodes' channel: cannot connect (" + trimmed(db_ ? PQerrorMessage(db_) : "out of memory") + ")";
    return false;
  }
  PQclear(PQexec(db_, "SET client_min_messages TO WARNING"));
  wake_fd_ = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (wake_fd_ < 0) return error = "cannot make an eventfd", false;
  return connect_session(error);
}

void ClusterBus::start(Deliver deliver, NodesDead dead, Reconnected reconnected) {
  deliver_ = std::move(deliver);
  dead_ = std::move(dead);
  reconnected_ = std::move(reconnected);
  thread_ = std::thread([this] { loop(); });
}

void ClusterBus::stop() {
  if (stopping_.exchange(true)) return;
  if (wake_fd_ >= 0) {
    const uint64_t one = 1;
    [[maybe_unused]] const auto n = write(wake_fd_, &one, sizeof one);
  }
  if (thread_.joinable()) thread_.join();
  // A clean stop: the lease ends now, so the others take the games at once.
  if (db_ && PQstatus(db_) == CONNECTION_OK) {
    std::string why;
    if (PGresult* r = run(db_, "UPDATE xq_nodes SET alive_until=now()-interval '1 second' WHERE id=$1",
                          {std::to_string(node_)}, why))
      PQclear(r);
  }
}

void ClusterBus::queue(const std::string& channel, const std::string& payload) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (payload.size() <= kPart) {
    out_.emplace_back(channel, payload);
  } else {
    // "#node:message:part:parts:" and a slice cut between UTF-8 characters.
    const uint64_t id = ++seq_;
    std::vector<std::string> slices;
    for (size_t at = 0; at < payload.size();) {
      size_t end = std::min(payload.size(), at + kPart);
      while (end < payload.size() && (static_cast<unsigned char>(payload[end]) & 0xC0) == 0x80) --end;
      slices.push_back(payload.substr(at, end - at));
      at = end;
    }
    for (size_t i = 0; i < slices.size(); ++i)
      out_.emplace_back(channel, "#" + std::to_string(node_) + ":" + std::to_string(id) + ":" + std::to_string(i) +
                                     ":" + std::to_string(slices.size()) + ":" + slices[i]);
    stats_.parts += int64_t(slices.size());
  }
  while (out_.size() > options_.max_queued) {
    out_.pop_front();
    stats_.dropped++;
  }
  const uint64_t one = 1;
  [[maybe_unused]] const auto n = write(wake_fd_, &one, sizeof one);
}

void ClusterBus::to_node(int64_t node, const std::string& payload) { queue("xq_node_" + std::to_string(node), payload); }
void ClusterBus::to_all(const std::string& payload) { queue("xq_all", payload); }

BusStats ClusterBus::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stats_;
}

// Everything queued in one round trip: one transaction, so the others see it
// in this order. Identical payloads in one transaction would be merged by
// PostgreSQL, so each carries a number of its own.
void ClusterBus::flush() {
  std::deque<std::pair<std::string, std::string>> batch;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    batch.swap(out_);
  }
  while (!batch.empty()) {
    std::string sql;
    size_t taken = 0;
    for (; taken < batch.size() && sql.size() < (1 << 20); ++taken) {
      const auto& [channel, payload] = batch[taken];
      const std::string numbered = payload[0] == '#' ? payload : payload + "\n" + std::to_string(++numbered_);
      char* literal = PQescapeLiteral(db_, numbered.data(), numbered.size());
      if (!literal) continue;
      sql += "SELECT pg_notify('" + channel + "'," + literal + ");";
      PQfreemem(literal);
    }
    PGresult* r = PQexec(db_, sql.c_str());
    const bool ok = r && PQresultStatus(r) == PGRES_TUPLES_OK;
    if (!ok) std::fprintf(stderr, "xiangqi-server: nodes' channel: %s\n", trimmed(PQerrorMessage(db_)).c_str());
    if (r) PQclear(r);
    if (!ok && PQstatus(db_) != CONNECTION_OK) {
      // Kept for when the connection is back, before anything newer.
      std::lock_guard<std::mutex> lock(mutex_);
      for (size_t i = batch.size(); i-- > 0;) out_.push_front(std::move(batch[i]));
      return;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    stats_.sent += int64_t(taken);
    batch.erase(batch.begin(), batch.begin() + long(taken));
  }
}

void ClusterBus::receive() {
  if (!PQconsumeInput(db_)) return;
  const int self = PQbackendPID(db_);
  while (PGnotify* n = PQnotifies(db_)) {
    std::string payload = n->extra ? n->extra : "";
    const bool mine = n->be_pid == self;
    PQfreemem(n);
    if (mine) continue;
    if (!payload.empty() && payload[0] == '#') {
      // A part: "#node:message:part:parts:slice".
      int64_t node = 0;
      unsigned long long id = 0;
      size_t part = 0, parts = 0;
      int used = 0;
      if (std::sscanf(payload.c_str(), "#%lld:%llu:%zu:%zu:%n", reinterpret_cast<long long*>(&node), &id, &part,
                      &parts, &used) < 4 ||
          used <= 0 || parts == 0 || parts > 1000)
        continue;
      std::string& so_far = partial_[{node, id}];
      so_far += payload.substr(size_t(used));
      if (part + 1 < parts) {
        // Bounded: messages of senders that died mid-message, or parts that never end, are let go.
        if (so_far.size() > (8u << 20)) partial_.erase({node, id});
        else if (partial_.size() > 1000) partial_.erase(partial_.begin());
        continue;
      }
      payload = std::move(so_far);
      partial_.erase({node, id});
    } else if (const size_t nl = payload.rfind('\n'); nl != std::string::npos) {
      payload.resize(nl);  // the number that kept it apart from an identical one
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stats_.received++;
    }
    deliver_(std::move(payload));
  }
}

bool ClusterBus::beat() {
  std::string why;
  PGresult* r = run(db_,
                    "UPDATE xq_nodes SET alive_until=now()+make_interval(secs=>$2::float8) WHERE id=$1 RETURNING "
                    "(SELECT string_agg(id::text,',') FROM xq_nodes WHERE alive_until<now() AND id<>$1)",
                    {std::to_string(node_), std::to_string(options_.lease_ms / 1000.0)}, why);
  if (!r) return false;
  std::set<int64_t> dead;
  if (PQntuples(r) > 0 && !PQgetisnull(r, 0, 0)) {
    const std::string list = PQgetvalue(r, 0, 0);
    for (size_t at = 0; at < list.size();) {
      const size_t comma = list.find(',', at);
      dead.insert(std::strtoll(list.substr(at, comma - at).c_str(), nullptr, 10));
      at = comma == std::string::npos ? list.size() : comma + 1;
    }
  }
  PQclear(r);
  std::vector<int64_t> newly;
  for (int64_t n : dead)
    if (!dead_seen_.count(n)) newly.push_back(n);
  dead_seen_ = dead;  // a node that came back (the same name) can die again later
  if (!newly.empty()) dead_(newly);
  return true;
}

void ClusterBus::loop() {
  int64_t next_beat = 0;
  while (!stopping_) {
    if (PQstatus(db_) != CONNECTION_OK) {
      PQreset(db_);
      std::string error;
      if (PQstatus(db_) != CONNECTION_OK || !connect_session(error)) {
        pollfd wait{wake_fd_, POLLIN, 0};
        poll(&wait, 1, 1000);
        continue;
      }
      {
        std::lock_guard<std::mutex> lock(mutex_);
        stats_.reconnects++;
      }
      reconnected_();
    }
    flush();
    if (now_ms() >= next_beat) {
      beat();
      next_beat = now_ms() + options_.beat_ms;
    }
    receive();
    pollfd fds[2] = {{PQsocket(db_), POLLIN, 0}, {wake_fd_, POLLIN, 0}};
    const int wait = int(std::max<int64_t>(0, next_beat - now_ms()));
    if (poll(fds, 2, wait) > 0 && (fds[1].revents & POLLIN)) {
      uint64_t count = 0;
      [[maybe_unused]] const auto n = read(wake_fd_, &count, sizeof count);
    }
    if (fds[0].revents & (POLLERR | POLLHUP)) PQconsumeInput(db_);
    receive();
  }
}

}  // namespace xq::server
