#include "theme.h"

#include <algorithm>

namespace xq {

const std::vector<std::string>& board_theme_names() {
  static const std::vector<std::string> names{"wood", "paper", "dark"};
  return names;
}

const std::vector<std::string>& piece_theme_names() {
  static const std::vector<std::string> names{"traditional", "bold", "symbols"};
  return names;
}

namespace {

bool listed(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : " ") + n;
  return out;
}

}  // namespace

bool known_board_theme(const std::string& name) { return listed(board_theme_names(), name); }
bool known_piece_theme(const std::string& name) { return listed(piece_theme_names(), name); }

std::string board_theme_file(const std::string& name) {
  return name == "paper" || name == "dark" ? "board-" + name + ".png" : "board.png";
}

std::string piece_theme_file(const std::string& name) {
  return name == "bold" || name == "symbols" ? "pieces-" + name + ".png" : "pieces.png";
}

std::string theme_listing() {
  return "boards: " + joined(board_theme_names()) + "\npieces: " + joined(piece_theme_names()) + "\n";
}

}  // namespace xq
