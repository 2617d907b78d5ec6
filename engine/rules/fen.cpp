#include "fen.h"

#include <sstream>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "parse_int.h"

namespace xq {

namespace {

constexpr const char* kTypeLetters = "KABNRCP";
constexpr const char* kTypeNames[7] = {"king", "advisors", "elephants", "horses", "rooks", "cannons", "soldiers"};

int letter_type(char ch) {
  switch (ch) {
    case 'K': return KING;
    case 'A': return ADVISOR;
    case 'B': case 'E': return ELEPHANT;
    case 'N': case 'H': return HORSE;
    case 'R': return ROOK;
    case 'C': return CANNON;
    case 'P': return PAWN;
    default: return -1;
  }
}


}  // namespace

bool square_allowed(Color c, PieceType t, Square s) {
  // Work from red's view: mirror black's squares through the centre.
  const Square r = c == RED ? s : flip_square(s);
  const int f = file_of(r), k = rank_of(r);
  switch (t) {
    case KING: return f >= 3 && f <= 5 && k <= 2;
    case ADVISOR: return (k == 1 && f == 4) || ((k == 0 || k == 2) && (f == 3 || f == 5));
    case ELEPHANT:
      return ((k == 0 || k == 4) && (f == 2 || f == 6)) || (k == 2 && (f == 0 || f == 4 || f == 8));
    case PAWN: return k >= 5 || (k >= 3 && f % 2 == 0);
    default: return true;
  }
}

char piece_letter(PieceId id) {
  char ch = kTypeLetters[type_of_id(id)];
  return color_of_id(id) == RED ? ch : char(ch - 'A' + 'a');
}

bool diagram_side(std::string& fen) {
  FenData d;
  std::string err;
  if (parse_fen(fen, d, &err) || err.find("side not to move") == std::string::npos) return false;
  const size_t space = fen.find(' ');
  if (space == std::string::npos || space + 1 >= fen.size()) return false;
  std::string other = fen;
  other[space + 1] = (fen[space + 1] == 'b' || fen[space + 1] == 'B') ? 'w' : 'b';
  if (!parse_fen(other, d, nullptr)) return false;
  fen = other;
  return true;
}

bool parse_fen(const std::string& fen, FenData& out, std::string* error) {
  auto fail = [&](const std::string& msg) {
    if (error) *error = "bad FEN: " + msg;
    return false;
  };
  std::istringstream in(fen);
  std::string board, side, castle, ep, half, full;
  in >> board >> side >> castle >> ep >> half >> full;
  if (board.empty()) return fail("empty string");
  std::string extra;
  if (in >> extra) return fail("unexpected text after the move counters: '" + extra + "'");

  Position pos;
  int used[2][7] = {};
  std::vector<std::string> ranks;
  {
    std::string cur;
    for (char ch : board) {
      if (ch == '/') {
        ranks.push_back(cur);
        cur.clear();
      } else {
        cur += ch;
      }
    }
    ranks.push_back(cur);
  }
  if (ranks.size() != 10) return fail("it has " + std::to_string(ranks.size()) + " ranks, a board has 10");
  for (int row = 0; row < 10; ++row) {
    const int rank = 9 - row;
    int file = 0;
    for (char ch : ranks[row]) {
      if (ch >= '1' && ch <= '9') {
        file += ch - '0';
      } else {
        const bool red = ch >= 'A' && ch <= 'Z';
        const int t = letter_type(red ? ch : char(ch - 'a' + 'A'));
        if (t < 0 || !((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z')))
          return fail(std::string("unknown piece letter '") + ch + "' in rank " + std::to_string(rank));
        const Color c = red ? RED : BLACK;
        if (file > 8) return fail("rank " + std::to_string(rank) + " has more than 9 files");
        if (used[c][t] >= kTypeSlotCount[t])
          return fail(std::string("too many ") + (red ? "red " : "black ") + kTypeNames[t] + " (at most " +
                      std::to_string(kTypeSlotCount[t]) + ")");
        const Square s = make_square(file, rank);
        if (!square_allowed(c, PieceType(t), s))
          return fail(std::string(1, ch) + " on " + square_to_string(s) + ", a square that piece can never reach");
        pos.put_piece(side_base(c) + kTypeFirstSlot[t] + used[c][t]++, s);
        ++file;
      }
    }
    if (file != 9) return fail("rank " + std::to_string(rank) + " has " + std::to_string(file) + " files, expected 9");
  }
  // A study or a diagram may leave one king out (a composed problem, a
  // record's final position): the rules hold without it (that side is never
  // in check, and loses when it cannot move). A board without kings is no game.
  if (used[RED][KING] == 0 && used[BLACK][KING] == 0) return fail("no king on the board (red's and black's are missing)");

  if (side.empty()) return fail("side to move missing (w or b)");
  Color stm;
  if (side == "w" || side == "r" || side == "W" || side == "R") stm = RED;
  else if (side == "b" || side == "B") stm = BLACK;
  else return fail("side to move '" + side + "' is not w, r or b");
  pos.set_side(stm);

  int halfmove = 0, fullmove = 1;
  if (!half.empty() && !parse_int(half, 0, 999999, halfmove)) return fail("halfmove counter '" + half + "' is not a number");
  if (!full.empty() && !parse_int(full, 0, 999999, fullmove)) return fail("fullmove number '" + full + "' is not a number");
  if (fullmove < 1) fullmove = 1;

  if (pos.kings_facing()) return fail("the kings face each other on an open file");
  if (pos.king_attacked(~stm))
    return fail(std::string("the side not to move (") + (stm == RED ? "black" : "red") + ") is in check");

  pos.set_rule_plies(halfmove);
  out.pos = pos;
  out.halfmove = halfmove;
  out.fullmove = fullmove;
  return true;
}

std::string to_fen(const Position& pos, int halfmove, int fullmove) {
  std::string s;
  for (int rank = 9; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 9; ++file) {
      const PieceId id = pos.piece_at(make_square(file, rank));
      if (!id) {
        ++empty;
        continue;
      }
      if (empty) s += char('0' + empty);
      empty = 0;
      s += piece_letter(id);
    }
    if (empty) s += char('0' + empty);
    if (rank) s += '/';
  }
  s += pos.side() == RED ? " w - - " : " b - - ";
  s += std::to_string(halfmove) + " " + std::to_string(fullmove);
  return s;
}

}  // namespace xq
