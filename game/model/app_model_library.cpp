// The game library from the window: the opening explorer in the panel (the
// moves played from the position on show, their scores and the book's
// weight; a click plays one), the library games that reached it, and imports
// of files and folders, all through the LibraryService's worker.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "app_model.h"
#include "book.h"
#include "ecco.h"
#include "notation.h"

namespace xq {

namespace {

int percent(int part, int whole) { return whole ? int(std::lround(100.0 * part / whole)) : 0; }

}  // namespace

LibraryService& AppModel::library() {
  if (!library_) library_ = std::make_unique<LibraryService>();
  if (!library_opened_) {
    library_->open(library_path_);
    library_opened_ = true;
  }
  return *library_;
}

void AppModel::import_to_library(std::vector<std::string> paths) {
  if (library().importing()) return;  // one import at a time
  import_message_.clear();
  library().import(std::move(paths));
  ui_.message = say(Phrase::Importing, {"0", "…", "0"});
  ui_.message_until_ms = now_ms_ + 3000;
}

bool AppModel::library_act(Action a, int arg) {
  switch (a) {
    case Action::Explorer:
      ui_.explorer = !ui_.explorer;
      explorer_key_ = 0;  // ask again for the position on show
      explorer_rows();
      return true;
    case Action::ExplorerMove: explorer_play(arg); return true;
    case Action::ExplorerGames: {
      LibraryQuery q;
      q.position = controller_.shown_position().key();
      q.limit = 1000;
      const Game& g = controller_.game();
      const int ply = controller_.review_ply() < 0 ? g.ply() : controller_.review_ply();
      const EccoOpening o = classify_opening(g.start_fen(), std::vector<Move>(g.moves().begin(), g.moves().begin() + ply));
      found_title_ = say(Phrase::LibraryGames, {o.code.empty() ? say(Phrase::ExplorerTitle)
                                                               : o.code + " " + (ui_.language == Language::Chinese ? o.zh : o.en)});
      ask_library(q, false);
      return true;
    }
    case Action::LibraryList: {  // the library's games (the first 2,000), searched again as the filter is typed
      LibraryQuery q;
      q.limit = 2000;
      found_title_ = say(Phrase::LibraryAll);
      ask_library(q, false);
      return true;
    }
    case Action::ExplorerImport:
      if (!file_dialog_ && desktop_ &&
          desktop_->start_file_dialog(FileDialogKind::Import, settings_.folder, "", ui_.language))
        file_dialog_ = FileDialogKind::Import;
      return true;
    default: return false;
  }
}

void AppModel::ask_library(const LibraryQuery& q, bool refind) {
  asked_ = q;
  refinding_ = refind;
  library().find(q);
}

// Each frame: the newest answers, the import's progress, and a new question
// when the position on show has changed.
void AppModel::poll_library() {
  if (!library_) {
    if (ui_.explorer) library();
    else return;
  }
  if (library_->importing()) {
    const ImportReport p = library_->progress();
    if (p.files_done != ui_.import_done || std::max(p.files_total, 1) != ui_.import_total) {
      ui_.import_done = p.files_done;
      ui_.import_total = std::max(p.files_total, 1);
      ++ui_.review_revision;  // the bar is redrawn with the review's
    }
    const std::string m = say(Phrase::Importing, {std::to_string(p.files_done), std::to_string(p.files_total),
                                                  std::to_string(p.imported)});
    if (m != ui_.message || now_ms_ + 1000 > ui_.message_until_ms) {
      ui_.message = m;
      ui_.message_until_ms = now_ms_ + 3000;
    }
  }
  if (auto r = library_->take_import()) {
    ui_.import_done = ui_.import_total = 0;
    ++ui_.review_revision;
    flash(r->cancelled ? say(Phrase::ImportCancelled, {std::to_string(r->imported)})
                       : say(Phrase::Imported, {std::to_string(r->imported), std::to_string(r->duplicates),
                                                std::to_string(r->failed)}) +
                             (r->merged ? say(Phrase::ImportMerged, {std::to_string(r->merged)}) : ""));
    for (const std::string& f : r->failures) console_.push_back("import: failed: " + f);
    explorer_key_ = 0;  // the counts may have changed
  }
  if (auto found = library_->take_found()) {
    const std::optional<LibraryQuery> asked = std::move(asked_);
    asked_.reset();
    if (!found->error.empty()) {
      flash(say(Phrase::LibraryError, {found->error}));
    } else if (refinding_) {  // the list's games for the filter typed: the list stays open
      if (collection_query_) {
        collection_ = std::move(found->games);
        collection_total_ = found->total;
        collection_openings_ = std::move(found->openings);
        collection_game_ = -1;
        collection_page_ = 0;
      }
    } else if (found->games.empty()) {
      flash(say(Phrase::ExplorerEmpty));
    } else {
      open_collection(std::move(found->games), found_title_, 0, asked, std::move(found->openings));
      collection_total_ = found->total;
    }
  }
  // The filter typed into a list from the library: ask the library again
  // (one question at a time; the newest text once the last answer is in).
  if (collection_query_ && collection_shown_ && !asked_ && collection_filter_ != collection_asked_) {
    LibraryQuery q = filter_query(collection_filter_);
    q.position = collection_query_->position;
    q.limit = collection_query_->limit;
    collection_asked_ = collection_filter_;
    ask_library(q, true);
  }
  if (auto r = library_->take_explore()) {
    explored_ = std::move(*r);
    explorer_waiting_ = false;
    explorer_rows();
  }
  if (!ui_.explorer) return;
  if (explorer_record_revision_ != ui_.record_revision) explorer_rows();
  const uint64_t key = controller_.shown_position().key();
  if (key != explorer_key_ && !explorer_waiting_) {
    explorer_key_ = key;
    explorer_waiting_ = true;
    library_->explore(key);
    explorer_rows();
  }
}

// The explorer's head and rows for the position on show: the library's moves
// (most played first), then the book's moves the library has not seen.
void AppModel::explorer_rows() {
  std::vector<std::string> rows;
  std::vector<std::array<int, 3>> bars;  // filled to the rows' length at the end (-1: no bar)
  explorer_moves_.clear();
  const Game& g = controller_.game();
  const int ply = controller_.review_ply() < 0 ? g.ply() : controller_.review_ply();
  const std::vector<Move> line(g.moves().begin(), g.moves().begin() + ply);
  const EccoOpening o = classify_opening(g.start_fen(), line);
  // A variation's name goes on a second line of the head (the names run
  // long: 中炮过河车互进七兵对屏风马平炮兑车 / 红左边炮对黑退边炮上右士右直车).
  std::string head = say(Phrase::ExplorerTitle);
  if (!o.code.empty()) {
    const bool zh = ui_.language == Language::Chinese;
    std::string name = zh ? o.zh : o.en;
    const std::string split = zh ? " " : ": ";
    if (const size_t at = name.find(split); at != std::string::npos) name.replace(at, split.size(), "\n");
    head = o.code + " " + name;
  }
  Position pos = controller_.shown_position();
  std::map<Move, int> book;
  if (const Book* b = controller_.book())
    for (const Book::Choice& c : b->moves(pos)) book[c.move] = c.weight;
  // The record's own moves from here first: the line's next move and the variations.
  if (const int node = shown_node(); node >= 0) {
    if (const std::string& c = tree_.node(node).comment; !c.empty() && node != GameTree::kRoot) {
      rows.push_back("“" + (c.size() > 90 ? c.substr(0, 87) + "…" : c) + "”");
      explorer_moves_.push_back(kNoMove);
    }
    const std::vector<int>& children = tree_.node(node).children;
    for (size_t i = 0; i < children.size(); ++i) {
      const TreeNode& n = tree_.node(children[i]);
      rows.push_back(say(i == 0 ? Phrase::RecordMain : Phrase::RecordVariation,
                         {move_name(pos, n.move, notation_style(ui_)) + mark_text(n.mark)}));
      explorer_moves_.push_back(n.move);
    }
  }
  explorer_record_revision_ = ui_.record_revision;
  const bool current = explored_ && explored_->key == pos.key() && !explorer_waiting_;
  if (explored_ && explored_->error.empty()) head = say(Phrase::ExplorerHead, {head, std::to_string(explored_->games_in_library)});
  else if (explored_) head += " · " + explored_->error;
  const NotationStyle style = notation_style(ui_);
  if (current) {
    for (const ExploreMove& m : explored_->moves) {
      Move mv = kNoMove;
      if (!iccs_to_move(m.move, mv, nullptr) || !is_legal(pos, mv)) continue;
      // Percentages of the games whose result is known; games with none are counted apart.
      const int known = m.red_wins + m.draws + m.black_wins, unknown = m.games - known;
      const int r = percent(m.red_wins, known), d = percent(m.draws, known), b = percent(m.black_wins, known);
      // Columns: the move, its games, the results (drawn as a bar), the rest.
      std::string row = known == 0
                            ? say(Phrase::ExplorerRowNoResults, {move_name(pos, mv, style), std::to_string(m.games)})
                            : say(Phrase::ExplorerRow, {move_name(pos, mv, style), std::to_string(m.games),
                                                        std::to_string(r), std::to_string(d), std::to_string(b)});
      std::vector<std::string> rest;
      if (known > 0 && unknown > 0) rest.push_back(say(Phrase::ExplorerNoResult, {std::to_string(unknown)}));
      if (m.average_year > 0) rest.push_back(say(Phrase::ExplorerYear, {std::to_string(int(std::lround(m.average_year)))}));
      if (auto it = book.find(mv); it != book.end()) {
        rest.push_back(say(Phrase::ExplorerBook, {std::to_string(it->second)}));
        book.erase(it);
      }
      for (size_t k = 0; k < rest.size(); ++k) row += (k ? " " : "\t") + rest[k];
      bars.resize(rows.size(), {-1, -1, -1});
      bars.push_back(known > 0 ? std::array<int, 3>{r, d, b} : std::array<int, 3>{-1, -1, -1});
      rows.push_back(row);
      explorer_moves_.push_back(mv);
    }
  }
  std::vector<std::pair<int, Move>> book_only;
  for (const auto& [m, w] : book) book_only.emplace_back(-w, m);
  std::sort(book_only.begin(), book_only.end());
  for (const auto& [w, m] : book_only) {
    rows.push_back(move_name(pos, m, style) + "\t\t\t" + say(Phrase::ExplorerBook, {std::to_string(-w)}));
    explorer_moves_.push_back(m);
  }
  if (!current || explored_->moves.empty()) {
    rows.push_back(say(current ? Phrase::ExplorerEmpty : Phrase::ExplorerLoading));
    explorer_moves_.push_back(kNoMove);
  }
  bars.resize(rows.size(), {-1, -1, -1});
  if (head != ui_.explorer_head || rows != ui_.explorer_rows || bars != ui_.explorer_bars) {
    if (head != ui_.explorer_head) ui_.explorer_scroll = 0;  // another position: from its first row
    ui_.explorer_head = head;
    ui_.explorer_bars = std::move(bars);
    ui_.explorer_rows = std::move(rows);
    ++ui_.explorer_revision;
  }
}

// A row's move, played as a click on its piece and its point would be; while
// stepping through a game only the game's own next move goes on (forward).
void AppModel::explorer_play(int row) {
  if (row < 0 || row >= int(explorer_moves_.size()) || explorer_moves_[size_t(row)] == kNoMove) return;
  const Move m = explorer_moves_[size_t(row)];
  const Game& g = controller_.game();
  const int shown = controller_.review_ply();
  const int ply = shown < 0 ? g.ply() : shown;
  if (ply < g.ply() && g.moves()[size_t(ply)] == m) {  // the line's own next move: a step forward
    controller_.review(ply + 1 == g.ply() ? -1 : ply + 1);
    return;
  }
  const int node = shown_node();
  if (const int child = node >= 0 ? tree_.child(node, m) : -1; child >= 0) {  // another line of the record
    show_line(child);
    return;
  }
  if (shown >= 0) {  // a new move on an earlier position: a variation, when it is the player's turn
    const Position before = controller_.shown_position();
    const bool was_shown = record_shown();
    if (!controller_.play_from_review(m)) {
      flash(say(Phrase::ExplorerNotHere));
    } else {  // said: the game's own line stays in the record, and this one is tried beside it
      flash(say(Phrase::ExplorerVariation, {move_name(before, m, notation_style(ui_))}));
      if (was_shown) shown_record();  // still a record being studied: the computer does not answer
    }
    return;
  }
  controller_.deselect();
  controller_.click(move_from(m));
  controller_.click(move_to(m));
}

}  // namespace xq
