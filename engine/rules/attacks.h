// Attacks on one king, worked out once for all the moves of a position:
// which pieces of the other side could attack it (line pieces on its rank or
// file, horses a jump away, pawns beside or in front of it), so that whether
// a move leaves a king attacked (legality for the mover's own king, check for
// the other) is answered from that short list and the occupancy masks,
// without making the move or changing the board.
#pragma once
#include "position.h"

namespace xq {

struct KingAttackers {
  Square king = 0;  // the king attacked (0: none on the board)
  Color side = RED;  // the attacking side
  // Rooks, cannons and the king of the attacking side on the king's rank or
  // file that one move could bring to bear: the number of pieces between them
  // and the king is at most one more than they need (0 for a rook or the king,
  // 1 for a cannon). A move changes that number by one at most: it empties
  // `from` and fills `to` (a capture fills nothing new).
  struct Line {
    Square s;
    int8_t need, now;  // pieces needed between, pieces between now
    Square lo, hi;     // the line's ends: the king and s, lower first
    bool on_rank;
    // Is x strictly between the king and s?
    bool inside(Square x, Square king) const {
      return (on_rank ? (x & 0xF0) == (king & 0xF0) : (x & 15) == (king & 15)) & (x > lo) & (x < hi);
    }
  };
  Line lines[5];
  int line_count = 0;
  // Horses of the attacking side a jump from the king, with the leg square.
  struct Jump {
    Square s, leg;
  };
  Jump horses[2];
  int horse_count = 0;
  // Pawns of the attacking side on the squares from which a pawn attacks the king.
  Square pawns[3];
  int pawn_count = 0;
};

// The pieces of ~c that could attack c's king.
KingAttackers king_attackers(const Position& pos, Color c);

// Is a's king attacked once pseudo-legal move m (by either side) is on the
// board? Exact, but for a move of that king itself, which the caller tests
// on the board (Position::move_is_safe).
bool attacked_after(const Position& pos, const KingAttackers& a, Move m);
namespace detail {
int between_after(const Position& pos, Square k, Square s, Square from, Square to);
}

// The same when no listed piece can attack: only the piece that moves can,
// if it is one of the attacking side's. The common case (a few calls a
// node, mostly the check test of quiet moves), kept inline.
inline bool attacked_by_mover(const Position& pos, const KingAttackers& a, Move m) {
  const Square k = a.king, from = move_from(m), to = move_to(m);
  if (!k) return false;
  const bool on_lines = rank_of(to) == rank_of(k) || file_of(to) == file_of(k);
  switch (type_of_id(pos.piece_at(from))) {
    case ROOK:
      return on_lines && detail::between_after(pos, k, to, from, to) == 0;
    case CANNON:
      return on_lines && detail::between_after(pos, k, to, from, to) == 1;
    case KING:
      return file_of(to) == file_of(k) && detail::between_after(pos, k, to, from, to) == 0;  // the kings face
    case HORSE: {
      const int j = kHorseJump.index[k - to + 256];  // its leg is beside `to`, never `from`
      return j >= 0 && !pos.piece_at(to + kHorseLeg[j]);
    }
    case PAWN: {
      const int d = to - k;
      return d == 1 || d == -1 || d == (a.side == RED ? -16 : 16);
    }
    default:
      return false;
  }
}

inline bool attacked_after_fast(const Position& pos, const KingAttackers& a, Move m) {
  if (a.line_count | a.horse_count | a.pawn_count) return attacked_after(pos, a, m);
  const PieceId id = pos.piece_at(move_from(m));
  return color_of_id(id) == a.side && attacked_by_mover(pos, a, m);
}

// Pseudo-legal move m by the side to move leaves its own king safe;
// own = king_attackers(pos, side to move).
inline bool leaves_king_safe(Position& pos, const KingAttackers& own, Move m) {
  return move_from(m) == own.king ? pos.move_is_safe(m) : !attacked_after_fast(pos, own, m);
}

// Pseudo-legal move m by the side to move checks the other king;
// theirs = king_attackers(pos, the side not to move).
inline bool gives_check(const Position& pos, const KingAttackers& theirs, Move m) {
  return attacked_after_fast(pos, theirs, m);
}

}  // namespace xq
