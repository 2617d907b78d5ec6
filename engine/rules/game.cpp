#include "game.h"

#include <algorithm>

#include "chase.h"
#include "movegen.h"

namespace xq {

std::string verdict_text(const Verdict& v) {
  const bool red = v.outcome == Outcome::RedWins;
  switch (v.reason) {
    case Reason::Checkmate: return red ? "将死，红方胜" : "将死，黑方胜";
    case Reason::Stalemate: return red ? "困毙，红方胜" : "困毙，黑方胜";
    case Reason::PerpetualCheck: return red ? "黑方长将判负" : "红方长将判负";
    case Reason::PerpetualChase: return red ? "黑方长捉判负" : "红方长捉判负";
    case Reason::Repetition: return "和棋：重复局面";
    case Reason::MoveLimit: return "和棋：步数限制";
    case Reason::Resignation: return red ? "黑方认输，红方胜" : "红方认输，黑方胜";
    case Reason::Agreement: return "和棋：双方议和";
    case Reason::Timeout: return red ? "黑方超时，红方胜" : "红方超时，黑方胜";
    case Reason::TimeoutNoMate: return v.outcome == Outcome::Draw ? "和棋：超时，对方无子可胜" : "";
    case Reason::Abandoned: return red ? "黑方离开对局，红方胜" : "红方离开对局，黑方胜";
    default: return "";
  }
}

std::string verdict_text_en(const Verdict& v) {
  const char* w = v.outcome == Outcome::RedWins ? "red wins" : "black wins";
  switch (v.reason) {
    case Reason::Checkmate: return std::string(w) + " by checkmate";
    case Reason::Stalemate: return std::string(w) + " by stalemate";
    case Reason::PerpetualCheck:
      return std::string(w) + (v.outcome == Outcome::RedWins ? " (black perpetual check)" : " (red perpetual check)");
    case Reason::PerpetualChase:
      return std::string(w) + (v.outcome == Outcome::RedWins ? " (black perpetual chase)" : " (red perpetual chase)");
    case Reason::Repetition: return "draw by repetition";
    case Reason::MoveLimit: return "draw by the move limit";
    case Reason::Resignation:
      return std::string(w) + (v.outcome == Outcome::RedWins ? " (black resigns)" : " (red resigns)");
    case Reason::Agreement: return "draw by agreement";
    case Reason::Timeout:
      return std::string(w) + (v.outcome == Outcome::RedWins ? " on time (black's flag fell)" : " on time (red's flag fell)");
    case Reason::TimeoutNoMate: return "draw (a flag fell, the other side cannot mate)";
    case Reason::Abandoned:
      return std::string(w) + (v.outcome == Outcome::RedWins ? " (black left the game)" : " (red left the game)");
    default: return "game in progress";
  }
}

RepetitionKind judge_repetition(const Position& pos, int needed) {
  // Walk back two plies at a time over reversible moves (no capture, no null).
  const int n = pos.history_length();
  int seen = 1, prev = -1;
  for (int i = n - 2; i >= 0; i -= 2) {
    const StateInfo& a = pos.history(i + 1);
    const StateInfo& b = pos.history(i);
    if (a.captured || b.captured || a.move == kNoMove || b.move == kNoMove) break;
    if (b.key == pos.key()) {
      ++seen;
      if (prev < 0) prev = i;
      if (seen >= needed) break;
    }
  }
  if (seen < needed) return RepetitionKind::None;
  // The cycle since the previous occurrence: plies prev..n-1. The side to
  // move now made the moves at prev, prev+2, ...; the other side the rest.
  bool us_all = true, them_all = true;
  for (int i = prev; i < n; ++i) {
    const bool ours = (n - i) % 2 == 0;
    if (!pos.history(i).gave_check) (ours ? us_all : them_all) = false;
  }
  if (us_all == them_all) return RepetitionKind::Draw;
  const Color checker = us_all ? pos.side() : ~pos.side();
  return checker == RED ? RepetitionKind::RedPerpetual : RepetitionKind::BlackPerpetual;
}

int repetition_start(const Position& pos, int needed) {
  const int n = pos.history_length();
  int seen = 1;
  for (int i = n - 2; i >= 0; i -= 2) {
    const StateInfo& a = pos.history(i + 1);
    const StateInfo& b = pos.history(i);
    if (a.captured || b.captured || a.move == kNoMove || b.move == kNoMove) break;
    if (b.key == pos.key() && ++seen >= needed) return i;
  }
  return -1;
}

Verdict judge_repetition_rules(const Position& pos, int needed) {
  const int first = repetition_start(pos, needed);
  if (first < 0) return {};
  const RepetitionRuling r = rule_stretch(pos, first);
  if (r.red == r.black) return {Outcome::Draw, Reason::Repetition};
  const bool red_loses = r.red > r.black;
  const Forcing worse = red_loses ? r.red : r.black;
  return {red_loses ? Outcome::BlackWins : Outcome::RedWins,
          worse == Forcing::Check ? Reason::PerpetualCheck : Reason::PerpetualChase};
}

Game::Game() { reset(kStartFen); }

bool Game::reset(const std::string& fen, std::string* error) {
  FenData data;
  if (!parse_fen(fen, data, error)) return false;
  start_ = data;
  start_fen_ = fen;
  moves_.clear();
  redo_.clear();
  replay(0);
  return true;
}

std::string Game::fen() const {
  const int full = start_.fullmove + (ply() + (start_.pos.side() == BLACK ? 1 : 0)) / 2;
  return to_fen(pos_, plies_since_capture(), full);
}

int Game::plies_since_capture() const {
  int n = 0;
  for (int i = int(captures_.size()) - 1; i >= 0 && !captures_[i]; --i) ++n;
  if (n == int(captures_.size())) n += start_.halfmove;
  return n;
}

bool Game::is_legal(Move m) const {
  Position p = pos_;
  return xq::is_legal(p, m);
}

std::vector<Move> Game::legal_moves() const {
  Position p = pos_;
  Move buf[kMaxMoves];
  int n = generate_legal(p, buf);
  return std::vector<Move>(buf, buf + n);
}

bool Game::play(Move m) {
  // The game's own position makes and takes back the test move: copying it
  // (with its history) for Game::is_legal cost more than the test.
  if (verdict_.over() || !xq::is_legal(pos_, m)) return false;
  push(m);
  redo_.clear();
  return true;
}

bool Game::play_on(Move m) {
  if (!verdict_.over()) return play(m);
  if (!xq::is_legal(pos_, m)) return false;
  push(m);
  redo_.clear();
  return true;
}

int Game::verdict_ply() const {
  for (size_t i = 0; i < verdicts_.size(); ++i)
    if (verdicts_[i].over()) return int(i);
  return verdict_.over() ? ply() : -1;
}

// Makes a move already known to be legal and judges the new position (a
// verdict reached before, in a record played on past it, stands).
void Game::push(Move m) {
  last_capture_ = pos_.piece_at(move_to(m)) != 0;
  verdicts_.push_back(verdict_);
  pos_.do_move(m);
  moves_.push_back(m);
  captures_.push_back(last_capture_);
  if (!verdicts_.back().over()) verdict_ = judge();
}

void Game::replay(size_t count) {
  pos_ = start_.pos;
  pos_.reset_history();
  captures_.clear();
  verdicts_.clear();
  last_capture_ = false;
  std::vector<Move> moves(moves_.begin(), moves_.begin() + long(count));
  moves_.clear();
  verdict_ = judge();
  for (Move m : moves) push(m);
}

void Game::undo() {
  if (moves_.empty()) return;
  redo_.push_back(moves_.back());
  moves_.pop_back();
  // The position's history is bounded (it forgets the oldest plies of very
  // long games); only then is the game replayed from its start.
  if (pos_.history_length() == 0) {
    replay(moves_.size());
    return;
  }
  pos_.undo_move();
  captures_.pop_back();
  verdict_ = verdicts_.back();
  verdicts_.pop_back();
  last_capture_ = !captures_.empty() && captures_.back();
}

void Game::redo() {
  if (redo_.empty()) return;
  const Move m = redo_.back();
  redo_.pop_back();
  push(m);
}

bool Game::resign(Color loser) {
  if (verdict_.over()) return false;
  verdict_ = {loser == RED ? Outcome::BlackWins : Outcome::RedWins, Reason::Resignation};
  return true;
}

bool Game::abandon(Color loser) {
  if (verdict_.over()) return false;
  verdict_ = {loser == RED ? Outcome::BlackWins : Outcome::RedWins, Reason::Abandoned};
  return true;
}

bool Game::flag_fall(Color loser) {
  if (verdict_.over()) return false;
  const Color winner = ~loser;
  const bool can_mate = pos_.count(winner, ROOK) + pos_.count(winner, HORSE) + pos_.count(winner, CANNON) +
                            pos_.count(winner, PAWN) > 0;
  if (can_mate) verdict_ = {winner == RED ? Outcome::RedWins : Outcome::BlackWins, Reason::Timeout};
  else verdict_ = {Outcome::Draw, Reason::TimeoutNoMate};
  return true;
}

bool Game::agree_draw() {
  if (verdict_.over()) return false;
  verdict_ = {Outcome::Draw, Reason::Agreement};
  return true;
}

Position Game::position_at(int ply) const {
  ply = std::clamp(ply, 0, this->ply());
  Position p = pos_;
  for (int i = this->ply(); i > ply; --i) {
    if (p.history_length() == 0) {  // history forgotten: replay from the start
      p = start_.pos;
      p.reset_history();
      for (int j = 0; j < ply; ++j) p.do_move(moves_[j]);
      return p;
    }
    p.undo_move();
  }
  return p;
}

Verdict Game::judge() {
  const Color stm = pos_.side();
  const Outcome opp_wins = stm == RED ? Outcome::BlackWins : Outcome::RedWins;
  if (!has_legal_move(pos_)) return {opp_wins, pos_.in_check() ? Reason::Checkmate : Reason::Stalemate};
  if (const Verdict v = judge_repetition_rules(pos_, 3); v.over()) return v;
  if (no_capture_limit_ > 0 && plies_since_capture() >= no_capture_limit_) return {Outcome::Draw, Reason::MoveLimit};
  return {};
}

const char* reason_key(Reason r) {
  switch (r) {
    case Reason::None: return "";
    case Reason::Checkmate: return "checkmate";
    case Reason::Stalemate: return "stalemate";
    case Reason::PerpetualCheck: return "perpetual_check";
    case Reason::PerpetualChase: return "perpetual_chase";
    case Reason::Repetition: return "repetition";
    case Reason::MoveLimit: return "move_limit";
    case Reason::Resignation: return "resignation";
    case Reason::Agreement: return "agreement";
    case Reason::Timeout: return "timeout";
    case Reason::TimeoutNoMate: return "timeout_no_mate";
    case Reason::Abandoned: return "abandoned";
  }
  return "";
}

}  // namespace xq
