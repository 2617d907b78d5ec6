#include "movegen.h"

namespace xq {

namespace {

// Per-square destination lists, zero-terminated; horse and elephant moves
// carry the square that must be empty (the leg or the eye).
struct StepTables {
  uint8_t king[256][5];
  uint8_t advisor[256][5];
  uint8_t elephant[256][5][2];
  uint8_t horse[256][9][2];
};


constexpr StepTables make_step_tables() {
  StepTables t{};
  constexpr Geometry g = make_geometry();
  for (int s = 0; s < 256; ++s) {
    if (!g.in_board[s]) continue;
    int n = 0;
    for (int d : {-16, -1, 1, 16})
      if (g.in_palace[s] && g.in_palace[s + d]) t.king[s][n++] = uint8_t(s + d);
    n = 0;
    for (int d : {-17, -15, 15, 17})
      if (g.in_palace[s] && g.in_palace[s + d]) t.advisor[s][n++] = uint8_t(s + d);
    n = 0;
    for (int d : {-34, -30, 30, 34}) {
      int to = s + d;
      if (to < 0 || to > 255 || !g.in_board[to] || g.side_of_river[to] != g.side_of_river[s]) continue;
      t.elephant[s][n][0] = uint8_t(to);
      t.elephant[s][n++][1] = uint8_t(s + d / 2);
    }
    n = 0;
    for (int i = 0; i < 8; ++i) {
      int to = s + kHorseDelta[i];
      if (to < 0 || to > 255 || !g.in_board[to]) continue;
      t.horse[s][n][0] = uint8_t(to);
      t.horse[s][n++][1] = uint8_t(s + kHorseLeg[i]);
    }
  }
  return t;
}

constinit const StepTables g_steps = make_step_tables();
inline const StepTables& steps() { return g_steps; }

struct Gen {
  const Position& pos;
  Move* out;
  int n = 0;
  int own_tag, opp_tag;
  GenType type;

  // Adds from->to if the target suits the generation type.
  inline void add(Square from, Square to) {
    const int p = pos.piece_at(to);
    if (p & own_tag) return;
    if (p ? type == GenType::Quiets : type == GenType::Captures) return;
    out[n++] = make_move(from, to);
  }

  // Rook or cannon moves: quiet steps up to the first piece on each line,
  // the capture from the line tables (the first piece, or the second for a cannon).
  void slide(Square from, bool cannon) {
    const bool* in_board = geo().in_board;
    const LineSquares l = pos.lines_from(from);
    static constexpr int kSteps[4] = {-16, -1, 1, 16};
    static constexpr int kLine[4] = {2, 0, 1, 3};  // the step's index in LineSquares
    for (int i = 0; i < 4; ++i) {
      const int d = kSteps[i];
      if (type != GenType::Captures)
        for (Square to = from + d; in_board[to] && !pos.piece_at(to); to += d) out[n++] = make_move(from, to);
      const Square target = cannon ? l.second[kLine[i]] : l.first[kLine[i]];
      if (target && (pos.piece_at(target) & opp_tag) && type != GenType::Quiets) out[n++] = make_move(from, target);
    }
  }
};

}  // namespace

int generate(const Position& pos, Move* out, GenType type) {
  const Color us = pos.side();
  Gen g{pos, out, 0, 16 << us, 16 << (us ^ 1), type};
  const StepTables& t = steps();
  const int base = side_base(us);
  for (int i = 0; i < 16; ++i) {
    const Square from = pos.square_of(base + i);
    if (!from) continue;
    switch (kIdType[i]) {
      case KING:
        for (const uint8_t* p = t.king[from]; *p; ++p) g.add(from, *p);
        break;
      case ADVISOR:
        for (const uint8_t* p = t.advisor[from]; *p; ++p) g.add(from, *p);
        break;
      case ELEPHANT:
        for (int k = 0; t.elephant[from][k][0]; ++k)
          if (!pos.piece_at(t.elephant[from][k][1])) g.add(from, t.elephant[from][k][0]);
        break;
      case HORSE:
        for (int k = 0; t.horse[from][k][0]; ++k)
          if (!pos.piece_at(t.horse[from][k][1])) g.add(from, t.horse[from][k][0]);
        break;
      case ROOK:
        g.slide(from, false);
        break;
      case CANNON:
        g.slide(from, true);
        break;
      case PAWN: {
        const Square fwd = from + (us == RED ? 16 : -16);
        if (geo().in_board[fwd]) g.add(from, fwd);
        if (geo().side_of_river[from] != int(us)) {  // crossed the river: sideways too
          if (geo().in_board[from - 1]) g.add(from, from - 1);
          if (geo().in_board[from + 1]) g.add(from, from + 1);
        }
        break;
      }
      default:
        break;
    }
  }
  return g.n;
}

}  // namespace xq

namespace xq {

bool is_pseudo_legal(const Position& pos, Move m) {
  const Square from = move_from(m), to = move_to(m);
  if (m >> 16 || !geo().in_board[from] || !geo().in_board[to] || from == to) return false;
  const Color us = pos.side();
  const PieceId id = pos.piece_at(from);
  if (!id || color_of_id(id) != us) return false;
  const int target = pos.piece_at(to);
  if (target && color_of_id(target) == us) return false;
  const StepTables& t = steps();
  switch (type_of_id(id)) {
    case KING:
      for (const uint8_t* p = t.king[from]; *p; ++p)
        if (*p == to) return true;
      return false;
    case ADVISOR:
      for (const uint8_t* p = t.advisor[from]; *p; ++p)
        if (*p == to) return true;
      return false;
    case ELEPHANT:
      for (int k = 0; t.elephant[from][k][0]; ++k)
        if (t.elephant[from][k][0] == to) return !pos.piece_at(t.elephant[from][k][1]);
      return false;
    case HORSE:
      for (int k = 0; t.horse[from][k][0]; ++k)
        if (t.horse[from][k][0] == to) return !pos.piece_at(t.horse[from][k][1]);
      return false;
    case ROOK:
    case CANNON: {
      int d;
      if ((from & 0xF0) == (to & 0xF0)) d = to > from ? 1 : -1;
      else if ((from & 15) == (to & 15)) d = to > from ? 16 : -16;
      else return false;
      int between = 0;
      for (Square s = from + d; s != to; s += d) between += pos.piece_at(s) != 0;
      if (type_of_id(id) == ROOK) return between == 0;
      return target ? between == 1 : between == 0;
    }
    case PAWN: {
      const int fwd = us == RED ? 16 : -16;
      if (to == from + fwd) return true;
      if (geo().side_of_river[from] != int(us)) return to == from - 1 || to == from + 1;
      return false;
    }
    default:
      return false;
  }
}

bool is_legal(Position& pos, Move m) {
  if (!is_pseudo_legal(pos, m)) return false;
  return pos.move_is_safe(m);
}

int generate_legal(Position& pos, Move* out) {
  Move all[kMaxMoves];
  const int n = generate(pos, all);
  const bool check = pos.in_check();
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (move_may_expose_king(pos, all[i], check) && !pos.move_is_safe(all[i])) continue;
    out[k++] = all[i];
  }
  return k;
}

bool has_legal_move(Position& pos) {
  Move all[kMaxMoves];
  const int n = generate(pos, all);
  const bool check = pos.in_check();
  for (int i = 0; i < n; ++i) {
    if (!move_may_expose_king(pos, all[i], check) || pos.move_is_safe(all[i])) return true;
  }
  return false;
}

bool move_may_expose_king(const Position& pos, Move m, bool in_check) {
  if (in_check) return true;
  const Square k = pos.king_square(pos.side());
  const Square from = move_from(m), to = move_to(m);
  if (from == k) return true;
  // A square's occupancy matters to the king's safety only on the king's
  // file or rank (rooks, cannons, the other king) or diagonally next to it
  // (the legs of horses that could attack it). Moving onto a line can make a
  // cannon screen; leaving one can open a line or a screen count.
  const int df = (from & 15) - (k & 15), dr = (from >> 4) - (k >> 4);
  if (df == 0 || dr == 0 || ((df == 1 || df == -1) && (dr == 1 || dr == -1))) return true;
  return (to & 15) == (k & 15) || (to >> 4) == (k >> 4);
}

}  // namespace xq

namespace xq {

bool move_may_give_check(const Position& pos, Move m) {
  const Square k = pos.king_square(~pos.side());
  const Square from = move_from(m), to = move_to(m);
  const int kf = k & 15, kr = k >> 4;
  // Origin on the king's lines (a rook line or a cannon screen opens) or
  // diagonally next to it (a horse's leg is freed).
  const int df = (from & 15) - kf, dr = (from >> 4) - kr;
  if (df == 0 || dr == 0 || ((df == 1 || df == -1) && (dr == 1 || dr == -1))) return true;
  // Target on the king's lines: a rook or cannon checks, or a new screen for a cannon.
  const int tf = (to & 15) - kf, tr = (to >> 4) - kr;
  if (tf == 0 || tr == 0) return true;
  // A horse landing a horse's jump away; a pawn beside or in front of the king.
  const int af = tf < 0 ? -tf : tf, ar = tr < 0 ? -tr : tr;
  const PieceType t = type_of_id(pos.piece_at(from));
  if (t == HORSE) return (af == 1 && ar == 2) || (af == 2 && ar == 1);
  return false;
}

}  // namespace xq
