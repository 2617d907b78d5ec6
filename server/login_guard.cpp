#include "login_guard.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <vector>

namespace xq::server {

namespace {

std::string pair_key(const std::string& address, const std::string& name) {
  std::string key = address + " ";
  for (char ch : name) key += char(std::tolower(static_cast<unsigned char>(ch)));
  return key;
}

}  // namespace

double LoginGuard::decayed(Address& a, int64_t now_ms) const {
  const double gone = double(now_ms - a.since_ms) / (1000.0 * limits_.failure_decay_s);
  a.failures = std::max(0.0, a.failures - gone);
  a.since_ms = now_ms;
  return a.failures;
}

int64_t LoginGuard::pair_wait_ms(const Pair& p) const {
  if (p.failures < limits_.free_failures) return 0;
  const int doublings = std::min(p.failures - limits_.free_failures, 20);
  return std::min<int64_t>(int64_t(1000) << doublings, int64_t(limits_.max_wait_s) * 1000);
}

LoginCheck LoginGuard::check(const std::string& address, const std::string& name, int64_t now_ms) {
  LoginCheck c;
  if (const auto it = pairs_.find(pair_key(address, name)); it != pairs_.end()) {
    const int64_t until = it->second.last_ms + pair_wait_ms(it->second);
    if (now_ms < until) {
      c.allowed = false;
      c.wait_s = int((until - now_ms + 999) / 1000);
      return c;
    }
    if (it->second.failures > 0) c.priority = LoginPriority::Low;
  }
  if (const auto it = addresses_.find(address);
      it != addresses_.end() && decayed(it->second, now_ms) >= limits_.suspect_failures)
    c.priority = LoginPriority::Low;
  return c;
}

void LoginGuard::failed(const std::string& address, const std::string& name, int64_t now_ms) {
  Pair& p = pairs_[pair_key(address, name)];
  p.failures++;
  p.last_ms = now_ms;
  Address& a = addresses_[address];
  decayed(a, now_ms);
  a.failures += 1;
  trim();
}

void LoginGuard::succeeded(const std::string& address, const std::string& name) {
  pairs_.erase(pair_key(address, name));
}

void LoginGuard::sweep(int64_t now_ms) {
  // A pair is forgotten once its wait is over and an hour has passed; an address once its count has decayed.
  for (auto it = pairs_.begin(); it != pairs_.end();)
    it = now_ms - it->second.last_ms > pair_wait_ms(it->second) + 3600 * 1000 ? pairs_.erase(it) : std::next(it);
  for (auto it = addresses_.begin(); it != addresses_.end();)
    it = decayed(it->second, now_ms) <= 0 ? addresses_.erase(it) : std::next(it);
}

void LoginGuard::trim() {
  // Past the bound, the entries that changed least recently go first.
  auto shrink = [](auto& table, size_t bound, auto when) {
    if (table.size() <= bound) return;
    std::vector<std::pair<int64_t, std::string>> order;
    for (const auto& [k, v] : table) order.push_back({when(v), k});
    std::sort(order.begin(), order.end());
    for (size_t i = 0; i < table.size() - bound * 9 / 10 && i < order.size(); ++i) table.erase(order[i].second);
  };
  shrink(pairs_, limits_.max_entries, [](const Pair& p) { return p.last_ms; });
  shrink(addresses_, limits_.max_entries, [](const Address& a) { return a.since_ms; });
}

bool AddressRate::take(const std::string& address, int64_t now_ms, int* wait_s) {
  if (burst_ <= 0) return true;  // no limit
  auto [it, fresh] = buckets_.try_emplace(address, Bucket{burst_, now_ms});
  Bucket& b = it->second;
  b.tokens = std::min(burst_, b.tokens + double(now_ms - b.at_ms) / (1000.0 * refill_s_));
  b.at_ms = now_ms;
  if (b.tokens >= 1) {
    b.tokens -= 1;
    if (buckets_.size() > max_entries_) sweep(now_ms);
    return true;
  }
  if (wait_s) *wait_s = int(std::ceil((1 - b.tokens) * refill_s_));
  return false;
}

void AddressRate::sweep(int64_t now_ms) {
  // A full bucket holds nothing back.
  for (auto it = buckets_.begin(); it != buckets_.end();) {
    const double tokens = it->second.tokens + double(now_ms - it->second.at_ms) / (1000.0 * refill_s_);
    it = tokens >= burst_ ? buckets_.erase(it) : std::next(it);
  }
}

}  // namespace xq::server
