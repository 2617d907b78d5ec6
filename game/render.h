// Draws one frame: the board, pieces, marks, animation, result banner and the
// side panel (controls, status, analysis, move list). Works on any
// SDL_Renderer, so the window and --screenshot share every line.
#pragma once
#include <SDL.h>

#include <string>
#include <vector>

#include "board_view.h"
#include "controller.h"
#include "panel.h"
#include "text.h"

namespace xq {

class Renderer {
 public:
  ~Renderer();
  // Loads the sprites; on failure returns false with a message naming the file.
  bool init(SDL_Renderer* r, const std::string& asset_dir, std::string* error);
  void draw(const Controller& c, const BoardView& view, const UiState& ui, int64_t now_ms);
  Text& text() { return text_; }

 private:
  void draw_board(const Controller& c, const BoardView& v, int64_t now_ms);
  void draw_piece(PieceId id, float cx, float cy, float size);
  void draw_marker(int index, float cx, float cy, float size);
  void draw_banner(const Controller& c, const BoardView& v);
  void draw_panel(const Controller& c, const BoardView& v, const UiState& ui, int64_t now_ms);
  void fill(const Rect& r, SDL_Color c);

  SDL_Renderer* r_ = nullptr;
  SDL_Texture* board_ = nullptr;
  SDL_Texture* pieces_ = nullptr;
  SDL_Texture* markers_ = nullptr;
  Text text_;
  std::vector<std::string> names_;  // move list in the chosen notation
  uint64_t names_revision_ = ~uint64_t(0);
  bool names_iccs_ = false;
};

}  // namespace xq
