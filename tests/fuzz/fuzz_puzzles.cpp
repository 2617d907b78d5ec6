// libFuzzer target: the puzzle file's reader (engine/trainer/puzzle.h) on arbitrary
// text. It must never crash, and every puzzle it keeps must be written back
// and read again the same (FEN, goal, moves, names, rating, theme, solution).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "puzzle.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 100000) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<xq::Puzzle> list;
  std::string err;
  if (!xq::parse_puzzles(text, list, &err)) {
    if (err.empty()) std::abort();  // a refusal always says why
    return 0;
  }
  for (const xq::Puzzle& p : list) {
    xq::Puzzle back;
    if (!xq::parse_puzzle_line(xq::puzzle_line(p), back, &err)) std::abort();
    if (back.fen != p.fen || back.goal != p.goal || back.moves != p.moves || back.name_zh != p.name_zh ||
        back.name_en != p.name_en || back.rating != p.rating || back.theme != p.theme || back.line != p.line)
      std::abort();
  }
  return 0;
}
