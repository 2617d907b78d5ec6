#include "puzzle_verify.h"

#include <atomic>

#include "evaluate.h"
#include "fen.h"
#include "movegen.h"
#include "notation.h"

namespace xq {

namespace {

bool mates_now(Position& pos, Move m) {  // m (legal) leaves the other side no move: mate or stalemate, both lost
  pos.do_move(m);
  Move replies[kMaxMoves];
  const bool mated = generate_legal(pos, replies) == 0;
  pos.undo_move();
  return mated;
}

int mate_within(Score s) {  // the mate for the side to move in moves, 0 if none
  const int n = mate_in_moves(s);
  return n > 0 ? n : 0;
}

std::string step_name(int step, Move m) { return "move " + std::to_string(step + 1) + ", " + move_to_iccs(m); }

}  // namespace

// What keeps the engine's best move (t) from being the only right one for
// goal, "" when nothing does. left: a mate's moves left.
std::string PuzzleJudge::step_fault(PuzzleGoal goal, int left, const Top2& t) {
  if (goal == PuzzleGoal::Mate) {
    const int n = mate_within(t.best_score);
    if (n == 0 || n > left) return "no mate within " + std::to_string(left) + " moves is found";
    if (t.second != kNoMove && mate_within(t.second_score) && mate_within(t.second_score) <= left)
      return "two moves mate within " + std::to_string(left) + ": " + move_to_iccs(t.best) + " and " +
             move_to_iccs(t.second);
  } else if (goal == PuzzleGoal::Material) {
    if (t.best_score < kWinScore) return "it does not win (" + std::to_string(t.best_score) + ")";
    if (t.second != kNoMove && (t.second_score >= kWinScore || t.second_score > t.best_score - kMargin))
      return "the second best, " + move_to_iccs(t.second) + ", is nearly as good (" + std::to_string(t.second_score) +
             " against " + std::to_string(t.best_score) + ")";
  } else {  // defend
    if (t.best_score < kHoldScore) return "it does not hold (" + std::to_string(t.best_score) + ")";
    if (t.second != kNoMove && !(t.second_score < -kMateThreshold ||
                                 (t.second_score <= kLostScore && t.second_score <= t.best_score - kMargin)))
      return "the second best, " + move_to_iccs(t.second) + ", holds too (" + std::to_string(t.second_score) + ")";
  }
  return "";
}

int material_balance(const Position& pos) {
  int sum[2] = {0, 0};
  for (int c = 0; c < 2; ++c)
    for (int t = ADVISOR; t <= PAWN; ++t) sum[c] += pos.count(Color(c), PieceType(t)) * kPieceValue[t];
  return sum[pos.side()] - sum[~pos.side()];
}

PuzzleJudge::PuzzleJudge(uint64_t nodes) : tt_(16), search_(tt_), nodes_(nodes) {}

PuzzleJudge::Top2 PuzzleJudge::analyse(const Position& pos, uint64_t nodes) {
  tt_.clear();
  search_.clear();
  Limits limits;
  limits.nodes = nodes ? nodes : nodes_;
  SearchOptions options;
  options.multipv = 2;
  std::atomic<bool> stop{false};
  std::vector<PvLine> lines;
  const SearchResult r = search_.run(pos, limits, options, stop, [&](const SearchInfo& info) {
    if (!info.lines.empty()) lines = info.lines;
  });
  Top2 t;
  t.best = r.best;
  t.best_score = r.score;
  if (!lines.empty() && lines[0].pv[0] == r.best) {
    t.best_score = lines[0].score;
    if (lines[0].pv.size() > 1) t.reply = lines[0].pv[1];
  }
  if (lines.size() > 1) {
    t.second = lines[1].pv[0];
    t.second_score = lines[1].score;
  }
  if (t.reply == kNoMove) t.reply = r.ponder;
  return t;
}

std::string PuzzleJudge::walk(const Position& start, PuzzleGoal goal, int moves, const std::vector<Move>* given,
                              std::vector<Move>& line) {
  Position pos = start;
  line.clear();
  const int start_material = material_balance(pos);
  const int steps = goal == PuzzleGoal::Defend ? 1 : goal == PuzzleGoal::Material ? kMaxMaterialMoves : moves;
  for (int step = 0; step < steps; ++step) {
    const bool building = !given;
    if (given && size_t(2 * step) >= given->size()) break;
    const int left = moves - step;  // mate: the player's moves left, this one included
    Move m = given ? (*given)[size_t(2 * step)] : kNoMove;
    if (goal == PuzzleGoal::Mate && left == 1) {  // the last move: any mate will do; the line's must be one
      if (step == 0) {  // a mate in one: the only one
        Move legal[kMaxMoves];
        const int n = generate_legal(pos, legal);
        int mates = 0;
        for (int i = 0; i < n; ++i) mates += mates_now(pos, legal[i]);
        if (mates > 1) return "move 1: " + std::to_string(mates) + " moves mate";
      }
      if (building) {
        Move legal[kMaxMoves];
        const int n = generate_legal(pos, legal);
        for (int i = 0; i < n && m == kNoMove; ++i)
          if (mates_now(pos, legal[i])) m = legal[i];
        if (m == kNoMove) return "move " + std::to_string(step + 1) + ": no move mates";
      } else if (!mates_now(pos, m)) {
        return step_name(step, m) + ": does not mate";
      }
      line.push_back(m);
      return "";
    }
    const Top2 t = analyse(pos);
    if (t.best == kNoMove) return "move " + std::to_string(step + 1) + ": the player has no move";
    if (m == kNoMove) m = t.best;
    std::string why = step_fault(goal, left, t);
    if (why.empty() && t.best != m) why = "the engine's best is " + move_to_iccs(t.best);
    if (!why.empty()) {
      // Building a material line: it ends where the player's move stops being the only one.
      if (building && goal == PuzzleGoal::Material && step > 0) {
        line.pop_back();
        break;
      }
      return step_name(step, m) + ": " + why;
    }
    line.push_back(m);
    pos.do_move(m);
    if (goal == PuzzleGoal::Defend) break;
    Move replies[kMaxMoves];
    if (generate_legal(pos, replies) == 0) {  // mated already
      if (given && given->size() > line.size()) return step_name(step, m) + ": mates, but the line goes on";
      return goal == PuzzleGoal::Mate && !given ? "mates sooner than " + std::to_string(moves) + " moves" : "";
    }
    if (given && given->size() == line.size()) break;
    Move reply = given ? (*given)[size_t(2 * step + 1)] : kNoMove;
    if (goal == PuzzleGoal::Mate) {  // the defender cannot last longer than the line says
      const Top2 d = analyse(pos);
      const int n = mate_in_moves(d.best_score);
      if (n >= 0 || -n > left - 1)
        return step_name(step, m) + ": the defender is not mated within " + std::to_string(left - 1) + " moves";
      if (reply == kNoMove) reply = d.best;
    } else if (reply == kNoMove) {
      reply = t.reply != kNoMove && is_legal(pos, t.reply) ? t.reply : analyse(pos).best;
    }
    line.push_back(reply);
    pos.do_move(reply);
    if (building && goal == PuzzleGoal::Material && step + 1 == steps) {  // too long to be a puzzle's line
      line.pop_back();
      line.pop_back();
      return "the line is longer than " + std::to_string(steps) + " moves";
    }
  }
  if (goal == PuzzleGoal::Material) {
    // The gain is real: after the line and the defender's best answer.
    Position end = start;
    for (Move m : line) end.do_move(m);
    const Top2 d = analyse(end);
    if (d.best == kNoMove) return "";  // the defender has no move left: won outright
    end.do_move(d.best);
    const int gain = material_balance(end) - start_material;  // the player to move again: the player's view
    if (gain < kMaterialGain)
      return "after the line and the reply " + move_to_iccs(d.best) + " the player has won " + std::to_string(gain) +
             " in material, not " + std::to_string(kMaterialGain);
  }
  return "";
}

std::string PuzzleJudge::verify(const Puzzle& p) {
  FenData d;
  std::string err;
  if (!parse_fen(p.fen, d, &err)) return "the FEN: " + err;
  if (p.goal == PuzzleGoal::Win || p.goal == PuzzleGoal::Draw) {
    // A classic ending: the engine's verdict agrees with theory (a deeper search: these are long).
    const Score s = analyse(d.pos, nodes_ * 8).best_score;
    if (p.goal == PuzzleGoal::Win && s < 300) return "scored " + std::to_string(s) + ", not won";
    if (p.goal == PuzzleGoal::Draw && (s < -80 || s > 80)) return "scored " + std::to_string(s) + ", not level";
    return "";
  }
  if (p.line.empty()) return "no solution";
  std::vector<Move> line;
  return walk(d.pos, p.goal, p.moves, &p.line, line);
}

std::optional<Puzzle> PuzzleJudge::find(const Position& pos, uint64_t scan_nodes) {
  Top2 t = analyse(pos, scan_nodes);
  if (t.best == kNoMove) return std::nullopt;
  Puzzle p;
  const int n = mate_within(t.best_score);
  const bool recapture = pos.last_captured() && move_to(t.best) == move_to(pos.last_move());
  const bool capture = pos.piece_at(move_to(t.best)) != 0;
  Move legal[kMaxMoves];
  Position probe = pos;
  const int legal_count = generate_legal(probe, legal);
  if (n > 0 && n <= kMaxMate) {
    p.goal = PuzzleGoal::Mate;
    p.moves = n;
  } else if (step_fault(PuzzleGoal::Material, 0, t).empty() && !recapture && !is_mate_score(t.best_score)) {
    p.goal = PuzzleGoal::Material;
  } else if (step_fault(PuzzleGoal::Defend, 0, t).empty() && !capture && legal_count >= 5 && !pos.in_check()) {
    p.goal = PuzzleGoal::Defend;
    p.moves = 1;
  } else {
    return std::nullopt;
  }
  if (!walk(pos, p.goal, p.moves, nullptr, p.line).empty() || p.line.empty()) return std::nullopt;
  if (p.goal == PuzzleGoal::Material) p.moves = int(p.line.size() + 1) / 2;
  p.fen = to_fen(pos, pos.rule_plies(), 1);
  p.name_zh = p.name_en = "-";
  if (!verify(p).empty()) return std::nullopt;  // from the FEN alone, as every later check will see it
  FenData d;
  if (!parse_fen(p.fen, d, nullptr)) return std::nullopt;
  // Sure at a deeper look too: the first move stays the only one.
  const Top2 deep = analyse(d.pos, nodes_ * 3);
  if (deep.best != p.line[0] || !step_fault(p.goal, p.moves, deep).empty()) return std::nullopt;
  p.theme = theme(d.pos, p.goal, p.line);
  return p;
}

namespace {

// The opponent's pieces that the piece on s attacks (its side to move).
int attacked_by(Position& pos, Square s, bool* king) {
  int targets = 0;
  *king = false;
  const Square enemy_king = pos.king_square(~pos.side());
  for (int to = 0; to < 256; ++to) {
    const PieceId v = pos.piece_at(Square(to));
    if (!v || color_of_id(v) == pos.side()) continue;
    if (!is_pseudo_legal(pos, make_move(s, Square(to)))) continue;
    if (to == enemy_king) *king = true;
    else if (type_of_id(v) == ROOK || type_of_id(v) == HORSE || type_of_id(v) == CANNON) ++targets;
  }
  return targets;
}

// Whether the piece on s (of the side not to move) is pinned: one of its moves
// would leave its own king attacked (by a rook or cannon on the line, a horse
// whose leg it blocks, or the other king across the file).
bool pinned(Position& pos, Square s) {
  pos.do_null();
  Move buf[kMaxMoves];
  const int n = generate(pos, buf);
  bool pin = false;
  for (int i = 0; i < n && !pin; ++i)
    if (move_from(buf[i]) == s && !pos.move_is_safe(buf[i])) pin = true;
  pos.undo_null();
  return pin;
}

}  // namespace

std::string PuzzleJudge::theme(const Position& start, PuzzleGoal goal, const std::vector<Move>& line) {
  if (goal == PuzzleGoal::Mate) return "mate";
  if (goal == PuzzleGoal::Defend) return "defence";
  Position pos = start;
  const Move first = line[0];
  const bool capture = pos.piece_at(move_to(first)) != 0;
  // 抽将: a check by a piece that did not move, the moved one free to take.
  for (size_t i = 0; i < line.size(); i += 2) {
    const bool checks = pos.move_gives_check(line[i]);
    pos.do_move(line[i]);
    if (checks) {
      pos.do_null();
      bool king = false;
      attacked_by(pos, move_to(line[i]), &king);
      pos.undo_null();
      if (!king) return "discovered";
    }
    if (i + 1 < line.size()) pos.do_move(line[i + 1]);
  }
  // 牵制: a rook, horse or cannon taken while it was pinned to its king.
  pos = start;
  for (size_t i = 0; i < line.size(); i += 2) {
    const PieceId victim = pos.piece_at(move_to(line[i]));
    if (victim && type_of_id(victim) != PAWN && type_of_id(victim) != ADVISOR && type_of_id(victim) != ELEPHANT &&
        pinned(pos, move_to(line[i])))
      return "pin";
    pos.do_move(line[i]);
    if (i + 1 < line.size()) pos.do_move(line[i + 1]);
  }
  pos = start;
  const bool checks = pos.move_gives_check(first);
  pos.do_move(first);
  pos.do_null();
  bool king = false;
  const int targets = attacked_by(pos, move_to(first), &king);
  if (!capture && targets + (king ? 1 : 0) >= 2) return "fork";
  if (!capture && !checks) return "trap";
  return "material";
}

}  // namespace xq
