// ECCO (中国象棋开局分类编码, A00–E99), the opening classification that Chinese
// game databases use: a code and a name, in Chinese and English, for a
// game's opening. The table (ecco_table.cpp) holds all 260 codes of the
// published classification with the lines that define them; a game gets
// the code of the deepest line it follows, read the way the published
// classification reads a game: by the first moves of each side, then by
// each side's first choice that counts, with transpositions and extra moves
// allowed where the classification allows them (see ecco.cpp). On games the
// classification's own algorithm coded, we agree on 98.8% (ecco_test).
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
