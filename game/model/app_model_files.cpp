// The app model's files: the autosave, saving and opening games (PGN, XQF)
// through the desktop's chooser or the in-game list, pasting a position.
#include <algorithm>
#include <ctime>
#include <new>

#include "app_model.h"
#include "record_file.h"
#include "text_encoding.h"

#include "cbr.h"
#include "child_process.h"
#include "dhtmlxq.h"
#include "notation.h"
#include "xqf.h"

namespace xq {

namespace {

std::string trimmed(std::string t) {
  while (!t.empty() && (t.back() == '\n' || t.back() == '\r' || t.back() == ' ')) t.pop_back();
  return t;
}

}  // namespace

// Keeps the autosave file in step with the game (every move, off the frame thread).
void AppModel::autosave() {
  // While puzzles are open the autosave keeps the game set aside for them (an attempt is no game to resume).
  if (!use_settings_ || resume_offer_ || ui_.puzzle >= 0) return;
  if (controller_.revision() == saved_revision_ && ui_.record_revision == saved_record_revision_) return;
  saved_revision_ = controller_.revision();
  saved_record_revision_ = ui_.record_revision;  // a comment, a mark or a promoted line is saved too
  const Game& g = controller_.game();
  if (g.ply() == 0 || g.verdict().over() || record_shown()) storage_->remove(autosave_name());
  else if (online_game())  // a game on a server: offered back as that, never as a local game; its
    // clocks are the server's (the local readings were stamps of the control, not the times), so none are written
    storage_->write(autosave_name(), write_pgn(g, {{"Event", "online game"}, {"Mode", "online"}, {"Site", online_.address()}}));
  else storage_->write(autosave_name(), game_pgn({{"Event", "autosave"}, {"Mode", mode_name(controller_.mode())}}));
}

std::string AppModel::game_pgn(std::vector<std::pair<std::string, std::string>> tags) const {
  const TimeControl& tc = controller_.time_control();
  if (tc.on()) tags.emplace_back("TimeControl", time_control_tag(tc));
  // A record with variations, comments or marks is written as its tree (the
  // result is the game's when the line on the board is the main line); a
  // game on the clock against the computer keeps its line with the clock
  // readings instead.
  const Game& g = controller_.game();
  const bool clocked_play = tc.on() && controller_.mode() != Mode::TwoPlayers;
  if (tree_.has_notes() && !clocked_play && tree_.fen() == g.start_fen() && tree_.find(g.moves()) >= 0)
    return write_pgn_tree(tree_, std::move(tags),
                          tree_.main_line() == g.moves() ? result_tag(g.verdict()) : std::string("*"));
  return write_pgn(controller_.game(), std::move(tags), controller_.clock_comments());
}

// A saved game with a TimeControl tag brings its clocks back; one without keeps the current control, full.
void AppModel::restore_clocks(const PgnGame& g) {
  if (const auto tc = parse_time_control_tag(g.tag("TimeControl"))) controller_.restore_clocks(*tc, g.comments);
}

void AppModel::load_pgn_text(const std::string& text, const std::string& what) {
  if (std::vector<std::string> parts = split_pgn_games(text); parts.size() > 1) {  // a collection: read off the frame thread
    const int total = int(parts.size());
    load_collection(what.substr(what.rfind('/') + 1), CollectionLoad::pgn_games(std::move(parts)), total);
    return;
  }
  load_pgn_game(text, what);
}

void AppModel::load_pgn_game(const std::string& text, const std::string& what) {
  PgnGame pg;
  std::string err;
  set_pending_tree(text);  // its variations and comments, for the record's tree
  if (!read_pgn(text, pg, &err) || !controller_.load_game(pg.fen, pg.moves, &err)) {
    pending_tree_.reset();
    flash(say(Phrase::CannotOpen, {what, err}));
    return;
  }
  restore_clocks(pg);
  shown_record();
  flash(say(Phrase::Opened, {what}) + stopped_text(pg));
}

// A DhtmlXQ block (a forum's or a web page's game); false when the text has
// none that can be read (the message says why).
bool AppModel::load_dhtmlxq_text(const std::string& text, const std::string& what) {
  std::vector<PgnGame> games;
  int skipped = 0;
  if (read_dhtmlxq_all(text, games, &skipped) > 1 && !games.empty()) {  // a page of many games: their list
    load_collection(what.substr(what.rfind('/') + 1), CollectionLoad::games(std::move(games), skipped));
    return true;
  }
  PgnGame pg;
  GameTree tree;
  std::string err, notice;
  const bool read = read_dhtmlxq(text, pg, &err, &notice, &tree);
  if (read && tree.has_notes()) pending_tree_ = std::move(tree);  // its variations and comments
  if (!read || !controller_.load_game(pg.fen, pg.moves, &err)) {
    pending_tree_.reset();
    flash(say(Phrase::CannotOpen, {what, err}));
    return false;
  }
  controller_.set_time_control(controller_.time_control());  // clocks full for the game on show
  shown_record();
  flash(say(Phrase::Opened, {what}) + stopped_text(pg) +
        (notice.find("variations") != std::string::npos ? say(Phrase::VariationsSkipped) : "") +
        (notice.find("more games") != std::string::npos ? say(Phrase::MoreGames) : ""));
  return true;
}

// The game on show as a DhtmlXQ block on the clipboard, for a forum post.
void AppModel::copy_game() {
  PgnGame pg;
  if (!read_pgn(game_pgn(game_tags()), pg, nullptr)) return;
  if (desktop_) desktop_->set_clipboard(write_dhtmlxq(pg, tree_.has_notes() ? &tree_ : nullptr));
  flash(say(Phrase::CopiedGame));
}

// Where a file's game stopped short: "" when it was read to the end. (The
// reason in English goes to the console.)
std::string AppModel::stopped_text(const PgnGame& g) {
  std::string verdict;
  if (g.judged_ply) {  // every move is kept; the rules' verdict is a note
    console_.push_back(verdict_note_en(g));
    const bool zh = ui_.language == Language::Chinese;
    verdict = say(Phrase::VerdictOpened, {std::to_string((g.judged_ply + 1) / 2),
                                          zh ? verdict_text(g.judged) : verdict_text_en(g.judged),
                                          std::to_string((int(g.moves.size()) + 1) / 2)});
  }
  if (!g.stopped_at) return verdict;
  console_.push_back("stopped at move " + std::to_string(g.stopped_at) + " '" + g.stopped_move + "': " + g.stopped_why);
  return say(Phrase::StoppedAtMove, {std::to_string(g.stopped_at - 1), std::to_string(g.stopped_at), g.stopped_move});
}

std::vector<std::pair<std::string, std::string>> AppModel::game_tags() const {
  char date[16];
  const std::time_t t = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y.%m.%d", std::localtime(&t));
  const Mode m = controller_.mode();
  const std::string red = say(m == Mode::HumanBlack || m == Mode::ComputerOnly ? Phrase::Computer : Phrase::Player);
  const std::string black = say(m == Mode::HumanRed || m == Mode::ComputerOnly ? Phrase::Computer : Phrase::Player);
  return {{"Event", say(Phrase::Event)}, {"Date", date}, {"Red", red}, {"Black", black}};
}

// The status names the file (the whole path shrank it to nothing in the
// panel's column); the console line has the full path.
void AppModel::said_saved(const std::string& path) {
  // The folder's own name says where (the whole path shrank the status to nothing).
  const size_t slash = path.rfind('/');
  const std::string folder = slash == std::string::npos || slash == 0 ? "" : path.substr(0, slash);
  const std::string where = folder.substr(folder.rfind('/') + 1);
  flash(where.empty() ? say(Phrase::Saved, {path.substr(slash + 1)})
                      : say(Phrase::SavedIn, {path.substr(slash + 1), where}));
  console_.push_back("saved: " + path);
}

void AppModel::save_game() {
  char name[64];
  const std::time_t t = std::time(nullptr);
  std::strftime(name, sizeof name, "game-%Y%m%d-%H%M%S.pgn", std::localtime(&t));
  const std::string file = saved_dir() + "/" + name;
  storage_->write(file, game_pgn(game_tags()));
  said_saved(storage_->path(file));
}

// Save and Open use the desktop's own chooser when it has one (zenity or
// kdialog, run off the frame thread); else Save writes to saved/ and Open
// shows the in-game list of saved games. The chooser's folder is remembered.
void AppModel::save_with_chooser() {
  char name[64];
  const std::time_t t = std::time(nullptr);
  std::strftime(name, sizeof name, "game-%Y%m%d-%H%M%S.pgn", std::localtime(&t));
  const std::string folder = settings_.folder.empty() ? storage_->path(saved_dir()) : settings_.folder;
  if (!file_dialog_ && desktop_ && desktop_->start_file_dialog(FileDialogKind::Save, folder, name, ui_.language)) {
    file_dialog_ = FileDialogKind::Save;
    return;
  }
  if (!file_dialog_) save_game();
}

void AppModel::open_with_chooser() {
  const std::string folder = settings_.folder.empty() ? storage_->path(saved_dir()) : settings_.folder;
  if (!file_dialog_ && desktop_ && desktop_->start_file_dialog(FileDialogKind::Open, folder, "", ui_.language)) {
    file_dialog_ = FileDialogKind::Open;
    return;
  }
  if (!file_dialog_) open_saved_list();
}

void AppModel::poll_file_dialog() {
  if (!file_dialog_ || !desktop_) return;
  const std::optional<std::string> chosen = desktop_->file_dialog_result();
  if (!chosen) return;
  const FileDialogKind kind = *file_dialog_;
  file_dialog_.reset();
  if (chosen->empty()) return;  // cancelled
  const size_t slash = chosen->rfind('/');
  if (slash != std::string::npos) settings_.folder = chosen->substr(0, slash ? slash : 1);
  if (kind == FileDialogKind::Open) {
    open_file(*chosen);
  } else if (kind == FileDialogKind::Import) {
    import_to_library({*chosen});
  } else if (kind == FileDialogKind::Program) {
    add_engine(quote_word(*chosen));  // a program's path is one word, whatever it holds
  } else {
    std::string path = *chosen;
    std::string ext = path.size() >= 4 ? path.substr(path.size() - 4) : "";
    for (char& ch : ext) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    if (ext == ".xqf") {  // 象棋演播室's format, with the record's variations and comments
      const Game& g = controller_.game();
      auto tags = game_tags();
      tags.emplace_back("Result", result_tag(g.verdict()));
      const GameTree tree = tree_.find(g.moves()) >= 0 && tree_.fen() == g.start_fen()
                                ? tree_
                                : GameTree::from_line(g.start_fen(), g.moves());
      storage_->write(path, write_xqf(tree, tags));
    } else {
      if (ext != ".pgn") path += ".pgn";
      storage_->write(path, game_pgn(game_tags()));
    }
    said_saved(path);
  }
  store_settings();
}

void AppModel::open_saved_list() {
  std::vector<std::string> files = storage_->list(saved_dir(), ".pgn");
  if (files.empty()) {
    flash(say(Phrase::NoSavedGame));
    return;
  }
  std::reverse(files.begin(), files.end());  // names carry the date and time: newest first
  if (files.size() > 8) files.resize(8);
  saved_list_.clear();
  for (const std::string& f : files) {
    std::string text, err;
    PgnGame g;
    std::string label = f.substr(f.rfind('/') + 1);
    if (storage_->read(f, text) && read_pgn(text, g, &err))
      label = g.tag("Date") + "  " + say(Phrase::YouAndComputer, {g.tag("Red"), g.tag("Black")}) + "  " +
              (g.tag("Result").empty() ? "*" : g.tag("Result")) + "  " +
              say(Phrase::SavedMoves, {std::to_string((g.moves.size() + 1) / 2)});  // moves as players count them
    saved_list_.push_back({f, label});
  }
}

// The file is read off the frame thread (a dropped file may be on a slow
// disk, or huge); poll_open_file() takes it when it is there.
void AppModel::open_file(const std::string& path) {
  if (pending_open_.valid()) {  // one at a time: the newest drop wins once the last is read
    next_open_ = path;
    return;
  }
  pending_open_ = storage_->open_async(path);
  pending_open_path_ = path;
  poll_open_file();  // at once when it is already there (in memory)
}

void AppModel::poll_open_file() {
  if (!pending_open_.valid() || pending_open_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
  const OpenedFile f = pending_open_.get();
  const std::string path = pending_open_path_;
  try {
    opened_file(path, f);
  } catch (const std::bad_alloc&) {  // a file made to be huge: said, and the game goes on as it was
    flash(say(Phrase::CannotRead, {storage_->path(path) + " (it needs more memory than there is)"}));
  }
  if (!next_open_.empty()) {
    std::string next;
    next.swap(next_open_);
    open_file(next);
  }
}

void AppModel::opened_file(const std::string& path, const OpenedFile& f) {
  if (f.folder) {  // a folder dropped or chosen: its games go into the library
    import_to_library({storage_->path(path)});
    return;
  }
  if (!f.ok) {
    flash(say(Phrase::CannotRead, {storage_->path(path) + (f.error.empty() ? "" : " (" + f.error + ")")}));
    return;
  }
  if (f.program) {  // a program: an engine to add
    add_engine(quote_word(storage_->path(path)));
    return;
  }
  const std::string& text = f.text;
  if (looks_like_xqf(text)) {  // 象棋演播室's binary games, with their variations and comments
    PgnGame pg;
    GameTree tree;
    std::string err, notice;
    const bool read = read_xqf(text, pg, &err, &notice, &tree);
    if (read && tree.has_notes()) pending_tree_ = std::move(tree);
    if (!read || !controller_.load_game(pg.fen, pg.moves, &err)) {
      pending_tree_.reset();
      flash(say(Phrase::CannotOpen, {storage_->path(path), err}));
      return;
    }
    controller_.set_time_control(controller_.time_control());  // clocks full for the game on show
    shown_record();
    flash(say(Phrase::Opened, {storage_->path(path)}) + stopped_text(pg) +
          (notice.empty() ? "" : say(Phrase::VariationsSkipped)));
    return;
  }
  if (looks_like_cbl(text)) {  // 象棋桥's library: its games are read off the frame thread
    load_collection(storage_->path(path), CollectionLoad::cbl(text));
    return;
  }
  if (looks_like_cbr(text)) {  // 象棋桥's game
    PgnGame pg;
    std::string err, notice;
    GameTree tree;
    const bool ok = read_cbr(text, pg, &err, &notice, &tree);
    if (ok && tree.has_notes()) pending_tree_ = std::move(tree);  // its variations and comments
    if (!ok || !controller_.load_game(pg.fen, pg.moves, &err)) {
      pending_tree_.reset();
      flash(say(Phrase::CannotOpen, {storage_->path(path), err}));
      return;
    }
    controller_.set_time_control(controller_.time_control());
    shown_record();
    flash(say(Phrase::Opened, {storage_->path(path)}) + stopped_text(pg) +
          (notice.empty() ? "" : say(Phrase::VariationsSkipped)));
    return;
  }
  if (looks_like_dhtmlxq(text)) {  // a forum's or a web page's game
    load_dhtmlxq_text(text, storage_->path(path));
    return;
  }
  if (const std::string why = unread_binary_kind(text); !why.empty()) {  // said in words, never shown as moves
    flash(say(Phrase::CannotOpen, {storage_->path(path), why}));
    return;
  }
  load_pgn_text(text_as_utf8(text), storage_->path(path));  // GBK, UTF-16 and a BOM as UTF-8
}

void AppModel::paste(const std::string& text) {
  const std::string t = trimmed(text);
  std::string err;
  FenData d;
  if (parse_fen(t, d, &err)) {
    controller_.new_game(t);
    flash(say(Phrase::Pasted));
  } else if (looks_like_dhtmlxq(t)) {
    load_dhtmlxq_text(t, say(Phrase::TheClipboard));
  } else if (PgnGame pg; t.find('[') != std::string::npos || t.find("1.") != std::string::npos ||
                         (read_pgn(t, pg, nullptr) && !pg.moves.empty())) {  // a move list as people type it
    load_pgn_text(t, say(Phrase::TheClipboard));
  } else {
    flash(say(Phrase::NotAPosition, {err}));
  }
}

void AppModel::open_saved(int row) {
  if (row < 0 || row >= int(saved_list_.size())) return;
  const std::string file = saved_list_[size_t(row)].file;
  saved_list_.clear();
  open_file(file);
}

}  // namespace xq
