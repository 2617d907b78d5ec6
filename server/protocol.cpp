#include "protocol.h"

#include <cctype>

#include <nlohmann/json.hpp>

#include "notation.h"

namespace xq::server {

namespace {

using nlohmann::json;

struct TypeName {
  const char* name;
  RequestType type;
};
constexpr TypeName kTypes[] = {
    {"register", RequestType::Register},     {"login", RequestType::Login},
    {"guest", RequestType::Guest},           {"resume", RequestType::Resume},
    {"lobby", RequestType::Lobby},           {"lobby_leave", RequestType::LobbyLeave},
    {"seek", RequestType::Seek},             {"cancel_seek", RequestType::CancelSeek},
    {"accept", RequestType::Accept},         {"move", RequestType::Move},
    {"resign", RequestType::Resign},         {"draw_offer", RequestType::DrawOffer},
    {"draw_accept", RequestType::DrawAccept}, {"draw_decline", RequestType::DrawDecline},
    {"takeback", RequestType::Takeback},     {"takeback_accept", RequestType::TakebackAccept},
    {"takeback_decline", RequestType::TakebackDecline},
    {"watch", RequestType::Watch},           {"unwatch", RequestType::Unwatch},
    {"history", RequestType::History},       {"pgn", RequestType::Pgn},
    {"ping", RequestType::Ping},             {"logout", RequestType::Logout}};

// Messages are flat objects: deeper nesting is refused before parsing, so no
// parser or destructor ever recurses far on what a client sent.
bool nesting_at_most(std::string_view text, int limit) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char ch : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (ch == '\\') escaped = true;
      else if (ch == '"') in_string = false;
    } else if (ch == '"') {
      in_string = true;
    } else if (ch == '{' || ch == '[') {
      if (++depth > limit) return false;
    } else if (ch == '}' || ch == ']') {
      --depth;
    }
  }
  return true;
}

bool get_string(const json& j, const char* key, size_t max_len, std::string& out, std::string& error) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_string()) {
    error = std::string("'") + key + "' must be a string";
    return false;
  }
  out = it->get<std::string>();
  if (out.empty() || out.size() > max_len) {
    error = std::string("'") + key + "' must have 1 to " + std::to_string(max_len) + " characters";
    return false;
  }
  return true;
}

bool get_id(const json& j, const char* key, int64_t& out, std::string& error) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer() || it->get<int64_t>() <= 0 ||
      it->get<int64_t>() > (int64_t(1) << 53)) {
    error = std::string("'") + key + "' must be a positive whole number";
    return false;
  }
  out = it->get<int64_t>();
  return true;
}

}  // namespace

bool valid_name(std::string_view name) {
  if (name.size() < 3 || name.size() > 20) return false;
  for (char ch : name)
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-'))
      return false;
  return true;
}

bool guest_form(std::string_view name) {
  if (name.size() <= 5) return false;
  for (size_t i = 0; i < 5; ++i)
    if (std::tolower(static_cast<unsigned char>(name[i])) != "guest"[i]) return false;
  for (size_t i = 5; i < name.size(); ++i)
    if (name[i] < '0' || name[i] > '9') return false;
  return true;
}

std::optional<Request> parse_request(std::string_view text, std::string& error) {
  if (text.size() > kMaxMessageBytes) {
    error = "message longer than " + std::to_string(kMaxMessageBytes) + " bytes";
    return std::nullopt;
  }
  if (!nesting_at_most(text, 2)) {
    error = "bad JSON: nested too deeply";
    return std::nullopt;
  }
  const json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded()) {
    error = "bad JSON";
    return std::nullopt;
  }
  if (!j.is_object()) {
    error = "a message must be a JSON object";
    return std::nullopt;
  }
  Request r;
  if (!get_string(j, "type", 32, r.type_name, error)) return std::nullopt;
  bool known = false;
  for (const auto& t : kTypes)
    if (r.type_name == t.name) {
      r.type = t.type;
      known = true;
    }
  if (!known) {
    error = "unknown type '" + r.type_name + "'";
    return std::nullopt;
  }
  switch (r.type) {
    case RequestType::Register:
    case RequestType::Login:
      if (!get_string(j, "name", 20, r.name, error) || !get_string(j, "password", 128, r.password, error))
        return std::nullopt;
      if (!valid_name(r.name)) {
        error = "a name has 3 to 20 letters, digits, '_' or '-'";
        return std::nullopt;
      }
      if (r.type == RequestType::Register && r.password.size() < 6) {
        error = "a password has at least 6 characters";
        return std::nullopt;
      }
      break;
    case RequestType::Resume:
      if (!get_string(j, "token", 64, r.token, error)) return std::nullopt;
      break;
    case RequestType::Seek: {
      if (!get_string(j, "time", 16, r.time_text, error)) return std::nullopt;
      const auto tc = parse_clock_option(r.time_text);
      if (!tc || !tc->on()) {
        error = "'time' must be a clock such as 5+3 or 10m/30s*3";
        return std::nullopt;
      }
      r.time = *tc;
      if (const auto it = j.find("rated"); it != j.end()) {
        if (!it->is_boolean()) {
          error = "'rated' must be true or false";
          return std::nullopt;
        }
        r.rated = it->get<bool>();
      }
      if (const auto it = j.find("color"); it != j.end()) {
        const std::string c = it->is_string() ? it->get<std::string>() : "";
        if (c == "red") r.color = RED;
        else if (c == "black") r.color = BLACK;
        else if (c == "any") r.color = -1;
        else {
          error = "'color' must be red, black or any";
          return std::nullopt;
        }
      }
      break;
    }
    case RequestType::CancelSeek:
    case RequestType::Accept:
      if (!get_id(j, "seek", r.seek, error)) return std::nullopt;
      break;
    case RequestType::Move:
      if (!get_id(j, "game", r.game, error) || !get_string(j, "move", 8, r.move_text, error)) return std::nullopt;
      if (!iccs_to_move(r.move_text, r.move, nullptr)) {
        error = "'move' must be a move such as h2e2";
        return std::nullopt;
      }
      break;
    case RequestType::Resign:
    case RequestType::DrawOffer:
    case RequestType::DrawAccept:
    case RequestType::DrawDecline:
    case RequestType::Takeback:
    case RequestType::TakebackAccept:
    case RequestType::TakebackDecline:
    case RequestType::Watch:
    case RequestType::Unwatch:
    case RequestType::Pgn:
      if (!get_id(j, "game", r.game, error)) return std::nullopt;
      break;
    case RequestType::History:
      if (!get_string(j, "name", 20, r.name, error)) return std::nullopt;
      break;
    case RequestType::Guest:
    case RequestType::Lobby:
    case RequestType::LobbyLeave:
    case RequestType::Ping:
    case RequestType::Logout:
      break;
  }
  return r;
}

}  // namespace xq::server
