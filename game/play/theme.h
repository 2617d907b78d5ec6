// The board and piece themes: their names and their files in the assets
// folder. No SDL here: the renderer loads the files, this only names them.
#pragma once
#include <optional>
#include <string>
#include <vector>


namespace xq {

// wood (the default), paper, dark.
const std::vector<std::string>& board_theme_names();
// traditional (the default), bold, symbols.
const std::vector<std::string>& piece_theme_names();
bool known_board_theme(const std::string& name);
bool known_piece_theme(const std::string& name);
// The file of a theme in the assets folder ("board-paper.png"); the default's for an unknown name.
std::string board_theme_file(const std::string& name);
std::string piece_theme_file(const std::string& name);
// `xiangqi --list-themes`: "boards: wood paper dark\npieces: traditional bold symbols\n".
std::string theme_listing();
}  // namespace xq
