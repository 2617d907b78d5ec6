// Limits on password guessing, without locking the real player out. Three
// layers, each explained to the client in words with the seconds to wait:
// - a connection that sent a wrong password waits 1 s before its next try,
//   then 2, 4, ... up to a minute (kept in the hub, per connection);
// - one name from one address: the first few wrong passwords are free, then
//   each try waits twice as long as the last (1 s ... 5 min); a right password
//   clears it. Another address (the real player at home) is not held up;
// - an address with many recent wrong passwords (for any names) loses its
//   place at the front of the hashing queue; its tries are checked only when
//   the queue has room for them.
// Failures decay with time, and the tables forget quiet entries, so neither
// grows without bound.
#pragma once
#include <cstdint>
#include <map>
#include <string>

namespace xq::server {

struct LoginLimits {
  int free_failures = 5;             // wrong passwords for a name from an address before the waits begin
  int max_wait_s = 300;              // the longest wait for a name from an address
  double suspect_failures = 20;      // an address with more recent failures is checked after the others
  int failure_decay_s = 30;          // an address's failure count falls by one this often
  size_t max_entries = 100000;       // either table past this forgets its oldest entries first
};

enum class LoginPriority { High, Low };

struct LoginCheck {
  bool allowed = true;
  int wait_s = 0;  // when not allowed
  LoginPriority priority = LoginPriority::High;
};

class LoginGuard {
 public:
  explicit LoginGuard(LoginLimits limits = {}) : limits_(limits) {}
  LoginCheck check(const std::string& address, const std::string& name, int64_t now_ms);
  void failed(const std::string& address, const std::string& name, int64_t now_ms);
  void succeeded(const std::string& address, const std::string& name);
  // Forgets entries that no longer hold anything back (call now and then).
  void sweep(int64_t now_ms);
  size_t entries() const { return pairs_.size() + addresses_.size(); }

 private:
  struct Pair {
    int failures = 0;
    int64_t last_ms = 0;
  };
  struct Address {
    double failures = 0;
    int64_t since_ms = 0;
  };
  double decayed(Address& a, int64_t now_ms) const;
  int64_t pair_wait_ms(const Pair& p) const;
  void trim();

  LoginLimits limits_;
  std::map<std::string, Pair> pairs_;  // "address name" (name in lower case)
  std::map<std::string, Address> addresses_;
};

// A token bucket per address: `burst` at once, then one more every
// `refill_s` seconds (guests made, accounts registered, connections opened).
class AddressRate {
 public:
  AddressRate(double burst, double refill_s, size_t max_entries = 100000)
      : burst_(burst), refill_s_(refill_s), max_entries_(max_entries) {}
  // Takes one; false (and the seconds until one is free) when none is left.
  bool take(const std::string& address, int64_t now_ms, int* wait_s = nullptr);
  void sweep(int64_t now_ms);
  size_t entries() const { return buckets_.size(); }

 private:
  struct Bucket {
    double tokens = 0;
    int64_t at_ms = 0;
  };
  double burst_, refill_s_;
  size_t max_entries_;
  std::map<std::string, Bucket> buckets_;
};

}  // namespace xq::server
