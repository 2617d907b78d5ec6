#include "render.h"

#include <algorithm>
#include <map>
#include <cmath>

#include "assets.h"
#include "theme.h"

namespace xq {

namespace {
constexpr int kSprite = 112;  // sprite cell size in the atlases (2x)
constexpr SDL_Color kPanelText{245, 230, 200, 255};
constexpr SDL_Color kDim{200, 180, 150, 255};
constexpr SDL_Color kHighlight{255, 220, 150, 255};
}  // namespace

bool Renderer::init(SDL_Renderer* r, const std::string& dir, std::string* error) {
  r_ = r;
  SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
  if (dir.empty()) {
    if (error) *error = "assets folder not found (looked for board.png; set XIANGQI_ASSETS)";
    return false;
  }
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  for (const std::string& name : board_theme_names()) {
    std::string err;
    if (TexturePtr t = load_texture(r, dir, board_theme_file(name), 1040, 1152, &err)) boards_[name] = std::move(t);
    else if (name == board_theme_names()[0]) return fail(err);
    else warnings_.push_back("board '" + name + "': " + err + "; the " + board_theme_names()[0] + " board is drawn instead");
  }
  for (const std::string& name : piece_theme_names()) {
    std::string err;
    if (TexturePtr t = load_texture(r, dir, piece_theme_file(name), 7 * kSprite, 2 * kSprite, &err))
      piece_sets_[name] = std::move(t);
    else if (name == piece_theme_names()[0]) return fail(err);
    else warnings_.push_back("pieces '" + name + "': " + err + "; the " + piece_theme_names()[0] + " pieces are drawn instead");
  }
  board_ = boards_[board_theme_names()[0]].get();
  pieces_ = piece_sets_[piece_theme_names()[0]].get();
  if (!(markers_ = load_texture(r, dir, "markers.png", 5 * kSprite, kSprite, error))) return false;
  text_.init(r);
  return true;
}

void Renderer::fill(const Rect& rc, SDL_Color c) {
  SDL_SetRenderDrawBlendMode(r_, SDL_BLENDMODE_BLEND);
  SDL_SetRenderDrawColor(r_, c.r, c.g, c.b, c.a);
  SDL_FRect f{rc.x, rc.y, rc.w, rc.h};
  SDL_RenderFillRectF(r_, &f);
}

void Renderer::draw_piece(PieceId id, float cx, float cy, float size) {
  // Sampled 1 px inside the cell so linear filtering never reaches the neighbour.
  SDL_Rect src{int(type_of_id(id)) * kSprite + 1, int(color_of_id(id)) * kSprite + 1, kSprite - 2, kSprite - 2};
  const float inner = size * float(kSprite - 2) / kSprite;
  SDL_FRect dst{cx - inner / 2, cy - inner / 2, inner, inner};
  SDL_RenderCopyF(r_, pieces_, &src, &dst);
}

void Renderer::draw_marker(int index, float cx, float cy, float size) {
  SDL_Rect src{index * kSprite + 1, 1, kSprite - 2, kSprite - 2};  // inside the cell: no bleed from the next one
  const float inner = size * float(kSprite - 2) / kSprite;
  SDL_FRect dst{cx - inner / 2, cy - inner / 2, inner, inner};
  SDL_RenderCopyF(r_, markers_.get(), &src, &dst);
}

void Renderer::draw_board(const ViewModel& vm, const BoardView& v, int64_t now_ms) {
  const Rect b = v.board();
  SDL_FRect dst{b.x, b.y, b.w, b.h};
  SDL_RenderCopyF(r_, board_, nullptr, &dst);  // the grid is symmetric: flipping keeps the river text upright
  const float cell = v.cell();
  float x, y;
  auto mark_move = [&](Move m, int marker) {
    for (Square s : {move_from(m), move_to(m)}) {
      v.square_center(s, x, y);
      draw_marker(marker, x, y, cell);
    }
  };
  if (vm.last_move) mark_move(vm.last_move, 1);
  if (vm.check) {  // a red halo behind the king in check: its own disc, larger and tinted
    for (const PieceOnBoard& p : vm.pieces) {
      if (p.square != *vm.check) continue;
      v.square_center(p.square, x, y);
      SDL_SetTextureColorMod(pieces_, 255, 40, 30);
      draw_piece(p.id, x, y, cell * 1.22f);
      SDL_SetTextureColorMod(pieces_, 255, 255, 255);
    }
  }
  if (vm.hint) mark_move(vm.hint, 4);
  if (vm.refused && now_ms < vm.message_until_ms) {  // a refused move's point: a red cross, as long as the reason shows
    v.square_center(*vm.refused, x, y);
    const float r = cell * 0.28f, w = std::max(2.0f, cell * 0.06f);
    SDL_SetRenderDrawBlendMode(r_, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r_, 220, 30, 20, 230);
    for (float d = -w / 2; d <= w / 2; d += 0.5f) {
      SDL_RenderDrawLineF(r_, x - r + d, y - r, x + r + d, y + r);
      SDL_RenderDrawLineF(r_, x - r + d, y + r, x + r + d, y - r);
    }
  }
  const int64_t t = now_ms - vm.anim_start_ms;
  const bool sliding = vm.anim_move && t >= 0 && t < vm.anim_ms;
  PieceId slider = 0;
  for (const PieceOnBoard& p : vm.pieces) {
    if (sliding && move_to(vm.anim_move) == p.square) {  // drawn sliding below
      slider = p.id;
      continue;
    }
    v.square_center(p.square, x, y);
    draw_piece(p.id, x, y, cell);
  }
  if (sliding && slider) {
    const float f = float(t) / float(vm.anim_ms), e = 1 - (1 - f) * (1 - f);  // ease out
    float x0, y0, x1, y1;
    v.square_center(move_from(vm.anim_move), x0, y0);
    v.square_center(move_to(vm.anim_move), x1, y1);
    if (vm.anim_captured) draw_piece(vm.anim_captured, x1, y1, cell);
    draw_piece(slider, x0 + (x1 - x0) * e, y0 + (y1 - y0) * e, cell * 1.06f);
  }
  if (vm.selected) {
    v.square_center(*vm.selected, x, y);
    draw_marker(0, x, y, cell);
    for (Square s : vm.quiet_targets) {
      v.square_center(s, x, y);
      draw_marker(2, x, y, cell);
    }
    for (Square s : vm.capture_targets) {
      v.square_center(s, x, y);
      draw_marker(3, x, y, cell);
    }
  }
}

void Renderer::draw_banner(const ViewModel& vm, const BoardView& v) {
  if (vm.banner.empty()) return;
  const Rect b = v.board();
  const float s = v.scale();
  const Rect band{b.x, b.y + b.h / 2 - 60 * s, b.w, 120 * s};
  fill(band, {20, 12, 6, 200});
  fill({band.x, band.y, band.w, 3 * s}, {200, 160, 90, 255});
  fill({band.x, band.y + band.h - 3 * s, band.w, 3 * s}, {200, 160, 90, 255});
  const SDL_Color col = vm.outcome == Outcome::RedWins     ? SDL_Color{255, 120, 100, 255}
                        : vm.outcome == Outcome::BlackWins ? SDL_Color{235, 235, 235, 255}
                                                           : SDL_Color{240, 210, 140, 255};
  text_.draw(vm.banner, b.x + b.w / 2, band.y + 18 * s, int(44 * s), col, 1);
  text_.draw(vm.banner_note, b.x + b.w / 2, band.y + 80 * s, int(17 * s), kDim, 1);
}

void Renderer::draw_button(const Button& b, const Rect& r, float s, int text_px) {
  fill(r, b.active ? SDL_Color{196, 140, 60, 255} : SDL_Color{110, 70, 40, 255});
  fill({r.x, r.y + r.h - 2 * s, r.w, 2 * s}, {40, 22, 10, 160});
  if (b.piece) {  // the editor's palette shows the pieces themselves
    draw_piece(b.piece, r.x + r.w / 2, r.y + r.h / 2, std::min(r.w, r.h) - 2 * s);
    return;
  }
  if (b.label.find('\t') != std::string::npos) {
    draw_table_row(b, r, s, text_px);
    return;
  }
  // A long label (English) is set smaller to fit its button, down to a size
  // still read at a glance; past that it is cut (an opening's long name).
  int px = text_px;
  const float room = r.w - 4 * s;
  while (px > int(11 * s) && text_.width(b.label, px) > room) --px;
  text_.draw(cut_to_width(b.label, px, room), r.x + r.w / 2, r.y + (r.h - px) / 2 - 2 * s, px, kPanelText, 1);
}

std::string Renderer::cut_to_width(const std::string& t, int px, float w) {
  if (text_.width(t, px) <= w) return t;
  std::string base = t;
  while (!base.empty()) {
    while (!base.empty() && (static_cast<unsigned char>(base.back()) & 0xC0) == 0x80) base.pop_back();
    if (!base.empty()) base.pop_back();  // one UTF-8 character off
    if (text_.width(base + "…", px) <= w) break;
  }
  return base + "…";
}

// An explorer row: the move on the left, its games right-aligned, the results
// as a bar (red wins, draws, black wins) or in words, the rest after them;
// columns at fixed places so the rows line up.
void Renderer::draw_table_row(const Button& b, const Rect& r, float s, int text_px) {
  std::vector<std::string> col;
  for (size_t from = 0;;) {
    const size_t tab = b.label.find('\t', from);
    col.push_back(b.label.substr(from, tab == std::string::npos ? std::string::npos : tab - from));
    if (tab == std::string::npos) break;
    from = tab + 1;
  }
  col.resize(4);
  (void)text_px;
  const int px = int(13 * s);
  const float y = r.y + (r.h - px) / 2 - 2 * s;
  // cut with an ellipsis rather than run over the next column
  auto fit = [&](const std::string& t, float w) { return cut_to_width(t, px, w); };
  const float move_w = r.w * 0.27f, count_end = r.w * 0.40f, bar_x = r.w * 0.43f, bar_w = r.w * 0.26f;
  text_.draw(fit(col[0], move_w - 4 * s), r.x + 3 * s, y, px, kPanelText, 0);
  text_.draw(col[1], r.x + count_end, y, px, kPanelText, 2);
  if (b.bar[0] >= 0) {
    const Rect bar{r.x + bar_x, r.y + r.h * 0.25f, bar_w, r.h * 0.5f};
    const SDL_Color colours[3] = {{200, 50, 40, 255}, {170, 160, 140, 255}, {30, 24, 20, 255}};
    float x = bar.x;
    for (int i = 0; i < 3; ++i) {
      const float w = i == 2 ? bar.x + bar.w - x : bar.w * float(b.bar[size_t(i)]) / 100.f;
      if (w > 0) fill({x, bar.y, w, bar.h}, colours[i]);
      x += w;
    }
    fill({bar.x, bar.y + bar.h, bar.w, 1}, {40, 22, 10, 200});
  } else if (!col[2].empty()) {
    text_.draw(fit(col[2], bar_w), r.x + bar_x, y, px, kPanelText, 0);
  }
  const float rest_x = bar_x + bar_w + 4 * s;
  text_.draw(fit(col[3], r.w - rest_x - 2 * s), r.x + rest_x, y, px, kPanelText, 0);
}

// The key overlay: a dark sheet over everything, the lines centred on it.
void Renderer::draw_help(const ViewModel& vm, const BoardView& v) {
  const Rect b = v.board(), p = v.panel();
  const float s = v.scale(), strip = BoardView::kStrip * s;  // the file numbers are covered too
  const float x0 = std::min(b.x, p.x), y0 = std::min(b.y - strip, p.y);
  const Rect all{x0, y0, std::max(b.x + b.w, p.x + p.w) - x0, std::max(b.y + b.h + strip, p.y + p.h) - y0};
  fill(all, {16, 10, 5, 225});
  int px = int(17 * s);  // set smaller until the longest line fits
  auto widest = [&] {
    int w = 0;
    for (const std::string& line : vm.help) w = std::max(w, text_.width(line, px));
    return w;
  };
  // ... and until all the lines fit the height, with room between them.
  while (px > 8 && (widest() > all.w - 24 * s || px * 1.7f * float(vm.help.size()) > all.h - 16 * s)) --px;
  const float line_h = px * 1.7f, top = all.y + (all.h - line_h * float(vm.help.size())) / 2;
  for (size_t i = 0; i < vm.help.size(); ++i)
    text_.draw(vm.help[i], all.x + all.w / 2, top + line_h * float(i), i == 0 ? px + 4 : px, i == 0 ? kHighlight : kPanelText, 1);
}

void Renderer::draw_dialog(const Dialog& d, const BoardView& v) {
  const Rect b = v.board();
  const float s = v.scale();
  const Rect a{b.x + d.area.x * s, b.y + d.area.y * s, d.area.w * s, d.area.h * s};
  fill(a, {20, 12, 6, 235});
  int title_px = int(24 * s);  // a long question is set smaller to fit the sheet, never cut at its edges
  while (title_px > 10 && text_.width(d.text, title_px) > a.w - 24 * s) --title_px;
  text_.draw(d.text, a.x + a.w / 2, a.y + 30 * s, title_px, kPanelText, 1);
  for (size_t i = 0; i < d.lines.size(); ++i) {
    int px = int(16 * s);  // a long line is set smaller to fit the sheet
    while (px > 8 && text_.width(d.lines[i], px) > a.w - 40 * s) --px;
    text_.draw(d.lines[i], a.x + 20 * s, b.y + (d.lines_y + 24 * float(i)) * s, px, i == 0 ? kHighlight : kPanelText);
  }
  if (!d.chart.empty()) {  // one bar an entry, from the lowest value less a margin
    const Rect c{b.x + d.chart_area.x * s, b.y + d.chart_area.y * s, d.chart_area.w * s, d.chart_area.h * s};
    fill(c, {52, 30, 16, 255});
    const auto [lo_it, hi_it] = std::minmax_element(d.chart.begin(), d.chart.end());
    const float lo = float(*lo_it) - 50, span = float(*hi_it) + 50 - lo;
    const float step = c.w / float(std::max<size_t>(d.chart.size(), 20));
    for (size_t i = 0; i < d.chart.size(); ++i) {
      const float h = (float(d.chart[i]) - lo) / span * (c.h - 4 * s);
      fill({c.x + step * float(i) + 1, c.y + c.h - h - 2 * s, std::max(1.f, step - 2), h}, {255, 200, 120, 255});
    }
  }
  for (const Button& btn : d.buttons) {
    const Rect r{b.x + btn.rect.x * s, b.y + btn.rect.y * s, btn.rect.w * s, btn.rect.h * s};
    draw_button(btn, r, s, int((btn.rect.h < 36 ? 16 : 20) * s));
  }
}

void Renderer::draw_file_numbers(const ViewModel& vm, const BoardView& v) {
  const Rect b = v.board();
  const float s = v.scale(), strip = BoardView::kStrip * s;
  for (int col = 0; col < 9; ++col) {
    const float x = b.x + (BoardView::kMargin + col * BoardView::kCell) * s;
    text_.draw(vm.top_numbers[col], x, b.y - strip + 1 * s, int(15 * s), kDim, 1);
    text_.draw(vm.bottom_numbers[col], x, b.y + b.h + 1 * s, int(15 * s), kDim, 1);
  }
}

void Renderer::draw_clocks(const ViewModel& vm, const Rect& p, float s) {
  if (vm.clock_faces[RED].empty()) return;
  // Both faces at one size: the largest at which both fit ("Black 20:00" is the longer).
  int px = int(17 * s);
  const float room = (clock_face_rect(vm.panel_below, RED).w - 6) * s;
  while (px > 10 && float(std::max(text_.width(vm.clock_faces[RED], px), text_.width(vm.clock_faces[BLACK], px))) > room) --px;
  for (Color side : {RED, BLACK}) {
    const Rect f = clock_face_rect(vm.panel_below, side);
    const Rect r{p.x + f.x * s, p.y + f.y * s, f.w * s, f.h * s};
    fill(r, vm.clock_running[side] ? SDL_Color{120, 80, 36, 255} : SDL_Color{52, 30, 16, 255});
    if (vm.clock_running[side]) fill({r.x, r.y + r.h - 3 * s, r.w, 3 * s}, {255, 220, 150, 255});  // the running one
    const SDL_Color col = vm.clock_low[side] ? SDL_Color{255, 110, 90, 255} : kPanelText;
    text_.draw(vm.clock_faces[side], r.x + r.w / 2, r.y + 3 * s + float(int(17 * s) - px) / 2, px, col, 1);
  }
}

// The lines `text` takes at `px` in `width`: broken after a space (or, in a
// run without spaces such as Chinese, between characters), never inside a character.
std::vector<std::string> Renderer::wrap(const std::string& text, int px, float width) {
  std::vector<std::string> lines;
  std::string line;
  size_t i = 0;
  const bool spaced = text.find(' ') != std::string::npos;  // words; else (Chinese) characters
  while (i < text.size()) {
    // The next piece: a word with the spaces after it, or one character of a run without spaces.
    size_t end = i;
    if (spaced && text[i] != ' ') {
      end = std::min(text.find(' ', i), text.size());
      while (end < text.size() && text[end] == ' ') ++end;
    } else {
      end = i + 1;
      while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
    }
    std::string piece = text.substr(i, end - i);
    if (!line.empty() && float(text_.width(line + piece, px)) > width) {
      while (!line.empty() && line.back() == ' ') line.pop_back();
      lines.push_back(line);
      line.clear();
      while (!piece.empty() && piece.front() == ' ') piece.erase(piece.begin());
    }
    // A word wider than the line on its own goes in characters.
    if (line.empty() && float(text_.width(piece, px)) > width && piece.size() > 1 && spaced) {
      size_t k = 0;
      while (k < piece.size()) {
        size_t e = k + 1;
        while (e < piece.size() && (static_cast<unsigned char>(piece[e]) & 0xC0) == 0x80) ++e;
        const std::string ch = piece.substr(k, e - k);
        if (!line.empty() && float(text_.width(line + ch, px)) > width) {
          lines.push_back(line);
          line.clear();
        }
        line += ch;
        k = e;
      }
    } else {
      line += piece;
    }
    i = end;
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  if (!line.empty()) lines.push_back(line);
  return lines;
}

void Renderer::draw_analysis(const ViewModel& vm, const Rect& p, float s) {
  // Depth and score, nodes, two PV lines; or (several lines) a head and three lines;
  // or a puzzle's outcome, ratings and solution. A line too long for the column
  // wraps (at 14 px) rather than shrinking out of reach of the eye.
  const bool lines = vm.analysis.size() > 1 && vm.analysis[0].find(" · ") != std::string::npos;
  const float column = (BoardView::kPanelW - 24) * s, bottom = 84 * s;
  float y = 0;
  for (size_t i = 0; i < vm.analysis.size() && y + 16 * s <= bottom; ++i) {
    const SDL_Color col = (lines ? i == 0 : i == 1) ? kDim : kPanelText;
    // The head without its node count when the whole would be set well below its lines (a small window).
    const bool short_head = i == 0 && lines && !vm.analysis_short_head.empty() &&
                            float(text_.width(vm.analysis[0], std::max(1, int(13 * s)))) > column;
    const std::string& text = short_head ? vm.analysis_short_head : vm.analysis[i];
    int px = int(15 * s);
    if (float(text_.width(text, px)) <= column || !vm.analysis_wraps || i > 0) {
      while (px > 8 && float(text_.width(text, px)) > column) --px;  // an engine's line: one row each
      text_.draw(text, p.x + 12 * s, p.y + kAnalysisY * s + y, px, col);
      y += 20.5f * s;
      continue;
    }
    px = int(13 * s);
    for (const std::string& part : wrap(text, px, column)) {
      if (y + 15 * s > bottom) break;
      text_.draw(part, p.x + 12 * s, p.y + kAnalysisY * s + y, px, col);
      y += 15 * s;
    }
    y += 4 * s;
  }
}

// The review's evaluation graph: red's score after each move (above the
// middle line: red better), the position on show marked.
void Renderer::draw_graph(const ViewModel& vm, const Rect& p, float s) {
  if (vm.graph.size() < 2) return;
  const Rect g0 = graph_rect(vm.panel_below);
  const Rect g{p.x + g0.x * s, p.y + g0.y * s, g0.w * s, g0.h * s};
  fill(g, {52, 30, 16, 255});
  // One bar a position, side by side across the sheet (as graph_hit reads it).
  const float mid = g.y + g.h / 2, step = g.w / float(vm.graph.size());
  for (size_t i = 0; i < vm.graph.size(); ++i) {
    const float v = vm.graph[i], h = std::abs(v) * (g.h / 2 - 2 * s);
    const SDL_Color col = v >= 0 ? SDL_Color{220, 90, 70, 255} : SDL_Color{200, 200, 190, 255};
    fill({g.x + float(i) * step, v >= 0 ? mid - h : mid, std::max(1.0f, step - (step > 3 ? 1 : 0)), h}, col);
  }
  fill({g.x, mid, g.w, 1 * s}, {255, 220, 150, 120});
  for (float v : vm.graph_scale)  // the scale: ±1 and ±3 pawns
    for (float sign : {1.0f, -1.0f}) fill({g.x, mid - sign * v * (g.h / 2 - 2 * s), g.w, 1}, {255, 220, 150, 45});
  const int px = int(10 * s);  // the legend, small, at the sheet's left
  text_.draw(vm.graph_top, g.x + 3 * s, g.y + 1 * s, px, {255, 220, 150, 170});
  text_.draw(vm.graph_bottom, g.x + 3 * s, g.y + g.h - 1 * s - float(px) * 1.3f, px, {255, 220, 150, 170});
  if (!vm.graph_note.empty())  // the marked position's move and score, at the top right, a little larger
    text_.draw(vm.graph_note, g.x + g.w - 4 * s, g.y + 1 * s, int(12 * s), {255, 220, 150, 230}, 2);
  const size_t at = std::min<size_t>(size_t(std::max(0, vm.graph_ply)), vm.graph.size() - 1);
  const float cx = g.x + (float(at) + 0.5f) * step;
  fill({cx - 1 * s, g.y, 2 * s, g.h}, {255, 220, 150, 255});
}

void Renderer::draw_progress(const ViewModel& vm, const Rect& p, float s) {
  if (vm.progress < 0) return;
  const Rect r{p.x + 12 * s, p.y + (kStatusY + 22) * s, (BoardView::kPanelW - 24) * s, 3 * s};
  fill(r, {52, 30, 16, 255});
  fill({r.x, r.y, r.w * std::clamp(vm.progress, 0.0f, 1.0f), r.h}, {255, 220, 150, 255});
}

void Renderer::draw_move_list(const ViewModel& vm, const Rect& p, float s) {
  const bool graph = vm.graph.size() >= 2;
  const Rect list = move_list_rect(vm.panel_below, graph);
  const float lx = list.x, ly = list.y, col_w = (list.w - 34) / 2;  // two move columns after the number
  fill({p.x + lx * s, p.y + ly * s, list.w * s, list.h * s}, {52, 30, 16, 255});
  const int rows = visible_rounds(vm.panel_below, graph);
  for (int i = vm.scroll; i < int(vm.rows.size()) && i < vm.scroll + rows; ++i) {
    const MoveListRow& row = vm.rows[size_t(i)];
    const float ry = p.y + (ly + (i - vm.scroll) * kRowH + 1) * s;
    if (!row.variation.empty()) {  // a variation: indented, dim, set smaller to fit the column
      int px = int(14 * s);
      while (px > 8 && text_.width(row.variation, px) > (list.w - 24) * s) --px;
      text_.draw(row.variation, p.x + (lx + 18) * s, ry + 1 * s, px, kDim);
      continue;
    }
    for (int col = 0; col < 2; ++col) {
      const int ply = col == 0 ? row.red_ply : row.black_ply;
      if (ply > 0 && ply == vm.current_ply)
        fill({p.x + (lx + 34 + col * col_w) * s, ry, (col_w - 8) * s, (kRowH - 2) * s}, {150, 96, 44, 255});
    }
    char num[16];
    std::snprintf(num, sizeof num, "%d.", row.number);
    text_.draw(num, p.x + (lx + 30) * s, ry, int(15 * s), kDim, 2);
    text_.draw(row.red, p.x + (lx + 40) * s, ry, int(15 * s), SDL_Color{255, 150, 130, 255});
    text_.draw(row.black, p.x + (lx + 40 + col_w) * s, ry, int(15 * s), kPanelText);
  }
}

void Renderer::draw_panel(const ViewModel& vm, const BoardView& v, int64_t now_ms) {
  const Rect p = v.panel();
  const float s = v.scale();
  fill(p, {74, 44, 24, 255});
  fill(vm.panel_below ? Rect{p.x, p.y, p.w, 3 * s} : Rect{p.x, p.y, 3 * s, p.h}, {40, 22, 10, 255});  // the seam
  // Buttons of one width (the grid, the small row) share one text size: the
  // largest at which all their labels fit, so no single label is set far
  // below its neighbours ("-2 horses" beside "-1 horse").
  std::map<int, int> size_for_width;
  for (const Button& b : vm.buttons) {
    if (b.piece || b.label.empty() || b.label.find('\t') != std::string::npos) continue;  // table rows: their own size
    int& px = size_for_width.try_emplace(int(b.rect.w), int(16 * s)).first->second;
    while (px > 8 && text_.width(b.label, px) > b.rect.w * s - 4 * s) --px;
  }
  for (const Button& b : vm.buttons) {
    const auto it = size_for_width.find(int(b.rect.w));
    draw_button(b, {p.x + b.rect.x * s, p.y + b.rect.y * s, b.rect.w * s, b.rect.h * s}, s,
                it == size_for_width.end() ? int(16 * s) : it->second);
  }
  // Status (or a passing message), with a small spinner while the computer thinks.
  const float y = p.y + kStatusY * s;
  const std::string& status = !vm.message.empty() && now_ms < vm.message_until_ms ? vm.message : vm.status;
  const float column = (BoardView::kPanelW - 24) * s;
  int px = int(17 * s);  // a long message is set smaller to fit the column, down to 14 px
  while (float(px) > 14 * s && text_.width(status, px) > column) --px;
  if (float(text_.width(status, px)) > column) {
    // Too long for one readable line: two, broken between words (13 px; smaller only if two lines
    // at 13 px cannot hold it, and then the rest is cut off rather than set unreadably small).
    px = int(13 * s);
    std::vector<std::string> parts = wrap(status, px, column);
    while (parts.size() > 2 && float(px) > 11 * s) parts = wrap(status, --px, column);
    if (parts.size() > 2) parts[1] += "…";
    text_.draw(parts[0], p.x + 12 * s, y - 2 * s, px, kHighlight);
    if (parts.size() > 1) text_.draw(parts[1], p.x + 12 * s, y + 12 * s, px, kHighlight);
  } else {
    text_.draw(status, p.x + 12 * s, y, px, kHighlight);
  }
  if (vm.editing) return;  // the editor has only its buttons and status
  draw_analysis(vm, p, s);
  draw_progress(vm, p, s);
  draw_clocks(vm, p, s);
  draw_graph(vm, p, s);
  if (!vm.explorer) draw_move_list(vm, p, s);
}

// A small spinner beside the status while the computer thinks.
void Renderer::draw_spinner(const ViewModel& vm, const BoardView& v, int64_t now_ms) {
  if (!vm.busy) return;
  const Rect p = v.panel();
  const float s = v.scale(), y = p.y + kStatusY * s;
  const int lit = int((now_ms / 90) % 8);
  for (int i = 0; i < 8; ++i) {
    const float a = float(i) / 8 * 6.2832f;
    const int alpha = 60 + 195 * ((i - lit + 8) % 8 == 0) + 40 * ((i - lit + 9) % 8 == 0);
    fill({p.x + (252 + 9 * std::cos(a)) * s - 2 * s, y + (10 + 9 * std::sin(a)) * s - 2 * s, 4 * s, 4 * s},
         {255, 220, 150, Uint8(std::min(255, alpha))});
  }
}

bool Renderer::frame_texture(int w, int h) {
  if (!targets_ || w <= 0 || h <= 0) return false;
  if (frame_ && frame_w_ == w && frame_h_ == h) return true;
  frame_.reset(SDL_CreateTexture(r_, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w, h));
  if (!frame_) {
    targets_ = false;  // this renderer cannot draw into textures: draw every frame as it comes
    return false;
  }
  SDL_SetTextureBlendMode(frame_.get(), SDL_BLENDMODE_NONE);
  frame_w_ = w;
  frame_h_ = h;
  cached_ = {};
  return true;
}

void Renderer::draw(const ViewModel& vm, const BoardView& view, int64_t now_ms) {
  int w = 0, h = 0;
  SDL_GetRendererOutputSize(r_, &w, &h);
  const int64_t t = now_ms - vm.anim_start_ms;
  const bool sliding = vm.anim_move && t >= 0 && t < vm.anim_ms;
  const FrameKey key{vm.revision, w, h, !vm.message.empty() && now_ms < vm.message_until_ms};
  if (vm.revision && !sliding && frame_texture(w, h)) {
    if (!(key == cached_)) {
      SDL_SetRenderTarget(r_, frame_.get());
      draw_scene(vm, view, now_ms);
      SDL_SetRenderTarget(r_, nullptr);
      cached_ = key;
    }
    SDL_RenderCopy(r_, frame_.get(), nullptr, nullptr);
  } else {
    draw_scene(vm, view, now_ms);
    cached_ = {};
  }
  draw_spinner(vm, view, now_ms);
}

void Renderer::draw_scene(const ViewModel& vm, const BoardView& view, int64_t now_ms) {
  // The themes on show (the default where a theme could not be loaded).
  auto board = boards_.find(vm.board_theme);
  board_ = (board != boards_.end() ? board : boards_.find(board_theme_names()[0]))->second.get();
  auto pieces = piece_sets_.find(vm.piece_theme);
  pieces_ = (pieces != piece_sets_.end() ? pieces : piece_sets_.find(piece_theme_names()[0]))->second.get();
  SDL_SetRenderDrawColor(r_, 58, 34, 18, 255);
  SDL_RenderClear(r_);
  draw_board(vm, view, now_ms);
  draw_file_numbers(vm, view);
  if (!vm.dialog) draw_banner(vm, view);  // a dialog covers the board: the result's banner does not show through it
  draw_panel(vm, view, now_ms);
  if (vm.dialog) draw_dialog(*vm.dialog, view);
  if (!vm.help.empty()) draw_help(vm, view);
}

}  // namespace xq
