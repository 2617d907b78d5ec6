// libFuzzer target: the DhtmlXQ reader (forum and web page blocks, UTF-8,
// GBK or HTML) on arbitrary text. It must never crash or hang; what it
// accepts is a legal game, and our writer's block of it reads back the same
// (with its variations too).
#include <cstdint>
#include <algorithm>
#include <cstdlib>
#include <vector>
#include <string>

#include "dhtmlxq.h"
#include "game.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 1 << 20) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  (void)xq::looks_like_dhtmlxq(text);
  xq::PgnGame g;
  std::string err, notice;
  if (!xq::read_dhtmlxq(text, g, &err, &notice)) {
    if (err.empty()) std::abort();  // a refusal always says why
    return 0;
  }
  xq::Game game;
  if (!game.reset(g.fen)) std::abort();
  for (xq::Move m : g.moves)
    if (!game.play(m)) std::abort();  // every move kept is legal in turn
  xq::PgnGame back;
  if (!xq::read_dhtmlxq(xq::write_dhtmlxq(g), back, &err)) std::abort();
  // A block has no side-to-move field: the first move tells it, so with no
  // moves only the board must come back.
  const std::string board = g.fen.substr(0, g.fen.find(' ')), back_board = back.fen.substr(0, back.fen.find(' '));
  if (back.moves != g.moves || back_board != board || (!g.moves.empty() && back.fen != g.fen)) std::abort();
  // With its variations: the tree's main line is the game, and the tree
  // written as a block reads back with as many nodes.
  // (A variation from where a broken main line stopped continues it.)
  xq::GameTree tree, again;
  if (!xq::read_dhtmlxq(text, back, &err, &notice, &tree)) std::abort();
  const std::vector<xq::Move> main = tree.main_line();
  if (main.size() < g.moves.size() || !std::equal(g.moves.begin(), g.moves.end(), main.begin())) std::abort();
  xq::PgnGame whole = g;
  whole.moves = main;
  if (!xq::read_dhtmlxq(xq::write_dhtmlxq(whole, &tree), back, &err, &notice, &again) || again.size() != tree.size())
    std::abort();
  return 0;
}
