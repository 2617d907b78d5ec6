// bench: a fixed set of positions searched to a fixed depth with a fixed hash;
// the total node count is the search's signature.
#pragma once
#include <cstdint>
#include <ostream>

namespace xq {

// Prints a line per position, then "Total time (ms) : T", "Nodes searched  : N",
// "Nodes/second    : S". Returns N.
uint64_t run_bench(int depth, std::ostream& out);

}  // namespace xq
