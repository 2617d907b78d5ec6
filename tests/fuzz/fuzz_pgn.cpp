// libFuzzer target: the PGN reader on arbitrary text (tags, Chinese, WXF and
// ICCS moves, comments, variations, NAGs). It must never crash or hang, and a
// game it reads must come back the same through our own writer.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fen.h"
#include "pgn.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 200000) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  xq::PgnGame g;
  std::string err;
  if (!xq::read_pgn(text, g, &err)) {
    if (err.empty()) std::abort();  // a refusal always says why
    return 0;
  }
  // Round trip: what was read, written by us and read again, is the same line.
  xq::Game game;
  std::string why;
  if (!game.reset(g.fen, &why)) return 0;
  for (xq::Move m : g.moves)
    if (!game.play(m)) std::abort();  // the reader let an illegal move through
  xq::PgnGame back;
  if (!xq::read_pgn(xq::write_pgn(game, g.tags), back, &err) || back.moves != g.moves) std::abort();
  return 0;
}
