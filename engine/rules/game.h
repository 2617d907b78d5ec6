// A game: its start position, its moves with undo/redo, and after every move
// the rules' verdict (mate, stalemate, perpetual check, repetition, move limit).
#pragma once
#include <string>
#include <vector>

#include "fen.h"
#include "position.h"

namespace xq {

enum class Outcome { Ongoing, RedWins, BlackWins, Draw };
enum class Reason {
  None, Checkmate, Stalemate, PerpetualCheck, PerpetualChase, Repetition, MoveLimit, Resignation, Agreement,
  Timeout,         // a flag fell: the other side wins
  TimeoutNoMate,   // a flag fell, but the other side has nothing that could mate: a draw
  Abandoned        // a player left an online game and did not come back in time: the other side wins
};

struct Verdict {
  Outcome outcome = Outcome::Ongoing;
  Reason reason = Reason::None;
  bool over() const { return outcome != Outcome::Ongoing; }
  bool operator==(const Verdict&) const = default;
};

// "将死，红方胜", "黑方长将判负", "和棋：重复局面", ...
std::string verdict_text(const Verdict& v);
// A short English form for logs and protocol output: "red wins by checkmate".
// (It starts in lower case; the game capitalises it for its banner.)
std::string verdict_text_en(const Verdict& v);
// The reason's name in the server's protocol and the page: "checkmate", "perpetual_check", ...
// ("" for None).
const char* reason_key(Reason r);

// What the repetition rule says about a cycle of moves. Shared by the game
// judge and the search so both apply the same rule.
enum class RepetitionKind { None, Draw, RedPerpetual, BlackPerpetual };
// Looks back through pos's history for the current position. Returns None
// when it has not occurred `needed - 1` times before (since the last capture);
// otherwise judges the cycle since the previous occurrence.
RepetitionKind judge_repetition(const Position& pos, int needed);
// Where the repeated stretch starts: the history index of the earliest of
// the `needed - 1` earlier occurrences of the current position (walking back
// over reversible moves only), or -1 when it has not occurred that often.
int repetition_start(const Position& pos, int needed);
// The full rules on a position that has occurred `needed` times: perpetual
// check, perpetual chase and one-check-one-chase judged over the whole
// repeated stretch (from the first occurrence); None when there is no such
// repetition. The side forcing worse loses; equal forcing draws.
Verdict judge_repetition_rules(const Position& pos, int needed);

class Game {
 public:
  Game();
  // Starts from a FEN; on error keeps the current game and returns false.
  bool reset(const std::string& fen, std::string* error = nullptr);
  void reset_start() { reset(kStartFen); }

  const Position& position() const { return pos_; }
  Position& mutable_position() { return pos_; }
  Color side_to_move() const { return pos_.side(); }
  const std::string& start_fen() const { return start_fen_; }
  Color start_side() const { return start_.pos.side(); }
  const Position& start_position() const { return start_.pos; }
  int start_fullmove() const { return start_.fullmove; }
  const std::vector<Move>& moves() const { return moves_; }
  int ply() const { return int(moves_.size()); }
  std::string fen() const;

  bool is_legal(Move m) const;
  std::vector<Move> legal_moves() const;
  // Plays a legal move (returns false and changes nothing otherwise); clears redo.
  // Once the game has a verdict no move is played.
  bool play(Move m);
  // A record's move: legal on the board, played even after the rules' verdict
  // (players do play on past a repetition nobody called). The first verdict
  // stands (verdict() keeps it) and verdict_ply() says where it came.
  bool play_on(Move m);
  // The ply at which the verdict came (-1: none yet); less than ply() when a record went on past it.
  int verdict_ply() const;
  bool can_undo() const { return !moves_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  // Undo takes the move back on the position (its history keeps every ply)
  // and restores that ply's verdict; redo replays a move known to be legal.
  void undo();
  void redo();
  // The position after the first `ply` moves (0 = the start), taken back from
  // the present rather than replayed from the FEN.
  Position position_at(int ply) const;

  Verdict verdict() const { return verdict_; }
  // Ends a game that goes on: `loser` resigns, or both sides agree to a draw
  // (taken back with the next undo, like a move).
  bool resign(Color loser);
  bool abandon(Color loser);  // left the game (online): not a resignation, and not recorded as one
  bool agree_draw();
  // `loser`'s clock ran out: the other side wins if it has a piece that can
  // give mate (a rook, horse, cannon or pawn), else the game is drawn.
  bool flag_fall(Color loser);
  bool last_move_gave_check() const { return !moves_.empty() && pos_.in_check(); }
  bool last_move_captured() const { return last_capture_; }

  // Plies without a capture that draw the game (counting the FEN's halfmove clock).
  void set_no_capture_limit(int plies) { no_capture_limit_ = plies; verdict_ = judge(); }
  int no_capture_limit() const { return no_capture_limit_; }
  int plies_since_capture() const;

 private:
  void replay(size_t count);
  void push(Move m);
  Verdict judge();

  std::string start_fen_;
  FenData start_;
  Position pos_;
  std::vector<Move> moves_, redo_;
  std::vector<bool> captures_;
  std::vector<Verdict> verdicts_;  // verdicts_[i]: the verdict before move i (the last one is verdict_)
  Verdict verdict_;
  bool last_capture_ = false;
  int no_capture_limit_ = 120;
};

}  // namespace xq
