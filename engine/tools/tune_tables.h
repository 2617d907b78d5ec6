// The tuner's piece-square table fit (see tune_tables.cpp).
#pragma once
#include <string>

namespace xq {

// Fits tables and weights to FILE's "FEN<TAB>score<TAB>result" lines and
// prints them as C++ for evaluate.cpp/evaluate.h; 0 on success. `pull` draws
// each value towards today's, `smooth` neighbouring squares towards each other.
int fit_tables(const std::string& data, double lambda, int iterations, double pull, double smooth);

}  // namespace xq
