// The position editor: placing and removing pieces, the refusals, the checks
// a position must pass, and the app model's editor from the panel to a game.
#include "app_model.h"
#include "editor.h"
#include "test_util.h"

namespace {

xq::Square sq(const char* s) { return xq::move_from(mv(std::string(s) + s)); }

xq::Editor empty_editor() {
  xq::Editor e(pos_from(xq::kStartFen));
  e.clear();
  return e;
}

}  // namespace

TEST(Editor, PlacesRemovesAndRefusesImpossibleSquares) {
  xq::Editor e = empty_editor();
  e.choose(xq::EditorPiece{xq::RED, xq::KING});
  EXPECT_EQ(e.click(sq("a0")), xq::Phrase::EditCannotStandThere) << "a king stays in its palace";
  EXPECT_FALSE(e.click(sq("e0")));
  EXPECT_EQ(e.at(sq("e0")), (xq::EditorPiece{xq::RED, xq::KING}));
  EXPECT_FALSE(e.click(sq("d1")));  // a second king moves the first
  EXPECT_FALSE(e.at(sq("e0")));
  EXPECT_TRUE(e.at(sq("d1")));
  e.choose(xq::EditorPiece{xq::BLACK, xq::ELEPHANT});
  EXPECT_EQ(e.click(sq("e6")), xq::Phrase::EditCannotStandThere);
  EXPECT_FALSE(e.click(sq("e7")));
  EXPECT_FALSE(e.click(sq("c9")));
  EXPECT_EQ(e.click(sq("g9")), xq::Phrase::EditNoMoreOfThese) << "two elephants a side";
  EXPECT_FALSE(e.click(sq("c9")));  // the same piece again takes it off
  EXPECT_FALSE(e.at(sq("c9")));
  e.choose(xq::EditorPiece{xq::RED, xq::PAWN});
  EXPECT_EQ(e.click(sq("b3")), xq::Phrase::EditCannotStandThere) << "a pawn never stands on b3";
  EXPECT_FALSE(e.click(sq("b5")));
  e.choose(std::nullopt);
  EXPECT_FALSE(e.click(sq("b5")));
  EXPECT_FALSE(e.at(sq("b5")));
}

TEST(Editor, ChecksTheKingsAndTheSideToMove) {
  xq::Editor e = empty_editor();
  EXPECT_EQ(e.fault(), xq::Phrase::EditNoRedKing);
  e.choose(xq::EditorPiece{xq::RED, xq::KING});
  e.click(sq("e0"));
  EXPECT_EQ(e.fault(), xq::Phrase::EditNoBlackKing);
  e.choose(xq::EditorPiece{xq::BLACK, xq::KING});
  e.click(sq("e9"));
  EXPECT_EQ(e.fault(), xq::Phrase::EditKingsFacing);
  e.click(sq("d9"));
  EXPECT_FALSE(e.fault());
  e.choose(xq::EditorPiece{xq::RED, xq::ROOK});
  e.click(sq("d5"));  // red's rook checks black's king
  e.set_side(xq::RED);
  EXPECT_EQ(e.fault(), xq::Phrase::EditWaitingSideInCheck);
  e.set_side(xq::BLACK);
  EXPECT_FALSE(e.fault());
  EXPECT_EQ(e.fen(), "3k5/9/9/9/3R5/9/9/9/9/4K4 b - - 0 1");
  e.reset_start();
  EXPECT_EQ(e.fen(), xq::kStartFen);
}

// From the panel: open the editor on the position on show, set up a rook
// ending, play it; a bad position is refused with its fault and the game kept.
TEST(Editor, AppModelSetsUpAPositionAndPlaysFromIt) {
  xq::ControllerOptions co;
  co.hash_mb = 8;
  co.animation_ms = 0;
  co.seed = 3;
  co.movetime_override_ms = 30;
  auto* files = new xq::MemoryStorage;
  xq::AppModel m(co, std::unique_ptr<xq::Storage>(files), nullptr);
  m.layout(800, 616);
  xq::StartOptions o;
  o.mode = "two";
  std::string err;
  ASSERT_TRUE(m.start(o, &err)) << err;
  m.act(xq::Action::EditBoard);
  ASSERT_TRUE(m.editor());
  ASSERT_TRUE(m.view_model().editing);
  EXPECT_EQ(m.view_model().pieces.size(), 32u);
  m.act(xq::Action::EditClear);
  m.act(xq::Action::EditDone);
  EXPECT_EQ(m.message(), "缺少红帅");
  EXPECT_TRUE(m.editor()) << "a refused position keeps the editor open";
  auto place = [&](int tool, const char* at) {
    m.act(xq::Action::EditTool, tool);
    float x, y;
    m.board_view().square_center(sq(at), x, y);
    m.click(x, y);
  };
  place(0, "e0");   // red king
  place(7, "d9");   // black king
  place(4, "a5");   // red rook
  m.act(xq::Action::EditBlackFirst);
  m.act(xq::Action::EditDone);
  EXPECT_FALSE(m.editor());
  EXPECT_EQ(m.controller().game().fen(), "3k5/9/9/9/R8/9/9/9/9/4K4 b - - 0 1");
  EXPECT_FALSE(m.view_model().editing);
  // Cancel leaves the game as it was.
  m.key(xq::Key::E, false);
  ASSERT_TRUE(m.editor());
  m.act(xq::Action::EditStart);
  m.act(xq::Action::EditCancel);
  EXPECT_EQ(m.controller().game().fen(), "3k5/9/9/9/R8/9/9/9/9/4K4 b - - 0 1");
}

TEST(Editor, NothingIsChosenUntilThePlayerPicks) {
  xq::Editor e(pos_from(xq::kStartFen));
  EXPECT_FALSE(e.removing()) << "Remove is not preselected: the hint asks for a piece";
  EXPECT_EQ(e.click(sq("a0")), xq::Phrase::EditPickFirst);
  EXPECT_TRUE(e.at(sq("a0")).has_value()) << "and nothing came off";
  e.choose(std::nullopt);
  EXPECT_TRUE(e.removing());
  EXPECT_FALSE(e.click(sq("a0")));
  EXPECT_FALSE(e.at(sq("a0")).has_value());
  e.reset_start();
  EXPECT_TRUE(e.removing()) << "the start position keeps the tool";
}
