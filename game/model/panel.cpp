#include "panel.h"
#include "skill.h"

#include <algorithm>

namespace xq {

// The clock button's text: "5+3", and "20m/30s*3" in the language's units
// (Chinese: 20分/30秒×3), the command line's form staying English.
std::string clock_label(const TimeControl& tc, Language l) {
  std::string text = clock_option_text(tc);
  if (l != Language::Chinese || text.find('/') == std::string::npos) return text;
  std::string out;
  for (char ch : text) out += ch == 'm' ? "分" : ch == 's' ? "秒" : ch == '*' ? "×" : std::string(1, ch);
  return out;
}

NotationStyle notation_style(const UiState& ui) {
  if (ui.iccs) return NotationStyle::Iccs;
  return ui.language == Language::English ? NotationStyle::Wxf : NotationStyle::Chinese;
}

std::optional<EditorPiece> edit_tool_piece(int arg) {
  if (arg < 0 || arg >= 14) return std::nullopt;
  return EditorPiece{arg < 7 ? RED : BLACK, PieceType(arg % 7)};
}

std::vector<Button> editor_buttons(const UiState& ui, const Editor& e) {
  std::vector<Button> b;
  const Language l = ui.language;
  for (int i = 0; i < 14; ++i) {
    const EditorPiece p = *edit_tool_piece(i);
    b.push_back({Action::EditTool, "", {10 + float(i % 7) * 37, i < 7 ? 10.0f : 48.0f, 34, 34}, e.tool() == p, i,
                 side_base(p.color) + kTypeFirstSlot[p.type]});
  }
  // Two wide buttons a row (one narrow pair), so "Start position" and "Black first" are set at the
  // size of the panel's other buttons (four a row set them all at about 9 px).
  const float w = 62, h = 28, wide = 2 * w + 4;
  auto at = [&](int col, float y, float width) { return Rect{10 + col * (w + 4), y, width, h}; };
  b.push_back({Action::EditRedFirst, phrase(Phrase::EditRedMoves, l), at(0, 90, wide), e.side() == RED});
  b.push_back({Action::EditBlackFirst, phrase(Phrase::EditBlackMoves, l), at(2, 90, wide), e.side() == BLACK});
  b.push_back({Action::EditTool, phrase(Phrase::EditRemove, l), at(0, 122, w), e.removing(), 14});
  b.push_back({Action::EditClear, phrase(Phrase::EditClear, l), at(1, 122, w), false});
  b.push_back({Action::EditStart, phrase(Phrase::EditStart, l), at(2, 122, wide), false});
  b.push_back({Action::EditDone, phrase(Phrase::EditDone, l), at(0, 160, wide), false});
  b.push_back({Action::EditCancel, phrase(Phrase::EditCancel, l), at(2, 160, wide), false});
  return b;
}

std::vector<Button> panel_buttons(const UiState& ui, const Controller& c, const Editor* editor) {
  if (editor) return editor_buttons(ui, *editor);
  std::vector<Button> b;
  const Language l = ui.language;
  const float w = 62, h = 28, gap = 4, x0 = 10;
  auto row = [&](float y, std::initializer_list<std::pair<Action, Phrase>> items,
                 std::initializer_list<bool> active) {
    int i = 0;
    auto a = active.begin();
    for (auto& [act, label] : items) {
      b.push_back({act, phrase(label, l), {x0 + i * (w + gap), y, w, h}, a != active.end() ? *a : false});
      ++i;
      if (a != active.end()) ++a;
    }
  };
  row(10, {{Action::NewGame, Phrase::NewGame}, {Action::Undo, Phrase::Undo}, {Action::Redo, Phrase::Redo},
           {Action::Flip, Phrase::Flip}},
      {false, false, false, ui.flipped});
  row(42, {{Action::Hint, Phrase::Hint}, {Action::Sound, Phrase::Sound}, {Action::Animation, Phrase::Animation},
           {Action::Analysis, Phrase::Analysis}},
      {c.hint() != kNoMove, ui.sound, c.animation_ms() > 0, ui.analysis});
  {  // the level: one step down, its name and measured Elo, one step up
    // At the top level a narrower - and + make room for the ponder switch (thinking on the player's
    // time), as wide as the grid's buttons so its label is set at their size.
    const Level& lv = kLevels[c.level()];
    const std::string label = say(l, Phrase::LevelLabel, {phrase(lv.name, l), std::to_string(skill_level(lv.skill).elo)});
    const bool top = c.level() == kLevelCount - 1;
    const float row = 4 * w + 3 * gap, name = 2 * w + gap;
    const float step = top ? (row - name - w - 3 * gap) / 2 : w;
    b.push_back({Action::LevelDown, "-", {x0, 74, step, h}, false});
    b.push_back({Action::None, label, {x0 + step + gap, 74, name, h}, true});
    if (top) b.push_back({Action::Ponder, phrase(Phrase::Ponder, l), {x0 + step + name + 2 * gap, 74, w, h}, c.ponder()});
    b.push_back({Action::LevelUp, "+", {x0 + row - step, 74, step, h}, false});
  }
  const Mode m = c.mode();
  row(106, {{Action::ModeRed, Phrase::ModeRed}, {Action::ModeBlack, Phrase::ModeBlack}, {Action::ModeTwo, Phrase::ModeTwo},
            {Action::ModeDemo, Phrase::ModeDemo}},
      {m == Mode::HumanRed, m == Mode::HumanBlack, m == Mode::TwoPlayers, m == Mode::ComputerOnly});
  row(138, {{Action::Save, Phrase::Save}, {Action::Load, Phrase::Load}, {Action::CopyFen, Phrase::Copy},
            {Action::PasteFen, Phrase::Paste}},
      {});
  row(170, {{Action::HandicapOne, Phrase::OneHorse}, {Action::HandicapTwo, Phrase::TwoHorses},
            {Action::HandicapNine, Phrase::NinePieces}, {Action::Language, Phrase::OtherLanguage}},
      {});
  if (ui.puzzle >= 0)
    row(202, {{Action::PuzzleProgress, Phrase::PuzzleProgress}, {Action::PuzzleNext, Phrase::PuzzleNext},
              {Action::PuzzleRetry, Phrase::PuzzleRetry}, {Action::PuzzleExit, Phrase::PuzzleExit}},
        {});
  else
    row(202, {{Action::EditBoard, Phrase::EditBoard}, {Action::Help, Phrase::HelpButton}, {Action::Puzzles, Phrase::Puzzles},
              {Action::Review, Phrase::ReviewButton}},
        {false, false, false, ui.review_total > 0 || !ui.review.empty()});
  const Rect clocks = clock_row_rect(ui.panel_below);
  const TimeControl& tc = c.time_control();
  // Without a clock the row has no faces: the button takes the row, rather than floating alone at its end.
  b.push_back({Action::Clock, tc.on() ? clock_label(tc, l) : phrase(Phrase::NoClock, l),
               tc.on() ? Rect{clocks.x + clocks.w - kClockButtonW, clocks.y, kClockButtonW, clocks.h} : clocks, tc.on()});
  const Rect list = move_list_rect(ui.panel_below);
  const float right = list.x + list.w;
  if (ui.explorer) {  // in the list's place: the head, a row a move, and the library's buttons
    // The head: the opening, and on a second line its variation when it has one.
    const size_t nl = ui.explorer_head.find('\n');
    b.push_back({Action::None, ui.explorer_head.substr(0, nl), {list.x, list.y, list.w, 20}, true});
    if (nl != std::string::npos)
      b.push_back({Action::None, ui.explorer_head.substr(nl + 1), {list.x, list.y + 20, list.w, 20}, true});
    const float top = list.y + (nl != std::string::npos ? 42 : 22);
    const int rows = explorer_visible_rows(ui);
    const int first = std::clamp(ui.explorer_scroll, 0, std::max(0, int(ui.explorer_rows.size()) - rows));
    for (int k = 0; k < rows && first + k < int(ui.explorer_rows.size()); ++k) {
      const size_t i = size_t(first + k);
      Button row{Action::ExplorerMove, ui.explorer_rows[i], {list.x, top + float(k) * 20, list.w, 19}, false, int(i)};
      if (i < ui.explorer_bars.size()) row.bar = ui.explorer_bars[i];
      b.push_back(row);
    }
    const float quarter = (list.w - 12) / 4, bottom = list.y + list.h - 22;
    b.push_back({Action::ExplorerGames, phrase(Phrase::ExplorerGames, l), {list.x, bottom, quarter, 22}, false});
    b.push_back({Action::LibraryList, phrase(Phrase::LibraryAllButton, l), {list.x + quarter + 4, bottom, quarter, 22}, false});
    b.push_back({Action::ExplorerImport, phrase(Phrase::ExplorerImport, l), {list.x + 2 * (quarter + 4), bottom, quarter, 22}, false});
    b.push_back({Action::Explorer, phrase(Phrase::ExplorerClose, l), {right - quarter, bottom, quarter, 22}, false});
  }
  // The engine's button: the first word of an outside engine's name, lit.
  const std::string engine = ui.engine.empty() ? phrase(Phrase::BuiltIn, l)
                                               : ui.engine.substr(0, ui.engine.find(' ')) + ui.engine_role;
  const std::string notation = ui.iccs ? "ICCS" : phrase(Phrase::NativeNotation, l);
  if (ui.panel_below) {  // the narrow right column: engine and notation, then draw and resign, each row its own
    const float top = list.y - 54;
    b.push_back({Action::Engine, say(l, Phrase::EngineButton, {engine}), {list.x, top, list.w - 80, 22}, !ui.engine.empty()});
    b.push_back({Action::EngineSettings, "...", {right - 76, top, 22, 22}, false});
    b.push_back({Action::Notation, notation, {right - 50, top, 50, 22}, ui.iccs});
    // The second row in quarters: draw, resign (or play from here), online, the look.
    const float quarter = (list.w - 12) / 4;
    if (ui.record_shown) {
      b.push_back({Action::PlayFromHere, phrase(Phrase::PlayFromHere, l), {list.x, top + 27, 2 * quarter + 4, 22}, true});
    } else {
      b.push_back({Action::OfferDraw, phrase(Phrase::OfferDraw, l), {list.x, top + 27, quarter, 22}, false});
      b.push_back({Action::Resign, phrase(Phrase::Resign, l), {list.x + quarter + 4, top + 27, quarter, 22}, false});
    }
    b.push_back({Action::Online, phrase(Phrase::OnlineButton, l), {list.x + 2 * (quarter + 4), top + 27, quarter, 22},
                 ui.online});
    b.push_back({Action::ThemeShow, phrase(Phrase::Look, l), {right - quarter, top + 27, quarter, 22}, false});
  } else {
    // Two rows above the list: the engine and its settings; draw, resign, notation and the look.
    const float top = list.y - 54, quarter = (list.w - 12) / 4;
    // The engine's button leaves a quarter for Online (the O key's dialog).
    b.push_back({Action::Engine, say(l, Phrase::EngineButton, {engine}), {list.x, top, list.w - 38 - quarter, 22},
                 !ui.engine.empty()});
    b.push_back({Action::Online, phrase(Phrase::OnlineButton, l), {right - 34 - quarter, top, quarter, 22}, ui.online});
    b.push_back({Action::EngineSettings, "...", {right - 30, top, 30, 22}, false});
    if (ui.record_shown) {
      b.push_back({Action::PlayFromHere, phrase(Phrase::PlayFromHere, l), {list.x, top + 27, 2 * quarter + 4, 22}, true});
    } else {
      b.push_back({Action::OfferDraw, phrase(Phrase::OfferDraw, l), {list.x, top + 27, quarter, 22}, false});
      b.push_back({Action::Resign, phrase(Phrase::Resign, l), {list.x + quarter + 4, top + 27, quarter, 22}, false});
    }
    b.push_back({Action::Notation, notation, {list.x + 2 * (quarter + 4), top + 27, quarter, 22}, ui.iccs});
    b.push_back({Action::ThemeShow, phrase(Phrase::Look, l), {right - quarter, top + 27, quarter, 22}, false});
  }
  return b;
}

const Button* button_hit(const std::vector<Button>& buttons, float x, float y) {
  for (const Button& b : buttons)
    if (b.rect.contains(x, y)) return &b;
  return nullptr;
}

Action button_at(const std::vector<Button>& buttons, float x, float y) {
  const Button* b = button_hit(buttons, x, y);
  return b ? b->action : Action::None;
}

int explorer_visible_rows(const UiState& ui) {
  const float head = ui.explorer_head.find('\n') != std::string::npos ? 66 : 46;  // one or two lines of head
  return std::max(1, int((move_list_rect(ui.panel_below).h - head) / 20));
}

Rect move_list_rect(bool panel_below, bool graph) {
  const Rect full = panel_below ? Rect{275, 92, 240, 260} : Rect{10, 440, 260, 166};
  if (!graph) return full;
  const float g = graph_rect(panel_below).h + 4;
  return {full.x, full.y + g, full.w, full.h - g};
}

// The review's graph over the move list: low enough to leave the list five rounds (it left four).
Rect graph_rect(bool panel_below) { return panel_below ? Rect{275, 92, 240, 64} : Rect{10, 440, 260, 60}; }

Rect clock_row_rect(bool panel_below) { return panel_below ? Rect{275, 6, 240, 26} : Rect{10, 352, 260, 26}; }

Rect clock_face_rect(bool panel_below, Color c) {
  const Rect row = clock_row_rect(panel_below);
  const float w = (row.w - kClockButtonW - 6) / 2;
  return {row.x + (c == RED ? 0 : w + 3), row.y, w - 3, row.h};
}

int visible_rounds(bool panel_below, bool graph) { return int(move_list_rect(panel_below, graph).h / kRowH); }

std::vector<ListRow> list_rows(const UiState& ui, const Controller& c) {
  const bool black_first = c.game().start_side() == BLACK;
  const int rounds = (c.game().ply() + (black_first ? 1 : 0) + 1) / 2;
  std::vector<ListRow> rows;
  size_t v = 0;
  // A record played on past the rules' verdict: the verdict is a note under its round.
  const Game& g = c.game();
  const int judged = g.verdict().over() && g.verdict_ply() < g.ply() ? g.verdict_ply() : -1;
  const int judged_round = judged > 0 ? (judged - 1 + (black_first ? 1 : 0)) / 2 : -1;
  for (int r = 0; r < rounds; ++r) {
    rows.push_back({r, -1});
    if (r == judged_round) rows.push_back({-1, -1, true});
    for (; v < ui.variation_lines.size(); ++v) {  // those replacing a move of this round, and its comments (in ply order)
      const int round = (ui.variation_lines[v].ply - 1 + (black_first ? 1 : 0)) / 2;
      if (round != r) break;
      if (ui.variations_shown || ui.variation_lines[v].parent == UiState::kCommentRow) rows.push_back({-1, int(v)});
    }
  }
  return rows;
}

int scroll_to_show(const UiState& ui, const Controller& c, int ply) {
  const std::vector<ListRow> rows = list_rows(ui, c);
  const bool black_first = c.game().start_side() == BLACK;
  const int round = ply > 0 ? (ply - 1 + (black_first ? 1 : 0)) / 2 : 0;
  int row = 0;
  for (int i = 0; i < int(rows.size()); ++i)
    if (rows[size_t(i)].round == round) row = i;
  const int visible = std::max(1, visible_rounds(ui.panel_below, shows_graph(ui)));
  if (row >= ui.scroll && row < ui.scroll + visible) return ui.scroll;  // in view already: the list stays
  return std::max(0, row - visible / 2);                                 // else the move comes to the middle
}

int follow_scroll(const UiState& ui, const Controller& c) {
  const std::vector<ListRow> rows = list_rows(ui, c);
  // The newest round's row (variations under it may fall below).
  int last = -1;
  for (int i = 0; i < int(rows.size()); ++i)
    if (rows[size_t(i)].round >= 0) last = i;
  return std::max(0, last + 1 - visible_rounds(ui.panel_below, shows_graph(ui)));
}

std::optional<int> variation_hit(const UiState& ui, const Controller& c, float x, float y) {
  const Rect list = move_list_rect(ui.panel_below, shows_graph(ui));
  if (!list.contains(x, y)) return std::nullopt;
  const std::vector<ListRow> rows = list_rows(ui, c);
  const int i = ui.scroll + int((y - list.y) / kRowH);
  if (i < 0 || i >= int(rows.size()) || rows[size_t(i)].variation < 0) return std::nullopt;
  return rows[size_t(i)].variation;
}

std::optional<int> graph_hit(const UiState& ui, const Controller& c, float x, float y) {
  const Rect g = graph_rect(ui.panel_below);
  if (!shows_graph(ui) || !g.contains(x, y)) return std::nullopt;
  const int n = int(ui.review.size());
  // One bar a position, side by side: positions 0 (the start) to n.
  const int ply = int((x - g.x) / g.w * float(n + 1));
  return std::clamp(ply, 0, std::min(n, c.game().ply()));
}

std::optional<int> move_list_hit(const UiState& ui, const Controller& c, float x, float y) {
  const Rect list = move_list_rect(ui.panel_below, shows_graph(ui));
  if (!list.contains(x, y)) return std::nullopt;
  const std::vector<ListRow> rows = list_rows(ui, c);
  const int i = ui.scroll + int((y - list.y) / kRowH);
  if (i < 0 || i >= int(rows.size()) || rows[size_t(i)].round < 0) return std::nullopt;
  const int round = rows[size_t(i)].round;
  const bool black_first = c.game().start_side() == BLACK;
  const int col = x < list.x + list.w / 2 ? 0 : 1;  // red's move, black's move
  int index = round * 2 + col - (black_first ? 1 : 0);  // index of the move in the record
  if (index < 0 || index >= c.game().ply()) return std::nullopt;
  return index + 1;  // review the position after that move
}

}  // namespace xq
