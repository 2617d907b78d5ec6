// xiangqi-engine: the UCCI/UCI protocol loop, and the perft and bench subcommands.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "bench.h"
#include "fen.h"
#include "notation.h"
#include "perft.h"
#include "protocol.h"

namespace {

bool small_number(const std::string& s, int lo, int hi, int& v) {
  if (s.empty() || s.size() > 3 || s.find_first_not_of("0123456789") != std::string::npos) return false;
  v = std::stoi(s);
  return v >= lo && v <= hi;
}

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
  if (!small_number(depth_text, 1, 12, depth)) {
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
  if (argc > 2 && !small_number(argv[2], 1, 30, depth)) {
    std::fprintf(stderr, "bench: depth must be a number from 1 to 30, got '%s'\n", argv[2]);
    return 2;
  }
  xq::run_bench(depth, std::cout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && !std::strcmp(argv[1], "perft")) return run_perft(argc, argv);
  if (argc >= 2 && !std::strcmp(argv[1], "bench")) return run_bench(argc, argv);
  if (argc >= 2) {
    std::fprintf(stderr, "usage: xiangqi-engine [perft DEPTH [FEN] [--divide] | bench [DEPTH]]\n"
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
