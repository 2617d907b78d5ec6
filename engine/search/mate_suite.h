// Mate suites: positions where a forced mate is known ("FEN<TAB>mate in N
// moves", as xiangqi-mates writes them), each searched on a time or node
// budget; a mate counts as found when the search scores a mate in at most N.
// The tactics figure in the README is this run at 100 ms a position.
#pragma once
#include <istream>
#include <ostream>
#include <string>

#include "search_service.h"
#include "timeman.h"

namespace xq {

struct MateSuiteResult {
  int positions = 0, found = 0;
  int by_length[6] = {}, found_by_length[6] = {};  // mates in 1..4, and 5 or more at [5]
  // Of the misses, those still scored as won: a mate longer than the suite's,
  // or a win by the rules (the defender's best is a forbidden repetition,
  // such as a perpetual check, rather than being mated).
  int longer = 0, by_rule = 0;
};

// Reads the suite from in; a line that is neither a comment (#), empty, nor
// "FEN<TAB>N" is reported on err by its number and skipped. Prints one line a
// miss (saying when it is still scored as won) and a summary on out. With
// threads > 1 each position is searched by a SearchPool of that many threads.
MateSuiteResult run_mate_suite(std::istream& in, const Limits& limits, std::ostream& out, std::ostream& err,
                               int threads = 1);
// The same with any engine, an outside one for instance (the figure to
// compare ours with): a new game before each position, then one search.
MateSuiteResult run_mate_suite(std::istream& in, const Limits& limits, std::ostream& out, std::ostream& err,
                               SearchService& engine);

}  // namespace xq
