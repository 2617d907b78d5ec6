#include "mate_suite.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <sstream>
#include <thread>

#include "fen.h"
#include "parse_int.h"
#include "search_pool.h"

namespace xq {

namespace {

using Solver = std::function<SearchResult(const Position&)>;

MateSuiteResult run_suite(std::istream& in, const Solver& solve, std::ostream& out, std::ostream& err) {
  MateSuiteResult res;
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    FenData d;
    std::string why;
    int moves = 0;
    if (tab == std::string::npos || !parse_int(line.substr(tab + 1), 1, 60, moves)) why = "no mate length after a tab";
    else parse_fen(line.substr(0, tab), d, &why);
    if (!why.empty()) {
      err << "line " << line_no << ": " << why << " (skipped)\n";
      continue;
    }
    const SearchResult r = solve(d.pos);
    const int got = mate_in_moves(r.score), len = std::clamp(moves, 1, 5);
    ++res.positions;
    ++res.by_length[len];
    if (got > 0 && got <= moves) {
      ++res.found;
      ++res.found_by_length[len];
    } else {
      out << "missed: " << line.substr(0, tab) << " (mate in " << moves << "; scored " << r.score << " at depth "
          << r.depth;
      if (got > moves) {
        ++res.longer;
        out << ": a mate in " << got;
      } else if (r.score >= kBanThreshold) {
        ++res.by_rule;
        out << ": a win by the rules";
      }
      out << ")\n";
    }
  }
  out << "Mates found     : " << res.found << " of " << res.positions << " (";
  const char* sep = "";
  for (int len = 1; len <= 5; ++len) {
    if (!res.by_length[len]) continue;
    out << sep << "in " << len << (len == 5 ? "+" : "") << ": " << res.found_by_length[len] << "/" << res.by_length[len];
    sep = ", ";
  }
  out << ")\n";
  if (res.longer || res.by_rule)
    out << "Missed but won  : " << res.longer << " by a longer mate, " << res.by_rule
        << " by the rules (the defender's best is a forbidden repetition)\n";
  return res;
}

}  // namespace

MateSuiteResult run_mate_suite(std::istream& in, const Limits& limits, std::ostream& out, std::ostream& err,
                               int threads) {
  TranspositionTable tt(16);
  SearchPool search(tt, threads);
  const std::atomic<bool> stop{false};
  return run_suite(
      in,
      [&](const Position& pos) {
        tt.clear();  // each position on its own, as a player's first look at it
        search.clear();
        return search.run(pos, limits, {}, stop);
      },
      out, err);
}

MateSuiteResult run_mate_suite(std::istream& in, const Limits& limits, std::ostream& out, std::ostream& err,
                               SearchService& engine) {
  return run_suite(
      in,
      [&](const Position& pos) {
        engine.new_game();  // a fresh table for each position here too
        engine.start(pos, limits);
        while (!engine.done() && engine.failure().empty())
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        const auto r = engine.result();
        return r ? *r : SearchResult{};
      },
      out, err);
}

}  // namespace xq
