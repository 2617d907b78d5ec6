// libFuzzer target: the XQF reader (象棋演播室's binary games, plain and
// encrypted) on arbitrary bytes. It must never crash, hang or read out of
// bounds, and what it accepts must be a legal game (its tree too: every line legal).
#include <cstdint>
#include <cstdlib>
#include <string>

#include <algorithm>
#include <vector>

#include "fen.h"
#include "game.h"
#include "movegen.h"
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
  // With the tree: the same main line first, and every line of it legal.
  xq::PgnGame again;
  xq::GameTree tree;
  if (!xq::read_xqf(bytes, again, &err, &notice, &tree) || again.moves != g.moves) std::abort();
  const std::vector<xq::Move> main = tree.main_line();
  if (main.size() < g.moves.size() || !std::equal(g.moves.begin(), g.moves.end(), main.begin())) std::abort();
  for (int id = 1; id < tree.size(); ++id) {
    if (tree.node(id).children.size()) continue;  // check each line from its end
    xq::FenData d;
    if (!xq::parse_fen(tree.fen(), d, nullptr)) std::abort();
    for (xq::Move m : tree.moves_to(id)) {
      if (!xq::is_legal(d.pos, m)) std::abort();
      d.pos.do_move(m);
    }
  }
  // Written as XQF 1.0 and read again: the same tree.
  xq::PgnGame third;
  xq::GameTree back;
  if (!xq::read_xqf(xq::write_xqf(tree, again.tags), third, &err, &notice, &back)) std::abort();
  if (back.size() != tree.size() || back.main_line() != tree.main_line()) std::abort();
  return 0;
}
