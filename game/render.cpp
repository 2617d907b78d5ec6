#include "render.h"

#include <cmath>
#include <cstdio>

#include "assets.h"
#include "notation.h"
#include "search.h"

namespace xq {

namespace {
constexpr int kSprite = 112;  // sprite cell size in the atlases (2x)
constexpr SDL_Color kInk{60, 34, 16, 255};
constexpr SDL_Color kPanelText{245, 230, 200, 255};
constexpr SDL_Color kDim{200, 180, 150, 255};
}  // namespace

Renderer::~Renderer() {
  for (SDL_Texture* t : {board_, pieces_, markers_})
    if (t) SDL_DestroyTexture(t);
}

bool Renderer::init(SDL_Renderer* r, const std::string& dir, std::string* error) {
  r_ = r;
  SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
  if (dir.empty()) {
    if (error) *error = "assets folder not found (looked for board.png; set XIANGQI_ASSETS)";
    return false;
  }
  board_ = load_texture(r, dir, "board.png", 1040, 1152, error);
  if (!board_) return false;
  pieces_ = load_texture(r, dir, "pieces.png", 7 * kSprite, 2 * kSprite, error);
  if (!pieces_) return false;
  markers_ = load_texture(r, dir, "markers.png", 5 * kSprite, kSprite, error);
  if (!markers_) return false;
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
  SDL_Rect src{int(type_of_id(id)) * kSprite, int(color_of_id(id)) * kSprite, kSprite, kSprite};
  SDL_FRect dst{cx - size / 2, cy - size / 2, size, size};
  SDL_RenderCopyF(r_, pieces_, &src, &dst);
}

void Renderer::draw_marker(int index, float cx, float cy, float size) {
  SDL_Rect src{index * kSprite, 0, kSprite, kSprite};
  SDL_FRect dst{cx - size / 2, cy - size / 2, size, size};
  SDL_RenderCopyF(r_, markers_, &src, &dst);
}

void Renderer::draw_board(const Controller& c, const BoardView& v, int64_t now_ms) {
  const Rect b = v.board();
  SDL_FRect dst{b.x, b.y, b.w, b.h};
  SDL_RenderCopyF(r_, board_, nullptr, &dst);  // the grid is symmetric: flipping keeps the river text upright
  const float cell = v.cell();
  const Position pos = c.shown_position();
  const auto anim = c.animation(now_ms);
  float x, y;
  // Last move: where it came from and where it went.
  if (const Move lm = c.last_move()) {
    v.square_center(move_from(lm), x, y);
    draw_marker(1, x, y, cell);
    v.square_center(move_to(lm), x, y);
    draw_marker(1, x, y, cell);
  }
  if (const Move h = c.hint()) {
    v.square_center(move_from(h), x, y);
    draw_marker(4, x, y, cell);
    v.square_center(move_to(h), x, y);
    draw_marker(4, x, y, cell);
  }
  for (int s = 0; s < 256; ++s) {
    const PieceId id = pos.piece_at(s);
    if (!id) continue;
    if (anim && move_to(anim->first) == s) continue;  // drawn sliding below
    v.square_center(s, x, y);
    draw_piece(id, x, y, cell);
  }
  if (anim) {
    const Move m = anim->first;
    const float t = anim->second, e = 1 - (1 - t) * (1 - t);  // ease out
    float x0, y0, x1, y1;
    v.square_center(move_from(m), x0, y0);
    v.square_center(move_to(m), x1, y1);
    if (const PieceId cap = pos.last_captured()) draw_piece(cap, x1, y1, cell);
    draw_piece(pos.piece_at(move_to(m)), x0 + (x1 - x0) * e, y0 + (y1 - y0) * e, cell * 1.06f);
  }
  if (const auto sel = c.selected()) {
    v.square_center(*sel, x, y);
    draw_marker(0, x, y, cell);
    for (Square t : c.targets()) {
      v.square_center(t, x, y);
      draw_marker(pos.piece_at(t) ? 3 : 2, x, y, cell);
    }
  }
}

void Renderer::draw_banner(const Controller& c, const BoardView& v) {
  const std::string text = c.banner();
  if (text.empty()) return;
  const Rect b = v.board();
  const float s = v.scale();
  const Rect band{b.x, b.y + b.h / 2 - 60 * s, b.w, 120 * s};
  fill(band, {20, 12, 6, 200});
  fill({band.x, band.y, band.w, 3 * s}, {200, 160, 90, 255});
  fill({band.x, band.y + band.h - 3 * s, band.w, 3 * s}, {200, 160, 90, 255});
  const Verdict vd = c.game().verdict();
  const SDL_Color col = vd.outcome == Outcome::RedWins ? SDL_Color{255, 120, 100, 255}
                        : vd.outcome == Outcome::BlackWins ? SDL_Color{235, 235, 235, 255}
                                                           : SDL_Color{240, 210, 140, 255};
  text_.draw(text, b.x + b.w / 2, band.y + 18 * s, int(44 * s), col, 1);
  text_.draw("点击棋盘开始新局 · 悔棋可以继续", b.x + b.w / 2, band.y + 80 * s, int(17 * s), kDim, 1);
}

void Renderer::draw_panel(const Controller& c, const BoardView& v, const UiState& ui, int64_t now_ms) {
  const Rect p = v.panel();
  const float s = v.scale();
  fill(p, {74, 44, 24, 255});
  fill({p.x, p.y, 3 * s, p.h}, {40, 22, 10, 255});
  auto at = [&](const Rect& r) { return Rect{p.x + r.x * s, p.y + r.y * s, r.w * s, r.h * s}; };
  for (const Button& b : panel_buttons(ui, c)) {
    const Rect r = at(b.rect);
    fill(r, b.active ? SDL_Color{196, 140, 60, 255} : SDL_Color{110, 70, 40, 255});
    fill({r.x, r.y + r.h - 2 * s, r.w, 2 * s}, {40, 22, 10, 160});
    text_.draw(b.label, r.x + r.w / 2, r.y + (r.h - 16 * s) / 2 - 2 * s, int(16 * s), kPanelText, 1);
  }
  // Status with a small "thinking" indicator.
  float y = p.y + kStatusY * s;
  std::string status = c.status();
  if (!ui.message.empty() && now_ms < ui.message_until_ms) status = ui.message;
  text_.draw(status, p.x + 12 * s, y, int(17 * s), {255, 220, 150, 255});
  if (c.thinking() || c.hinting()) {
    for (int i = 0; i < 8; ++i) {
      const float a = float(i) / 8 * 6.2832f;
      const int lit = int((now_ms / 90) % 8);
      const int alpha = 60 + 195 * ((i - lit + 8) % 8 == 0) + 40 * ((i - lit + 9) % 8 == 0);
      fill({p.x + (252 + 9 * std::cos(a)) * s - 2 * s, y + (10 + 9 * std::sin(a)) * s - 2 * s, 4 * s, 4 * s},
           {255, 220, 150, Uint8(std::min(255, alpha))});
    }
  }
  // Analysis: depth, score from the player's view, nodes, speed and the PV.
  y = p.y + kAnalysisY * s;
  if (ui.analysis) {
    const SearchInfo info = c.analysis();
    if (info.depth > 0) {
      // Scores are shown from the player's view (red's when both or neither play).
      Color view = c.player(RED) == PlayerKind::Human ? RED : BLACK;
      if (c.mode() == Mode::TwoPlayers || c.mode() == Mode::ComputerOnly) view = RED;
      Position pos = c.analysis_root();
      const int score = info.score * (pos.side() == view ? 1 : -1);
      char line[160];
      if (is_mate_score(score))
        std::snprintf(line, sizeof line, "深度 %d  %s%d步杀", info.depth, score > 0 ? "" : "被", std::abs(mate_in_moves(score)));
      else
        std::snprintf(line, sizeof line, "深度 %d  分数 %+d", info.depth, score);
      text_.draw(line, p.x + 12 * s, y, int(15 * s), kPanelText);
      std::snprintf(line, sizeof line, "%.1f万节点  %.0f万/秒", info.nodes / 1e4, info.nps / 1e4);
      text_.draw(line, p.x + 12 * s, y + 20 * s, int(15 * s), kDim);
      std::string pv;
      int shown = 0;
      for (Move m : info.pv) {
        if (!is_legal(pos, m) || shown == 8) break;
        if (!pv.empty()) pv += ' ';
        pv += move_to_chinese(pos, m);
        pos.do_move(m);
        ++shown;
        if (shown == 4) {
          text_.draw(pv, p.x + 12 * s, y + 42 * s, int(15 * s), kPanelText);
          pv.clear();
        }
      }
      text_.draw(pv, p.x + 12 * s, y + (shown > 4 ? 62 : 42) * s, int(15 * s), kPanelText);
    }
  }
  // Move list, numbered by rounds.
  text_.draw("着法", p.x + kListX * s, p.y + (kListY - 24) * s, int(16 * s), {255, 220, 150, 255});
  fill(at({kListX, kListY, kListW, kListH}), {52, 30, 16, 255});
  const Game& g = c.game();
  // Move names change only with the record: rebuild them then, not every frame.
  if (names_revision_ != c.revision() || names_iccs_ != ui.iccs) {
    names_.clear();
    Position replay = g.start_position();
    for (Move m : g.moves()) {
      names_.push_back(ui.iccs ? move_to_iccs(m) : move_to_chinese(replay, m));
      replay.do_move(m);
    }
    names_revision_ = c.revision();
    names_iccs_ = ui.iccs;
  }
  const bool black_first = g.start_side() == BLACK;
  const int first = ui.scroll, rows = visible_rounds();
  for (int i = 0; i < g.ply() && i < int(names_.size()); ++i) {
    const std::string& name = names_[i];
    const int slot = i + (black_first ? 1 : 0), round = slot / 2, col = slot % 2;
    if (round < first || round >= first + rows) continue;
    const float ry = p.y + (kListY + (round - first) * kRowH + 1) * s;
    const bool current = c.review_ply() >= 0 ? c.review_ply() == i + 1 : i + 1 == g.ply();
    if (current) fill({p.x + (kListX + 34 + col * 112) * s, ry, 104 * s, (kRowH - 2) * s}, {150, 96, 44, 255});
    if (col == 0 || (black_first && i == 0)) {
      char num[16];
      std::snprintf(num, sizeof num, "%d.", g.start_fullmove() + round);
      text_.draw(num, p.x + (kListX + 30) * s, ry, int(15 * s), kDim, 2);
    }
    text_.draw(name, p.x + (kListX + 40 + col * 112) * s, ry, int(15 * s),
               col == 0 ? SDL_Color{255, 150, 130, 255} : kPanelText);
  }
}

void Renderer::draw(const Controller& c, const BoardView& view, const UiState& ui, int64_t now_ms) {
  SDL_SetRenderDrawColor(r_, 58, 34, 18, 255);
  SDL_RenderClear(r_);
  draw_board(c, view, now_ms);
  draw_banner(c, view);
  draw_panel(c, view, ui, now_ms);
}

}  // namespace xq
