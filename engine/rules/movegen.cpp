#include "movegen.h"

#include <cstdlib>

#include "attacks.h"

namespace xq {

namespace {

constexpr StepTables make_step_tables() {
  StepTables t{};
  constexpr Geometry g = make_geometry();
  for (int s = 0; s < 256; ++s) {
    if (!g.in_board[s]) continue;
    for (int i = 0; i < 4; ++i) t.king[s][i] = t.advisor[s][i] = t.elephant[s][i][0] = t.elephant[s][i][1] = uint8_t(s);
    for (int i = 0; i < 8; ++i) t.horse[s][i][0] = t.horse[s][i][1] = uint8_t(s);
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
    HorseLegs& legs = t.horse_legs[s];
    for (int i = 0; i < 8; i += 2) {  // kHorseDelta pairs the jumps over one leg
      uint8_t to[2] = {0, 0};
      int k = 0;
      for (int j = i; j < i + 2; ++j) {
        const int x = s + kHorseDelta[j];
        if (x >= 0 && x < 256 && g.in_board[x]) to[k++] = uint8_t(x);
      }
      if (k) legs.at[legs.count++] = {uint8_t(s + kHorseLeg[i]), {to[0], k == 2 ? to[1] : to[0]}, uint8_t(k == 2)};
    }
    for (int i = legs.count; i < 4; ++i) legs.at[i] = {uint8_t(s), {uint8_t(s), uint8_t(s)}, 0};
  }
  return t;
}

}  // namespace

constinit const StepTables g_steps = make_step_tables();

namespace {

// The generation type is a template parameter: its tests in the inner loops
// are decided at compile time.
template <GenType type>
struct Gen {
  const Position& pos;
  Move* out;
  int n = 0;
  int own_tag, opp_tag;

  // Adds from->to if `open` and the target suits the generation type,
  // without a branch: the slot is written either way and kept or not (the
  // step tables' padding lands here, rejected as an own piece).
  inline void add(Square from, Square to, bool open = true) {
    const int p = pos.piece_at(to);
    const bool suits = type == GenType::Captures ? (p & opp_tag) != 0 : type == GenType::Quiets ? p == 0 : !(p & own_tag);
    out[n] = make_move(from, to);
    n += open & suits;
  }

  void king(Square from) {
    for (int k = 0; k < 4; ++k) add(from, steps().king[from][k]);
  }
  void advisor(Square from) {
    for (int k = 0; k < 4; ++k) add(from, steps().advisor[from][k]);
  }
  void elephant(Square from) {
    const auto& e = steps().elephant[from];
    for (int k = 0; k < 4; ++k) add(from, e[k][0], !pos.piece_at(e[k][1]));
  }
  void horse(Square from) {
    const auto& h = steps().horse[from];
    for (int k = 0; k < 8; ++k) add(from, h[k][0], !pos.piece_at(h[k][1]));
  }
  void pawn(Square from) {
    const Color us = pos.side();
    const Square fwd = from + (us == RED ? 16 : -16);
    add(from, fwd, geo().in_board[fwd]);
    if (geo().side_of_river[from] != int(us)) {  // crossed the river: sideways too
      add(from, from - 1, geo().in_board[from - 1]);
      add(from, from + 1, geo().in_board[from + 1]);
    }
  }
  // The quiet slides of a rook or cannon onto square a (on its rank) or b
  // (on its file), if they are reachable, in slide()'s order.
  void slide_through(Square from, Square a, Square b) {
    const int file = file_of(from), rank = rank_of(from);
    const LineStops& r = g_rank_lines.at[file][pos.rank_masks()[rank]];
    const LineStops& f = g_file_lines.at[rank][pos.file_masks()[file]];
    auto reach = [&](const LineStops& st, int dir, int to_edge, int dist) {  // dist > 0 along dir
      const int first = st.first[dir];
      return dist >= 1 && dist <= (first ? (first < 0 ? -first : first) - 1 : to_edge);
    };
    if (b < from && reach(f, 0, rank, (from - b) / 16)) out[n++] = make_move(from, b);
    if (a < from && reach(r, 0, file, from - a)) out[n++] = make_move(from, a);
    if (a > from && reach(r, 1, 8 - file, a - from)) out[n++] = make_move(from, a);
    if (b > from && reach(f, 1, 9 - rank, (b - from) / 16)) out[n++] = make_move(from, b);
  }

  // Rook or cannon moves, from the line tables (lines.h): the quiet steps up
  // to the first piece or the edge on each line, then the capture (the first
  // piece, or for a cannon the second).
  void slide(Square from, bool cannon) {
    const int file = file_of(from), rank = rank_of(from);
    const LineStops& r = g_rank_lines.at[file][pos.rank_masks()[rank]];
    const LineStops& f = g_file_lines.at[rank][pos.file_masks()[file]];
    line(from, cannon, f, 0, 16, rank);      // towards red
    line(from, cannon, r, 0, 1, file);       // towards file a
    line(from, cannon, r, 1, 1, 8 - file);   // towards file i
    line(from, cannon, f, 1, 16, 9 - rank);  // towards black
  }
  // One direction of a line: unit is the step (1 along a rank, 16 along a
  // file); the stops' distances are signed, so they carry the direction.
  inline void line(Square from, bool cannon, const LineStops& st, int dir, int unit, int to_edge) {
    const int first = st.first[dir];
    if (type != GenType::Captures) {
      const int step = dir ? unit : -unit;
      const int quiet = first ? (first < 0 ? -first : first) - 1 : to_edge;
      for (int i = 1; i <= quiet; ++i) out[n++] = make_move(from, from + i * step);
    }
    if (type == GenType::Quiets) return;
    // No piece to hit (0) lands on `from`, which holds an own piece: dropped.
    const Square hit = from + (cannon ? st.second[dir] : first) * unit;
    out[n] = make_move(from, hit);
    n += (pos.piece_at(hit) & opp_tag) != 0;
  }
};

template <GenType type>
int generate_by_type(const Position& pos, Move* out) {
  Gen<type> g{pos, out, 0, 16 << pos.side(), 16 << (pos.side() ^ 1)};
  const int base = side_base(pos.side());
  // By kind in slot order (types.h), without a switch a piece: the kind of
  // each slot is fixed, and a branch on it mispredicted in the hot loop.
  if (const Square from = pos.square_of(base)) g.king(from);
  for (int i = 1; i <= 2; ++i)
    if (const Square from = pos.square_of(base + i)) g.advisor(from);
  for (int i = 3; i <= 4; ++i)
    if (const Square from = pos.square_of(base + i)) g.elephant(from);
  for (int i = 5; i <= 6; ++i)
    if (const Square from = pos.square_of(base + i)) g.horse(from);
  for (int i = 7; i <= 10; ++i)
    if (const Square from = pos.square_of(base + i)) g.slide(from, i >= 9);
  for (int i = 11; i <= 15; ++i)
    if (const Square from = pos.square_of(base + i)) g.pawn(from);
  return g.n;
}

}  // namespace

int generate(const Position& pos, Move* out, GenType type) {
  switch (type) {
    case GenType::Captures: return generate_by_type<GenType::Captures>(pos, out);
    case GenType::Quiets: return generate_by_type<GenType::Quiets>(pos, out);
    default: return generate_by_type<GenType::All>(pos, out);
  }
}

int generate_quiet_checks(const Position& pos, const KingAttackers& theirs, Move* out) {
  const Square k = theirs.king;
  if (!k) return 0;
  // A piece whose leaving may uncover an attack: one piece too many between
  // a listed line piece and the king, or a listed horse's leg.
  auto uncovers = [&](Square s) {
    for (int i = 0; i < theirs.line_count; ++i) {
      const KingAttackers::Line& l = theirs.lines[i];
      if (l.now == l.need + 1 && l.inside(s, k)) return true;
    }
    for (int i = 0; i < theirs.horse_count; ++i)
      if (theirs.horses[i].leg == s) return true;
    return false;
  };
  // A cannon with nothing between it and the king: any piece stepping in checks.
  bool screen_wanted = false;
  for (int i = 0; i < theirs.line_count; ++i) screen_wanted |= theirs.lines[i].now < theirs.lines[i].need;
  const int fwd = pos.side() == RED ? 16 : -16;
  // Keeps the moves whose target passes `test`, in order; returns how many.
  auto keep = [](Move* moves, int n, auto test) {
    int kept = 0;
    for (int j = 0; j < n; ++j)
      if (test(move_to(moves[j]))) moves[kept++] = moves[j];
    return kept;
  };
  Move cand[kMaxMoves];
  Gen<GenType::Quiets> g{pos, cand, 0, 16 << pos.side(), 16 << (pos.side() ^ 1)};
  const int base = side_base(pos.side());
  // The candidates in generate()'s order; only those that check are kept.
  for (int i = 0; i < 16; ++i) {
    const Square from = pos.square_of(base + i);
    if (!from) continue;
    const bool all = uncovers(from);
    const int first = g.n;
    switch (kIdType[i]) {
      case KING: if (all || screen_wanted) g.king(from); break;  // else it could only face the other king: illegal
      case ADVISOR: if (all || screen_wanted) g.advisor(from); break;
      case ELEPHANT: if (all || screen_wanted) g.elephant(from); break;
      case HORSE:
        // Two jumps reach at most four files or ranks away: a horse farther
        // from the king has no checking jump.
        if (!all && !screen_wanted && (std::abs(file_of(from) - file_of(k)) > 4 || std::abs(rank_of(from) - rank_of(k)) > 4))
          break;
        g.horse(from);
        // Unless it uncovers or screens, a horse checks only from a jump away from the king.
        if (!all && !screen_wanted)
          g.n = first + keep(cand + first, g.n - first, [&](Square to) { return kHorseJump.index[k - to + 256] >= 0; });
        break;
      case ROOK:
      case CANNON:
        // Unless it uncovers, a rook or cannon can check only from where its
        // lines cross the king's (a screen it completes is there too).
        if (all) g.slide(from, false);
        else g.slide_through(from, make_square(file_of(k), rank_of(from)), make_square(file_of(from), rank_of(k)));
        break;
      case PAWN:
        // One step must end beside the king or in front of it: only a pawn
        // within two steps of it can check.
        if (!all && !screen_wanted && std::abs(file_of(from) - file_of(k)) + std::abs(rank_of(from) - rank_of(k)) > 2)
          break;
        g.pawn(from);
        // A pawn checks from beside the king or from in front of it (next to
        // the king it has crossed the river).
        if (!all && !screen_wanted)
          g.n = first + keep(cand + first, g.n - first, [&](Square to) { return to + fwd == k || to + 1 == k || to - 1 == k; });
        break;
      default: break;
    }
  }
  int n = 0;
  for (int i = 0; i < g.n; ++i)
    if (gives_check(pos, theirs, cand[i])) out[n++] = cand[i];
  return n;
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
    // The tables' padding is `from` itself, which `to` is not.
    case KING:
      for (int k = 0; k < 4; ++k)
        if (t.king[from][k] == to) return true;
      return false;
    case ADVISOR:
      for (int k = 0; k < 4; ++k)
        if (t.advisor[from][k] == to) return true;
      return false;
    case ELEPHANT:
      for (int k = 0; k < 4; ++k)
        if (t.elephant[from][k][0] == to) return !pos.piece_at(t.elephant[from][k][1]);
      return false;
    case HORSE:
      for (int k = 0; k < 8; ++k)
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
  const KingAttackers own = king_attackers(pos, pos.side());
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (!leaves_king_safe(pos, own, all[i])) continue;
    out[k++] = all[i];
  }
  return k;
}

bool has_legal_move(Position& pos) {
  Move all[kMaxMoves];
  const int n = generate(pos, all);
  const KingAttackers own = king_attackers(pos, pos.side());
  for (int i = 0; i < n; ++i) {
    if (leaves_king_safe(pos, own, all[i])) return true;
  }
  return false;
}

}  // namespace xq
