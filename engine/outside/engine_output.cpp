#include "engine_output.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "fen.h"
#include "movegen.h"
#include "notation.h"

namespace xq {

namespace {

// A whole decimal number (an optional sign, at most 18 digits), else false.
bool read_number(std::istringstream& in, long long& v) {
  std::string w;
  if (!(in >> w)) return false;
  size_t i = (w[0] == '-' || w[0] == '+') ? 1 : 0;
  if (i == w.size() || w.size() - i > 18) return false;
  long long n = 0;
  for (; i < w.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(w[i]))) return false;
    n = n * 10 + (w[i] - '0');
  }
  v = w[0] == '-' ? -n : n;
  return true;
}

int clamp_int(long long v, long long lo, long long hi) { return int(std::clamp(v, lo, hi)); }

bool legal_move(const Position& root, const std::string& text, bool ranks_from_one, Move& m) {
  const std::string iccs = engine_move_to_iccs(text, ranks_from_one);
  Position p = root;
  return !iccs.empty() && iccs_to_move(iccs, m, nullptr) && is_legal(p, m);
}

}  // namespace

std::string engine_move_to_iccs(const std::string& move, bool ranks_from_one) {
  if (!ranks_from_one) return move.size() == 4 ? move : "";
  // letter, 1-2 digits, letter, 1-2 digits
  std::string out;
  size_t i = 0;
  for (int part = 0; part < 2; ++part) {
    if (i >= move.size() || !std::isalpha(static_cast<unsigned char>(move[i]))) return "";
    out += move[i++];
    int rank = 0, digits = 0;
    while (i < move.size() && std::isdigit(static_cast<unsigned char>(move[i])) && digits < 2) {
      rank = rank * 10 + (move[i++] - '0');
      ++digits;
    }
    if (!digits || rank < 1 || rank > 10) return "";
    out += char('0' + rank - 1);
  }
  return i == move.size() ? out : "";
}

Score engine_mate_score(long long n) {
  constexpr long long kLongest = kMaxPly / 2 - 1;  // the longest mate our scores can say
  n = std::clamp(n, -kLongest, kLongest);
  if (n == 0) return -kMateScore;  // "mate 0": the side to move is mated
  return n > 0 ? Score(kMateScore - (2 * n - 1)) : Score(-(kMateScore + 2 * n));
}

bool parse_info_line(const std::string& line, const Position& root, bool ranks_from_one, int lines_wanted,
                     SearchInfo& info) {
  std::istringstream in(line);
  std::string w;
  if (!(in >> w) || w != "info") return false;
  int multipv = 1;
  PvLine pv_line;
  bool scored = false, has_pv = false;
  SearchInfo next = info;
  constexpr long long kIntMax = 2000000000;
  while (in >> w) {
    long long v = 0;
    if (w == "depth" && read_number(in, v)) next.depth = clamp_int(v, 0, 1000);
    else if (w == "seldepth" && read_number(in, v)) next.seldepth = clamp_int(v, 0, 1000);
    else if (w == "multipv" && read_number(in, v)) multipv = clamp_int(v, 1, 64);
    else if (w == "nodes" && read_number(in, v)) next.nodes = uint64_t(std::max(0LL, v));
    else if (w == "nps" && read_number(in, v)) next.nps = uint64_t(std::max(0LL, v));
    else if (w == "time" && read_number(in, v)) next.time_ms = clamp_int(v, 0, kIntMax);
    else if (w == "hashfull" && read_number(in, v)) next.hashfull = clamp_int(v, 0, 1000);
    else if (w == "score") {
      std::string kind;
      if (!(in >> kind)) break;
      if (kind == "cp" || kind == "mate") {
        if (!read_number(in, v)) break;
        pv_line.score = kind == "mate" ? engine_mate_score(v) : Score(std::clamp(v, -30000LL, 30000LL));
      } else {
        std::istringstream number(kind);  // UCCI: "score N"
        if (!read_number(number, v)) break;
        pv_line.score = Score(std::clamp(v, -30000LL, 30000LL));
      }
      scored = true;
    } else if (w == "lowerbound" || w == "upperbound") {
      return false;  // a bound, not a line's score
    } else if (w == "pv") {
      Position p = root;
      while (in >> w && pv_line.pv.size() < size_t(kMaxPly)) {
        Move m;
        if (!legal_move(p, w, ranks_from_one, m)) break;  // keep the legal start
        pv_line.pv.push_back(m);
        p.do_move(m);
      }
      has_pv = !pv_line.pv.empty();
      break;
    } else if (w == "string") {
      return false;
    }
  }
  lines_wanted = std::clamp(lines_wanted, 1, 64);
  if (!scored || !has_pv || multipv > lines_wanted) return false;
  if (next.lines.size() < size_t(multipv)) next.lines.resize(size_t(multipv));
  next.lines[size_t(multipv - 1)] = pv_line;
  if (multipv == 1) {
    next.score = pv_line.score;
    next.pv = pv_line.pv;
    next.lines.resize(std::max<size_t>(1, std::min(next.lines.size(), size_t(lines_wanted))));
  }
  info = next;
  return true;
}

bool parse_bestmove_line(const std::string& line, const Position& root, bool ranks_from_one, BestMoveLine& out) {
  std::istringstream in(line);
  std::string w;
  if (!(in >> w)) return false;
  out = BestMoveLine{};
  if (w == "nobestmove") return out.no_move = true, true;
  if (w != "bestmove") return false;
  if (!(in >> out.text) || out.text == "(none)" || out.text == "0000") return out.no_move = true, true;
  if (!legal_move(root, out.text, ranks_from_one, out.best)) {
    out.best = kNoMove;
    return true;
  }
  std::string ponder;
  if (in >> w >> ponder && w == "ponder") {
    Position p = root;
    p.do_move(out.best);
    Move m;
    if (legal_move(p, ponder, ranks_from_one, m)) out.ponder = m;
  }
  return true;
}

std::string option_line_name(const std::string& line) {
  std::istringstream in(line);
  std::string w, id;
  if (!(in >> w) || w != "option" || !(in >> w)) return "";
  if (w == "name") {
    while (in >> w && w != "type") id += (id.empty() ? "" : " ") + w;
  } else {
    id = w;
  }
  for (char& c : id) c = char(std::tolower(static_cast<unsigned char>(c)));
  return id;
}

GameSoFar game_so_far(const Position& pos) {
  GameSoFar g;
  g.start = pos;
  while (g.start.history_length() > 0) {
    g.moves.push_back(g.start.last_move());
    g.start.undo_move();
  }
  std::reverse(g.moves.begin(), g.moves.end());
  g.start_fen = to_fen(g.start, g.start.rule_plies());
  const std::string kStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
  g.from_start_position = g.start_fen.compare(0, kStart.size(), kStart) == 0 && g.start.rule_plies() == 0;
  return g;
}

std::string fen_in_letters(const std::string& fen, bool he_letters) {
  if (!he_letters) return fen;
  std::string out = fen;
  for (char& c : out) {
    if (c == ' ') break;  // the board only: "b" is also black to move
    if (c == 'n' || c == 'N') c = char(c - 'n' + 'h');
    else if (c == 'b' || c == 'B') c = char(c - 'b' + 'e');
  }
  return out;
}

bool refuses_position(const std::string& line) {
  std::string l;
  for (char c : line.substr(0, 200)) l += char(std::tolower(static_cast<unsigned char>(c)));
  if (l.rfind("info", 0) == 0 || l.rfind("bestmove", 0) == 0) return false;  // its search's own words
  for (const char* word : {"error", "illegal", "invalid", "bad fen", "bad move", "unknown piece"})
    if (l.find(word) != std::string::npos) return true;
  return false;
}

}  // namespace xq
