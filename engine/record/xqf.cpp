#include "xqf.h"

#include <iconv.h>

#include <algorithm>
#include <cctype>
#include <cerrno>

#include <array>
#include <cstdint>

#include "movegen.h"
#include "notation.h"

namespace xq {

namespace {

constexpr size_t kHeaderSize = 0x400;  // the moves start here
// A move record: from, to, flags, reserved, then (v1.0 always, later when
// flagged) a comment length and the comment.

// The 32 piece slots: red's rook, horse, elephant, advisor, king, advisor,
// elephant, horse, rook, two cannons, five pawns; then black's the same (FEN letters).
constexpr char kSlotPiece[16] = {'r', 'n', 'b', 'a', 'k', 'a', 'b', 'n', 'r', 'c', 'c', 'p', 'p', 'p', 'p', 'p'};

// The key stream of the encrypted versions is the header's keys masked by this phrase.
constexpr char kStreamMask[] = "[(C) Copyright Mr. Dong Shiwei.]";

uint8_t byte_at(const std::string& b, size_t i) { return uint8_t(b[i]); }

// Offsets and key stream of versions 1.1 and later (all zero for 1.0).
struct Keys {
  uint8_t piece = 0, from = 0, to = 0;
  uint32_t comment = 0;
  std::array<uint8_t, 32> stream{};
};

uint8_t scramble(uint8_t k) { return uint8_t(int(k) * int(k) * 54 + 221); }

Keys keys_of(const std::string& b, int version) {
  Keys k;
  if (version < 11) return k;
  k.piece = uint8_t(scramble(byte_at(b, 13)) * byte_at(b, 13));
  k.from = uint8_t(scramble(byte_at(b, 14)) * k.piece);
  k.to = uint8_t(scramble(byte_at(b, 15)) * k.from);
  k.comment = (uint32_t(byte_at(b, 12)) * 256 + byte_at(b, 13)) % 32000 + 767;
  const uint8_t mask = byte_at(b, 3);
  uint8_t args[4];
  for (int i = 0; i < 4; ++i) args[i] = uint8_t(byte_at(b, 8 + size_t(i)) | (byte_at(b, 12 + size_t(i)) & mask));
  for (int i = 0; i < 32; ++i) k.stream[size_t(i)] = uint8_t(args[i % 4] & uint8_t(kStreamMask[i]));
  return k;
}

// Reads the move records byte by byte, undoing the key stream as it goes.
class RecordReader {
 public:
  RecordReader(const std::string& b, const Keys& k) : b_(b), k_(k) {}
  bool take(size_t n, std::string& out) {
    if (at_ + n > b_.size()) return false;
    out.resize(n);
    for (size_t i = 0; i < n; ++i) {
      out[i] = char(uint8_t(byte_at(b_, at_ + i) - k_.stream[index_]));
      index_ = (index_ + 1) % 32;
    }
    at_ += n;
    return true;
  }
  bool take_u32(uint32_t& v) {
    std::string s;
    if (!take(4, s)) return false;
    v = uint32_t(uint8_t(s[0])) | uint32_t(uint8_t(s[1])) << 8 | uint32_t(uint8_t(s[2])) << 16 |
        uint32_t(uint8_t(s[3])) << 24;
    return true;
  }
  size_t offset() const { return at_; }

 private:
  const std::string& b_;
  const Keys& k_;
  size_t at_ = kHeaderSize;
  size_t index_ = 0;
};

// A header string: a length byte, then that many bytes (GBK) within its field.
std::string field(const std::string& b, size_t at, size_t width) {
  const size_t n = std::min<size_t>(byte_at(b, at), width - 1);
  return gbk_to_utf8(b.substr(at + 1, n));
}

// "X*10+Y" (file from red's left, rank from red's side) as a square, or false.
bool xqf_square(uint8_t v, Square& s) {
  if (v >= 90) return false;
  s = make_square(v / 10, v % 10);
  return true;
}

// The start position as FEN from the 32 piece slots; side to move given.
bool start_fen(const uint8_t* slots, Color side, std::string& fen, std::string* error) {
  char board[10][9];
  for (auto& row : board)
    for (char& c : row) c = 0;
  for (int i = 0; i < 32; ++i) {
    if (slots[i] >= 90) continue;  // not on the board
    const int file = slots[i] / 10, rank = slots[i] % 10;
    if (board[rank][file]) {
      if (error) *error = "two pieces on the same point (" + std::string(1, char('a' + file)) + std::to_string(rank) + ")";
      return false;
    }
    const char p = kSlotPiece[i % 16];
    board[rank][file] = i < 16 ? char(p - 'a' + 'A') : p;
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
  fen += side == RED ? " w - - 0 1" : " b - - 0 1";
  return true;
}

}  // namespace

namespace {

// Text through an open converter (closed after): a byte it cannot convert
// becomes '?' and the rest goes on.
std::string converted(iconv_t cd, const std::string& text) {
  std::string in = text, out;
  char* ip = in.data();
  size_t il = in.size();
  char buf[256];
  while (il > 0) {
    char* op = buf;
    size_t ol = sizeof buf;
    const size_t r = iconv(cd, &ip, &il, &op, &ol);
    out.append(buf, size_t(op - buf));
    if (r == size_t(-1) && errno != E2BIG) {
      out += '?';
      ++ip;
      --il;
      iconv(cd, nullptr, nullptr, nullptr, nullptr);
    }
  }
  iconv_close(cd);
  return out;
}

}  // namespace

std::string gbk_to_utf8(const std::string& gbk) {
  bool plain = true;
  for (char c : gbk) plain &= uint8_t(c) < 0x80;
  if (plain) return gbk;
  iconv_t cd = iconv_open("UTF-8", "GB18030");
  if (cd == iconv_t(-1)) cd = iconv_open("UTF-8", "GBK");
  std::string out;
  if (cd == iconv_t(-1)) {
    for (char c : gbk) out += uint8_t(c) < 0x80 ? c : '?';
    return out;
  }
  return converted(cd, gbk);
}

bool looks_like_xqf(const std::string& bytes) { return bytes.size() >= 2 && bytes[0] == 'X' && bytes[1] == 'Q'; }

bool read_xqf(const std::string& b, PgnGame& out, std::string* error, std::string* notice, GameTree* tree) {
  auto fail = [&](const std::string& m) {
    if (error) *error = "XQF: " + m;
    return false;
  };
  if (notice) notice->clear();
  if (!looks_like_xqf(b)) return fail("not an XQF file (no 'XQ' signature)");
  // The root record alone (four bytes in the later versions) is a game with no moves.
  if (b.size() < kHeaderSize + 4) return fail("the file is cut short (" + std::to_string(b.size()) + " bytes)");
  const int version = byte_at(b, 2);
  if (version < 10 || version > 18) return fail("unknown version " + std::to_string(version));
  const Keys k = keys_of(b, version);

  PgnGame g;
  g.tags.emplace_back("Event", field(b, 0xD0, 64).empty() ? field(b, 0x50, 64) : field(b, 0xD0, 64));
  if (const std::string t = field(b, 0x50, 64); !t.empty()) g.tags.emplace_back("Title", t);
  if (const std::string d = field(b, 0x110, 16); !d.empty()) g.tags.emplace_back("Date", d);
  if (const std::string s = field(b, 0x120, 16); !s.empty()) g.tags.emplace_back("Site", s);
  g.tags.emplace_back("Red", field(b, 0x130, 16));
  g.tags.emplace_back("Black", field(b, 0x140, 16));
  if (const std::string a = field(b, 0x1D0, 16); !a.empty()) g.tags.emplace_back("Annotator", a);
  static const char* const kResults[4] = {"*", "1-0", "0-1", "1/2-1/2"};
  const uint8_t result = byte_at(b, 0x33);
  const std::string result_tag = result < 4 ? kResults[result] : "*";

  // The start position: the 32 slots, unscrambled in the later versions.
  uint8_t slots[32];
  for (int i = 0; i < 32; ++i) {
    const uint8_t v = uint8_t(byte_at(b, 0x10 + size_t(i)) - k.piece);
    if (version < 12) slots[i] = v;
    else slots[(k.piece + 1 + i) % 32] = v;
  }

  // The move records: record 0 is empty (the start); each has from, to,
  // flags, and a comment. The tree is stored depth first: a record, then its
  // next move's subtree, then its alternative's (a variation). The flags say
  // whether a record has a next move and an alternative; the main line is
  // the first records, up to one without a next move.
  struct Record {
    uint8_t from, to;
    std::string comment;
    int parent;
  };
  RecordReader rd(b, k);
  std::vector<Record> recs;
  std::vector<int> alternative_parents;  // where the alternatives still to come branch off
  int parent = -1;
  size_t main_end = 0;   // records of the main line read (0: not all of it yet)
  bool variations = false, cut_short = false;
  std::string main_cut;  // why the main line ends before its end ("" when it is whole)
  for (;;) {
    std::string rec;
    uint32_t comment_len = 0;
    std::string where;
    if (!rd.take(4, rec)) where = "the moves are cut short at byte " + std::to_string(rd.offset());
    bool child = false, alternative = false;
    if (where.empty()) {
      const uint8_t flags = uint8_t(rec[2]);
      if (version < 11) {
        // A file that ends after the root record's four bytes: a game with no moves.
        if (recs.empty() && rd.offset() == b.size()) {
          recs.push_back({0, 0, "", -1});
          main_end = 1;
          break;
        }
        if (!rd.take_u32(comment_len)) where = "the moves are cut short at byte " + std::to_string(rd.offset());
        child = (flags & 0xF0) != 0;
        alternative = (flags & 0x0F) != 0;
      } else {
        if ((flags & 0x20) && !rd.take_u32(comment_len))
          where = "the moves are cut short at byte " + std::to_string(rd.offset());
        else if (flags & 0x20) comment_len -= k.comment;
        child = (flags & 0x80) != 0;
        alternative = (flags & 0x40) != 0;
      }
    }
    std::string comment;
    if (where.empty() && comment_len > b.size()) where = "a comment longer than the file at byte " + std::to_string(rd.offset());
    else if (where.empty() && comment_len && !rd.take(comment_len, comment)) where = "a comment is cut short";
    else if (where.empty() && recs.size() >= 500000) where = "more than 500000 moves";
    if (!where.empty()) {
      if (!main_end) {
        // The main line itself is cut (a file cut short): what was read of it is kept, the rest
        // said; the records so far are all of the main line (it comes first). Nothing read: refused.
        if (recs.empty()) return fail(where);
        main_end = recs.size();
        main_cut = where;
        break;
      }
      cut_short = true;  // the main line is whole: the variations after it are left out
      break;
    }
    if (recs.empty()) alternative = false;  // the start has no alternative
    const int id = int(recs.size());
    recs.push_back({uint8_t(uint8_t(rec[0]) - 24 - k.from), uint8_t(uint8_t(rec[1]) - 32 - k.to), gbk_to_utf8(comment),
                    parent});
    if (!main_end && !child) main_end = recs.size();
    variations |= alternative;
    if (child) {
      if (alternative) alternative_parents.push_back(parent);
      parent = id;
    } else if (alternative) {
      // parent stays: the alternative is another move from the same position
    } else if (alternative_parents.empty()) {
      break;
    } else {
      parent = alternative_parents.back();
      alternative_parents.pop_back();
    }
  }
  std::vector<std::pair<uint8_t, uint8_t>> line;
  std::vector<std::string> comments;
  for (size_t i = 0; i < main_end; ++i) {
    comments.push_back(recs[i].comment);  // record 0's comment is about the start
    line.emplace_back(recs[i].from, recs[i].to);
  }
  if (line.size() > 2001) return fail("more than 2000 moves");
  if (!line.empty()) line.erase(line.begin());  // record 0

  // The side to move is the side of the first move's piece (red when there is none).
  Color side = RED;
  if (!line.empty()) {
    for (int i = 0; i < 32; ++i)
      if (slots[i] == line[0].first) side = i < 16 ? RED : BLACK;
  }
  std::string fen, err;
  if (!start_fen(slots, side, fen, &err)) return fail("start position: " + err);
  Game game;
  if (!game.reset(fen, &err) && line.empty()) {
    // No first move tells the side to move: the other side, when only it can be (the one not to move in check).
    std::string other;
    if (start_fen(slots, ~side, other, nullptr) && game.reset(other, nullptr)) fen = other;
  }
  if (!game.reset(fen, &err)) return fail("start position: " + err);
  g.fen = fen;
  if (!comments.empty() && !comments[0].empty()) g.tags.emplace_back("Comment", comments[0]);
  for (size_t i = 0; i < line.size(); ++i) {
    Square from, to;
    Move m = kNoMove;
    if (xqf_square(line[i].first, from) && xqf_square(line[i].second, to)) m = make_move(from, to);
    if (!m || !game.play_on(m)) {  // the game up to it is kept, as other readers do
      g.stopped_at = int(i) + 1;
      g.stopped_move = m ? move_to_iccs(m) : "off the board";
      g.stopped_why = "it is not legal in " + game.fen();
      break;
    }
    g.moves.push_back(m);
    g.comments.push_back(i + 1 < comments.size() ? comments[i + 1] : "");
  }
  g.tags.emplace_back("Result", result_tag);
  if (fen != kStartFen) g.tags.emplace_back("FEN", fen);
  if (tree) {  // every record but the start's, on its own position
    std::vector<TreeRecord> moves;
    for (size_t i = 1; i < recs.size(); ++i) {
      Square from, to;
      const bool on_board = xqf_square(recs[i].from, from) && xqf_square(recs[i].to, to);
      moves.push_back({on_board ? make_move(from, to) : kNoMove, recs[i].comment, recs[i].parent - 1});
    }
    *tree = tree_from_records(fen, recs.empty() ? "" : recs[0].comment, moves);
  }
  if (notice) {
    if (variations && !tree) *notice = "the file's variations were skipped; the main line is shown";
    if (cut_short) *notice = "the variations after the main line are cut short and were left out";
    if (!main_cut.empty())
      *notice = main_cut + ": the " + std::to_string(main_end - 1) + " moves before it are shown";
  }
  note_verdict(game, g);
  out = std::move(g);
  return true;
}

}  // namespace xq

namespace xq {

std::string utf8_to_gbk(const std::string& utf8) {
  iconv_t cd = iconv_open("GB18030", "UTF-8");
  if (cd == iconv_t(-1)) return utf8;
  return converted(cd, utf8);
}

namespace {

// A header string: its length byte and GBK bytes, cut to the field (at a
// whole character: a GBK lead byte is not left alone).
void put_field(std::string& b, size_t at, size_t width, const std::string& utf8) {
  std::string g = utf8_to_gbk(utf8);
  if (g.size() > width - 1) {
    size_t n = 0;
    while (n < g.size()) {
      const size_t len = uint8_t(g[n]) < 0x80 ? 1 : (n + 1 < g.size() && uint8_t(g[n + 1]) >= 0x30 && uint8_t(g[n + 1]) <= 0x39) ? 4 : 2;
      if (n + len > width - 1) break;
      n += len;
    }
    g.resize(n);
  }
  b[at] = char(g.size());
  for (size_t i = 0; i < g.size(); ++i) b[at + 1 + i] = g[i];
}

uint8_t xqf_point(Square s) { return uint8_t(file_of(s) * 10 + rank_of(s)); }

}  // namespace

std::string write_xqf(const GameTree& tree, const std::vector<std::pair<std::string, std::string>>& tags) {
  auto tag = [&](const char* name) {
    for (const auto& [k, v] : tags)
      if (k == name) return v;
    return std::string();
  };
  std::string b(kHeaderSize, '\0');
  b[0] = 'X';
  b[1] = 'Q';
  b[2] = 10;  // version 1.0: no scrambling
  FenData d;
  parse_fen(tree.fen(), d, nullptr);
  // The 32 slots, filled by piece kind in the slots' order; a piece without a slot of its kind is not written.
  uint8_t slots[32];
  std::fill(slots, slots + 32, uint8_t(0xFF));
  for (int sq = 0; sq < 90; ++sq) {
    const Square s = make_square(sq % 9, sq / 9);
    const PieceId id = d.pos.piece_at(s);
    if (!id) continue;
    const char letter = char(std::tolower(static_cast<unsigned char>(piece_letter(id))));
    const char kind = letter == 'h' ? 'n' : letter == 'e' ? 'b' : letter;
    const int base = color_of_id(id) == RED ? 0 : 16;
    for (int i = 0; i < 16; ++i)
      if (kSlotPiece[i] == kind && slots[base + i] == 0xFF) {
        slots[base + i] = xqf_point(s);
        break;
      }
  }
  for (int i = 0; i < 32; ++i) b[0x10 + size_t(i)] = char(slots[i]);
  const std::string result = tag("Result");
  b[0x33] = char(result == "1-0" ? 1 : result == "0-1" ? 2 : result == "1/2-1/2" ? 3 : 0);
  put_field(b, 0x50, 64, tag("Title").empty() ? tag("Event") : tag("Title"));
  put_field(b, 0xD0, 64, tag("Event"));
  put_field(b, 0x110, 16, tag("Date"));
  put_field(b, 0x120, 16, tag("Site"));
  put_field(b, 0x130, 16, tag("Red"));
  put_field(b, 0x140, 16, tag("Black"));
  put_field(b, 0x1D0, 16, tag("Annotator"));
  // The records, depth first: a node, its next move's subtree, then its
  // alternative (the next of its parent's children). Iterative: a line may be long.
  auto record = [&](int id, bool has_alternative) {
    const TreeNode& n = tree.node(id);
    const uint8_t from = id ? xqf_point(move_from(n.move)) : 0, to = id ? xqf_point(move_to(n.move)) : 0;
    b += char(from + 24);
    b += char(to + 32);
    b += char((n.children.empty() ? 0 : 0xF0) | (has_alternative ? 0x0F : 0));
    b += '\0';
    std::string comment = n.comment;
    if (n.mark) comment = std::string(mark_text(n.mark)) + (comment.empty() ? "" : " " + comment);
    const std::string g = utf8_to_gbk(comment);
    for (int k = 0; k < 4; ++k) b += char((g.size() >> (8 * k)) & 0xFF);
    b += g;
  };
  std::vector<std::pair<int, bool>> todo = {{GameTree::kRoot, false}};  // node, has an alternative after it
  while (!todo.empty()) {
    const auto [id, alternative] = todo.back();
    todo.pop_back();
    record(id, alternative);
    const std::vector<int>& children = tree.node(id).children;
    // The alternative (pushed first) is written after the subtree of the next move.
    for (size_t i = children.size(); i-- > 0;) todo.push_back({children[i], i + 1 < children.size()});
  }
  return b;
}

}  // namespace xq
