#include "theme_chooser.h"

namespace xq {

std::string board_theme_label(const std::string& name, Language l) {
  return phrase(name == "paper" ? Phrase::BoardPaper : name == "dark" ? Phrase::BoardDark : Phrase::BoardWood, l);
}

std::string piece_theme_label(const std::string& name, Language l) {
  return phrase(name == "bold" ? Phrase::PiecesBold : name == "symbols" ? Phrase::PiecesSymbols : Phrase::PiecesTraditional, l);
}

std::optional<Dialog> ThemeChooser::dialog(const UiState& ui) const {
  if (!shown_) return std::nullopt;
  const Language l = ui.language;
  Dialog d;
  // A strip over the board's last two ranks, so the rest of the board shows the choice as it is made.
  d.area = {10, 432, 500, 144};
  d.text = phrase(Phrase::LookTitle, l);
  const float w = 100, h = 34, gap = 8, x0 = 96;
  d.buttons.push_back({Action::None, phrase(Phrase::LookBoards, l), {18, 496, 74, h}, false});
  for (size_t i = 0; i < board_theme_names().size(); ++i) {
    const std::string& n = board_theme_names()[i];
    d.buttons.push_back({Action::ThemeBoard, board_theme_label(n, l), {x0 + float(i) * (w + gap), 496, w, h},
                         ui.board_theme == n, int(i)});
  }
  d.buttons.push_back({Action::None, phrase(Phrase::LookPieces, l), {18, 536, 74, h}, false});
  for (size_t i = 0; i < piece_theme_names().size(); ++i) {
    const std::string& n = piece_theme_names()[i];
    d.buttons.push_back({Action::ThemePieces, piece_theme_label(n, l), {x0 + float(i) * (w + gap), 536, w, h},
                         ui.piece_theme == n, int(i)});
  }
  d.buttons.push_back({Action::ThemeClose, phrase(Phrase::Close, l), {x0 + 3 * (w + gap), 536, 84, h}, true});
  return d;
}

bool ThemeChooser::act(Action a, int arg, UiState& ui, bool* changed) {
  switch (a) {
    case Action::ThemeShow: shown_ = !shown_; return true;
    case Action::ThemeClose: shown_ = false; return true;
    case Action::ThemeBoard:
      if (arg >= 0 && arg < int(board_theme_names().size()) && ui.board_theme != board_theme_names()[size_t(arg)]) {
        ui.board_theme = board_theme_names()[size_t(arg)];
        if (changed) *changed = true;
      }
      return true;
    case Action::ThemePieces:
      if (arg >= 0 && arg < int(piece_theme_names().size()) && ui.piece_theme != piece_theme_names()[size_t(arg)]) {
        ui.piece_theme = piece_theme_names()[size_t(arg)];
        if (changed) *changed = true;
      }
      return true;
    default: return false;
  }
}

}  // namespace xq
