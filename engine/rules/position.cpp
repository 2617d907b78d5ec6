#include "position.h"

#include <cstring>

namespace xq {

namespace {

// A small fixed-seed generator so keys are the same in every build and run
// (the opening book stores keys).
constexpr uint64_t splitmix(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr Zobrist make_zobrist() {
  Zobrist z{};
  uint64_t state = 0x5851F42D4C957F2DULL;
  for (auto& row : z.piece)
    for (auto& k : row) k = splitmix(state);
  z.side = splitmix(state);
  return z;
}

}  // namespace

// Built at compile time: no start-up order issues and no guard in hot loops.
constinit const Geometry g_geo = make_geometry();
constinit const Zobrist g_zobrist = make_zobrist();

void Position::clear() {
  std::memset(board_, 0, sizeof board_);
  std::memset(sq_of_, 0, sizeof sq_of_);
  std::memset(rank_masks_, 0, sizeof rank_masks_);
  std::memset(file_masks_, 0, sizeof file_masks_);
  side_ = RED;
  key_ = pawn_key_ = 0;
  vl_[0] = vl_[1] = vl_end_[0] = vl_end_[1] = 0;
  std::memset(counts_, 0, sizeof counts_);
  ply_ = 0;
  rule_plies_ = 0;
  seen_.fill(0);
}

// Adds (sign 1) or removes (sign -1) a piece's values to both table sums.
void Position::update_psq(PieceId id, Square s, int sign) {
  const Color c = color_of_id(id);
  const PieceType t = type_of_id(id);
  const Square own = c == RED ? s : flip_square(s);  // black reads the point-reflected square
  vl_[c] += sign * g_psq[t][own];
  vl_end_[c] += sign * g_psq_end[t][own];
}

void Position::add_piece(PieceId id, Square s) {
  board_[s] = uint8_t(id);
  sq_of_[id] = uint8_t(s);
  set_occupied(s);
  key_ ^= zobrist().piece[piece_index(id)][s];
  if (type_of_id(id) == PAWN) pawn_key_ ^= zobrist().piece[piece_index(id)][s];
  update_psq(id, s, 1);
  ++counts_[piece_index(id)];
}

void Position::remove_piece(PieceId id, Square s) {
  board_[s] = 0;
  sq_of_[id] = 0;
  clear_occupied(s);
  key_ ^= zobrist().piece[piece_index(id)][s];
  if (type_of_id(id) == PAWN) pawn_key_ ^= zobrist().piece[piece_index(id)][s];
  update_psq(id, s, -1);
  --counts_[piece_index(id)];
}

// remove_piece then add_piece of the same piece, in one step (`to` is empty,
// or emptied by a capture just before).
void Position::move_piece(PieceId id, Square from, Square to) {
  board_[from] = 0;
  board_[to] = uint8_t(id);
  sq_of_[id] = uint8_t(to);
  clear_occupied(from);
  set_occupied(to);
  const int pi = piece_index(id);
  const uint64_t z = zobrist().piece[pi][from] ^ zobrist().piece[pi][to];
  key_ ^= z;
  if (type_of_id(id) == PAWN) pawn_key_ ^= z;
  update_psq(id, from, -1);
  update_psq(id, to, 1);
}

void Position::put_piece(PieceId id, Square s) { add_piece(id, s); }

void Position::set_side(Color c) {
  if (c != side_) key_ ^= zobrist().side;
  side_ = c;
}


uint64_t Position::mirror_key() const {
  uint64_t k = side_ == BLACK ? zobrist().side : 0;
  for (int id = 16; id < 48; ++id)
    if (sq_of_[id]) k ^= zobrist().piece[piece_index(id)][mirror_square(sq_of_[id])];
  return k;
}

bool Position::king_attacked(Color c) const {
  const Square k = sq_of_[side_base(c)];
  if (!k) return false;
  const int them = side_base(~c);
  const int kf = file_of(k);
  // Pieces between a line piece and the king, from the occupancy masks: a
  // rook (or the facing king) attacks over none, a cannon over exactly one.
  // Starting from the (at most five) line pieces is cheaper than walking the
  // king's four lines. (Advisors and elephants never leave their own half,
  // so they cannot reach a king.)
  auto screens = [&](Square s) { return pieces_between(file_masks_, rank_masks_, s, k); };
  for (int slot = kTypeFirstSlot[ROOK]; slot < kTypeFirstSlot[CANNON] + 2; ++slot) {
    const Square s = sq_of_[them + slot];
    if (s && screens(s) == (slot >= kTypeFirstSlot[CANNON] ? 1 : 0)) return true;
  }
  const Square other_king = sq_of_[them];
  if (other_king && file_of(other_king) == kf && screens(other_king) == 0) return true;
  // Horses: from each of theirs, a jump whose leg is empty.
  for (int i = 0; i < 2; ++i) {
    const Square h = sq_of_[them + kTypeFirstSlot[HORSE] + i];
    if (!h) continue;
    const int j = kHorseJump.index[k - h + 256];
    if (j >= 0 && !board_[h + kHorseLeg[j]]) return true;
  }
  // Pawns: beside the king, or in front of it coming towards it.
  auto is_pawn = [&](Square s) { return is_piece(board_[s], ~c, PAWN); };
  const int fwd = c == RED ? 16 : -16;
  return is_pawn(k - 1) || is_pawn(k + 1) || is_pawn(k + fwd);
}

bool Position::kings_facing() const {
  Square a = sq_of_[kRedBase], b = sq_of_[kBlackBase];
  if (!a || !b || (a & 15) != (b & 15)) return false;
  for (Square s = a + 16; s < b; s += 16)
    if (board_[s]) return false;
  return true;
}

StateInfo& Position::push_state() {
  if (ply_ >= kMaxHistory) {  // keep the newest half; older plies no longer matter for repetition
    for (int i = 0; i < kMaxHistory / 2; ++i) --seen_[st_[i].key & (kSeenSize - 1)];
    std::memmove(&st_[0], &st_[kMaxHistory / 2], sizeof(StateInfo) * (kMaxHistory / 2));
    ply_ = kMaxHistory / 2;
  }
  ++seen_[key_ & (kSeenSize - 1)];  // the position being left joins the history
  return st_[ply_++];
}

void Position::do_move(Move m, bool gives_check) {
  StateInfo& st = push_state();
  const Square from = move_from(m), to = move_to(m);
  const PieceId id = board_[from], cap = board_[to];
  st.key = key_;
  st.pawn_key = pawn_key_;
  st.vl[0] = vl_[0], st.vl[1] = vl_[1], st.vl_end[0] = vl_end_[0], st.vl_end[1] = vl_end_[1];
  st.move = m;
  st.captured = uint8_t(cap);
  st.rule_plies = uint16_t(rule_plies_ > 65535 ? 65535 : rule_plies_);
  rule_plies_ = cap ? 0 : rule_plies_ + 1;
  if (cap) remove_piece(cap, to);
  move_piece(id, from, to);
  side_ = ~side_;
  key_ ^= zobrist().side;
  st.gave_check = gives_check;
}

void Position::undo_move() {
  const StateInfo& st = st_[--ply_];
  --seen_[st.key & (kSeenSize - 1)];
  const Square from = move_from(st.move), to = move_to(st.move);
  const PieceId id = board_[to], cap = st.captured;
  side_ = ~side_;
  // The board and piece lists by hand; the keys and table sums from the state.
  board_[from] = uint8_t(id);
  sq_of_[id] = uint8_t(from);
  set_occupied(from);
  board_[to] = cap;
  if (cap) {
    sq_of_[cap] = uint8_t(to);
    ++counts_[piece_index(cap)];
  } else {
    clear_occupied(to);
  }
  key_ = st.key;
  pawn_key_ = st.pawn_key;
  vl_[0] = st.vl[0], vl_[1] = st.vl[1], vl_end_[0] = st.vl_end[0], vl_end_[1] = st.vl_end[1];
  rule_plies_ = st.rule_plies;
}

void Position::do_null() {
  StateInfo& st = push_state();
  st.key = key_;
  st.move = kNoMove;
  st.captured = 0;
  st.gave_check = false;
  st.rule_plies = uint16_t(rule_plies_ > 65535 ? 65535 : rule_plies_);
  side_ = ~side_;
  key_ ^= zobrist().side;
}

void Position::undo_null() {
  --ply_;
  --seen_[st_[ply_].key & (kSeenSize - 1)];
  side_ = ~side_;
  key_ = st_[ply_].key;
}

bool Position::do_legal_move(Move m) {
  if (!move_is_safe(m)) return false;
  do_move(m);
  return true;
}

bool Position::attacked_after(Move m, Color c) {
  const Square from = move_from(m), to = move_to(m);
  const uint8_t id = board_[from], cap = board_[to];
  board_[to] = id;
  board_[from] = 0;
  sq_of_[id] = uint8_t(to);
  if (cap) sq_of_[cap] = 0;
  clear_occupied(from);
  set_occupied(to);
  const bool attacked = king_attacked(c);
  board_[from] = id;
  board_[to] = cap;
  sq_of_[id] = uint8_t(from);
  if (cap) sq_of_[cap] = uint8_t(to);
  set_occupied(from);
  if (!cap) clear_occupied(to);
  return attacked;
}

}  // namespace xq
