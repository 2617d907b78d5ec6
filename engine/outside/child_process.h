// Starting another program: always from an argument vector, never through a
// shell, so nothing in a file name or a settings line is ever run as a
// command. Every pipe end we keep is close-on-exec, so a child holds only its
// own standard streams, never another child's pipes (which would keep that
// child from ever seeing end of input). The one place the engine, the tools
// and the game's file chooser start a program.
#pragma once
#include <sys/types.h>

#include <string>
#include <vector>

namespace xq {

// Splits a command line ("PROGRAM ARGS") into words by the shell's quoting
// rules: blanks separate words, '...' keeps everything, "..." keeps all but
// \" and \\, a backslash outside quotes keeps the next character. Nothing is
// expanded: $(...), `...`, $VAR, ~, * and ; are plain characters. False with
// a message for an unbalanced quote or an empty line.
bool split_command_line(const std::string& text, std::vector<std::string>& words, std::string* error);
// The word quoted so that split_command_line gives it back unchanged (a path
// with spaces or quotes becomes one word).
std::string quote_word(const std::string& word);

struct ChildProcess {
  pid_t pid = -1;
  int to_child = -1;    // our end of its standard input, or -1
  int from_child = -1;  // our end of its standard output, or -1
};

struct SpawnOptions {
  bool pipe_stdin = true;
  bool pipe_stdout = true;
  int nice = 0;  // the child's scheduling niceness (10: below its caller)
};

// Starts argv[0] (looked up in PATH when it has no slash) with argv. The
// child's SIGPIPE is back to the default. False with a message (naming the
// program and why: not found, not executable) when it cannot be started.
bool spawn_process(const std::vector<std::string>& argv, const SpawnOptions& options, ChildProcess& child,
                   std::string* error);

}  // namespace xq
