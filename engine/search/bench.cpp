#include "bench.h"
#include "version.h"

#include <chrono>
#include <sstream>
#include <string>
#include <vector>

#include "fen.h"
#include "notation.h"
#include "search.h"

namespace xq {

namespace {

// Openings reached by moves from the start, then middlegames and endgames.
const std::vector<std::string> kOpenings = {
    "",
    "h2e2 h9g7",
    "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7",
    "h2e2 h7e7",
    "h2e2 b7e7",
    "c3c4 g6g5",
    "c3c4 h7e7",
    "c0e2 h7e7",
    "b0c2 h9g7",
    "h2d2 h9g7",
    "h0g2 g6g5 g3g4",
    "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 h6g6 h7i7",
};

const char* const kPositions[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
    "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
    "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
    "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
    "2b2ab2/2r4c1/2C1k1n2/4n3p/P5p2/2B2r3/2P6/3AB4/3NN1c2/R2A1K3 w - - 0 55",
    "r1bk1a3/4a4/n2C1r1nb/2p6/6p1p/4p1P1P/2P1P1c2/p3B4/4A1N2/2BAK3R b - - 15 32",
    "3a1a1n1/5k3/2n6/2r6/1cb1P1b1p/p7r/c1P1N3C/9/5R2R/2BAKA3 b - - 21 45",
    "3ak4/4a1C2/2n2c3/r3p4/p1R3b1p/P3P3P/6P2/3pNA2N/9/3AK1BR1 b - - 4 39",
    "2br1a3/4k1n2/3a2c2/2p1p1p1p/P1P2RC2/8P/4P1P2/4B4/4A4/1Nr1KA1NR w - - 0 32",
    "4ka3/9/b7b/9/9/2p1p3R/8n/5A2N/1n7/4K1B2 w - - 3 60",
    "3ck4/1C1na4/1rr1ba2b/p3p3p/2p6/P3P2p1/5R2P/4BA3/R3N4/2BK1A3 w - - 12 48",
    "2bkc4/3Ca4/br1a5/4P4/p5n2/2p3B2/P1P5p/B3KA3/2N6/4RA3 w - - 11 52",
    "3a1an2/4k1rC1/nr1c4b/p1p2C3/2b1p3P/P3P1P2/9/N3B4/1R2AK3/2B2A2R b - - 14 39",
    "2bakabn1/r8/nc7/pC1R4r/4p1P1p/4P4/P1P5P/7c1/4A4/1NBAK1BNR b - - 1 19",
    "2ba1a2r/4k4/2nc4n/4p1p1p/p1C3b2/4C1B1P/PrP1P1P2/3c5/R3N4/2BAKAR2 b - - 42 30",
    "rnbakab2/7rC/9/4p1p1p/p6C1/1pP6/P3P1P1P/9/R2c1K3/1NBANAB1R b - - 22 16",
    "2b2a3/C1n1kn3/r7c/p3p1p2/2p5p/P2CP1r2/1RP5P/4B4/4A4/1N1K1ABN1 b - - 3 36",
    "4k1bnr/9/n2abC3/pcp6/4p1p1p/2P1N4/P3P3P/B8/4AK2R/R1BA3N1 w - - 0 29",
    "2baka3/3r5/n5rNb/p8/6pC1/P3Pc2P/6P2/3ABA3/3N1K3/9 w - - 1 58",
    "2bn1n3/3rk4/1C1a4b/8p/P1P1p1p2/1cP5P/5NP2/4BA2R/4K4/5ABN1 w - - 3 49",
    "r1ba1a3/n3k3C/c3b1n2/p2Np4/6p1p/2P1P4/P5P1P/1C2B4/R3A1c2/4KAB1R b - - 1 32",
    "rn1akab2/9/9/2p2r2p/C3p1C2/pN6P/4P4/4cR3/R3Kc3/2B3BN1 b - - 10 33",
    "1nba5/3k5/b2r1a3/5C3/P4Pp1P/7C1/c3n4/1p4r2/4A4/RNBK2BR1 w - - 15 47",
    "1nba1kb2/5C3/r2a5/6NP1/5P3/p4p3/P1p3P2/2N4R1/5K3/3A1A3 b - - 4 51",
    "3ak1bn1/3n5/2cCb4/2p1r1p1c/5PP1P/9/r1P6/B8/9/RN1AKAB1R w - - 1 22",
    "rn2ka2r/4a4/b7C/4p1p1p/p5P2/PN1p1n3/2c2C2P/B2A5/3KA3R/6cNR b - - 11 33",
    "2b1kab1r/4a2C1/n1c3r1n/2p1p1p1p/p3c4/2P6/P3P1P1P/2C5N/R8/1NBAKAB2 w - - 8 14",
    "1nba1a3/3k3C1/1R5rb/4c4/p1p1p2Cp/2P1P1p1P/P5Pc1/N1N1B4/4K3R/2BA1A3 w - - 27 35",
    "2bakabr1/n8/C3R4/4P4/2p6/P1B6/2P3p1p/6R1B/2cK4n/NC1A1A1N1 b - - 20 55",
    "rnbakab1r/9/3c4n/p1p1p1p2/8p/9/P1P1P1P1P/1c4NC1/7C1/RNBAKAB1R w - - 8 5",
    "2b2ab1c/2R2k3/6r2/6p2/7n1/P5P1r/8P/4K4/4A1N1N/3A2B2 b - - 9 58",
    "1nb2ab2/r3k4/7cC/p3p1p2/2p5p/P1B3c2/2P6/6N1n/4A3C/3NK1B1R w - - 6 32",
    "2r1kCb1r/3c3c1/4b4/n1p3p1n/4pC2P/1pP1P1P2/9/2NA5/9/R1BK1ABR1 w - - 11 25",
    "r1bCkabn1/4a1r2/c8/p1p3p1p/9/9/P1P1P1P1P/C7B/3c5/RNBAKA1NR b - - 12 11",
    "4k4/4a4/3a5/9/9/9/9/9/9/3K1R3 w - - 0 1",
    "3ak4/4a4/9/9/5N3/2P6/9/9/9/4K4 w - - 0 1",
    "2bak4/4a4/4b4/9/9/9/9/4B4/4A4/2C1KA3 w - - 0 1",
    "3k5/4a4/4ba3/9/2b6/9/9/4B4/4A4/1R2KAB2 w - - 0 1",
};

}  // namespace

uint64_t run_bench(int depth, std::ostream& out) {
  std::vector<Position> positions;
  for (const std::string& line : kOpenings) {
    FenData d;
    parse_fen(kStartFen, d, nullptr);
    std::istringstream in(line);
    for (std::string m; in >> m;) {
      Move mv;
      if (parse_move(d.pos, m, mv, nullptr)) d.pos.do_move(mv);
    }
    d.pos.reset_history();
    positions.push_back(d.pos);
  }
  for (const char* fen : kPositions) {
    FenData d;
    if (parse_fen(fen, d, nullptr)) positions.push_back(d.pos);
  }
  TranspositionTable tt(16);
  Search search(tt);
  std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = depth;
  uint64_t total = 0;
  std::chrono::steady_clock::duration searching{};
  for (size_t i = 0; i < positions.size(); ++i) {
    tt.clear();
    search.clear();
    const auto t0 = std::chrono::steady_clock::now();  // time the searches, not the clearing
    const SearchResult r = search.run(positions[i], limits, SearchOptions{}, stop);
    searching += std::chrono::steady_clock::now() - t0;
    total += r.nodes;
    out << "Position " << i + 1 << "/" << positions.size() << ": bestmove " << move_to_iccs(r.best) << " score "
        << r.score << " nodes " << r.nodes << "\n";
  }
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(searching).count();
  out << "\nTotal time (ms) : " << ms << "\n";
  out << "Nodes searched  : " << total << "\n";
  out << "Nodes/second    : " << (ms > 0 ? total * 1000 / uint64_t(ms) : 0) << "\n";
  out << "Engine          : " << kEngineId << "\n";
  return total;
}

}  // namespace xq
