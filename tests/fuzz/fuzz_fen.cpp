// libFuzzer target: arbitrary text as FEN. A string either fails with a
// message or gives a position that writes back to an equivalent FEN.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fen.h"
#include "movegen.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  xq::FenData d;
  std::string err;
  if (!xq::parse_fen(text, d, &err)) {
    if (err.empty()) std::abort();
    return 0;
  }
  const std::string back = xq::to_fen(d.pos, d.halfmove, d.fullmove);
  xq::FenData again;
  if (!xq::parse_fen(back, again, &err) || again.pos.key() != d.pos.key()) std::abort();
  xq::Move moves[xq::kMaxMoves];
  xq::generate_legal(d.pos, moves);
  return 0;
}
