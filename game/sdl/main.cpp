// xiangqi: the SDL2 game. See README.md for how to play and the options.
#include <cstdio>
#include <string>

#include "app.h"

static const char* kUsage =
    "usage: xiangqi [options]\n"
    "  --mode red|black|two|demo   who plays (default: you play red)\n"
    "  --level 1-8                 入门 … 特级 (newcomer to grandmaster: README, Levels)\n"
    "  --lang zh|en                Chinese or English (default: the settings, else the locale)\n"
    "  --puzzle N                  play puzzle N of the collection (残局)\n"
    "  --clock M+S | Mm/Ss[*N]     game clocks: M minutes each, S seconds added a move (0: none); or\n"
    "                              M minutes, then 读秒 (byo-yomi) S seconds a move, *N: N overruns allowed\n"
    "  --movetime MS               the computer's time per move (overrides the level)\n"
    "  --threads N                 the computer's search threads (default: one fewer than the cores)\n"
    "  --fen FEN  --moves \"h2e2 h9g7\"  start from a position and moves\n"
    "  --load FILE.pgn             open a saved game\n"
    "  --library FILE              the game library (default $XDG_DATA_HOME/xiangqi/library.sqlite3); X shows its explorer\n"
    "  --engine CMD                an outside engine (UCI, UCCI or xboard) plays the computer's moves and analyses\n"
    "  --engine-side both|red|black|analysis   what the outside engine does (default both)\n"
    "  --board wood|paper|dark  --pieces traditional|bold|symbols   the look (T in the window); --list-themes\n"
    "  --server HOST:PORT          the game server for online play (O in the window; default 127.0.0.1:7800;\n"
    "                              wss://HOST:PORT for a server with TLS)\n"
    "  --server-ca FILE            trust the TLS certificates signed by this PEM file too (a club's own)\n"
    "  --ponder                    the top level thinks on the player's time too\n"
    "  --flip  --no-animation  --no-book  --iccs  --width W  --height H\n"
    "  --screenshot FILE.png [--select h2] [--hint] [--show-help] [--edit] [--show-saved] [--review] [--think MS]\n"
    "                              one frame offscreen (--review: after a game review; --think: after\n"
    "                              MS of play or analysis)\n"
    "  --demo [--movetime MS] [--max-frames N] [--frame-stats]   computer against computer\n"
    "  --key FRAME:NAME            (tests) press a key by its SDL name (L, Left, F1) at that frame\n"
    "  --until-ply N               (tests) leave once the game has N moves or is over; --max-frames bounds the wait\n"
    "  --config-dir DIR  --resume ask|yes|no  --print-state  --click FRAME:X:Y  --no-vsync\n";

int main(int argc, char** argv) {
  xq::AppOptions o;
  std::string error;
  if (!xq::parse_args(argc, argv, o, &error)) {
    if (error != "help") std::fprintf(stderr, "xiangqi: %s\n", error.c_str());
    std::fputs(kUsage, error == "help" ? stdout : stderr);
    return error == "help" ? 0 : 2;
  }
  return xq::run_app(o);
}
