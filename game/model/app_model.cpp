#include "app_model.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <sstream>

#include "external_engine.h"
#include "fen.h"
#include "notation.h"

namespace xq {

AppModel::AppModel(ControllerOptions co, std::unique_ptr<Storage> storage, Desktop* desktop)
    : controller_(co), storage_(std::move(storage)), desktop_(desktop) {
  controller_.set_branching(true);  // a move on an earlier position starts a variation (app_model_record.cpp)
  opener_ = [](const std::string& command, const EngineSetup& setup, EngineFacts* facts,
                std::string* error) -> std::unique_ptr<SearchService> {
    auto e = std::make_unique<ExternalEngine>();
    if (!e->open(command, error, 5000, {}, setup.protocol, setup.values)) return nullptr;
    facts->protocol = e->protocol();
    facts->options = e->options();
    facts->problems = e->option_problems();
    e->set_grace_ms(kEngineGraceMs);
    e->set_stop_grace_ms(kEngineStopGraceMs);
    return e;
  };
  review_options_.movetime_ms = 300;
  review_options_.hash_mb = 32;
  review_options_.book = co.book;  // book moves are not judged
}

std::vector<std::string> AppModel::take_console_lines() {
  std::vector<std::string> out;
  out.swap(console_);
  return out;
}

void AppModel::shown_record() {
  record_serial_ = controller_.game_serial();
  record_moves_ = controller_.game().moves();
}

bool AppModel::record_shown() const {
  if (controller_.game_serial() != record_serial_) return false;
  const auto& moves = controller_.game().moves();
  return moves.size() <= record_moves_.size() && std::equal(moves.begin(), moves.end(), record_moves_.begin());
}

std::string AppModel::say(Phrase p, std::initializer_list<std::string> values) const {
  return xq::say(ui_.language, p, values);
}

void AppModel::set_language(Language lang) {
  ui_.language = lang;
  controller_.set_language(lang);
}

void AppModel::clear_message() {
  ui_.message.clear();
  ui_.message_until_ms = 0;
}

void AppModel::flash(const std::string& m) {
  ui_.message = m;
  ui_.message_until_ms = now_ms_ + 3000;
  std::fprintf(stderr, "xiangqi: %s\n", m.c_str());
}

// A human plays from the bottom: choosing a side turns the board to it.
void AppModel::set_mode(Mode m) {
  controller_.set_mode(m);
  ui_.flipped = m == Mode::HumanBlack;
}

bool AppModel::start(const StartOptions& o, std::string* error) {
  library_path_ = o.library.empty() ? Library::default_path() : o.library;
  use_settings_ = o.use_settings;
  if (use_settings_) {
    std::string text;
    if (storage_->read("settings.ini", text)) parse_settings(text, settings_);
  }
  controller_.set_level(o.level >= 0 ? o.level : settings_.level);
  set_mode(mode_from(!o.mode.empty() ? o.mode : settings_.mode));
  if (settings_.flip) ui_.flipped = !ui_.flipped;
  if (o.flip) ui_.flipped = !ui_.flipped;
  controller_.set_animation_ms(o.no_animation || (use_settings_ && !settings_.animation) ? 0 : 150);
  ui_.sound = settings_.sound;
  ui_.analysis = settings_.analysis;
  controller_.set_ponder(o.ponder || (use_settings_ && settings_.ponder));
  ui_.iccs = o.iccs || settings_.iccs;
  ui_.board_theme = known_board_theme(o.board) ? o.board : settings_.board;
  if (!o.server.empty()) settings_.server = o.server;
  if (!o.server_ca.empty()) settings_.server_ca = o.server_ca;
  online_.set_ca_file(settings_.server_ca);
  online_name_ = settings_.online_name;
  ui_.piece_theme = known_piece_theme(o.pieces) ? o.pieces : settings_.pieces;
  set_language(parse_language(o.lang).value_or(parse_language(settings_.lang).value_or(o.locale_language)));
  solved_ = parse_solved(settings_.solved);
  if (std::string text; use_settings_ && storage_->read(progress_name(), text)) {
    std::string err;
    PuzzleProgress::parse(text, progress_, &err);
    if (!err.empty()) std::fprintf(stderr, "xiangqi: %s\n", err.c_str());
  }
  if (!o.puzzles.empty()) {
    std::string err;
    if (!parse_puzzles(o.puzzles, puzzles_, &err)) std::fprintf(stderr, "xiangqi: %s\n", err.c_str());
  }
  // The progress file knows puzzles by their position, so a collection that
  // grew or was reordered keeps what was solved; the settings' numbers are for
  // players from before it.
  if (!progress_.records().empty()) {
    solved_.clear();
    for (size_t i = 0; i < puzzles_.size(); ++i)
      if (const auto it = progress_.records().find(puzzles_[i].fen); it != progress_.records().end() && it->second.solved > 0)
        solved_.insert(int(i));
  }
  const std::string clock = o.clock.empty() ? settings_.clock : o.clock;
  controller_.set_time_control(parse_clock_option(clock).value_or(TimeControl{}));
  if (!apply_setup(o, error)) return false;
  if (o.puzzle > 0) {
    if (o.puzzle > int(puzzles_.size())) {
      if (error) *error = "--puzzle: there are " + std::to_string(puzzles_.size()) + " puzzles";
      return false;
    }
    open_puzzle(o.puzzle - 1);
    return true;
  }
  if (!o.load.empty()) open_file(o.load);
  if (!o.engine_side.empty()) settings_.engine_side = o.engine_side;
  if (!o.engine.empty()) {
    auto& list = settings_.engines;
    auto at = std::find(list.begin(), list.end(), o.engine);
    if (at == list.end()) at = list.insert(list.end(), o.engine);
    choose_engine(int(at - list.begin()) + 1);
  } else if (settings_.engine_choice > 0) {
    choose_engine(settings_.engine_choice);
  }
  if (use_settings_ && o.resume != "no" && o.fen.empty() && o.moves.empty() && o.load.empty() && o.mode != "demo") {
    offer_resume(o);
  }
  return true;
}

// Plays the start options' moves and selects their square (for screenshots and tests).
bool AppModel::apply_setup(const StartOptions& o, std::string* error) {
  const std::string fen = o.fen.empty() ? kStartFen : o.fen;
  Game g;
  if (!g.reset(fen, error)) return false;
  std::istringstream in(o.moves);
  for (std::string tok; in >> tok;) {
    Move m;
    Position p = g.position();
    if (!parse_move(p, tok, m, error) || !g.play(m)) {
      if (error) {
        const std::string why = error->empty() ? "'" + tok + "' is not legal here" : *error;
        *error = std::string("--moves: ").append(why);
      }
      return false;
    }
  }
  if (!controller_.load_game(fen, g.moves(), error)) return false;
  if (o.select.empty()) return true;
  Move m;
  if (!iccs_to_move(o.select + o.select, m, nullptr)) {
    if (error) *error = "--select: '" + o.select + "' is not a square like h2";
    return false;
  }
  controller_.click(move_from(m));
  return true;
}

// An unfinished game from last time is offered back.
void AppModel::offer_resume(const StartOptions& o) {
  std::string text, err;
  if (!storage_->read(autosave_name(), text)) return;
  if (read_pgn(text, resume_game_, &err) && !resume_game_.moves.empty()) {
    resume_text_ = text;
    resume_offer_ = resume_offered_once_ = true;
    resume_online_ = resume_game_.tag("Mode") == "online";
    if (o.resume == "yes") answer_resume(true);
  } else if (!text.empty()) {
    std::fprintf(stderr, "xiangqi: autosaved game unreadable (%s); starting afresh\n", err.c_str());
  }
}

void AppModel::answer_resume(bool yes) {
  resume_offer_ = false;
  if (resume_online_) {  // a game on a server: back to it there (with the kept login), or not at all
    resume_online_ = false;
    if (yes) {
      const std::string address = resume_game_.tag("Site").empty() ? settings_.server : resume_game_.tag("Site");
      std::string err;
      online_shown_ = true;
      if (online_.resume(address, settings_.online_token, now_ms_, &err)) {
        settings_.server = address;
        online_note_ = say(Phrase::OnlineConnecting, {address});
      } else {
        online_note_ = say(Phrase::OnlineCannotReturn, {err});
      }
    }
    saved_revision_ = ~uint64_t(0);  // the local board starts afresh: the autosave follows it
    return;
  }
  if (yes) {
    std::string err;
    set_pending_tree(resume_text_);  // the variations and comments it had
    if (controller_.load_game(resume_game_.fen, resume_game_.moves, &err)) {
      restore_clocks(resume_game_);
      const std::string m = resume_game_.tag("Mode");
      if (m == "red" || m == "black" || m == "two") {
        const bool flip = ui_.flipped;
        controller_.set_mode(mode_from(m));
        ui_.flipped = flip;
      }
      flash(say(Phrase::Resumed));
    } else {
      flash(say(Phrase::CannotResume, {err}));
    }
  }
  saved_revision_ = ~uint64_t(0);  // write (or remove) the autosave for the game now on show
}

std::optional<Dialog> AppModel::dialog() const {
  if (auto d = online_dialog()) return d;
  if (auto d = progress_dialog()) return d;
  if (auto d = themes_.dialog(ui_)) return d;
  if (auto d = annotate_dialog()) return d;
  if (auto d = engine_dialog()) return d;
  if (auto d = collection_dialog()) return d;
  if (!saved_list_.empty()) {  // one row a game, newest first, and Cancel
    Dialog d;
    d.text = say(Phrase::SavedGames);
    const float rows = float(saved_list_.size());
    d.area = {20, 60, 480, 76 + rows * 40 + 56};
    for (size_t i = 0; i < saved_list_.size(); ++i)
      d.buttons.push_back({Action::OpenSaved, saved_list_[i].label, {40, 130 + float(i) * 40, 440, 34}, false, int(i)});
    d.buttons.push_back({Action::CloseList, say(Phrase::Cancel), {200, 130 + rows * 40 + 6, 120, 34}, true});
    return d;
  }
  if (online_game() && (online_draw_offered_ || online_takeback_asked_)) {  // the opponent asks: yes or no
    Dialog d;
    d.text = say(online_draw_offered_ ? Phrase::OnlineDrawOffered : Phrase::OnlineTakebackAsked, {online_opponent_});
    d.buttons = {{Action::OnlineOfferYes, say(online_draw_offered_ ? Phrase::OnlineAgreeDraw : Phrase::OnlineAgreeTakeback),
                  {110, 318, 140, 40}, true},
                 {Action::OnlineOfferNo, say(Phrase::OnlineDecline), {270, 318, 140, 40}, true}};
    return d;
  }
  if (resign_asked_) {
    Dialog d;
    d.text = say(Phrase::ResignQuestion);
    d.buttons = {{Action::ResignYes, say(Phrase::Resign), {130, 318, 110, 40}, true},
                 {Action::ResignNo, say(Phrase::KeepPlaying), {280, 318, 110, 40}, true}};
    return d;
  }
  if (!resume_offer_) return std::nullopt;
  Dialog d;
  d.text = resume_online_ ? say(Phrase::ResumeOnlineQuestion, {resume_game_.tag("Site"), std::to_string(resume_game_.moves.size())})
                         : say(Phrase::ResumeQuestion, {std::to_string(resume_game_.moves.size())});
  d.buttons = {{Action::ResumeYes, say(resume_online_ ? Phrase::ResumeOnlineYes : Phrase::ResumeYes), {130, 318, 110, 40}, true},
               {Action::ResumeNo, say(Phrase::NewGame), {280, 318, 110, 40}, true}};
  return d;
}

static_assert(kSettingsLevels == kLevelCount, "settings keep every level");

void AppModel::store_settings() {
  if (!use_settings_) return;
  settings_.level = controller_.level();
  // A puzzle's side is not the player's choice: the game set aside for it keeps its own.
  const bool puzzle = ui_.puzzle >= 0 && before_puzzles_;
  const Mode mode = puzzle ? before_puzzles_->mode : controller_.mode();
  const bool flipped = puzzle ? before_puzzles_->flipped : ui_.flipped;
  if (mode != Mode::ComputerOnly) settings_.mode = mode_name(mode);
  settings_.animation = controller_.animation_ms() > 0;
  settings_.sound = ui_.sound;
  settings_.flip = flipped != (mode == Mode::HumanBlack);
  settings_.analysis = ui_.analysis;
  settings_.ponder = controller_.ponder();
  settings_.iccs = ui_.iccs;
  settings_.board = ui_.board_theme;
  settings_.pieces = ui_.piece_theme;
  storage_->write("settings.ini", settings_text(settings_));
}

// The editor works on its own board; the game waits until Done or Cancel.
void AppModel::edit(Action a, int arg) {
  Editor& e = *editor_;
  ++ui_.edit_revision;
  clear_message();  // an editor's complaint is about the step before: each step says its own
  switch (a) {
    case Action::EditTool: e.choose(edit_tool_piece(arg)); break;
    case Action::EditRedFirst: e.set_side(RED); break;
    case Action::EditBlackFirst: e.set_side(BLACK); break;
    case Action::EditClear: e.clear(); break;
    case Action::EditStart: e.reset_start(); break;
    case Action::EditCancel: editor_.reset(); break;
    case Action::EditDone:
      if (const auto fault = e.fault()) {
        flash(say(*fault));
        break;
      }
      controller_.new_game(e.fen());
      editor_.reset();
      break;
    default: break;
  }
}

void AppModel::edit_click(Square s) {
  ++ui_.edit_revision;
  if (const auto refused = editor_->click(s)) flash(say(*refused));
  else clear_message();  // a placement or removal that worked leaves no old complaint up
}

// The next time control: none, 5+3, 10+5, 15+10, 30+0; both clocks start full.
void AppModel::next_clock() {
  const auto* first = std::begin(kClockChoices);
  const auto* at = std::find(first, std::end(kClockChoices), controller_.time_control());
  const TimeControl next = at == std::end(kClockChoices) || at + 1 == std::end(kClockChoices) ? *first : at[1];
  controller_.set_time_control(next);
  settings_.clock = clock_option_text(next);
}

void AppModel::act(Action a, int arg) {
  sync_tree();  // the record has every move made so far before anything changes it
  Controller& c = controller_;
  if (online_act(a, arg)) return;
  if (engine_dialog_act(a, arg)) return;
  if (bool changed = false; themes_.act(a, arg, ui_, &changed)) {
    if (changed) store_settings();
    return;
  }
  if (collection_act(a, arg)) return;
  if (library_act(a, arg)) return;
  if (record_act(a, arg)) return;
  if (!editor_ && puzzle_action(a)) return;
  if (editor_) {
    if (a == Action::Help) ui_.help = true;
    else edit(a, arg);
    return;
  }
  switch (a) {
    case Action::EditBoard:
      c.review(-1);
      c.pause_clock(now_ms_);  // the game's clock does not run in the editor
      editor_.emplace(c.shown_position());
      ++ui_.edit_revision;
      return;
    case Action::EditTool: case Action::EditRedFirst: case Action::EditBlackFirst: case Action::EditClear:
    case Action::EditStart: case Action::EditDone: case Action::EditCancel:
      return;  // only with the editor open
    case Action::Puzzles: case Action::PuzzlePrev: case Action::PuzzleNext: case Action::PuzzleRetry:
    case Action::PuzzleExit:
      return;  // puzzle_action has answered them
    // Answered above by puzzle_action, the Look dialog and online_act (here only when they passed them by).
    case Action::PuzzleProgress: case Action::PuzzleOfDay: case Action::PuzzleRetryFailed: case Action::PuzzleProgressClose:
    case Action::ThemeShow: case Action::ThemeBoard: case Action::ThemePieces: case Action::ThemeClose:
    case Action::Online: case Action::OnlineField: case Action::OnlineGuest: case Action::OnlineLogIn:
    case Action::OnlineRegister: case Action::OnlineHost: case Action::OnlineLogOut: case Action::OnlineSeek:
    case Action::OnlineRated: case Action::OnlineAccept: case Action::OnlineCancelSeek: case Action::OnlineClose:
    case Action::OnlineWatch: case Action::OnlineOfferYes: case Action::OnlineOfferNo:
      break;
    case Action::Help: ui_.help = true; return;
    case Action::NewGame: c.new_game(); break;
    case Action::PlayFromHere:
      record_serial_ = ~uint64_t(0);
      c.play_from_here();
      break;
    case Action::Undo: c.undo(); break;
    case Action::Redo: c.redo(); break;
    case Action::Flip: ui_.flipped = !ui_.flipped; break;
    case Action::Hint:
      if (ui_.puzzle >= 0 && !puzzle_done_) puzzle_unrated_ = Phrase::PuzzleUnratedHint;  // a solve with help is not rated
      c.request_hint();
      break;
    case Action::Sound: ui_.sound = !ui_.sound; break;
    case Action::Animation: c.set_animation_ms(c.animation_ms() > 0 ? 0 : 150); break;
    case Action::Analysis: ui_.analysis = !ui_.analysis; break;
    case Action::Notation: ui_.iccs = !ui_.iccs; break;
    case Action::Clock: next_clock(); break;
    case Action::Language:
      set_language(ui_.language == Language::English ? Language::Chinese : Language::English);
      settings_.lang = language_code(ui_.language);  // a choice made in the window is kept
      break;
    case Action::Level0: case Action::Level1: case Action::Level2: case Action::Level3:
      c.set_level(kLevelKeys[int(a) - int(Action::Level0)]);
      break;
    case Action::LevelDown: c.set_level(c.level() - 1); break;
    case Action::LevelUp: c.set_level(c.level() + 1); break;
    case Action::Ponder: c.set_ponder(!c.ponder()); break;
    case Action::ModeRed: set_mode(Mode::HumanRed); c.new_game(); break;
    case Action::ModeBlack: set_mode(Mode::HumanBlack); c.new_game(); break;
    case Action::ModeTwo: set_mode(Mode::TwoPlayers); break;
    case Action::ModeDemo:
      if (c.mode() == Mode::ComputerOnly) {
        c.stop_demo();
        ui_.flipped = c.mode() == Mode::HumanBlack;  // the player's side at the bottom again
      } else {
        set_mode(Mode::ComputerOnly);
      }
      break;
    case Action::HandicapOne: c.new_handicap_game(Handicap::OneHorse); break;
    case Action::HandicapTwo: c.new_handicap_game(Handicap::TwoHorses); break;
    case Action::HandicapNine: c.new_handicap_game(Handicap::NinePieces); break;
    case Action::Save: save_with_chooser(); return;
    case Action::Load: open_with_chooser(); return;
    case Action::OpenSaved: open_saved(arg); return;
    case Action::CloseList: saved_list_.clear(); return;
    case Action::CopyFen:
      if (desktop_) desktop_->set_clipboard(c.game().fen());
      flash(say(Phrase::Copied));
      break;
    case Action::CopyGame: copy_game(); return;
    case Action::PasteFen: paste(desktop_ ? desktop_->clipboard() : ""); break;
    case Action::Engine: next_engine(); break;
    case Action::Review: start_review(); return;
    case Action::AddEngine:  // the desktop's chooser picks the program; dropping one on the window does too
      if (!file_dialog_ && desktop_ &&
          desktop_->start_file_dialog(FileDialogKind::Program, settings_.folder, "", ui_.language))
        file_dialog_ = FileDialogKind::Program;
      else if (!file_dialog_)
        flash(say(Phrase::DropEngine));
      return;
    case Action::RemoveEngine: remove_engine(); return;
    case Action::OfferDraw: c.offer_draw(); return;
    case Action::Resign:  // one click next to Draw? could end a game: it asks first
      if (!c.game_over()) resign_asked_ = true;
      return;
    case Action::ResignYes:
      resign_asked_ = false;
      c.resign();
      return;
    case Action::ResignNo: resign_asked_ = false; return;
    case Action::ResumeYes: answer_resume(true); return;
    case Action::ResumeNo: answer_resume(false); return;
    case Action::None: return;
    // The dialogs' own actions, handled above (engine_dialog_act, collection_act, library_act).
    case Action::EngineSettings: case Action::EngineProtocol: case Action::EngineOptionCycle:
    case Action::EngineOptionDown: case Action::EngineOptionUp: case Action::EnginePage: case Action::EngineDefaults:
    case Action::EngineSettingsDone: case Action::Match: case Action::MatchFirst: case Action::MatchSecond:
    case Action::MatchGames: case Action::MatchTime: case Action::MatchStartStop: case Action::MatchClose:
    case Action::CollectionOpen: case Action::CollectionPage: case Action::CollectionSort: case Action::CollectionClose:
    case Action::CollectionShow: case Action::CollectionPrev: case Action::CollectionNext:
    case Action::Explorer: case Action::ExplorerMove: case Action::ExplorerGames: case Action::ExplorerImport:
    case Action::LibraryList:
    case Action::Promote: case Action::RemoveVariation: case Action::Annotate: case Action::AnnotateMark:
    case Action::AnnotateDone: case Action::AnnotateCancel: case Action::AddAnalysisLine: case Action::ToggleVariations:
      return;
  }
  store_settings();
}

void AppModel::click(float px, float py) {
  sync_tree();
  if (ui_.help) {  // a click closes the overlay and does nothing else
    ui_.help = false;
    return;
  }
  const Rect b = view_.board();
  if (const auto d = dialog()) {  // a question waits: only its buttons answer
    if (const Button* hit = button_hit(d->buttons, (px - b.x) / view_.scale(), (py - b.y) / view_.scale()))
      act(hit->action, hit->arg);
    return;
  }
  if (b.contains(px, py)) {
    view_.set_flipped(ui_.flipped);
    if (editor_) {
      if (auto s = view_.square_at(px, py)) edit_click(*s);
      return;
    }
    // A puzzle that is over (solved, lost, or out of moves): a click goes on.
    if (ui_.puzzle >= 0 && puzzle_done_ && controller_.review_ply() < 0) {
      // next (near the player's new rating) when solved, else again
      open_puzzle(solved_.count(ui_.puzzle) ? progress_.next_near(puzzles_, ui_.puzzle, solved_) : ui_.puzzle);
      return;
    }
    if (watching_game() && !controller_.game_over()) {  // the players move, not the spectator
      flash(say(Phrase::OnlineOnlyWatching));
      return;
    }
    if (auto s = view_.square_at(px, py)) controller_.click(*s);
    else controller_.click_elsewhere();
    return;
  }
  const Rect p = view_.panel();
  if (!p.contains(px, py)) {
    controller_.click_elsewhere();
    return;
  }
  const float x = (px - p.x) / view_.scale(), y = (py - p.y) / view_.scale();
  const std::vector<Button> buttons = panel_buttons(ui_, controller_, editor());
  if (const Button* hit = button_hit(buttons, x, y)) {
    act(hit->action, hit->arg);
    return;
  }
  if (editor_) return;
  if (auto v = variation_hit(ui_, controller_, x, y)) {  // a variation under a round: its line on the board, or fold
    variation_clicked(*v, x < move_list_rect(ui_.panel_below, shows_graph(ui_)).x + kFoldMarkerW);
    return;
  }
  auto ply = move_list_hit(ui_, controller_, x, y);
  if (!ply) ply = graph_hit(ui_, controller_, x, y);
  if (ply) {
    controller_.review(*ply == controller_.game().ply() ? -1 : *ply);
    ui_.follow = false;
  }
}

void AppModel::step_review(int delta) {
  const int n = controller_.game().ply();
  int cur = controller_.review_ply() < 0 ? n : controller_.review_ply();
  cur = std::clamp(cur + delta, 0, n);
  controller_.review(cur == n ? -1 : cur);
}

void AppModel::key(Key k, bool ctrl, bool shift) {
  sync_tree();
  if (ui_.help) {  // the overlay takes the next key, whatever it is
    ui_.help = false;
    return;
  }
  if (online_key(k)) return;    // the online dialog's fields take the typing
  if (annotate_key(k)) return;  // the comment being typed takes the keys
  if (collection_key(k)) return;  // the list's filter takes the typing
  switch (k) {
    case Key::Help: ui_.help = true; break;
    case Key::F: act(Action::Flip); break;
    case Key::N: act(Action::NewGame); break;
    case Key::U: act(Action::Undo); break;
    case Key::Z: if (ctrl) act(Action::Undo); break;
    case Key::Y: if (ctrl) act(Action::Redo); break;
    case Key::R: act(Action::Redo); break;
    case Key::H: act(Action::Hint); break;
    case Key::M: act(ctrl ? Action::Match : Action::Sound); break;
    case Key::A: act(Action::Analysis); break;
    case Key::Digit1: case Key::Digit2: case Key::Digit3: case Key::Digit4:
      act(Action(int(Action::Level0) + int(k) - int(Key::Digit1)));
      break;
    case Key::C:
      if (ctrl) act(shift ? Action::CopyGame : Action::CopyFen);
      else {
        act(Action::Annotate);
        skip_text_ = 'c';
      }
      break;
    case Key::G:
      act(Action::CollectionShow);
      skip_text_ = 'g';
      break;
    case Key::X: act(Action::Explorer); break;
    case Key::PageUp: act(Action::CollectionPrev); break;
    case Key::PageDown: act(Action::CollectionNext); break;
    case Key::V: act(ctrl ? Action::PasteFen : Action::AddAnalysisLine); break;
    case Key::S: if (ctrl) act(Action::Save); break;
    case Key::O:
      if (!ctrl) skip_text_ = 'o';  // the dialog opens with its name field taking the typing: not this o
      act(ctrl ? Action::Load : Action::Online);
      break;
    case Key::D: act(Action::ModeDemo); break;
    case Key::L: act(Action::Language); break;
    case Key::E:
      if (ctrl) act(Action::AddEngine);
      else act(editor_ ? Action::EditCancel : Action::EditBoard);
      break;
    case Key::Delete: act(ctrl ? Action::RemoveEngine : Action::RemoveVariation); break;
    case Key::P: act(Action::Promote); break;
    case Key::B: act(Action::ToggleVariations); break;
    case Key::T: act(Action::ThemeShow); break;
    case Key::Left: step_review(-1); ui_.follow = false; break;
    case Key::Right: step_review(1); break;
    case Key::Home: controller_.review(0); ui_.follow = false; break;
    case Key::End: controller_.review(-1); ui_.follow = true; break;
    case Key::Escape:
      if (library_ && library_->importing()) {
        library_->cancel_import();
        break;
      }
      controller_.deselect();
      controller_.review(-1);
      controller_.stop_demo();
      break;
    case Key::Backspace: case Key::Return: case Key::Tab:  // typing in a list's filter or a dialog's field
    case Key::None: break;
  }
}

void AppModel::wheel(int dy) {
  if (ui_.explorer) {  // the explorer has the list's place: the wheel goes through its rows
    const int last = std::max(0, int(ui_.explorer_rows.size()) - explorer_visible_rows(ui_));
    ui_.explorer_scroll = std::clamp(ui_.explorer_scroll - dy, 0, last);
    ++ui_.explorer_revision;
    return;
  }
  ui_.scroll = std::max(0, ui_.scroll - dy);
  ui_.follow = ui_.scroll >= follow_scroll(ui_, controller_);
}

void AppModel::window_resized(int w, int h) {
  settings_.width = w;
  settings_.height = h;
}

void AppModel::update(int64_t now_ms) {
  now_ms_ = now_ms;
  poll_engine();
  poll_match();
  poll_file_dialog();
  poll_open_file();
  poll_collection_load();
  ui_.puzzle_open = ui_.puzzle >= 0 && !puzzle_done_;  // the analysis would give the answer away
  // Nothing to analyse in a finished game's final position, nor behind a list that covers the board:
  // the analysis rests (it used a core for nothing).
  const bool finished = controller_.game_over() && controller_.review_ply() < 0;
  const bool covered = collection_shown_ || !saved_list_.empty();
  controller_.set_analysis(ui_.analysis && !editor_ && !ui_.puzzle_open && !finished && !covered);
  // While an engine opens the computer waits, so the engine meant to play
  // does; the clocks go on (a flag can fall while a slow engine starts).
  poll_online();
  // A puzzle's solution answers the player's moves until a wrong one.
  ui_.record_shown = record_shown();
  if (!ui_.result_note.empty() && controller_.game_serial() != result_note_serial_) ui_.result_note.clear();
  controller_.hold_computer(pending_engine_.valid() || online_game() || (line_puzzle() && (!puzzle_done_ || puzzle_won_)) ||
                            ui_.record_shown);
  play_line_reply();
  if (!resume_offer_ && !editor_) controller_.update(now_ms);
  online_send_moves();
  sync_tree();
  if (const std::string n = controller_.take_notice(); !n.empty()) {
    flash(n);
    console_.push_back("engine: " + n);
    ui_.engine.clear();
    settings_.engine_choice = 0;
    ++ui_.review_revision;
  }
  poll_review();
  poll_library();
  check_puzzle();
  ui_.puzzle_open = ui_.puzzle >= 0 && !puzzle_done_;
  ui_.puzzle_solved = ui_.puzzle >= 0 && solved_.count(ui_.puzzle);
  ui_.from_server = online_serial_ && online_serial_ == controller_.game_serial();
  autosave();
}

std::vector<SoundId> AppModel::take_sounds() {
  std::vector<SoundId> s = controller_.take_sounds();
  if (!ui_.sound) s.clear();
  return s;
}

AppModel::~AppModel() { stop_hosting(); }

void AppModel::finish() {
  stop_hosting();
  review_job_.cancel();
  if (pending_engine_.valid()) pending_engine_.wait();
  if (pending_open_.valid()) pending_open_.wait();  // on the way out: a read is not left running
  store_settings();
  storage_->flush();
}

const ViewModel& AppModel::view_model() {
  view_.set_flipped(ui_.flipped);
  if (ui_.puzzle >= 0) {
    const Puzzle& p = puzzles_[size_t(ui_.puzzle)];
    ui_.puzzle_line = say(Phrase::PuzzleStatus, {std::to_string(ui_.puzzle + 1), std::to_string(puzzles_.size()),
                                                 solved_.count(ui_.puzzle) ? " ✓" : "", p.name(ui_.language == Language::English)});
    ui_.puzzle_ratings = say(Phrase::PuzzleRatings, {std::to_string(std::lround(progress_.rating_of(p).rating)),
                                                     std::to_string(std::lround(progress_.player().rating))});
  }
  // The list follows the position on show: when another move is shown (stepping, a game opened),
  // its row is brought into view; scrolling by hand in between is left alone.
  const int shown_ply = controller_.review_ply() >= 0 ? controller_.review_ply() : controller_.game().ply();
  if (shown_ply != list_shown_ply_ || controller_.game_serial() != list_shown_serial_) {
    list_shown_ply_ = shown_ply;
    list_shown_serial_ = controller_.game_serial();
    if (!ui_.follow || controller_.review_ply() >= 0) ui_.scroll = scroll_to_show(ui_, controller_, shown_ply);
    if (controller_.review_ply() < 0) ui_.follow = true;  // at the newest move: keep up with the game again
  }
  if (ui_.follow) ui_.scroll = follow_scroll(ui_, controller_);
  return cache_.get(controller_, ui_, dialog(), editor());
}

}  // namespace xq
