// Reading what another engine program prints (UCI and UCCI): "info" lines
// into a search snapshot, "bestmove" lines, "option" lines of the handshake.
// Everything here is outside data: every number is clamped to what we can
// hold, every move checked against the position, and nothing can crash or
// overflow whatever the line says (a fuzz target feeds it garbage).
#pragma once
#include <string>
#include <vector>

#include "position.h"
#include "search.h"

namespace xq {

// A move in the engine's coordinates ("h2e2", or "h3e3" when the engine counts
// ranks 1-10) as ICCS; "" when it cannot be read.
std::string engine_move_to_iccs(const std::string& move, bool ranks_from_one);

// Mate in n moves (UCI "score mate n", negative when being mated) in our
// score units, n clamped to the longest mate our scores can say (63 moves).
Score engine_mate_score(long long n);

// One "info ..." line into info: its depth, nodes and so on, and a scored line
// (line multipv) whose PV keeps the legal start of what the engine said.
// `lines_wanted` caps the MultiPV lines kept. False (info untouched) when the
// line carries no scored PV: a bound, a "string", a currmove report.
bool parse_info_line(const std::string& line, const Position& root, bool ranks_from_one, int lines_wanted,
                     SearchInfo& info);

// "bestmove X [ponder Y]": the move, legal in root, or kNoMove with why set
// ("" for an engine that says it has no move: "(none)", "nobestmove").
struct BestMoveLine {
  bool no_move = false;  // the engine said it has none
  Move best = kNoMove;
  Move ponder = kNoMove;  // only when legal after best
  std::string text;       // the move as the engine wrote it
};
bool parse_bestmove_line(const std::string& line, const Position& root, bool ranks_from_one, BestMoveLine& out);

// The option's name from "option name <id> type ..." (UCI) or "option <id>
// type ..." (UCCI), in lower case; "" when the line names none.
std::string option_line_name(const std::string& line);

// The game that led to pos: where it began (its history undone) and the moves
// since. An engine is told "startpos" and the moves whenever the game began at
// the start position; a FEN only otherwise.
struct GameSoFar {
  Position start;
  std::string start_fen;
  bool from_start_position = false;
  std::vector<Move> moves;
};
GameSoFar game_so_far(const Position& pos);

// A FEN in the letters an engine reads: with he_letters horses and elephants
// are h and e (Sjaak II's xiangqi), not n and b.
std::string fen_in_letters(const std::string& fen, bool he_letters);

// Whether a line an engine printed after our "position" command complains
// about it ("Error: unknown piece type", "Illegal position", "bad FEN"...).
bool refuses_position(const std::string& line);

}  // namespace xq
