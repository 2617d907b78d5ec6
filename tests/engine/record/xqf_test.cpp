// XQF import: the example file of the published XQF 1.0 description, byte for
// byte; files of the encrypted versions made by a small writer here; damaged files.
#include <chrono>
#include <cstdint>
#include <cstdio>

#include "game.h"
#include "game_tree.h"
#include "xqf.h"
#include "test_util.h"
#include "xqf_example.h"

namespace {

using Bytes = std::vector<uint8_t>;

std::string str(const Bytes& b) { return std::string(b.begin(), b.end()); }

// A writer for the encrypted versions (1.1: keys; 1.2: and the piece slots
// turned round), from the description of the key derivation the reader undoes.
struct XqfWriter {
  int version = 12;
  uint8_t keys[16] = {0, 0, 0, 0xA5, 0, 0, 0, 0, 0x13, 0x57, 0x9B, 0xDF, 0x42, 0x7C, 0x29, 0xE1};
  uint8_t piece = 0, from = 0, to = 0;
  uint32_t comment_off = 0;
  uint8_t stream[32] = {};
  size_t index = 0;

  void derive() {
    auto sc = [](uint8_t k) { return uint8_t(int(k) * int(k) * 54 + 221); };
    piece = uint8_t(sc(keys[13]) * keys[13]);
    from = uint8_t(sc(keys[14]) * piece);
    to = uint8_t(sc(keys[15]) * from);
    comment_off = (uint32_t(keys[12]) * 256 + keys[13]) % 32000 + 767;
    const char* mask = "[(C) Copyright Mr. Dong Shiwei.]";
    for (int i = 0; i < 32; ++i) stream[i] = uint8_t((keys[8 + i % 4] | (keys[12 + i % 4] & keys[3])) & uint8_t(mask[i]));
  }
  void emit(Bytes& b, uint8_t v) {
    b.push_back(uint8_t(v + stream[index]));
    index = (index + 1) % 32;
  }
  // slots: 32 X*10+Y values (>= 90: off the board); moves: from/to pairs with
  // a comment each; a variation flag on the first move.
  Bytes write(const uint8_t* slots, const std::vector<std::pair<std::string, std::string>>& moves,
              const std::string& title_gbk, int result, bool variation) {
    derive();
    Bytes b(0x400, 0);
    b[0] = 'X';
    b[1] = 'Q';
    b[2] = uint8_t(version);
    for (int i = 3; i < 16; ++i) b[size_t(i)] = keys[i];
    for (int i = 0; i < 32; ++i) {
      const int src = version < 12 ? i : (piece + 1 + i) % 32;  // the reader puts raw[i] in slot (piece+1+i)%32
      b[0x10 + size_t(i)] = uint8_t(slots[src] + piece);
    }
    b[0x33] = uint8_t(result);
    b[0x50] = uint8_t(title_gbk.size());
    for (size_t i = 0; i < title_gbk.size(); ++i) b[0x51 + i] = uint8_t(title_gbk[i]);
    auto record = [&](uint8_t f, uint8_t t, bool next, bool alt, const std::string& comment) {
      emit(b, uint8_t(f + 24 + from));
      emit(b, uint8_t(t + 32 + to));
      emit(b, uint8_t((next ? 0x80 : 0) | (alt ? 0x40 : 0) | (comment.empty() ? 0 : 0x20)));
      emit(b, 0);
      if (comment.empty()) return;
      const uint32_t len = uint32_t(comment.size()) + comment_off;
      for (int k = 0; k < 4; ++k) emit(b, uint8_t(len >> (8 * k)));
      for (char c : comment) emit(b, uint8_t(c));
    };
    record(0, 0, !moves.empty(), false, "");
    for (size_t i = 0; i < moves.size(); ++i) {
      const xq::Move m = mv(moves[i].first.c_str());
      const auto xy = [](xq::Square s) { return uint8_t(xq::file_of(s) * 10 + xq::rank_of(s)); };
      record(xy(xq::move_from(m)), xy(xq::move_to(m)), i + 1 < moves.size(), variation && i == 0, moves[i].second);
    }
    if (variation) record(0, 0, false, false, "");  // the alternative's own record, after the main line
    return b;
  }
  // Any records, depth first as the format stores them: a move ("" for the
  // start), whether a next move follows, whether an alternative follows its
  // subtree, and a comment.
  struct Rec {
    std::string move;
    bool next, alt;
    std::string comment;
  };
  Bytes write_tree(const uint8_t* slots, const std::vector<Rec>& recs) {
    derive();
    Bytes b(0x400, 0);
    b[0] = 'X';
    b[1] = 'Q';
    b[2] = uint8_t(version);
    for (int i = 3; i < 16; ++i) b[size_t(i)] = keys[i];
    for (int i = 0; i < 32; ++i) b[0x10 + size_t(i)] = uint8_t(slots[version < 12 ? i : (piece + 1 + i) % 32] + piece);
    for (const Rec& r : recs) {
      uint8_t f = 0, t = 0;
      if (!r.move.empty()) {
        const xq::Move m = mv(r.move.c_str());
        f = uint8_t(xq::file_of(xq::move_from(m)) * 10 + xq::rank_of(xq::move_from(m)));
        t = uint8_t(xq::file_of(xq::move_to(m)) * 10 + xq::rank_of(xq::move_to(m)));
      }
      emit(b, uint8_t(f + 24 + from));
      emit(b, uint8_t(t + 32 + to));
      emit(b, uint8_t((r.next ? 0x80 : 0) | (r.alt ? 0x40 : 0) | (r.comment.empty() ? 0 : 0x20)));
      emit(b, 0);
      if (r.comment.empty()) continue;
      const uint32_t len = uint32_t(r.comment.size()) + comment_off;
      for (int k = 0; k < 4; ++k) emit(b, uint8_t(len >> (8 * k)));
      for (char c : r.comment) emit(b, uint8_t(c));
    }
    return b;
  }
};

// Slots of the start position without red's left horse (让左马): its slot off the board.
void handicap_slots(uint8_t* slots) {
  const uint8_t start[32] = {80, 70, 60, 50, 40, 30, 20, 10, 0,  72, 12, 83, 63, 43, 23, 3,
                             9,  19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6,  26, 46, 66, 86};
  for (int i = 0; i < 32; ++i) slots[i] = start[i];
  slots[7] = 0xFF;  // red's horse on b0
}

}  // namespace

TEST(Xqf, ReadsTheDocumentedExampleFile) {
  xq::PgnGame g;
  std::string err, notice;
  ASSERT_TRUE(xq::read_xqf(xqf_documented_example(), g, &err, &notice)) << err;
  EXPECT_EQ(notice, "");
  EXPECT_EQ(g.fen, xq::kStartFen);
  EXPECT_EQ(g.tag("Event"), "\"中立杯\"象棋电视快棋赛");
  EXPECT_EQ(g.tag("Title"), "仙人指路对起马局");
  EXPECT_EQ(g.tag("Date"), "1997年11月16日");
  EXPECT_EQ(g.tag("Site"), "北京");
  EXPECT_EQ(g.tag("Red"), "柳大华");
  EXPECT_EQ(g.tag("Black"), "吕  钦");
  EXPECT_EQ(g.tag("Annotator"), "刘殿中");
  EXPECT_EQ(g.tag("Result"), "0-1");
  const std::vector<std::string> names = xq::line_names(pos_from(xq::kStartFen), g.moves);
  const std::vector<std::string> expected = {"兵七进一", "马8进7", "兵三进一", "炮2平3", "相七进五", "马2进1",
                                             "马八进七", "车1平2", "车九平八", "车2进4", "炮八平九", "车2平8",
                                             "炮二进五", "炮3平8", "马二进三", "车9平8"};
  EXPECT_EQ(names, expected);
}

TEST(Xqf, EncryptedVersionsWithASetUpCommentsAndVariations) {
  for (int version : {11, 12}) {
    uint8_t slots[32];
    handicap_slots(slots);
    XqfWriter w;
    w.version = version;
    const std::string title = "\xC8\xC3\xD7\xF3\xC2\xED";  // 让左马 in GBK
    const Bytes file = w.write(slots, {{"h2e2", "\xBA\xC3"}, {"h9g7", ""}, {"h0g2", "end"}}, title, 1, true);
    xq::PgnGame g;
    std::string err, notice;
    ASSERT_TRUE(xq::read_xqf(str(file), g, &err, &notice)) << "version " << version << ": " << err;
    EXPECT_EQ(g.fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1") << version;
    EXPECT_EQ(g.tag("FEN"), g.fen);
    EXPECT_EQ(g.tag("Title"), "让左马");
    EXPECT_EQ(g.tag("Result"), "1-0");
    ASSERT_EQ(g.moves.size(), 3u);
    EXPECT_EQ(g.moves[2], mv("h0g2"));
    ASSERT_EQ(g.comments.size(), 3u);
    EXPECT_EQ(g.comments[0], "好");
    EXPECT_EQ(g.comments[1], "");
    EXPECT_EQ(g.comments[2], "end");
    EXPECT_NE(notice.find("variations were skipped"), std::string::npos) << notice;
  }
}

TEST(Xqf, BlackMovesFirstWhenTheFirstMoveIsBlacks) {
  uint8_t slots[32];
  handicap_slots(slots);
  XqfWriter w;
  const Bytes file = w.write(slots, {{"h9g7", ""}, {"h2e2", ""}}, "", 0, false);
  xq::PgnGame g;
  std::string err;
  ASSERT_TRUE(xq::read_xqf(str(file), g, &err)) << err;
  EXPECT_EQ(g.fen.substr(g.fen.find(' ') + 1, 1), "b");
  EXPECT_EQ(g.tag("Result"), "*");
}

TEST(Xqf, DamagedFilesAreNamedAndLeaveTheGameAlone) {
  xq::PgnGame g;
  g.tags.emplace_back("Event", "kept");
  std::string err;
  EXPECT_FALSE(xq::read_xqf("PK\x03\x04 not a chess file", g, &err));
  EXPECT_NE(err.find("no 'XQ' signature"), std::string::npos) << err;
  const std::string good = xqf_documented_example();
  EXPECT_FALSE(xq::read_xqf(good.substr(0, 0x300), g, &err));
  EXPECT_NE(err.find("cut short"), std::string::npos) << err;
  std::string bad_version = good;
  bad_version[2] = 3;
  EXPECT_FALSE(xq::read_xqf(bad_version, g, &err));
  EXPECT_NE(err.find("unknown version 3"), std::string::npos) << err;
  std::string stacked = good;
  stacked[0x10 + 1] = stacked[0x10];  // red's horse on its rook's point
  EXPECT_FALSE(xq::read_xqf(stacked, g, &err));
  EXPECT_NE(err.find("two pieces on the same point (i0)"), std::string::npos) << err;
  EXPECT_EQ(g.tag("Event"), "kept");
}

// A file cut short in its moves opens with the moves before the cut, and
// says so (it was refused, though other readers open it); one cut right
// after the start's record is the position with no moves.
TEST(Xqf, AFileCutInItsMovesKeepsTheMovesBeforeTheCut) {
  const std::string good = xqf_documented_example();
  xq::PgnGame whole;
  std::string err, notice;
  ASSERT_TRUE(xq::read_xqf(good, whole, &err, &notice)) << err;
  ASSERT_GT(whole.moves.size(), 4u);
  xq::PgnGame cut;
  ASSERT_TRUE(xq::read_xqf(good.substr(0, good.size() - 5), cut, &err, &notice)) << err;
  EXPECT_EQ(notice.find("the moves are cut short at byte "), 0u) << notice;
  EXPECT_NE(notice.find("moves before it are shown"), std::string::npos) << notice;
  ASSERT_EQ(cut.moves.size(), whole.moves.size() - 1);
  EXPECT_TRUE(std::equal(cut.moves.begin(), cut.moves.end(), whole.moves.begin()));
  xq::PgnGame start;
  ASSERT_TRUE(xq::read_xqf(good.substr(0, 1024 + 8), start, &err, &notice)) << err;  // the root record only
  EXPECT_TRUE(start.moves.empty());
  EXPECT_EQ(notice.find("the moves are cut short at byte 1032"), 0u) << notice;
}

// Two kinds that a collection's files have and other readers open: a game
// with no moves (the header and the root record: a position or a title page),
// and a main line with an illegal move, kept up to it.
TEST(Xqf, AGameWithNoMovesAndAGameWithABadMoveOpen) {
  uint8_t slots[32];
  handicap_slots(slots);
  for (int version : {11, 12}) {
    XqfWriter w;
    w.version = version;
    const Bytes file = w.write(slots, {}, "title", 0, false);
    ASSERT_EQ(file.size(), 1028u);
    xq::PgnGame g;
    std::string err;
    ASSERT_TRUE(xq::read_xqf(str(file), g, &err)) << version << ": " << err;
    EXPECT_TRUE(g.moves.empty());
    EXPECT_EQ(g.tag("Title"), "title");
    EXPECT_EQ(g.fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1");
    EXPECT_EQ(g.stopped_at, 0);
  }
  // Version 1.0: the root record's comment length may be missing at the end.
  const std::string good = xqf_documented_example();
  std::string empty10 = good.substr(0, 0x404);
  empty10[0x402] = 0;  // the root record says no move follows
  xq::PgnGame g;
  std::string err;
  ASSERT_TRUE(xq::read_xqf(empty10, g, &err)) << err;
  EXPECT_TRUE(g.moves.empty());
  EXPECT_EQ(g.tag("Red"), "柳大华");

  std::string bad_move = good;
  bad_move[0x408 + 8 * 3 + 1] = char(0x38 + 5);  // move 4, 炮2平3 (b7c7), goes to b5 over a pawn and nothing
  ASSERT_TRUE(xq::read_xqf(bad_move, g, &err)) << err;
  EXPECT_EQ(g.moves.size(), 3u) << "the three moves before it";
  EXPECT_EQ(g.stopped_at, 4);
  EXPECT_NE(g.stopped_why.find("not legal"), std::string::npos) << g.stopped_why;
}

TEST(Xqf, GbkTextBecomesUtf8) {
  EXPECT_EQ(xq::gbk_to_utf8("abc"), "abc");
  EXPECT_EQ(xq::gbk_to_utf8("\xB1\xB1\xBE\xA9"), "北京");
  EXPECT_EQ(xq::gbk_to_utf8("\xB1"), "?");
}

// With a tree the reader keeps every variation and comment; a move that
// cannot be played is left out with what follows it.
TEST(Xqf, VariationsAndTheirCommentsIntoTheTree) {
  uint8_t slots[32];
  const uint8_t start[32] = {80, 70, 60, 50, 40, 30, 20, 10, 0,  72, 12, 83, 63, 43, 23, 3,
                             9,  19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6,  26, 46, 66, 86};
  std::copy(start, start + 32, slots);
  for (int version : {11, 12}) {
    XqfWriter w;
    w.version = version;
    const Bytes file = w.write_tree(slots, {{"", true, false, "start"},
                                            {"h2e2", true, true, ""},
                                            {"h9g7", true, false, "main"},
                                            {"h0g2", false, false, ""},
                                            {"c3c4", true, true, "\xB1\xF8"},  // 兵 in GBK
                                            {"g6g5", false, true, ""},
                                            {"b9c7", false, true, ""},
                                            {"i9i5", true, false, ""},  // a chariot cannot jump: left out
                                            {"a0a1", false, false, ""},
                                            {"a3a4", false, false, ""}});
    xq::PgnGame g;
    xq::GameTree tree;
    std::string err, notice;
    ASSERT_TRUE(xq::read_xqf(str(file), g, &err, &notice, &tree)) << err;
    EXPECT_EQ(notice, "");
    ASSERT_EQ(g.moves.size(), 3u) << "the main line";
    EXPECT_EQ(tree.main_line(), g.moves);
    EXPECT_EQ(tree.node(xq::GameTree::kRoot).comment, "start");
    const int c3c4 = tree.find({mv("c3c4")});
    ASSERT_GE(c3c4, 0);
    EXPECT_EQ(tree.node(c3c4).comment, "兵");
    ASSERT_EQ(tree.node(c3c4).children.size(), 2u);
    EXPECT_EQ(tree.node(tree.node(c3c4).children[1]).move, mv("b9c7"));
    EXPECT_EQ(tree.node(tree.find({mv("h2e2"), mv("h9g7")})).comment, "main");
    // c3c4's own alternative (after its subtree): a third first move.
    EXPECT_EQ(tree.node(xq::GameTree::kRoot).children.size(), 3u);
    EXPECT_GE(tree.find({mv("a3a4")}), 0);
    EXPECT_EQ(tree.size(), 8) << "root, 3 main moves, c3c4, g6g5, b9c7, a3a4 (not i9i5 nor a0a1 after it)";
    // Without a tree: the main line and a notice.
    ASSERT_TRUE(xq::read_xqf(str(file), g, &err, &notice)) << err;
    EXPECT_NE(notice.find("variations were skipped"), std::string::npos);
  }
}

// Our XQF 1.0 reads back with its tags, position, variations and comments
// (a mark travels in its comment, the format has no place of its own for it).
TEST(Xqf, WrittenTreesReadBack) {
  xq::PgnTree t;
  std::string err;
  ASSERT_TRUE(xq::read_pgn_tree("[Event \"全国象棋个人赛\"]\n[Red \"胡荣华\"]\n[Black \"Lü Qin\"]\n[Date \"1985.11.02\"]\n"
                                "[Result \"1-0\"]\n\n{开局} 1. 炮二平五 {中炮} 马8进7 (1... 炮8平5 {顺炮} 2. 马二进三) "
                                "(1... 马2进3) 2. 马二进三 $1 车9平8 3. 车一平二 1-0",
                                t, &err))
      << err;
  const std::string file = xq::write_xqf(t.tree, t.tags);
  EXPECT_EQ(file.substr(0, 3), std::string("XQ\x0A"));
  xq::PgnGame g;
  xq::GameTree back;
  std::string notice;
  ASSERT_TRUE(xq::read_xqf(file, g, &err, &notice, &back)) << err;
  EXPECT_EQ(notice, "");
  EXPECT_EQ(g.tag("Event"), "全国象棋个人赛");
  EXPECT_EQ(g.tag("Red"), "胡荣华");
  EXPECT_EQ(g.tag("Black"), "Lü Qin");
  EXPECT_EQ(g.tag("Date"), "1985.11.02");
  EXPECT_EQ(g.tag("Result"), "1-0");
  EXPECT_EQ(g.moves, t.tree.main_line());
  EXPECT_EQ(back.size(), t.tree.size());
  EXPECT_EQ(back.node(xq::GameTree::kRoot).comment, "开局");
  const int h7e7 = back.find({mv("h2e2"), mv("h7e7")});
  ASSERT_GE(h7e7, 0);
  EXPECT_EQ(back.node(h7e7).comment, "顺炮");
  EXPECT_GE(back.find({mv("h2e2"), mv("h7e7"), mv("h0g2")}), 0);
  EXPECT_GE(back.find({mv("h2e2"), mv("b9c7")}), 0);
  EXPECT_EQ(back.node(back.find({mv("h2e2"), mv("h9g7"), mv("h0g2")})).comment, "!");
  // Written again, the same bytes: nothing is lost on the way.
  EXPECT_EQ(xq::write_xqf(back, {{"Event", g.tag("Event")}, {"Red", g.tag("Red")}, {"Black", g.tag("Black")},
                                 {"Date", g.tag("Date")}, {"Result", g.tag("Result")}}),
            file);
  // A set-up position (one horse given) keeps its pieces.
  xq::GameTree handicap("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1");
  handicap.add(xq::GameTree::kRoot, mv("h2e2"));
  ASSERT_TRUE(xq::read_xqf(xq::write_xqf(handicap, {}), g, &err)) << err;
  EXPECT_EQ(g.fen, handicap.fen());
  // A long name is cut at a whole character, within its field.
  const std::string cut = xq::write_xqf(handicap, {{"Red", "象棋象棋象棋象棋象棋"}});
  ASSERT_TRUE(xq::read_xqf(cut, g, &err)) << err;
  EXPECT_EQ(g.tag("Red"), "象棋象棋象棋象") << "the field holds 15 bytes: seven characters, not half of an eighth";
}

// With no move to tell it, the side to move is the one that can be: black,
// when red to move would leave black's king in check.
TEST(Xqf, NoMovesAndBlackInCheckIsBlackToMove) {
  const xq::GameTree t("rnbakabnr/4P4/1c5c1/p1p1p1p1p/9/9/P1P1P1P2/1C5C1/9/RNBAKABNR b - - 0 1");
  xq::PgnGame g;
  std::string err;
  ASSERT_TRUE(xq::read_xqf(xq::write_xqf(t, {}), g, &err)) << err;
  EXPECT_EQ(g.fen, t.fen());
}

// A player's opening book in XQF is a tree of a few hundred thousand moves:
// it is read whole (it was cut at 20,000 records, the rest of the
// variations left out). Here every line of three moves from the start and
// more: 200,000 moves in all, written and read back.
TEST(Xqf, ABigOpeningTreeIsReadWhole) {
  xq::GameTree tree;
  std::vector<int> frontier = {xq::GameTree::kRoot};
  while (tree.size() < 200001) {
    std::vector<int> next;
    for (int node : frontier) {
      xq::Game g;
      ASSERT_TRUE(g.reset(xq::kStartFen));
      for (int id : tree.path(node)) g.play(tree.node(id).move);
      for (xq::Move m : g.legal_moves()) {
        if (tree.size() >= 200001) break;
        next.push_back(tree.add(node, m));
      }
      if (tree.size() >= 200001) break;
    }
    frontier = std::move(next);
  }
  const std::string bytes = xq::write_xqf(tree, {{"Event", "Opening book"}});
  const auto t0 = std::chrono::steady_clock::now();
  xq::PgnGame g;
  xq::GameTree back;
  std::string err, notice;
  ASSERT_TRUE(xq::read_xqf(bytes, g, &err, &notice, &back)) << err;
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(notice, "");
  EXPECT_EQ(back.size(), tree.size());
  EXPECT_EQ(back.node(xq::GameTree::kRoot).children.size(), 44u);
  std::printf("200,000-move tree: %zu bytes of XQF read in %.0f ms\n", bytes.size(), ms);
}
