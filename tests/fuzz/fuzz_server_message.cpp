// libFuzzer target: what clients send the game server. Each line of the input
// is one message from one of three connections (the first byte picks which,
// and may drop it); every line goes through the protocol reader and then
// the hub with a database in memory, with a clock that moves on a little at
// each line. Nothing may crash, and every answer must be a JSON object with
// a type. A line that starts with '~' is a message from another server node
// (what the database's NOTIFY brings), and '!' says node 2 died: the hub is
// node 1 of a cluster, and what it tells the others must be JSON objects too.
#include <nlohmann/json.hpp>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "hub.h"
#include "protocol.h"
#include "store.h"
#include "store_thread.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 20000) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  xq::server::Store store;
  std::string error;
  if (!store.open(":memory:", error)) abort();
  auto check = [](xq::server::ConnId, std::string answer) {
    const auto j = nlohmann::json::parse(answer, nullptr, false);
    if (!j.is_object() || !j.contains("type")) abort();
  };
  xq::server::HubOptions options;
  options.grace_ms = 500;
  int64_t now = 1000;
  // Password hashing is slow by design: here it "fails", so the hub's answer to
  // that is fuzzed too; the database runs each task at once, in memory.
  xq::server::Hub hub(
      options, check, [](xq::server::ConnId, std::string) {},
      [](bool, std::function<std::string()>, std::function<void(std::string)> done) {
        done("");
        return true;
      },
      [&store](xq::server::DbTask task) { xq::server::run_task_now(store, task); }, [&now] { return now; });
  struct Link : xq::server::ClusterLink {
    int64_t node() const override { return 1; }
    void to_node(int64_t, const std::string& payload) override { to_all(payload); }
    void to_all(const std::string& payload) override {
      const auto j = nlohmann::json::parse(payload, nullptr, false);
      if (!j.is_object() || !j.contains("k")) abort();
    }
  } link;
  hub.join_cluster(&link, now);
  bool open[3] = {false, false, false};
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line.empty()) continue;
    now += 37;
    if (line[0] == '~') {
      hub.from_cluster(line.substr(1), now);
      hub.tick(now);
      continue;
    }
    if (line[0] == '!') {
      hub.nodes_dead({2}, now);
      continue;
    }
    const int who = (unsigned char)line[0] % 4;
    if (who == 3) {  // a connection drops, or comes
      const int c = (unsigned char)line[0] / 4 % 3;
      if (open[c]) hub.disconnected(c + 1, now);
      else hub.connected(c + 1, "127.0.0.1", now);
      open[c] = !open[c];
      continue;
    }
    std::string why;
    xq::server::parse_request(std::string_view(line).substr(1), why);
    if (!open[who]) {
      hub.connected(who + 1, "127.0.0.1", now);
      open[who] = true;
    }
    hub.message(who + 1, std::string_view(line).substr(1), now);
    hub.tick(now);
  }
  hub.tick(now + 10000000);
  return 0;
}
