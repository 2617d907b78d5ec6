// The nodes' channel on a throwaway PostgreSQL cluster: messages arrive in
// the order sent, a message far over NOTIFY's 8,000 bytes (with Chinese
// text) arrives whole, a node's own messages do not come back to it, two
// processes cannot take one name, and a node whose lease runs out is
// reported dead to the others once.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

#include "cluster_bus.h"
#include "postgres_cluster.h"
#include "store.h"

namespace {

using xq::server::BusOptions;
using xq::server::ClusterBus;

// What one bus received, for the test's thread to wait on.
struct Inbox {
  std::mutex m;
  std::condition_variable cv;
  std::vector<std::string> messages;
  std::vector<int64_t> dead;
  void take(std::string p) {
    std::lock_guard<std::mutex> l(m);
    messages.push_back(std::move(p));
    cv.notify_all();
  }
  void died(const std::vector<int64_t>& nodes) {
    std::lock_guard<std::mutex> l(m);
    dead.insert(dead.end(), nodes.begin(), nodes.end());
    cv.notify_all();
  }
  template <class F>
  bool wait(F ready, int seconds = 10) {
    std::unique_lock<std::mutex> l(m);
    return cv.wait_for(l, std::chrono::seconds(seconds), ready);
  }
};

BusOptions options(const std::string& db, const std::string& name) {
  BusOptions o;
  o.uri = db;
  o.name = name;
  o.lease_ms = 1000;  // short, so a stopped node is found dead within the test's patience
  o.beat_ms = 200;
  o.name_wait_ms = 300;
  return o;
}

std::string schema(const std::string& db) {
  xq::server::Store store;  // the server's store creates xq_nodes with the rest
  std::string error;
  EXPECT_TRUE(store.open(db, error)) << error;
  return db;
}

TEST(ClusterBus, MessagesArriveInOrderAndWholeAndNotBackToTheSender) {
  const std::string db = schema(xq::test::fresh_postgres_database());
  ClusterBus a, b;
  std::string error;
  ASSERT_TRUE(a.open(options(db, "a"), error)) << error;
  ASSERT_TRUE(b.open(options(db, "b"), error)) << error;
  Inbox in_a, in_b;
  a.start([&](std::string p) { in_a.take(std::move(p)); }, [&](std::vector<int64_t> n) { in_a.died(n); }, [] {});
  b.start([&](std::string p) { in_b.take(std::move(p)); }, [&](std::vector<int64_t> n) { in_b.died(n); }, [] {});
  // A big one: 60,000 bytes of JSON with Chinese in it (three bytes a character), cut between characters.
  std::string big = "{\"k\":\"out\",\"m\":\"";
  while (big.size() < 60000) big += "炮二平五 马8进7 ";
  big += "\"}";
  for (int i = 0; i < 100; ++i) a.to_node(b.node(), "{\"i\":" + std::to_string(i) + "}");
  a.to_node(b.node(), big);
  a.to_all("{\"same\":1}");
  a.to_all("{\"same\":1}");  // identical payloads are not merged into one
  ASSERT_TRUE(in_b.wait([&] { return in_b.messages.size() >= 103; })) << in_b.messages.size();
  for (int i = 0; i < 100; ++i) EXPECT_EQ(in_b.messages[size_t(i)], "{\"i\":" + std::to_string(i) + "}");
  EXPECT_EQ(in_b.messages[100], big);
  EXPECT_EQ(in_b.messages[101], "{\"same\":1}");
  EXPECT_EQ(in_b.messages[102], "{\"same\":1}");
  EXPECT_GE(a.stats().parts, 9);
  // The sender heard none of its own (a message to all goes to its own channel too).
  b.to_node(a.node(), "{\"back\":1}");
  ASSERT_TRUE(in_a.wait([&] { return !in_a.messages.empty(); }));
  EXPECT_EQ(in_a.messages, std::vector<std::string>{"{\"back\":1}"});
  a.stop();
  b.stop();
}

TEST(ClusterBus, ANameIsOneProcessAndAStoppedNodeIsReportedDeadOnce) {
  const std::string db = schema(xq::test::fresh_postgres_database());
  ClusterBus a, b;
  std::string error;
  ASSERT_TRUE(a.open(options(db, "a"), error)) << error;
  ClusterBus twin;
  EXPECT_FALSE(twin.open(options(db, "a"), error));
  EXPECT_NE(error.find("another running server is node 'a'"), std::string::npos) << error;
  ASSERT_TRUE(b.open(options(db, "b"), error)) << error;
  Inbox in_b;
  a.start([](std::string) {}, [](std::vector<int64_t>) {}, [] {});
  b.start([&](std::string p) { in_b.take(std::move(p)); }, [&](std::vector<int64_t> n) { in_b.died(n); }, [] {});
  const int64_t a_node = a.node();
  a.stop();  // its lease ends at once
  ASSERT_TRUE(in_b.wait([&] { return !in_b.dead.empty(); }));
  EXPECT_EQ(in_b.dead, std::vector<int64_t>{a_node});
  // Said once: a later beat does not report it again.
  EXPECT_FALSE(in_b.wait([&] { return in_b.dead.size() > 1; }, 1));
  b.stop();
}

}  // namespace
