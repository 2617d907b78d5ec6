// xiangqi-puzzles: finds puzzles in recorded games and writes them as lines
// of assets/puzzles.txt. Every position of every game (after the opening) is
// given to the puzzle judge (puzzle_verify.h): a quick look first, then the
// full check of the solution from the position's FEN, and the first move at a
// deeper look again. Each kept puzzle gets a rating by its kind and length
// (a quiet first move or a sacrifice is harder), a theme and names in both
// languages. Positions already in the output (or in --known files) are skipped.
//
//   xiangqi-puzzles --records FILE [--records FILE ...] --out FILE [--known FILE ...]
//                   [--scan-nodes N] [--nodes N] [--threads N] [--skip-plies N] [--limit N]
//   xiangqi-puzzles --solve FILE --out FILE [--nodes N]   (gives the older mate lines their solutions)
//   xiangqi-puzzles --retheme FILE --out FILE             (the material puzzles' themes and names again)
//
// Records are xiangqi-match's (--record): "result<TAB>tag<TAB>ICCS moves".
#include <signal.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "evaluate.h"
#include "fen.h"
#include "game.h"
#include "notation.h"
#include "parse_int.h"
#include "puzzle_verify.h"
#include "see.h"

using namespace xq;

namespace {

const char* const kDigitsZh[] = {"零", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

// The position part of a FEN (board and side): the same position from two games is one puzzle.
std::string position_key(const std::string& fen) { return fen.substr(0, fen.find(' ', fen.find(' ') + 1)); }

// The pieces the player attacks with, as the older lines name them ("rook, 2 horses").
void material_names(const Position& pos, std::string& zh, std::string& en) {
  static const char* const zh_names[7] = {"", "仕", "相", "马", "车", "炮", "兵"};
  static const char* const en_names[7] = {"", "advisor", "elephant", "horse", "rook", "cannon", "pawn"};
  static const char* const zh_count[6] = {"", "", "双", "三", "四", "五"};
  const PieceType order[4] = {ROOK, HORSE, CANNON, PAWN};
  for (PieceType t : order) {
    const int n = pos.count(pos.side(), t);
    if (!n) continue;
    zh += zh_count[n];
    zh += t == PAWN && pos.side() == BLACK ? "卒" : zh_names[t];
    if (!en.empty()) en += ", ";
    en += (n > 1 ? std::to_string(n) + " " + en_names[t] + "s" : std::string(en_names[t]));
  }
  if (zh.empty()) zh = "帅", en = "king";
}

void name_puzzle(const Position& pos, Puzzle& p) {
  const bool red = pos.side() == RED;
  const std::string side_zh = red ? "红先" : "黑先", side_en = red ? "Red" : "Black";
  std::string pieces_zh, pieces_en;
  material_names(pos, pieces_zh, pieces_en);
  const std::string t = p.theme;
  if (p.goal == PuzzleGoal::Mate) {
    p.name_zh = side_zh + (p.moves == 1 ? "一步杀" : std::string(kDigitsZh[p.moves]) + "步杀") + " · " + pieces_zh;
    p.name_en = side_en + " mates in " + std::to_string(p.moves) + " · " + pieces_en;
  } else if (p.goal == PuzzleGoal::Defend) {
    p.name_zh = side_zh + "解围";
    p.name_en = side_en + " to defend";
  } else {
    const char* zh = t == "fork" ? "双击得子" : t == "discovered" ? "抽将得子" : t == "pin" ? "牵制得子" : t == "trap" ? "捉子" : "得子";
    const char* en = t == "fork"         ? "a double attack"
                     : t == "discovered" ? "a discovered check"
                     : t == "pin"        ? "win a pinned piece"
                     : t == "trap"       ? "trap a piece"
                                         : "win material";
    p.name_zh = side_zh + zh;
    p.name_en = side_en + " · " + en;
  }
}

// Harder when the first move is quiet or gives material away, and with each move more.
int estimate_rating(const Position& pos, const Puzzle& p) {
  const Move first = p.line[0];
  Position probe = pos;
  const bool capture = probe.piece_at(move_to(first)) != 0;
  const bool check = probe.move_gives_check(first);
  const bool sacrifice = see(probe, first) < 0;
  int r = p.goal == PuzzleGoal::Mate ? 800 + 230 * (p.moves - 1)
          : p.goal == PuzzleGoal::Defend ? 1450
                                         : 1150 + 180 * (p.moves - 1);
  if (!check && !capture) r += 180;
  // Taking a piece that is simply left hanging: the easiest kind.
  if (p.goal == PuzzleGoal::Material && p.moves == 1 && capture && see(probe, first) >= 270) r -= 350;
  if (sacrifice) r += 200;
  if (p.goal == PuzzleGoal::Mate && !check) r += 150;  // a quiet move before the mate
  return std::max(400, std::min(3000, r));
}

bool read_known(const std::string& file, std::set<std::string>& known) {
  std::ifstream in(file);
  if (!in) return false;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') known.insert(position_key(line.substr(0, line.find('\t'))));
  return true;
}

int solve(const std::string& in_file, const std::string& out_file, uint64_t nodes) {
  std::ifstream in(in_file);
  if (!in) {
    std::cerr << "xiangqi-puzzles: cannot open " << in_file << "\n";
    return 2;
  }
  std::ofstream out(out_file);
  PuzzleJudge judge(nodes);
  int kept = 0, dropped = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') {
      out << line << "\n";
      continue;
    }
    Puzzle p;
    std::string why;
    if (!parse_puzzle_line(line, p, &why)) {
      std::cerr << "skipped: " << why << "\n";
      continue;
    }
    if (p.goal == PuzzleGoal::Mate && p.line.empty()) {
      FenData d;
      parse_fen(p.fen, d, nullptr);
      const auto found = judge.find(d.pos, nodes);
      if (!found || found->goal != PuzzleGoal::Mate) {
        std::cerr << "dropped (no unique solution): " << p.name_en << " " << p.fen << "\n";
        ++dropped;
        continue;
      }
      p.moves = found->moves;
      p.line = found->line;
      p.theme = "mate";
      if (!p.rating) p.rating = estimate_rating(d.pos, p);
      name_puzzle(d.pos, p);
    }
    out << puzzle_line(p) << "\n";
    ++kept;
  }
  std::cerr << kept << " kept, " << dropped << " dropped\n";
  return 0;
}

// The winning-material puzzles' themes and names worked out again (after the
// judge learned a theme); everything else, ratings included, is kept as it is.
int retheme(const std::string& in_file, const std::string& out_file) {
  std::ifstream in(in_file);
  if (!in) {
    std::cerr << "xiangqi-puzzles: cannot open " << in_file << "\n";
    return 2;
  }
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  in.close();
  std::ofstream out(out_file);
  if (!out) {
    std::cerr << "xiangqi-puzzles: cannot write " << out_file << "\n";
    return 2;
  }
  std::map<std::string, int> changed;
  for (const std::string& line : lines) {
    Puzzle p;
    FenData d;
    if (line.empty() || line[0] == '#' || !parse_puzzle_line(line, p, nullptr) || p.goal != PuzzleGoal::Material ||
        p.line.empty() || !parse_fen(p.fen, d, nullptr)) {
      out << line << "\n";
      continue;
    }
    const std::string theme = PuzzleJudge::theme(d.pos, p.goal, p.line);
    if (theme != p.theme) ++changed[p.theme + " -> " + theme];
    p.theme = theme;
    name_puzzle(d.pos, p);
    out << puzzle_line(p) << "\n";
  }
  for (const auto& [what, n] : changed) std::cerr << what << ": " << n << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  signal(SIGPIPE, SIG_IGN);
  std::vector<std::string> records, known_files;
  std::string out_file, solve_file, retheme_file;
  uint64_t nodes = PuzzleJudge::kDefaultNodes;
  int scan_nodes = 20000, threads = 1, skip_plies = 10, limit = 1000000;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    int n = 0;
    if (k == "--records") records.push_back(v);
    else if (k == "--known") known_files.push_back(v);
    else if (k == "--out") out_file = v;
    else if (k == "--solve") solve_file = v;
    else if (k == "--retheme") retheme_file = v;
    else if (k == "--nodes" && parse_int(v, 1000, 100000000, n)) nodes = uint64_t(n);
    else if (!((k == "--scan-nodes" && parse_int(v, 100, 100000000, scan_nodes)) ||
               (k == "--threads" && parse_int(v, 1, 64, threads)) || (k == "--skip-plies" && parse_int(v, 0, 400, skip_plies)) ||
               (k == "--limit" && parse_int(v, 1, 1000000, limit)))) {
      std::cerr << "xiangqi-puzzles: bad option or value: " << k << " '" << v << "'\n";
      return 2;
    }
  }
  if (!solve_file.empty() && !out_file.empty()) return solve(solve_file, out_file, nodes);
  if (!retheme_file.empty() && !out_file.empty()) return retheme(retheme_file, out_file);
  if (records.empty() || out_file.empty()) {
    std::cerr << "usage: xiangqi-puzzles --records FILE [--records FILE ...] --out FILE [--known FILE ...]\n"
                 "                       [--scan-nodes N] [--nodes N] [--threads N] [--skip-plies N] [--limit N]\n"
                 "       xiangqi-puzzles --solve FILE --out FILE [--nodes N]\n"
                 "       xiangqi-puzzles --retheme FILE --out FILE\n";
    return 2;
  }
  std::set<std::string> known;
  read_known(out_file, known);
  for (const auto& f : known_files)
    if (!read_known(f, known)) std::cerr << "xiangqi-puzzles: cannot open " << f << " (ignored)\n";
  std::vector<std::string> games;
  for (const auto& file : records) {
    std::ifstream in(file);
    if (!in) {
      std::cerr << "xiangqi-puzzles: cannot open " << file << "\n";
      return 2;
    }
    for (std::string line; std::getline(in, line);) {
      const size_t tab = line.rfind('\t');
      if (tab != std::string::npos) games.push_back(line.substr(tab + 1));
    }
  }
  std::ofstream out(out_file, std::ios::app);
  if (!out) {
    std::cerr << "xiangqi-puzzles: cannot write " << out_file << "\n";
    return 2;
  }
  std::mutex mutex;
  std::atomic<size_t> next{0};
  std::atomic<int> kept{0}, looked{0};
  auto work = [&] {
    PuzzleJudge judge(nodes);
    for (size_t gi; (gi = next++) < games.size() && kept < limit;) {
      Game g;
      std::istringstream ms(games[gi]);
      int busy_until = 0;  // the plies of a puzzle just found: the same combination, not a new puzzle
      for (std::string t; ms >> t;) {
        Move m;
        if (!iccs_to_move(t, m, nullptr) || !g.play(m)) break;
        if (g.ply() < skip_plies || g.ply() <= busy_until || g.verdict().over()) continue;
        const std::string fen = g.fen();
        {
          std::lock_guard<std::mutex> lock(mutex);
          if (known.count(position_key(fen))) continue;
        }
        ++looked;
        auto p = judge.find(g.position(), uint64_t(scan_nodes));
        if (!p) continue;
        busy_until = g.ply() + int(p->line.size());
        FenData d;
        parse_fen(p->fen, d, nullptr);
        p->rating = estimate_rating(d.pos, *p);
        name_puzzle(d.pos, *p);
        std::lock_guard<std::mutex> lock(mutex);
        if (!known.insert(position_key(fen)).second || kept >= limit) continue;
        out << puzzle_line(*p) << "\n" << std::flush;
        ++kept;
      }
      if (gi % 20 == 0) std::fprintf(stderr, "\rgame %zu/%zu: %d positions, %d puzzles", gi, games.size(), looked.load(), kept.load());
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  std::fprintf(stderr, "\n%d positions looked at, %d puzzles written to %s\n", looked.load(), kept.load(), out_file.c_str());
  return 0;
}
