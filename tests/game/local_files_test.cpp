// Local files the game and the importer meet that are not what they seem: a
// FIFO (opening it would wait forever), /dev/zero (endless), a file past the
// size limit, and game text made to make a parser hold gigabytes. Each is
// refused at once with the reason in words, and nothing hangs or aborts.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "import.h"
#include "library.h"
#include "pgn.h"
#include "regular_file.h"
#include "settings.h"
#include "storage.h"

namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("xq_local_files_" + std::to_string(getpid()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

int64_t elapsed_ms(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t).count();
}

TEST(LocalFiles, AFifoOrADeviceIsRefusedWithoutWaiting) {
  TempDir dir;
  const std::string fifo = (dir.path / "settings.ini").string();
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::string text, error;
  EXPECT_FALSE(xq::read_regular_file(fifo, 1 << 20, text, &error));  // no writer: open() would block without O_NONBLOCK
  EXPECT_EQ(error, "not a regular file");
  EXPECT_FALSE(xq::read_regular_file("/dev/zero", 1 << 20, text, &error));
  EXPECT_EQ(error, "not a regular file");
  // The game's settings in a folder whose settings.ini is a FIFO: the defaults, at once.
  xq::Settings s;
  s.level = 5;
  EXPECT_FALSE(xq::load_settings(dir.path.string(), s));
  EXPECT_EQ(s.level, 5);
  // Opening it as a game (--load, a drop, the chooser): refused with the reason.
  const xq::OpenedFile f = xq::read_for_opening(fifo);
  EXPECT_FALSE(f.ok);
  EXPECT_EQ(f.error, "not a regular file");
  const xq::OpenedFile z = xq::read_for_opening("/dev/zero");
  EXPECT_FALSE(z.ok);
  EXPECT_EQ(z.error, "not a regular file");
}

TEST(LocalFiles, AFileLargerThanTheLimitIsRefusedBeforeReading) {
  TempDir dir;
  const std::string big = (dir.path / "settings.ini").string();
  {
    std::ofstream out(big);
    out << std::string(xq::kMaxSettingsBytes + 1, 'x');
  }
  std::string text = "kept", error;
  EXPECT_FALSE(xq::read_regular_file(big, xq::kMaxSettingsBytes, text, &error));
  EXPECT_EQ(error, "larger than 1 MB");
  EXPECT_EQ(text, "kept");
  xq::Settings s;
  EXPECT_FALSE(xq::load_settings(dir.path.string(), s));
}

TEST(LocalFiles, AGamesMovesPastTheLimitAreRefusedWithAMessage) {
  // 9 MB of '(' or of "$1 ": the readers would hold tens of bytes for each.
  for (const std::string& unit : {std::string("("), std::string("$1 ")}) {
    std::string text = "[Event \"x\"]\n\n1. h2e2 ";
    while (text.size() < xq::kMaxMovetextBytes + 1000) text += unit;
    const auto t = std::chrono::steady_clock::now();
    xq::PgnGame g;
    xq::PgnTree tree;
    std::string error;
    EXPECT_FALSE(xq::read_pgn(text, g, &error));
    EXPECT_EQ(error, "the game's moves are longer than 8 MB");
    error.clear();
    EXPECT_FALSE(xq::read_pgn_tree(text, tree, &error));
    EXPECT_EQ(error, "the game's moves are longer than 8 MB");
    EXPECT_LT(elapsed_ms(t), 5000);
  }
  // Just under the limit, deep brackets are refused by depth, not by memory.
  std::string deep = "[Event \"x\"]\n\n1. h2e2 " + std::string(1 << 20, '(');
  xq::PgnTree tree;
  std::string error;
  EXPECT_FALSE(xq::read_pgn_tree(deep, tree, &error));
  EXPECT_NE(error.find("nested deeper"), std::string::npos) << error;
}

TEST(LocalFiles, TheImporterNamesAFileItCannotReadAndGoesOn) {
  TempDir dir;
  const std::string fifo = (dir.path / "pipe.pgn").string();
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const std::string huge = (dir.path / "huge.pgn").string();
  {
    std::ofstream out(huge);
    out << "[Event \"x\"]\n\n1. h2e2 ";
    for (size_t i = 0; i < (xq::kMaxMovetextBytes + 1000) / 3; ++i) out << "$1 ";
  }
  const std::string good = (dir.path / "good.pgn").string();
  std::ofstream(good) << "[Event \"a\"]\n\n1. h2e2 h9g7 2. h0g2 *\n";
  xq::Library lib;
  std::string error;
  ASSERT_TRUE(lib.open(":memory:", &error)) << error;
  const xq::ImportReport r = xq::import_paths(lib, {fifo, huge, good}, nullptr, nullptr);
  EXPECT_EQ(r.imported, 1);
  std::string all;
  for (const std::string& f : r.failures) all += f + "\n";
  EXPECT_NE(all.find("pipe.pgn: cannot be read (not a regular file)"), std::string::npos) << all;
  EXPECT_NE(all.find("huge.pgn: game 1: the game's moves are longer than 8 MB"), std::string::npos) << all;
}

TEST(LocalFiles, ALibraryIsSearchedWithoutWritingAndEcoWildcardsAreText) {
  TempDir dir;
  const std::string path = (dir.path / "games.sqlite").string();
  const std::string pgn = (dir.path / "g.pgn").string();
  std::ofstream(pgn) << "[Event \"a\"]\n[ECCO \"B05\"]\n\n1. h2e2 h9g7 2. h0g2 *\n";
  std::string error;
  {
    xq::Library lib;
    ASSERT_TRUE(lib.open(path, &error)) << error;
    EXPECT_EQ(xq::import_paths(lib, {pgn}).imported, 1);
  }
  xq::Library lib;
  EXPECT_FALSE(lib.open_read_only((dir.path / "none.sqlite").string(), &error));
  EXPECT_NE(error.find("no game library here"), std::string::npos) << error;
  ASSERT_TRUE(lib.open_read_only(path, &error)) << error;
  xq::LibraryQuery q;
  q.eco = "B0";
  EXPECT_EQ(lib.find(q, &error).size(), 1u) << error;
  q.eco = "%";  // a LIKE wildcard typed as a code: it is text, and no code is "%"
  EXPECT_EQ(lib.find(q, &error).size(), 0u) << error;
  q.eco = "_05";
  EXPECT_EQ(lib.find(q, &error).size(), 0u) << error;
}

}  // namespace
