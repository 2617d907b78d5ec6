#include "panel.h"

#include <algorithm>

namespace xq {

std::vector<Button> panel_buttons(const UiState& ui, const Controller& c) {
  std::vector<Button> b;
  const float w = 62, h = 28, gap = 4, x0 = 10;
  auto row = [&](float y, std::initializer_list<std::pair<Action, std::string>> items,
                 std::initializer_list<bool> active) {
    int i = 0;
    auto a = active.begin();
    for (auto& [act, label] : items) {
      b.push_back({act, label, {x0 + i * (w + gap), y, w, h}, a != active.end() ? *a : false});
      ++i;
      if (a != active.end()) ++a;
    }
  };
  row(10, {{Action::NewGame, "新局"}, {Action::Undo, "悔棋"}, {Action::Redo, "还原"}, {Action::Flip, "翻转"}},
      {false, false, false, ui.flipped});
  row(42, {{Action::Hint, "提示"}, {Action::Sound, "音效"}, {Action::Animation, "动画"}, {Action::Analysis, "分析"}},
      {c.hint() != kNoMove, ui.sound, c.animation_ms() > 0, ui.analysis});
  row(74, {{Action::Level0, kLevels[0].name}, {Action::Level1, kLevels[1].name}, {Action::Level2, kLevels[2].name},
           {Action::Level3, kLevels[3].name}},
      {c.level() == 0, c.level() == 1, c.level() == 2, c.level() == 3});
  const Mode m = c.mode();
  row(106, {{Action::ModeRed, "执红"}, {Action::ModeBlack, "执黑"}, {Action::ModeTwo, "双人"}, {Action::ModeDemo, "演示"}},
      {m == Mode::HumanRed, m == Mode::HumanBlack, m == Mode::TwoPlayers, m == Mode::ComputerOnly});
  row(138, {{Action::Save, "保存"}, {Action::Load, "载入"}, {Action::CopyFen, "复制"}, {Action::PasteFen, "粘贴"}},
      {});
  row(170, {{Action::HandicapOne, "让单马"}, {Action::HandicapTwo, "让双马"}, {Action::HandicapNine, "让九子"}}, {});
  b.push_back({Action::OfferDraw, "求和", {kListX + kListW - 162, kListY - 26, 50, 22}, false});
  b.push_back({Action::Resign, "认输", {kListX + kListW - 106, kListY - 26, 50, 22}, false});
  b.push_back({Action::Notation, ui.iccs ? "ICCS" : "中文", {kListX + kListW - 50, kListY - 26, 50, 22}, ui.iccs});
  return b;
}

Action button_at(const std::vector<Button>& buttons, float x, float y) {
  for (const Button& b : buttons)
    if (b.rect.contains(x, y)) return b.action;
  return Action::None;
}

int visible_rounds() { return int(kListH / kRowH); }

int follow_scroll(const Controller& c) {
  const bool black_first = c.game().start_side() == BLACK;
  const int rounds = (c.game().ply() + (black_first ? 1 : 0) + 1) / 2;
  return std::max(0, rounds - visible_rounds());
}

std::optional<int> move_list_hit(const UiState& ui, const Controller& c, float x, float y) {
  if (x < kListX || x >= kListX + kListW || y < kListY || y >= kListY + kListH) return std::nullopt;
  const int round = ui.scroll + int((y - kListY) / kRowH);
  const bool black_first = c.game().start_side() == BLACK;
  const int col = x < kListX + 130 ? 0 : 1;  // red's move, black's move
  int index = round * 2 + col - (black_first ? 1 : 0);  // index of the move in the record
  if (index < 0 || index >= c.game().ply()) return std::nullopt;
  return index + 1;  // review the position after that move
}

}  // namespace xq
