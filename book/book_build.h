// Building the opening book from its source text: parse and check every line,
// merge transpositions and mirror images, test each move with the search,
// and keep what is reachable from the start.
#pragma once
#include <string>
#include <vector>

#include "book.h"

namespace xq {

struct BookBuildOptions {
  int check_depth = 8;    // search depth for the engine check (0 = no check)
  int margin = 100;       // a move losing more than this for its side is dubious
  bool keep_dubious = false;
};

struct BookBuildReport {
  int lines = 0;
  int positions = 0;
  int moves = 0;
  int dubious = 0;        // moves the check found losing
  int dropped = 0;        // entries left out (dubious, or only reachable through them)
  std::vector<std::string> notes;  // one per dubious move: file:line, opening, move, loss
};

// Parses source (named `file` in messages). On a bad line returns false with
// "file:line: opening: move N 'text': reason".
bool build_book(const std::string& source, const std::string& file, const BookBuildOptions& options,
                std::vector<BookEntry>& out, BookBuildReport& report, std::string* error);

}  // namespace xq
