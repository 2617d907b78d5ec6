// An engine program run as a child process and spoken to over pipes in UCCI,
// UCI or the xboard protocol (CECP). Knows the conventions of real engines:
// Fairy-Stockfish and Sjaak II in UCI number ranks 1-10 once UCI_Variant is
// set to xiangqi (and Sjaak II writes horses and elephants h and e); UCCI,
// Pikafish and XBoard use 0-9. ElephantEye quits when its first line is not
// "ucci", so protocols are tried each in a fresh process.
// Every read has a time-out so a hung engine cannot hang its caller, and a
// write to an engine that has died is an error, not a SIGPIPE.
#pragma once
#include <sys/types.h>

#include <algorithm>

#include <string>
#include <vector>

#include "cecp.h"
#include "engine_option.h"

namespace xq {

struct EngineSpec {
  std::string command;
  std::string protocol = "ucci";     // "ucci", "uci", "xboard", or "auto": uci, then ucci, then xboard
  std::vector<std::string> options;  // raw lines sent after the handshake ("setoption ...", "option N=V")
  // Option values by name, sent in the engine's protocol after the handshake
  // for the options it declares (the others are named in option_problems()).
  std::vector<std::pair<std::string, std::string>> values;
  int nice = 0;                      // scheduling niceness of the child (10: below the caller)
};

class EngineProcess {
 public:
  EngineProcess() = default;
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;
  ~EngineProcess() { stop(); }

  // Starts the program (a command line, see split_command_line) and completes the handshake; false (with error()) on failure.
  bool start(const EngineSpec& spec, int timeout_ms = 10000);
  void stop();
  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  const std::string& error() const { return error_; }
  const std::string& name() const { return name_; }
  const std::string& protocol() const { return spec_.protocol; }  // the one in use after start
  bool xboard() const { return spec_.protocol == "xboard"; }
  const CecpFeatures& features() const { return features_; }  // an xboard engine's handshake
  void forget_analyze() { features_.analyze = false; }  // it refused "analyze" though it did not say so
  // The option lines of the handshake as the engine wrote them (UCI/UCCI
  // "option ..." lines; for xboard each "feature option=" value).
  const std::vector<std::string>& option_lines() const { return option_lines_; }
  // The options it declares, read (the lines we cannot read are left out).
  std::vector<EngineOption> declared_options() const;
  // The spec's values that were not sent, each with why.
  const std::vector<std::string>& option_problems() const { return option_problems_; }
  // A FEN as this engine reads it (Sjaak II's letters).
  std::string engine_fen(const std::string& fen) const { return fen_in_letters(fen, he_letters_); }
  // Whether the engine offered this option in its handshake (any case).
  bool has_option(const std::string& name) const;

  bool new_game(int timeout_ms = 10000);
  // Sends the position (start FEN plus ICCS moves) and "go <limit>"; returns
  // the best move in ICCS, or "" on none/time-out/crash (see error()).
  // elapsed_ms receives the wall time from "go" to "bestmove".
  std::string go(const std::string& fen, const std::vector<std::string>& iccs_moves, const std::string& limit,
                 int timeout_ms, double* elapsed_ms);
  // The score of the last "info ... score" line of the latest go, from the
  // side to move's view: centipawns, or mate in plies/moves when mate is set.
  int last_score() const { return last_score_; }
  bool last_score_is_mate() const { return last_mate_; }

  // The raw conversation, for callers that read the engine's lines themselves.
  // send() returns false when the engine has gone.
  bool send(const std::string& line);
  // One line without its newline; false on EOF or time-out (eof() tells which).
  bool read_line(std::string& line, int timeout_ms);
  bool eof() const { return eof_; }
  // Moves in the engine's own coordinates and back (ICCS, ranks 0-9, for us).
  std::string to_engine(const std::string& iccs) const;
  std::string from_engine(const std::string& move) const;  // "" when unreadable
  bool ranks_from_one() const { return ranks_from_one_; }

 private:
  bool spawn(const std::string& command, int nice_level);
  bool handshake(const std::string& protocol, int timeout_ms);
  bool xboard_handshake(int timeout_ms);
  bool after_handshake(int timeout_ms);
  void send_values();
  bool wait_for(const std::string& prefix, int timeout_ms);
  bool running_child();  // false once the child has exited (and reaps it)

  EngineSpec spec_;
  pid_t pid_ = -1;
  int to_fd_ = -1, from_fd_ = -1;
  std::string buffer_, error_, name_;
  bool ranks_from_one_ = false;  // UCI with UCI_Variant: ranks 1-10
  std::vector<std::string> option_names_;  // lower case
  std::vector<std::string> option_lines_;
  std::vector<std::string> option_problems_;
  CecpFeatures features_;
  bool he_letters_ = false;  // Sjaak II: horses and elephants in FENs are h and e
  int pings_ = 0;
  bool eof_ = false;                        // the engine closed its output
  int lines_read_ = 0;                      // lines it has said (to tell a silent engine)
  int last_score_ = 0;
  bool last_mate_ = false;
};

}  // namespace xq
