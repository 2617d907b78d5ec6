// libFuzzer target: the PGN reader on arbitrary text (tags, Chinese, WXF and
// ICCS moves, comments, variations, NAGs), as one line and as a tree. It must
// never crash or hang, and a game it reads (line or tree) must come back the
// same through our own writer.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "fen.h"
#include "pgn.h"

namespace {

// A tree as text, to compare two trees; depth first, iterative.
std::string dump(const xq::GameTree& t) {
  std::string s;
  std::vector<int> todo = {xq::GameTree::kRoot};
  while (!todo.empty()) {
    const int id = todo.back();
    todo.pop_back();
    const xq::TreeNode& n = t.node(id);
    s += std::to_string(n.move) + "/" + std::to_string(n.mark) + "/" + n.comment + "/" +
         std::to_string(n.children.size()) + ";";
    for (auto it = n.children.rbegin(); it != n.children.rend(); ++it) todo.push_back(*it);
  }
  return s;
}

void tree_round_trip(const std::string& text) {
  xq::PgnTree t;
  std::string err;
  if (!xq::read_pgn_tree(text, t, &err)) {
    if (err.empty()) std::abort();
    return;
  }
  // Our own output reads back identically: written, read and written again,
  // the text and the tree are the same (the first writing may normalise a
  // comment, such as a '}' inside a ';' comment).
  const std::string written = xq::write_pgn_tree(t.tree, t.tags, "*");
  xq::PgnTree back, again;
  if (!xq::read_pgn_tree(written, back, &err)) std::abort();
  if (back.tree.size() != t.tree.size()) std::abort();  // no move lost or added
  const std::string rewritten = xq::write_pgn_tree(back.tree, back.tags, "*");
  if (rewritten != written || !xq::read_pgn_tree(rewritten, again, &err) || dump(again.tree) != dump(back.tree))
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 200000) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  tree_round_trip(text);
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
