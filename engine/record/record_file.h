// The games of one file, whatever its format: XQF, 象棋桥 CBR/CBL, DhtmlXQ
// blocks, PGN (one game or a collection) and move lists as people type them.
// The one place that tells the formats apart for readers of many files (the
// library's import); every reader it calls is fuzzed on its own.
#pragma once
#include <string>
#include <vector>
#include "pgn.h"

namespace xq {

struct RecordFailure {
  int game = 0;         // 1 = the file's first game; 0: the file as a whole
  std::string message;  // what is wrong
};

struct RecordFile {
  std::string format;                  // "XQF", "CBR", "CBL", "DhtmlXQ", "PGN"
  std::vector<PgnGame> games;          // the games read, in file order
  std::vector<int> numbers;            // each game's number in the file (1-based)
  std::vector<std::string> sources;    // the game as PGN with its variations and comments (a PGN game's own
                                       // text, an XQF or CBR game's tree written); "" for a main line alone
  std::vector<RecordFailure> failures; // games (or the file) that could not be read
};

// Why bytes that none of the game formats took are no text to read as moves
// (binary data: an older compressed 象棋桥 library, or another kind), in
// words; "" when they may be text (UTF-16 with its mark counts as text).
std::string unread_binary_kind(const std::string& bytes);

// Reads every game of a file's bytes. Never throws; a damaged file gives a
// failure naming what is wrong and no games.
RecordFile read_record_file(const std::string& bytes);

}  // namespace xq
