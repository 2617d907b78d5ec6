// The hub's logins: guests, accounts (registered and checked with argon2id
// on the hashing thread), resume tokens and logging out.
#include <optional>

#include "hub_state.h"

namespace xq::server {

void Hub::guest(ConnId c, Conn& conn, const Request& r, int64_t now) {
  int wait = 0;
  if (!guests_.take(conn.address, now, &wait))
    return error(c, r.type_name, "too many guests from your address: try again in " + std::to_string(wait) + " s", "rate",
                 wait);
  conn.busy = true;
  struct Out {
    std::optional<PlayerRow> row;
    std::string token = new_token(), why;
  };
  auto out = std::make_shared<Out>();
  const int64_t lifetime = options_.token_lifetime_s;
  persist_({[out, lifetime](Store& s) {
              for (int tries = 0; tries < 20 && !out->row; ++tries) {
                const std::string name = guest_name();
                if (s.name_used(name)) continue;
                if (!s.add_player(name, "", true)) break;
                out->row = s.player_by_name(name);
              }
              if (out->row && !s.set_token(out->row->id, out->token, lifetime)) out->row.reset();
              out->why = s.last_error();
              return out->row.has_value();
            },
            [this, c, out, about = r.type_name](bool saved) {
              const auto it = conns_.find(c);
              if (it == conns_.end()) return;
              it->second.busy = false;
              if (!saved) return error(c, about, not_saved("a guest", out->why), "not_saved");
              logged_in(c, *out->row, out->token);
            }});
}

void Hub::resume(ConnId c, Conn& conn, const Request& r) {
  if (r.token.size() != 32) return error(c, r.type_name, "unknown or expired token: log in again", "token");
  conn.busy = true;
  struct Out {
    std::optional<PlayerRow> row;
    std::string token = new_token();
  };
  auto out = std::make_shared<Out>();
  const int64_t lifetime = options_.token_lifetime_s;
  // A token is used once: the answer carries the next one.
  persist_({[out, lifetime, old = r.token](Store& s) {
              out->row = s.player_by_token(old);
              return !out->row || s.set_token(out->row->id, out->token, lifetime);
            },
            [this, c, out, about = r.type_name](bool saved) {
              const auto it = conns_.find(c);
              if (it == conns_.end()) return;
              it->second.busy = false;
              if (!saved) return error(c, about, not_saved("the login", ""), "not_saved");
              if (!out->row) return error(c, about, "unknown or expired token: log in again", "token");
              logged_in(c, *out->row, out->token);
            }});
}

// Hands a hash to the worker; false (the client told) when the queue is full.
bool Hub::hash_later(ConnId c, Conn& conn, bool high, const std::string& about, std::function<std::string()> work,
                     std::function<void(std::string)> done) {
  if (offload_(high, std::move(work), std::move(done))) return true;
  conn.busy = false;
  error(c, about, "the server is busy checking logins: try again in a few seconds", "busy");
  return false;
}

void Hub::register_account(ConnId c, Conn& conn, const Request& r, int64_t now) {
  if (guest_form(r.name))
    return error(c, r.type_name, "names of the form Guest and digits are kept for guests: choose another", "name");
  int wait = 0;
  if (!registrations_.take(conn.address, now, &wait))
    return error(c, r.type_name,
                 "too many new accounts from your address: try again in " + std::to_string(wait) + " s", "rate", wait);
  conn.busy = true;
  const bool high = guard_.check(conn.address, r.name, now).priority == LoginPriority::High;
  struct Out {
    bool taken = false;
    std::optional<PlayerRow> row;
    std::string token = new_token(), why;
  };
  // Is the name free? Then hash (on the worker), then store.
  auto out = std::make_shared<Out>();
  const std::string name = r.name, password = r.password, about = r.type_name;
  persist_({[out, name](Store& s) {
              out->taken = s.name_used(name);
              return true;
            },
            [this, c, out, name, password, about, high](bool saved) {
              const auto it = conns_.find(c);
              if (it == conns_.end()) return;
              Conn& conn = it->second;
              if (!saved || out->taken) {
                conn.busy = false;
                return saved ? error(c, about, "the name '" + name + "' is already taken", "taken")
                             : error(c, about, not_saved("the account", ""), "not_saved");
              }
              hash_later(
                  c, conn, high, about, [password] { return hash_password(password); },
                  [this, c, out, name, about](std::string hash) {
                    if (!conns_.count(c)) return;
                    if (hash.empty()) {
                      conns_.at(c).busy = false;
                      return error(c, about, "the server could not hash the password: try again", "not_saved");
                    }
                    const int64_t lifetime = options_.token_lifetime_s;
                    persist_({[out, name, hash, lifetime](Store& s) {
                                const int64_t id = s.add_player(name, hash, false);
                                if (id) out->row = s.player_by_name(name);
                                else out->taken = s.last_error().empty() || s.player_by_name(name).has_value();
                                out->why = s.last_error();
                                return out->row && s.set_token(out->row->id, out->token, lifetime);
                              },
                              [this, c, out, name, about](bool saved) {
                                const auto it = conns_.find(c);
                                if (it == conns_.end()) return;
                                it->second.busy = false;
                                if (!saved)
                                  return out->taken ? error(c, about, "the name '" + name + "' is already taken", "taken")
                                                    : error(c, about, not_saved("the account", out->why), "not_saved");
                                logged_in(c, *out->row, out->token);
                              }});
                  });
            }});
}

void Hub::login_failed(ConnId c, const std::string& name, const std::string& about) {
  const auto it = conns_.find(c);
  if (it == conns_.end()) return;
  Conn& conn = it->second;
  const int64_t now = now_();
  conn.busy = false;
  guard_.failed(conn.address, name, now);
  // This connection waits 1 s before its next try, then 2, 4, ... at most a minute.
  conn.next_login_ms = now + std::min<int64_t>(int64_t(1000) << std::min(conn.login_failures, 6), 60000);
  conn.login_failures++;
  error(c, about, "wrong name or password", "credentials");
}

void Hub::login(ConnId c, Conn& conn, const Request& r, int64_t now) {
  if (now < conn.next_login_ms)
    return error(c, r.type_name,
                 "wait " + std::to_string((conn.next_login_ms - now + 999) / 1000) + " s before trying again", "wait",
                 int((conn.next_login_ms - now + 999) / 1000));
  const LoginCheck check = guard_.check(conn.address, r.name, now);
  if (!check.allowed)
    return error(c, r.type_name,
                 "too many wrong passwords for '" + r.name + "' from your address: try again in " +
                     std::to_string(check.wait_s) + " s",
                 "wait", check.wait_s);
  // One password check at a time for a name from an address, and a few at a
  // time from an address: the rest of a guessing crowd is answered at once and
  // never fills the hashing queue ahead of a real login.
  const std::string key = conn.address + " " + lower(r.name);
  int same_name = 0, same_address = 0;
  for (const auto& [id, other] : conns_)
    if (other.busy && !other.login_key.empty()) {
      same_name += other.login_key == key;
      same_address += other.address == conn.address;
    }
  if (same_name)
    return error(c, r.type_name, "a login for '" + r.name + "' from your address is being checked: try again in a moment",
                 "wait");
  if (same_address >= kLoginsAtOnceFromAnAddress)
    return error(c, r.type_name, "the server is busy checking logins: try again in a few seconds", "busy");
  conn.busy = true;
  conn.login_key = key;
  auto row = std::make_shared<std::optional<PlayerRow>>();
  const std::string name = r.name, password = r.password, about = r.type_name;
  const bool high = check.priority == LoginPriority::High;
  persist_({[row, name](Store& s) {
              *row = s.player_by_name(name);
              return true;
            },
            [this, c, row, name, password, about, high](bool saved) {
              const auto it = conns_.find(c);
              if (it == conns_.end()) return;
              if (!saved) {
                it->second.busy = false;
                return error(c, about, not_saved("the login", ""), "not_saved");
              }
              if (!*row || (*row)->guest) return login_failed(c, name, about);
              hash_later(
                  c, it->second, high, about,
                  [password, stored = (*row)->hash] {
                    return crypto_pwhash_str_verify(stored.c_str(), password.data(), password.size()) == 0 ? "ok" : "";
                  },
                  [this, c, row, name, about](std::string answer) {
                    const auto it = conns_.find(c);
                    if (it == conns_.end()) return;
                    if (answer.empty()) return login_failed(c, name, about);
                    guard_.succeeded(it->second.address, name);
                    it->second.login_failures = 0;
                    auto token = std::make_shared<std::string>(new_token());
                    const int64_t id = (*row)->id, lifetime = options_.token_lifetime_s;
                    persist_({[token, id, lifetime](Store& s) { return s.set_token(id, *token, lifetime); },
                              [this, c, row, token, about](bool saved) {
                                const auto it = conns_.find(c);
                                if (it == conns_.end()) return;
                                it->second.busy = false;
                                if (!saved) return error(c, about, not_saved("the login", ""), "not_saved");
                                logged_in(c, **row, *token);
                              }});
                  });
            }});
}

void Hub::logout(ConnId c, Conn& conn, const Request& r) {
  conn.busy = true;
  const int64_t player = conn.player;
  persist_({[player](Store& s) { return s.clear_token(player); },
            [this, c, about = r.type_name](bool saved) {
              const auto it = conns_.find(c);
              if (it == conns_.end()) return;
              it->second.busy = false;
              if (!saved) return error(c, about, not_saved("the logout", ""), "not_saved");
              detach(c, it->second, now_());
              send_(c, R"({"type":"logged_out"})");
            }});
}

}  // namespace xq::server
