// xiangqi-tune tables: fits the piece-square tables (material included) and
// the feature weights together by gradient descent on the same data and loss
// as `fit`. The tables are left-right symmetric, so each piece has 50 values
// (ranks 0-9 from its own side, files folded to 0-4) in each of the two sets
// (middlegame, endgame: a position's value blends them by its phase); a pull
// towards today's values keeps squares the data seldom sees where they are.
#include "tune_tables.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "evaluate.h"
#include "fen.h"
#include "tune_data.h"

namespace xq {

namespace {

constexpr int kTableParams = 7 * 50;  // one set of tables; the endgame set follows the middlegame's
constexpr int kParams = 2 * kTableParams + kFeatureCount;
constexpr int kFirstWeight = 2 * kTableParams;

// A piece's table slot: its type, its rank counted from its own side, its file folded.
int table_index(PieceType t, Color c, Square s) {
  const int f = file_of(s), r = rank_of(s);
  const int rank = c == RED ? r : 9 - r;
  return int(t) * 50 + rank * 5 + std::min(f, 8 - f);
}

struct Row {
  std::vector<std::pair<int16_t, float>> terms;  // parameter, coefficient (side to move minus the other)
  int8_t scale_us, scale_them;
  float target;
  int engine_eval;  // evaluate() today: the model must agree with it before fitting
};

double value(const Row& r, const std::vector<double>& p, int* scale_out) {
  double v = 0;
  for (auto [i, n] : r.terms) v += p[i] * n;
  const int scale = v > 0 ? r.scale_us : r.scale_them;
  *scale_out = scale;
  return v * scale / 16 + kTempo;
}

bool read_rows(const std::string& file, double lambda, std::vector<Row>& rows) {
  std::ifstream in(file);
  if (!in) {
    std::cerr << "cannot open " << file << "\n";
    return false;
  }
  for (std::string line; std::getline(in, line);) {
    FenData d;
    double target = 0;
    if (!parse_labelled(line, lambda, d, target)) continue;
    const Position& p = d.pos;
    const Color us = p.side();
    const float mid = float(material_phase(p)) / kFullPhase;
    Row r;
    for (int id = 16; id < 48; ++id) {
      const Square s = p.square_of(id);
      if (!s) continue;
      const Color c = color_of_id(id);
      const int i = table_index(type_of_id(id), c, s);
      const float n = c == us ? 1 : -1;
      if (mid > 0) r.terms.push_back({int16_t(i), n * mid});
      if (mid < 1) r.terms.push_back({int16_t(kTableParams + i), n * (1 - mid)});
    }
    int f[2][kFeatureCount];
    eval_features(p, f);
    for (int i = 0; i < kFeatureCount; ++i)
      if (f[us][i] != f[~us][i]) r.terms.push_back({int16_t(kFirstWeight + i), float(f[us][i] - f[~us][i])});
    r.scale_us = int8_t(win_scale(p, us));
    r.scale_them = int8_t(win_scale(p, ~us));
    r.engine_eval = evaluate(p);
    r.target = float(target);
    rows.push_back(std::move(r));
  }
  return true;
}

double loss(const std::vector<Row>& rows, const std::vector<double>& p, double k, size_t begin, size_t end) {
  double sum = 0;
  int scale;
  for (size_t i = begin; i < end; ++i) {
    const double e = sigmoid10(value(rows[i], p, &scale), k) - rows[i].target;
    sum += e * e;
  }
  return sum / double(end - begin);
}

void print_tables(const std::vector<double>& p) {
  static const char* names[7] = {"kKing", "kAdvisor", "kElephant", "kHorse", "kRook", "kCannon", "kPawn"};
  for (int set = 0; set < 2; ++set)
    for (int t = 0; t < 7; ++t) {
      std::printf("constexpr int %s%s[90] = {\n", names[t], set ? "End" : "");
      for (int rank = 9; rank >= 0; --rank) {
        std::printf("   ");
        for (int f = 0; f < 9; ++f)
          std::printf(" %4ld,", std::lround(p[set * kTableParams + t * 50 + rank * 5 + std::min(f, 8 - f)]) -
                                    kPieceValue[t]);
        std::printf("  //\n");
      }
      std::printf("};\n");
    }
  std::printf("constexpr int kEvalWeights[kFeatureCount] = {");
  for (int i = 0; i < kFeatureCount; ++i) std::printf("%s%ld", i ? ", " : "", std::lround(p[kFirstWeight + i]));
  std::printf("};\n");
}

// Neighbouring squares (one rank or one folded file apart) of the horse, rook,
// cannon and pawn tables of both sets: a smoothness penalty on their
// differences lets a square the data seldom sees borrow from its neighbours.
std::vector<std::pair<int, int>> neighbours() {
  std::vector<std::pair<int, int>> out;
  for (int set = 0; set < 2; ++set)
    for (int t = HORSE; t <= PAWN; ++t)
      for (int rank = 0; rank < 10; ++rank)
        for (int f = 0; f < 5; ++f) {
          const int i = set * kTableParams + t * 50 + rank * 5 + f;
          if (f < 4) out.push_back({i, i + 1});
          if (rank < 9) out.push_back({i, i + 5});
        }
  return out;
}

}  // namespace

int fit_tables(const std::string& data, double lambda, int iterations, double pull, double smooth) {
  std::vector<Row> rows;
  if (!read_rows(data, lambda, rows)) return 2;
  if (rows.size() < 100) {
    std::cerr << "too little data: " << rows.size() << " rows\n";
    return 2;
  }
  std::vector<double> p(kParams), p0;
  for (int t = 0; t < 7; ++t)
    for (int rank = 0; rank < 10; ++rank)
      for (int f = 0; f < 5; ++f) {
        p[t * 50 + rank * 5 + f] = g_psq[t][make_square(f, rank)];
        p[kTableParams + t * 50 + rank * 5 + f] = g_psq_end[t][make_square(f, rank)];
      }
  for (int i = 0; i < kFeatureCount; ++i) p[kFirstWeight + i] = kEvalWeights[i];
  p0 = p;
  for (const Row& r : rows) {
    int scale;
    if (std::abs(value(r, p, &scale) - r.engine_eval) > 2) {  // the engine rounds twice
      std::cerr << "internal error: the model's evaluation differs from the engine's\n";
      return 1;
    }
  }
  const size_t split = rows.size() - rows.size() / 10;  // the file's last tenth is held out
  double k = 400, best = 1e9;
  for (double t = 100; t <= 1500; t += 10) {
    const double l = loss(rows, p, t, 0, split);
    if (l < best) best = l, k = t;
  }
  std::printf("%zu positions (%zu held out), K %.0f\n", rows.size(), rows.size() - split, k);
  std::printf("error before: fit %.6f, held out %.6f\n", best, loss(rows, p, k, split, rows.size()));
  // Adam on the full batch; the kings' tables (and material) stay fixed.
  std::vector<double> m(kParams), v(kParams), g(kParams);
  const auto pairs = neighbours();
  const double rate = 0.5, b1 = 0.9, b2 = 0.999;
  for (int it = 1; it <= iterations; ++it) {
    std::fill(g.begin(), g.end(), 0.0);
    for (size_t r = 0; r < split; ++r) {
      int scale;
      const double s = sigmoid10(value(rows[r], p, &scale), k);
      const double d = 2 * (s - rows[r].target) * s * (1 - s) * std::log(10.0) / k * scale / 16;
      for (auto [i, n] : rows[r].terms) g[i] += d * n;
    }
    for (int i = 0; i < kParams; ++i) g[i] = g[i] / double(split) + pull * (p[i] - p0[i]);
    for (auto [a, b] : pairs) {
      const double d = smooth * (p[a] - p[b]);
      g[a] += d;
      g[b] -= d;
    }
    const double c1 = 1 - std::pow(b1, it), c2 = 1 - std::pow(b2, it);  // Adam's bias corrections
    for (int i = 0; i < kParams; ++i) {
      if (i < kFirstWeight && i % kTableParams < 50) continue;  // a king's table, in either set
      const double gi = g[i];
      m[i] = b1 * m[i] + (1 - b1) * gi;
      v[i] = b2 * v[i] + (1 - b2) * gi * gi;
      const double mh = m[i] / c1, vh = v[i] / c2;
      p[i] -= rate * mh / (std::sqrt(vh) + 1e-12);
    }
    if (it % 100 == 0 || it == iterations) {
      std::printf("iteration %d: fit %.6f, held out %.6f\n", it, loss(rows, p, k, 0, split),
                  loss(rows, p, k, split, rows.size()));
      std::fflush(stdout);
    }
  }
  for (double& x : p) x = std::round(x);
  std::printf("rounded: fit %.6f, held out %.6f\n", loss(rows, p, k, 0, split), loss(rows, p, k, split, rows.size()));
  print_tables(p);
  return 0;
}

}  // namespace xq
