// The board: piece placement, side to move, make/unmake with an incremental
// Zobrist key and incremental material + piece-square sums for the evaluator.
#pragma once
#include <array>
#include <cstdint>

#include "lines.h"
#include "types.h"

namespace xq {

// Static geometry tables, built at compile time.
struct Geometry {
  bool in_board[256];
  bool in_palace[256];
  int8_t side_of_river[256];  // 0 = red half (ranks 0-4), 1 = black half, -1 off board
};
constexpr Geometry make_geometry() {
  Geometry g{};
  for (int s = 0; s < 256; ++s) {
    int x = s & 15, y = s >> 4;
    g.in_board[s] = x >= 3 && x <= 11 && y >= 3 && y <= 12;
    g.in_palace[s] = x >= 6 && x <= 8 && ((y >= 3 && y <= 5) || (y >= 10 && y <= 12));
    g.side_of_river[s] = !g.in_board[s] ? -1 : (y <= 7 ? 0 : 1);
  }
  return g;
}
extern const Geometry g_geo;
inline const Geometry& geo() { return g_geo; }

// Piece-square values including material, from red's view; black reads the
// point-reflected square. Two sets: the middlegame's (all majors on the
// board) and the endgame's (none left); the evaluator blends them by the
// material left. Owned by the evaluator, used here for the incremental sums.
// Built at compile time.
// The pieces' base values (king, advisor, elephant, horse, rook, cannon, pawn).
constexpr int kPieceValue[7] = {0, 120, 120, 270, 600, 285, 30};
using PsqTable = std::array<std::array<int, 256>, 7>;
extern const PsqTable g_psq;      // middlegame
extern const PsqTable g_psq_end;  // endgame

// Zobrist keys.
struct Zobrist {
  uint64_t piece[14][256];  // [color * 7 + type][square]
  uint64_t side;
};
extern const Zobrist g_zobrist;
inline const Zobrist& zobrist() { return g_zobrist; }

// Piece type + colour to zobrist index.
inline int piece_index(PieceId id) { return color_of_id(id) * 7 + type_of_id(id); }

struct StateInfo {
  uint64_t key;      // key before the move
  Move move;
  uint8_t captured;  // piece id captured (0 = none)
  bool gave_check;  // the move checked: the side to move after it is in check (what in_check() reads)
  uint16_t rule_plies;  // plies without a capture before the move
  // The incremental sums before the move: taking it back restores them
  // instead of working them out again.
  uint64_t pawn_key;
  int vl[2], vl_end[2];
};

class Position {
 public:
  static constexpr int kMaxHistory = 1024;

  Position() { clear(); }
  void clear();

  // Setting up (used by the FEN reader); no legality checks here.
  void put_piece(PieceId id, Square s);
  void set_side(Color c);
  // Forget the move history (keeps the placement): the current position
  // becomes the root of repetition checks.
  void reset_history() {
    ply_ = 0;
    seen_.fill(0);
  }
  // Cheap pre-filter for repetition checks: false means the current position
  // certainly does not occur earlier in the history (counts of earlier keys
  // by their low bits; collisions only cost a real look).
  bool may_repeat() const { return seen_[key_ & (kSeenSize - 1)] != 0; }
  // Plies since the last capture (the no-capture rule's counter).
  void set_rule_plies(int n) { rule_plies_ = n < 0 ? 0 : n; }
  int rule_plies() const { return rule_plies_; }

  // Board access.
  PieceId piece_at(Square s) const { return board_[s]; }
  const uint8_t* squares() const { return board_; }  // piece ids by square, 256 entries
  Square square_of(PieceId id) const { return sq_of_[id]; }
  Color side() const { return side_; }
  uint64_t key() const { return key_; }
  uint64_t pawn_key() const { return pawn_key_; }  // the pawns' part of the key (for correction history)
  int psq_sum(Color c) const { return vl_[c]; }          // middlegame tables
  int psq_end_sum(Color c) const { return vl_end_[c]; }  // endgame tables
  Square king_square(Color c) const { return sq_of_[side_base(c)]; }
  // Occupancy masks: per rank (bit = file) and per file (bit = rank).
  const uint16_t* rank_masks() const { return rank_masks_; }
  const uint16_t* file_masks() const { return file_masks_; }

  // Make/unmake. do_move assumes a pseudo-legal move; it records whether the
  // move gives check so that in_check() and repetition judging can read it
  // later. A caller that knows already (move_gives_check, or attacks.h)
  // passes it and saves the attack test.
  void do_move(Move m) { do_move(m, move_gives_check(m)); }
  void do_move(Move m, bool gives_check);
  void undo_move();
  void do_null();
  void undo_null();
  // Make a move and report whether it was legal (own king not attacked);
  // an illegal move is taken back at once.
  bool do_legal_move(Move m);
  // Would pseudo-legal move m leave the mover's king safe? Touches only the
  // board (no key, no sums), so it is the cheap test for perft and legality.
  bool move_is_safe(Move m) { return !attacked_after(m, side_); }
  // Would pseudo-legal move m check the opponent's king? The same cheap
  // board-only test, for the other king: no make/unmake needed to know.
  bool move_gives_check(Move m) { return attacked_after(m, ~side_); }

  // Is the king of colour c attacked?
  bool king_attacked(Color c) const;
  bool in_check() const { return ply_ > 0 ? st_[ply_ - 1].gave_check : king_attacked(side_); }
  bool kings_facing() const;

  // History for repetition judging.
  int history_length() const { return ply_; }
  const StateInfo& history(int i) const { return st_[i]; }
  Move last_move() const { return ply_ ? st_[ply_ - 1].move : kNoMove; }
  PieceId last_captured() const { return ply_ ? st_[ply_ - 1].captured : 0; }
  bool last_was_null() const { return ply_ && st_[ply_ - 1].move == kNoMove; }

  // Piece counts by type, for evaluation and null-move margins.
  int count(Color c, PieceType t) const { return counts_[c * 7 + t]; }
  uint64_t mirror_key() const;  // key of the left-right mirrored position
  // The key once pseudo-legal move m is made (to fetch its table entry early).
  uint64_t key_after(Move m) const {
    const Square from = move_from(m), to = move_to(m);
    const PieceId id = board_[from], cap = board_[to];
    uint64_t k = key_ ^ zobrist().side ^ zobrist().piece[piece_index(id)][from] ^ zobrist().piece[piece_index(id)][to];
    return cap ? k ^ zobrist().piece[piece_index(cap)][to] : k;
  }

 private:
  void add_piece(PieceId id, Square s);
  void remove_piece(PieceId id, Square s);
  void move_piece(PieceId id, Square from, Square to);
  void update_psq(PieceId id, Square s, int sign);
  void set_occupied(Square s) {
    rank_masks_[rank_of(s)] |= uint16_t(1u << file_of(s));
    file_masks_[file_of(s)] |= uint16_t(1u << rank_of(s));
  }
  void clear_occupied(Square s) {
    rank_masks_[rank_of(s)] &= uint16_t(~(1u << file_of(s)));
    file_masks_[file_of(s)] &= uint16_t(~(1u << rank_of(s)));
  }
  StateInfo& push_state();
  // Is c's king attacked once pseudo-legal move m is on the board? The board,
  // piece squares and masks are changed for the test and put back.
  bool attacked_after(Move m, Color c);

  uint8_t board_[256];
  uint8_t sq_of_[48];
  uint16_t rank_masks_[10];
  uint16_t file_masks_[9];
  Color side_;
  uint64_t key_;
  uint64_t pawn_key_;
  int vl_[2];
  int vl_end_[2];
  int counts_[14];  // pieces on the board by colour and type
  int ply_;
  int rule_plies_ = 0;
  static constexpr int kSeenSize = 4096;
  std::array<uint16_t, kSeenSize> seen_{};  // keys of the positions in st_, by low bits
  std::array<StateInfo, kMaxHistory> st_;
};

}  // namespace xq
