// Draws one frame from a view model: the board, pieces, marks, the sliding
// piece, the result banner, a dialog and the side panel. Works on any
// SDL_Renderer, so the window and --screenshot share every line. Nothing
// here knows the rules: the view model has every name and mark worked out.
#pragma once
#include <SDL.h>

#include <map>
#include <string>
#include <vector>

#include "board_view.h"
#include "sdl_handles.h"
#include "text.h"
#include "view_model.h"

namespace xq {

class Renderer {
 public:
  // Loads the sprites, every theme's too (so a change of theme reads no
  // file on the frame thread); on failure of the default board, pieces or
  // markers returns false with a message naming the file. A theme whose file
  // is missing or damaged is drawn with the default and named in warnings().
  bool init(SDL_Renderer* r, const std::string& asset_dir, std::string* error);
  const std::vector<std::string>& warnings() const { return warnings_; }
  // Draws the frame. What does not move is drawn once into a texture and
  // copied again while the view model, the window size and the passing
  // message stay as they are (a software renderer spent 5-9 ms a frame
  // redrawing it); the spinner and a sliding piece are drawn live.
  void draw(const ViewModel& vm, const BoardView& view, int64_t now_ms);

 private:
  void draw_scene(const ViewModel& vm, const BoardView& view, int64_t now_ms);
  void draw_spinner(const ViewModel& vm, const BoardView& v, int64_t now_ms);
  bool frame_texture(int w, int h);  // the cache's texture, of this size; false where targets are not supported
  void draw_board(const ViewModel& vm, const BoardView& v, int64_t now_ms);
  void draw_piece(PieceId id, float cx, float cy, float size);
  void draw_marker(int index, float cx, float cy, float size);
  void draw_banner(const ViewModel& vm, const BoardView& v);
  void draw_dialog(const Dialog& d, const BoardView& v);
  void draw_help(const ViewModel& vm, const BoardView& v);
  void draw_panel(const ViewModel& vm, const BoardView& v, int64_t now_ms);
  void draw_file_numbers(const ViewModel& vm, const BoardView& v);
  void draw_clocks(const ViewModel& vm, const Rect& p, float s);
  void draw_analysis(const ViewModel& vm, const Rect& p, float s);
  std::vector<std::string> wrap(const std::string& text, int px, float width);
  void draw_graph(const ViewModel& vm, const Rect& p, float s);
  void draw_progress(const ViewModel& vm, const Rect& p, float s);
  void draw_move_list(const ViewModel& vm, const Rect& p, float s);
  void draw_button(const Button& b, const Rect& r, float s, int text_px);
  void draw_table_row(const Button& b, const Rect& r, float s, int text_px);
  // t cut with an ellipsis to fit w at px (whole when it fits).
  std::string cut_to_width(const std::string& t, int px, float w);
  void fill(const Rect& r, SDL_Color c);

  SDL_Renderer* r_ = nullptr;
  TexturePtr markers_;
  std::map<std::string, TexturePtr> boards_, piece_sets_;  // by theme name; a theme that failed is absent
  SDL_Texture* board_ = nullptr;   // the theme the frame draws with
  SDL_Texture* pieces_ = nullptr;
  std::vector<std::string> warnings_;
  Text text_;
  struct FrameKey {
    uint64_t revision = 0;
    int w = 0, h = 0;
    bool message = false;
    bool operator==(const FrameKey&) const = default;
  };
  TexturePtr frame_;
  int frame_w_ = 0, frame_h_ = 0;
  FrameKey cached_;
  bool targets_ = true;
};

}  // namespace xq
