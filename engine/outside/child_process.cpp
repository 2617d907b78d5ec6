#include "child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>

extern char** environ;

namespace xq {

bool split_command_line(const std::string& text, std::vector<std::string>& words, std::string* error) {
  std::vector<std::string> out;
  std::string word;
  bool in_word = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (in_word) out.push_back(word);
      word.clear();
      in_word = false;
    } else if (c == '\'') {
      const size_t end = text.find('\'', i + 1);
      if (end == std::string::npos) {
        if (error) *error = "the command line has a ' without its closing '";
        return false;
      }
      word.append(text, i + 1, end - i - 1);
      i = end;
      in_word = true;
    } else if (c == '"') {
      size_t j = i + 1;
      for (; j < text.size() && text[j] != '"'; ++j) {
        if (text[j] == '\\' && j + 1 < text.size() && (text[j + 1] == '"' || text[j + 1] == '\\')) ++j;
        word += text[j];
      }
      if (j >= text.size()) {
        if (error) *error = "the command line has a \" without its closing \"";
        return false;
      }
      i = j;
      in_word = true;
    } else if (c == '\\') {
      if (i + 1 >= text.size()) {
        if (error) *error = "the command line ends with a lone \\";
        return false;
      }
      word += text[++i];
      in_word = true;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) out.push_back(word);
  if (out.empty() || out[0].empty()) {
    if (error) *error = "the command line names no program";
    return false;
  }
  words = std::move(out);
  return true;
}

std::string quote_word(const std::string& word) {
  bool plain = !word.empty();
  for (const char c : word)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || std::strchr("/._-+=:,@%", c) || (c & 0x80))) plain = false;
  if (plain) return word;
  std::string q = "'";
  for (const char c : word) {
    if (c == '\'') q += "'\\''";  // close, an escaped quote, open again
    else q += c;
  }
  return q + "'";
}

bool spawn_process(const std::vector<std::string>& argv, const SpawnOptions& options, ChildProcess& child,
                   std::string* error) {
  child = ChildProcess{};
  if (argv.empty() || argv[0].empty()) {
    if (error) *error = "no program to start";
    return false;
  }
  // A write to a child that has died must fail with EPIPE, not kill us.
  static const bool sigpipe_ignored = [] { return signal(SIGPIPE, SIG_IGN) != SIG_ERR; }();
  (void)sigpipe_ignored;
  int in[2] = {-1, -1}, out[2] = {-1, -1};
  auto close_all = [&] {
    for (int fd : {in[0], in[1], out[0], out[1]})
      if (fd >= 0) close(fd);
  };
  if ((options.pipe_stdin && pipe2(in, O_CLOEXEC)) || (options.pipe_stdout && pipe2(out, O_CLOEXEC))) {
    if (error) *error = std::string("cannot make a pipe: ") + std::strerror(errno);
    close_all();
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // dup2 onto 0 and 1 clears close-on-exec there only; the originals close at exec.
  if (options.pipe_stdin) posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  if (options.pipe_stdout) posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  // Every other descriptor closes in the child, not only ours: a library's
  // (libdbus's pipes while SDL starts) held by an engine hung SDL_Init.
  posix_spawn_file_actions_addclosefrom_np(&actions, 3);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    close_all();
    if (error)
      *error = "cannot start '" + argv[0] + "': " +
               (rc == ENOENT ? std::string("no such program") : std::string(std::strerror(rc)));
    return false;
  }
  if (options.nice) setpriority(PRIO_PROCESS, id_t(pid), options.nice);  // only ever lowers it: allowed
  if (options.pipe_stdin) close(in[0]);
  if (options.pipe_stdout) close(out[1]);
  child.pid = pid;
  child.to_child = options.pipe_stdin ? in[1] : -1;
  child.from_child = options.pipe_stdout ? out[0] : -1;
  return true;
}

}  // namespace xq
