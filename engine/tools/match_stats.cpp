#include "match_stats.h"

#include <algorithm>
#include <cmath>

namespace xq::tools {

namespace {

double elo_of(double p) {
  p = std::clamp(p, 0.001, 0.999);
  return -400.0 * std::log10(1.0 / p - 1.0) + 0.0;  // + 0.0: no "-0" for an even score
}
double score_of(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double variance(const Score3& s) {
  const int n = s.games();
  const double p = s.score();
  return (s.w * (1 - p) * (1 - p) + s.l * p * p + s.d * (0.5 - p) * (0.5 - p)) / n;
}

// A pair's mean score (0, 1/4 ... 1) and the variance of it over the pairs.
double pair_variance(const Score5& s) {
  const double m = s.score();
  double v = 0;
  for (int i = 0; i < 5; ++i) v += s.n[i] * (i / 4.0 - m) * (i / 4.0 - m);
  return v / s.pairs();
}

}  // namespace

double Score5::score() const {
  if (!pairs()) return 0.5;
  double sum = 0;
  for (int i = 0; i < 5; ++i) sum += n[i] * (i / 4.0);
  return sum / pairs();
}

void Score5::add(double pair_points) { ++n[std::clamp(int(std::lround(pair_points * 2)), 0, 4)]; }

EloEstimate elo_estimate(const Score5& s) {
  EloEstimate e;
  if (!s.pairs()) return e;
  const double p = s.score(), sd = std::sqrt(pair_variance(s) / s.pairs());
  e.elo = elo_of(p);
  e.error95 = (elo_of(p + 1.96 * sd) - elo_of(p - 1.96 * sd)) / 2;
  return e;
}

double Sprt::llr(const Score5& s) const {
  if (s.pairs() < 2) return 0;
  const double var = pair_variance(s);
  if (var <= 0) return 0;
  const double s0 = score_of(elo0), s1 = score_of(elo1);
  return s.pairs() * (s1 - s0) * (2 * s.score() - s0 - s1) / (2 * var);
}

int Sprt::decide(const Score5& s) const {
  const double v = llr(s);
  return v >= upper() ? 1 : v <= lower() ? -1 : 0;
}

EloEstimate elo_estimate(const Score3& s) {
  EloEstimate e;
  if (!s.games()) return e;
  const double p = s.score(), sd = std::sqrt(variance(s) / s.games());
  e.elo = elo_of(p);
  e.error95 = (elo_of(p + 1.96 * sd) - elo_of(p - 1.96 * sd)) / 2;
  return e;
}

double Sprt::lower() const { return std::log(beta / (1 - alpha)); }
double Sprt::upper() const { return std::log((1 - beta) / alpha); }

double Sprt::llr(const Score3& s) const {
  if (s.games() < 2) return 0;
  const double var = variance(s);
  if (var <= 0) return 0;  // all games alike: no information on the spread yet
  const double s0 = score_of(elo0), s1 = score_of(elo1);
  return s.games() * (s1 - s0) * (2 * s.score() - s0 - s1) / (2 * var);
}

int Sprt::decide(const Score3& s) const {
  const double v = llr(s);
  return v >= upper() ? 1 : v <= lower() ? -1 : 0;
}

}  // namespace xq::tools
