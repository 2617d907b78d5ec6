#include "movepick.h"

#include <algorithm>
#include <cstring>

#include "evaluate.h"
#include "see.h"

namespace xq {

void ButterflyHistory::clear() { std::memset(table, 0, sizeof table); }
void ContinuationHistory::clear() { std::memset(table, 0, sizeof table); }

// Attacker order for LVA: cheaper pieces capture first.
static constexpr int kAttackerRank[7] = {5, 1, 1, 3, 4, 3, 0};

int mvv_lva(const Position& pos, Move m) {
  const PieceId victim = pos.piece_at(move_to(m));
  const PieceId attacker = pos.piece_at(move_from(m));
  const int v = type_of_id(victim) == KING ? 2000 : kPieceValue[type_of_id(victim)];
  return v * 8 - kAttackerRank[type_of_id(attacker)];
}

MovePicker::MovePicker(const Position& pos, Move hash_move, Move killer1, Move killer2, Move counter,
                       const ButterflyHistory* history, const PieceToHistory* const* cont)
    : pos_(pos), history_(history), hash_(hash_move), killer1_(killer1), killer2_(killer2), counter_(counter),
      stage_(kHash) {
  if (cont) cont_[0] = cont[0], cont_[1] = cont[1];
  if (!hash_ || !is_pseudo_legal(pos, hash_)) {
    hash_ = kNoMove;
    stage_ = kGenCaptures;
  }
}

MovePicker::MovePicker(const Position& pos, Move hash_move) : pos_(pos), hash_(hash_move), stage_(kQHash) {
  if (!hash_ || !is_capture(hash_) || !is_pseudo_legal(pos, hash_)) {
    hash_ = kNoMove;
    stage_ = kQGen;
  }
}

void MovePicker::score_captures() {
  // Most valuable victim first; whether the exchange loses material is asked
  // only when a capture's turn comes (a cut often comes first).
  int k = 0;
  for (int i = 0; i < count_; ++i) {
    const Move m = moves_[i];
    if (m == hash_) continue;
    moves_[k] = m;
    scores_[k++] = mvv_lva(pos_, m);
  }
  count_ = k;
  cur_ = 0;
}

void MovePicker::score_quiets() {
  const Color us = pos_.side();
  for (int i = 0; i < count_; ++i) {
    const Move m = moves_[i];
    int s = history_ ? history_->get(us, m) : 0;
    const PieceId p = pos_.piece_at(move_from(m));
    const int pi = piece_index(p), to = square90(move_to(m));
    if (cont_[0]) s += 2 * (*cont_[0])[pi][to];
    if (cont_[1]) s += (*cont_[1])[pi][to];
    scores_[i] = s;
  }
  cur_ = 0;
}

Move MovePicker::pick_best(int begin) {
  // The first move with the highest score, in one scan without a branch
  // (the compare's outcome is a coin toss the predictor loses).
  int top = scores_[begin], best = begin;
  for (int i = begin + 1; i < count_; ++i) {
    const bool higher = scores_[i] > top;  // strictly: the first of equals stays
    top = higher ? scores_[i] : top;
    best = higher ? i : best;
  }
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
      // A capture that loses material by exchange waits until after the quiet moves.
      while (cur_ < count_) {
        const Move m = pick_best(cur_++);
        if (see_ge(pos_, m, 0)) return m;
        bad_[bad_count_++] = m;
      }
      stage_ = kKiller1;
      [[fallthrough]];
    case kKiller1:
      stage_ = kKiller2;
      if (!skip_quiets_ && killer1_ && killer1_ != hash_ && !is_capture(killer1_) && is_pseudo_legal(pos_, killer1_))
        return killer1_;
      [[fallthrough]];
    case kKiller2:
      stage_ = kCounter;
      if (!skip_quiets_ && killer2_ && killer2_ != hash_ && killer2_ != killer1_ && !is_capture(killer2_) &&
          is_pseudo_legal(pos_, killer2_))
        return killer2_;
      [[fallthrough]];
    case kCounter:
      stage_ = kGenQuiets;
      if (!skip_quiets_ && counter_ && counter_ != hash_ && counter_ != killer1_ && counter_ != killer2_ &&
          !is_capture(counter_) && is_pseudo_legal(pos_, counter_))
        return counter_;
      [[fallthrough]];
    case kGenQuiets:
      if (!skip_quiets_) {
        count_ = generate(pos_, moves_, GenType::Quiets);
        score_quiets();
      } else {
        count_ = cur_ = 0;
      }
      stage_ = kQuiets;
      [[fallthrough]];
    case kQuiets:
      while (!skip_quiets_ && cur_ < count_) {
        const Move m = unordered_ ? moves_[cur_++] : pick_best(cur_++);
        if (!is_special(m)) return m;
      }
      stage_ = kBadCaptures;
      [[fallthrough]];
    case kBadCaptures:
      if (bad_cur_ < bad_count_) return bad_[bad_cur_++];
      stage_ = kDone;
      return kNoMove;
    case kQHash:
      stage_ = kQGen;
      return hash_;
    case kQGen:
      count_ = generate(pos_, moves_, GenType::Captures);
      score_captures();
      stage_ = kQCaptures;
      [[fallthrough]];
    case kQCaptures:
      while (cur_ < count_) {  // quiescence drops the captures that lose material
        const Move m = pick_best(cur_++);
        if (see_ge(pos_, m, 0)) return m;
      }
      stage_ = kDone;
      return kNoMove;
    default:
      return kNoMove;
  }
}

}  // namespace xq
