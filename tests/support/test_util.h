// Helpers shared by the engine tests.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "fen.h"
#include "movegen.h"
#include "notation.h"

inline xq::Position pos_from(const std::string& fen) {
  xq::FenData d;
  std::string err;
  EXPECT_TRUE(xq::parse_fen(fen, d, &err)) << fen << ": " << err;
  return d.pos;
}

inline xq::Move mv(const std::string& iccs) {
  xq::Move m = 0;
  EXPECT_TRUE(xq::iccs_to_move(iccs, m, nullptr)) << iccs;
  return m;
}

// Legal moves as a sorted set of ICCS strings.
inline std::set<std::string> legal_set(const std::string& fen) {
  xq::Position p = pos_from(fen);
  xq::Move moves[xq::kMaxMoves];
  int n = xq::generate_legal(p, moves);
  std::set<std::string> s;
  for (int i = 0; i < n; ++i) s.insert(xq::move_to_iccs(moves[i]));
  return s;
}

// Legal moves of the piece on one square.
inline std::set<std::string> moves_from(const std::string& fen, const std::string& sq) {
  std::set<std::string> s;
  for (auto& m : legal_set(fen))
    if (m.substr(0, 2) == sq) s.insert(m.substr(2));
  return s;
}

// Positions of random legal games from the start, one after each move
// (games end early at mate or stalemate); the same seed gives the same list.
inline std::vector<xq::Position> random_positions(int games, int plies, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<xq::Position> out;
  for (int g = 0; g < games; ++g) {
    xq::Position p = pos_from(xq::kStartFen);
    for (int i = 0; i < plies; ++i) {
      xq::Move moves[xq::kMaxMoves];
      const int n = xq::generate_legal(p, moves);
      if (!n) break;
      p.do_move(moves[rng() % n]);
      out.push_back(p);
    }
  }
  return out;
}

// Sanitizer builds run several times slower; timing limits scale with this.
inline double xq_test_slow_factor() {
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
  return 10.0;
#else
  return 1.0;
#endif
}
