#include "editor.h"

#include "fen.h"

namespace xq {

namespace {

int index_of(Square s) { return rank_of(s) * 9 + file_of(s); }
Square square_at_index(int i) { return make_square(i % 9, i / 9); }

}  // namespace

Editor::Editor(const Position& from) {
  for (int i = 0; i < 90; ++i)
    if (const PieceId id = from.piece_at(square_at_index(i))) board_[size_t(i)] = EditorPiece{color_of_id(id), type_of_id(id)};
  side_ = from.side();
}

void Editor::clear() { board_.fill(std::nullopt); }

void Editor::reset_start() {
  FenData d;
  parse_fen(kStartFen, d, nullptr);
  const auto tool = tool_;
  const bool chosen = chosen_;
  *this = Editor(d.pos);
  tool_ = tool;
  chosen_ = chosen;
}

std::optional<EditorPiece> Editor::at(Square s) const { return board_[size_t(index_of(s))]; }

int Editor::count(EditorPiece p) const {
  int n = 0;
  for (const auto& q : board_) n += q == p;
  return n;
}

void Editor::remove(Square s) { board_[size_t(index_of(s))].reset(); }

std::optional<Phrase> Editor::click(Square s) {
  auto& here = board_[size_t(index_of(s))];
  if (!chosen_) return Phrase::EditPickFirst;
  if (!tool_ || here == tool_) {
    here.reset();
    return std::nullopt;
  }
  if (!square_allowed(tool_->color, tool_->type, s)) return Phrase::EditCannotStandThere;
  if (count(*tool_) >= kTypeSlotCount[tool_->type]) {
    if (tool_->type != KING) return Phrase::EditNoMoreOfThese;
    for (auto& q : board_)  // a king moves to the new point instead
      if (q == tool_) q.reset();
  }
  here = tool_;
  return std::nullopt;
}

Position Editor::build() const {
  Position pos;
  int used[2][7] = {};
  for (int i = 0; i < 90; ++i) {
    const auto& p = board_[size_t(i)];
    if (!p) continue;
    pos.put_piece(side_base(p->color) + kTypeFirstSlot[p->type] + used[p->color][p->type]++, square_at_index(i));
  }
  pos.set_side(side_);
  return pos;
}

std::optional<Phrase> Editor::fault() const {
  if (!count({RED, KING})) return Phrase::EditNoRedKing;
  if (!count({BLACK, KING})) return Phrase::EditNoBlackKing;
  const Position pos = build();
  if (pos.kings_facing()) return Phrase::EditKingsFacing;
  if (pos.king_attacked(~side_)) return Phrase::EditWaitingSideInCheck;
  return std::nullopt;
}

std::string Editor::fen() const { return to_fen(build()); }

}  // namespace xq
