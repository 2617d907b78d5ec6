// ECCO (中国象棋开局分类编码, A00–E99), the opening classification that Chinese
// game databases use: a code and a name, in Chinese and English, for a
// game's opening. The table holds the classification's main lines as
// published (the moves that define each code); a game gets the code of the
// deepest table line whose position it reached in the same number of moves,
// after any move order, either way round (炮二平五 and 炮八平五 games meet). Codes
// whose defining lines are not in the table fall back to the nearest one
// above them (their family's first code).
#pragma once
#include <string>
#include <vector>
#include "position.h"

namespace xq {

struct EccoOpening {
  std::string code;  // "C70"; "" when there is none (a game from a set-up position)
  std::string zh;    // 五七炮对屏风马进３卒
  std::string en;    // Five-Seven Cannons vs Screen Horses, 3rd Pawn Advanced
  int plies = 0;     // how many of the game's moves the code was read from
};

// The opening of a game that starts at start_fen with these moves. Games
// from a position other than the standard start have no code.
EccoOpening classify_opening(const std::string& start_fen, const std::vector<Move>& moves);

// The name of a code ("C70" → its table entry); empty when it is unknown.
EccoOpening ecco_name(const std::string& code);

// Every table entry with its defining line (Chinese notation), for tests.
struct EccoLine {
  const char* code;
  const char* zh;
  const char* en;
  const char* moves;  // one or more lines separated by '|'; "" for a family's root
};
const std::vector<EccoLine>& ecco_table();

}  // namespace xq
