// libFuzzer target: the 象棋桥 readers on arbitrary bytes: as a CBR game, and
// as the games area of a CBL library (behind a well-formed header and index,
// so the fuzzer's bytes reach the blocks). Never a crash or a hang; what is
// accepted is a legal game.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cbr.h"
#include "game.h"

namespace {

void check(const xq::PgnGame& g) {
  xq::Game game;
  if (!game.reset(g.fen)) std::abort();
  for (xq::Move m : g.moves)
    if (!game.play(m)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 1 << 20) return 0;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  xq::PgnGame g;
  std::string err, notice;
  if (xq::read_cbr(bytes, g, &err, &notice)) {
    check(g);
    // With its variations: the same main line first.
    xq::PgnGame again;
    xq::GameTree tree;
    if (!xq::read_cbr(bytes, again, &err, &notice, &tree) || again.moves != g.moves) std::abort();
    const std::vector<xq::Move> main = tree.main_line();
    if (main.size() < g.moves.size() || !std::equal(g.moves.begin(), g.moves.end(), main.begin())) std::abort();
  } else if (err.empty()) {
    std::abort();
  }
  // A library: its header says 3 games; the fuzzer's bytes follow the index.
  std::string lib(101952, '\0');
  std::memcpy(&lib[0], "CCBridgeLibrary", 16);
  lib[60] = 3;
  lib += "CCBridge Record";
  lib += '\0';
  lib += bytes;
  std::vector<xq::PgnGame> games;
  std::string name;
  int skipped = 0;
  if (xq::read_cbl(lib, games, &name, &skipped, &err))
    for (const auto& one : games) check(one);
  else if (err.empty()) std::abort();
  return 0;
}
