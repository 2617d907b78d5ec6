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

// Two arrangements at scale 1 (design units): the board (520 x 576, with a
// 20-high strip for the file numbers above and below) with the panel beside it
// (280 wide) or, in a portrait window, under it (362 high). The one that lets
// everything be drawn larger wins.
class BoardView {
 public:
  static constexpr float kBoardW = 520, kBoardH = 576, kStrip = 20, kFrameH = kBoardH + 2 * kStrip;
  static constexpr float kPanelW = 280, kPanelBelowH = 362;
  static constexpr float kCell = 56, kMargin = 36;
  static constexpr int kDefaultW = int(kBoardW + kPanelW), kDefaultH = int(kFrameH);

  // Fits the layout into a drawable of w x h pixels.
  void layout(int w, int h);
  bool panel_below() const { return below_; }
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
  Rect board_{0, kStrip, kBoardW, kBoardH};
  Rect panel_{kBoardW, 0, kPanelW, kFrameH};
  bool flipped_ = false;
  bool below_ = false;
};

// A window size that fits a display's usable area (a size saved on a larger
// monitor, or asked for on the command line): each side at most what is
// usable less a margin for the title bar and frame, and at least the minimum.
struct WindowSize {
  int w, h;
};
WindowSize fit_window(int w, int h, int usable_w, int usable_h);

}  // namespace xq
