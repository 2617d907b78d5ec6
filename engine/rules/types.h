// Basic types shared by the whole engine: squares, pieces, moves, scores.
#pragma once
#include <cstdint>

namespace xq {

// The board is a 16x16 mailbox; the playing area is x = 3..11 (files a..i),
// y = 3..12 (ranks 0..9, rank 0 on red's side). Padding makes off-board
// tests a table lookup and lets move offsets never wrap.
using Square = int;
constexpr int kFileLeft = 3, kRankBottom = 3;

constexpr Square make_square(int file, int rank) { return (rank + kRankBottom) * 16 + file + kFileLeft; }
constexpr int file_of(Square s) { return (s & 15) - kFileLeft; }
constexpr int rank_of(Square s) { return (s >> 4) - kRankBottom; }
// Point reflection through the board's centre (swaps sides and mirrors files).
constexpr Square flip_square(Square s) { return 254 - s; }
// Left-right mirror (file a <-> file i).
constexpr Square mirror_square(Square s) { return (s & 0xF0) | (14 - (s & 15)); }

enum Color : int { RED = 0, BLACK = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : int { KING = 0, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, PAWN, NO_TYPE };

// A horse's eight jumps and, for each, the leg square that must be empty
// (one orthogonal step from the horse towards the jump).
constexpr int kHorseDelta[8] = {-33, -31, -18, 14, -14, 18, 31, 33};
constexpr int kHorseLeg[8] = {-16, -16, -1, -1, 1, 1, 16, 16};
// Which jump goes from a horse to a square: kHorseJump[to - from + 256] is
// the index into kHorseDelta, or -1 when no jump joins them. Attack tests
// start from the (at most two) horses instead of the eight squares around.
struct HorseJumpTable {
  int8_t index[512];
};
constexpr HorseJumpTable make_horse_jumps() {
  HorseJumpTable t{};
  for (auto& i : t.index) i = -1;
  for (int k = 0; k < 8; ++k) t.index[kHorseDelta[k] + 256] = int8_t(k);
  return t;
}
inline constexpr HorseJumpTable kHorseJump = make_horse_jumps();

// Is square s near square k: within two ranks and one, two or three files
// (bit 0, 1, 2)? By the offset s - k + 256: one lookup for the evaluation's
// and the search's "pieces near the king" counts. (An offset names one rank
// and file distance when the files are at most 7 apart.)
struct NearTable {
  uint8_t bits[512];
};
constexpr NearTable make_near() {
  NearTable t{};
  for (int dr = -2; dr <= 2; ++dr)
    for (int df = -3; df <= 3; ++df) {
      const int a = df < 0 ? -df : df;
      t.bits[dr * 16 + df + 256] = uint8_t((a <= 1 ? 1 : 0) | (a <= 2 ? 2 : 0) | 4);
    }
  return t;
}
inline constexpr NearTable kNear = make_near();
constexpr int kNearFiles1 = 1, kNearFiles2 = 2, kNearFiles3 = 4;  // the bits

// Piece ids in the board array: 0 = empty, 16..31 red, 32..47 black, in the
// fixed order K A A B B N N R R C C P P P P P. Fixed slots make the piece
// list trivial and bound each kind's count, as in the XQWLight family.
using PieceId = int;
constexpr int kRedBase = 16, kBlackBase = 32;
constexpr int side_base(Color c) { return 16 + 16 * c; }
constexpr Color color_of_id(PieceId p) { return Color((p >> 4) - 1); }
constexpr PieceType kIdType[16] = {KING,   ADVISOR, ADVISOR, ELEPHANT, ELEPHANT, HORSE, HORSE, ROOK,
                                   ROOK,   CANNON,  CANNON,  PAWN,   PAWN,   PAWN,   PAWN,   PAWN};
constexpr PieceType type_of_id(PieceId p) { return kIdType[p & 15]; }
constexpr int kTypeFirstSlot[7] = {0, 1, 3, 5, 7, 9, 11};
constexpr int kTypeSlots[7] = {1, 2, 2, 2, 2, 2, 5};
// Is piece id p (0 for none) one of c's pieces of type t? One compare.
constexpr bool is_piece(int p, Color c, PieceType t) {
  return unsigned(p - side_base(c) - kTypeFirstSlot[t]) < unsigned(kTypeSlots[t]);
}
constexpr int kTypeSlotCount[7] = {1, 2, 2, 2, 2, 2, 5};

// A move: from in the low byte, to in the next. 0 is "no move".
using Move = uint32_t;
constexpr Move kNoMove = 0;
constexpr Move make_move(Square from, Square to) { return Move(from | (to << 8)); }
constexpr Square move_from(Move m) { return Square(m & 255); }
constexpr Square move_to(Move m) { return Square((m >> 8) & 255); }

// Scores in centipawn-like units, from the side to move's view.
using Score = int;
constexpr int kMaxPly = 128;
constexpr Score kMateScore = 10000;                    // mate now; mate in n plies is kMateScore - n
constexpr Score kMateThreshold = kMateScore - kMaxPly;  // beyond: a mate score
constexpr Score kBanScore = 9500;                      // perpetual check judged (depends on the path)
constexpr Score kBanThreshold = kBanScore - kMaxPly;    // beyond: a ban or mate score
constexpr Score kDrawScore = 0;
constexpr Score kInfinite = 10001;

}  // namespace xq
