// The Look dialog (T, or Look in the panel): a row of boards, a row of
// piece sets, Close; the choice goes into the UiState the renderer reads.
#pragma once
#include <optional>
#include <string>

#include "theme.h"
#include "view_model.h"

namespace xq {

// The theme's name as the panel says it ("纸面", "Paper").
std::string board_theme_label(const std::string& name, Language l);
std::string piece_theme_label(const std::string& name, Language l);

class ThemeChooser {
 public:
  bool shown() const { return shown_; }
  std::optional<Dialog> dialog(const UiState& ui) const;
  // Its actions (ThemeShow, ThemeBoard, ThemePieces, ThemeClose); true when a was one.
  // *changed is set when the board or the pieces changed (to be kept in the settings).
  bool act(Action a, int arg, UiState& ui, bool* changed);

 private:
  bool shown_ = false;
};

}  // namespace xq
