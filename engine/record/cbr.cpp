#include "cbr.h"

#include <cctype>
#include <cstdint>
#include <cstring>

#include "fen.h"
#include "movegen.h"
#include "notation.h"

namespace xq {

namespace {

// Two layouts of a game, told by byte 19: 1 the older, 2 (and any other
// value) today's. The older one lacks two 64-byte header fields (judge and
// recorder) and 128 bytes of paths, so everything after the black player
// sits 256 bytes earlier, and it writes a point as (file << 4) | row, rows
// from black's side, where today's counts the 90 points.
struct Layout {
  size_t title, event, red, black, result, base;  // base: the position block (the moves at base + 102)
  bool file_row_points;
};
constexpr Layout kLayout2 = {180, 692, 1076, 1300, 2076, 2112, false};
constexpr Layout kLayout1 = {52, 564, 948, 1172, 1820, 1856, true};
constexpr char kRecordMagic[] = "CCBridge Record";   // then a zero byte
constexpr char kLibraryMagic[] = "CCBridgeLibrary";  // then a zero byte
constexpr size_t kLibraryHeader = 576, kLibraryBlock = 4096;

uint32_t u32_at(const std::string& b, size_t at) {
  uint32_t v = 0;
  for (int k = 3; k >= 0; --k) v = (v << 8) | static_cast<unsigned char>(b[at + size_t(k)]);
  return v;
}

void put_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

// UTF-16LE text up to its first zero unit, as UTF-8 (a lone surrogate becomes '?').
std::string utf16_text(const std::string& b, size_t at, size_t bytes) {
  std::string out;
  const size_t end = std::min(b.size(), at + bytes);
  for (size_t i = at; i + 1 < end; i += 2) {
    uint32_t u = static_cast<unsigned char>(b[i]) | (uint32_t(static_cast<unsigned char>(b[i + 1])) << 8);
    if (u == 0) break;
    if (u >= 0xD800 && u < 0xDC00 && i + 3 < end) {
      const uint32_t lo = static_cast<unsigned char>(b[i + 2]) | (uint32_t(static_cast<unsigned char>(b[i + 3])) << 8);
      if (lo >= 0xDC00 && lo < 0xE000) {
        put_utf8(out, 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00));
        i += 2;
        continue;
      }
    }
    if (u >= 0xD800 && u < 0xE000) u = '?';
    if (u == '\r' || u == '\n') u = ' ';
    put_utf8(out, u);
  }
  return out;
}

// Point p of the file: from black's side down, nine to a row.
Square point(int p) { return make_square(p % 9, 9 - p / 9); }

// A move's point as the layout writes it, or false when it is off the board.
bool move_point(unsigned char v, const Layout& layout, Square& out) {
  if (layout.file_row_points) {
    if ((v >> 4) > 8 || (v & 15) > 9) return false;
    out = make_square(v >> 4, 9 - (v & 15));
    return true;
  }
  if (v >= 90) return false;
  out = point(v);
  return true;
}

char piece_letter(unsigned char v) {
  static const char kLetters[] = "RNBAKCP";
  const int type = v & 0x0F, side = v >> 4;
  if (type < 1 || type > 7 || (side != 1 && side != 2)) return 0;
  const char c = kLetters[type - 1];
  return side == 1 ? c : char(c - 'A' + 'a');
}

class Reader {
 public:
  Reader(const std::string& b, size_t at) : b_(b), at_(at) {}
  bool u32(uint32_t& v) {
    if (at_ + 4 > b_.size()) return false;
    v = u32_at(b_, at_);
    at_ += 4;
    return true;
  }
  bool bytes(size_t n, size_t& from) {
    if (n > b_.size() || at_ + n > b_.size()) return false;
    from = at_;
    at_ += n;
    return true;
  }
  size_t offset() const { return at_; }
  bool at_end() const { return at_ >= b_.size(); }

 private:
  const std::string& b_;
  size_t at_;
};

}  // namespace

bool looks_like_cbr(const std::string& b) {
  return b.size() >= 16 && std::memcmp(b.data(), kRecordMagic, sizeof kRecordMagic) == 0;
}

bool looks_like_cbl(const std::string& b) {
  return b.size() >= 16 && std::memcmp(b.data(), kLibraryMagic, sizeof kLibraryMagic) == 0;
}

bool read_cbr(const std::string& b, PgnGame& out, std::string* error, std::string* notice, GameTree* tree) {
  auto fail = [&](const std::string& m) {
    if (error) *error = "CBR: " + m;
    return false;
  };
  if (notice) notice->clear();
  if (!looks_like_cbr(b)) return fail("not a 象棋桥 game (no 'CCBridge Record' signature)");
  const Layout& layout = b.size() > 19 && b[19] == 1 ? kLayout1 : kLayout2;
  const size_t moves_at = layout.base + 102;
  if (b.size() < moves_at) return fail("the file is cut short (" + std::to_string(b.size()) + " bytes)");
  PgnGame g;
  if (const std::string t = utf16_text(b, layout.title, 128); !t.empty()) g.tags.emplace_back("Title", t);
  g.tags.emplace_back("Event", utf16_text(b, layout.event, 64));
  g.tags.emplace_back("Red", utf16_text(b, layout.red, 64));
  g.tags.emplace_back("Black", utf16_text(b, layout.black, 64));
  static const char* const kResults[4] = {"*", "1-0", "0-1", "1/2-1/2"};
  const unsigned char result = static_cast<unsigned char>(b[layout.result]);
  bool red_first = layout.file_row_points ? static_cast<unsigned char>(b[layout.base]) != 2
                                          : static_cast<unsigned char>(b[layout.base + 4]) == 1;

  // The position: 90 points from black's side down.
  char board[10][9];
  std::memset(board, 0, sizeof board);
  for (int p = 0; p < 90; ++p) {
    const unsigned char v = static_cast<unsigned char>(b[layout.base + 8 + size_t(p)]);
    if (!v) continue;
    const char letter = piece_letter(v);
    if (!letter) return fail("an unknown piece code " + std::to_string(v) + " at point " + std::to_string(p));
    board[rank_of(point(p))][file_of(point(p))] = letter;
  }
  std::string fen;
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
  if (layout.file_row_points && b.size() >= moves_at + 8) {
    // The older layout's side to move is not always set: the first move's piece tells.
    size_t first = moves_at + 4;
    if (u32_at(b, moves_at) != 0) first = moves_at + 8 + size_t(u32_at(b, moves_at + 4));
    Square from = 0;
    if (first + 4 <= b.size() && move_point(static_cast<unsigned char>(b[first + 2]), layout, from)) {
      const char mover = board[rank_of(from)][file_of(from)];
      if (mover) red_first = std::isupper(static_cast<unsigned char>(mover)) != 0;
    }
  }
  fen += red_first ? " w - - 0 1" : " b - - 0 1";
  if (diagram_side(fen)) g.tags.emplace_back("Diagram", kDiagramNote);
  Game game;
  std::string err;
  if (!game.reset(fen, &err)) return fail("the position: " + err);
  g.fen = fen;

  // The comment before the first move, then the main line's records.
  Reader rd(b, moves_at);
  uint32_t has = 0, len = 0;
  size_t from = 0;
  if (!rd.u32(has)) return fail("the moves are cut short at byte " + std::to_string(rd.offset()));
  if (has) {
    if (!rd.u32(len) || !rd.bytes(len, from)) return fail("the first comment is cut short");
    if (const std::string c = utf16_text(b, from, len); !c.empty()) g.tags.emplace_back("Comment", c);
  }
  bool variations = false;
  // The records are the tree depth first: a move, its next move's subtree
  // (unless flagged as the end of its line), then its alternative's (when
  // flagged). parent: the record each hangs from (-1: the start).
  std::vector<TreeRecord> recs;
  std::vector<int> alternative_parents;
  int parent = -1;
  bool main_done = false;
  while (!rd.at_end()) {
    size_t rec = 0;
    if (!rd.bytes(4, rec)) {
      if (main_done) break;  // the variations after the main line are cut short: left out
      return fail("the moves are cut short at byte " + std::to_string(rd.offset()));
    }
    const unsigned char flags = static_cast<unsigned char>(b[rec]), p_from = static_cast<unsigned char>(b[rec + 2]),
                        p_to = static_cast<unsigned char>(b[rec + 3]);
    if (!flags && !b[rec + 1] && !p_from && !p_to) break;  // the end of the moves
    std::string comment;
    if (flags & 0x04) {
      if (!rd.u32(len) || !rd.bytes(len, from)) {
        if (main_done) break;
        return fail("a comment is cut short at byte " + std::to_string(rd.offset()));
      }
      comment = utf16_text(b, from, len);
    }
    variations |= (flags & 0x02) != 0;
    Square sq_from = 0, sq_to = 0;
    const Move m = move_point(p_from, layout, sq_from) && move_point(p_to, layout, sq_to) ? make_move(sq_from, sq_to)
                                                                                          : kNoMove;
    if (!main_done) {
      if (g.moves.size() >= 2000) return fail("more than 2000 moves");
      if (!g.stopped_at) {
        if (!m || !game.play_on(m)) {  // kept up to it, as with the other formats
          g.stopped_at = int(g.moves.size()) + 1;
          g.stopped_move = m ? move_to_iccs(m) : "off the board";
          g.stopped_why = "it is not legal in " + game.fen();
        } else {
          g.moves.push_back(m);
          g.comments.push_back(comment);
        }
      }
    }
    if (!tree && (flags & 0x01)) break;  // the end of the main line: only variations follow
    if (recs.size() >= 500000) break;  // a bound on what a file can make us hold (an opening tree fits)
    const int id = int(recs.size());
    recs.push_back({m, comment, parent});
    const bool child = !(flags & 0x01), alternative = (flags & 0x02) != 0;
    if (!child) main_done = true;
    if (child) {
      if (alternative) alternative_parents.push_back(parent);
      parent = id;
    } else if (!alternative) {
      if (alternative_parents.empty()) break;
      parent = alternative_parents.back();
      alternative_parents.pop_back();
    }
  }
  if (tree) *tree = tree_from_records(fen, g.tag("Comment"), recs);
  g.tags.emplace_back("Result", result < 4 ? kResults[result] : "*");
  if (fen != kStartFen) g.tags.emplace_back("FEN", fen);
  if (variations && notice && !tree) *notice = "the file's variations were skipped; the main line is shown";
  note_verdict(game, g);
  out = std::move(g);
  return true;
}

bool read_cbl(const std::string& b, std::vector<PgnGame>& out, std::string* name, int* skipped,
              std::string* error) {
  auto fail = [&](const std::string& m) {
    if (error) *error = "CBL: " + m;
    return false;
  };
  if (!looks_like_cbl(b)) return fail("not a 象棋桥 library (no 'CCBridgeLibrary' signature)");
  if (b.size() < kLibraryHeader) return fail("the file is cut short (" + std::to_string(b.size()) + " bytes)");
  const uint32_t count = u32_at(b, 60);
  if (name) *name = utf16_text(b, 64, 512);
  // The games start after an index whose size grows with the count.
  const size_t start = count <= 128 ? 101952 : count <= 256 ? 137280 : count <= 384 ? 151080 : count <= 512 ? 207936 : 349248;
  std::vector<PgnGame> games;
  int bad = 0;
  if (start < b.size()) {
    const size_t first = b.find(kRecordMagic, start);
    for (size_t at = first; first != std::string::npos && at < b.size(); at += kLibraryBlock) {
      if (b.compare(at, sizeof kRecordMagic, std::string(kRecordMagic, sizeof kRecordMagic)) != 0) continue;  // a game's next block
      PgnGame g;
      // A game runs on into the following blocks until the next game.
      size_t end = at + kLibraryBlock;
      while (end < b.size() && b.compare(end, sizeof kRecordMagic, std::string(kRecordMagic, sizeof kRecordMagic)) != 0)
        end += kLibraryBlock;
      if (read_cbr(b.substr(at, std::min(end, b.size()) - at), g, nullptr)) games.push_back(std::move(g));
      else ++bad;
      if (games.size() + size_t(bad) >= 100000) break;
    }
  }
  if (games.empty() && count > 0 && !bad) return fail("it lists " + std::to_string(count) + " games but holds none");
  if (skipped) *skipped = bad;
  out = std::move(games);
  return true;
}

}  // namespace xq
