#include "chase.h"

#include <algorithm>

#include "movegen.h"

namespace xq {

namespace {

struct Threat {
  PieceId attacker, victim;
  bool operator==(const Threat&) const = default;
};

// Can the side to move in pos legally capture back on square s?
bool can_recapture(Position& pos, Square s) {
  Move moves[kMaxMoves];
  const int n = generate(pos, moves, GenType::Captures);
  for (int i = 0; i < n; ++i)
    if (move_to(moves[i]) == s && pos.move_is_safe(moves[i])) return true;
  return false;
}

// Kings are checked, not chased; a pawn counts only once across the river.
bool is_target(PieceId victim, Square s) {
  const PieceType t = type_of_id(victim);
  if (t == KING) return false;
  if (t == PAWN) return geo().side_of_river[s] != int(color_of_id(victim));
  return true;
}

// Threats by colour c in pos (whoever is to move): captures c could legally
// make now that would win something by the rules' measure.
std::vector<Threat> threats_by(const Position& pos, Color c) {
  Position p = pos;
  p.set_side(c);
  std::vector<Threat> out;
  Move moves[kMaxMoves];
  const int n = generate(p, moves, GenType::Captures);
  for (int i = 0; i < n; ++i) {
    const Move m = moves[i];
    const PieceId attacker = p.piece_at(move_from(m)), victim = p.piece_at(move_to(m));
    const PieceType at = type_of_id(attacker), vt = type_of_id(victim);
    if (at == KING || at == PAWN) continue;  // exempt chasers
    if (!is_target(victim, move_to(m))) continue;
    if (!p.move_is_safe(m)) continue;  // the attacker may not take (pinned, or the kings would face)
    bool counts = vt == ROOK && (at == HORSE || at == CANNON);
    if (!counts) {
      p.do_move(m);
      counts = !can_recapture(p, move_to(m));
      p.undo_move();
    }
    if (counts) out.push_back({attacker, victim});
  }
  return out;
}

}  // namespace

std::vector<PieceId> chased_by_move(const Position& pos, Move m) {
  const Color us = pos.side();
  const auto before = threats_by(pos, us);
  Position after = pos;
  after.do_move(m);
  std::vector<PieceId> out;
  for (const Threat& t : threats_by(after, us))
    if (std::find(before.begin(), before.end(), t) == before.end() &&
        std::find(out.begin(), out.end(), t.victim) == out.end())
      out.push_back(t.victim);
  return out;
}

RepetitionRuling rule_stretch(const Position& pos, int from) {
  const int n = pos.history_length();
  // Walk back to the stretch's first position, then replay it move by move.
  Position p = pos;
  for (int i = n - 1; i >= from; --i) {
    if (p.last_was_null()) p.undo_null();
    else p.undo_move();
  }
  bool all_check[2] = {true, true}, any_chase[2] = {false, false}, all_forcing[2] = {true, true};
  bool first_chase[2] = {true, true};
  std::vector<PieceId> common[2];  // pieces chased on every chasing move so far
  for (int i = from; i < n; ++i) {
    const Move m = pos.history(i).move;
    const Color c = p.side();
    const bool check = pos.history(i).gave_check;
    if (!check) {
      all_check[c] = false;
      const auto chased = chased_by_move(p, m);
      if (chased.empty()) {
        all_forcing[c] = false;
      } else {
        any_chase[c] = true;
        if (first_chase[c]) {
          common[c] = chased;
          first_chase[c] = false;
        } else {
          std::vector<PieceId> keep;
          for (PieceId v : common[c])
            if (std::find(chased.begin(), chased.end(), v) != chased.end()) keep.push_back(v);
          common[c] = keep;
        }
      }
    }
    p.do_move(m);
  }
  RepetitionRuling r;
  for (Color c : {RED, BLACK}) {
    Forcing f = Forcing::None;
    // A side must have moved in the stretch to be judged at all.
    bool moved = false;
    for (int i = from; i < n && !moved; ++i) moved = ((n - i) % 2 == 0) == (pos.side() == c);
    if (!moved) f = Forcing::None;
    else if (all_check[c]) f = Forcing::Check;
    else if (all_forcing[c] && any_chase[c] && !common[c].empty()) f = Forcing::Chase;
    (c == RED ? r.red : r.black) = f;
  }
  // A mix of checks and chases of one piece (一将一捉) ranks between the two.
  for (Color c : {RED, BLACK}) {
    Forcing& f = c == RED ? r.red : r.black;
    if (f == Forcing::Chase) {
      bool some_check = false;
      for (int i = from; i < n; ++i) {
        const bool mover_is_c = ((n - i) % 2 == 0) == (pos.side() == c);
        if (mover_is_c && pos.history(i).gave_check) some_check = true;
      }
      if (some_check) f = Forcing::CheckAndChase;
    }
  }
  return r;
}

}  // namespace xq
