// xiangqi-mates: builds a mate test set from recorded games. For every game
// that ended in mate, it takes the positions 1, 3, 5, ... plies before the end
// with the winner to move, asks an engine (the sparring partner) for its score
// at a fixed depth, and keeps those it scores as a mate in at most --max-moves
// moves (and at least --min-moves, default 2): "FEN<TAB>mate in N moves".
//
//   xiangqi-mates --records FILE [--records FILE ...] --engine CMD [--protocol uci|ucci]
//                 [--depth D] [--min-moves N] [--max-moves N] --out FILE
#include <signal.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine_process.h"
#include "parse_int.h"
#include "game.h"
#include "notation.h"

using namespace xq;

int main(int argc, char** argv) {
  signal(SIGPIPE, SIG_IGN);
  std::vector<std::string> records;
  EngineSpec spec;
  std::string out_file;
  int depth = 14, min_moves = 2, max_moves = 5;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--records") records.push_back(v);
    else if (k == "--engine") spec.command = v;
    else if (k == "--protocol") spec.protocol = v;
    else if (k == "--out") out_file = v;
    else if (!((k == "--depth" && xq::parse_int(v, 1, 60, depth)) || (k == "--max-moves" && xq::parse_int(v, 1, 60, max_moves)) ||
               (k == "--min-moves" && xq::parse_int(v, 1, 60, min_moves)))) {
      std::cerr << "xiangqi-mates: bad option or value: " << k << " '" << v << "'\n";
      return 2;
    }
  }
  if (records.empty() || spec.command.empty() || out_file.empty()) {
    std::cerr << "usage: xiangqi-mates --records FILE [--records FILE ...] --engine CMD [--protocol uci|ucci]\n"
                 "                     [--depth D] [--min-moves N] [--max-moves N] --out FILE\n";
    return 2;
  }
  EngineProcess engine;
  if (!engine.start(spec)) {
    std::cerr << engine.error() << "\n";
    return 1;
  }
  std::ofstream out(out_file);
  std::set<std::string> done;
  int kept = 0;
  for (const auto& file : records) {
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
      std::istringstream ls(line);
      std::string result, tag, moves;
      if (!std::getline(ls, result, '\t') || !std::getline(ls, tag, '\t') || !std::getline(ls, moves)) continue;
      Game g;
      std::vector<std::string> fens;
      std::istringstream ms(moves);
      for (std::string t; ms >> t;) {
        Move m;
        fens.push_back(g.fen());
        if (!iccs_to_move(t, m, nullptr) || !g.play(m)) break;
      }
      const Reason r = g.verdict().reason;
      if (r != Reason::Checkmate && r != Reason::Stalemate) continue;
      for (int back = 2 * min_moves - 1; back <= 2 * max_moves - 1 && back <= int(fens.size()); back += 2) {
        const std::string& fen = fens[fens.size() - back];
        if (!done.insert(fen.substr(0, fen.find(' ', fen.find(' ') + 1))).second) continue;
        double ms_used;
        if (engine.go(fen, {}, "depth " + std::to_string(depth), 120000, &ms_used).empty()) {
          std::cerr << engine.error() << "\n";
          engine.start(spec);
          continue;
        }
        if (!engine.last_score_is_mate() || engine.last_score() < min_moves || engine.last_score() > max_moves) continue;
        out << fen << "\t" << engine.last_score() << "\n";
        ++kept;
      }
    }
  }
  std::cerr << kept << " mate positions written to " << out_file << "\n";
  return 0;
}
