// What both fits of xiangqi-tune read: "FEN<TAB>score<TAB>result" lines, as
// `label` writes them, and the expected score each stands for.
#pragma once
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string>

#include "fen.h"

namespace xq {

// Win probability of a score x on a logistic curve of scale k (Texel's).
inline double sigmoid10(double x, double k) { return 1.0 / (1.0 + std::pow(10.0, -x / k)); }

// Reads one labelled line into d and target (the side to move's expected
// score: lambda * p(label score) + (1 - lambda) * result); false if it is not one.
inline bool parse_labelled(const std::string& line, double lambda, FenData& d, double& target) {
  std::istringstream ls(line);
  std::string fen, score, result;
  if (!std::getline(ls, fen, '\t') || !std::getline(ls, score, '\t') || !std::getline(ls, result) ||
      !parse_fen(fen, d, nullptr))
    return false;
  const double red = std::atof(result.c_str());
  const double stm_result = d.pos.side() == RED ? red : 1.0 - red;
  target = lambda * sigmoid10(std::atof(score.c_str()), 400.0) + (1 - lambda) * stm_result;
  return true;
}

}  // namespace xq
