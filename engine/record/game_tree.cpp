#include "game_tree.h"

#include <algorithm>
#include <functional>

#include "movegen.h"

namespace xq {

const char* mark_text(int mark) {
  static const char* const kText[] = {"", "!", "?", "!!", "??", "!?", "?!"};
  return mark >= 0 && mark <= 6 ? kText[mark] : "";
}

GameTree::GameTree(std::string fen) : fen_(std::move(fen)) { nodes_.emplace_back(); }

GameTree GameTree::from_line(const std::string& fen, const std::vector<Move>& moves,
                             const std::vector<std::string>& comments) {
  GameTree t(fen);
  int at = kRoot;
  for (size_t i = 0; i < moves.size(); ++i) {
    at = t.add(at, moves[i]);
    if (i < comments.size()) t.set_comment(at, comments[i]);
  }
  return t;
}

bool GameTree::has_variations() const {
  return std::any_of(nodes_.begin(), nodes_.end(), [](const TreeNode& n) { return n.children.size() > 1; });
}

bool GameTree::has_notes() const {
  return has_variations() || std::any_of(nodes_.begin(), nodes_.end(), [](const TreeNode& n) {
           return !n.comment.empty() || n.mark != kNoMark;
         });
}

int GameTree::child(int id, Move m) const {
  for (int c : nodes_[size_t(id)].children)
    if (nodes_[size_t(c)].move == m) return c;
  return -1;
}

int GameTree::add(int id, Move m) {
  if (const int c = child(id, m); c >= 0) return c;
  TreeNode n;
  n.move = m;
  n.parent = id;
  nodes_.push_back(std::move(n));
  const int c = int(nodes_.size()) - 1;
  nodes_[size_t(id)].children.push_back(c);
  return c;
}

std::vector<int> GameTree::path(int id) const {
  std::vector<int> out;
  for (int at = id; at > kRoot; at = nodes_[size_t(at)].parent) out.push_back(at);
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<Move> GameTree::moves_to(int id) const {
  std::vector<Move> out;
  for (int n : path(id)) out.push_back(nodes_[size_t(n)].move);
  return out;
}

int GameTree::find(const std::vector<Move>& moves) const {
  int at = kRoot;
  for (Move m : moves)
    if ((at = child(at, m)) < 0) return -1;
  return at;
}

int GameTree::main_end(int id) const {
  while (!nodes_[size_t(id)].children.empty()) id = nodes_[size_t(id)].children[0];
  return id;
}

int GameTree::depth(int id) const {
  int d = 0;
  for (int at = id; at > kRoot; at = nodes_[size_t(at)].parent)
    if (nodes_[size_t(nodes_[size_t(at)].parent)].children[0] != at) ++d;
  return d;
}

void GameTree::promote(int id) {
  for (int at = id; at > kRoot; at = nodes_[size_t(at)].parent) {
    std::vector<int>& siblings = nodes_[size_t(nodes_[size_t(at)].parent)].children;
    std::rotate(siblings.begin(), std::find(siblings.begin(), siblings.end(), at),
                std::find(siblings.begin(), siblings.end(), at) + 1);
  }
}

int GameTree::remove_variation(int id) {
  int top = id;
  while (top > kRoot && nodes_[size_t(nodes_[size_t(top)].parent)].children[0] == top) top = nodes_[size_t(top)].parent;
  if (top <= kRoot) return -1;  // on the main line
  const int parent = nodes_[size_t(top)].parent;
  // Keep every node outside top's subtree, renumbered in order.
  std::vector<char> gone(nodes_.size(), 0);
  std::function<void(int)> mark = [&](int n) {
    gone[size_t(n)] = 1;
    for (int c : nodes_[size_t(n)].children) mark(c);
  };
  mark(top);
  std::vector<int> renumber(nodes_.size(), -1);
  std::vector<TreeNode> kept;
  for (size_t i = 0; i < nodes_.size(); ++i)
    if (!gone[i]) {
      renumber[i] = int(kept.size());
      kept.push_back(nodes_[i]);
    }
  for (TreeNode& n : kept) {
    if (n.parent >= 0) n.parent = renumber[size_t(n.parent)];
    std::vector<int> children;
    for (int c : n.children)
      if (renumber[size_t(c)] >= 0) children.push_back(renumber[size_t(c)]);
    n.children = std::move(children);
  }
  nodes_ = std::move(kept);
  return renumber[size_t(parent)];
}

GameTree tree_from_records(const std::string& fen, const std::string& start_comment,
                           const std::vector<TreeRecord>& records) {
  GameTree t(fen);
  t.set_comment(GameTree::kRoot, start_comment);
  FenData d;
  if (!parse_fen(fen, d, nullptr)) return t;
  Position pos = d.pos;
  // Depth first, the records whose moves are made on pos are a path from the start.
  std::vector<int> node_of(records.size(), -1), path = {-1};
  for (size_t i = 0; i < records.size(); ++i) {
    const int p = records[i].parent;
    const int at = p < 0 ? GameTree::kRoot : p < int(i) ? node_of[size_t(p)] : -1;
    if (at < 0 || !records[i].move) continue;  // under a move that was left out
    if (path.back() != p) {
      // A position takes back its last 1,024 plies; deeper lines are played again from the start.
      const bool deep = path.size() > 1000;
      while (path.size() > 1 && path.back() != p) {
        if (!deep) pos.undo_move();
        path.pop_back();
      }
      if (path.back() != p) continue;  // not a line of the tree (cannot happen depth first)
      if (deep) {
        pos = d.pos;
        for (Move m : t.moves_to(at)) pos.do_move(m);
      }
    }
    if (!is_legal(pos, records[i].move)) continue;
    pos.do_move(records[i].move);
    path.push_back(int(i));
    node_of[i] = t.add(at, records[i].move);
    t.set_comment(node_of[i], records[i].comment);
  }
  return t;
}

}  // namespace xq
