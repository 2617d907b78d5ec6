// What one frame shows, worked out from the game once when something changes
// (the record, the selection, review, the search's latest info, the panel's
// settings) so the renderer only draws: no legal-move generation, no notation
// and no position copies per frame.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "controller.h"
#include "panel.h"

namespace xq {

struct PieceOnBoard {
  PieceId id;
  Square square;
};

// A question over the board (resume the last game?) with its buttons, in
// board design coordinates.
struct Dialog {
  std::string text;
  std::vector<std::string> lines;  // under the title, from lines_y down (a table)
  float lines_y = 0;
  std::vector<Button> buttons;  // rects in board design coordinates, like area
  Rect area{0, 220, 520, 160};  // the sheet behind it
  std::vector<int> chart;       // a bar chart (the puzzle ratings), drawn in chart_area
  Rect chart_area{};
};

struct MoveListRow {
  int number;           // the round, as printed ("12.")
  std::string red, black;  // move names ("" where the round has no such move)
  int red_ply = -1, black_ply = -1;  // the ply each move made (for the highlight)
  std::string variation;  // a variation line instead of a round ("(1… 马2进3)")
};

struct ViewModel {
  // The board.
  bool flipped = false;
  std::string board_theme = "wood", piece_theme = "traditional";  // theme.h names them
  std::string top_numbers[9], bottom_numbers[9];  // file numbers by screen column, left to right
  bool panel_below = false;  // the panel's shape (see BoardView)
  std::vector<PieceOnBoard> pieces;  // of the position on show
  Move last_move = kNoMove, hint = kNoMove;
  std::optional<Square> selected;
  std::optional<Square> check;  // the king in check, marked red
  std::optional<Square> refused;  // the point of a move just refused, crossed out while the message says why
  std::vector<Square> quiet_targets, capture_targets;
  // The newest move's slide: which move, from when, for how long, and what it took.
  Move anim_move = kNoMove;
  int64_t anim_start_ms = 0;
  int anim_ms = 0;
  PieceId anim_captured = 0;
  // The result.
  std::string banner;  // "" while the game goes on
  Outcome outcome = Outcome::Ongoing;
  std::string banner_note;
  // The panel.
  std::vector<Button> buttons;
  std::string status;
  // The clock faces ("红 04:58"), which one runs, which is under 10 s; empty without clocks.
  std::string clock_faces[2];
  bool clock_running[2] = {false, false}, clock_low[2] = {false, false};
  std::string title;        // the window's title
  std::string message;  // a passing note shown instead of the status until message_until_ms
  int64_t message_until_ms = 0;
  bool busy = false;  // the computer thinks (a spinner)
  std::vector<std::string> analysis;  // lines: depth and score, nodes, the PV (or a head and 3 lines)
  std::string analysis_short_head;  // the head without the node count, for a window too small for all of it
  bool analysis_wraps = false;  // its first line is a sentence (a puzzle's outcome) that wraps; lines of moves shrink
  // A finished review: red's score after each move, squeezed into (-1, 1)
  // (index 0 is the start); empty without one. graph_ply: the position on show.
  std::vector<float> graph;
  int graph_ply = 0;
  std::vector<float> graph_scale;        // heights of the scale's lines (1 and 3 pawns), both sides
  std::string graph_top, graph_bottom;   // its legend: "Red better" above, "Black better" below
  std::string graph_note;                // the position marked: its move and red's score ("56… +120")
  float progress = -1;  // a review in progress, 0..1 (-1: none)
  std::vector<MoveListRow> rows;      // every round; the renderer shows those from `scroll`
  int current_ply = 0;                // the move highlighted (ply it made; 0 = none)
  int scroll = 0;
  std::optional<Dialog> dialog;
  std::vector<std::string> help;  // the key overlay's lines (empty when hidden)
  bool editing = false;           // the position editor is open (no list, clocks or analysis)
  bool explorer = false;          // the opening explorer has the move list's place
  // Which build of the cache this is (a new number each rebuild); 0 for a
  // view model built outside the cache, which the renderer never reuses.
  uint64_t revision = 0;
};

// The renderer's data for the current state.
ViewModel build_view_model(const Controller& c, const UiState& ui, std::optional<Dialog> dialog,
                           const Editor* editor = nullptr);

// Rebuilds the view model only when its inputs changed.
class ViewModelCache {
 public:
  const ViewModel& get(const Controller& c, const UiState& ui, const std::optional<Dialog>& dialog,
                       const Editor* editor = nullptr);
  int builds() const { return builds_; }

 private:
  struct Key {
    uint64_t view_revision = ~uint64_t(0);
    int depth = -1;
    uint64_t nodes = 0;
    bool sound = false, analysis = false, iccs = false, flipped = false, online = false;
    Language language = Language::Chinese;
    bool panel_below = false;
    bool help = false;
    std::string puzzle_line;
    uint64_t review_revision = 0;
    uint64_t explorer_revision = 0;
    bool explorer = false;
    uint64_t record_revision = 0;
    bool variations_shown = true;
    std::string themes;
    bool analysing = false;
    uint64_t edit_revision = 0;
    bool editing = false;
    int clock_seconds[2] = {0, 0};
    bool clock_running[2] = {false, false};
    int scroll = 0;
    std::string message;
    std::string dialog;  // all it shows: a dialog's labels change without a move
    bool operator==(const Key&) const = default;
  };
  Key key_;
  ViewModel vm_;
  int builds_ = 0;
};

}  // namespace xq
