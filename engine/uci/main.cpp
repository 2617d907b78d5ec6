// xiangqi-engine: the UCCI/UCI protocol loop, and the perft, bench, judge, review, mates and puzzles subcommands.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <iostream>
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "bench.h"
#include "version.h"
#include "external_engine.h"
#include "fen.h"
#include "game.h"
#include "mate_suite.h"
#include "notation.h"
#include "parse_int.h"
#include "perft.h"
#include "pgn.h"
#include "protocol.h"
#include "puzzle_verify.h"
#include "review.h"
#include "search_pool.h"

namespace {

int run_perft(int argc, char** argv) {
  // xiangqi-engine perft DEPTH [FEN] [--divide]
  bool divide = false;
  std::string depth_text, fen;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--divide") divide = true;
    else if (depth_text.empty()) depth_text = a;
    else fen += (fen.empty() ? "" : " ") + a;
  }
  if (fen.empty()) fen = xq::kStartFen;
  int depth = 0;
  if (!xq::parse_int(depth_text, 1, 12, depth)) {
    std::fprintf(stderr, "perft: depth must be a number from 1 to 12, got '%s'\n", depth_text.c_str());
    return 2;
  }
  xq::FenData data;
  std::string error;
  if (!xq::parse_fen(fen, data, &error)) {
    std::fprintf(stderr, "perft: %s\n", error.c_str());
    return 2;
  }
  const auto t0 = std::chrono::steady_clock::now();
  uint64_t nodes = 0;
  if (divide) {
    for (auto& [m, n] : xq::perft_divide(data.pos, depth)) {
      std::printf("%s: %llu\n", xq::move_to_iccs(m).c_str(), (unsigned long long)n);
      nodes += n;
    }
  } else {
    nodes = xq::perft(data.pos, depth);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("Time %.3f s, %.1f Mnodes/s\n", secs, secs > 0 ? double(nodes) / secs / 1e6 : 0.0);
  std::printf("Nodes searched: %llu\n", (unsigned long long)nodes);
  return 0;
}

int run_bench(int argc, char** argv) {
  int depth = 8;
  if (argc > 2 && !xq::parse_int(argv[2], 1, 30, depth)) {
    std::fprintf(stderr, "bench: depth must be a number from 1 to 30, got '%s'\n", argv[2]);
    return 2;
  }
  xq::run_bench(depth, std::cout);
  return 0;
}

bool looks_like_iccs(const std::string& t) {
  return t.size() == 4 && t[0] >= 'a' && t[0] <= 'i' && t[1] >= '0' && t[1] <= '9' && t[2] >= 'a' && t[2] <= 'i' &&
         t[3] >= '0' && t[3] <= '9';
}

// The rules' verdict in one line: result token, then the reason in words.
std::string verdict_line(const xq::Verdict& v) {
  using xq::Outcome;
  using xq::Reason;
  if (!v.over()) return "* game goes on";
  if (v.outcome == Outcome::Draw)
    return v.reason == Reason::MoveLimit ? "1/2-1/2 draw by the no-capture limit" : "1/2-1/2 draw by repetition";
  const bool red_wins = v.outcome == Outcome::RedWins;
  const std::string head = red_wins ? "1-0 black loses by " : "0-1 red loses by ";
  switch (v.reason) {
    case Reason::Checkmate: return head + "checkmate";
    case Reason::Stalemate: return head + "stalemate (no legal move)";
    case Reason::PerpetualCheck: return head + "perpetual check";
    case Reason::PerpetualChase: return head + "perpetual chase";
    default: return head + "the rules";
  }
}

int run_judge(int argc, char** argv) {
  // xiangqi-engine judge FEN|startpos [MOVE ...]; the FEN may be one argument or several.
  std::vector<std::string> args(argv + 2, argv + argc);
  std::string fen;
  size_t i = 0;
  if (!args.empty() && args[0] == "startpos") {
    fen = xq::kStartFen;
    i = 1;
  } else {
    for (; i < args.size() && !(i > 0 && looks_like_iccs(args[i])); ++i) fen += (fen.empty() ? "" : " ") + args[i];
  }
  if (fen.empty()) {
    std::fprintf(stderr, "usage: xiangqi-engine judge FEN|startpos [MOVE ...]\n");
    return 2;
  }
  xq::Game game;
  std::string error;
  if (!game.reset(fen, &error)) {
    std::fprintf(stderr, "judge: %s\n", error.c_str());
    return 2;
  }
  for (size_t k = 1; i < args.size(); ++i, ++k) {
    xq::Move m;
    if (game.verdict().over()) {
      std::fprintf(stderr, "judge: move %zu '%s' comes after the game ended (%s)\n", k, args[i].c_str(),
                   verdict_line(game.verdict()).c_str());
      return 2;
    }
    if (!xq::iccs_to_move(args[i], m, nullptr) || !game.play(m)) {
      std::fprintf(stderr, "judge: move %zu '%s' is not legal in %s\n", k, args[i].c_str(), game.fen().c_str());
      return 2;
    }
  }
  std::printf("%s\n", verdict_line(game.verdict()).c_str());
  return 0;
}

// --movetime MS or --nodes N at argv[i] (the subcommands that search take
// either): 1 when read (i moves past the number), 0 when argv[i] is another
// argument, -1 after a message naming a bad number.
int read_budget(const char* cmd, int argc, char** argv, int& i, int& movetime_ms, uint64_t& nodes) {
  const std::string a = argv[i];
  if ((a != "--movetime" && a != "--nodes") || i + 1 >= argc) return 0;
  int v = 0;
  if (!xq::parse_int(argv[++i], 1, 100000000, v)) {
    std::fprintf(stderr, "%s: %s needs a positive number, got '%s'\n", cmd, a.c_str(), argv[i]);
    return -1;
  }
  movetime_ms = a == "--movetime" ? v : 0;
  nodes = a == "--nodes" ? uint64_t(v) : 0;
  return 1;
}

int run_review(int argc, char** argv) {
  // xiangqi-engine review GAME.pgn [--movetime MS] [--nodes N] [--no-book]
  std::string path;
  xq::ReviewOptions options;
  bool use_book = true;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    const int budget = read_budget("review", argc, argv, i, options.movetime_ms, options.nodes);
    if (budget < 0) return 2;
    if (budget > 0) continue;
    if (a == "--no-book") {
      use_book = false;
    } else if (path.empty() && a.rfind("--", 0) != 0) {
      path = a;
    } else {
      std::fprintf(stderr, "review: unexpected argument '%s'\n", a.c_str());
      return 2;
    }
  }
  if (path.empty()) {
    std::fprintf(stderr, "usage: xiangqi-engine review GAME.pgn [--movetime MS] [--nodes N] [--no-book]\n");
    return 2;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "review: cannot open '%s'\n", path.c_str());
    return 2;
  }
  std::ostringstream text;
  text << in.rdbuf();
  xq::PgnGame pgn;
  std::string error;
  if (!xq::read_pgn(text.str(), pgn, &error)) {
    std::fprintf(stderr, "review: %s: %s\n", path.c_str(), error.c_str());
    return 2;
  }
  if (pgn.stopped_at)
    std::fprintf(stderr, "review: %s: reviewing the first %d moves: move %d '%s': %s\n", path.c_str(),
                 pgn.stopped_at - 1, pgn.stopped_at, pgn.stopped_move.c_str(), pgn.stopped_why.c_str());
  xq::Game game;
  game.reset(pgn.fen);
  for (xq::Move m : pgn.moves) game.play_on(m);  // the whole record, past a verdict too
  xq::Book book;
  if (use_book) {
    const std::string book_path = xq::find_book_file(argv[0]);
    if (book_path.empty() || !book.load(book_path, &error))
      std::fprintf(stderr, "review: no opening book (%s); every move is judged\n",
                   book_path.empty() ? "not found" : error.c_str());
    else options.book = &book;
  }
  std::atomic<bool> stop{false};
  const auto review = xq::review_game(game, options, stop, [](int done, int total) {
    std::fprintf(stderr, "\rreview: %d/%d positions", done, total);
    if (done == total) std::fprintf(stderr, "\n");
  });
  auto tags = pgn.tags;
  tags.emplace_back("Annotator", std::string(xq::kEngineId) + ", " +
                                     (options.nodes ? std::to_string(options.nodes) + " nodes"
                                                    : std::to_string(options.movetime_ms) + " ms") +
                                     " a position");
  std::fputs(xq::review_to_pgn(game, tags, review).c_str(), stdout);
  return 0;
}

int run_mates(int argc, char** argv) {
  // xiangqi-engine mates SUITE.tsv [--movetime MS | --nodes N] [--threads N | --engine CMD [--option LINE]...]
  // (100 ms a position unless told; --engine: an outside engine solves it instead)
  std::string path, engine_cmd;
  std::vector<std::string> engine_options;
  xq::Limits limits;
  limits.movetime_ms = 100;
  int threads = 1;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    const int budget = read_budget("mates", argc, argv, i, limits.movetime_ms, limits.nodes);
    if (budget < 0) return 2;
    if (budget > 0) continue;
    if (a == "--threads") {
      if (i + 1 >= argc || !xq::parse_int(argv[i + 1], 1, xq::SearchPool::kMaxThreads, threads)) {
        std::fprintf(stderr, "mates: --threads needs a number from 1 to %d\n", xq::SearchPool::kMaxThreads);
        return 2;
      }
      ++i;
    } else if (a == "--engine") {
      if (i + 1 >= argc || !*argv[i + 1]) {
        std::fprintf(stderr, "mates: --engine needs a command\n");
        return 2;
      }
      engine_cmd = argv[++i];
    } else if (a == "--option") {
      if (i + 1 >= argc || std::strncmp(argv[i + 1], "setoption ", 10) != 0) {
        std::fprintf(stderr, "mates: --option needs a line 'setoption ...'\n");
        return 2;
      }
      engine_options.push_back(argv[++i]);
    } else if (path.empty() && a.rfind("--", 0) != 0) {
      path = a;
    } else {
      std::fprintf(stderr, "mates: unexpected argument '%s'\n", a.c_str());
      return 2;
    }
  }
  if (path.empty()) {
    std::fprintf(stderr, "usage: xiangqi-engine mates SUITE.tsv [--movetime MS | --nodes N] [--threads N | --engine CMD "
                         "[--option 'setoption ...']...]\n");
    return 2;
  }
  if (!engine_cmd.empty() && threads != 1) {
    std::fprintf(stderr, "mates: --threads is for the built-in engine; an outside engine's are set with --option\n");
    return 2;
  }
  if (engine_cmd.empty() && !engine_options.empty()) {
    std::fprintf(stderr, "mates: --option is for an outside engine (--engine)\n");
    return 2;
  }
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "mates: cannot open '%s'\n", path.c_str());
    return 2;
  }
  if (engine_cmd.empty()) {
    xq::run_mate_suite(in, limits, std::cout, std::cerr, threads);
    return 0;
  }
  xq::ExternalEngine engine;
  std::string error;
  if (!engine.open(engine_cmd, &error, 10000, engine_options)) {
    std::fprintf(stderr, "mates: %s\n", error.c_str());
    return 2;
  }
  std::printf("engine: %s (%s)\n", engine.name().c_str(), engine.protocol().c_str());
  xq::run_mate_suite(in, limits, std::cout, std::cerr, engine);
  if (!engine.failure().empty()) {
    std::fprintf(stderr, "mates: the engine failed: %s\n", engine.failure().c_str());
    return 1;
  }
  return 0;
}


int run_puzzles(int argc, char** argv) {
  // xiangqi-engine puzzles FILE --verify [--nodes N] [--threads N]: every puzzle checked by
  // the judge (puzzle_verify.h), a line for each failure, then "N ok, M failed".
  std::string path;
  bool verify = false;
  uint64_t nodes = xq::PuzzleJudge::kDefaultNodes;
  int threads = 1, unused_ms = 0;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    const int budget = a == "--nodes" ? read_budget("puzzles", argc, argv, i, unused_ms, nodes) : 0;
    if (budget < 0) return 2;
    if (budget > 0) continue;
    if (a == "--verify") {
      verify = true;
    } else if (a == "--threads") {
      if (i + 1 >= argc || !xq::parse_int(argv[i + 1], 1, 64, threads)) {
        std::fprintf(stderr, "puzzles: --threads needs a number from 1 to 64\n");
        return 2;
      }
      ++i;
    } else if (path.empty() && a.rfind("--", 0) != 0) {
      path = a;
    } else {
      std::fprintf(stderr, "puzzles: unexpected argument '%s'\n", a.c_str());
      return 2;
    }
  }
  if (path.empty() || !verify) {
    std::fprintf(stderr, "usage: xiangqi-engine puzzles FILE --verify [--nodes N] [--threads N]\n");
    return 2;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "puzzles: cannot open '%s'\n", path.c_str());
    return 2;
  }
  // Each puzzle with its line number, so a failure names where it is.
  std::vector<std::pair<int, xq::Puzzle>> list;
  int line_no = 0, unreadable = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    xq::Puzzle p;
    std::string why;
    if (!xq::parse_puzzle_line(line, p, &why)) {
      std::printf("line %d: %s\n", line_no, why.c_str());
      ++unreadable;
      continue;
    }
    list.emplace_back(line_no, std::move(p));
  }
  std::vector<std::string> faults(list.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    xq::PuzzleJudge judge(nodes);
    for (size_t i; (i = next++) < list.size();) faults[i] = judge.verify(list[i].second);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  int ok = 0, failed = unreadable;
  for (size_t i = 0; i < list.size(); ++i) {
    if (faults[i].empty()) {
      ++ok;
      continue;
    }
    ++failed;
    std::printf("line %d (%s, %s): %s\n", list[i].first, list[i].second.name_en.c_str(), list[i].second.fen.c_str(),
                faults[i].c_str());
  }
  std::printf("%d ok, %d failed\n", ok, failed);
  return failed ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && !std::strcmp(argv[1], "perft")) return run_perft(argc, argv);
  if (argc >= 2 && !std::strcmp(argv[1], "bench")) return run_bench(argc, argv);
  if (argc >= 2 && !std::strcmp(argv[1], "judge")) return run_judge(argc, argv);
  if (argc >= 2 && !std::strcmp(argv[1], "review")) return run_review(argc, argv);
  if (argc >= 2 && !std::strcmp(argv[1], "mates")) return run_mates(argc, argv);
  if (argc >= 2 && !std::strcmp(argv[1], "puzzles")) return run_puzzles(argc, argv);
  if (argc >= 2) {
    std::fprintf(stderr, "usage: xiangqi-engine [perft DEPTH [FEN] [--divide] | bench [DEPTH] | judge FEN [MOVE ...]\n"
                         "                      | review GAME.pgn [--movetime MS] [--nodes N] [--no-book]\n"
                         "                      | mates SUITE.tsv [--movetime MS | --nodes N] [--threads N | --engine CMD\n"
                         "                                       [--option 'setoption ...']...]\n"
                         "                      | puzzles FILE --verify [--nodes N] [--threads N]]\n"
                         "       with no arguments it speaks UCCI or UCI on stdin/stdout\n");
    return 2;
  }
  std::ios::sync_with_stdio(false);
  // cin is tied to cout: every read would flush cout from this thread while the
  // search thread writes under the protocol's lock, racing on the buffer (and
  // printing lines twice). All output goes through the protocol's writer.
  std::cin.tie(nullptr);
  xq::Protocol protocol([](const std::string& line) {
    std::cout << line << '\n' << std::flush;
  });
  for (std::string line; std::getline(std::cin, line);)
    if (!protocol.handle(line)) return 0;
  protocol.wait();
  return 0;
}
