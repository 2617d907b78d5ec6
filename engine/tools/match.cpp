// xiangqi-match: plays two UCCI/UCI engine programs against each other from a
// file of openings, each opening twice with colours swapped, judged by the
// rules core. Prints a line per game, then W/D/L for engine 1 and an Elo
// estimate with its 95% error bar.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "game.h"
#include "notation.h"

namespace {

struct EngineSpec {
  std::string command;
  std::string protocol = "ucci";
  std::vector<std::string> options;  // raw setoption lines
};

class Engine {
 public:
  bool start(const EngineSpec& spec) {
    spec_ = spec;
    int in[2], out[2];
    if (pipe(in) || pipe(out)) return false;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[1]);
      close(out[0]);
      execl("/bin/sh", "sh", "-c", ("exec " + spec.command).c_str(), (char*)nullptr);
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = fdopen(in[1], "w");
    from_ = fdopen(out[0], "r");
    send(spec.protocol);
    if (!wait_for(spec.protocol == "uci" ? "uciok" : "ucciok")) return false;
    for (auto& o : spec.options) send(o);
    send("isready");
    return wait_for("readyok");
  }
  ~Engine() {
    if (to_) {
      send("quit");
      fclose(to_);
    }
    if (from_) fclose(from_);
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  void send(const std::string& s) {
    fprintf(to_, "%s\n", s.c_str());
    fflush(to_);
  }
  bool read_line(std::string& line) {
    char buf[8192];
    if (!fgets(buf, sizeof buf, from_)) return false;
    line = buf;
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    return true;
  }
  bool wait_for(const std::string& word) {
    for (std::string l; read_line(l);)
      if (l.rfind(word, 0) == 0) return true;
    return false;
  }
  void new_game() {
    send(spec_.protocol == "uci" ? "ucinewgame" : "setoption newgame");
    send("isready");
    wait_for("readyok");
  }
  // Returns the move text after "bestmove", or "" for none.
  std::string go(const std::string& position, const std::string& limit) {
    send(position);
    send("go " + limit);
    for (std::string l; read_line(l);) {
      if (l.rfind("bestmove", 0) == 0) {
        std::istringstream s(l);
        std::string w, m;
        s >> w >> m;
        return m;
      }
      if (l.rfind("nobestmove", 0) == 0) return "";
    }
    return "";
  }

 private:
  EngineSpec spec_;
  pid_t pid_ = -1;
  FILE* to_ = nullptr;
  FILE* from_ = nullptr;
};

double elo_from(double p) { return -400.0 * std::log10(1.0 / p - 1.0); }

int usage() {
  std::cerr << "usage: xiangqi-match --e1 CMD --e2 CMD [--p1 ucci|uci] [--p2 ucci|uci]\n"
               "       [--o1 'setoption ...'] [--o2 'setoption ...'] [--openings FILE] [--games N]\n"
               "       [--movetime MS | --depth D | --nodes N] [--max-plies N]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  signal(SIGPIPE, SIG_IGN);
  EngineSpec a, b;
  std::string openings_file, limit = "depth 3";
  int games = 2, max_plies = 300;
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    if (i + 1 >= argc) return usage();
    const std::string v = argv[++i];
    if (k == "--e1") a.command = v;
    else if (k == "--e2") b.command = v;
    else if (k == "--p1") a.protocol = v;
    else if (k == "--p2") b.protocol = v;
    else if (k == "--o1") a.options.push_back(v);
    else if (k == "--o2") b.options.push_back(v);
    else if (k == "--openings") openings_file = v;
    else if (k == "--games") games = std::max(1, std::atoi(v.c_str()));
    else if (k == "--movetime") limit = "movetime " + v;
    else if (k == "--depth") limit = "depth " + v;
    else if (k == "--nodes") limit = "nodes " + v;
    else if (k == "--max-plies") max_plies = std::atoi(v.c_str());
    else return usage();
  }
  if (a.command.empty() || b.command.empty()) return usage();
  std::vector<std::string> openings;
  if (!openings_file.empty()) {
    std::ifstream in(openings_file);
    if (!in) {
      std::cerr << "cannot open openings file " << openings_file << "\n";
      return 2;
    }
    for (std::string l; std::getline(in, l);)
      if (!l.empty() && l[0] != '#') openings.push_back(l);
  }
  if (openings.empty()) openings.push_back("");

  Engine e1, e2;
  if (!e1.start(a) || !e2.start(b)) {
    std::cerr << "an engine did not start or did not answer its handshake\n";
    return 1;
  }
  int w = 0, d = 0, l = 0;
  for (int g = 0; g < games; ++g) {
    const std::string& opening = openings[(g / 2) % openings.size()];
    const bool e1_red = g % 2 == 0;
    xq::Game game;
    std::string moves;
    std::istringstream os(opening);
    bool bad_opening = false;
    for (std::string m; os >> m;) {
      xq::Move mv;
      xq::Position p = game.position();
      if (!xq::parse_move(p, m, mv, nullptr) || !game.play(mv)) {
        bad_opening = true;
        break;
      }
      moves += " " + xq::move_to_iccs(mv);
    }
    if (bad_opening) {
      std::cerr << "skipping bad opening line: " << opening << "\n";
      continue;
    }
    e1.new_game();
    e2.new_game();
    std::string reason;
    xq::Outcome outcome = xq::Outcome::Ongoing;
    while (!game.verdict().over()) {
      if (game.ply() >= max_plies) {
        outcome = xq::Outcome::Draw;
        reason = "adjudicated draw at the ply limit";
        break;
      }
      const bool red_to_move = game.side_to_move() == xq::RED;
      Engine& e = (red_to_move == e1_red) ? e1 : e2;
      const std::string pos = "position startpos" + (moves.empty() ? "" : " moves" + moves);
      const std::string text = e.go(pos, limit);
      xq::Move mv;
      if (text.empty() || !xq::iccs_to_move(text, mv, nullptr) || !game.play(mv)) {
        outcome = red_to_move ? xq::Outcome::BlackWins : xq::Outcome::RedWins;
        reason = (red_to_move ? "red" : "black") + std::string(" engine gave an illegal or no move: '") + text + "'";
        break;
      }
      moves += " " + text;
    }
    if (game.verdict().over()) {
      outcome = game.verdict().outcome;
      reason = xq::verdict_text_en(game.verdict());
    }
    const bool e1_won = (outcome == xq::Outcome::RedWins && e1_red) || (outcome == xq::Outcome::BlackWins && !e1_red);
    const bool draw = outcome == xq::Outcome::Draw;
    (draw ? d : e1_won ? w : l)++;
    std::printf("game %d: engine1 %s, %s, %d plies, %s  [W %d D %d L %d]\n", g + 1, e1_red ? "red" : "black",
                draw ? "draw" : e1_won ? "engine1 wins" : "engine2 wins", game.ply(), reason.c_str(), w, d, l);
    std::fflush(stdout);
  }
  const int n = w + d + l;
  if (!n) return 1;
  const double p = (w + 0.5 * d) / n;
  const double var = (w * std::pow(1 - p, 2) + l * std::pow(p, 2) + d * std::pow(0.5 - p, 2)) / n;
  const double sd = std::sqrt(var / n);
  auto clampp = [](double x) { return std::min(0.999, std::max(0.001, x)); };
  const double elo = elo_from(clampp(p));
  const double err = (elo_from(clampp(p + 1.96 * sd)) - elo_from(clampp(p - 1.96 * sd))) / 2;
  std::printf("Games %d: W %d D %d L %d, score %.1f%%\n", n, w, d, l, 100 * p);
  std::printf("Elo %+.0f +/- %.0f (95%%)\n", elo, err);
  return 0;
}
