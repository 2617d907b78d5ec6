#include "movepick.h"

#include <algorithm>
#include <cstring>

#include "evaluate.h"

namespace xq {

void History::clear() { std::memset(table, 0, sizeof table); }

void History::age() {
  for (auto& row : table)
    for (int& v : row) v /= 2;
}

void History::punish(Move m, int depth) {
  int& v = table[move_from(m)][move_to(m)];
  v = std::max(v - depth * depth, -(1 << 24));
}

void History::reward(Move m, int depth) {
  int& v = table[move_from(m)][move_to(m)];
  v += depth * depth;
  if (v > (1 << 24)) age();
}

// Attacker order for LVA: cheaper pieces capture first.
static constexpr int kAttackerRank[7] = {5, 1, 1, 3, 4, 3, 0};

int mvv_lva(const Position& pos, Move m) {
  const PieceId victim = pos.piece_at(move_to(m));
  const PieceId attacker = pos.piece_at(move_from(m));
  const int v = type_of_id(victim) == KING ? 2000 : kPieceValue[type_of_id(victim)];
  return v * 8 - kAttackerRank[type_of_id(attacker)];
}

MovePicker::MovePicker(const Position& pos, Move hash_move, Move killer1, Move killer2, const History* history)
    : pos_(pos), history_(history), hash_(hash_move), killer1_(killer1), killer2_(killer2), stage_(kHash) {
  if (!hash_ || !is_pseudo_legal(pos, hash_)) {
    hash_ = kNoMove;
    stage_ = kGenCaptures;
  }
}

MovePicker::MovePicker(const Position& pos, bool) : pos_(pos), stage_(kQGen) {}

void MovePicker::score_captures() {
  // A capture is "good" when the victim is worth at least the attacker, or the
  // target square is not defended; the rest wait until after the quiet moves.
  const Color them = ~pos_.side();
  int good = 0;
  for (int i = 0; i < count_; ++i) {
    const Move m = moves_[i];
    const PieceType victim = type_of_id(pos_.piece_at(move_to(m)));
    const PieceType attacker = type_of_id(pos_.piece_at(move_from(m)));
    const int gain = kPieceValue[victim] - kPieceValue[attacker];
    if (victim == KING || gain >= 0 || !attacked_by(pos_, move_to(m), them)) {
      moves_[good] = m;
      scores_[good++] = mvv_lva(pos_, m);
    } else {
      bad_[bad_count_++] = m;
    }
  }
  count_ = good;
  cur_ = 0;
}

Move MovePicker::pick_best(int begin) {
  int best = begin;
  for (int i = begin + 1; i < count_; ++i)
    if (scores_[i] > scores_[best]) best = i;
  std::swap(moves_[begin], moves_[best]);
  std::swap(scores_[begin], scores_[best]);
  return moves_[begin];
}

Move MovePicker::next() {
  switch (stage_) {
    case kHash:
      stage_ = kGenCaptures;
      return hash_;
    case kGenCaptures:
      count_ = generate(pos_, moves_, GenType::Captures);
      score_captures();
      stage_ = kGoodCaptures;
      [[fallthrough]];
    case kGoodCaptures:
      while (cur_ < count_) {
        const Move m = pick_best(cur_++);
        if (m != hash_) return m;
      }
      stage_ = kKiller1;
      [[fallthrough]];
    case kKiller1:
      stage_ = kKiller2;
      if (killer1_ && killer1_ != hash_ && !is_capture(killer1_) && is_pseudo_legal(pos_, killer1_)) return killer1_;
      [[fallthrough]];
    case kKiller2:
      stage_ = kGenQuiets;
      if (killer2_ && killer2_ != hash_ && killer2_ != killer1_ && !is_capture(killer2_) &&
          is_pseudo_legal(pos_, killer2_))
        return killer2_;
      [[fallthrough]];
    case kGenQuiets:
      count_ = generate(pos_, moves_, GenType::Quiets);
      for (int i = 0; i < count_; ++i) scores_[i] = history_ ? history_->get(moves_[i]) : 0;
      cur_ = 0;
      stage_ = kQuiets;
      [[fallthrough]];
    case kQuiets:
      while (cur_ < count_) {
        const Move m = pick_best(cur_++);
        if (m != hash_ && m != killer1_ && m != killer2_) return m;
      }
      stage_ = kBadCaptures;
      [[fallthrough]];
    case kBadCaptures:
      while (bad_cur_ < bad_count_) {
        const Move m = bad_[bad_cur_++];
        if (m != hash_) return m;
      }
      stage_ = kDone;
      return kNoMove;
    case kQGen:
      count_ = generate(pos_, moves_, GenType::Captures);
      score_captures();
      stage_ = kQCaptures;
      [[fallthrough]];
    case kQCaptures:
      if (cur_ < count_) return pick_best(cur_++);
      stage_ = kDone;
      return kNoMove;
    default:
      return kNoMove;
  }
}

}  // namespace xq
