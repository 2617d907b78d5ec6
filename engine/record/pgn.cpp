#include "pgn.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <functional>
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

// The tag pairs, one a line; a name that is not a PGN name (letters, digits,
// '_') cannot be written so that it reads back, and is left out.
void write_tags(std::ostringstream& out, const std::vector<std::pair<std::string, std::string>>& tags) {
  for (auto& [k, v] : tags) {
    if (k.empty() || !std::all_of(k.begin(), k.end(), [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
        }))
      continue;
    std::string esc;
    for (char c : v) {
      if (c == '"' || c == '\\') esc += '\\';
      if (c != '\n' && c != '\r') esc += c;
    }
    out << "[" << k << " \"" << esc << "\"]\n";
  }
  out << "\n";
}

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
  write_tags(out, tags);
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

namespace {

// Splits a game's text into its tags and its movetext (a tag line inside a
// {comment} that spans lines is movetext). False with a message on a
// malformed tag.
bool split_tags(const std::string& text, std::vector<std::pair<std::string, std::string>>& tags,
                std::string& movetext, std::string* error) {
  auto fail = [&](const std::string& m) {
    if (error) *error = m;
    return false;
  };
  std::istringstream in(text);
  std::string line;
  int line_no = 0, braces = 0;  // braces: inside a {comment} that spans lines
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
      tags.emplace_back(line.substr(start + 1, sp - start - 1), value);
      continue;
    }
    movetext += line + "\n";
  }
  if (tags.empty() && movetext.find_first_not_of(" \t\n") == std::string::npos) return fail("no game in the file");
  return true;
}

}  // namespace

namespace {

// The readers hold some tens of bytes for each byte of moves (tokens, items,
// the tree): a game's moves are bounded so that no file can make them hold gigabytes.
std::string movetext_too_long() {
  return "the game's moves are longer than " + std::to_string(kMaxMovetextBytes >> 20) + " MB";
}

}  // namespace

bool read_pgn(const std::string& text, PgnGame& out, std::string* error) {
  auto fail = [&](const std::string& m) {
    if (error) *error = m;
    return false;
  };
  PgnGame g;
  std::string movetext;
  if (!split_tags(text, g.tags, movetext, error)) return false;
  if (movetext.size() > kMaxMovetextBytes) return fail(movetext_too_long());
  g.fen = g.tag("FEN").empty() ? kStartFen : g.tag("FEN");
  if (diagram_side(g.fen)) g.tags.emplace_back("Diagram", kDiagramNote);
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
    if (!parse_move(p, tok, m, &err)) why = err;
    else if (!game.play_on(m)) why = "it is not legal here";
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
  note_verdict(game, g);
  out = g;
  return true;
}

void note_verdict(const Game& game, PgnGame& out) {
  const int at = game.verdict_ply();
  if (game.verdict().over() && at >= 0 && at < game.ply()) {
    out.judged_ply = at;
    out.judged = game.verdict();
  } else {
    out.judged_ply = 0;
    out.judged = {};
  }
}

std::string verdict_note_en(const PgnGame& g) {
  if (!g.judged_ply) return "";
  const int plies = int(g.moves.size());
  return "the rules end the game at move " + std::to_string((g.judged_ply + 1) / 2) + " (" + verdict_text_en(g.judged) +
         "); the record goes on to move " + std::to_string((plies + 1) / 2);
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

namespace xq {

std::string PgnTree::tag(const std::string& name) const {
  for (auto& [k, v] : tags)
    if (k == name) return v;
  return "";
}

namespace {

// The movetext as items: words (moves, numbers, glyphs, results), comments,
// and the brackets of variations.
struct Item {
  enum Kind { Word, Comment, Open, Close } kind;
  std::string text;
};

std::string trimmed_comment(const std::string& c) {
  const size_t a = c.find_first_not_of(" \t\r"), b = c.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : c.substr(a, b - a + 1);
}

std::vector<Item> movetext_items(const std::string& movetext) {
  std::vector<Item> items;
  std::string plain, comment;
  auto flush = [&] {
    for (std::string& w : movetext_tokens(plain)) items.push_back({Item::Word, std::move(w)});
    plain.clear();
  };
  bool brace = false, semi = false;
  for (char c : movetext) {
    if (semi) {
      if (c == '\n') {
        semi = false;
        items.push_back({Item::Comment, trimmed_comment(comment)});
      } else {
        comment += c;
      }
      continue;
    }
    if (brace) {
      if (c == '}') {
        brace = false;
        items.push_back({Item::Comment, trimmed_comment(comment)});
      } else {
        comment += c == '\n' ? ' ' : c;
      }
      continue;
    }
    if (c == '{' || c == ';' || c == '(' || c == ')') {
      flush();
      comment.clear();
      if (c == '{') brace = true;
      else if (c == ';') semi = true;
      else items.push_back({c == '(' ? Item::Open : Item::Close, ""});
    } else {
      plain += c;
    }
  }
  flush();
  if (semi) items.push_back({Item::Comment, trimmed_comment(comment)});
  return items;
}

int glyph_mark(const std::string& g) {
  for (int m = 1; m <= 6; ++m)
    if (g == mark_text(m)) return m;
  return kNoMark;
}

}  // namespace

bool read_pgn_tree(const std::string& text, PgnTree& out, std::string* error) {
  auto fail = [&](const std::string& m) {
    if (error) *error = m;
    return false;
  };
  PgnTree t;
  std::string movetext;
  if (!split_tags(text, t.tags, movetext, error)) return false;
  if (movetext.size() > kMaxMovetextBytes) return fail(movetext_too_long());
  std::string fen = t.tag("FEN").empty() ? kStartFen : t.tag("FEN");
  if (diagram_side(fen)) t.tags.emplace_back("Diagram", kDiagramNote);
  Game game;
  std::string err;
  if (!game.reset(fen, &err)) return fail("FEN tag: " + err);
  t.tree = GameTree(fen);
  // One frame a line being read: its game, the node it stands on, and
  // whether the rest of it is skipped (after a move that cannot be played).
  struct Frame {
    Game game;
    int at;
    bool dead;
    bool started;  // a move of this line has been read
  };
  std::vector<Frame> stack;
  Frame cur{game, GameTree::kRoot, false, true};
  std::string pending;  // a comment before a line's first move
  bool ended = false;   // the main line's result was read
  for (const Item& item : movetext_items(movetext)) {
    if (ended) break;
    switch (item.kind) {
      case Item::Open: {
        if (int(stack.size()) >= kMaxVariationDepth)
          return fail("variations are nested deeper than " + std::to_string(kMaxVariationDepth) + " levels");
        stack.push_back(cur);
        // The variation replaces the move just played: it starts before it.
        Frame v = cur;
        v.started = false;
        if (v.at != GameTree::kRoot && !v.dead) {
          v.game.undo();
          v.at = t.tree.node(v.at).parent;
        } else {
          v.dead = true;  // a variation with no move to replace
        }
        cur = std::move(v);
        pending.clear();
        break;
      }
      case Item::Close:
        if (stack.empty()) break;  // a stray bracket
        cur = std::move(stack.back());
        stack.pop_back();
        pending.clear();
        break;
      case Item::Comment:
        if (cur.dead) break;
        if (!cur.started) pending += (pending.empty() ? "" : " ") + item.text;  // before a variation's first move
        else if (cur.at == GameTree::kRoot) t.tree.set_comment(GameTree::kRoot, item.text);
        else
          t.tree.set_comment(cur.at, t.tree.node(cur.at).comment.empty() ? item.text
                                                                            : t.tree.node(cur.at).comment + " " + item.text);
        break;
      case Item::Word: {
        std::string tok = item.text;
        if (tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*") {
          if (stack.empty()) {
            if (t.tag("Result").empty()) t.tags.emplace_back("Result", tok);
            ended = true;
          }
          break;
        }
        if (cur.dead) break;
        int nag = 0;
        if (tok[0] == '$') {
          if (cur.at != GameTree::kRoot && parse_int(tok.substr(1), 0, 255, nag) && nag <= 6)
            t.tree.set_mark(cur.at, nag);
          break;
        }
        if (const int g = glyph_mark(tok)) {
          if (cur.at != GameTree::kRoot) t.tree.set_mark(cur.at, g);
          break;
        }
        std::string glyph;
        while (tok.size() > 1 && (tok.back() == '!' || tok.back() == '?')) {
          glyph.insert(glyph.begin(), tok.back());
          tok.pop_back();
        }
        Move m = kNoMove;
        Position p = cur.game.position();
        std::string why;
        if (!parse_move(p, tok, m, &err)) why = err;
        else if (!cur.game.play_on(m)) why = "it is not legal here";
        if (!why.empty()) {
          if (!stack.empty()) {  // a variation is cut there
            cur.dead = true;
            ++t.dropped_variations;
            break;
          }
          if (t.tags.empty() && t.tree.size() == 1) return fail("move 1 '" + tok + "': " + why);
          t.stopped_at = cur.game.ply() + 1;
          t.stopped_move = tok;
          t.stopped_why = why;
          ended = true;
          break;
        }
        cur.at = t.tree.add(cur.at, m);
        cur.started = true;
        if (!glyph.empty()) t.tree.set_mark(cur.at, glyph_mark(glyph));
        if (!pending.empty()) {
          t.tree.set_comment(cur.at, pending);
          pending.clear();
        }
        break;
      }
    }
  }
  out = std::move(t);
  return true;
}

std::string write_pgn_tree(const GameTree& tree, std::vector<std::pair<std::string, std::string>> tags,
                           const std::string& result, NotationStyle style) {
  auto set = [&](const std::string& k, const std::string& v) {
    for (auto& t : tags)
      if (t.first == k) {
        t.second = v;
        return;
      }
    tags.emplace_back(k, v);
  };
  set("Game", "Chinese Chess");
  set("Result", result);
  if (tree.fen() != kStartFen) set("FEN", tree.fen());
  set("Format", style == NotationStyle::Wxf ? "WXF" : style == NotationStyle::Iccs ? "ICCS" : "Chinese");
  std::ostringstream out;
  write_tags(out, tags);
  std::string line;
  bool glue_next = false;  // after "(": the variation's first move follows without a space
  auto emit = [&](const std::string& w, bool glue = false) {
    glue = glue || glue_next;
    glue_next = false;
    if (!glue && line.size() + w.size() > 72) {
      out << line << "\n";
      line.clear();
    }
    if (!glue && !line.empty()) line += ' ';
    line += w;
  };
  FenData d;
  parse_fen(tree.fen(), d, nullptr);
  Position pos = d.pos;
  auto emit_move = [&](int id, int round, bool red, bool numbered) {
    const TreeNode& n = tree.node(id);
    // The number and the move as one word, so a line never breaks between them.
    const std::string number = red ? std::to_string(round) + ". " : numbered ? std::to_string(round) + "... " : "";
    emit(number + move_name(pos, n.move, style));
    if (n.mark) emit("$" + std::to_string(n.mark));
    if (!n.comment.empty()) emit(braced(n.comment));
  };
  // One line from a node on: its main moves, each followed by the variations
  // played instead of it; recursion only into variations (at most 64 deep as read).
  std::function<void(int, int, bool, bool)> write_line = [&](int from, int round, bool red, bool numbered) {
    const Position start = pos;  // put back at the end (a line may be longer than a position takes back)
    int at = from;
    while (!tree.node(at).children.empty()) {
      const std::vector<int>& children = tree.node(at).children;
      emit_move(children[0], round, red, numbered);
      numbered = false;
      for (size_t v = 1; v < children.size(); ++v) {
        emit("(");
        glue_next = true;
        emit_move(children[v], round, red, true);
        pos.do_move(tree.node(children[v]).move);
        write_line(children[v], red ? round : round + 1, !red, false);
        pos.undo_move();
        emit(")", true);
        numbered = true;  // the next move after a variation carries its number
      }
      pos.do_move(tree.node(children[0]).move);
      if (!red) ++round;
      red = !red;
      at = children[0];
    }
    pos = start;
  };
  if (!tree.node(GameTree::kRoot).comment.empty()) emit(braced(tree.node(GameTree::kRoot).comment));
  write_line(GameTree::kRoot, d.fullmove, d.pos.side() == RED, true);
  emit(result);
  out << line << "\n";
  return out.str();
}

}  // namespace xq
