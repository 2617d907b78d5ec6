// Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013):
// a rating, its deviation (how sure it is) and its volatility, updated
// after a rating period from the results against rated opponents. Used by
// the puzzle trainer (a puzzle is an opponent with a rating of its own).
#pragma once
#include <vector>

namespace xq {

struct GlickoRating {
  double rating = 1500, deviation = 350, volatility = 0.06;
};

struct GlickoResult {
  GlickoRating opponent;
  double score = 0;  // 1 a win, 0.5 a draw, 0 a loss
};

// The system constant tau: how fast the volatility may change (0.3 to 1.2).
constexpr double kGlickoTau = 0.5;

// The rating after one period with these results. With none, only the
// deviation grows (the rating is less sure for not being played).
GlickoRating glicko2_update(const GlickoRating& player, const std::vector<GlickoResult>& results,
                            double tau = kGlickoTau);

}  // namespace xq
