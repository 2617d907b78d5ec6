// xiangqi-db: the game library from the command line, for scripts and tests.
//   xiangqi-db import [--db FILE] PATH...
//   xiangqi-db find [--db FILE] [--player NAME] [--event TEXT] [--eco CODE] [--result R]
//                   [--year FROM-TO] [--fen FEN] [--limit N]
//   xiangqi-db explore [--db FILE] FEN
//   xiangqi-db export [--db FILE] [--notation chinese|wxf|iccs] ID
//   xiangqi-db eco [--english] MOVES...
#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "ecco.h"
#include "fen.h"
#include "import.h"
#include "library.h"
#include "notation.h"
#include "parse_int.h"
#include "text_encoding.h"

namespace {

using namespace xq;

int usage(const std::string& why) {
  if (!why.empty()) std::cerr << "xiangqi-db: " << why << "\n";
  std::cerr << "usage: xiangqi-db import [--db FILE] PATH...\n"
               "       xiangqi-db find [--db FILE] [--player NAME] [--event TEXT] [--eco CODE] [--result 1-0|0-1|1/2-1/2]\n"
               "                       [--year FROM-TO] [--fen FEN] [--limit N]\n"
               "       xiangqi-db explore [--db FILE] FEN\n"
               "       xiangqi-db export [--db FILE] [--notation chinese|wxf|iccs] ID   (as stored when not given)\n"
               "       xiangqi-db eco [--english] MOVES...   (ICCS moves from the start, e.g. h2e2 h9g7)\n";
  return 2;
}

// A FEN given as one argument or spread over several; "start" is the start.
bool position_key(const std::string& text, uint64_t& key, std::string* error) {
  FenData d;
  const std::string fen = text == "start" || text == "startpos" ? kStartFen : text;
  if (!parse_fen(fen, d, error)) return false;
  key = d.pos.key();
  return true;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// The opening the moves reach from the start: "CODE<TAB>name". The moves may
// come as separate words or in one quoted argument.
int eco_command(const std::vector<std::string>& words, bool english) {
  FenData d;
  parse_fen(kStartFen, d, nullptr);
  std::vector<Move> moves;
  for (const std::string& arg : words) {
    std::istringstream in(arg);
    std::string w;
    while (in >> w) {
      Move m = kNoMove;
      std::string err;
      if (!parse_move(d.pos, w, m, &err) || !d.pos.do_legal_move(m)) {
        // The move reader's message may name the move already; the usage is not repeated for a bad move.
        const std::string why = err.empty() ? "is not a legal move here" : err;
        std::cerr << "xiangqi-db: eco: move " << moves.size() + 1 << (why.find(w) == std::string::npos ? " '" + w + "'" : "")
                  << ": " << why << "\n";
        return 2;
      }
      moves.push_back(m);
    }
  }
  if (moves.empty()) return usage("eco needs moves (ICCS, from the start position)");
  const EccoOpening o = classify_opening(kStartFen, moves);
  std::cout << o.code << '\t' << (english ? o.en : o.zh) << '\n';
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage("");
  const std::string command = argv[1];
  std::string db = Library::default_path();
  LibraryQuery q;
  std::vector<std::string> rest;
  std::string fen_option;
  bool english = false;
  std::optional<NotationStyle> notation;  // export: as stored when not given
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= argc) return false;
      out = argv[++i];
      return true;
    };
    if (command == "eco" && a == "--english") {
      english = true;
    } else if (a == "--db") {
      if (!value(db)) return usage("--db needs a file");
    } else if (command == "find" && a == "--player") {
      if (!value(q.player)) return usage("--player needs a name");
    } else if (command == "find" && a == "--event") {
      if (!value(q.event)) return usage("--event needs a text");
    } else if (command == "find" && a == "--eco") {
      if (!value(q.eco)) return usage("--eco needs a code");
    } else if (command == "find" && a == "--result") {
      if (!value(q.result) || (q.result != "1-0" && q.result != "0-1" && q.result != "1/2-1/2"))
        return usage("--result is 1-0, 0-1 or 1/2-1/2");
    } else if (command == "find" && a == "--year") {
      std::string y;
      if (!value(y)) return usage("--year needs FROM-TO (or a year)");
      const size_t dash = y.find('-');
      const std::string from = y.substr(0, dash), to = dash == std::string::npos ? from : y.substr(dash + 1);
      if ((!from.empty() && !parse_int(from, 1, 9999, q.year_from)) || (!to.empty() && !parse_int(to, 1, 9999, q.year_to)))
        return usage("--year: '" + y + "' is not FROM-TO");
    } else if (command == "find" && a == "--fen") {
      if (!value(fen_option)) return usage("--fen needs a position");
    } else if (command == "export" && a == "--notation") {
      std::string n;
      if (!value(n)) return usage("--notation needs chinese, wxf or iccs");
      if (n == "chinese") notation = NotationStyle::Chinese;
      else if (n == "wxf") notation = NotationStyle::Wxf;
      else if (n == "iccs") notation = NotationStyle::Iccs;
      else return usage("--notation: '" + n + "' is not chinese, wxf or iccs");
    } else if (command == "find" && a == "--limit") {
      std::string n;
      if (!value(n) || !parse_int(n, 1, 1000000, q.limit)) return usage("--limit needs a number above 0");
    } else if (a.size() > 2 && a.rfind("--", 0) == 0) {
      return usage("unknown option " + a + " for " + command);
    } else {
      rest.push_back(a);
    }
  }
  if (command == "eco") return eco_command(rest, english);
  if (command != "import" && command != "find" && command != "explore" && command != "export")
    return usage("unknown command '" + command + "'");

  Library lib;
  std::string err;
  // Only import writes; searching and exporting read the file and nothing more.
  if (command == "import" ? !lib.open(db, &err) : !lib.open_read_only(db, &err)) {
    std::cerr << "xiangqi-db: " << err << "\n";
    return 1;
  }

  if (command == "import") {
    if (rest.empty()) return usage("import needs a file or a folder");
    const ImportReport r = import_paths(lib, rest);
    std::cout << "imported " << r.imported << " games, skipped " << r.duplicates << " duplicates, " << r.failed
              << " failed";
    if (r.merged) std::cout << ", " << r.merged << " already there took this copy's comments and variations";
    std::cout << "\n";
    for (const std::string& f : r.failures) std::cout << "failed: " << printable_utf8(f) << "\n";
    for (const std::string& n : r.notes) std::cout << "note: " << printable_utf8(n) << "\n";
    // Success when games came in, or when every game was there already.
    return r.imported > 0 || r.merged > 0 || (r.failed == 0 && r.duplicates > 0) ? 0 : 1;
  }
  if (command == "find") {
    if (!rest.empty()) return usage("find takes options only ('" + rest[0] + "' is not one)");
    if (!fen_option.empty()) {
      uint64_t key = 0;
      if (!position_key(fen_option, key, &err)) return usage("--fen: " + err);
      q.position = key;
    }
    const std::vector<LibraryGame> found = lib.find(q, &err);
    for (const LibraryGame& g : found)
      std::cout << g.id << '\t' << g.red << '\t' << g.black << '\t' << g.event << '\t' << g.date << '\t' << g.result
                << '\t' << g.eco << '\t' << g.plies << '\n';
    // Cut at the limit: said (on stderr, so the rows stay a clean table), with how many there are.
    const int limit = q.limit > 0 ? q.limit : 100;
    if (err.empty() && int(found.size()) == limit) {
      const int64_t all = lib.count(q, &err);
      if (all > limit)
        std::cerr << "xiangqi-db: the first " << limit << " of " << all << " games; --limit N shows more\n";
    }
    if (!err.empty()) {
      std::cerr << "xiangqi-db: " << err << "\n";
      return 1;
    }
    return 0;
  }
  if (command == "explore") {
    uint64_t key = 0;
    if (rest.empty()) return usage("explore needs a position (a FEN, or 'start')");
    if (!position_key(joined(rest), key, &err)) return usage("not a position: " + err);
    for (const ExploreMove& m : lib.explore(key, &err))
      std::cout << m.move << '\t' << m.games << '\t' << m.red_wins << '\t' << m.draws << '\t' << m.black_wins << '\t'
                << m.games - m.red_wins - m.draws - m.black_wins << '\n';  // the last: games with no result
    if (!err.empty()) {
      std::cerr << "xiangqi-db: " << err << "\n";
      return 1;
    }
    return 0;
  }
  // export
  int id = 0;
  if (rest.size() != 1 || !parse_int(rest[0], 1, 2000000000, id)) return usage("export needs one game id (a number)");
  std::string pgn;
  if (!lib.pgn(id, pgn, &err)) {
    std::cerr << "xiangqi-db: " << err << "\n";
    return 1;
  }
  if (notation) {  // written again in the notation asked for, with its variations and comments
    PgnTree t;
    if (!read_pgn_tree(pgn, t, &err)) {
      std::cerr << "xiangqi-db: game " << id << " cannot be read back: " << err << "\n";
      return 1;
    }
    pgn = write_pgn_tree(t.tree, t.tags, t.tag("Result").empty() ? "*" : t.tag("Result"), *notation);
  }
  std::cout << pgn << (pgn.empty() || pgn.back() == '\n' ? "" : "\n");
  return 0;
}
