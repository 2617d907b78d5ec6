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

struct EloEstimate {
  double elo = 0, error95 = 0;
};
EloEstimate elo_estimate(const Score3& s);

struct Sprt {
  double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
  double lower() const;  // accept H0 at or below
  double upper() const;  // accept H1 at or above
  double llr(const Score3& s) const;
  // +1 H1 accepted, -1 H0 accepted, 0 go on.
  int decide(const Score3& s) const;
};

}  // namespace xq::tools
