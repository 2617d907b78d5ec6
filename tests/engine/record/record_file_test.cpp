// Real files as collections and forums hold them: GBK and UTF-16 PGN,
// full-width WXF, the DhtmlXQ viewers' forms, binary files of other kinds.
// Each file is made here from the formats' published descriptions.
#include <iconv.h>

#include "record_file.h"
#include "test_util.h"
#include "text_encoding.h"

namespace {

// UTF-8 text in another encoding (what a Windows or older Chinese program writes).
std::string encoded(const std::string& utf8, const char* to) {
  iconv_t cd = iconv_open(to, "UTF-8");
  EXPECT_NE(cd, iconv_t(-1));
  std::string out(utf8.size() * 4 + 16, '\0');
  char* in = const_cast<char*>(utf8.data());
  char* o = out.data();
  size_t left = utf8.size(), room = out.size();
  EXPECT_NE(iconv(cd, &in, &left, &o, &room), size_t(-1));
  out.resize(out.size() - room);
  iconv_close(cd);
  return out;
}

std::string iccs_of(const xq::PgnGame& g) {
  std::string s;
  for (xq::Move m : g.moves) s += (s.empty() ? "" : " ") + xq::move_to_iccs(m);
  return s;
}

const std::string kGame =
    "[Event \"全国象棋个人赛\"]\n[Red \"胡荣华\"]\n[Black \"吕钦\"]\n[Result \"1-0\"]\n\n"
    "1. 炮二平五 马8进7 2. 马二进三 车9平8 1-0\n";

}  // namespace

TEST(RecordFile, AGbkPgnIsReadAsUtf8WithEveryMove) {
  const std::string gbk = encoded(kGame, "GB18030");
  ASSERT_FALSE(xq::valid_utf8(gbk));
  const xq::RecordFile f = xq::read_record_file(gbk);
  EXPECT_EQ(f.format, "PGN (GB18030)");
  ASSERT_EQ(f.games.size(), 1u);
  EXPECT_TRUE(f.failures.empty());
  EXPECT_EQ(f.games[0].tag("Red"), "胡荣华");
  EXPECT_EQ(f.games[0].tag("Event"), "全国象棋个人赛");
  EXPECT_EQ(iccs_of(f.games[0]), "h2e2 h9g7 h0g2 i9h9");
}

TEST(RecordFile, Utf16AndAByteOrderMarkAreRead) {
  const xq::RecordFile le = xq::read_record_file("\xFF\xFE" + encoded(kGame, "UTF-16LE"));
  EXPECT_EQ(le.format, "PGN (UTF-16LE)");
  ASSERT_EQ(le.games.size(), 1u);
  EXPECT_EQ(le.games[0].tag("Black"), "吕钦");
  EXPECT_EQ(le.games[0].moves.size(), 4u);
  const xq::RecordFile be = xq::read_record_file("\xFE\xFF" + encoded(kGame, "UTF-16BE"));
  ASSERT_EQ(be.games.size(), 1u);
  EXPECT_EQ(be.games[0].moves.size(), 4u);
  const xq::RecordFile bom = xq::read_record_file("\xEF\xBB\xBF" + kGame);
  EXPECT_EQ(bom.format, "PGN");
  ASSERT_EQ(bom.games.size(), 1u);
  EXPECT_EQ(bom.games[0].tag("Event"), "全国象棋个人赛") << "the mark is not part of the first tag";
}

TEST(RecordFile, FullWidthWxfIsReadAndSanIsNamed) {
  const xq::RecordFile f = xq::read_record_file("[Event \"x\"]\n\n1. Ｃ２＝５ Ｈ８＋７ 2. Ｈ２＋３ Ｒ９＝８ *\n");
  ASSERT_EQ(f.games.size(), 1u);
  EXPECT_EQ(iccs_of(f.games[0]), "h2e2 h9g7 h0g2 i9h9");
  // XBoard's SAN is not read: no empty game, and the reason in words.
  const xq::RecordFile san = xq::read_record_file("[Event \"x\"]\n\n1. Che2 Hg7 *\n");
  EXPECT_TRUE(san.games.empty());
  ASSERT_EQ(san.failures.size(), 1u);
  EXPECT_NE(san.failures[0].message.find("no move could be read"), std::string::npos) << san.failures[0].message;
  EXPECT_NE(san.failures[0].message.find("XBoard-style SAN"), std::string::npos) << san.failures[0].message;
}

TEST(RecordFile, EveryDhtmlXqViewerFormIsRead) {
  const std::string fields =
      "[DhtmlXQ_red]许银川[/DhtmlXQ_red][DhtmlXQ_black]赵国荣[/DhtmlXQ_black]"
      "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]";
  for (const char* form : {"DhtmlXQ", "DhtmlXQiFrame", "DhtmlXQFLASH", "DhtmlXQJAVA", "DhtmlXQHTML"}) {
    const std::string block = std::string("[") + form + "]" + fields + "[/" + form + "]";
    const xq::RecordFile f = xq::read_record_file("<p>第一局</p>\n" + block + "\n<p>完</p>");
    ASSERT_EQ(f.games.size(), 1u) << form;
    EXPECT_EQ(f.games[0].tag("Red"), "许银川") << form;
    EXPECT_EQ(iccs_of(f.games[0]), "h2e2 h9g7") << form;
  }
  // The Flash viewer's block inside an attribute, its brackets as entities: a saved page.
  const std::string page =
      "<html><body><embed src=\"/flash/DhtmlXQ.swf\" flashvars=\"&#91;DhtmlXQFLASH&#93;"
      "&#91;DhtmlXQ_movelist&#93;7747&#91;/DhtmlXQ_movelist&#93;&#91;/DhtmlXQFLASH&#93;\"></embed>"
      "<applet code=\"DhtmlXQ.class\"><param name=\"game\" value=\"[DhtmlXQJAVA][DhtmlXQ_movelist]2625[/DhtmlXQ_movelist]"
      "[/DhtmlXQJAVA]\"></applet></body></html>";
  const xq::RecordFile f = xq::read_record_file(page);
  ASSERT_EQ(f.games.size(), 2u);
  EXPECT_EQ(iccs_of(f.games[0]), "h2e2");
  EXPECT_EQ(iccs_of(f.games[1]), "c3c4");
  // A page that names DhtmlXQ and holds no block says so.
  const xq::RecordFile none = xq::read_record_file("<html>DhtmlXQ viewer help</html>");
  EXPECT_TRUE(none.games.empty());
  ASSERT_FALSE(none.failures.empty());
  EXPECT_NE(none.failures[0].message.find("holds no game block"), std::string::npos) << none.failures[0].message;
}

TEST(RecordFile, ABinaryFileOfAnotherKindIsNamedInWords) {
  std::string ccbridge = "CCBridge";
  ccbridge += std::string("\x15\x00\x78\x9c\x01\x02", 6) + std::string(200, '\x01');
  const xq::RecordFile f = xq::read_record_file(ccbridge);
  EXPECT_TRUE(f.games.empty());
  ASSERT_EQ(f.failures.size(), 1u);
  EXPECT_NE(f.failures[0].message.find("older, compressed library"), std::string::npos) << f.failures[0].message;
  EXPECT_TRUE(xq::valid_utf8(f.failures[0].message));
  const xq::RecordFile other = xq::read_record_file(std::string("\x7f" "ELF\x02\x01\x01\x00", 8) + std::string(100, '\0'));
  ASSERT_EQ(other.failures.size(), 1u);
  EXPECT_NE(other.failures[0].message.find("binary data of an unknown kind"), std::string::npos);
}

TEST(RecordFile, MessagesAreUtf8) {
  EXPECT_EQ(xq::printable_utf8("ok 炮\xff\xfe"), "ok 炮\\xFF\\xFE");
  EXPECT_TRUE(xq::valid_utf8(xq::text_as_utf8("\x80\x80\x80 bad")));
  EXPECT_FALSE(xq::valid_utf8("\xed\xa0\x80"));  // a surrogate is no UTF-8
  EXPECT_FALSE(xq::valid_utf8("\xc0\xaf"));      // nor an overlong form
}

// A checkmate diagram names the mated side's opponent to move (as drawn): it
// opens as the position with the side in check to move, and says so.
TEST(RecordFile, ADiagramWithTheWrongSideToMoveOpensAsItsPosition) {
  // Black's king in check from the rook on e-file... mated: red to move as written.
  const std::string pgn = "[FEN \"3k5/3R5/3R5/9/9/9/9/9/9/4K4 w - - 0 1\"]\n\n*\n";
  const xq::RecordFile f = xq::read_record_file(pgn);
  ASSERT_EQ(f.games.size(), 1u) << (f.failures.empty() ? "" : f.failures[0].message);
  EXPECT_EQ(f.games[0].fen, "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1");
  EXPECT_EQ(f.games[0].tag("Diagram"), xq::kDiagramNote);
  EXPECT_TRUE(f.games[0].moves.empty());
  // A position wrong in other ways is still refused with its reason.
  const xq::RecordFile bad = xq::read_record_file("[FEN \"3k5/9/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n\n*\n");
  EXPECT_TRUE(bad.games.empty());
  ASSERT_FALSE(bad.failures.empty());
  EXPECT_NE(bad.failures[0].message.find("kings face each other"), std::string::npos) << bad.failures[0].message;
}
