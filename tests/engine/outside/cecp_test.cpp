// The xboard protocol's pieces (engine/cecp.h): features, the commands that
// set up a position and a time, post lines and answers, as MaxQi writes them.
#include "cecp.h"
#include "test_util.h"

TEST(Cecp, FeaturesAreReadWithQuotesAndEachIsAnswered) {
  xq::CecpFeatures f;
  EXPECT_TRUE(xq::read_feature_line("tellics say MaxQi", f).empty());
  EXPECT_FALSE(f.any);
  auto replies = xq::read_feature_line("feature setboard=0 ping=1 done=0", f);
  EXPECT_EQ(replies, (std::vector<std::string>{"accepted setboard", "accepted ping"}));
  EXPECT_TRUE(f.any && f.waiting && !f.done && f.ping && !f.setboard);
  replies = xq::read_feature_line(
      "feature myname=\"MaxQi 4.8G\" san=1 variants=\"normal, xiangqi\" option=\"Hash -spin 64 1 1024\" done=1", f);
  EXPECT_EQ(replies, (std::vector<std::string>{"accepted myname", "rejected san", "accepted variants",
                                               "accepted option"}));
  EXPECT_EQ(f.myname, "MaxQi 4.8G");
  EXPECT_TRUE(f.done);
  EXPECT_TRUE(xq::cecp_plays_xiangqi(f));
  EXPECT_EQ(f.options, std::vector<std::string>{"Hash -spin 64 1 1024"});
  f.variants = "normal,shatranj";
  EXPECT_FALSE(xq::cecp_plays_xiangqi(f));
  xq::CecpFeatures broken;
  xq::read_feature_line("feature myname=\"never closed", broken);
  EXPECT_EQ(broken.myname, "never closed");
}

TEST(Cecp, APositionIsNewForceAndTheMovesOrSetboard) {
  xq::CecpFeatures f;
  xq::Position p = pos_from(xq::kStartFen);
  p.do_move(mv("h2e2"));
  p.do_move(mv("h9g7"));
  std::vector<std::string> out;
  ASSERT_TRUE(xq::cecp_position_commands(p, f, out, nullptr));
  EXPECT_EQ(out, (std::vector<std::string>{"new", "variant xiangqi", "force", "h2e2", "h9g7"}));
  f.usermove = true;
  ASSERT_TRUE(xq::cecp_position_commands(p, f, out, nullptr));
  EXPECT_EQ(out.back(), "usermove h9g7");
  const xq::Position set_up = pos_from("3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1");
  std::string why;
  EXPECT_FALSE(xq::cecp_position_commands(set_up, f, out, &why));
  EXPECT_NE(why.find("setboard"), std::string::npos);
  f.setboard = true;
  ASSERT_TRUE(xq::cecp_position_commands(set_up, f, out, nullptr));
  EXPECT_EQ(out.back(), "setboard 3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1");
}

TEST(Cecp, TimeLimitsBecomeLevelTimeAndDepth) {
  xq::Limits l;
  l.movetime_ms = 200;
  EXPECT_EQ(xq::cecp_limit_commands(l), (std::vector<std::string>{"level 40 0:08 0", "time 800", "otim 800"}));
  l = {};
  l.time_left_ms = 300000;
  l.increment_ms = 3000;
  EXPECT_EQ(xq::cecp_limit_commands(l), (std::vector<std::string>{"level 0 5:00 3", "time 30000", "otim 30000"}));
  l = {};
  l.depth = 7;
  EXPECT_EQ(xq::cecp_limit_commands(l).back(), "sd 7");
  l = {};
  l.infinite = true;
  EXPECT_TRUE(xq::cecp_limit_commands(l).empty());
}

TEST(Cecp, PostLinesAndAnswersAreReadAndChecked) {
  const xq::Position start = pos_from(xq::kStartFen);
  xq::SearchInfo info;
  EXPECT_FALSE(xq::parse_post_line("-1    440        0          1 h2h9", start, info)) << "MaxQi's line before the search";
  ASSERT_TRUE(xq::parse_post_line(" 5     30       14     143513 c0e2 h9g7 zz", start, info));
  EXPECT_EQ(info.depth, 5);
  EXPECT_EQ(info.score, 30);
  EXPECT_EQ(info.time_ms, 140);
  EXPECT_EQ(info.nodes, 143513u);
  EXPECT_EQ(info.pv.size(), 2u) << "the legal start of the line";
  ASSERT_TRUE(xq::parse_post_line(" 9 100003 50 1000 h2e2", start, info));
  EXPECT_EQ(info.score, xq::engine_mate_score(3)) << "XBoard's mate in 3";
  EXPECT_FALSE(xq::parse_post_line(" 9 12 50 1000 a0a9", start, info)) << "no legal move in the line";
  EXPECT_FALSE(xq::parse_post_line("move h2e2", start, info));
  xq::Move m = xq::kNoMove;
  EXPECT_EQ(xq::read_cecp_answer("move h2e2", start, m), xq::CecpAnswer::Move);
  EXPECT_EQ(m, mv("h2e2"));
  EXPECT_EQ(xq::read_cecp_answer("My move is: b0c2", start, m), xq::CecpAnswer::Move);
  EXPECT_EQ(xq::read_cecp_answer("move b7b3", start, m), xq::CecpAnswer::IllegalMove);
  EXPECT_EQ(xq::read_cecp_answer("resign", start, m), xq::CecpAnswer::Resign);
  EXPECT_EQ(xq::read_cecp_answer("offer draw", start, m), xq::CecpAnswer::DrawOffer);
  EXPECT_EQ(xq::read_cecp_answer("1/2-1/2 {Draw by repetition}", start, m), xq::CecpAnswer::Result);
  EXPECT_EQ(xq::read_cecp_answer("Illegal move: h2e9", start, m), xq::CecpAnswer::Complaint);
  EXPECT_EQ(xq::read_cecp_answer("# root hit 0 0 0", start, m), xq::CecpAnswer::None);
}

TEST(EngineOutput, SjaaksFenLettersAndItsComplaint) {
  EXPECT_EQ(xq::fen_in_letters("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", true),
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b - - 0 1");
  EXPECT_EQ(xq::fen_in_letters("3k5/9/9/9/9/9/9/9/4K4/9 w", false), "3k5/9/9/9/9/9/9/9/4K4/9 w");
  EXPECT_TRUE(xq::refuses_position("Error: unknown piece type 'n' (bad FEN rnbakabnr/9)"));
  EXPECT_TRUE(xq::refuses_position("Bad move h3e3 in movelist!"));
  EXPECT_FALSE(xq::refuses_position("info string ERROR: network file not found"));
  EXPECT_FALSE(xq::refuses_position("readyok"));
  const xq::GameSoFar from_start = xq::game_so_far(pos_from(xq::kStartFen));
  EXPECT_TRUE(from_start.from_start_position);
  EXPECT_FALSE(xq::game_so_far(pos_from("3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1")).from_start_position);
}
