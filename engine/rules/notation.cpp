#include "notation.h"

#include <cstring>

#include <algorithm>
#include <vector>

#include "movegen.h"

namespace xq {

std::string square_to_string(Square s) {
  return std::string(1, char('a' + file_of(s))) + char('0' + rank_of(s));
}

std::string move_name(const Position& pos, Move m, NotationStyle style) {
  switch (style) {
    case NotationStyle::Wxf: return move_to_wxf(pos, m);
    case NotationStyle::Iccs: return move_to_iccs(m);
    case NotationStyle::Chinese: break;
  }
  return move_to_chinese(pos, m);
}

std::vector<std::string> line_names(const Position& start, const std::vector<Move>& moves, NotationStyle style) {
  std::vector<std::string> out;
  out.reserve(moves.size());
  Position p = start;
  for (Move m : moves) {
    out.push_back(move_name(p, m, style));
    p.do_move(m);
  }
  return out;
}

std::string move_to_iccs(Move m) { return square_to_string(move_from(m)) + square_to_string(move_to(m)); }

bool iccs_to_move(const std::string& text, Move& m, std::string* error) {
  std::string s;
  for (char ch : text)
    if (ch != '-') s += (ch >= 'A' && ch <= 'Z') ? char(ch - 'A' + 'a') : ch;
  if (s.size() != 4 || s[0] < 'a' || s[0] > 'i' || s[2] < 'a' || s[2] > 'i' || s[1] < '0' || s[1] > '9' ||
      s[3] < '0' || s[3] > '9') {
    if (error) *error = "'" + text + "' is not an ICCS move (like h2e2)";
    return false;
  }
  m = make_move(make_square(s[0] - 'a', s[1] - '0'), make_square(s[2] - 'a', s[3] - '0'));
  return true;
}

namespace {

const char* const kRedNames[7] = {"帅", "仕", "相", "马", "车", "炮", "兵"};
const char* const kBlackNames[7] = {"将", "士", "象", "马", "车", "炮", "卒"};
const char* const kChineseDigits[10] = {"零", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

// Numbers in a side's own numerals: red writes 一..九, black 1..9.
std::string numeral(Color c, int n) { return c == RED ? kChineseDigits[n] : std::string(1, char('0' + n)); }

// A file in the mover's own counting: both count from their own right.
int file_number(Color c, Square s) { return c == RED ? 9 - file_of(s) : file_of(s) + 1; }

// How far forward s is for colour c (0..9).
int advance(Color c, Square s) { return c == RED ? rank_of(s) : 9 - rank_of(s); }

// Pieces of the same colour and type on the file of `s`, most advanced first.
std::vector<Square> same_file(const Position& pos, PieceId id, Square s) {
  std::vector<Square> v;
  const Color c = color_of_id(id);
  for (int rank = 0; rank < 10; ++rank) {
    const Square t = make_square(file_of(s), rank);
    const PieceId q = pos.piece_at(t);
    if (q && color_of_id(q) == c && type_of_id(q) == type_of_id(id)) v.push_back(t);
  }
  if (c == RED) std::vector<Square>(v.rbegin(), v.rend()).swap(v);
  return v;
}

// Where `from` stands among the pieces of its file (0 = most advanced).
size_t place_in_file(const std::vector<Square>& same, Square from) {
  return size_t(std::find(same.begin(), same.end(), from) - same.begin());
}

// Files (other than s's) holding two or more pawns of this colour.
bool other_pawn_file_doubled(const Position& pos, Color c, Square s) {
  for (int f = 0; f < 9; ++f) {
    if (f == file_of(s)) continue;
    int n = 0;
    for (int rank = 0; rank < 10; ++rank) {
      const PieceId q = pos.piece_at(make_square(f, rank));
      n += q && color_of_id(q) == c && type_of_id(q) == PAWN;
    }
    if (n >= 2) return true;
  }
  return false;
}

std::string position_word(size_t index, size_t count) {
  if (count == 2) return index == 0 ? "前" : "后";
  if (count == 3) return index == 0 ? "前" : index == 1 ? "中" : "后";
  return kChineseDigits[index + 1];
}

// The number after the action: ranks moved for a straight move forward or
// back, else the new file.
int action_number(Color c, PieceType t, Square from, Square to) {
  const int a = advance(c, to) - advance(c, from);
  const bool straight = t == KING || t == ROOK || t == CANNON || t == PAWN;
  return (straight && a != 0) ? (a > 0 ? a : -a) : file_number(c, to);
}

std::string action_part(Color c, PieceType t, Square from, Square to) {
  const int a = advance(c, to) - advance(c, from);
  std::string s = a > 0 ? "进" : a < 0 ? "退" : "平";
  return s + numeral(c, action_number(c, t, from, to));
}

// The first two characters of a WXF move: the piece and its file, or for
// pieces sharing a file their place in it (WXF's rules for up to five pawns:
// + and - for front and rear, a middle one by its file, ++ and -- for the
// outermost of four or five; with two such files the file digit replaces
// the letter).
std::string wxf_head(const Position& pos, PieceId id, Square from) {
  const Color c = color_of_id(id);
  const PieceType t = type_of_id(id);
  const char letter = "KAEHRCP"[t];
  const char file = char('0' + file_number(c, from));
  std::string head{letter, file};
  if (t != ROOK && t != HORSE && t != CANNON && t != PAWN) return head;
  const auto same = same_file(pos, id, from);
  const size_t n = same.size();
  if (n < 2) return head;
  const size_t idx = place_in_file(same, from);
  const bool front = idx == 0, rear = idx == n - 1;
  if (n >= 4 && (front || rear)) return front ? "++" : "--";
  const char place = n >= 4 ? (idx == 1 ? '+' : idx == n - 2 ? '-' : file) : front ? '+' : rear ? '-' : file;
  if (t == PAWN && other_pawn_file_doubled(pos, c, from)) return std::string{file, place};
  return std::string{letter, place};
}

// UTF-8 decoding, enough for the characters notation uses.
std::vector<char32_t> decode(const std::string& s) {
  std::vector<char32_t> out;
  for (size_t i = 0; i < s.size();) {
    unsigned char b = s[i];
    int len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    if (!len || i + len > s.size()) {
      out.push_back(U'?');
      ++i;
      continue;
    }
    char32_t cp = len == 1 ? b : b & (0x7F >> len);
    for (int k = 1; k < len; ++k) cp = (cp << 6) | (s[i + k] & 0x3F);
    out.push_back(cp);
    i += len;
  }
  return out;
}

// Maps every spelling to one canonical ASCII form: pieces K A B N R C P,
// position words f m b, actions + - =, numbers as digits. Spaces dropped.
// XBoard's algebraic moves for xiangqi (Che2, Nxc7, R1a2+): a piece letter,
// perhaps a file or rank to tell two apart, perhaps x, then a square.
bool looks_like_san(const std::string& t) {
  if (t.size() < 3 || !std::strchr("KAEBHNRCP", t[0])) return false;
  size_t i = 1;
  auto file = [&](size_t k) { return k < t.size() && t[k] >= 'a' && t[k] <= 'i'; };
  auto rank = [&](size_t k) { return k < t.size() && t[k] >= '0' && t[k] <= '9'; };
  if ((file(i) || rank(i)) && (file(i + 1) || (i + 1 < t.size() && t[i + 1] == 'x'))) ++i;  // a disambiguation
  if (i < t.size() && t[i] == 'x') ++i;
  if (!file(i) || !rank(i + 1)) return false;
  i += 2;
  while (i < t.size() && (t[i] == '+' || t[i] == '#')) ++i;
  return i == t.size();
}

std::string normalize(const std::string& text) {
  std::string out;
  for (char32_t c : decode(text)) {
    if (c >= 0xFF01 && c <= 0xFF5E) c = c - 0xFF01 + 0x21;  // full-width letters and signs (Ｃ２＝５) as ASCII
    switch (c) {
      case U'帅': case U'将': case U'帥': case U'將': case U'K': case U'k': out += 'K'; break;
      case U'仕': case U'士': case U'A': case U'a': out += 'A'; break;
      case U'相': case U'象': case U'B': case U'b': case U'E': case U'e': out += 'B'; break;
      case U'马': case U'馬': case U'傌': case U'N': case U'n': case U'H': case U'h': out += 'N'; break;
      case U'车': case U'車': case U'俥': case U'R': case U'r': out += 'R'; break;
      case U'炮': case U'砲': case U'包': case U'C': case U'c': out += 'C'; break;
      case U'兵': case U'卒': case U'P': case U'p': out += 'P'; break;
      case U'前': out += 'f'; break;
      case U'中': out += 'm'; break;
      case U'后': case U'後': out += 'b'; break;
      case U'进': case U'進': case U'+': out += '+'; break;
      case U'退': case U'-': out += '-'; break;
      case U'平': case U'=': case U'.': out += '='; break;
      case U' ': case U'\t': case U'\u3000': break;
      default:
        if (c >= U'1' && c <= U'9') out += char(c);
        else if (c >= U'１' && c <= U'９') out += char('1' + (c - U'１'));
        else {
          static const std::vector<char32_t> digits = [] {
            std::vector<char32_t> v(10, 0);
            for (int k = 1; k <= 9; ++k) v[size_t(k)] = decode(kChineseDigits[k])[0];
            return v;
          }();
          int d = 0;
          for (int k = 1; k <= 9; ++k)
            if (digits[size_t(k)] == c) d = k;
          out += d ? char('0' + d) : '?';
        }
    }
  }
  return out;
}

// Every accepted spelling of a legal move, normalized.
std::vector<std::string> spellings(const Position& pos, Move m) {
  const Square from = move_from(m), to = move_to(m);
  const PieceId id = pos.piece_at(from);
  const Color c = color_of_id(id);
  const PieceType t = type_of_id(id);
  const std::string act = normalize(action_part(c, t, from, to));
  const std::string piece(1, "KABNRCP"[t]);
  const std::string file(1, char('0' + file_number(c, from)));
  std::vector<std::string> v{normalize(move_to_chinese(pos, m)), normalize(move_to_wxf(pos, m)), piece + file + act};
  const auto same = same_file(pos, id, from);
  if (same.size() >= 2) {
    const size_t idx = place_in_file(same, from);
    const std::string w = normalize(position_word(idx, same.size()));
    v.push_back(w + piece + act);
    v.push_back(w + file + act);
    v.push_back(w + piece + file + act);
  }
  return v;
}

}  // namespace

std::string move_to_chinese(const Position& pos, Move m) {
  const Square from = move_from(m), to = move_to(m);
  const PieceId id = pos.piece_at(from);
  if (!id) return "?";
  const Color c = color_of_id(id);
  const PieceType t = type_of_id(id);
  const std::string name = c == RED ? kRedNames[t] : kBlackNames[t];
  std::string head = name + numeral(c, file_number(c, from));
  if (t == ROOK || t == HORSE || t == CANNON || t == PAWN) {
    const auto same = same_file(pos, id, from);
    if (same.size() >= 2) {
      const size_t idx = place_in_file(same, from);
      const std::string word = position_word(idx, same.size());
      // With doubled pawns on two files the file number replaces the name.
      if (t == PAWN && other_pawn_file_doubled(pos, c, from)) head = word + numeral(c, file_number(c, from));
      else head = word + name;
    }
  }
  return head + action_part(c, t, from, to);
}

std::string move_to_wxf(const Position& pos, Move m) {
  const Square from = move_from(m), to = move_to(m);
  const PieceId id = pos.piece_at(from);
  if (!id) return "?";
  const Color c = color_of_id(id);
  const PieceType t = type_of_id(id);
  const int a = advance(c, to) - advance(c, from);
  return wxf_head(pos, id, from) + (a > 0 ? '+' : a < 0 ? '-' : '=') + char('0' + action_number(c, t, from, to));
}

bool chinese_to_move(Position& pos, const std::string& text, Move& m, std::string* error) {
  const std::string want = normalize(text);
  Move legal[kMaxMoves];
  const int n = generate_legal(pos, legal);
  Move found = kNoMove;
  int matches = 0;
  for (int i = 0; i < n; ++i) {
    // Every spelling ends with the action ("+5"): most moves fail on it, and
    // it costs far less than spelling the move out.
    const Square from = move_from(legal[i]), to = move_to(legal[i]);
    const PieceId id = pos.piece_at(from);
    const std::string act = normalize(action_part(color_of_id(id), type_of_id(id), from, to));
    if (want.size() < act.size() || want.compare(want.size() - act.size(), act.size(), act) != 0) continue;
    for (const std::string& s : spellings(pos, legal[i])) {
      if (s == want) {
        if (found != legal[i]) ++matches;
        found = legal[i];
        break;
      }
    }
  }
  if (matches == 1) {
    m = found;
    return true;
  }
  if (error)
    *error = matches ? "'" + text + "' is ambiguous here"
             : looks_like_san(text)
                 ? "'" + text + "' is XBoard-style SAN, which is not read: moves are ICCS (h2e2), WXF (C2=5) or Chinese (炮二平五)"
                 : "no legal move matches '" + text + "'";
  return false;
}

bool parse_move(Position& pos, const std::string& text, Move& m, std::string* error) {
  Move candidate;
  if (iccs_to_move(text, candidate, nullptr)) {
    if (is_legal(pos, candidate)) {
      m = candidate;
      return true;
    }
    if (error) *error = "'" + text + "' is not a legal move here";
    return false;
  }
  return chinese_to_move(pos, text, m, error);
}

}  // namespace xq
