#include "dhtmlxq.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>

#include "fen.h"
#include "movegen.h"
#include "parse_int.h"
#include "text_encoding.h"
#include "notation.h"
#include "xqf.h"

namespace xq {

namespace {

constexpr const char* kOpen = "[DhtmlXQ]";
constexpr const char* kClose = "[/DhtmlXQ]";

// The slots' piece letters, red then black (black's in lower case).
constexpr const char kSlotLetters[] = "RNBAKABNRCCPPPPP";

// A block copied out of a web page: its line breaks as <br>, its brackets
// and quotes as entities.
std::string plain_text(const std::string& html) {
  std::string out;
  for (size_t i = 0; i < html.size(); ++i) {
    if (html[i] == '<') {  // a tag: dropped, unless a game block sits in one of its attributes
      const size_t end = html.find('>', i);
      if (end == std::string::npos) break;
      const std::string tag = html.substr(i + 1, end - i - 1);
      if (tag.find("DhtmlXQ") != std::string::npos || tag.find("dhtmlxq") != std::string::npos)
        out += " " + plain_text(tag) + " ";  // the FLASH and JAVA viewers' blocks are attribute values
      i = end;
      continue;
    }
    if (html[i] == '&') {
      static const std::pair<const char*, const char*> kEntities[] = {
          {"&#91;", "["}, {"&#93;", "]"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""},
          {"&nbsp;", " "}, {"&#39;", "'"}, {"&amp;", "&"}};
      bool done = false;
      for (const auto& [name, text] : kEntities)
        if (html.compare(i, std::strlen(name), name) == 0) {
          out += text;
          i += std::strlen(name) - 1;
          done = true;
          break;
        }
      if (done) continue;
    }
    out += html[i];
  }
  return out;
}

// The value of [DhtmlXQ_NAME]…[/DhtmlXQ_NAME] in block, or nullopt.
bool field(const std::string& block, const std::string& name, std::string& value) {
  const std::string open = "[DhtmlXQ_" + name + "]", close = "[/DhtmlXQ_" + name + "]";
  const size_t a = block.find(open);
  if (a == std::string::npos) return false;
  const size_t b = block.find(close, a + open.size());
  if (b == std::string::npos) return false;
  value = block.substr(a + open.size(), b - a - open.size());
  return true;
}

std::string trim(std::string s) {
  const size_t a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t\r\n") - a + 1);
}

// A comment's "||" line breaks as spaces.
std::string comment_text(std::string s) {
  for (size_t at; (at = s.find("||")) != std::string::npos;) s.replace(at, 2, 1, ' ');
  return trim(s);
}

// "XY" (file from red's left, row from black's side) as a square.
bool square_of(char x, char y, Square& s) {
  if (x < '0' || x > '8' || y < '0' || y > '9') return false;
  s = make_square(x - '0', 9 - (y - '0'));
  return true;
}

std::string xy(Square s) { return std::string(1, char('0' + file_of(s))) + char('0' + (9 - rank_of(s))); }

bool start_position(const std::string& binit, std::string& fen, std::string* error) {
  if (binit.size() != 64) {
    if (error) *error = "DhtmlXQ_binit has " + std::to_string(binit.size()) + " digits, not 64";
    return false;
  }
  char board[10][9];
  std::memset(board, 0, sizeof board);
  for (int i = 0; i < 32; ++i) {
    const char x = binit[size_t(2 * i)], y = binit[size_t(2 * i + 1)];
    if (x == '9' && y == '9') continue;  // not on the board
    Square s;
    if (!square_of(x, y, s)) {
      if (error) *error = "DhtmlXQ_binit: '" + binit.substr(size_t(2 * i), 2) + "' is not a square";
      return false;
    }
    char& at = board[rank_of(s)][file_of(s)];
    if (at) {
      if (error) *error = "DhtmlXQ_binit: two pieces on one point (" + binit.substr(size_t(2 * i), 2) + ")";
      return false;
    }
    const char letter = kSlotLetters[i % 16];
    at = i < 16 ? letter : char(letter - 'A' + 'a');
  }
  fen.clear();
  for (int rank = 9; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 9; ++file) {
      if (!board[rank][file]) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += board[rank][file];
    }
    if (empty) fen += char('0' + empty);
    if (rank) fen += '/';
  }
  return true;
}

// The block's variations: [DhtmlXQ_move_P_S_B] is variation B of line P (0:
// the main line), its first move replacing P's move number S; its comments
// are [DhtmlXQ_commentB_N] by move number. A line whose parent is unknown, or
// a move that cannot be played, is left out from there.
GameTree variations_tree(const std::string& block, const PgnGame& g) {
  GameTree t(g.fen);
  std::string v;
  if (field(block, "comment0", v)) t.set_comment(GameTree::kRoot, comment_text(v));
  std::vector<int> main = {GameTree::kRoot};
  for (size_t i = 0; i < g.moves.size(); ++i) {
    main.push_back(t.add(main.back(), g.moves[i]));
    if (i < g.comments.size()) t.set_comment(main.back(), g.comments[i]);
  }
  struct Branch {
    int parent, step, id;
    std::string list;
  };
  std::vector<Branch> branches;
  const std::string tag = "[DhtmlXQ_move_";
  for (size_t at = block.find(tag); at != std::string::npos && branches.size() < 10000; at = block.find(tag, at + 1)) {
    const size_t end = block.find(']', at);
    if (end == std::string::npos) break;
    int nums[3];
    std::string name = block.substr(at + tag.size(), end - at - tag.size());
    bool ok = true;
    for (int k = 0; k < 3 && ok; ++k) {
      const size_t us = name.find('_');
      ok = parse_int(k < 2 ? name.substr(0, us) : name, 0, 1000000, nums[k]) && (k == 2 || us != std::string::npos);
      if (us != std::string::npos) name = name.substr(us + 1);
    }
    if (!ok) continue;
    std::string list;
    field(block, "move_" + block.substr(at + tag.size(), end - at - tag.size()), list);
    branches.push_back({nums[0], nums[1], nums[2], trim(list)});
  }
  std::stable_sort(branches.begin(), branches.end(), [](const Branch& a, const Branch& b) { return a.id < b.id; });
  std::map<int, std::vector<int>> lines = {{0, main}};  // each line's node at each move number (0: the start)
  FenData start;
  parse_fen(g.fen, start, nullptr);
  for (const Branch& b : branches) {
    const auto parent = lines.find(b.parent);
    if (b.id == 0 || lines.count(b.id) || parent == lines.end() || b.step < 1 ||
        b.step > int(parent->second.size()) || b.list.size() % 4)
      continue;
    std::vector<int> nodes(parent->second.begin(), parent->second.begin() + b.step);
    Position pos = start.pos;
    for (Move m : t.moves_to(nodes.back())) pos.do_move(m);
    for (size_t i = 0; i + 4 <= b.list.size() && t.size() < 200000; i += 4) {
      Square from, to;
      if (!square_of(b.list[i], b.list[i + 1], from) || !square_of(b.list[i + 2], b.list[i + 3], to)) break;
      const Move m = make_move(from, to);
      if (!is_legal(pos, m)) break;
      pos.do_move(m);
      nodes.push_back(t.add(nodes.back(), m));
      const std::string key = "comment" + std::to_string(b.id) + "_" + std::to_string(b.step + int(i / 4));
      if (field(block, key, v)) t.set_comment(nodes.back(), comment_text(v));
    }
    lines[b.id] = std::move(nodes);
  }
  return t;
}

std::string result_from(const std::string& r) {
  if (r == "红胜" || r == "1-0" || r == "红方胜") return "1-0";
  if (r == "黑胜" || r == "0-1" || r == "黑方胜") return "0-1";
  if (r == "和棋" || r == "和局" || r == "1/2-1/2") return "1/2-1/2";
  return "*";
}

// The text as UTF-8 without HTML: older pages are GBK, and a page shows a
// block with entities for its brackets and <br> for its lines.
std::string normalized(const std::string& raw) {
  std::string text = text_as_utf8(raw);
  static const char* kHtml[] = {"&#91;DhtmlXQ", "<br", "<BR", "<html", "<HTML", "<embed", "<EMBED", "<object",
                                "<OBJECT", "<param", "<PARAM", "<applet", "<APPLET", "<iframe", "<IFRAME", "<div", "<DIV"};
  for (const char* h : kHtml)
    if (text.find(h) != std::string::npos) {
      text = plain_text(text);
      break;
    }
  // The forms a forum opens a block with, for its viewers: [DhtmlXQiFrame],
  // [DhtmlXQFLASH], [DhtmlXQJAVA], [DhtmlXQHTML]; the fields inside are the same.
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const bool closing = text.compare(i, 9, "[/DhtmlXQ") == 0;
    if (closing || text.compare(i, 8, "[DhtmlXQ") == 0) {
      size_t k = i + (closing ? 9 : 8);
      while (k < text.size() && k < i + 24 && std::isalpha(static_cast<unsigned char>(text[k]))) ++k;
      if (k < text.size() && text[k] == ']') {
        out += closing ? kClose : kOpen;
        i = k + 1;
        continue;
      }
    }
    out += text[i++];
  }
  return out;
}

}  // namespace

bool looks_like_dhtmlxq(const std::string& text) { return text.find("DhtmlXQ") != std::string::npos; }

bool read_dhtmlxq(const std::string& raw, PgnGame& out, std::string* error, std::string* notice, GameTree* tree) {
  auto fail = [&](const std::string& m) {
    if (error) *error = "DhtmlXQ: " + m;
    return false;
  };
  if (notice) notice->clear();
  const std::string text = normalized(raw);
  const size_t open = text.find(kOpen);
  if (open == std::string::npos) return fail("no [DhtmlXQ] block in the text");
  const size_t close = text.find(kClose, open);
  if (close == std::string::npos) return fail("the [DhtmlXQ] block has no [/DhtmlXQ] end");
  const std::string block = text.substr(open, close - open);
  const bool more_games = text.find(kOpen, close) != std::string::npos;

  PgnGame g;
  static const std::pair<const char*, const char*> kTags[] = {
      {"title", "Title"}, {"event", "Event"}, {"date", "Date"}, {"place", "Site"}, {"red", "Red"}, {"black", "Black"}};
  std::string v;
  for (const auto& [name, tag] : kTags)
    if (field(block, name, v) && !trim(v).empty()) g.tags.emplace_back(tag, trim(v).substr(0, 200));
  std::string fen = kStartFen;
  if (field(block, "binit", v) && !trim(v).empty()) {
    std::string err;
    if (!start_position(trim(v), fen, &err)) return fail(err);
    fen += " w - - 0 1";  // the side to move follows from the first move below
  }
  std::string list;
  field(block, "movelist", list);
  list = trim(list);
  if (list.size() % 4) return fail("DhtmlXQ_movelist has " + std::to_string(list.size()) + " digits, not a multiple of 4");
  if (list.size() > 4 * 2000) return fail("more than 2000 moves");
  // Black moves first when the first move is a black piece's.
  if (list.size() >= 4 && fen != kStartFen) {
    Square from;
    FenData d;
    if (square_of(list[0], list[1], from) && parse_fen(fen, d, nullptr)) {
      const PieceId id = d.pos.piece_at(from);
      if (id && color_of_id(id) == BLACK) fen.replace(fen.find(" w "), 3, " b ");
    }
  }
  Game game;
  std::string err;
  if (!game.reset(fen, &err)) return fail("the position: " + err);
  g.fen = fen;
  if (field(block, "comment0", v) && !comment_text(v).empty()) g.tags.emplace_back("Comment", comment_text(v));
  for (size_t i = 0; i < list.size(); i += 4) {
    Square from, to;
    Move m = kNoMove;
    if (square_of(list[i], list[i + 1], from) && square_of(list[i + 2], list[i + 3], to)) m = make_move(from, to);
    if (!m || !game.play_on(m)) {  // kept up to it, as with XQF and PGN
      g.stopped_at = int(i / 4) + 1;
      g.stopped_move = m ? move_to_iccs(m) : list.substr(i, 4);
      g.stopped_why = m ? "it is not legal in " + game.fen() : "it is not a pair of squares";
      break;
    }
    g.moves.push_back(m);
    g.comments.push_back(field(block, "comment" + std::to_string(i / 4 + 1), v) ? comment_text(v) : "");
  }
  g.tags.emplace_back("Result", field(block, "result", v) ? result_from(trim(v)) : "*");
  if (fen != kStartFen) g.tags.emplace_back("FEN", fen);
  if (tree) *tree = variations_tree(block, g);
  if (notice) {
    if (!tree && block.find("[DhtmlXQ_move_") != std::string::npos)
      *notice = "the variations were skipped; the main line is shown";
    if (more_games) *notice += std::string(notice->empty() ? "" : "; ") + "the text holds more games; the first is shown";
  }
  note_verdict(game, g);
  out = std::move(g);
  return true;
}

std::string write_dhtmlxq(const PgnGame& g, const GameTree* tree) {
  std::string s = std::string(kOpen) + "\n[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]\n";
  // Brackets in a value would end its field early.
  auto clean = [](std::string v) {
    for (char& c : v)
      if (c == '[' || c == ']' || c == '\n' || c == '\r') c = c == '[' ? '(' : c == ']' ? ')' : ' ';
    return v;
  };
  static const std::pair<const char*, const char*> kTags[] = {
      {"title", "Title"}, {"event", "Event"}, {"date", "Date"}, {"place", "Site"}, {"red", "Red"}, {"black", "Black"}};
  for (const auto& [name, tag] : kTags)
    if (const std::string v = g.tag(tag); !v.empty())
      s += "[DhtmlXQ_" + std::string(name) + "]" + clean(v) + "[/DhtmlXQ_" + name + "]\n";
  const std::string r = g.tag("Result");
  s += std::string("[DhtmlXQ_result]") + (r == "1-0" ? "红胜" : r == "0-1" ? "黑胜" : r == "1/2-1/2" ? "和棋" : "未知") +
       "[/DhtmlXQ_result]\n";
  if (g.fen != kStartFen) {
    FenData d;
    if (parse_fen(g.fen, d, nullptr)) {
      // Each slot takes a piece of its kind and colour, in board order.
      std::string binit(64, '9');
      bool used[90] = {};
      for (int i = 0; i < 32; ++i) {
        const Color c = i < 16 ? RED : BLACK;
        const char want = kSlotLetters[i % 16];
        for (int k = 0; k < 90; ++k) {
          const Square sq = make_square(k % 9, k / 9);
          const PieceId id = d.pos.piece_at(sq);
          if (!id || used[k] || color_of_id(id) != c || "KABNRCP"[type_of_id(id)] != want) continue;
          used[k] = true;
          const std::string at = xy(sq);
          binit[size_t(2 * i)] = at[0];
          binit[size_t(2 * i + 1)] = at[1];
          break;
        }
      }
      s += "[DhtmlXQ_binit]" + binit + "[/DhtmlXQ_binit]\n";
    }
  }
  if (tree && tree->main_line() == g.moves) {
    // The tree's lines, the main one first, then each variation as it is met
    // along the lines before it: [DhtmlXQ_move_P_S_B] and [DhtmlXQ_commentB_N].
    struct Line {
      int first, parent, step, id;
    };
    std::vector<Line> todo;
    if (!tree->node(GameTree::kRoot).children.empty()) todo.push_back({tree->node(GameTree::kRoot).children[0], 0, 1, 0});
    for (size_t k = 1; k < tree->node(GameTree::kRoot).children.size(); ++k)
      todo.push_back({tree->node(GameTree::kRoot).children[k], 0, 1, int(todo.size())});
    std::string comments;
    if (const std::string& c = tree->node(GameTree::kRoot).comment; !c.empty())
      comments += "[DhtmlXQ_comment0]" + clean(c) + "[/DhtmlXQ_comment0]\n";
    if (todo.empty()) s += "[DhtmlXQ_movelist][/DhtmlXQ_movelist]\n";
    for (size_t k = 0; k < todo.size(); ++k) {
      const Line line = todo[k];
      std::string list;
      int step = line.step;
      for (int at = line.first; at >= 0; ++step) {
        const TreeNode& n = tree->node(at);
        list += xy(move_from(n.move)) + xy(move_to(n.move));
        const std::string key = (line.id ? std::to_string(line.id) + "_" : "") + std::to_string(step);
        if (!n.comment.empty()) comments += "[DhtmlXQ_comment" + key + "]" + clean(n.comment) + "[/DhtmlXQ_comment" + key + "]\n";
        for (size_t c = 1; c < n.children.size(); ++c) todo.push_back({n.children[c], line.id, step + 1, int(todo.size())});
        at = n.children.empty() ? -1 : n.children[0];
      }
      const std::string name = line.id ? "move_" + std::to_string(line.parent) + "_" + std::to_string(line.step) + "_" +
                                             std::to_string(line.id)
                                       : "movelist";
      s += "[DhtmlXQ_" + name + "]" + list + "[/DhtmlXQ_" + name + "]\n";
    }
    return s + comments + kClose + "\n";
  }
  std::string list;
  for (Move m : g.moves) list += xy(move_from(m)) + xy(move_to(m));
  s += "[DhtmlXQ_movelist]" + list + "[/DhtmlXQ_movelist]\n";
  if (const std::string c = g.tag("Comment"); !c.empty()) s += "[DhtmlXQ_comment0]" + clean(c) + "[/DhtmlXQ_comment0]\n";
  for (size_t i = 0; i < g.comments.size() && i < g.moves.size(); ++i)
    if (!g.comments[i].empty())
      s += "[DhtmlXQ_comment" + std::to_string(i + 1) + "]" + clean(g.comments[i]) + "[/DhtmlXQ_comment" +
           std::to_string(i + 1) + "]\n";
  return s + kClose + "\n";
}

int read_dhtmlxq_all(const std::string& raw, std::vector<PgnGame>& out, int* skipped) {
  const std::string text = normalized(raw);
  int found = 0, bad = 0;
  std::vector<PgnGame> games;
  for (size_t open = text.find(kOpen); open != std::string::npos && games.size() < 100000;
       open = text.find(kOpen, open + 1)) {
    const size_t close = text.find(kClose, open);
    if (close == std::string::npos) break;
    ++found;
    PgnGame g;
    if (read_dhtmlxq(text.substr(open, close + std::strlen(kClose) - open), g, nullptr)) games.push_back(std::move(g));
    else ++bad;
  }
  if (skipped) *skipped = bad;
  out = std::move(games);
  return found;
}

}  // namespace xq
