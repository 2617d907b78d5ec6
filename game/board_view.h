// Geometry of the window: where the board and the side panel go at the
// current size, square <-> pixel in either orientation. Pure arithmetic, no
// SDL, so clicks can be tested.
#pragma once
#include <optional>

#include "types.h"

namespace xq {

struct Rect {
  float x, y, w, h;
  bool contains(float px, float py) const { return px >= x && py >= y && px < x + w && py < y + h; }
};

class BoardView {
 public:
  // The design size at scale 1: the board as in the original game, and the panel.
  static constexpr float kBoardW = 520, kBoardH = 576, kPanelW = 280;
  static constexpr float kCell = 56, kMargin = 36;

  // Fits the layout into a drawable of w x h pixels.
  void layout(int w, int h);
  void set_flipped(bool f) { flipped_ = f; }
  bool flipped() const { return flipped_; }
  float scale() const { return scale_; }
  Rect board() const { return board_; }
  Rect panel() const { return panel_; }
  float cell() const { return kCell * scale_; }

  // Centre of a square's grid point in pixels.
  void square_center(Square s, float& x, float& y) const;
  // The square whose grid point is nearest (x, y), if within the piece radius.
  std::optional<Square> square_at(float x, float y) const;

 private:
  float scale_ = 1;
  Rect board_{0, 0, kBoardW, kBoardH};
  Rect panel_{kBoardW, 0, kPanelW, kBoardH};
  bool flipped_ = false;
};

}  // namespace xq
