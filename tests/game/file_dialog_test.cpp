// The desktop file chooser: which program and arguments, and a run of a
// scripted stand-in for zenity.
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>

#include "file_dialog.h"

namespace {

// The folders made for a test run, removed when the program ends.
struct MadeFolders {
  std::vector<std::string> dirs;
  ~MadeFolders() {
    for (const std::string& d : dirs) std::filesystem::remove_all(d);
  }
};
MadeFolders made_folders;

// A folder with executable scripts named as given, each with the given body.
std::string folder_with(const std::vector<std::pair<std::string, std::string>>& scripts) {
  char tmpl[] = "/tmp/xq-dialog-XXXXXX";
  const std::string dir = mkdtemp(tmpl);
  made_folders.dirs.push_back(dir);
  for (auto& [name, body] : scripts) {
    const std::string path = dir + "/" + name;
    std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
    chmod(path.c_str(), 0755);
  }
  return dir;
}

std::optional<std::string> wait_result(xq::FileDialog& d) {
  for (int i = 0; i < 5000; ++i) {
    if (auto r = d.take_result()) return r;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return std::nullopt;
}

}  // namespace

TEST(FileDialog, PrefersZenityThenKdialog) {
  const std::string both = folder_with({{"zenity", "exit 0"}, {"kdialog", "exit 0"}});
  const std::string kde = folder_with({{"kdialog", "exit 0"}});
  const std::string none = folder_with({});
  auto z = xq::file_dialog_command(xq::FileDialogKind::Save, "/g", "a.pgn", xq::Language::English, "/nope:" + both);
  ASSERT_FALSE(z.empty());
  EXPECT_EQ(z[0], both + "/zenity");
  EXPECT_NE(std::find(z.begin(), z.end(), "--save"), z.end());
  EXPECT_NE(std::find(z.begin(), z.end(), "--filename=/g/a.pgn"), z.end());
  auto o = xq::file_dialog_command(xq::FileDialogKind::Open, "/g", "", xq::Language::Chinese, both);
  EXPECT_EQ(std::find(o.begin(), o.end(), "--save"), o.end());
  EXPECT_NE(std::find(o.begin(), o.end(), "--title=打开棋谱"), o.end());
  auto k = xq::file_dialog_command(xq::FileDialogKind::Open, "/g", "", xq::Language::English, kde);
  ASSERT_EQ(k.size(), 6u);
  EXPECT_EQ(k[0], kde + "/kdialog");
  EXPECT_EQ(k[3], "--getopenfilename");
  EXPECT_EQ(k[4], "/g");
  EXPECT_TRUE(xq::file_dialog_command(xq::FileDialogKind::Open, "/g", "", xq::Language::English, none).empty());
}

TEST(FileDialog, RunsTheChooserOffTheCallersThread) {
  const std::string dir = folder_with({{"zenity", "echo /home/p/chosen.pgn"}, {"cancel", "exit 1"}});
  xq::FileDialog d;
  EXPECT_FALSE(d.start({}));
  ASSERT_TRUE(d.start({dir + "/zenity", "--file-selection"}));
  const auto r = wait_result(d);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, "/home/p/chosen.pgn");
  EXPECT_FALSE(d.take_result().has_value()) << "given once";
  ASSERT_TRUE(d.start({dir + "/cancel"}));
  const auto c = wait_result(d);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(*c, "") << "cancelled";
}
