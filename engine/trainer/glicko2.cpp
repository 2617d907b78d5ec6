#include "glicko2.h"

#include <algorithm>
#include <cmath>

namespace xq {

namespace {

constexpr double kScale = 173.7178;  // Glicko-2's scale: 400 / ln 10
constexpr double kPi = 3.14159265358979323846;

double g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (kPi * kPi)); }

}  // namespace

GlickoRating glicko2_update(const GlickoRating& player, const std::vector<GlickoResult>& results, double tau) {
  const double mu = (player.rating - 1500) / kScale, phi = player.deviation / kScale, sigma = player.volatility;
  if (results.empty()) return {player.rating, std::min(350.0, std::sqrt(phi * phi + sigma * sigma) * kScale), sigma};
  // Step 3 and 4: the estimated variance v and the improvement delta.
  double inv_v = 0, sum = 0;
  for (const GlickoResult& r : results) {
    const double mu_j = (r.opponent.rating - 1500) / kScale, phi_j = r.opponent.deviation / kScale;
    const double gj = g(phi_j), e = 1 / (1 + std::exp(-gj * (mu - mu_j)));
    inv_v += gj * gj * e * (1 - e);
    sum += gj * (r.score - e);
  }
  const double v = 1 / inv_v, delta = v * sum;
  // Step 5: the new volatility, by the Illinois algorithm on f(x) = 0.
  const double a = std::log(sigma * sigma), phi2 = phi * phi;
  auto f = [&](double x) {
    const double ex = std::exp(x), d = phi2 + v + ex;
    return ex * (delta * delta - phi2 - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };
  double A = a, B;
  if (delta * delta > phi2 + v) {
    B = std::log(delta * delta - phi2 - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0 && k < 1000) ++k;
    B = a - k * tau;
  }
  double fA = f(A), fB = f(B);
  for (int i = 0; i < 200 && std::fabs(B - A) > 1e-6; ++i) {
    const double C = A + (A - B) * fA / (fB - fA), fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const double sigma2 = std::exp(A / 2);
  // Steps 6 to 8: the new deviation and rating, back on the Glicko scale.
  const double phi_star = std::sqrt(phi2 + sigma2 * sigma2);
  const double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
  const double mu_new = mu + phi_new * phi_new * sum;
  return {mu_new * kScale + 1500, phi_new * kScale, sigma2};
}

}  // namespace xq
