// A game record that is a tree: every node is a position reached by a move,
// with the comment after it and a mark (!, ?, !!, ??, !?, ?!); a node's first
// child is the main continuation, the others are variations played instead of
// it. Game (the judge of one line) stays as it is: the tree hands it a line.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "fen.h"
#include "position.h"

namespace xq {

// Move marks, numbered as PGN's numeric annotation glyphs $1–$6.
enum Mark { kNoMark = 0, kGood = 1, kMistake = 2, kBrilliant = 3, kBlunder = 4, kInteresting = 5, kDubious = 6 };
const char* mark_text(int mark);  // "!", "?", "!!", "??", "!?", "?!" ("" for none)

struct TreeNode {
  Move move = kNoMove;  // the move that led here (none at the root)
  std::string comment;  // after the move (at the root: before the first move)
  int mark = kNoMark;
  int parent = -1;
  std::vector<int> children;  // [0]: the main continuation
};

class GameTree {
 public:
  explicit GameTree(std::string fen = kStartFen);
  // A tree of one line, with a comment after each move where given.
  static GameTree from_line(const std::string& fen, const std::vector<Move>& moves,
                            const std::vector<std::string>& comments = {});

  const std::string& fen() const { return fen_; }
  static constexpr int kRoot = 0;
  const TreeNode& node(int id) const { return nodes_[size_t(id)]; }
  int size() const { return int(nodes_.size()); }
  bool has_variations() const;
  bool has_notes() const;  // a comment or a mark anywhere (or a variation)

  // The child of id reached by m, or -1.
  int child(int id, Move m) const;
  // Adds m after id; an existing child with that move is returned as it is.
  // A new child is the main continuation when id had none, else a variation.
  int add(int id, Move m);
  // The nodes from the root (excluded) down to id, and their moves.
  std::vector<int> path(int id) const;
  std::vector<Move> moves_to(int id) const;
  // The node reached by following moves from the root; -1 when they leave the tree.
  int find(const std::vector<Move>& moves) const;
  // id's main continuation to its end (the last node).
  int main_end(int id) const;
  // The main line's moves.
  std::vector<Move> main_line() const { return moves_to(main_end(kRoot)); }
  // Which variation level id is on: 0 on the main line.
  int depth(int id) const;

  void set_comment(int id, std::string text) { nodes_[size_t(id)].comment = std::move(text); }
  void set_mark(int id, int mark) { nodes_[size_t(id)].mark = mark >= 0 && mark <= 6 ? mark : kNoMark; }
  // Makes the line through id the main line at every branch above it.
  void promote(int id);
  // Removes the variation that holds id: the subtree from the first node
  // above it (or id itself) that is not a main continuation. Returns the
  // node it branched from (where the board goes). The main line cannot be
  // removed: -1 then.
  int remove_variation(int id);

 private:
  std::string fen_;
  std::vector<TreeNode> nodes_;
};

// A tree as the binary formats (XQF, CBR) store it, depth first: each move
// with its comment and the record it follows (-1: the start). A move that
// cannot be played there (or kNoMove) is left out with all that follows it.
struct TreeRecord {
  Move move = kNoMove;
  std::string comment;
  int parent = -1;
};
GameTree tree_from_records(const std::string& fen, const std::string& start_comment,
                           const std::vector<TreeRecord>& records);

}  // namespace xq
