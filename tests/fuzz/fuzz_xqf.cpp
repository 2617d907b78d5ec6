// libFuzzer target: the XQF reader (象棋演播室's binary games, plain and
// encrypted) on arbitrary bytes. It must never crash, hang or read out of
// bounds, and what it accepts must be a legal game.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "game.h"
#include "xqf.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 1 << 20) return 0;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  (void)xq::looks_like_xqf(bytes);
  xq::PgnGame g;
  std::string err, notice;
  if (!xq::read_xqf(bytes, g, &err, &notice)) {
    if (err.empty()) std::abort();  // a refusal always says why
    return 0;
  }
  xq::Game game;
  if (!game.reset(g.fen)) std::abort();  // the start position it gives is one we can play from
  for (xq::Move m : g.moves)
    if (!game.play(m)) break;  // moves past the end of the game (a verdict) are the caller's to refuse
  return 0;
}
