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

// Can the victim on `victim` legally take the attacker on `attacker` at once?
// pos has the attacker's side to move and is left so.
bool hits_back(Position& pos, Square victim, Square attacker) {
  const Color mover = pos.side();
  pos.set_side(~mover);
  Move moves[kMaxMoves];
  const int n = generate(pos, moves, GenType::Captures);
  bool found = false;
  for (int i = 0; i < n && !found; ++i)
    found = move_from(moves[i]) == victim && move_to(moves[i]) == attacker && pos.move_is_safe(moves[i]);
  pos.set_side(mover);
  return found;
}

// Kings are checked, not chased; a pawn counts only once across the river.
bool is_target(PieceId victim, Square s) {
  const PieceType t = type_of_id(victim);
  if (t == KING) return false;
  if (t == PAWN) return geo().side_of_river[s] != int(color_of_id(victim));
  return true;
}

// What colour c threatens, by attacker and victim; at most one entry a capture.
struct Threats {
  Threat at[kMaxMoves];
  int n = 0;
  bool has(const Threat& t) const { return std::find(at, at + n, t) != at + n; }
};

// Threats by colour c in pos (whoever is to move): captures c could legally
// make now that would win something by the rules' measure. pos serves as
// the scratch board and is left as it was (copying a Position, history and
// all, made the repetition judge a tenth of the search).
void threats_by(Position& p, Color c, Threats& out) {
  const Color saved = p.side();
  p.set_side(c);
  out.n = 0;
  Move moves[kMaxMoves];
  const int n = generate(p, moves, GenType::Captures);
  for (int i = 0; i < n; ++i) {
    const Move m = moves[i];
    const PieceId attacker = p.piece_at(move_from(m)), victim = p.piece_at(move_to(m));
    const PieceType at = type_of_id(attacker), vt = type_of_id(victim);
    if (at == KING || at == PAWN) continue;  // exempt chasers
    if (!is_target(victim, move_to(m))) continue;
    if (!p.move_is_safe(m)) continue;  // the attacker may not take (pinned, or the kings would face)
    // An attack on a piece that can take the attacker back at once (two
    // cannons over one screen, two rooks on an open line) offers an exchange
    // (兑): not a chase. A horse or cannon never stands so against a rook.
    if (hits_back(p, move_to(m), move_from(m))) continue;
    bool counts = vt == ROOK && (at == HORSE || at == CANNON);
    if (!counts) {
      p.do_move(m);
      counts = !can_recapture(p, move_to(m));
      p.undo_move();
    }
    if (counts) out.at[out.n++] = {attacker, victim};
  }
  p.set_side(saved);
}

// The pieces move m chases (as chased_by_move), into out; returns how many.
// pos is left as it was.
int chased_in_place(Position& pos, Move m, PieceId* out) {
  const Color us = pos.side();
  Threats before, after;
  threats_by(pos, us, before);
  pos.do_move(m);
  threats_by(pos, us, after);
  pos.undo_move();
  int k = 0;
  for (int i = 0; i < after.n; ++i) {
    const Threat& t = after.at[i];
    if (!before.has(t) && std::find(out, out + k, t.victim) == out + k) out[k++] = t.victim;
  }
  return k;
}

}  // namespace

std::vector<PieceId> chased_by_move(const Position& pos, Move m) {
  Position p = pos;
  PieceId ids[kMaxMoves];
  const int n = chased_in_place(p, m, ids);
  return std::vector<PieceId>(ids, ids + n);
}

RepetitionRuling rule_stretch(const Position& pos, int from) {
  Position p = pos;
  return rule_stretch_in_place(p, from);
}

RepetitionRuling rule_stretch_in_place(Position& pos, int from) {
  const int n = pos.history_length();
  // The stretch's moves, read before the walk back takes them off the history.
  Move moves[Position::kMaxHistory];
  bool checks[Position::kMaxHistory];
  for (int i = from; i < n; ++i) {
    moves[i - from] = pos.history(i).move;
    checks[i - from] = pos.history(i).gave_check;
  }
  // Walk back to the stretch's first position, then replay it move by move
  // (the chase tests use the board as their scratch board); the replay ends
  // where pos stood.
  Position& p = pos;
  for (int i = n - 1; i >= from; --i) {
    if (p.last_was_null()) p.undo_null();
    else p.undo_move();
  }
  bool all_check[2] = {true, true}, any_chase[2] = {false, false}, all_forcing[2] = {true, true};
  bool first_chase[2] = {true, true};
  PieceId common[2][kMaxMoves];  // pieces chased on every chasing move so far
  int common_n[2] = {0, 0};
  for (int i = from; i < n; ++i) {
    const Move m = moves[i - from];
    const Color c = p.side();
    const bool check = checks[i - from];
    if (!check) {
      all_check[c] = false;
      PieceId chased[kMaxMoves];
      const int k = chased_in_place(p, m, chased);
      if (k == 0) {
        all_forcing[c] = false;
      } else {
        any_chase[c] = true;
        if (first_chase[c]) {
          std::copy(chased, chased + k, common[c]);
          common_n[c] = k;
          first_chase[c] = false;
        } else {
          common_n[c] = int(std::remove_if(common[c], common[c] + common_n[c],
                                           [&](PieceId v) { return std::find(chased, chased + k, v) == chased + k; }) -
                            common[c]);
        }
      }
    }
    if (m == kNoMove) p.do_null();
    else p.do_move(m);
  }
  RepetitionRuling r;
  for (Color c : {RED, BLACK}) {
    Forcing f = Forcing::None;
    // A side must have moved in the stretch to be judged at all.
    bool moved = false;
    for (int i = from; i < n && !moved; ++i) moved = ((n - i) % 2 == 0) == (pos.side() == c);
    if (!moved) f = Forcing::None;
    else if (all_check[c]) f = Forcing::Check;
    else if (all_forcing[c] && any_chase[c] && common_n[c] > 0) f = Forcing::Chase;
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
