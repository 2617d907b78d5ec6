// Starting programs: command lines split without a shell, pipes that no other
// child inherits, and an engine in a folder whose name a shell would misread.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "child_process.h"
#include "engine_process.h"
#include "test_util.h"

namespace {

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> w;
  std::string err;
  EXPECT_TRUE(xq::split_command_line(s, w, &err)) << s << ": " << err;
  return w;
}

std::string temp_dir(const std::string& name) {
  const std::string d = std::filesystem::temp_directory_path().string() + "/xq-child-" + std::to_string(getpid()) + "-" + name;
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

// Reads until end of file or until nothing comes for `ms`; true at end of file.
bool reaches_eof(int fd, int ms) {
  char buf[256];
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, ms) <= 0) return false;
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n == 0) return true;
    if (n < 0) return false;
  }
}

// Ends a child whatever it is doing (a failed test must not hang on it).
void reap(const xq::ChildProcess& c) {
  if (c.to_child >= 0) close(c.to_child);
  if (c.from_child >= 0) close(c.from_child);
  if (c.pid > 0) kill(c.pid, SIGKILL);
  waitpid(c.pid, nullptr, 0);
}

}  // namespace

TEST(CommandLine, SplitsLikeAShellWithoutExpandingAnything) {
  EXPECT_EQ(split("/usr/games/fairy-stockfish"), (std::vector<std::string>{"/usr/games/fairy-stockfish"}));
  EXPECT_EQ(split("  eng  -x\t--y=1 "), (std::vector<std::string>{"eng", "-x", "--y=1"}));
  EXPECT_EQ(split("'/opt/my engines/pika fish' 'a b'"), (std::vector<std::string>{"/opt/my engines/pika fish", "a b"}));
  EXPECT_EQ(split(R"("say \"hi\" \\ $HOME" x\ y)"), (std::vector<std::string>{R"(say "hi" \ $HOME)", "x y"}));
  EXPECT_EQ(split("eng $(touch FILE) `id` ; rm -rf ~ *"),
            (std::vector<std::string>{"eng", "$(touch", "FILE)", "`id`", ";", "rm", "-rf", "~", "*"}));
  EXPECT_EQ(split("a''b \"\""), (std::vector<std::string>{"ab", ""}));
  std::vector<std::string> w{"kept"};
  std::string err;
  EXPECT_FALSE(xq::split_command_line("eng 'open", w, &err));
  EXPECT_NE(err.find("closing '"), std::string::npos) << err;
  EXPECT_FALSE(xq::split_command_line("eng \"open", w, &err));
  EXPECT_FALSE(xq::split_command_line("eng \\", w, &err));
  EXPECT_FALSE(xq::split_command_line("   ", w, &err));
  EXPECT_EQ(w, std::vector<std::string>{"kept"}) << "a refused line leaves the words alone";
}

TEST(CommandLine, AQuotedWordComesBackWhole) {
  for (const std::string word : {"/usr/games/maxqi", "/opt/my engines/eng", "it's", "$(touch x)", "a\"b\\c", "`id`",
                                 "tab\there", "new\nline", "中文/引擎", ""}) {
    std::vector<std::string> w;
    ASSERT_TRUE(xq::split_command_line("prog " + xq::quote_word(word) + " arg", w, nullptr)) << word;
    ASSERT_EQ(w.size(), 3u) << word;
    EXPECT_EQ(w[1], word);
  }
  EXPECT_EQ(xq::quote_word("/usr/games/fairy-stockfish"), "/usr/games/fairy-stockfish") << "plain paths stay plain";
}

TEST(ChildProcess, ACommandSubstitutionInTheLineIsNeverRun) {
  const std::string dir = temp_dir("inject");
  const std::string marker = dir + "/FILE";
  xq::EngineProcess p;
  xq::EngineSpec spec;
  spec.command = std::string(XQ_ENGINE_PROGRAM) + " $(touch " + marker + ") `touch " + marker + "`";
  spec.protocol = "uci";
  EXPECT_FALSE(p.start(spec, 3000)) << "our engine refuses the extra words and quits";
  EXPECT_FALSE(std::filesystem::exists(marker)) << "a shell ran the $(...) in the command line";
  std::filesystem::remove_all(dir);
}

TEST(ChildProcess, AnEngineInAFolderWithSpacesAndQuotesStarts) {
  const std::string dir = temp_dir("it's my engine $(x)");
  const std::string program = dir + "/the engine";
  std::filesystem::copy_file(XQ_ENGINE_PROGRAM, program);
  chmod(program.c_str(), 0755);
  xq::EngineProcess p;
  xq::EngineSpec spec;
  spec.command = xq::quote_word(program);
  spec.protocol = "uci";
  ASSERT_TRUE(p.start(spec, 30000)) << p.error();
  EXPECT_EQ(p.name(), "Qianli 0.3");
  p.stop();
  std::filesystem::remove_all(dir);
}

TEST(ChildProcess, AMissingProgramIsNamed) {
  xq::ChildProcess c;
  std::string err;
  EXPECT_FALSE(xq::spawn_process({"/nonexistent/engine-program", "x"}, {}, c, &err));
  EXPECT_EQ(err, "cannot start '/nonexistent/engine-program': no such program");
  EXPECT_EQ(c.pid, -1);
  xq::EngineProcess p;
  xq::EngineSpec spec;
  spec.command = "'/nonexistent/engine program'";
  EXPECT_FALSE(p.start(spec, 1000));
  EXPECT_EQ(p.error(), "cannot start '/nonexistent/engine program': no such program");
}

TEST(ChildProcess, NoChildHoldsAnotherChildsPipes) {
  // cat ends when its input ends; a second child that had inherited our end
  // of cat's input would keep it open and cat would never finish.
  xq::ChildProcess cat, other;
  std::string err;
  ASSERT_TRUE(xq::spawn_process({"cat"}, {}, cat, &err)) << err;
  ASSERT_TRUE(xq::spawn_process({"cat"}, {}, other, &err)) << err;
  // The second one's open files: none of them is one of our pipe ends (told
  // by the pipe, not the number: cat opens files of its own as it starts).
  std::vector<std::string> held;
  for (const auto& e : std::filesystem::directory_iterator("/proc/" + std::to_string(other.pid) + "/fd")) {
    std::error_code ec;
    held.push_back(std::filesystem::read_symlink(e.path(), ec).string());
  }
  for (int fd : {cat.to_child, cat.from_child}) {
    const std::string ours = std::filesystem::read_symlink("/proc/self/fd/" + std::to_string(fd)).string();
    EXPECT_EQ(std::count(held.begin(), held.end(), ours), 0) << "the second child holds our " << ours;
  }
  close(cat.to_child);
  cat.to_child = -1;
  EXPECT_TRUE(reaches_eof(cat.from_child, 10000)) << "cat never saw the end of its input";
  reap(cat);
  reap(other);
}

// A descriptor someone else opened without close-on-exec (a library's pipe,
// such as libdbus's while SDL starts) is not inherited either: a child held
// one of them and SDL_Init waited for it forever.
TEST(ChildProcess, NoChildInheritsAnOpenFileThatIsNotItsOwn) {
  // No O_CLOEXEC, on purpose; a high number, so no file the child opens itself takes it.
  const int opened = open("/dev/null", O_RDONLY);
  ASSERT_GE(opened, 0);
  const int leaked = fcntl(opened, F_DUPFD, 200);
  close(opened);
  ASSERT_GE(leaked, 200);
  xq::ChildProcess ls;
  std::string err;
  xq::SpawnOptions o;
  o.pipe_stdin = false;
  ASSERT_TRUE(xq::spawn_process({"ls", "/proc/self/fd/"}, o, ls, &err)) << err;
  std::string listed;
  char buf[256];
  for (ssize_t n; (n = read(ls.from_child, buf, sizeof buf)) > 0;) listed.append(buf, size_t(n));
  reap(ls);
  close(leaked);
  // ls sees 0, 1, 2 and the folder it reads; never our descriptor.
  std::stringstream fds(listed);
  std::vector<int> seen;
  for (int fd; fds >> fd;) seen.push_back(fd);
  EXPECT_GE(seen.size(), 3u) << listed;
  EXPECT_EQ(std::count(seen.begin(), seen.end(), leaked), 0) << "the child holds descriptor " << leaked << ": " << listed;
  EXPECT_LE(seen.size(), 4u) << "only its standard streams and its own folder: " << listed;
}

TEST(ChildProcess, AWriteToADeadChildFailsInsteadOfKillingUs) {
  xq::ChildProcess c;
  std::string err;
  ASSERT_TRUE(xq::spawn_process({"true"}, {}, c, &err)) << err;
  EXPECT_TRUE(reaches_eof(c.from_child, 10000));
  waitpid(c.pid, nullptr, 0);
  const char line[] = "uci\n";
  EXPECT_EQ(write(c.to_child, line, sizeof line - 1), -1);
  EXPECT_EQ(errno, EPIPE);
  close(c.to_child);
  close(c.from_child);
}
