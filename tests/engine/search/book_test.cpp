// The opening book: its file format, lookups (with mirrors and the repetition
// rule), coverage of common openings, variety, and the builder.
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "book.h"
#include "book_build.h"
#include "game.h"
#include "test_util.h"

namespace {

const xq::Book& book() {
  static xq::Book b = [] {
    xq::Book k;
    std::string err;
    EXPECT_TRUE(k.load(XQ_BOOK_FILE, &err)) << err;
    return k;
  }();
  return b;
}

xq::Position after(std::initializer_list<const char*> moves) {
  xq::Game g;
  for (const char* m : moves) {
    xq::Move mvv;
    xq::Position p = g.position();
    EXPECT_TRUE(xq::parse_move(p, m, mvv, nullptr)) << m;
    g.play(mvv);
  }
  return g.position();
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST(Book, EveryEntryIsLegalAndReachable) {
  const auto& entries = book().entries();
  // A real book, not a stub: the builder keeps 1,000 of the source's moves
  // (it drops those its own search finds dubious, so the count moves a little
  // with the engine).
  ASSERT_GE(entries.size(), 950u);
  // Walk the book from the start; every entry met must be legal where it stands.
  std::set<std::pair<uint64_t, uint16_t>> met;
  std::set<uint64_t> seen;
  std::vector<xq::Position> todo{pos_from(xq::kStartFen)};
  while (!todo.empty()) {
    xq::Position p = todo.back();
    todo.pop_back();
    if (!seen.insert(p.key()).second) continue;
    for (uint64_t key : {p.key(), p.mirror_key()}) {
      auto it = std::lower_bound(entries.begin(), entries.end(), key,
                                 [](const xq::BookEntry& e, uint64_t k) { return e.key < k; });
      for (; it != entries.end() && it->key == key; ++it) {
        const xq::Move m = key == p.key() ? xq::Move(it->move) : xq::mirror_move(it->move);
        ASSERT_TRUE(xq::is_legal(p, m)) << xq::to_fen(p) << " " << xq::move_to_iccs(m);
        met.insert({it->key, it->move});
        xq::Position q = p;
        q.do_move(m);
        q.reset_history();
        todo.push_back(q);
      }
    }
  }
  EXPECT_EQ(met.size(), entries.size()) << "every entry is reachable from the start";
}

TEST(Book, MirrorLookup) {
  // 炮八平五 is the mirror of 炮二平五: the replies are the mirrored replies.
  xq::Position right = after({"炮二平五"}), left = after({"炮八平五"});
  auto a = book().moves(right), b = book().moves(left);
  ASSERT_FALSE(a.empty());
  ASSERT_EQ(a.size(), b.size());
  std::set<xq::Move> mirrored;
  for (auto& c : a) mirrored.insert(xq::mirror_move(c.move));
  for (auto& c : b) EXPECT_TRUE(mirrored.count(c.move)) << xq::move_to_iccs(c.move);
}

TEST(Book, AnswersTheStartAndCommonFirstMoves) {
  xq::Position start = pos_from(xq::kStartFen);
  EXPECT_GE(book().moves(start).size(), 12u);
  // The twelve most common first moves for red, each answered for black.
  for (const char* first : {"炮二平五", "兵七进一", "相三进五", "马二进三", "炮二平六", "炮二平四", "兵三进一",
                            "马八进七", "炮八平五", "相七进五", "仕四进五", "炮二平一"}) {
    xq::Position p = after({first});
    EXPECT_FALSE(book().moves(p).empty()) << "no reply to " << first;
  }
  // Black's twelve most common answers to the central cannon, each answered for red.
  for (const char* reply : {"马8进7", "马2进3", "炮8平5", "炮2平5", "卒7进1", "卒3进1", "象3进5", "象7进5", "士4进5",
                            "炮8进4", "马2进1", "马8进9"}) {
    xq::Position p = after({"炮二平五", reply});
    EXPECT_FALSE(book().moves(p).empty()) << "no answer to 炮二平五 " << reply;
  }
}

TEST(Book, VarietyOverFiftyGames) {
  std::set<xq::Move> red_first, black_reply;
  for (int game = 0; game < 50; ++game) {
    std::mt19937_64 rng(1000 + game);
    xq::Position start = pos_from(xq::kStartFen);
    red_first.insert(book().pick(start, rng));
    xq::Position p = after({"炮二平五"});
    black_reply.insert(book().pick(p, rng));
  }
  EXPECT_GE(red_first.size(), 5u);
  EXPECT_GE(black_reply.size(), 3u);
  EXPECT_FALSE(red_first.count(xq::kNoMove));
}

TEST(Book, NeverRepeatsAPosition) {
  // A book whose only move at the start is h0g2; after h0g2 h9g7 g2h0 g7h9 the
  // start is back and h0g2 would repeat a position: the book stays silent.
  xq::Game g;
  std::vector<xq::BookEntry> entries{xq::Book::canonical(g.position(), mv("h0g2"), 10)};
  xq::Book b;
  ASSERT_TRUE(b.load_bytes(xq::Book::serialize(entries), nullptr));
  xq::Position fresh = g.position();
  EXPECT_EQ(b.moves(fresh).size(), 1u);
  for (const char* m : {"h0g2", "h9g7", "g2h0", "g7h9"}) g.play(mv(m));
  xq::Position p = g.position();
  EXPECT_TRUE(b.moves(p).empty());
}

TEST(Book, DamagedFilesAreRejected) {
  const std::string good = read_all(XQ_BOOK_FILE);
  xq::Book b;
  std::string err;
  EXPECT_FALSE(b.load_bytes(good.substr(0, good.size() - 5), &err));
  EXPECT_NE(err.find("truncated"), std::string::npos) << err;
  std::string magic = good;
  magic[0] = 'Y';
  EXPECT_FALSE(b.load_bytes(magic, &err));
  EXPECT_NE(err.find("wrong magic"), std::string::npos) << err;
  std::string unsorted = good;
  std::swap_ranges(unsorted.begin() + 16, unsorted.begin() + 28, unsorted.begin() + 28);
  EXPECT_FALSE(b.load_bytes(unsorted, &err));
  EXPECT_NE(err.find("not sorted"), std::string::npos) << err;
  EXPECT_FALSE(b.load("/nonexistent/xiangqi.book", &err));
  EXPECT_NE(err.find("cannot open"), std::string::npos);
  // A device that never ends is refused after the largest book size, not read forever.
  EXPECT_FALSE(b.load("/dev/zero", &err));
  EXPECT_NE(err.find("larger than 64 MB"), std::string::npos) << err;
  EXPECT_TRUE(b.empty()) << "a failed load leaves the book as it was";
}

TEST(BookBuilder, SameSourceSameBytes) {
  const std::string src = read_all(XQ_BOOK_SOURCE);
  xq::BookBuildOptions opt;
  opt.check_depth = 0;
  std::vector<xq::BookEntry> a, b;
  xq::BookBuildReport ra, rb;
  ASSERT_TRUE(xq::build_book(src, "openings.txt", opt, a, ra, nullptr));
  ASSERT_TRUE(xq::build_book(src, "openings.txt", opt, b, rb, nullptr));
  EXPECT_EQ(xq::Book::serialize(a), xq::Book::serialize(b));
  EXPECT_GE(ra.lines, 150);
  EXPECT_GT(ra.positions, 1000);
}

TEST(BookBuilder, BadLinesAreNamed) {
  xq::BookBuildOptions opt;
  opt.check_depth = 0;
  std::vector<xq::BookEntry> out;
  xq::BookBuildReport r;
  std::string err;
  EXPECT_FALSE(xq::build_book("# 测试\n炮二平五 马8进7 车一进五\n", "t.txt", opt, out, r, &err));
  EXPECT_EQ(err, "t.txt:2: 测试: move 3 '车一进五': no legal move matches '车一进五'");
  EXPECT_FALSE(xq::build_book("# x\nh2e2:abc\n", "t.txt", opt, out, r, &err));
  EXPECT_NE(err.find("weight"), std::string::npos);
}

TEST(BookBuilder, TheCheckDropsABlunder) {
  // 车9平8?? lets 炮二进七 take the rook (about 300 lost at depth 4); the check
  // drops it and what follows. The margin is above the 100 or so that so
  // shallow a search can put between sound first moves (相三进五 against 马八进七).
  xq::BookBuildOptions opt;
  opt.check_depth = 4;
  opt.margin = 200;
  std::vector<xq::BookEntry> out;
  xq::BookBuildReport r;
  ASSERT_TRUE(xq::build_book("# t\n相三进五 马8进7 马二进三 车9平8 车一平二\n", "t.txt", opt, out, r, nullptr));
  EXPECT_GE(r.dubious, 1);
  EXPECT_EQ(r.moves, 3) << "the three moves before the blunder stay";
  ASSERT_FALSE(r.notes.empty());
  EXPECT_NE(r.notes[0].find("车9平8"), std::string::npos) << r.notes[0];
}
