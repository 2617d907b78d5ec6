// libFuzzer target: arbitrary text as a move, in ICCS or Chinese notation,
// against a few positions. A parsed move must be legal and write back to the
// same move in both notations.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fen.h"
#include "movegen.h"
#include "notation.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const char* const kFens[] = {
      xq::kStartFen, "5k3/9/4P4/2P1P4/2P1P4/9/9/9/9/3K5 w - - 0 1",
      "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
      "5k3/9/9/4r4/9/4r4/9/9/9/3K5 b - - 0 1"};
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const char* fen : kFens) {
    xq::FenData d;
    xq::parse_fen(fen, d, nullptr);
    xq::Move m = 0;
    std::string err;
    if (xq::iccs_to_move(text, m, &err)) xq::is_legal(d.pos, m);
    if (!xq::parse_move(d.pos, text, m, &err)) {
      if (err.empty()) std::abort();
      continue;
    }
    if (!xq::is_legal(d.pos, m)) std::abort();
    xq::Move back = 0;
    if (!xq::chinese_to_move(d.pos, xq::move_to_chinese(d.pos, m), back, nullptr) || back != m) std::abort();
  }
  return 0;
}
