// The app model's test fixture: a model on files in memory with a fake
// desktop (clipboard, file chooser), laid out at 800x576; shared by the
// app model's test files.
#pragma once
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <thread>

#include "app_model.h"
#include "test_util.h"

namespace app_model_fixture {

using xq::Action;
using xq::AppModel;
using xq::Key;

class FakeDesktop : public xq::Desktop {
 public:
  std::string clipboard() override { return text; }
  void set_clipboard(const std::string& t) override { text = t; }
  // A file chooser when `chooser` is set: it records what it was asked and
  // answers `answer` at the next poll.
  bool start_file_dialog(xq::FileDialogKind kind, const std::string& folder, const std::string& name,
                         xq::Language) override {
    if (!chooser) return false;
    asked = kind;
    asked_folder = folder;
    asked_name = name;
    return true;
  }
  std::optional<std::string> file_dialog_result() override {
    std::optional<std::string> a;
    a.swap(answer);
    return a;
  }
  std::string text;
  bool chooser = false;
  std::optional<std::string> answer;
  std::optional<xq::FileDialogKind> asked;
  std::string asked_folder, asked_name;
};

inline xq::ControllerOptions fast() {
  xq::ControllerOptions o;
  o.hash_mb = 8;
  o.movetime_override_ms = 30;
  o.animation_ms = 0;
  o.seed = 7;
  return o;
}

inline int64_t real_ms() {
  static const auto t0 = std::chrono::steady_clock::now();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
}

// An app model on a MemoryStorage the test can look into, laid out at 800x576.
struct Fixture {
  xq::MemoryStorage* files;
  FakeDesktop desktop;
  AppModel m;
  using Files = std::map<std::string, std::string>;
  explicit Fixture(Files initial = {})
      : files(new xq::MemoryStorage), m(fast(), std::unique_ptr<xq::Storage>(files), &desktop) {
    files->files = std::move(initial);
    m.layout(800, 576);
  }
  bool start(xq::StartOptions o = {}) {
    std::string err;
    const bool ok = m.start(o, &err);
    EXPECT_TRUE(ok) << err;
    return ok;
  }
  // A left click on a square's grid point, whichever way the board is turned.
  void click_square(const char* name) {
    float x, y;
    m.board_view().square_center(xq::move_from(mv(std::string(name) + name)), x, y);
    m.click(x, y);
  }
  // Frames until cond holds, for at most a minute (sanitizer builds on a
  // loaded machine are slow; a frame is one update and a millisecond's pause).
  template <class F>
  bool wait_until(F cond) {
    const int64_t deadline = real_ms() + 60000;
    while (real_ms() < deadline) {
      m.update(real_ms());
      if (cond()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
  }
  // A file of many games is read off the frame thread: frames until its list is whole.
  bool wait_for_list() {
    return wait_until([&] { return !m.reading_list(); });
  }
  std::string moves() const {
    std::string s;
    for (xq::Move mo : m.controller().game().moves()) s.append(s.empty() ? "" : " ").append(xq::move_to_iccs(mo));
    return s;
  }
};

inline std::string fake_script(const std::string& file, const std::string& mode) {
  return std::string("bash ") + XQ_TEST_DATA + "/data/" + file + (mode.empty() ? "" : " " + mode);
}

// Whether one of the lines (the console's, say) holds the text.
inline bool has_line(const std::vector<std::string>& lines, const std::string& part) {
  for (const std::string& l : lines)
    if (l.find(part) != std::string::npos) return true;
  return false;
}

// The dialog's button whose label starts with the text.
inline const xq::Button* dialog_button(const std::optional<xq::Dialog>& d, const std::string& label) {
  if (!d) return nullptr;
  for (const xq::Button& b : d->buttons)
    if (b.label.rfind(label, 0) == 0) return &b;
  return nullptr;
}


inline const char* const kAutosave =
    "[Event \"autosave\"]\n[Mode \"two\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n\n"
    "1. h2e2 h9g7 2. b0c2 *\n";

}  // namespace app_model_fixture
