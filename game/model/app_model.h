// The program's policy without SDL: what each action, key, click and dropped
// file does, the resume question, saving, loading, pasting, autosave and the
// settings. The window code (app.cpp) only turns SDL events into calls here
// and draws the view model; tests drive this class directly, with the
// desktop (clipboard) and the disk injected.
#pragma once
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "board_view.h"
#include "collection_load.h"
#include "controller.h"
#include "editor.h"
#include "engine_match.h"
#include "engine_option.h"
#include "ecco.h"
#include "keys.h"
#include "library_service.h"
#include "online_session.h"
#include "theme_chooser.h"
#include "file_dialog.h"
#include "puzzle_progress.h"
#include "puzzles.h"
#include "review_job.h"
#include "panel.h"
#include "pgn.h"
#include "settings.h"
#include "storage.h"
#include "view_model.h"

namespace xq {

// What the app model needs from the desktop.
class Desktop {
 public:
  virtual ~Desktop() = default;
  virtual std::string clipboard() = 0;
  virtual void set_clipboard(const std::string& text) = 0;
  // The desktop's own file chooser, open off the frame thread; false when there is none.
  virtual bool start_file_dialog(FileDialogKind, const std::string& folder, const std::string& name, Language) {
    (void)folder, (void)name;
    return false;
  }
  // Once it has closed: the path chosen ("" = cancelled); nullopt while it is open or none runs.
  virtual std::optional<std::string> file_dialog_result() { return std::nullopt; }
};

// Keys the game answers, independent of SDL's key codes.

// How the program was started (the command line's say in the model).
struct StartOptions {
  std::string fen;         // start position ("" = the usual one)
  std::string moves;       // moves to play first
  std::string select;      // a square to select, e.g. "h2"
  std::string mode;        // red, black, two, demo ("" = from the settings)
  int level = -1;          // 0..7 (-1 = from the settings)
  bool flip = false;
  bool no_animation = false;
  bool iccs = false;
  bool ponder = false;  // the top level thinks on the player's time (the panel's switch too)
  std::string lang;        // zh, en ("" = from the settings, else locale_language)
  Language locale_language = Language::Chinese;  // what the desktop's locale asks for
  std::string clock;       // time control "M+S" ("" = from the settings; "0" = none)
  std::string puzzles;     // the puzzle collection's text ("" = none found)
  int puzzle = 0;          // open this puzzle (1-based; 0 = none)
  bool use_settings = true;  // false for --screenshot: settings neither read nor written
  std::string resume = "ask";  // ask, yes, no
  std::string load;            // a PGN file to open
  std::string engine;          // an outside engine's command line (added to the settings' list and chosen)
  std::string library;         // the game library's file ("" = Library::default_path())
  std::string board, pieces;   // themes (theme.h; "" = from the settings)
  std::string server;          // the game server's address, host:port ("" = from the settings)
  std::string server_ca;       // PEM certificates trusted for wss:// besides the system's ("" = from the settings)
  std::string engine_side;     // what it does: both (every computer side and analysis), red, black,
                               // analysis ("" = from the settings)
};

// What an opened outside engine told us: the protocol that worked and the
// options it declares (with the player's values it would not take).
struct EngineFacts {
  std::string protocol;
  std::vector<EngineOption> options;
  std::vector<std::string> problems;
};

// Opens an outside engine (a command line, spoken to as the setup says);
// nullptr with a message on failure. The default runs the program as an
// ExternalEngine; tests inject fakes.
using EngineOpener = std::function<std::unique_ptr<SearchService>(const std::string& command, const EngineSetup& setup,
                                                                  EngineFacts* facts, std::string* error)>;
// A player waits: an outside engine still silent this long past its time is
// told to move, and after the second grace dropped for the built-in engine.
constexpr int kEngineGraceMs = 700, kEngineStopGraceMs = 300;

class AppModel {
 public:
  AppModel(ControllerOptions co, std::unique_ptr<Storage> storage, Desktop* desktop);
  ~AppModel();

  // Applies the options, the settings and the autosaved game; false with a
  // message when the options name a bad position, move or square.
  bool start(const StartOptions& o, std::string* error);

  void set_engine_opener(EngineOpener opener) { opener_ = std::move(opener); }
  void set_review_options(const ReviewOptions& o) { review_options_ = o; }

  // ---- input ----
  void act(Action a, int arg = 0);
  void key(Key k, bool ctrl, bool shift = false);
  void click(float px, float py);  // a left click in drawable pixels
  void right_click() { controller_.deselect(); }
  void wheel(int dy);              // move-list scroll (positive = up)
  void open_file(const std::string& path);
  void paste(const std::string& text);
  void window_resized(int w, int h);
  // A note from the shell for the status line (a theme file that could not be loaded).
  void tell(const std::string& note) { flash(note); }
  void layout(int w, int h) {
    view_.layout(w, h);
    ui_.panel_below = view_.panel_below();
  }

  // ---- time ----
  // Moves the game on (unless a question waits), keeps the autosave current.
  void update(int64_t now_ms);
  // The sounds to play now (none when sound is off).
  std::vector<SoundId> take_sounds();
  // Writes the settings (on exit); waits for pending file writes.
  void finish();

  // ---- state ----
  const ViewModel& view_model();
  const BoardView& board_view() const { return view_; }
  Controller& controller() { return controller_; }
  // A record opened from a file, a collection or the library is on show (the computer waits).
  bool record_shown() const;
  const Controller& controller() const { return controller_; }
  const UiState& ui() const { return ui_; }
  const Settings& settings() const { return settings_; }
  const Editor* editor() const { return editor_ ? &*editor_ : nullptr; }
  const std::set<int>& solved_puzzles() const { return solved_; }
  size_t puzzle_count() const { return puzzles_.size(); }
  bool resume_offered() const { return resume_offer_; }  // the question waits for an answer
  bool resume_was_offered() const { return resume_offered_once_; }
  size_t resume_moves() const { return resume_game_.moves.size(); }
  const std::string& message() const { return ui_.message; }
  // Lines for standard output since the last call (such as "engine: <id name>").
  std::vector<std::string> take_console_lines();
  bool engine_opening() const { return pending_engine_.valid(); }
  bool opening_file() const { return pending_open_.valid(); }  // a file is being read (--load, a drop)
  bool reviewing() const { return review_job_.running(); }

  static std::string autosave_name() { return "autosave.pgn"; }
  static std::string saved_dir() { return "saved"; }
  static std::string progress_name() { return "puzzle-progress.txt"; }
  const PuzzleProgress& puzzle_progress() const { return progress_; }

 private:
  void flash(const std::string& m);
  void autosave();
  void load_pgn_text(const std::string& text, const std::string& what);
  void load_pgn_game(const std::string& text, const std::string& what);  // a text of one game
  std::string game_pgn(std::vector<std::pair<std::string, std::string>> tags) const;  // with clocks
  void restore_clocks(const PgnGame& g);
  std::string stopped_text(const PgnGame& g);
  void shown_record();  // the game just loaded is a record: shown, not played
  void copy_game();
  bool load_dhtmlxq_text(const std::string& text, const std::string& what);
  void save_game();  // to saved/ under a dated name
  std::vector<std::pair<std::string, std::string>> game_tags() const;
  void store_settings();
  void set_mode(Mode m);
  void set_language(Language lang);
  std::string say(Phrase p, std::initializer_list<std::string> values = {}) const;
  void answer_resume(bool yes);
  void offer_resume(const StartOptions& o);
  bool apply_setup(const StartOptions& o, std::string* error);
  void step_review(int delta);
  void edit(Action a, int arg);  // the position editor's buttons
  void edit_click(Square s);
  void open_puzzle(int index);  // plays puzzle `index` (wrapping round), the player on the side to move
  void check_puzzle();          // solved, failed or too long: says so once
  bool puzzle_action(Action a);
  std::optional<Dialog> dialog() const;
  void choose_engine(int choice);
  void add_engine(const std::string& command);  // into the list (once) and chosen
  void remove_engine();                         // the chosen outside engine leaves the list
  void apply_engine_side();                     // settings_.engine_side to the controller and the button
  void next_engine();                           // the Engine button: the next engine or role  // 0: built-in; k: settings_.engines[k-1], opened off the frame thread
  void poll_engine();
  void clear_message();
  void said_saved(const std::string& path);
  void poll_open_file();
  void opened_file(const std::string& path, const OpenedFile& f);
  void save_with_chooser();
  void open_with_chooser();
  void poll_file_dialog();
  void open_saved_list();  // the in-game list, when the desktop has no chooser
  void open_saved(int row);  // a row of that list
  void next_clock();
  void start_review();
  void poll_review();
  void drop_stale_review();        // the record changed under the marks

  Controller controller_;
  std::unique_ptr<Storage> storage_;
  Desktop* desktop_;
  BoardView view_;
  UiState ui_;
  Settings settings_;
  bool use_settings_ = true;
  int64_t now_ms_ = 0;
  uint64_t saved_revision_ = 0, saved_record_revision_ = 0;
  uint64_t result_note_serial_ = ~uint64_t(0);  // the game ui_.result_note belongs to
  int list_shown_ply_ = -1;                // the move list's last shown ply and game, to follow the position
  uint64_t list_shown_serial_ = ~uint64_t(0);
  uint64_t record_serial_ = ~uint64_t(0);  // the controller's game serial of the record on show
  std::vector<Move> record_moves_;        // its moves (stepping and undo keep it shown; a move of the player's ends it)
  bool resume_offer_ = false;  // an autosaved game waits for an answer
  bool resume_online_ = false; // ... and it is a game on a server: the answer returns to it there, never a local game
  bool resume_offered_once_ = false;
  PgnGame resume_game_;
  std::string resume_text_;  // its PGN, for the record's tree
  std::optional<Editor> editor_;  // open while setting up a position
  std::vector<Puzzle> puzzles_;
  PuzzleProgress progress_;  // the trainer's ratings (puzzle-progress.txt)
  void record_attempt(bool solved);
  void finish_attempt(bool solved, const std::string& outcome);  // says it once, keeps a solution, rates it
  // A puzzle with a solution: the player's move is judged against it and the
  // computer answers with the solution's reply, or (a wrong move) with its own
  // search, the refutation, while the message gives the right line.
  std::optional<Dialog> progress_dialog() const;
  int puzzle_of_the_day() const;
  int failed_puzzle() const;  // a failed, unsolved puzzle nearest the player's rating (-1: none)
  bool progress_open_ = false;
  bool line_puzzle() const { return ui_.puzzle >= 0 && !puzzles_[size_t(ui_.puzzle)].line.empty(); }
  void check_line_puzzle();
  void play_line_reply();
  int judged_ply_ = 0;         // the line puzzle's plies judged so far
  int64_t reply_at_ms_ = -1;   // when the solution's reply is played (-1: none due)
  std::set<int> solved_;
  bool puzzle_done_ = false;       // the current puzzle's outcome has been said
  struct GameToResume {
    std::string pgn;  // the record with its clock readings
    Mode mode;
    bool flipped;
    TimeControl clock;  // its own control (none stays none)
  };
  std::optional<GameToResume> before_puzzles_;
  bool resign_asked_ = false;  // the resign question is up  // the game the player left for the puzzles
  ViewModelCache cache_;
  EngineOpener opener_;
  struct OpenedEngine {
    std::unique_ptr<SearchService> engine;  // nullptr when it could not be opened
    std::string error;
    std::string command;
    EngineFacts facts;
  };
  EngineFacts engine_facts_;  // the outside engine in use

  // The engine settings and match dialogs (app_model_engine_dialogs.cpp).
  enum class EngineDialog { None, Settings, Match };
  EngineDialog engine_dialog_ = EngineDialog::None;
  int options_page_ = 0;
  bool engine_setup_changed_ = false;
  std::optional<Dialog> engine_dialog() const;
  Dialog engine_settings_dialog() const;
  Dialog match_dialog() const;
  bool engine_dialog_act(Action a, int arg);  // true when the action was the dialogs'

  // A file of many games (app_model_collection.cpp): its list, the game open.
  std::vector<PgnGame> collection_;
  std::vector<EccoOpening> collection_openings_;  // each game's ECCO code and names
  std::string collection_name_;
  int collection_game_ = -1, collection_page_ = 0, collection_skipped_ = 0;
  bool collection_shown_ = false;
  int64_t collection_total_ = 0;  // a library list's games in all, when it holds only the first of them
  // query: the library's question when the list is its answer (the filter
  // then asks the library again, so it searches every game, not the list).
  void open_collection(std::vector<PgnGame> games, const std::string& name, int skipped,
                       std::optional<LibraryQuery> query = std::nullopt,
                       std::vector<EccoOpening> openings = {});
  // A big file's games are read off the frame thread; the list shows at once
  // (once there are two games) and fills in when they are all read.
  std::unique_ptr<CollectionLoad> collection_load_;
  std::vector<std::unique_ptr<CollectionLoad>> stopped_loads_;  // closed early: dropped once their thread ends
  void load_collection(const std::string& name, CollectionLoad::Work work, int total = 0);
  void poll_collection_load();
  bool collection_loading() const { return collection_load_ && collection_load_->total() > 1; }
  std::optional<LibraryQuery> collection_query_;
  std::optional<Dialog> collection_dialog() const;
  bool collection_act(Action a, int arg);  // true when the action was the list's
  void open_collection_game(int i);
  std::string collection_filter_;  // typed while the list is shown
  int collection_sort_ = 0;        // 0 as in the file, 1 newest first, 2 by player (red, then black)
  std::vector<int> collection_matches() const;  // the games the filter keeps, in order
  void sort_games(std::vector<int>& games) const;
  bool collection_key(Key k);

 public:
  // A file of many games is being read into its list.
  bool reading_list() const { return collection_load_ != nullptr; }
  // Text typed (SDL text input, so an input method works): the game list's filter.
  void text_input(const std::string& utf8);
  // Imports files and folders into the library, off the frame thread.
  void import_to_library(std::vector<std::string> paths);
  bool library_importing() const { return library_ && library_->importing(); }

 private:
  // The library and its opening explorer (app_model_library.cpp).
  std::unique_ptr<LibraryService> library_;  // opened on first use
  std::string library_path_;
  bool library_opened_ = false;
  uint64_t explorer_key_ = 0;                 // the position the rows are for
  bool explorer_waiting_ = false;             // asked, no answer yet
  std::optional<ExploreResult> explored_;
  std::vector<Move> explorer_moves_;          // each row's move (kNoMove: a row of text)
  uint64_t explorer_record_revision_ = 0;
  std::string import_message_;
  std::string found_title_;  // the game list's title for the library's answer
  std::optional<LibraryQuery> asked_;  // the question of the find under way
  bool refinding_ = false;             // that find is the list's filter, typed
  std::string collection_asked_;       // the filter the list's games answer
  // The record as a tree (app_model_record.cpp): every line played or read,
  // the controller holding the one on show.
  GameTree tree_;
  uint64_t tree_serial_ = ~uint64_t(0);     // the controller's game the tree belongs to
  std::vector<Move> synced_line_;           // the line at the last sync
  std::optional<GameTree> pending_tree_;    // the tree of a game being loaded
  ThemeChooser themes_;                     // the Look dialog (theme.h)
  std::set<int> folded_;                    // positions whose variations show as one row
  void variation_clicked(int line, bool on_marker);
  std::optional<std::string> annotating_;   // the comment being typed (the dialog is open)
  char skip_text_ = 0;                      // the opening key's letter, due as text input next
  int annotate_node_ = -1, annotate_mark_ = 0;
  void sync_tree();
  void variation_lines();  // ui_.variation_lines for the line on show
  std::tuple<uint64_t, uint64_t, int> variation_key_{~uint64_t(0), 0, 0};
  void review_into_record();  // the review's ?! ? ?? become marks, its better lines variations
  int shown_node() const;                   // the tree node of the position on show (-1: none)
  void show_line(int node);                 // the line through node on the board, node on show
  bool record_act(Action a, int arg);
  void add_analysis_line();  // the analysis's best line from the position on show, as a variation
  std::optional<Dialog> annotate_dialog() const;
  bool annotate_key(Key k);
  void set_pending_tree(const std::string& pgn_text);  // a PGN's variations, for the load that follows
  LibraryService& library();
  bool library_act(Action a, int arg);
  void ask_library(const LibraryQuery& q, bool refind);
  void poll_library();
  void explorer_rows();
  void explorer_play(int row);

 private:
  // Online play (app_model_online.cpp).
  OnlineSession online_;
  bool online_shown_ = false;
  int online_field_ = 1;  // typed into: 0 the server's address, 1 the name, 2 the password
  std::string online_name_, online_password_;  // the password only until it is sent
  bool online_rated_ = false;
  std::string online_note_;  // the dialog's last line (connecting, an error)
  int online_ply_ = 0;       // the plies of the game in progress the server has
  Color online_color_ = RED;
  std::string online_opponent_;
  bool online_takeback_asked_ = false;
  bool online_draw_offered_ = false;  // the opponent offers a draw: the dialog asks to agree or decline
  pid_t hosted_server_ = -1;  // a LAN server this game started
  std::string hosted_address_;
  bool online_game() const;  // a game on the server goes on
  // The puzzle attempt on show is not rated, and why (Phrase::Count: it is);
  // the last puzzle failed (its solution was shown: trying it again is not rated).
  Phrase puzzle_unrated_ = Phrase::Count;
  int puzzle_failed_ = -1;
  bool puzzle_won_ = false;  // this attempt solved the puzzle: a line puzzle's computer plays no more
  int64_t online_lobby_at_ = 0;  // when the open lobby is asked again
  uint64_t online_serial_ = 0;
  int64_t online_board_game_ = 0;  // the server's number of that game
  bool watching_game() const;  // a game on the server is on the board for watching
  void online_watch_game(const ServerMessage& m);
  bool online_load(const ServerMessage& m, Mode mode);  // the controller's game serial of the last game played on the server
  std::optional<Dialog> online_dialog() const;
  bool online_act(Action a, int arg);
  bool online_key(Key k);
  bool online_text(const std::string& utf8);
  void online_log_in(OnlineSession::Login how, const std::string& address);
  void poll_online();
  std::string online_error_text(const ServerMessage& m) const;
  void online_start_game(const ServerMessage& m);
  void online_send_moves();
  void stop_hosting();

 public:
  const OnlineSession& online() const { return online_; }

 private:
  std::vector<EngineOption> shown_options() const;  // the chosen engine's settable options
  std::string option_value(const EngineOption& o) const;  // the player's value, else the default
  void set_option_value(const EngineOption& o, const std::string& value);
  std::string engine_label(int k) const;  // 0: the built-in engine; k: the list's k-th, by program name
  void start_match();
  void poll_match();
  EngineMatch match_;
  int match_players_[2] = {0, 1};
  int match_games_ = 1, match_time_ = 1;  // indexes into the choices
  uint64_t match_seen_ = 0;
  size_t match_games_written_ = 0;
  std::string match_file_;
  std::future<OpenedEngine> pending_engine_;  // an engine being opened on another thread
  std::future<OpenedFile> pending_open_;      // a file being read for opening, off the frame thread
  std::string pending_open_path_, next_open_;
  std::vector<std::string> console_;
  std::optional<FileDialogKind> file_dialog_;  // the desktop's chooser is open for this
  struct SavedGame {
    std::string file, label;  // "2026.11.30  玩家 – 电脑  1-0"
  };
  std::vector<SavedGame> saved_list_;  // the in-game list while it is open
  ReviewJob review_job_;
  ReviewOptions review_options_;
  std::vector<Move> reviewed_moves_;  // the record the review belongs to
};

}  // namespace xq
