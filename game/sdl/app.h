// The program: command-line options, SDL set-up, the main loop and its pacing,
// input handling, and the --screenshot and --demo modes.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace xq {

struct AppOptions {
  std::string screenshot;  // write one frame to this PNG and exit
  std::string board, pieces;  // themes (game/theme.h), "" = from the settings
  std::string server;         // the game server, host:port ("" = from the settings)
  std::string server_ca;      // PEM certificates trusted for wss:// besides the system's ("" = from the settings)
  bool list_themes = false;   // print the theme names and exit
  std::string fen;         // start position
  std::string moves;       // moves to play first (ICCS or Chinese, space separated)
  std::string select;      // square to select (e.g. h2), for screenshots
  bool flip = false;
  bool demo = false;       // computer against computer
  bool hint = false;       // screenshot: compute and show a hint
  bool show_help = false;  // screenshot: with the key overlay
  bool edit = false;       // screenshot: with the position editor open
  bool show_saved = false; // screenshot: with the list of saved games (Open without a desktop chooser)
  int movetime_ms = 0;     // overrides the level's time per move
  int threads = 0;         // search threads (0: one fewer than the machine's cores, at least one)
  int level = -1;          // 0..3
  std::string mode;        // red, black, two, demo
  int max_frames = 0;      // exit after this many frames (0 = run until closed)
  int until_ply = 0;       // for tests: exit once the game has this many moves (max_frames still bounds it)
  bool frame_stats = false;
  bool print_state = false;  // print the final position and moves on exit
  bool no_vsync = false;
  bool no_book = false;
  bool no_animation = false;
  bool iccs = false;
  bool ponder = false;
  std::string lang;           // zh, en ("" = the settings, else the locale)
  int puzzle = 0;             // open puzzle N (1-based)
  std::string clock;          // M+S: minutes each, seconds added a move ("0" = none)
  int width = 0, height = 0;  // window or screenshot size
  std::string config_dir;     // settings and autosave (default: XDG folders)
  std::string resume = "ask"; // ask, yes, no: what to do with an autosaved game
  std::string load;           // a PGN file to open
  std::string library;  // --library FILE
  std::string engine;         // an outside engine's command line
  std::string engine_side;    // both, red, black, analysis ("" = the settings)
  bool review = false;        // screenshot: after a review of the game
  int think_ms = 0;           // screenshot: after this long of play or analysis
  struct Click {
    int frame;
    int x, y;
  };
  std::vector<Click> clicks;  // injected clicks (window coordinates), for tests
  struct KeyPress {
    int frame;
    std::string name;  // an SDL key name: "L", "Left", "F1"
  };
  std::vector<KeyPress> keys;  // injected key presses, for tests: through SDL's own key table
};

// Parses argv; on error returns false with a message.
bool parse_args(int argc, char** argv, AppOptions& o, std::string* error);
int run_app(const AppOptions& o);

}  // namespace xq
