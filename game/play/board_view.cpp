#include "board_view.h"

#include <algorithm>
#include <cmath>

namespace xq {

void BoardView::layout(int w, int h) {
  const float side = std::min(w / (kBoardW + kPanelW), h / kFrameH);
  const float below = std::min(w / kBoardW, h / (kFrameH + kPanelBelowH));
  below_ = below > side;
  scale_ = std::max(0.1f, below_ ? below : side);
  const float total_w = below_ ? kBoardW : kBoardW + kPanelW, total_h = below_ ? kFrameH + kPanelBelowH : kFrameH;
  const float ox = std::floor((w - total_w * scale_) / 2), oy = std::floor((h - total_h * scale_) / 2);
  board_ = {ox, oy + kStrip * scale_, kBoardW * scale_, kBoardH * scale_};
  panel_ = below_ ? Rect{ox, oy + kFrameH * scale_, kBoardW * scale_, kPanelBelowH * scale_}
                  : Rect{ox + kBoardW * scale_, oy, kPanelW * scale_, kFrameH * scale_};
}

void BoardView::square_center(Square s, float& x, float& y) const {
  int f = file_of(s), r = rank_of(s);
  if (flipped_) {
    f = 8 - f;
    r = 9 - r;
  }
  x = board_.x + (kMargin + f * kCell) * scale_;
  y = board_.y + (kMargin + (9 - r) * kCell) * scale_;
}

std::optional<Square> BoardView::square_at(float x, float y) const {
  const float fx = ((x - board_.x) / scale_ - kMargin) / kCell;
  const float fy = ((y - board_.y) / scale_ - kMargin) / kCell;
  const int col = int(std::lround(fx)), row = int(std::lround(fy));
  if (col < 0 || col > 8 || row < 0 || row > 9) return std::nullopt;
  if (std::hypot(fx - col, fy - row) > 0.48f) return std::nullopt;
  int f = col, r = 9 - row;
  if (flipped_) {
    f = 8 - f;
    r = 9 - r;
  }
  return make_square(f, r);
}

WindowSize fit_window(int w, int h, int usable_w, int usable_h) {
  constexpr int kFrame = 48;              // a title bar and borders the usable area does not count
  constexpr int kMinW = 400, kMinH = 300;  // the window's own minimum
  if (usable_w > 0) w = std::min(w, std::max(kMinW, usable_w - kFrame / 2));
  if (usable_h > 0) h = std::min(h, std::max(kMinH, usable_h - kFrame));
  return {std::max(w, kMinW), std::max(h, kMinH)};
}

}  // namespace xq
