// Writes a collection of made-up but plausible games as one PGN file, for the
// library's size and speed benchmark (README, "The game library"): openings
// from the book by weight, then shallow searches with evaluation noise, so
// the games share their openings the way real collections do and then part.
//
//   make_games --games N [--seed S] [--depth D] [--book FILE] OUT.pgn
#include <atomic>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "book.h"
#include "game.h"
#include "parse_int.h"
#include "pgn.h"
#include "search.h"

namespace {

int usage(const std::string& why) {
  std::cerr << "make_games: " << why << "\n"
            << "usage: make_games --games N [--seed S] [--depth D] [--book FILE] OUT.pgn\n";
  return 2;
}

std::string player(std::mt19937_64& rng) {
  static const char* const kFamily[] = {"Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Zhao", "Huang",
                                        "Zhou", "Wu", "Xu", "Sun", "Hu", "Zhu", "Gao", "Lin", "He", "Guo", "Ma", "Lü"};
  static const char* const kGiven[] = {"Wei", "Fang", "Jun", "Tao", "Qiang", "Lei", "Yang", "Ming",
                                       "Hua", "Jian", "Bin", "Hong", "Ping", "Gang", "Hui", "Xin"};
  // 20 × 16 × 16 = 5,120 names, so a player has games in both colours.
  std::string second = kGiven[rng() % 16];
  for (char& c : second) c = char(std::tolower(static_cast<unsigned char>(c)));
  return std::string(kFamily[rng() % 20]) + " " + kGiven[rng() % 16] + second;
}

}  // namespace

int main(int argc, char** argv) {
  int games = 0, depth = 2;
  uint64_t seed = 1;
  std::string book_path, out_path;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto number = [&](int& out, int lo, int hi) {
      return i + 1 < argc && xq::parse_int(argv[++i], lo, hi, out);
    };
    if (a == "--games") {
      if (!number(games, 1, 10'000'000)) return usage("--games needs a count from 1");
    } else if (a == "--depth") {
      if (!number(depth, 1, 8)) return usage("--depth needs 1 to 8");
    } else if (a == "--seed") {
      int s = 0;
      if (!number(s, 0, 1'000'000'000)) return usage("--seed needs a number");
      seed = uint64_t(s);
    } else if (a == "--book") {
      if (i + 1 >= argc) return usage("--book needs a file");
      book_path = argv[++i];
    } else if (!a.empty() && a[0] != '-' && out_path.empty()) {
      out_path = a;
    } else {
      return usage("unknown argument '" + a + "'");
    }
  }
  if (games <= 0 || out_path.empty()) return usage("--games and an output file are needed");
  if (book_path.empty()) book_path = xq::find_book_file(argv[0]);
  xq::Book book;
  std::string err;
  if (!book.load(book_path, &err)) return usage("the opening book: " + err);
  std::ofstream out(out_path, std::ios::binary);
  if (!out) return usage("cannot write " + out_path);

  std::mt19937_64 rng(seed);
  xq::TranspositionTable tt(1);
  xq::Search search(tt);
  const std::atomic<bool> stop{false};
  for (int n = 1; n <= games; ++n) {
    xq::Game game;
    tt.clear();
    search.clear();
    // Master games run 60 to 140 plies, a few much longer.
    const int length = 50 + int(rng() % 90) + (rng() % 10 == 0 ? int(rng() % 120) : 0);
    xq::Score last = 0;
    while (!game.verdict().over() && game.ply() < length) {
      xq::Position pos = game.position();
      xq::Move m = book.pick(pos, rng);
      if (m == xq::kNoMove) {
        xq::Limits limits;
        limits.depth = depth;
        xq::SearchOptions options;
        options.randomness = 40;
        options.seed = rng();
        const xq::SearchResult r = search.run(game.position(), limits, options, stop);
        if (r.best == xq::kNoMove) break;
        m = r.best;
        last = game.side_to_move() == xq::RED ? r.score : -r.score;
      }
      if (!game.play(m)) break;
    }
    if (!game.verdict().over()) {
      if (last > 250) game.resign(xq::BLACK);
      else if (last < -250) game.resign(xq::RED);
      else game.agree_draw();
    }
    const int year = 1980 + int(rng() % 46);
    char date[16];
    std::snprintf(date, sizeof date, "%d.%02d.%02d", year, 1 + int(rng() % 12), 1 + int(rng() % 28));
    out << xq::write_pgn(game,
                         {{"Event", "Synthetic Open " + std::to_string(year)},
                          {"Round", std::to_string(n)},
                          {"Date", date},
                          {"Red", player(rng)},
                          {"Black", player(rng)}})
        << "\n";
    if (n % 1000 == 0) std::cerr << n << " games\r" << std::flush;
  }
  std::cerr << games << " games written to " << out_path << "\n";
  return out.good() ? 0 : 1;
}
