// An engine program run as a child process and spoken to over pipes in UCCI
// or UCI. Knows the conventions of real engines: Fairy-Stockfish in UCI numbers
// ranks 1-10 once UCI_Variant is set to xiangqi; UCCI and Pikafish use 0-9.
// Every read has a time-out so a hung engine cannot hang its caller, and a
// write to an engine that has died is an error, not a SIGPIPE.
#pragma once
#include <sys/types.h>

#include <algorithm>

#include <string>
#include <vector>

namespace xq {

struct EngineSpec {
  std::string command;
  std::string protocol = "ucci";     // "ucci", "uci", or "auto": try uci (uciok), else ucci
  std::vector<std::string> options;  // raw setoption lines sent after the handshake
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
  bool wait_for(const std::string& prefix, int timeout_ms);
  bool running_child();  // false once the child has exited (and reaps it)

  EngineSpec spec_;
  pid_t pid_ = -1;
  int to_fd_ = -1, from_fd_ = -1;
  std::string buffer_, error_, name_;
  bool ranks_from_one_ = false;  // UCI with UCI_Variant: ranks 1-10
  std::vector<std::string> option_names_;  // lower case
  bool eof_ = false;                        // the engine closed its output
  int last_score_ = 0;
  bool last_mate_ = false;
};

}  // namespace xq
