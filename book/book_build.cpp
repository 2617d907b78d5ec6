#include "book_build.h"

#include "parse_int.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <set>
#include <sstream>

#include "fen.h"
#include "game.h"
#include "movegen.h"
#include "notation.h"
#include "search.h"

namespace xq {

namespace {

struct Occurrence {
  Position pos;  // a position where the move was played (with its history)
  Move move;     // the move as played there
  std::string where;
};

SearchResult search_at(TranspositionTable& tt, Search& s, const Position& p, int depth) {
  tt.clear();
  s.clear();
  std::atomic<bool> stop{false};
  Limits l;
  l.depth = depth;
  return s.run(p, l, {}, stop);
}

}  // namespace

bool build_book(const std::string& source, const std::string& file, const BookBuildOptions& options,
                std::vector<BookEntry>& out, BookBuildReport& report, std::string* error) {
  std::map<std::pair<uint64_t, uint16_t>, int> weights;  // canonical (key, move) -> weight
  std::map<std::pair<uint64_t, uint16_t>, Occurrence> first_seen;
  std::istringstream in(source);
  std::string line, opening = "(unnamed)";
  int line_no = 0;
  report = {};
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("# ", 0) == 0) {
      opening = line.substr(2);
      continue;
    }
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ts(line);
    Game g;
    int n = 0;
    ++report.lines;
    for (std::string tok; ts >> tok;) {
      ++n;
      int weight = 10;
      const size_t colon = tok.rfind(':');
      if (colon != std::string::npos) {
        const std::string w = tok.substr(colon + 1);
        if (!parse_int(w, 1, 9999, weight)) {
          if (error) *error = file + ":" + std::to_string(line_no) + ": " + opening + ": move " + std::to_string(n) +
                              " '" + tok + "': weight must be a number from 1 to 9999";
          return false;
        }
        tok = tok.substr(0, colon);
      }
      Move m;
      std::string err;
      Position p = g.position();
      if (!parse_move(p, tok, m, &err) || !g.is_legal(m)) {
        if (error) *error = file + ":" + std::to_string(line_no) + ": " + opening + ": move " + std::to_string(n) +
                            " '" + tok + "': " + (err.empty() ? "not legal here" : err);
        return false;
      }
      const BookEntry e = Book::canonical(g.position(), m, weight);
      const auto key = std::make_pair(e.key, e.move);
      weights[key] = std::max(weights[key], weight);
      if (!first_seen.count(key))
        first_seen[key] = {g.position(), m, file + ":" + std::to_string(line_no) + " " + opening + " move " + std::to_string(n)};
      g.play(m);
      if (g.verdict().over()) break;
    }
  }

  // The engine check: how much worse than the search's best is each move?
  std::set<std::pair<uint64_t, uint16_t>> dubious;
  if (options.check_depth > 0) {
    TranspositionTable tt(16);
    Search s(tt);
    for (auto& [key, occ] : first_seen) {
      Position p = occ.pos;
      const SearchResult root = search_at(tt, s, p, options.check_depth);
      const Move best_move = root.best;
      if (best_move == occ.move) continue;
      // Both moves are judged the same way (one ply less after each), so the
      // search's odd/even-depth swing does not count as a loss.
      Position b = p;
      b.do_move(best_move);
      const Score best = -search_at(tt, s, b, options.check_depth - 1).score;
      p.do_move(occ.move);
      const Score after = -search_at(tt, s, p, options.check_depth - 1).score;
      const int loss = best - after;
      if (loss > options.margin) {
        ++report.dubious;
        Position q = occ.pos;
        report.notes.push_back(occ.where + ": " + move_to_chinese(q, occ.move) + " loses " + std::to_string(loss) +
                               " (best " + move_to_chinese(q, best_move) + ")" + (options.keep_dubious ? ", kept" : ", dropped"));
        if (!options.keep_dubious) dubious.insert(key);
      }
    }
  }

  // Keep what the start position reaches through moves that survived.
  std::map<std::pair<uint64_t, uint16_t>, int> kept;
  {
    FenData start;
    parse_fen(kStartFen, start, nullptr);
    std::vector<Position> frontier{start.pos};
    std::set<uint64_t> seen;
    while (!frontier.empty()) {
      Position p = frontier.back();
      frontier.pop_back();
      if (!seen.insert(p.key()).second) continue;
      Move legal[kMaxMoves];
      const int n = generate_legal(p, legal);
      for (int i = 0; i < n; ++i) {
        const BookEntry e = Book::canonical(p, legal[i], 1);
        const auto key = std::make_pair(e.key, e.move);
        auto it = weights.find(key);
        if (it == weights.end() || dubious.count(key)) continue;
        kept[key] = it->second;
        Position q = p;
        q.do_move(legal[i]);
        q.reset_history();
        frontier.push_back(q);
      }
    }
  }
  report.dropped = int(weights.size() - kept.size());
  out.clear();
  std::set<uint64_t> positions;
  for (auto& [key, w] : kept) {
    out.push_back({key.first, key.second, uint16_t(std::min(w, 65535))});
    positions.insert(key.first);
  }
  std::sort(out.begin(), out.end(), [](const BookEntry& a, const BookEntry& b) {
    return a.key != b.key ? a.key < b.key : a.move < b.move;
  });
  report.positions = int(positions.size());
  report.moves = int(out.size());
  return true;
}

}  // namespace xq
