// xiangqi-engine: the protocol loop (UCCI/UCI) and the perft and bench subcommands.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "fen.h"
#include "notation.h"
#include "perft.h"

namespace {

int run_perft(int argc, char** argv) {
  // xiangqi-engine perft DEPTH [FEN] [--divide]
  bool divide = false;
  std::string fen = xq::kStartFen, depth_text;
  std::string fen_parts;
  for (int i = 2; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--divide")) divide = true;
    else if (depth_text.empty()) depth_text = argv[i];
    else fen_parts += (fen_parts.empty() ? "" : " ") + std::string(argv[i]);
  }
  if (!fen_parts.empty()) fen = fen_parts;
  int depth = -1;
  if (!depth_text.empty() && depth_text.size() < 3 &&
      depth_text.find_first_not_of("0123456789") == std::string::npos)
    depth = std::stoi(depth_text);
  if (depth < 1 || depth > 12) {
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
  std::printf("Time %.3f s, %.1f Mnodes/s\n", secs, secs > 0 ? nodes / secs / 1e6 : 0.0);
  std::printf("Nodes searched: %llu\n", (unsigned long long)nodes);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && !std::strcmp(argv[1], "perft")) return run_perft(argc, argv);
  std::fprintf(stderr, "usage: xiangqi-engine perft DEPTH [FEN] [--divide]\n");
  return 2;
}
