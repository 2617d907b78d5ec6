// The server's protocol: one JSON object per WebSocket text message, with a
// "type". This reads a client's message into a checked Request (every field
// of the right kind and size) or names what is wrong; it is the one reader of
// what clients send, and it is fuzzed. The README lists every message.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "clock.h"
#include "types.h"

namespace xq::server {

// The largest message a client may send (the WebSocket layer refuses bigger frames).
constexpr size_t kMaxMessageBytes = 4096;

enum class RequestType {
  Register, Login, Guest, Resume, Lobby, LobbyLeave, Seek, CancelSeek, Accept, Move, Resign, DrawOffer,
  DrawAccept, DrawDecline, Takeback, TakebackAccept, TakebackDecline, Watch, Unwatch, History, Pgn, Ping, Logout
};

struct Request {
  RequestType type = RequestType::Ping;
  std::string type_name;      // as sent, for replies
  std::string name, password;  // register, login; name also for history
  std::string token;           // resume
  TimeControl time;            // seek
  std::string time_text;       // seek, as sent ("5+3", "10m/30s*3")
  bool rated = false;          // seek
  int color = -1;              // seek: RED, BLACK or -1 for either
  int64_t seek = 0;            // cancel_seek, accept
  int64_t game = 0;            // move, resign, draws, takebacks, watch, unwatch, pgn
  Move move{};                 // move
  std::string move_text;       // move, as sent
};

// A name: 3-20 letters, digits, '_' or '-'.
bool valid_name(std::string_view name);
// "Guest" and digits, in any case: the form kept for guests, never registered.
bool guest_form(std::string_view name);

// nullopt with `error` set ("bad JSON", "unknown type 'x'", "'game' must be a
// positive whole number", ...) when the message cannot be used.
std::optional<Request> parse_request(std::string_view text, std::string& error);

}  // namespace xq::server
