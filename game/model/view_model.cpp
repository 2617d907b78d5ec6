#include "view_model.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "movegen.h"
#include "notation.h"
#include "search.h"

namespace xq {

namespace {

// Each side counts the files from its own right: red 九..一 (1..9 in English), black 1..9.
void file_numbers(const UiState& ui, ViewModel& vm) {
  static const char* const kRedDigits[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
  for (int col = 0; col < 9; ++col) {
    const int file = ui.flipped ? 8 - col : col;
    const int red = 9 - file, black = file + 1;
    const std::string red_name = ui.language == Language::English ? std::to_string(red) : kRedDigits[red];
    (ui.flipped ? vm.top_numbers : vm.bottom_numbers)[col] = red_name;
    (ui.flipped ? vm.bottom_numbers : vm.top_numbers)[col] = std::to_string(black);
  }
}

void board_part(const Controller& c, const UiState& ui, ViewModel& vm) {
  vm.flipped = ui.flipped;
  vm.board_theme = ui.board_theme;
  vm.piece_theme = ui.piece_theme;
  vm.panel_below = ui.panel_below;
  file_numbers(ui, vm);
  const Position pos = c.shown_position();
  for (Square s = 0; s < 256; ++s)
    if (const PieceId id = pos.piece_at(s)) vm.pieces.push_back({id, s});
  vm.last_move = c.last_move();
  vm.hint = c.hint();
  vm.selected = c.selected();
  vm.check = c.king_in_check();
  for (Square t : c.targets()) (pos.piece_at(t) ? vm.capture_targets : vm.quiet_targets).push_back(t);
  if (const auto anim = c.animation_info()) {
    vm.anim_move = anim->move;
    vm.anim_start_ms = anim->start_ms;
    vm.anim_ms = anim->duration_ms;
    vm.anim_captured = pos.last_captured();
  }
  // The result stands over the final position only: not while stepping
  // through the game, nor over a record played on past the rules' verdict
  // (the move list notes where the rules ended it).
  const Game& shown = c.game();
  const bool played_on = shown.verdict().over() && shown.verdict_ply() < shown.ply();
  vm.banner = c.review_ply() >= 0 || played_on ? "" : c.banner();
  vm.outcome = c.game().verdict().outcome;
  if (!vm.banner.empty()) {  // one instruction, the one that is true here
    if (ui.puzzle >= 0)
      vm.banner_note = phrase(ui.puzzle_solved ? Phrase::BannerPuzzleNext : Phrase::BannerPuzzleAgain, ui.language);
    else
      vm.banner_note = phrase(c.game().can_undo() && !ui.from_server ? Phrase::BannerNote : Phrase::BannerNewGame, ui.language);
    if (!ui.result_note.empty() && ui.puzzle < 0) vm.banner_note = ui.result_note + "  ·  " + vm.banner_note;
  }
}

// "Red" / "红" for the scores' side.
std::string side_name(Language l, Color c) {
  return l == Language::English ? (c == RED ? "Red" : "Black") : (c == RED ? "红" : "黑");
}

std::string score_text(Language l, int score) {
  if (is_mate_score(score))
    return std::string(l == Language::English ? (score > 0 ? "mate " : "mated ") : (score > 0 ? "杀" : "被杀"))
        .append(std::to_string(std::abs(mate_in_moves(score))));
  return std::string(score > 0 ? "+" : "").append(std::to_string(score));
}

// A line of moves in the chosen notation, at most `limit` of them.
std::string line_text(Position pos, const std::vector<Move>& line, const UiState& ui, size_t limit) {
  std::string out;
  for (size_t i = 0; i < line.size() && i < limit && is_legal(pos, line[i]); ++i) {
    if (!out.empty()) out += ' ';
    out += move_name(pos, line[i], notation_style(ui));
    pos.do_move(line[i]);
  }
  return out;
}

// Several lines (analysis): a head with the engine, depth and nodes, then
// each line's score and its first moves.
void analysis_lines(const Controller& c, const UiState& ui, const SearchInfo& info, Color view, ViewModel& vm) {
  const Language l = ui.language;
  const Position& pos = c.analysis_root();
  const bool outside = c.analysing() ? c.analysis_is_outside() : c.plays_outside(pos.side());
  const std::string name = c.analysing() ? c.analysis_engine_name() : c.engine_name(pos.side());
  // Named as its button names it: "built-in" for ours, an outside engine's first word.
  const std::string engine = outside ? name.substr(0, name.find(' ')) : phrase(Phrase::BuiltIn, l);
  char nodes[32];
  std::snprintf(nodes, sizeof nodes, "%.0f", double(info.nodes) / (l == Language::English ? 1e3 : 1e4));
  vm.analysis_short_head = say(l, Phrase::AnalysisHeadShort, {engine, std::to_string(info.depth), side_name(l, view)});
  // An engine that counts no nodes (ElephantEye in UCCI) is not said to have searched "0k".
  vm.analysis.push_back(info.nodes > 0 ? say(l, Phrase::AnalysisHead, {engine, std::to_string(info.depth), nodes, side_name(l, view)})
                                       : vm.analysis_short_head);
  for (const PvLine& line : info.lines) {
    if (line.pv.empty()) continue;
    const int score = line.score * (pos.side() == view ? 1 : -1);
    // Four Chinese move names fill the line at the panel's font; five shrank it.
    const size_t moves = notation_style(ui) == NotationStyle::Chinese ? 4 : 5;
    vm.analysis.push_back(score_text(l, score) + "  " + line_text(pos, line.pv, ui, moves));
  }
}

// Depth and score from the player's side (red's when both or neither play),
// nodes and speed, and the principal variation in Chinese notation.
void analysis_part(const Controller& c, const UiState& ui, ViewModel& vm) {
  const Language l = ui.language;
  const SearchInfo info = c.analysis();
  if (info.depth <= 0) {
    // An outside engine that answered from its book says no lines: said, rather than a blank.
    if (const Move m = c.analysis_move_without_lines(); m != kNoMove && !c.game_over()) {
      Position root = c.analysis_root();
      const std::string name = c.analysis_engine_name();
      vm.analysis.push_back(say(l, Phrase::AnalysisNoLines, {name.substr(0, name.find(' ')),
                                                              is_legal(root, m) ? move_name(root, m, notation_style(ui)) : move_to_iccs(m)}));
    }
    return;
  }
  // The game is over on the board shown: a search of the position before the end has nothing left to say.
  if (c.game_over() && c.review_ply() < 0) return;
  Color view = c.player(RED) == PlayerKind::Human ? RED : BLACK;
  if (c.mode() == Mode::TwoPlayers || c.mode() == Mode::ComputerOnly) view = RED;
  if (info.lines.size() > 1) return analysis_lines(c, ui, info, view, vm);
  Position pos = c.analysis_root();
  const int score = info.score * (pos.side() == view ? 1 : -1);
  const std::string depth = std::to_string(info.depth);
  if (is_mate_score(score)) {  // who mates, by name: "mate in 4" alone left it to guess
    const Color mater = score > 0 ? view : ~view;
    const std::string who = l == Language::English ? (mater == RED ? "Red" : "Black") : (mater == RED ? "红方" : "黑方");
    vm.analysis.push_back(say(l, score > 0 ? Phrase::DepthMate : Phrase::DepthMated,
                              {depth, who, std::to_string(std::abs(mate_in_moves(score)))}));
  }
  else  // the score says whose it is
    vm.analysis.push_back(say(l, Phrase::DepthScore, {depth, side_name(l, view),
                                                      std::string(score > 0 ? "+" : "").append(std::to_string(score))}));
  // Chinese counts in 万 (10,000), English in thousands; a search too young
  // to have a speed shows none rather than "0k/s".
  const double unit = l == Language::English ? 1e3 : 1e4;
  char nodes[32], speed[32];
  std::snprintf(nodes, sizeof nodes, "%.1f", double(info.nodes) / unit);
  std::snprintf(speed, sizeof speed, double(info.nps) < 10 * unit ? "%.1f" : "%.0f", double(info.nps) / unit);
  if (info.nps > 0) vm.analysis.push_back(say(l, Phrase::NodesSpeed, {nodes, speed}));
  else vm.analysis.push_back(say(l, Phrase::NodesOnly, {nodes}));
  std::string pv;
  int shown = 0;
  for (Move m : info.pv) {
    if (shown == 8 || !is_legal(pos, m)) break;
    if (!pv.empty()) pv += ' ';
    pv += move_name(pos, m, notation_style(ui));
    pos.do_move(m);
    if (++shown == 4) {
      vm.analysis.push_back(pv);
      pv.clear();
    }
  }
  if (!pv.empty()) vm.analysis.push_back(pv);
}

float graph_value(float score) { return score / (std::abs(score) + 120); }

// A review's marks: the graph (the glyphs are marks of the record now), the better
// line of a reviewed move that gave something away, the progress.
void review_part(const Controller& c, const UiState& ui, ViewModel& vm) {
  if (ui.review_total > 0) {
    vm.progress = float(ui.review_done) / float(ui.review_total);
    vm.status = say(ui.language, Phrase::ReviewProgress, {std::to_string(ui.review_done), std::to_string(ui.review_total)});
  } else if (ui.import_total > 0) {  // an import into the library: its files
    vm.progress = float(ui.import_done) / float(ui.import_total);
  }
  if (ui.review.empty()) return;
  vm.graph.push_back(0);
  // Squeezed so that a pawn's edge shows (100 → 0.45) and mates stay on the
  // sheet: s / (|s| + 120). The lines at ±1 and ±3 pawns are the scale.
  for (const MoveReview& r : ui.review) {
    const float v = float(std::clamp(int(r.red_score), -1000, 1000));
    vm.graph.push_back(graph_value(v));
  }
  vm.graph_scale = {graph_value(100), graph_value(300)};
  vm.graph_top = phrase(Phrase::GraphRedBetter, ui.language);
  vm.graph_bottom = phrase(Phrase::GraphBlackBetter, ui.language);
  vm.graph_ply = c.review_ply() >= 0 ? c.review_ply() : c.game().ply();
  if (vm.graph_ply >= 1 && vm.graph_ply <= int(ui.review.size())) {
    // The marked position in numbers: the move as the list numbers it, and red's score after it.
    const Game& g = c.game();
    const bool black_first = g.start_side() == BLACK;
    const int round = g.start_fullmove() + (vm.graph_ply - 1 + (black_first ? 1 : 0)) / 2;
    const bool blacks = (vm.graph_ply % 2 == 0) != black_first;
    vm.graph_note = std::to_string(round) + (blacks ? "… " : ". ") +
                    score_text(ui.language, ui.review[size_t(vm.graph_ply - 1)].red_score);
  }
  const int ply = c.review_ply();
  if (ply < 1 || ply > int(ui.review.size())) return;
  const MoveReview& r = ui.review[size_t(ply - 1)];
  if (r.better.empty()) return;
  const Position before = c.game().position_at(ply - 1);
  const int red_best = before.side() == RED ? r.best_score : -r.best_score;
  vm.status = say(ui.language, Phrase::ReviewBetter, {line_text(before, r.better, ui, 4), score_text(ui.language, red_best)});
}

// The rules' verdict as a note in the move list, for a record played on past it.
std::string verdict_note(Language lang, const Game& g) {
  const Verdict v = g.verdict();
  return say(lang, Phrase::VerdictNote, {lang == Language::Chinese ? verdict_text(v) : verdict_text_en(v)});
}

void move_list_part(const Controller& c, const UiState& ui, ViewModel& vm) {
  const Game& g = c.game();
  const bool black_first = g.start_side() == BLACK;
  const std::vector<std::string> names = line_names(g.start_position(), g.moves(), notation_style(ui));
  std::vector<MoveListRow> rounds;
  for (int i = 0; i < g.ply(); ++i) {
    std::string name = names[size_t(i)];
    if (size_t(i) < ui.move_notes.size()) name += ui.move_notes[size_t(i)];
    const int slot = i + (black_first ? 1 : 0);
    if (slot % 2 == 0 || rounds.empty()) rounds.push_back({g.start_fullmove() + slot / 2, "", "", -1, -1, ""});
    MoveListRow& row = rounds.back();
    (slot % 2 == 0 ? row.red : row.black) = name;
    (slot % 2 == 0 ? row.red_ply : row.black_ply) = i + 1;
  }
  for (const ListRow& r : list_rows(ui, c)) {  // the rounds with the record's variations under them
    if (r.round >= 0 && r.round < int(rounds.size())) vm.rows.push_back(rounds[size_t(r.round)]);
    else if (r.variation >= 0) vm.rows.push_back({0, "", "", -1, -1, ui.variation_lines[size_t(r.variation)].text});
    else if (r.verdict) vm.rows.push_back({0, "", "", -1, -1, verdict_note(ui.language, g)});
  }
  vm.current_ply = c.review_ply() >= 0 ? c.review_ply() : g.ply();
  vm.scroll = ui.scroll;
}

}  // namespace

namespace {

// The editor's board, its buttons and its verdict in the status line.
ViewModel editor_view_model(const UiState& ui, const Editor& e) {
  ViewModel vm;
  vm.editing = true;
  vm.flipped = ui.flipped;
  vm.board_theme = ui.board_theme;
  vm.piece_theme = ui.piece_theme;
  vm.panel_below = ui.panel_below;
  for (int rank = 0; rank < 10; ++rank)
    for (int file = 0; file < 9; ++file)
      if (const auto p = e.at(make_square(file, rank)))
        vm.pieces.push_back({side_base(p->color) + kTypeFirstSlot[p->type], make_square(file, rank)});
  vm.buttons = editor_buttons(ui, e);
  const auto fault = e.fault();
  vm.status = phrase(fault ? *fault : Phrase::EditHint, ui.language);
  vm.message = ui.message;
  vm.message_until_ms = ui.message_until_ms;
  vm.title = phrase(Phrase::Title, ui.language);
  return vm;
}

}  // namespace

ViewModel build_view_model(const Controller& c, const UiState& ui, std::optional<Dialog> dialog, const Editor* editor) {
  if (editor) {
    ViewModel vm = editor_view_model(ui, *editor);
    file_numbers(ui, vm);
    return vm;
  }
  ViewModel vm;
  board_part(c, ui, vm);
  vm.buttons = panel_buttons(ui, c);
  vm.explorer = ui.explorer;
  // In a puzzle the status keeps its title; how the attempt ended is the
  // first line under it (the two on one line were set too small to read).
  if (ui.puzzle >= 0 && !ui.puzzle_outcome.empty()) vm.status = ui.puzzle_line;
  else if (ui.record_shown && c.review_ply() < 0) vm.status = phrase(Phrase::RecordShown, ui.language);
  else vm.status = ui.puzzle >= 0 && !c.game_over() && c.human_to_move() ? ui.puzzle_line : c.status();
  if (c.time_control().on()) {
    for (Color side : {RED, BLACK}) {
      const ClockReading r = read_clock(c.time_control(), c.clock_ms(side));
      // In 读秒 the countdown shows, with the periods left when there are several.
      const std::string face =
          r.byoyomi ? say(ui.language, Phrase::ByoyomiFace, {std::to_string((std::max(r.ms, 0) + 999) / 1000)}) +
                          // after the flag: no periods left, never a negative count
                          (c.time_control().periods > 1 ? "×" + std::to_string(std::max(r.periods - 1, 0)) : "")
                    : clock_face(r.ms);
      vm.clock_faces[side] = say(ui.language, side == RED ? Phrase::RedClock : Phrase::BlackClock, {face});
      vm.clock_running[side] = c.clock_running(side);
      vm.clock_low[side] = r.ms < 10000 && (r.byoyomi || !c.time_control().byoyomi_ms);
    }
  }
  vm.title = phrase(Phrase::Title, ui.language);
  vm.message = ui.message;
  vm.message_until_ms = ui.message_until_ms;
  if (!c.refusal_text().empty() && c.refusal_until_ms() > vm.message_until_ms) {
    vm.message = c.refusal_text();
    vm.message_until_ms = c.refusal_until_ms();
    vm.refused = c.refused_target();
  }
  vm.busy = c.thinking() || c.hinting();
  if (ui.puzzle >= 0 && !ui.puzzle_outcome.empty()) {
    // The attempt is over: how it ended, the ratings, and (a wrong move) the
    // solution with its head on its first line, where the analysis goes.
    vm.analysis = {ui.puzzle_outcome};
    vm.analysis_wraps = true;
    if (!ui.puzzle_solution.empty()) {
      vm.analysis.push_back(ui.puzzle_ratings);
      vm.analysis.push_back(ui.puzzle_solution[0] + (ui.puzzle_solution.size() > 1 ? " " + ui.puzzle_solution[1] : ""));
      for (size_t i = 2; i < ui.puzzle_solution.size(); ++i) vm.analysis.push_back(ui.puzzle_solution[i]);
    } else {
      ViewModel lines;  // what the computer sees now, if it looks, under the outcome (as much as fits)
      if (shows_analysis(ui)) analysis_part(c, ui, lines);
      if (lines.analysis.empty()) vm.analysis.push_back(ui.puzzle_ratings);
      vm.analysis.insert(vm.analysis.end(), lines.analysis.begin(), lines.analysis.end());
    }
  } else if (shows_analysis(ui)) {
    analysis_part(c, ui, vm);
  } else if (ui.puzzle >= 0) {
    vm.analysis.push_back(ui.puzzle_ratings);  // the analysis is hidden in a puzzle
  }
  review_part(c, ui, vm);
  move_list_part(c, ui, vm);
  vm.dialog = std::move(dialog);
  if (ui.help) {
    std::string text = phrase(Phrase::HelpText, ui.language);
    // The legend names the pieces as the set on the board draws them: the
    // bold and symbol sets carry the simplified characters.
    if (ui.piece_theme != "traditional")
      for (const auto& [from, to] : {std::pair<std::string, std::string>{"帥 將", "帅 将"}, {"傌 馬", "马 马"},
                                     {"俥 車", "车 车"}, {"炮 砲", "炮 炮"}})
        for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
          text.replace(at, from.size(), to);
    for (size_t at = 0; at <= text.size();) {
      const size_t nl = std::min(text.find('\n', at), text.size());
      vm.help.push_back(text.substr(at, nl - at));
      at = nl + 1;
    }
  }
  return vm;
}

const ViewModel& ViewModelCache::get(const Controller& c, const UiState& ui, const std::optional<Dialog>& dialog,
                                     const Editor* editor) {
  Key k;
  k.view_revision = c.view_revision();
  if (shows_analysis(ui)) {
    const SearchInfo info = c.analysis();
    k.depth = info.depth;
    k.nodes = info.nodes;
  }
  k.sound = ui.sound;
  k.analysis = shows_analysis(ui);
  k.iccs = ui.iccs;
  k.panel_below = ui.panel_below;
  k.help = ui.help;
  k.puzzle_line = ui.puzzle >= 0 ? ui.puzzle_line + ui.puzzle_outcome + ui.puzzle_ratings : "";
  for (const std::string& line : ui.puzzle_solution) k.puzzle_line += "\n" + line;
  k.edit_revision = ui.edit_revision;
  k.review_revision = ui.review_revision;
  k.explorer_revision = ui.explorer ? ui.explorer_revision : 0;
  k.explorer = ui.explorer;
  k.record_revision = ui.record_revision;
  k.variations_shown = ui.variations_shown;
  k.themes = ui.board_theme + "/" + ui.piece_theme;
  k.analysing = c.analysing();
  k.editing = editor != nullptr;
  for (Color side : {RED, BLACK}) {  // the faces change every second
    k.clock_seconds[side] = (c.clock_ms(side) + 999) / 1000;
    k.clock_running[side] = c.clock_running(side);
  }
  k.language = ui.language;
  k.flipped = ui.flipped;
  k.online = ui.online;
  k.scroll = ui.scroll;
  k.message = ui.message + std::to_string(ui.message_until_ms);
  if (dialog) {
    k.dialog = dialog->text + '\n';
    for (const std::string& l : dialog->lines) k.dialog += l + '\n';
    for (const Button& b : dialog->buttons) k.dialog += b.label + (b.active ? "*\n" : "\n");
  }
  if (!(k == key_) || builds_ == 0) {
    vm_ = build_view_model(c, ui, dialog, editor);
    key_ = k;
    ++builds_;
    vm_.revision = uint64_t(builds_);
  }
  return vm_;
}

}  // namespace xq
