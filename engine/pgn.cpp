#include "pgn.h"

#include <cstring>
#include <sstream>

#include "movetext.h"
#include "notation.h"
#include "parse_int.h"

namespace xq {

std::string PgnGame::tag(const std::string& name) const {
  for (auto& [k, v] : tags)
    if (k == name) return v;
  return "";
}

std::string result_tag(const Verdict& v) {
  switch (v.outcome) {
    case Outcome::RedWins: return "1-0";
    case Outcome::BlackWins: return "0-1";
    case Outcome::Draw: return "1/2-1/2";
    default: return "*";
  }
}

std::string write_pgn(const Game& g, std::vector<std::pair<std::string, std::string>> tags,
                      const std::vector<std::string>& comments) {
  std::vector<PgnNote> notes(comments.size());
  for (size_t i = 0; i < comments.size(); ++i) notes[i].comment = comments[i];
  return write_pgn(g, std::move(tags), notes);
}

namespace {

std::string braced(const std::string& text) {
  std::string c;  // a brace would end the comment early
  for (char ch : text) c += ch == '}' ? ')' : ch == '\n' ? ' ' : ch;
  return "{" + c + "}";
}

}  // namespace

std::string write_pgn(const Game& g, std::vector<std::pair<std::string, std::string>> tags,
                      const std::vector<PgnNote>& notes) {
  auto set = [&](const std::string& k, const std::string& v) {
    for (auto& t : tags)
      if (t.first == k) {
        t.second = v;
        return;
      }
    tags.emplace_back(k, v);
  };
  set("Game", "Chinese Chess");
  set("Result", result_tag(g.verdict()));
  if (g.verdict().over()) set("Termination", verdict_text_en(g.verdict()));  // e.g. "black wins (red perpetual chase)"
  if (g.start_fen() != kStartFen) set("FEN", g.start_fen());
  set("Format", "Chinese");
  std::ostringstream out;
  for (auto& [k, v] : tags) {
    std::string esc;
    for (char c : v) {
      if (c == '"' || c == '\\') esc += '\\';
      if (c != '\n' && c != '\r') esc += c;
    }
    out << "[" << k << " \"" << esc << "\"]\n";
  }
  out << "\n";
  const std::vector<std::string> names = line_names(g.start_position(), g.moves());
  bool red = g.start_side() == RED;
  int round = g.start_fullmove();
  std::string line;
  auto emit = [&](const std::string& w) {
    if (line.size() + w.size() > 72) {
      out << line << "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + w;
  };
  for (size_t i = 0; i < names.size(); ++i, red = !red) {
    if (red) emit(std::to_string(round) + ".");
    else if (i == 0) emit(std::to_string(round) + "....");
    emit(names[i]);
    const PgnNote* note = i < notes.size() ? &notes[i] : nullptr;
    if (note && note->nag) emit(std::string("$").append(std::to_string(note->nag)));
    if (note && !note->comment.empty()) emit(braced(note->comment));
    if (note && !note->variation.empty()) {
      // The variation replaces this move: it is numbered from the same round.
      const std::vector<std::string> alt = line_names(g.position_at(int(i)), note->variation);
      bool vred = red;
      int vround = round;
      for (size_t k = 0; k < alt.size(); ++k, vred = !vred) {
        if (k == 0) emit(std::string("(").append(std::to_string(vround)).append(vred ? "." : "..."));
        else if (vred) emit(std::to_string(vround) + ".");
        emit(alt[k]);
        if (k == 0 && !note->variation_comment.empty()) emit(braced(note->variation_comment));
        if (!vred) ++vround;
      }
      line += ")";
    }
    if (!red) ++round;
  }
  emit(result_tag(g.verdict()));
  out << line << "\n";
  return out.str();
}

bool read_pgn(const std::string& text, PgnGame& out, std::string* error) {
  auto fail = [&](const std::string& m) {
    if (error) *error = m;
    return false;
  };
  PgnGame g;
  g.fen.clear();
  std::istringstream in(text);
  std::string line, movetext;
  int line_no = 0, moves_line = 0, braces = 0;  // braces: inside a {comment} that spans lines
  while (std::getline(in, line)) {
    ++line_no;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos) continue;
    const bool tag = line[start] == '[' && braces == 0;  // not a line of a {comment} that goes on
    if (!tag)
      for (char c : line) braces += c == '{' ? 1 : c == '}' && braces > 0 ? -1 : 0;
    if (tag) {
      const size_t sp = line.find(' ', start), q1 = line.find('"', start), q2 = line.rfind('"');
      if (sp == std::string::npos || q1 == std::string::npos || q2 <= q1 || line.back() != ']')
        return fail("line " + std::to_string(line_no) + ": malformed tag: " + line);
      std::string value;
      for (size_t i = q1 + 1; i < q2; ++i) {
        if (line[i] == '\\' && i + 1 < q2) ++i;
        value += line[i];
      }
      g.tags.emplace_back(line.substr(start + 1, sp - start - 1), value);
      continue;
    }
    if (!moves_line) moves_line = line_no;
    movetext += line + "\n";
  }
  if (g.tags.empty() && movetext.find_first_not_of(" \t\n") == std::string::npos) return fail("no game in the file");
  g.fen = g.tag("FEN").empty() ? kStartFen : g.tag("FEN");
  Game game;
  std::string err;
  if (!game.reset(g.fen, &err)) return fail("FEN tag: " + err);
  // Strip ;... comments and variations (...); a {comment} of the main line
  // becomes a token "\x01N" (N: its index) so it can be kept with its move.
  std::string clean, comment;
  std::vector<std::string> comments;
  int depth = 0;
  bool brace = false, semi = false;
  for (char c : movetext) {
    if (semi) {
      if (c == '\n') semi = false;
      continue;
    }
    if (brace) {
      if (c != '}') comment += c == '\n' ? ' ' : c;
      else {
        brace = false;
        if (!depth) {
          clean.append(" \x01").append(std::to_string(comments.size())).append(" ");
          comments.push_back(comment);
        }
      }
      continue;
    }
    if (c == '{') {
      brace = true;
      comment.clear();
    }
    else if (c == ';') semi = true;
    else if (c == '(') ++depth;
    else if (c == ')') depth = depth > 0 ? depth - 1 : 0;
    else if (!depth) clean += c;
  }
  for (std::string tok : movetext_tokens(clean)) {
    if (tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*") {
      if (g.tag("Result").empty()) g.tags.emplace_back("Result", tok);  // the terminator says it when no tag does
      break;
    }
    if (int index = 0; tok[0] == '\x01' && parse_int(tok.substr(1), 0, int(comments.size()) - 1, index)) {
      if (!g.moves.empty()) g.comments.back() = comments[size_t(index)];  // it belongs to the move before it
      continue;
    }
    if (tok[0] == '$') continue;  // a numeric annotation glyph
    while (tok.size() > 1 && (tok.back() == '!' || tok.back() == '?')) tok.pop_back();  // ?! and the like
    if (tok == "!" || tok == "?") continue;
    Move m = kNoMove;
    Position p = game.position();
    std::string why;
    if (game.verdict().over()) why = "it comes after the game has ended";
    else if (!parse_move(p, tok, m, &err)) why = err;
    else if (!game.play(m)) why = "it is not legal here";
    if (!why.empty()) {
      if (g.tags.empty() && g.moves.empty()) return fail("move 1 '" + tok + "': " + why);
      g.stopped_at = game.ply() + 1;
      g.stopped_move = tok;
      g.stopped_why = why;
      break;
    }
    g.moves.push_back(m);
    g.comments.emplace_back();
  }
  out = g;
  return true;
}

std::vector<std::string> split_pgn_games(const std::string& text) {
  std::vector<std::string> games;
  std::string current;
  bool moves = false;  // the current game has movetext
  int braces = 0;      // inside a {comment} that spans lines
  size_t at = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;  // a byte-order mark
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(at, end - at);
    at = end + 1;
    const size_t first = line.find_first_not_of(" \t\r");
    const bool blank = first == std::string::npos;
    const bool tag = !blank && braces == 0 && line[first] == '[';
    // Move lists typed without tags: round one again starts the next game.
    auto starts = [&](const char* s) { return line.compare(first, std::strlen(s), s) == 0; };
    const bool round_one = !blank && braces == 0 && (starts("1.") || starts("1、") || starts("１．") || starts("1．"));
    if ((tag || round_one) && moves) {  // the next game
      games.push_back(std::move(current));
      current.clear();
      moves = false;
    }
    if (!blank && !tag && braces == 0 && line[first] != ';' && line[first] != '%' && line[first] != '{') moves = true;
    if (!tag)
      for (char c : line) braces += c == '{' ? 1 : c == '}' && braces > 0 ? -1 : 0;
    current += line;
    current += '\n';
  }
  if (current.find_first_not_of(" \t\r\n") != std::string::npos || games.empty()) games.push_back(std::move(current));
  return games;
}

}  // namespace xq
