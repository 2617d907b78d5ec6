// xiangqi-match: plays two UCCI/UCI engine programs against each other from a
// file of openings, each opening twice with colours swapped, judged by the
// rules core. Runs several games at once (--concurrency), can stop early on a
// sequential test (--sprt), and reports W/D/L for engine 1, an Elo estimate
// with its 95% error bar, and each side's measured time per move.
#include <signal.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine_process.h"
#include "game.h"
#include "match_clock.h"
#include "match_stats.h"
#include "parse_int.h"
#include "notation.h"

using xq::EngineProcess;
using xq::EngineSpec;

namespace {

struct Config {
  EngineSpec spec[2];
  std::string limit[2] = {"depth 3", "depth 3"};  // each engine's (--movetime1/--movetime2 for time odds)
  bool clocked[2] = {false, false};                  // on a clock instead (--tc, --tc1/--tc2)
  xq::TimeControl tc[2];
  std::vector<std::string> openings;
  // The rules end a game by mate, stalemate, repetition or 120 plies without a
  // capture; the ply limit only guards against a game that never ends. At 300
  // (the old default) 5 of 200 time-odds games were cut off as draws with one
  // side 260 to a mate ahead.
  int games = 2, max_plies = 1000, concurrency = 1, timeout_ms = 0;
  int clock_grace_ms = 5000;  // how far past its clock a clocked engine is waited for
  bool sprt = false;
  xq::tools::Sprt test;
  std::string record_file;
};

struct Shared {
  std::mutex mutex;
  std::atomic<int> next_game{0};
  std::atomic<bool> stop{false};
  xq::tools::Score3 score;
  xq::tools::Score5 pairs;            // the game pairs finished (both games of an opening)
  std::map<int, double> half_pairs;   // engine 1's points in a pair's first finished game
  double think_ms[2] = {0, 0};
  long moves[2] = {0, 0};
  int time_losses[2] = {0, 0};
  int started_games = 0;
  std::ofstream record;
};

struct GameResult {
  xq::Outcome outcome = xq::Outcome::Ongoing;
  std::string reason;
  int plies = 0;
  std::string moves;  // ICCS, space-separated, opening included
  double think_ms[2] = {0, 0};
  long moves_made[2] = {0, 0};
  int lost_on_time = -1;  // the engine (0 or 1) whose flag fell
};

// Plays one game; engines[0] is engine 1. Restarts an engine that failed.
GameResult play_game(const Config& cfg, EngineProcess* engines, const std::string& opening, bool e1_red) {
  GameResult r;
  xq::Game game;
  std::vector<std::string> moves;
  std::istringstream os(opening);
  for (std::string m; os >> m;) {
    xq::Move mv;
    xq::Position p = game.position();
    if (!xq::parse_move(p, m, mv, nullptr) || !game.play(mv)) {
      r.reason = "bad opening line: " + opening;
      return r;
    }
    moves.push_back(xq::move_to_iccs(mv));
  }
  for (int i = 0; i < 2; ++i)
    if (!engines[i].running() || !engines[i].new_game()) engines[i].start(cfg.spec[i]);
  xq::tools::MatchClock clock;  // by colour: engine 1 is red when e1_red
  for (int i = 0; i < 2; ++i) {
    const int side = (i == 0) == e1_red ? 0 : 1;
    clock.left_ms[side] = cfg.tc[i].base_ms;
    clock.inc_ms[side] = cfg.tc[i].increment_ms;
  }
  while (!game.verdict().over()) {
    if (game.ply() >= cfg.max_plies) {
      r.outcome = xq::Outcome::Draw;
      r.reason = "adjudicated draw at the ply limit";
      break;
    }
    const bool red_to_move = game.side_to_move() == xq::RED;
    const int who = red_to_move == e1_red ? 0 : 1;
    EngineProcess& e = engines[who];
    const int side = red_to_move ? 0 : 1;
    double ms = 0;
    // On a clock the engine is told both clocks and may overrun its own by the
    // time-out's grace before it is given up as hung; it loses on time either way.
    const std::string limit = cfg.clocked[who] ? clock.go_limit(side, e.protocol() == "uci") : cfg.limit[who];
    const int timeout = cfg.clocked[who] ? clock.left_ms[side] + cfg.clock_grace_ms : cfg.timeout_ms;
    const std::string text = e.running() ? e.go("", moves, limit, timeout, &ms) : "";
    if (cfg.clocked[who] && !text.empty() && !clock.charge(side, ms)) {
      r.outcome = red_to_move ? xq::Outcome::BlackWins : xq::Outcome::RedWins;
      r.reason = (red_to_move ? "red" : "black") + std::string(" lost on time (") + std::to_string(int(ms)) + " ms for the move)";
      r.lost_on_time = who;
      r.think_ms[who] += ms;
      r.moves_made[who]++;
      break;
    }
    xq::Move mv;
    if (text.empty() || !xq::iccs_to_move(text, mv, nullptr) || !game.play(mv)) {
      r.outcome = red_to_move ? xq::Outcome::BlackWins : xq::Outcome::RedWins;
      r.reason = (red_to_move ? "red" : "black") + std::string(" engine gave an illegal or no move: '") + text + "'" +
                 (e.error().empty() ? "" : " (" + e.error() + ")");
      e.stop();  // a fresh process for the next game
      break;
    }
    r.think_ms[who] += ms;
    r.moves_made[who]++;
    moves.push_back(text);
  }
  if (game.verdict().over()) {
    r.outcome = game.verdict().outcome;
    r.reason = xq::verdict_text_en(game.verdict());
  }
  r.plies = game.ply();
  for (const auto& m : moves) r.moves += (r.moves.empty() ? "" : " ") + m;
  return r;
}

void worker(const Config& cfg, Shared& sh) {
  EngineProcess engines[2];
  for (int i = 0; i < 2; ++i)
    if (!engines[i].start(cfg.spec[i])) {
      std::lock_guard<std::mutex> lock(sh.mutex);
      std::cerr << "engine " << i + 1 << " did not start: " << engines[i].error() << "\n";
      sh.stop = true;
      return;
    }
  for (;;) {
    if (sh.stop) return;
    const int g = sh.next_game++;
    if (g >= cfg.games) return;
    const std::string& opening = cfg.openings[(g / 2) % cfg.openings.size()];
    const bool e1_red = g % 2 == 0;
    const GameResult r = play_game(cfg, engines, opening, e1_red);
    std::lock_guard<std::mutex> lock(sh.mutex);
    if (r.outcome == xq::Outcome::Ongoing) {
      std::cerr << "game " << g + 1 << " skipped: " << r.reason << "\n";
      continue;
    }
    const bool draw = r.outcome == xq::Outcome::Draw;
    const bool e1_won = (r.outcome == xq::Outcome::RedWins) == e1_red;
    (draw ? sh.score.d : e1_won ? sh.score.w : sh.score.l)++;
    const double points = draw ? 0.5 : e1_won ? 1 : 0;
    if (auto half = sh.half_pairs.find(g / 2); half != sh.half_pairs.end()) {
      sh.pairs.add(half->second + points);
      sh.half_pairs.erase(half);
    } else {
      sh.half_pairs[g / 2] = points;
    }
    if (r.lost_on_time >= 0) sh.time_losses[r.lost_on_time]++;
    for (int i = 0; i < 2; ++i) {
      sh.think_ms[i] += r.think_ms[i];
      sh.moves[i] += r.moves_made[i];
    }
    std::printf("game %d: engine1 %s, %s, %d plies, %s  [W %d D %d L %d]\n", g + 1, e1_red ? "red" : "black",
                draw ? "draw" : e1_won ? "engine1 wins" : "engine2 wins", r.plies, r.reason.c_str(), sh.score.w,
                sh.score.d, sh.score.l);
    std::fflush(stdout);
    if (sh.record.is_open()) {
      const char* result = r.outcome == xq::Outcome::RedWins ? "1-0" : r.outcome == xq::Outcome::BlackWins ? "0-1" : "1/2-1/2";
      sh.record << result << "\t" << (e1_red ? "e1=red" : "e1=black") << "\t" << r.moves << "\n";
      sh.record.flush();
    }
    // The test reads the pairs once there are some (as fishtest does), the games before.
    if (cfg.sprt && (sh.pairs.pairs() >= 2 ? cfg.test.decide(sh.pairs) : cfg.test.decide(sh.score)) != 0) sh.stop = true;
  }
}

int usage() {
  std::cerr << "usage: xiangqi-match --e1 CMD --e2 CMD [--p1 ucci|uci] [--p2 ucci|uci]\n"
               "       [--o1 'setoption ...'] [--o2 'setoption ...'] [--openings FILE] [--games N]\n"
               "       [--movetime MS | --depth D | --nodes N | --tc BASE+INC] [--movetime1 MS] [--movetime2 MS]\n"
               "       [--tc1 BASE+INC] [--tc2 BASE+INC]\n"
               "       [--max-plies N (1000)] [--concurrency N]\n"
               "       [--sprt ELO0 ELO1] [--sprt-alpha A] [--sprt-beta B] [--timeout MS] [--record FILE]\n"
               "--tc gives each side a clock of BASE seconds and INC more a move (10+0.1); a flag\n"
               "that falls loses the game. --timeout MS is a clocked engine's grace past its clock.\n"
               "In UCI an engine that offers UCI_Variant (Fairy-Stockfish) is set to xiangqi and its\n"
               "1-10 rank numbers are converted.\n";
  return 2;
}

bool parse_int(const std::string& v, int& out, int lo) { return xq::parse_int(v, lo, 1000000000L, out); }

}  // namespace

int main(int argc, char** argv) {
  signal(SIGPIPE, SIG_IGN);
  Config cfg;
  std::string openings_file;
  int limit_ms = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    const int need = k == "--sprt" ? 2 : 1;
    if (i + need >= argc) return usage();
    const std::string v = argv[++i];
    bool ok = true;
    if (k == "--e1") cfg.spec[0].command = v;
    else if (k == "--e2") cfg.spec[1].command = v;
    else if (k == "--p1" || k == "--p2") {
      ok = v == "ucci" || v == "uci";
      cfg.spec[k == "--p2"].protocol = v;
    } else if (k == "--o1") cfg.spec[0].options.push_back(v);
    else if (k == "--o2") cfg.spec[1].options.push_back(v);
    else if (k == "--openings") openings_file = v;
    else if (k == "--games") ok = parse_int(v, cfg.games, 1);
    else if (k == "--movetime") {
      ok = parse_int(v, limit_ms, 1);
      cfg.limit[0] = cfg.limit[1] = "movetime " + v;
    } else if (k == "--movetime1" || k == "--movetime2") {  // time odds: this engine's own time a move
      int ms = 0;
      ok = parse_int(v, ms, 1);
      cfg.limit[k == "--movetime2"] = "movetime " + v;
      limit_ms = std::max(limit_ms, ms);
    } else if (k == "--tc" || k == "--tc1" || k == "--tc2") {  // clock games (time odds with --tc1/--tc2)
      xq::TimeControl tc;
      ok = xq::tools::parse_time_control(v, tc);
      for (int e = 0; e < 2; ++e)
        if (k == "--tc" || (k == "--tc2") == (e == 1)) cfg.tc[e] = tc, cfg.clocked[e] = true;
    } else if (k == "--depth") cfg.limit[0] = cfg.limit[1] = "depth " + v, ok = parse_int(v, limit_ms, 1), limit_ms = 0;
    else if (k == "--nodes") cfg.limit[0] = cfg.limit[1] = "nodes " + v, ok = parse_int(v, limit_ms, 1), limit_ms = 0;
    else if (k == "--max-plies") ok = parse_int(v, cfg.max_plies, 1);
    else if (k == "--concurrency") ok = parse_int(v, cfg.concurrency, 1);
    else if (k == "--timeout") ok = parse_int(v, cfg.timeout_ms, 1);
    else if (k == "--record") cfg.record_file = v;
    else if (k == "--sprt") {
      cfg.sprt = true;
      cfg.test.elo0 = std::atof(v.c_str());
      cfg.test.elo1 = std::atof(argv[++i]);
      ok = cfg.test.elo1 > cfg.test.elo0;
    } else if (k == "--sprt-alpha") cfg.test.alpha = std::atof(v.c_str()), ok = cfg.test.alpha > 0 && cfg.test.alpha < 1;
    else if (k == "--sprt-beta") cfg.test.beta = std::atof(v.c_str()), ok = cfg.test.beta > 0 && cfg.test.beta < 1;
    else return usage();
    if (!ok) {
      std::cerr << "bad value for " << k << ": '" << v << "'\n";
      return 2;
    }
  }
  if (cfg.spec[0].command.empty() || cfg.spec[1].command.empty()) return usage();
  // A hung engine loses on time: generous for a fixed movetime, long otherwise.
  if (cfg.timeout_ms) cfg.clock_grace_ms = cfg.timeout_ms;
  if (!cfg.timeout_ms) cfg.timeout_ms = limit_ms ? std::max(10000, 20 * limit_ms) : 600000;
  if (!openings_file.empty()) {
    std::ifstream in(openings_file);
    if (!in) {
      std::cerr << "cannot open openings file " << openings_file << "\n";
      return 2;
    }
    for (std::string l; std::getline(in, l);)
      if (!l.empty() && l[0] != '#') cfg.openings.push_back(l);
  }
  if (cfg.openings.empty()) cfg.openings.push_back("");

  Shared sh;
  if (!cfg.record_file.empty()) {
    sh.record.open(cfg.record_file, std::ios::app);
    if (!sh.record) {
      std::cerr << "cannot write " << cfg.record_file << "\n";
      return 2;
    }
  }
  std::vector<std::thread> threads;
  for (int t = 0; t < std::min(cfg.concurrency, cfg.games); ++t) threads.emplace_back(worker, std::cref(cfg), std::ref(sh));
  for (auto& t : threads) t.join();

  const xq::tools::Score3& s = sh.score;
  if (!s.games()) {
    std::cerr << "no game was played\n";
    return 1;
  }
  const auto e = xq::tools::elo_estimate(s);
  std::printf("Games %d: W %d D %d L %d, score %.1f%%\n", s.games(), s.w, s.d, s.l, 100 * s.score());
  std::printf("Elo %+.0f +/- %.0f (95%%)\n", e.elo, e.error95);
  if (const xq::tools::Score5& p = sh.pairs; p.pairs()) {
    const auto pe = xq::tools::elo_estimate(p);
    std::printf("Pairs %d (engine1's points 0 0.5 1 1.5 2): %d %d %d %d %d, Elo %+.0f +/- %.0f (95%%, pentanomial)\n",
                p.pairs(), p.n[0], p.n[1], p.n[2], p.n[3], p.n[4], pe.elo, pe.error95);
  }
  for (int i = 0; i < 2; ++i)
    std::printf("engine%d: %.3f s a move on average over %ld moves\n", i + 1,
                sh.moves[i] ? sh.think_ms[i] / 1000.0 / double(sh.moves[i]) : 0.0, sh.moves[i]);
  if (cfg.clocked[0] || cfg.clocked[1])
    std::printf("Lost on time: engine1 %d, engine2 %d\n", sh.time_losses[0], sh.time_losses[1]);
  if (cfg.sprt) {
    const int verdict = cfg.test.decide(s);
    const bool paired = sh.pairs.pairs() >= 2;
    const int verdict5 = paired ? cfg.test.decide(sh.pairs) : verdict;
    std::printf("SPRT elo0 %.1f elo1 %.1f: LLR %.2f (%s; by games %.2f) (bounds %.2f, %.2f), %s\n", cfg.test.elo0,
                cfg.test.elo1, paired ? cfg.test.llr(sh.pairs) : cfg.test.llr(s), paired ? "by pairs" : "by games",
                cfg.test.llr(s), cfg.test.lower(), cfg.test.upper(),
                verdict5 > 0 ? "H1 accepted" : verdict5 < 0 ? "H0 accepted" : "no decision");
  }
  return 0;
}
