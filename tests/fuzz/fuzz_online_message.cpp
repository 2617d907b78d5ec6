// libFuzzer target: what the game server sends the window (read_server_message
// in game/online/online_session.h), on arbitrary text. It must never crash; a refusal
// says why; what it keeps stays inside the bounds it promises (names of at
// most 20 bytes, moves that are moves, at most 500 seeks and games).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "online_session.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 200000) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  const auto m = xq::read_server_message(text, &error);
  if (!m) {
    if (error.empty()) std::abort();
    return 0;
  }
  if (m->type.empty() || m->name.size() > 20 || m->red_name.size() > 20 || m->seeks.size() > 500 ||
      m->games.size() > 500)
    std::abort();
  for (const xq::OnlineGame& g : m->games)
    if (g.id <= 0 || g.red.size() > 20 || g.black.size() > 20) std::abort();
  return 0;
}
