// Options as real engines declare them (Fairy-Stockfish and Pikafish in UCI,
// ElephantEye in UCCI, MaxQi and Sjaak in xboard), the lines that set them and
// the check of a player's value.
#include <gtest/gtest.h>

#include "engine_option.h"

using xq::EngineOption;
using xq::parse_engine_option;

TEST(EngineOption, ReadsUciLines) {
  auto hash = parse_engine_option("option name Hash type spin default 16 min 1 max 33554432", "uci");
  ASSERT_TRUE(hash);
  EXPECT_EQ(hash->name, "Hash");
  EXPECT_EQ(hash->kind, EngineOption::Kind::Spin);
  EXPECT_EQ(hash->value, "16");
  EXPECT_EQ(hash->max, 33554432);
  auto variant = parse_engine_option("option name UCI_Variant type combo default chess var chess var xiangqi", "uci");
  ASSERT_TRUE(variant);
  EXPECT_EQ(variant->choices, (std::vector<std::string>{"chess", "xiangqi"}));
  EXPECT_FALSE(xq::player_settable(*variant));
  auto proto = parse_engine_option("option name Protocol type combo default uci var uci var ucci var xboard", "uci");
  ASSERT_TRUE(proto);
  EXPECT_FALSE(xq::player_settable(*proto)) << "Fairy-Stockfish's own protocol switch is ours to keep";
  auto book = parse_engine_option("option name Book File type string default <empty>", "uci");
  ASSERT_TRUE(book);
  EXPECT_EQ(book->name, "Book File");
  EXPECT_EQ(book->value, "");
  auto ponder = parse_engine_option("option name Ponder type check default false", "uci");
  ASSERT_TRUE(ponder);
  EXPECT_EQ(ponder->kind, EngineOption::Kind::Check);
  EXPECT_EQ(xq::engine_option_command(*hash, "64", "uci"), "setoption name Hash value 64");
  EXPECT_EQ(xq::engine_option_command(*book, "a b.bin", "uci"), "setoption name Book File value a b.bin");
  auto clear = parse_engine_option("option name Clear Hash type button", "uci");
  ASSERT_TRUE(clear);
  EXPECT_EQ(xq::engine_option_command(*clear, "", "uci"), "setoption name Clear Hash");
}

TEST(EngineOption, ReadsUcciLines) {
  auto hash = parse_engine_option("option hashsize type spin min 16 max 1024 default 16", "ucci");
  ASSERT_TRUE(hash);
  EXPECT_EQ(hash->name, "hashsize");
  EXPECT_EQ(hash->min, 16);
  EXPECT_EQ(hash->value, "16");
  auto idle = parse_engine_option("option idle type combo var none var small var medium var large default none", "ucci");
  ASSERT_TRUE(idle);
  EXPECT_EQ(idle->choices.size(), 4u);
  EXPECT_EQ(idle->value, "none");
  auto book = parse_engine_option("option usebook type check default true", "ucci");
  ASSERT_TRUE(book);
  EXPECT_EQ(book->value, "true");
  EXPECT_EQ(xq::engine_option_command(*book, "false", "ucci"), "setoption usebook false");
  EXPECT_EQ(xq::engine_option_command(*hash, "64", "ucci"), "setoption hashsize 64");
}

TEST(EngineOption, ReadsXboardFeatures) {
  auto hash = parse_engine_option("Hash -spin 64 1 1024", "xboard");
  ASSERT_TRUE(hash);
  EXPECT_EQ(hash->name, "Hash");
  EXPECT_EQ(hash->value, "64");
  EXPECT_EQ(xq::engine_option_command(*hash, "128", "xboard"), "option Hash=128");
  auto style = parse_engine_option("Playing Style -combo Normal /// *Aggressive /// Solid", "xboard");
  ASSERT_TRUE(style);
  EXPECT_EQ(style->name, "Playing Style");
  EXPECT_EQ(style->choices, (std::vector<std::string>{"Normal", "Aggressive", "Solid"}));
  EXPECT_EQ(style->value, "Aggressive");
  auto resign = parse_engine_option("Resign -check 1", "xboard");
  ASSERT_TRUE(resign);
  EXPECT_EQ(resign->value, "true");
  EXPECT_EQ(xq::engine_option_command(*resign, "false", "xboard"), "option Resign=0");
  auto clear = parse_engine_option("Clear Hash -button", "xboard");
  ASSERT_TRUE(clear);
  EXPECT_EQ(xq::engine_option_command(*clear, "", "xboard"), "option Clear Hash");
}

TEST(EngineOption, RefusesLinesItCannotRead) {
  for (const char* l : {"", "option", "option name", "option name Hash", "option name Hash type dial",
                        "option name Hash type spin default 1 min 9 max 2", "option name Hash type spin default x",
                        "option name Hash type spin min a max 3", "id name X"})
    EXPECT_FALSE(parse_engine_option(l, "uci")) << l;
  for (const char* l : {"", "Hash", "Hash -dial 3", "Hash -spin 1 9 2", "-spin 1 1 2", "Style -combo"})
    EXPECT_FALSE(parse_engine_option(l, "xboard")) << l;
}

TEST(EngineOption, ChecksAPlayersValue) {
  EngineOption spin;
  spin.name = "Threads";
  spin.kind = EngineOption::Kind::Spin;
  spin.min = 1;
  spin.max = 8;
  std::string why;
  EXPECT_EQ(xq::checked_option_value(spin, "4", &why), "4");
  EXPECT_FALSE(xq::checked_option_value(spin, "9", &why));
  EXPECT_EQ(why, "option 'Threads': 9 is outside 1-8");
  EXPECT_FALSE(xq::checked_option_value(spin, "four", &why));
  EXPECT_EQ(why, "option 'Threads': 'four' is not a number");
  EngineOption check;
  check.name = "Ponder";
  check.kind = EngineOption::Kind::Check;
  EXPECT_EQ(xq::checked_option_value(check, "ON", &why), "true");
  EXPECT_FALSE(xq::checked_option_value(check, "maybe", &why));
  EngineOption combo;
  combo.name = "idle";
  combo.kind = EngineOption::Kind::Combo;
  combo.choices = {"none", "small"};
  EXPECT_EQ(xq::checked_option_value(combo, "SMALL", &why), "small");
  EXPECT_FALSE(xq::checked_option_value(combo, "huge", &why));
  EngineOption text;
  text.name = "Book File";
  EXPECT_EQ(xq::checked_option_value(text, "", &why), "");
  EXPECT_FALSE(xq::checked_option_value(text, "a\nquit", &why)) << "a value cannot end its line and send a command";
}
