// The xiangqi-server program as a child process for the tests that kill it
// (SIGKILL) or run several: on a free port of 127.0.0.1, the port read from
// its first line; started without a shell, with nothing but its own pipe.
#pragma once
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "child_process.h"

namespace xq::test {

struct ServerProcess {
  xq::ChildProcess child;
  uint16_t port = 0;
  // `extra`: more options (--node NAME, --grace S).
  bool start(const std::string& db, const std::vector<std::string>& extra = {}) {
    std::string error;
    xq::SpawnOptions options;
    options.pipe_stdin = false;
    std::vector<std::string> args = {XQ_SERVER_PROGRAM, "--port", "0", "--address", "127.0.0.1", "--db", db};
    args.insert(args.end(), extra.begin(), extra.end());
    if (!xq::spawn_process(args, options, child, &error)) {
      ADD_FAILURE() << error;
      return false;
    }
    std::string line;
    char ch = 0;
    while (read(child.from_child, &ch, 1) == 1 && ch != '\n') line += ch;
    const size_t colon = line.rfind("127.0.0.1:");
    if (colon == std::string::npos) {
      ADD_FAILURE() << "the server said: " << line;
      return false;
    }
    port = uint16_t(std::stoi(line.substr(colon + 10)));
    return true;
  }
  void kill9() { stop(SIGKILL); }
  void stop(int signal) {
    if (child.pid <= 0) return;
    kill(child.pid, signal);
    int status = 0;
    waitpid(child.pid, &status, 0);
    close(child.from_child);
    child.pid = -1;
  }
  ~ServerProcess() { kill9(); }
};

}  // namespace xq::test
