// Match statistics: Elo with its 95% error from W/D/L, and the log-likelihood
// ratio of a sequential probability ratio test (SPRT) between two Elo
// hypotheses, in the trinomial normal approximation that engine testers use.
#pragma once

namespace xq::tools {

struct Score3 {
  int w = 0, d = 0, l = 0;
  int games() const { return w + d + l; }
  double score() const { return games() ? (w + 0.5 * d) / games() : 0.5; }
};

// Game pairs (one opening played twice, the colours swapped) by engine 1's
// points in the pair: n[0] lost both ... n[4] won both. A pair's two games
// are not independent (the opening favours one colour), so the error of a
// paired match comes from the spread of the pairs, not of the games.
struct Score5 {
  int n[5] = {0, 0, 0, 0, 0};
  int pairs() const { return n[0] + n[1] + n[2] + n[3] + n[4]; }
  double score() const;            // per game, as Score3's
  void add(double pair_points);    // 0, 0.5, 1, 1.5 or 2
};

struct EloEstimate {
  double elo = 0, error95 = 0;
};
EloEstimate elo_estimate(const Score3& s);
EloEstimate elo_estimate(const Score5& s);

struct Sprt {
  double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
  double lower() const;  // accept H0 at or below
  double upper() const;  // accept H1 at or above
  double llr(const Score3& s) const;
  double llr(const Score5& s) const;  // the pentanomial approximation, as fishtest's
  // +1 H1 accepted, -1 H0 accepted, 0 go on.
  int decide(const Score3& s) const;
  int decide(const Score5& s) const;
};

}  // namespace xq::tools
