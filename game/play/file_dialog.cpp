#include "file_dialog.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <sstream>
#include <thread>

#include "child_process.h"

namespace xq {

namespace {

// The first folder of PATH holding an executable `program`, as a full path.
std::string find_program(const std::string& program, const std::string& path_env) {
  std::istringstream in(path_env);
  for (std::string dir; std::getline(in, dir, ':');) {
    if (dir.empty()) continue;
    const std::string full = dir + "/" + program;
    if (access(full.c_str(), X_OK) == 0) return full;
  }
  return "";
}

// Runs argv, returns its exit status and what it printed on stdout.
int run_capture(const std::vector<std::string>& argv, std::string& out) {
  SpawnOptions options;
  options.pipe_stdin = false;
  ChildProcess child;
  if (!spawn_process(argv, options, child, nullptr)) return -1;
  char buf[4096];
  for (ssize_t n; (n = read(child.from_child, buf, sizeof buf)) != 0;) {
    if (n < 0) {
      if (errno == EINTR) continue;
      break;
    }
    out.append(buf, size_t(n));
  }
  close(child.from_child);
  int status = 0;
  while (waitpid(child.pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

std::vector<std::string> file_dialog_command(FileDialogKind kind, const std::string& folder, const std::string& name,
                                             Language lang, const std::string& path_env) {
  const bool zh = lang == Language::Chinese;
  const bool save = kind == FileDialogKind::Save;
  const bool program = kind == FileDialogKind::Program;
  const std::string title = save      ? (zh ? "保存棋谱" : "Save the game")
                            : program ? (zh ? "选择引擎程序" : "Choose an engine program")
                            : kind == FileDialogKind::Import ? (zh ? "导入棋库" : "Import into the library")
                                      : (zh ? "打开棋谱" : "Open a game");
  const std::string where = folder.empty() ? "." : folder;
  if (const std::string zenity = find_program("zenity", path_env); !zenity.empty()) {
    std::vector<std::string> a = {zenity, "--file-selection", "--title=" + title};
    if (save) {
      a.insert(a.end(), {"--save", "--confirm-overwrite", "--filename=" + where + "/" + name});
      a.push_back(std::string("--file-filter=") + (zh ? "棋谱" : "Games") + " (PGN) | *.pgn");
      a.push_back(std::string("--file-filter=") + "XQF (" + (zh ? "象棋演播室" : "XQStudio") + ") | *.xqf");
    } else if (program) {
      a.push_back("--filename=" + where + "/");
    } else {
      a.push_back("--filename=" + where + "/");
      a.push_back(std::string("--file-filter=") + (zh ? "棋谱" : "Games") + " (PGN, XQF, CBR, CBL, DhtmlXQ, text) | *.pgn *.PGN *.xqf *.XQF *.cbr *.CBR *.cbl *.CBL *.txt *.TXT *.html *.htm");
      a.push_back(std::string("--file-filter=") + (zh ? "所有文件" : "All files") + " | *");
    }
    return a;
  }
  if (const std::string kdialog = find_program("kdialog", path_env); !kdialog.empty()) {
    if (save) return {kdialog, "--title", title, "--getsavefilename", where + "/" + name, "*.pgn"};
    if (program) return {kdialog, "--title", title, "--getopenfilename", where};
    return {kdialog, "--title", title, "--getopenfilename", where, "*.pgn *.PGN *.xqf *.XQF *.cbr *.CBR *.cbl *.CBL *.txt *.TXT *.html *.htm"};
  }
  return {};
}

bool FileDialog::start(const std::vector<std::string>& argv) {
  if (argv.empty() || open()) return false;
  state_ = std::make_shared<State>();
  state_->running = true;
  std::thread([state = state_, argv]() {
    std::string out;
    const int status = run_capture(argv, out);
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
    // Under the lock, so whoever takes the result also sees the dialog closed.
    std::lock_guard<std::mutex> lock(state->mutex);
    state->result = status == 0 ? out : "";
    state->running = false;
  }).detach();
  return true;
}

std::optional<std::string> FileDialog::take_result() {
  if (!state_) return std::nullopt;
  std::lock_guard<std::mutex> lock(state_->mutex);
  std::optional<std::string> r;
  r.swap(state_->result);
  return r;
}

}  // namespace xq
