// The record as a tree in the window: every line played or read is kept
// (a move on an earlier position starts a variation instead of cutting the
// game), the controller plays the line on show, the explorer lists the
// record's moves from the position on show, and P / Delete / C promote,
// remove and annotate.
#include <algorithm>

#include "app_model.h"
#include "movegen.h"
#include "notation.h"

namespace xq {

namespace {

// A comment on one row: line breaks as spaces, cut between characters after
// at most `bytes` bytes, with "…" when cut.
std::string cut_text(const std::string& text, size_t bytes) {
  std::string out;
  for (char ch : text) out += ch == '\n' || ch == '\r' || ch == '\t' ? ' ' : ch;
  if (out.size() <= bytes) return out;
  size_t end = bytes;
  while (end > 0 && (static_cast<unsigned char>(out[end]) & 0xC0) == 0x80) --end;
  return out.substr(0, end) + "…";
}

}  // namespace

void AppModel::set_pending_tree(const std::string& pgn_text) {
  PgnTree t;
  if (read_pgn_tree(pgn_text, t, nullptr) && t.tree.has_notes()) pending_tree_ = std::move(t.tree);
  else pending_tree_.reset();
}

// Each frame: the controller's line into the tree. A new or loaded game
// starts a tree (the pending one when a loaded game came with variations);
// a move not in the tree is added there, and against the computer the line
// being played becomes the main line (what was taken back stays a variation).
void AppModel::sync_tree() {
  const Game& g = controller_.game();
  if (controller_.game_serial() != tree_serial_) {
    tree_serial_ = controller_.game_serial();
    folded_.clear();
    if (pending_tree_ && pending_tree_->fen() == g.start_fen() && pending_tree_->find(g.moves()) >= 0)
      tree_ = std::move(*pending_tree_);
    else
      tree_ = GameTree::from_line(g.start_fen(), g.moves());
    pending_tree_.reset();
    ++ui_.record_revision;
  }
  int at = GameTree::kRoot;
  bool grew = false;
  for (Move m : g.moves()) {
    int next = tree_.child(at, m);
    if (next < 0) {
      next = tree_.add(at, m);
      grew = true;
      if (controller_.mode() != Mode::TwoPlayers) tree_.promote(next);
    }
    at = next;
  }
  // Two players (studying) who play a move the record has, where the line on
  // the board ended: the record's line goes on from there, the move on show.
  const std::vector<Move>& line = g.moves();
  const size_t n = line.size();
  const bool one_more = n > 0 && controller_.review_ply() < 0 && n - 1 <= synced_line_.size() &&
                        std::equal(line.begin(), line.end() - 1, synced_line_.begin()) &&
                        (synced_line_.size() < n || synced_line_[n - 1] != line[n - 1]);
  synced_line_ = line;
  if (one_more && !grew && controller_.mode() == Mode::TwoPlayers && !tree_.node(at).children.empty()) {
    show_line(at);
    return;
  }
  // The notes of the line on show: marks, and "…" where the record has other moves.
  std::vector<std::string> notes;
  at = GameTree::kRoot;
  for (Move m : g.moves()) {
    const int parent = at;
    at = tree_.child(at, m);
    std::string n = mark_text(tree_.node(at).mark);
    if (tree_.node(parent).children.size() > 1) n += "…";
    notes.push_back(n);
  }
  if (grew || notes != ui_.move_notes) {
    ui_.move_notes = std::move(notes);
    ++ui_.record_revision;
  }
  variation_lines();
}

// The record's variations along the line on show, as the move list prints
// them under the round of the move each replaces: up to eight moves of each.
void AppModel::variation_lines() {
  const std::tuple<uint64_t, uint64_t, int> key{ui_.record_revision, controller_.revision(), int(notation_style(ui_))};
  if (key == variation_key_) return;
  variation_key_ = key;
  const Game& g = controller_.game();
  const NotationStyle style = notation_style(ui_);
  std::vector<UiState::VariationLine> lines;
  Position pos = g.start_position();
  bool red = pos.side() == RED;
  int round = g.start_fullmove(), at = GameTree::kRoot;
  for (size_t i = 0; i < g.moves().size() && at >= 0; ++i) {
    if (folded_.count(at) && tree_.node(at).children.size() > 1) {
      lines.push_back({int(i) + 1, say(Phrase::VariationsFolded, {std::to_string(tree_.node(at).children.size() - 1)}), -1, at});
    } else for (int c : tree_.node(at).children) {
      if (tree_.node(c).move == g.moves()[i]) continue;
      std::string text = "▼ (";
      Position p = pos;
      bool r = red;
      int rnd = round, n = c;
      for (int k = 0; n >= 0 && k < 8; ++k) {
        const TreeNode& node = tree_.node(n);
        if (k > 0) text += ' ';
        if (k == 0 || r) {
          text += std::to_string(rnd);
          text += r ? ". " : "… ";
        }
        text += move_name(p, node.move, style);
        text += mark_text(node.mark);
        p.do_move(node.move);
        if (!r) ++rnd;
        r = !r;
        n = node.children.empty() ? -1 : node.children[0];
      }
      lines.push_back({int(i) + 1, text + (n >= 0 ? " …)" : ")"), c, at});
    }
    pos.do_move(g.moves()[i]);
    at = tree_.child(at, g.moves()[i]);
    if (at >= 0 && !tree_.node(at).comment.empty())
      lines.push_back({int(i) + 1, "“" + cut_text(tree_.node(at).comment, 160) + "”", at, UiState::kCommentRow});
    if (!red) ++round;
    red = !red;
  }
  if (lines != ui_.variation_lines) {
    ui_.variation_lines = std::move(lines);
    ++ui_.record_revision;
    variation_key_ = {ui_.record_revision, controller_.revision(), int(style)};
  }
}

// A click on a variation's row: on its ▼ the variations of that move fold
// into one row; on the folded row they open again; elsewhere its line goes
// on the board.
void AppModel::variation_clicked(int line, bool on_marker) {
  if (line < 0 || line >= int(ui_.variation_lines.size())) return;
  const UiState::VariationLine& v = ui_.variation_lines[size_t(line)];
  if (v.parent == UiState::kCommentRow) {  // a comment: its move on the board
    show_line(v.node);
    return;
  }
  if (v.node < 0) {
    folded_.erase(v.parent);
  } else if (on_marker) {
    folded_.insert(v.parent);
  } else {
    show_line(v.node);
    return;
  }
  ++ui_.record_revision;
  variation_lines();
}

int AppModel::shown_node() const {
  const Game& g = controller_.game();
  const int ply = controller_.review_ply() < 0 ? g.ply() : controller_.review_ply();
  return tree_.find(std::vector<Move>(g.moves().begin(), g.moves().begin() + ply));
}

void AppModel::show_line(int node) {
  const std::vector<Move> line = tree_.moves_to(tree_.main_end(node));
  const int ply = int(tree_.path(node).size());
  pending_tree_ = tree_;
  std::string err;
  const bool was_shown = record_shown();
  if (!controller_.load_game(tree_.fen(), line, &err)) {
    pending_tree_.reset();
    flash(err);
    return;
  }
  sync_tree();
  if (was_shown) shown_record();  // another line of the same record: still shown
  controller_.review(ply == int(line.size()) ? -1 : ply);
  ui_.follow = ply == int(line.size());
}

// A finished review becomes part of the record: each judged move gets its
// mark (a mark the player set stays) and the engine's better line becomes a
// variation beside it.
void AppModel::review_into_record() {
  sync_tree();
  int at = GameTree::kRoot;
  for (size_t i = 0; i < ui_.review.size() && i < reviewed_moves_.size(); ++i) {
    const int node = tree_.child(at, reviewed_moves_[i]);
    if (node < 0) break;
    const MoveReview& r = ui_.review[i];
    const int mark = r.judgement == Judgement::Inaccuracy ? kDubious
                     : r.judgement == Judgement::Mistake  ? kMistake
                     : r.judgement == Judgement::Blunder  ? kBlunder
                                                          : kNoMark;
    if (mark && !tree_.node(node).mark) tree_.set_mark(node, mark);
    if (mark && !r.better.empty()) {
      int v = at;
      for (Move m : r.better) v = tree_.add(v, m);
    }
    at = node;
  }
  ++ui_.record_revision;
  sync_tree();
}

void AppModel::add_analysis_line() {
  const SearchInfo info = controller_.analysis();
  const Position shown = controller_.shown_position();
  int node = shown_node();
  if (info.pv.empty() || node < 0 || controller_.analysis_root().key() != shown.key()) {
    flash(say(Phrase::NoAnalysisLine));
    return;
  }
  Position p = shown;
  size_t added = 0;
  for (Move m : info.pv) {
    if (!is_legal(p, m)) break;
    p.do_move(m);
    node = tree_.add(node, m);
    ++added;
  }
  ++ui_.record_revision;
  sync_tree();
  flash(say(Phrase::AnalysisLineAdded, {std::to_string(added)}));
}

bool AppModel::record_act(Action a, int arg) {
  switch (a) {
    case Action::Promote: {
      const int node = shown_node();
      if (node <= GameTree::kRoot || tree_.depth(node) == 0) return true;
      tree_.promote(node);
      ++ui_.record_revision;
      flash(say(Phrase::Promoted));
      return true;
    }
    case Action::RemoveVariation: {
      const int node = shown_node();
      if (node <= GameTree::kRoot) return true;
      if (tree_.depth(node) == 0) {
        flash(say(Phrase::MainLineStays));
        return true;
      }
      const int back = tree_.remove_variation(node);
      folded_.clear();  // the nodes are numbered again
      show_line(back);
      flash(say(Phrase::VariationRemoved));
      return true;
    }
    case Action::Annotate: {
      const int node = shown_node();
      if (node <= GameTree::kRoot) {
        flash(say(Phrase::AnnotateNoMove));
        return true;
      }
      annotate_node_ = node;
      annotate_mark_ = tree_.node(node).mark;
      annotating_ = tree_.node(node).comment;
      return true;
    }
    case Action::AnnotateMark: annotate_mark_ = arg; return true;
    case Action::AnnotateDone:
      if (annotating_ && annotate_node_ > GameTree::kRoot && annotate_node_ < tree_.size()) {
        tree_.set_comment(annotate_node_, *annotating_);
        tree_.set_mark(annotate_node_, annotate_mark_);
        ++ui_.record_revision;
      }
      annotating_.reset();
      return true;
    case Action::AnnotateCancel: annotating_.reset(); return true;
    case Action::AddAnalysisLine: add_analysis_line(); return true;
    case Action::ToggleVariations:
      ui_.variations_shown = !ui_.variations_shown;
      ++ui_.record_revision;
      return true;
    default: return false;
  }
}

std::optional<Dialog> AppModel::annotate_dialog() const {
  if (!annotating_ || annotate_node_ <= GameTree::kRoot || annotate_node_ >= tree_.size()) return std::nullopt;
  Dialog d;
  d.area = {20, 150, 480, 250};
  const std::vector<int> path = tree_.path(annotate_node_);
  FenData f;
  parse_fen(tree_.fen(), f, nullptr);
  Position pos = f.pos;
  for (size_t i = 0; i + 1 < path.size(); ++i) pos.do_move(tree_.node(path[i]).move);
  // The move's number as the list shows it (a round: red's move and black's answer), "29…" for black's.
  const bool black_first = f.pos.side() == BLACK;
  const int ply = int(path.size());
  const int round = f.fullmove + (ply - 1 + (black_first ? 1 : 0)) / 2;
  const bool blacks = (ply % 2 == 0) != black_first;
  d.text = say(Phrase::AnnotateTitle, {std::to_string(round) + (blacks ? "…" : ""),
                                       move_name(pos, tree_.node(annotate_node_).move, notation_style(ui_))});
  d.buttons.push_back({Action::None, say(Phrase::AnnotateField, {*annotating_ + "▏"}), {40, 210, 440, 34}, false});
  for (int m = 0; m <= 6; ++m)
    d.buttons.push_back({Action::AnnotateMark, m ? mark_text(m) : "—", {40 + float(m) * 63, 260, 57, 34},
                         m == annotate_mark_, m});
  d.buttons.push_back({Action::AnnotateDone, say(Phrase::AnnotateDone), {230, 340, 120, 40}, true});
  d.buttons.push_back({Action::AnnotateCancel, say(Phrase::Cancel), {360, 340, 120, 40}, false});
  return d;
}

// While the comment is typed: Backspace takes a character back, Return
// keeps it, Escape drops it; letters come as text input.
bool AppModel::annotate_key(Key k) {
  if (!annotating_) return false;
  switch (k) {
    case Key::Backspace:
      while (!annotating_->empty()) {
        const unsigned char c = static_cast<unsigned char>(annotating_->back());
        annotating_->pop_back();
        if ((c & 0xC0) != 0x80) break;
      }
      return true;
    case Key::Return: act(Action::AnnotateDone); return true;
    case Key::Escape: act(Action::AnnotateCancel); return true;
    default: return true;
  }
}

}  // namespace xq
