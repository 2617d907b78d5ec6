// The position editor (摆棋): pieces placed and removed point by point, the
// side to move, clear and start position, and the checks a position must pass
// before it is played (one king each in its palace, pieces only where they can
// ever stand, no more of a kind than the set has, kings not facing, the side
// not to move not in check). No SDL; the app model drives it.
#pragma once
#include <array>
#include <optional>
#include <string>

#include "language.h"
#include "position.h"

namespace xq {

struct EditorPiece {
  Color color;
  PieceType type;
  bool operator==(const EditorPiece&) const = default;
};

class Editor {
 public:
  // Starts from a position (the one on show).
  explicit Editor(const Position& from);
  void clear();        // kings too: an empty board
  void reset_start();  // the usual start position
  void set_side(Color c) { side_ = c; }
  Color side() const { return side_; }
  // The piece a click places; nullopt: a click removes. Until a choice is
  // made nothing is chosen, and a click on the board asks for one.
  void choose(std::optional<EditorPiece> tool) {
    tool_ = tool;
    chosen_ = true;
  }
  std::optional<EditorPiece> tool() const { return tool_; }
  bool removing() const { return chosen_ && !tool_; }
  // Places the chosen piece at s (or removes what stands there); the same
  // piece clicked again is taken off. Returns why a placement was refused.
  std::optional<Phrase> click(Square s);
  void remove(Square s);
  std::optional<EditorPiece> at(Square s) const;
  // What keeps the position from being played (nullopt: it is fine).
  std::optional<Phrase> fault() const;
  // The position as FEN (meaningful when fault() is nullopt).
  std::string fen() const;

 private:
  Position build() const;
  int count(EditorPiece p) const;
  std::array<std::optional<EditorPiece>, 90> board_{};  // by square90
  Color side_ = RED;
  std::optional<EditorPiece> tool_;
  bool chosen_ = false;  // a piece or Remove has been picked
};

}  // namespace xq
