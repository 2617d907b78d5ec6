// The desktop's own file chooser: zenity (GNOME and most desktops) or kdialog
// (KDE), whichever is installed, run as a separate process on its own thread
// so the window keeps drawing while it is open. No SDL in here.
#pragma once
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "language.h"

namespace xq {

enum class FileDialogKind { Open, Save, Program, Import };  // a game to open or save, an engine program, games to import

// The chooser's command line for the first of zenity and kdialog found in
// `path_env` (a PATH value); empty when neither is there. `folder` is where it
// opens, `name` the file name suggested for a save.
std::vector<std::string> file_dialog_command(FileDialogKind kind, const std::string& folder, const std::string& name,
                                             Language lang, const std::string& path_env);

class FileDialog {
 public:
  // Runs argv (see file_dialog_command); false when it is empty or a chooser is already open.
  bool start(const std::vector<std::string>& argv);
  bool open() const { return state_ && state_->running.load(); }
  // Once the chooser has closed: the path chosen, or "" when it was cancelled
  // or failed; nullopt while it is open (or none was started). Given once.
  std::optional<std::string> take_result();

 private:
  // Shared with the (detached) thread that waits for the chooser, which may
  // outlive this object when the program closes with the chooser open.
  struct State {
    std::atomic<bool> running{false};
    std::mutex mutex;
    std::optional<std::string> result;  // guarded by mutex
  };
  std::shared_ptr<State> state_;
};

}  // namespace xq
