#include "puzzle_progress.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "fen.h"

namespace xq {

namespace {

constexpr const char* kHeader = "# xiangqi puzzle progress 1";

// A finite number in a range, or false.
bool number(const std::string& s, double lo, double hi, double& out) {
  if (s.empty() || s.size() > 32) return false;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(v) || v < lo || v > hi) return false;
  out = v;
  return true;
}

bool rating_fields(const std::vector<std::string>& f, size_t at, GlickoRating& r) {
  return f.size() >= at + 3 && number(f[at], 0, 5000, r.rating) && number(f[at + 1], 1, 350, r.deviation) &&
         number(f[at + 2], 0.001, 1, r.volatility);
}

std::string fixed(double v, int decimals) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

}  // namespace

GlickoRating PuzzleProgress::rating_of(const Puzzle& p) const {
  if (auto it = records_.find(p.fen); it != records_.end()) return it->second.rating;
  return {double(puzzle_rating(p)), 250, 0.06};
}

double PuzzleProgress::record(const Puzzle& p, bool solved) {
  const GlickoRating puzzle = rating_of(p);
  const GlickoRating before = player_;
  player_ = glicko2_update(player_, {{puzzle, solved ? 1.0 : 0.0}});
  PuzzleRecord& r = records_[p.fen];
  r.rating = glicko2_update(puzzle, {{before, solved ? 0.0 : 1.0}});
  ++(solved ? r.solved : r.failed);
  history_.push_back(int(std::lround(player_.rating)));
  if (history_.size() > kHistory) history_.erase(history_.begin());
  return player_.rating - before.rating;
}

int PuzzleProgress::next_near(const std::vector<Puzzle>& all, int current, const std::set<int>& solved) const {
  int best = -1;
  double best_gap = 0;
  for (int pass = 0; pass < 2 && best < 0; ++pass)  // the unsolved first, then any
    for (int i = 0; i < int(all.size()); ++i) {
      if (i == current || (pass == 0 && solved.count(i))) continue;
      const double gap = std::fabs(rating_of(all[size_t(i)]).rating - player_.rating);
      if (best < 0 || gap < best_gap) {
        best = i;
        best_gap = gap;
      }
    }
  return best < 0 ? std::max(current, 0) : best;
}

std::string PuzzleProgress::text() const {
  std::string out = std::string(kHeader) + "\n";
  out += "player\t" + fixed(player_.rating, 2) + "\t" + fixed(player_.deviation, 2) + "\t" +
         fixed(player_.volatility, 6) + "\n";
  out += "history";
  for (int r : history_) out += "\t" + std::to_string(r);
  out += "\n";
  for (const auto& [fen, r] : records_)
    out += "puzzle\t" + fen + "\t" + fixed(r.rating.rating, 2) + "\t" + fixed(r.rating.deviation, 2) + "\t" +
           fixed(r.rating.volatility, 6) + "\t" + std::to_string(r.solved) + "\t" + std::to_string(r.failed) + "\n";
  return out;
}

bool PuzzleProgress::parse(const std::string& text, PuzzleProgress& out, std::string* error) {
  if (text.compare(0, std::string(kHeader).size(), kHeader) != 0) {
    if (error) *error = "not a puzzle progress file (its first line is not '" + std::string(kHeader) + "')";
    return false;
  }
  PuzzleProgress p;
  std::string first_bad;
  std::istringstream in(text);
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string field; std::getline(fields, field, '\t') && f.size() < PuzzleProgress::kHistory + 2;)
      f.push_back(field);
    bool ok = false;
    if (f[0] == "player" && f.size() == 4) {
      ok = rating_fields(f, 1, p.player_);
    } else if (f[0] == "history") {
      std::vector<int> h;
      ok = true;
      for (size_t i = 1; i < f.size() && ok; ++i) {
        double v = 0;
        ok = number(f[i], 0, 5000, v);
        h.push_back(int(v));
      }
      if (ok) p.history_ = std::move(h);
    } else if (f[0] == "puzzle" && f.size() == 7) {
      PuzzleRecord r;
      double solved = 0, failed = 0;
      FenData d;
      ok = parse_fen(f[1], d, nullptr) && rating_fields(f, 2, r.rating) && number(f[5], 0, 1e6, solved) &&
           number(f[6], 0, 1e6, failed) && p.records_.size() < 100000;
      r.solved = int(solved);
      r.failed = int(failed);
      if (ok) p.records_[f[1]] = r;
    }
    if (!ok && first_bad.empty()) first_bad = "line " + std::to_string(line_no) + " ('" + line.substr(0, 40) + "')";
  }
  if (!first_bad.empty() && error) *error = "puzzle progress: " + first_bad + " cannot be read and is left out";
  out = std::move(p);
  return true;
}

}  // namespace xq
