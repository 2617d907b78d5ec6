// The side panel's controls and move list: layout and hit testing in design
// coordinates (the panel at scale 1), shared by the renderer and the input code.
#pragma once
#include <optional>
#include <array>
#include <string>
#include <vector>

#include "board_view.h"
#include "controller.h"
#include "editor.h"
#include "notation.h"
#include "review.h"

namespace xq {

enum class Action {
  None, NewGame, Undo, Redo, Flip, Hint, Sound, Animation, Analysis, Notation,
  Level0, Level1, Level2, Level3, LevelDown, LevelUp, Ponder, ModeRed, ModeBlack, ModeTwo, ModeDemo,
  Save, Load, CopyFen, CopyGame, PasteFen, HandicapOne, HandicapTwo, HandicapNine, ResumeYes, ResumeNo,
  OfferDraw, Resign, Language, Clock, Help, Puzzles, PuzzlePrev, PuzzleNext, PuzzleRetry, PuzzleExit,
  // The puzzle progress view: open it, today's puzzle, a failed one again, close.
  PuzzleProgress, PuzzleOfDay, PuzzleRetryFailed, PuzzleProgressClose,
  Engine, Review, AddEngine, RemoveEngine,
  // Resign asks first: yes resigns, no keeps playing.
  ResignYes, ResignNo,
  // The in-game list of saved games (no desktop file chooser): open one (arg: its row), or close.
  OpenSaved, CloseList,
  // The position editor: open it, pick a piece (the button's arg: 0-6 red K A E H R C P,
  // 7-13 black, 14 remove), side to move, clear, start position, done, cancel.
  EditBoard, EditTool, EditRedFirst, EditBlackFirst, EditClear, EditStart, EditDone, EditCancel,
  // The engine's settings (the … beside the Engine button): protocol, each option (arg: its row;
  // a click cycles a check or combo, Down/Up step a spin), pages, defaults, done.
  EngineSettings, EngineProtocol, EngineOptionCycle, EngineOptionDown, EngineOptionUp, EnginePage,
  EngineDefaults, EngineSettingsDone,
  // The engine match (Ctrl+M): its two players, games, time per move, start or stop, close.
  Match, MatchFirst, MatchSecond, MatchGames, MatchTime, MatchStartStop, MatchClose,
  // A file of many games: its list (arg: the game), a page of it (arg: -1, 1), close; the list again, the
  // previous and next game.
  CollectionOpen, CollectionPage, CollectionSort, CollectionClose, CollectionShow, CollectionPrev, CollectionNext,
  // The opening explorer in the panel (X): show or hide it, play a row's move (arg: the row), the
  // library games that reached the position, import files into the library.
  Explorer, ExplorerMove, ExplorerGames, ExplorerImport, LibraryList,
  // The record's tree: promote the line on show to the main line (P), remove the variation that holds
  // the move on show (Delete), comment and mark the move on show (C): a mark (arg 0–6), done, cancel.
  Promote, RemoveVariation, Annotate, AnnotateMark, AnnotateDone, AnnotateCancel,
  // The analysis's best line from the position on show into the record as a variation (V); show or
  // hide the variations in the move list (B).
  AddAnalysisLine, ToggleVariations,
  // The Look dialog (T): show it, a board (arg: its index in board_theme_names()), a piece set, close.
  ThemeShow, ThemeBoard, ThemePieces, ThemeClose,
  // Online play (O): show the dialog, a field to type in (arg: 0 server, 1 name, 2 password), log in as a
  // guest, with an account, register, host a LAN game, log out, offer a game (arg: its clock), rated or
  // casual, accept a seek (arg: its row), withdraw ours, close.
  Online, OnlineField, OnlineGuest, OnlineLogIn, OnlineRegister, OnlineHost, OnlineLogOut, OnlineSeek, OnlineRated,
  OnlineAccept, OnlineCancelSeek, OnlineClose, OnlineWatch,
  // The opponent's draw offer or takeback request in an online game: agree, or decline (the server tells them).
  OnlineOfferYes, OnlineOfferNo,
  // A record opened from a file or the library is shown, not played: the computer waits until the
  // player plays from the position on show (or makes a move of their own).
  PlayFromHere
};

// What the window shows besides the game itself.
struct UiState {
  std::string board_theme = "wood", piece_theme = "traditional";  // theme.h names them
  bool sound = true;
  bool analysis = true;
  bool iccs = false;  // moves in ICCS instead of the language's own notation (Chinese or WXF)
  Language language = Language::Chinese;
  bool flipped = false;  // black at the bottom (a view property, not the game's)
  bool panel_below = false;  // the panel's shape: under the board (wide) or beside it (tall)
  bool help = false;         // the key overlay is shown
  uint64_t edit_revision = 0;  // bumped by every change in the position editor
  int puzzle = -1;             // the puzzle being played (-1: none)
  std::string puzzle_line;     // its status line
  std::string puzzle_ratings;  // the puzzle's rating and the player's, in the analysis's place
  bool puzzle_open = false;    // a puzzle is being solved: the analysis (the answer) is hidden
  bool puzzle_solved = false;  // the puzzle on show has been solved
  std::string puzzle_outcome;  // how this attempt ended ("" while it goes on)
  std::vector<std::string> puzzle_solution;
  bool record_shown = false;
  bool online = false;  // logged in on a server: the panel's Online button is lit
  std::string result_note;  // said with the result banner (an online game's rating change)  // a record from a file is on show: Play from here replaces draw and resign
  bool from_server = false;  // the game on the board was played on the server: its result is final (no undo)  // after a wrong move: the solution's lines, in the analysis's place
  int scroll = 0;     // first round shown in the move list
  bool follow = true; // keep the newest move in view
  std::string message;
  int64_t message_until_ms = 0;
  std::string engine;  // the chosen engine's name for its button ("" = the built-in one)
  std::string engine_role;  // what it does, when not everything ("" = both sides and analysis)
  int review_done = 0, review_total = 0;  // a review in progress (total 0: none)
  int import_done = 0, import_total = 0;  // an import into the library in progress (total 0: none)
  std::vector<MoveReview> review;         // the finished review of the record's first moves
  uint64_t review_revision = 0;           // bumped when either changes
  // The opening explorer, shown in the move list's place: its head (the
  // opening's code and name, the library's size) and one row a move.
  bool explorer = false;
  std::string explorer_head;
  std::vector<std::string> explorer_rows;  // columns split by tabs: move, games, results, the rest
  std::vector<std::array<int, 3>> explorer_bars;  // a row's red wins, draws, black wins in %; -1: none
  int explorer_scroll = 0;                         // the first row shown (the mouse wheel moves it)
  uint64_t explorer_revision = 0;  // bumped when any of it changes
  // The record's notes for each move of the line on show: its mark (!?) and
  // "…" where the record has other moves there (variations).
  std::vector<std::string> move_notes;
  // The record's variations along the line on show, each under the round of
  // the move it replaces: "(1… 马2进3 2. 马二进三)"; B hides or shows them.
  // A click on a line's ▼ folds the variations of its move into one row
  // ("▶ 2 variations"), a click on that row opens them again.
  struct VariationLine {
    int ply;           // the move it replaces (1 = the first)
    std::string text;
    int node;          // its first move's node in the record's tree (-1: the folded row)
    int parent = -1;   // the node of the position they start from (kCommentRow: a move's comment)
    bool operator==(const VariationLine&) const = default;
  };
  // A move's comment is a line of its own under the move's round (“…”), shown
  // whether or not the variations are; a click on it shows that move.
  static constexpr int kCommentRow = -2;
  std::vector<VariationLine> variation_lines;
  bool variations_shown = true;
  uint64_t record_revision = 0;
};

struct Button {
  Action action;
  std::string label;
  Rect rect;  // design coordinates inside the panel
  bool active;
  int arg = 0;          // which one, for EditTool
  PieceId piece = 0;    // drawn as this piece instead of the label
  // A table row: the label's tab-split columns aligned, and, when the first
  // is not -1, the results as a bar of red wins, draws and black wins (%).
  std::array<int, 3> bar{-1, -1, -1};
};

// How many explorer rows the move list's place holds.
int explorer_visible_rows(const UiState& ui);

// The panel's buttons: the game's, or the position editor's while it is open.
std::vector<Button> panel_buttons(const UiState& ui, const Controller& c, const Editor* editor = nullptr);
// The clock button's text in the language's units ("20分/30秒×3"; "5+3" in either).
std::string clock_label(const TimeControl& tc, Language l);
std::vector<Button> editor_buttons(const UiState& ui, const Editor& e);
Action button_at(const std::vector<Button>& buttons, float x, float y);
const Button* button_hit(const std::vector<Button>& buttons, float x, float y);
// The editor's piece for an EditTool arg (nullopt: remove).
std::optional<EditorPiece> edit_tool_piece(int arg);

// The notation of the move list and the analysis.
NotationStyle notation_style(const UiState& ui);

// Panel geometry: the status and analysis lines are at the same place in
// both shapes; the move list is below them in the tall panel and beside them
// in the wide one.
constexpr float kRowH = 20, kStatusY = 240, kAnalysisY = 266;
// The clock button beside the two faces: wide enough for "20m/30s*3" at a size its neighbours have.
constexpr float kClockButtonW = 86;
// The width of a variation row's ▼ that folds the variations of its move.
constexpr float kFoldMarkerW = 34;  // the row is indented 18, the glyph ~10 wide
// With a review's evaluation graph the list gives its top to the graph.
Rect move_list_rect(bool panel_below, bool graph = false);
Rect graph_rect(bool panel_below);
inline bool shows_graph(const UiState& ui) { return !ui.review.empty(); }
inline bool shows_analysis(const UiState& ui) { return ui.analysis && !ui.puzzle_open; }
// The clock row: red's face, black's face, then the time-control button.
Rect clock_row_rect(bool panel_below);
Rect clock_face_rect(bool panel_below, Color c);
int visible_rounds(bool panel_below, bool graph = false);
// The ply (moves played before the position) a click in the list asks to review.
std::optional<int> move_list_hit(const UiState& ui, const Controller& c, float x, float y);
// The move list's rows in order: a round (its index from the first) or a
// variation line (its index in ui.variation_lines), one of the two -1.
struct ListRow {
  int round = -1, variation = -1;
  bool verdict = false;  // the rules' verdict, under the round it came in, when the record goes on past it
};
std::vector<ListRow> list_rows(const UiState& ui, const Controller& c);
// First row to show so that the newest move is visible.
int follow_scroll(const UiState& ui, const Controller& c);
// First row to show so that the move of `ply` is visible (the scroll as it is when it already is).
int scroll_to_show(const UiState& ui, const Controller& c, int ply);
// The variation line a click in the list asks for (its index in ui.variation_lines).
std::optional<int> variation_hit(const UiState& ui, const Controller& c, float x, float y);
// The ply a click on the evaluation graph asks to review.
std::optional<int> graph_hit(const UiState& ui, const Controller& c, float x, float y);

}  // namespace xq
