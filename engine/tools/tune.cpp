// xiangqi-tune: fits the evaluation's feature weights to data, Texel style.
//
//   xiangqi-tune label --records FILE [--records FILE ...] --engine CMD [--protocol uci|ucci]
//                      [--depth D] [--every K] [--jobs N] --out FILE
//     Replays games recorded by `xiangqi-match --record`, picks quiet positions
//     (not in check, no capture just made or about to be made, past the
//     opening), asks the engine for its score at a fixed depth and writes
//     "FEN<TAB>score for the side to move<TAB>game result for red (1, 0.5, 0)".
//
//   xiangqi-tune fit --data FILE [--lambda L] [--passes N] [--features FIRST-LAST]
//     Minimises the mean squared error between our win probability
//     1/(1+10^(-eval/K)) and the target lambda*p(engine score) + (1-lambda)*result,
//     first over K, then over each weight (or those of --features) by
//     coordinate descent; prints the error before and after on the fit set and
//     on the file's last tenth (held out: later games, as label writes them in
//     game order) and the new kEvalWeights line.
//
//   xiangqi-tune tables --data FILE [--lambda L] [--passes N] [--pull P] [--smooth S]
//     The same loss over the piece-square tables and the weights together
//     (N gradient steps; P pulls each value towards today's, S neighbouring
//     squares towards each other, so rarely seen squares stay sensible);
//     prints the tables for evaluate.cpp and the weights (tune_tables.cpp).
#include <signal.h>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine_process.h"
#include "parse_int.h"
#include "evaluate.h"
#include "fen.h"
#include "game.h"
#include "movegen.h"
#include "notation.h"
#include "tune_data.h"
#include "tune_tables.h"

using namespace xq;

namespace {

struct Sample {
  std::string fen;
  double red_result;
};

std::vector<Sample> quiet_positions(const std::vector<std::string>& files, int every) {
  std::vector<Sample> out;
  int counter = 0;
  for (const auto& file : files) {
    std::ifstream in(file);
    if (!in) {
      std::cerr << "cannot open " << file << "\n";
      continue;
    }
    for (std::string line; std::getline(in, line);) {
      std::istringstream ls(line);
      std::string result, tag, moves;
      if (!std::getline(ls, result, '\t') || !std::getline(ls, tag, '\t') || !std::getline(ls, moves)) continue;
      const double r = result == "1-0" ? 1.0 : result == "0-1" ? 0.0 : 0.5;
      std::vector<Move> game;
      std::istringstream ms(moves);
      for (std::string t; ms >> t;) {
        Move m;
        if (!iccs_to_move(t, m, nullptr)) break;
        game.push_back(m);
      }
      Game g;
      for (size_t i = 0; i < game.size(); ++i) {
        const Position& p = g.position();
        const bool quiet = i >= 12 && !p.in_check() && !g.last_move_captured() && !p.piece_at(move_to(game[i]));
        if (quiet && counter++ % every == 0) out.push_back({g.fen(), r});
        if (!g.play(game[i])) break;
      }
    }
  }
  return out;
}

int label(const std::vector<std::string>& records, const EngineSpec& spec, int depth, int every, int jobs,
          const std::string& out_file) {
  const auto samples = quiet_positions(records, every);
  std::cerr << samples.size() << " quiet positions to label\n";
  std::ofstream out(out_file);
  if (!out) {
    std::cerr << "cannot write " << out_file << "\n";
    return 2;
  }
  std::mutex mutex;
  std::atomic<size_t> next{0};
  std::atomic<int> written{0};
  auto work = [&]() {
    EngineProcess e;
    if (!e.start(spec)) {
      std::lock_guard<std::mutex> lock(mutex);
      std::cerr << e.error() << "\n";
      return;
    }
    for (size_t i; (i = next++) < samples.size();) {
      if (i % 200 == 0) e.new_game();
      double ms;
      const std::string best = e.go(samples[i].fen, {}, "depth " + std::to_string(depth), 60000, &ms);
      if (best.empty()) {
        e.start(spec);
        continue;
      }
      if (e.last_score_is_mate()) continue;
      std::lock_guard<std::mutex> lock(mutex);
      out << samples[i].fen << "\t" << e.last_score() << "\t" << samples[i].red_result << "\n";
      if (++written % 1000 == 0) std::cerr << written << " labelled\n";
    }
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; ++j) threads.emplace_back(work);
  for (auto& t : threads) t.join();
  std::cerr << written << " positions written to " << out_file << "\n";
  return 0;
}

// What the tuner needs of a position: everything but the weights.
struct Row {
  int psq;                   // table sums, side to move minus the other
  int diff[kFeatureCount];   // feature differences, side to move minus the other
  int8_t scale_us, scale_them;
  float target;              // side to move's expected score
};

int eval_row(const Row& r, const int* w) {
  int v = r.psq;
  for (int i = 0; i < kFeatureCount; ++i) v += w[i] * r.diff[i];
  const int scale = v > 0 ? r.scale_us : r.scale_them;
  if (scale < 16) v = v * scale / 16;
  return v + kTempo;
}

double loss(const std::vector<Row>& rows, const int* w, double k, size_t begin, size_t end) {
  double sum = 0;
  for (size_t i = begin; i < end; ++i) {
    const double e = sigmoid10(eval_row(rows[i], w), k) - rows[i].target;
    sum += e * e;
  }
  return sum / double(end - begin);
}

int fit(const std::string& data, double lambda, int passes, int first, int last) {
  std::ifstream in(data);
  if (!in) {
    std::cerr << "cannot open " << data << "\n";
    return 2;
  }
  std::vector<Row> rows;
  int bad = 0;
  for (std::string line; std::getline(in, line);) {
    FenData d;
    double target = 0;
    if (!parse_labelled(line, lambda, d, target)) {
      ++bad;
      continue;
    }
    const Position& p = d.pos;
    Row r{};
    const Color us = p.side();
    int f[2][kFeatureCount];
    eval_features(p, f);
    r.psq = psq_score(p, us);
    for (int i = 0; i < kFeatureCount; ++i) r.diff[i] = f[us][i] - f[~us][i];
    r.scale_us = int8_t(win_scale(p, us));
    r.scale_them = int8_t(win_scale(p, ~us));
    r.target = float(target);
    if (evaluate(p) != eval_row(r, kEvalWeights)) {
      std::cerr << "internal error: the tuner's evaluation differs from the engine's on " << to_fen(p) << "\n";
      return 1;
    }
    rows.push_back(r);
  }
  if (rows.size() < 100) {
    std::cerr << "too little data: " << rows.size() << " rows (" << bad << " unreadable)\n";
    return 2;
  }
  // The last tenth is held out to see whether the fit generalises.
  const size_t split = rows.size() - rows.size() / 10;
  int w[kFeatureCount];
  std::copy(kEvalWeights, kEvalWeights + kFeatureCount, w);
  double k = 400, best_k = k, best = 1e9;
  for (double t = 100; t <= 1500; t += 10) {
    const double l = loss(rows, w, t, 0, split);
    if (l < best) best = l, best_k = t;
  }
  k = best_k;
  std::printf("%zu positions (%zu held out), K %.0f\n", rows.size(), rows.size() - split, k);
  std::printf("error before: fit %.6f, held out %.6f\n", best, loss(rows, w, k, split, rows.size()));
  for (int pass = 0; pass < passes; ++pass) {
    bool improved = false;
    for (int i = first; i <= last && i < kFeatureCount; ++i) {
      const int step = i >= kMaterialAdvisor ? 4 : 1;
      for (int dir : {1, -1}) {
        for (;;) {
          w[i] += dir * step;
          const double l = loss(rows, w, k, 0, split);
          if (l < best) {
            best = l;
            improved = true;
          } else {
            w[i] -= dir * step;
            break;
          }
        }
      }
    }
    std::printf("pass %d: fit %.6f, held out %.6f\n", pass + 1, best, loss(rows, w, k, split, rows.size()));
    std::fflush(stdout);
    if (!improved) break;
  }
  std::printf("constexpr int kEvalWeights[kFeatureCount] = {");
  for (int i = 0; i < kFeatureCount; ++i) std::printf("%s%d", i ? ", " : "", w[i]);
  std::printf("};\n");
  return 0;
}

int usage() {
  std::cerr << "usage: xiangqi-tune label --records FILE [--records FILE ...] --engine CMD [--protocol uci|ucci]\n"
               "                          [--depth D] [--every K] [--jobs N] --out FILE\n"
               "       xiangqi-tune fit --data FILE [--lambda L] [--passes N] [--features FIRST-LAST]\n"
               "       xiangqi-tune tables --data FILE [--lambda L] [--passes N] [--pull P] [--smooth S]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  signal(SIGPIPE, SIG_IGN);
  if (argc < 2) return usage();
  const std::string cmd = argv[1];
  std::vector<std::string> records;
  EngineSpec spec;
  std::string out, data;
  int depth = 8, every = 1, jobs = 2, passes = 50, first = 0, last = kFeatureCount - 1;
  double lambda = 0.75, pull = 1e-7, smooth = 0;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--records") records.push_back(v);
    else if (k == "--engine") spec.command = v;
    else if (k == "--protocol") spec.protocol = v;
    else if (k == "--depth") { if (!xq::parse_int(v, 1, 60, depth)) return usage(); }
    else if (k == "--every") { if (!xq::parse_int(v, 1, 1000000, every)) return usage(); }
    else if (k == "--jobs") { if (!xq::parse_int(v, 1, 64, jobs)) return usage(); }
    else if (k == "--out") out = v;
    else if (k == "--data") data = v;
    else if (k == "--lambda") lambda = std::atof(v.c_str());
    else if (k == "--pull") pull = std::atof(v.c_str());
    else if (k == "--smooth") smooth = std::atof(v.c_str());
    else if (k == "--passes") { if (!xq::parse_int(v, 1, 100000, passes)) return usage(); }
    else if (k == "--features") {
      // FIRST-LAST: tune only these weights (indices into EvalFeature)
      if (std::sscanf(v.c_str(), "%d-%d", &first, &last) != 2 || first < 0 || last < first) return usage();
    }
    else return usage();
  }
  if (cmd == "label" && !records.empty() && !spec.command.empty() && !out.empty())
    return label(records, spec, depth, every, jobs, out);
  if (cmd == "fit" && !data.empty()) return fit(data, lambda, passes, first, last);
  if (cmd == "tables" && !data.empty()) return xq::fit_tables(data, lambda, passes, pull, smooth);
  return usage();
}
