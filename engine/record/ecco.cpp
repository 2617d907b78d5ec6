#include "ecco.h"

#include <algorithm>
#include <sstream>

#include "fen.h"
#include "movegen.h"
#include "notation.h"

namespace xq {

namespace {

// The classification reads the first ten moves of each side.
constexpr size_t kPlies = 20;

// What a table line asks of a game. By default its moves were all played,
// each by its side, in any order and beside other moves (a position class:
// 屏风马 is 屏风马 whether 车9平8 came before 马2进3 or after). A line marked
// "=" is a move order: the game opens with its moves, in its order ("--"
// stands for any move). A line marked "~" is a set of first moves: the
// game's first moves are its moves, each side's in any order, and no others.
// In every case the game opened with the line's first move and black
// answered with the line's first reply, and the choices of kChoices agree.
enum class Kind { Anywhere, InOrder, FirstMoves };

// A rule's reading of a line or a game: whether it applies, the choice (or
// kNoMove) and the ply it was made at.
struct Choice {
  bool applies = false;
  Move move = kNoMove;
  size_t ply = 0;
};
struct Pattern {
  size_t entry;
  Kind kind = Kind::Anywhere;
  std::vector<Move> moves;    // kNoMove for "--"
  Move first = kNoMove;       // red's first move
  Move reply = kNoMove;       // black's first move
  size_t named = 0;           // moves the line names (deeper lines are more specific)
  std::vector<Choice> choices;  // per rule of kChoices (see there)
};

Move flipped(Move m) { return make_move(mirror_square(move_from(m)), mirror_square(move_to(m))); }
// A table move as a game played on the other wing would have it.
Move seen(Move m, bool mirrored) { return mirrored ? flipped(m) : m; }

// Plays a line of Chinese notation ("--" passes) from pos; false when a move
// cannot be played (a defect of the table, caught by the tests).
bool play_line(Position& pos, const std::string& line, std::vector<Move>& out) {
  std::stringstream words(line);
  std::string w;
  while (words >> w) {
    if (w == "--") {
      pos.do_null();
      out.push_back(kNoMove);
      continue;
    }
    Move m = kNoMove;
    if (!chinese_to_move(pos, w, m, nullptr) || !pos.do_legal_move(m)) return false;
    out.push_back(m);
  }
  return true;
}

// Do the game's first moves follow `line` (seen mirrored when `mirrored`)?
bool begins_with(const std::vector<Move>& game, const std::vector<Move>& line, bool mirrored) {
  if (game.size() < line.size()) return false;
  for (size_t k = 0; k < line.size(); ++k)
    if (line[k] != kNoMove && seen(line[k], mirrored) != game[k]) return false;
  return true;
}

// Move orders the classification reads as another: 中炮 answered by 马2进3
// and then 马8进7 (maybe after a pawn move) is 屏风马, read as if 马8进7 had
// come first (the line's last move swaps places with black's first).
const char* const kReplyOrders[] = {
    "炮二平五 马2进3 -- 马8进7",
    "炮二平五 马2进3 -- 卒3进1 -- 马8进7",
    "炮二平五 马2进3 -- 卒7进1 -- 马8进7",
};

// After some openings a side's next choice sorts the game further, and only
// its first one counts: 中炮 马8进7 then 炮8平9 is 左三步虎 (B20) even if 马2进3
// follows; against 屏风马 red's first plan (车二进四, 车一进一, a 五七炮 ...)
// names the code. The moves listed (in ICCS: some are not legal yet right
// after the opening) do not count as a choice. A rule with a condition
// applies only when an earlier rule's choice was that move. A line that
// makes no choice where a rule applies is met only before the game's choice,
// and not at all when the game's choice was a decisive one (炮二平五 马8进7
// 马二进三 马2进3 车一平二 车9平8 车二进六 … 炮八进四 is 五八炮, C90, not
// 过河车, C17).
struct Choices {
  const char* opening;
  int side;  // whose choice: RED or BLACK
  int if_rule;
  const char* if_choice;
  const char* not_counted;
  const char* decisive;  // choices that name a code at once (the rest only end the line's moves)
};
const Choices kChoices[] = {
    // 0: black after 中炮 马8进7; not counted: 车9平8 车8进5 卒7进1 卒3进1
    {"炮二平五 马8进7", BLACK, -1, "", "i9h9 h9h4 g6g5 c6c5", "b9c7 h7i7 h7h3 b7e7 i9i8"},
    // 1: black after 中炮 马2进3; not counted: 卒3进1 卒7进1
    {"炮二平五 马2进3", BLACK, -1, "", "c6c5 g6g5", "i9i8 h7f7 h9i7 b7a7"},
    // 2: red against 屏风马 (black chose 马2进3); not counted: 马二进三 车一平二
    // 兵三进一 兵七进一 马八进七 马八进九 车二进六
    {"炮二平五 马8进7", RED, 0, "b9c7", "h0g2 i0h0 g3g4 c3c4 b0c2 b0a2 h0h6", "h0h4 i0i1 b2c2 b2b6 b2b4 b2d2 b2a2"},
    // 3: red against 左三步虎 (black chose 炮8平9); not counted: 马二进三 马八进七 兵三进一 兵七进一
    {"炮二平五 马8进7", RED, 0, "h7i7", "h0g2 b0c2 g3g4 c3c4", "b2b6 b2b4 i0i1 c0a2"},
    // 4: black in 顺炮直车对缓开车; not counted: 马2进3 卒7进1 卒3进1
    {"炮二平五 炮8平5 马二进三 马8进7 车一平二", BLACK, -1, "", "b9c7 g6g5 c6c5", "b7a7 b7b3 i9h9 a9a8 i9i8"},
    // 5, 6: red in 顺炮直车对横车 (either order); not counted: 马八进七
    {"炮二平五 炮8平5 马二进三 马8进7 车一平二 车9进1", RED, -1, "", "b0c2", "d0e1 f0e1 b0a2 h0h4 h0h6 b2d2"},
    {"炮二平五 炮8平5 马二进三 车9进1 车一平二 马8进7", RED, -1, "", "b0c2", "d0e1 f0e1 b0a2 h0h4 h0h6 b2d2"},
    // 7: black after 五七炮 against 屏风马 (red chose 炮八平七); not counted: 卒3进1 马2进3 马8进7 车9平8
    {"炮二平五 马8进7", BLACK, 2, "b2c2", "c6c5 b9c7 h9g7 i9h9", "g6g5 c7b5"},
    // 8: red after 五八炮 and 兵三进一 against 屏风马 (rule 12 chose 兵三进一); not counted: 马二进三
    // 车一平二 炮八进四 兵三进一 车二进六
    {"炮二平五 马8进7", RED, 12, "g3g4", "h0g2 i0h0 b2b6 g3g4 h0h6", "b0a2 b6c6 b0c2"},
    // 9: red against 反宫马 (black chose 炮8平6); not counted: 马二进三 车一平二 兵三进一 兵七进一
    // 马八进七 马八进九
    {"炮二平五 马2进3", RED, 1, "h7f7", "h0g2 i0h0 g3g4 c3c4 b0c2 b0a2", "i0i1 h0h6 b2c2 b2b6 b2b4"},
    // 10: red against 后补列炮 (black chose 炮2平5); not counted: 马二进三 马八进七 兵三进一 兵七进一
    // 车一平二 车九平八
    {"炮二平五 马8进7", RED, 0, "b7e7", "h0g2 b0c2 g3g4 c3c4 i0h0 a0b0", "h0h6"},
    // 11: red after 右横车 against 屏风马 (red chose 车一进一); not counted: 马二进三 马八进七 车一进一
    // 车一平六 车一平四 兵三进一 兵七进一
    {"炮二平五 马8进7", RED, 2, "i0i1", "h0g2 b0c2 i0i1 i1d1 i1f1 g3g4 c3c4", "e3e4 b2a2 b2b4 c2d4"},
    // 12: red after 五八炮 against 屏风马 (red chose 炮八进四); not counted: 马二进三 马八进七 马八进九
    // 车一平二 车二进六 炮八进四
    {"炮二平五 马8进7", RED, 2, "b2b6", "h0g2 b0c2 b0a2 i0h0 h0h6 b2b6", "g3g4"},
};
struct ChoiceRule {
  std::vector<Move> opening;
  int side;
  int if_rule;
  Move if_choice = kNoMove;
  std::vector<Move> not_counted;
  std::vector<Move> decisive;
};

// The side's first move after the opening that counts as a choice.
Choice choice_in(const std::vector<Move>& moves, const ChoiceRule& rule, bool mirrored) {
  size_t k = rule.opening.size();
  if (k % 2 != size_t(rule.side)) ++k;
  for (; k < moves.size(); k += 2) {
    const Move m = moves[k];
    if (m == kNoMove) continue;
    bool counted = true;
    for (Move n : rule.not_counted)
      if (seen(n, mirrored) == m) counted = false;
    if (counted) return {true, m, k + 1};
  }
  return {true, kNoMove, 0};
}

// Every rule's reading of these moves (a rule's condition may name a later
// rule: the readings are repeated until they settle).
std::vector<Choice> choices_of(const std::vector<Move>& moves, const std::vector<ChoiceRule>& rules, bool mirrored) {
  std::vector<Choice> out(rules.size());
  for (size_t pass = 0; pass < rules.size(); ++pass) {
    bool changed = false;
    for (size_t r = 0; r < rules.size(); ++r) {
      const ChoiceRule& rule = rules[r];
      Choice c;
      if (begins_with(moves, rule.opening, mirrored) &&
          (rule.if_rule < 0 || out[rule.if_rule].move == seen(rule.if_choice, mirrored)))
        c = choice_in(moves, rule, mirrored);
      if (c.applies != out[r].applies || c.move != out[r].move) changed = true;
      out[r] = c;
    }
    if (!changed) break;
  }
  return out;
}

// Moves in ICCS, separated by spaces, added to out; false when one is not a move.
bool iccs_list(const char* text, std::vector<Move>& out) {
  std::stringstream words(text);
  std::string w;
  while (words >> w) {
    Move m = kNoMove;
    if (!iccs_to_move(w, m, nullptr)) return false;
    out.push_back(m);
  }
  return true;
}

struct Index {
  std::vector<Pattern> patterns;
  std::vector<Move> first_moves;  // the table's first moves (red's, on its right wing)
  std::vector<ChoiceRule> choices;
  std::vector<std::vector<Move>> reply_orders;
  uint64_t start_key = 0;
};

const Index& index() {
  static const Index idx = [] {
    Index out;
    FenData start;
    parse_fen(kStartFen, start, nullptr);
    out.start_key = start.pos.key();
    for (const Choices& c : kChoices) {
      ChoiceRule rule;
      rule.side = c.side;
      rule.if_rule = c.if_rule;
      Position pos = start.pos;
      bool ok = play_line(pos, c.opening, rule.opening);
      if (*c.if_choice) ok = ok && iccs_to_move(c.if_choice, rule.if_choice, nullptr);
      ok = ok && iccs_list(c.not_counted, rule.not_counted) && iccs_list(c.decisive, rule.decisive);
      if (!ok) rule.opening.assign(kPlies + 1, kNoMove);  // a defect of the table: a rule that never applies
      out.choices.push_back(std::move(rule));
    }
    const std::vector<EccoLine>& table = ecco_table();
    for (size_t i = 0; i < table.size(); ++i) {
      std::stringstream lines(table[i].moves);
      std::string line;
      while (std::getline(lines, line, '|')) {
        if (line.empty()) continue;
        Pattern pat;
        pat.entry = i;
        pat.kind = line[0] == '=' ? Kind::InOrder : line[0] == '~' ? Kind::FirstMoves : Kind::Anywhere;
        Position pos = start.pos;
        if (!play_line(pos, pat.kind == Kind::Anywhere ? line : line.substr(1), pat.moves) || pat.moves.empty())
          continue;
        pat.first = pat.moves[0];
        if (std::find(out.first_moves.begin(), out.first_moves.end(), pat.first) == out.first_moves.end())
          out.first_moves.push_back(pat.first);
        for (size_t k = 0; k < pat.moves.size(); ++k) {
          if (pat.moves[k] == kNoMove) continue;
          ++pat.named;
          if (k % 2 == 1 && pat.reply == kNoMove) pat.reply = pat.moves[k];
        }
        pat.choices = choices_of(pat.moves, out.choices, false);
        out.patterns.push_back(std::move(pat));
      }
    }
    for (const char* r : kReplyOrders) {
      Position pos = start.pos;
      std::vector<Move> played;
      if (play_line(pos, r, played)) out.reply_orders.push_back(played);
    }
    return out;
  }();
  return idx;
}

// Where the game played each of the line's moves, by the same side (seen
// mirrored when `mirrored`): a game index, or kNotPlayed ("--" counts as
// played at once).
constexpr size_t kNotPlayed = size_t(-1);
std::vector<size_t> where_played(const std::vector<Move>& game, const Pattern& pat, bool mirrored) {
  std::vector<size_t> at(pat.moves.size(), kNotPlayed);
  for (size_t k = 0; k < pat.moves.size(); ++k) {
    if (pat.moves[k] == kNoMove) {
      at[k] = 0;
      continue;
    }
    const Move m = seen(pat.moves[k], mirrored);
    for (size_t j = k % 2; j < game.size() && at[k] == kNotPlayed; j += 2)
      if (game[j] == m) at[k] = j;
  }
  return at;
}

// Are the game's first moves exactly the line's, each side's in any order
// ("--" standing for any one move)?
bool same_first_moves(const std::vector<Move>& game, const Pattern& pat, bool mirrored) {
  if (game.size() < pat.moves.size()) return false;
  for (int side : {RED, BLACK}) {
    std::vector<Move> played;
    for (size_t k = side; k < pat.moves.size(); k += 2) played.push_back(game[k]);
    for (size_t k = side; k < pat.moves.size(); k += 2) {
      if (pat.moves[k] == kNoMove) continue;
      auto it = std::find(played.begin(), played.end(), seen(pat.moves[k], mirrored));
      if (it == played.end()) return false;
      played.erase(it);
    }
  }
  return true;
}

EccoOpening opening_of(size_t i, int plies) {
  const EccoLine& e = ecco_table()[i];
  return {e.code, e.zh, e.en, plies};
}

}  // namespace

EccoOpening classify_opening(const std::string& start_fen, const std::vector<Move>& moves) {
  FenData d;
  if (!parse_fen(start_fen, d, nullptr)) return {};
  const Index& idx = index();
  if (d.pos.key() != idx.start_key || moves.empty()) return {};
  // The game's moves up to the first illegal one, within the first ten of each side.
  std::vector<Move> game;
  {
    Position p = d.pos;
    for (size_t k = 0; k < moves.size() && k < kPlies && is_legal(p, moves[k]); ++k) {
      p.do_move(moves[k]);
      game.push_back(moves[k]);
    }
  }
  if (game.empty()) return opening_of(0, 0);
  // A code belongs to a family, chosen by each side's first move, either way
  // round: a 中炮 game that later plays 相三进五 is not 飞相局.
  const bool left = flipped(game[0]) != game[0] &&
                    std::find(idx.first_moves.begin(), idx.first_moves.end(), game[0]) == idx.first_moves.end();
  // 中炮 马2进3 and then 马8进7 is read as 马8进7 first (see kReplyOrders).
  for (const std::vector<Move>& played : idx.reply_orders)
    if (begins_with(game, played, left)) {
      const size_t k = played.size() - 1;
      std::swap(game[1], game[k]);
      break;
    }
  const std::vector<Choice> choices = choices_of(game, idx.choices, left);
  auto as_played = [&](Move m) { return seen(m, left); };
  // Per rule: was the game's choice a decisive one?
  std::vector<bool> decided(choices.size(), false);
  for (size_t r = 0; r < choices.size(); ++r)
    for (Move m : idx.choices[r].decisive)
      if (choices[r].move != kNoMove && as_played(m) == choices[r].move) decided[r] = true;
  EccoOpening best = opening_of(0, 0);  // A00 until a line is met
  size_t best_named = 0, best_ply = 0;
  for (const Pattern& pat : idx.patterns) {
    if (as_played(pat.first) != game[0]) continue;
    if (pat.reply != kNoMove && (game.size() < 2 || as_played(pat.reply) != game[1])) continue;
    // When was the line met (the number of plies it took), if it was?
    size_t met = 0;
    std::vector<size_t> at;
    switch (pat.kind) {
      case Kind::InOrder: met = begins_with(game, pat.moves, left) ? pat.moves.size() : 0; break;
      case Kind::FirstMoves: met = same_first_moves(game, pat, left) ? pat.moves.size() : 0; break;
      case Kind::Anywhere:
        at = where_played(game, pat, left);
        if (std::find(at.begin(), at.end(), kNotPlayed) == at.end()) met = *std::max_element(at.begin(), at.end()) + 1;
        break;
    }
    if (met == 0) continue;
    bool chosen = true;
    for (size_t r = 0; r < choices.size() && chosen; ++r) {
      const Choice& c = pat.choices[r];
      if (!c.applies) continue;
      if (c.move != kNoMove) {
        chosen = as_played(c.move) == choices[r].move;
      } else if (pat.kind == Kind::Anywhere) {
        // No choice in the line: the game's choice was not a decisive one, and
        // the line's moves of that side (but the choice the rule depends on)
        // came before it.
        chosen = !decided[r];
        const ChoiceRule& rule = idx.choices[r];
        for (size_t k = rule.opening.size(); k < at.size() && chosen; ++k)
          if (k % 2 == size_t(rule.side) && pat.moves[k] != kNoMove && pat.moves[k] != rule.if_choice &&
              choices[r].move != kNoMove)
            chosen = at[k] + 1 < choices[r].ply;
      }
    }
    if (!chosen) continue;
    // The most specific line wins; among equals, the one met first.
    if (pat.named > best_named || (pat.named == best_named && met < best_ply)) {
      best = opening_of(pat.entry, int(met));
      best_named = pat.named;
      best_ply = met;
    }
  }
  return best;
}

EccoOpening ecco_name(const std::string& code) {
  const std::vector<EccoLine>& table = ecco_table();
  for (size_t i = 0; i < table.size(); ++i)
    if (code == table[i].code) return opening_of(i, 0);
  return {};
}

}  // namespace xq
