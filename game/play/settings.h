// Settings kept between runs and the autosaved game, in the user's config
// folder ($XDG_CONFIG_HOME/xiangqi or ~/.config/xiangqi). Files are written
// atomically (a temporary file, flushed, then renamed over the old one).
#pragma once
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace xq {

// How an outside engine is spoken to: the protocol the player chose or the
// detection found, and the option values the player set.
struct EngineSetup {
  std::string protocol = "auto";  // auto, uci, ucci, xboard
  std::vector<std::pair<std::string, std::string>> values;  // option name, value
  bool operator==(const EngineSetup& o) const { return protocol == o.protocol && values == o.values; }
};

// The levels a settings file may name (the controller's kLevelCount, checked where both are seen).
inline constexpr int kSettingsLevels = 8;

struct Settings {
  int level = 1;  // 0 to kSettingsLevels - 1
  std::string mode = "red";  // red, black, two
  bool animation = true;
  bool sound = true;
  bool flip = false;
  bool analysis = true;
  bool ponder = false;  // the top level thinks on the player's time
  bool iccs = false;
  std::string lang;  // zh, en ("" = the desktop's locale)
  std::string clock;  // time control "5+3" ("" = none)
  std::string solved;  // puzzles solved: "3,7,12"
  int width = 0, height = 0;  // window size (0 = default)
  std::vector<std::string> engines;  // outside engines' command lines, one "engine=" line each
  // By command line; written as engine_protocol= and engine_option=NAME=VALUE
  // lines after the engine= line they belong to.
  std::map<std::string, EngineSetup> engine_setup;
  int engine_choice = 0;             // 0: the built-in engine; k: engines[k-1]
  std::string engine_side = "both";  // what the outside engine does: both, red, black, analysis
  std::string folder;                // where the file chooser last saved or opened a game
  std::string board = "wood", pieces = "traditional";  // themes (game/theme.h)
  std::string server = "127.0.0.1:7800";  // the game server's address (online play)
  std::string online_name;                // the name last logged in with (never the password)
  // The server's login token (it changes at each login): a guest, or a
  // player whose window closed mid-game, comes back as the same player.
  // Cleared by Log out; a token only ever logs in to the server that gave it.
  std::string online_token;
  std::string server_ca;                  // a PEM file of certificates trusted for wss:// besides the system's
};

std::string config_dir(const std::string& override_dir);
// The settings file's text ("key=value" lines) and back; unknown keys and
// values out of range are ignored, keeping what s had.
std::string settings_text(const Settings& s);
void parse_settings(const std::string& text, Settings& s);
bool load_settings(const std::string& dir, Settings& s);
bool save_settings(const std::string& dir, const Settings& s, std::string* error);
bool write_file_atomic(const std::string& path, const std::string& content, std::string* error);
// A regular file whole (a FIFO or a device is refused without waiting), at most `limit` bytes.
bool read_file(const std::string& path, std::string& content, size_t limit = size_t(64) << 20);
// settings.ini is a few hundred bytes; anything past a megabyte is not ours.
constexpr size_t kMaxSettingsBytes = 1 << 20;

// Writes files on its own thread so a slow disk never stalls a frame. The
// newest content for a path wins; the destructor finishes pending writes.
class BackgroundWriter {
 public:
  BackgroundWriter();
  ~BackgroundWriter();
  void write(const std::string& path, std::string content);
  void remove(const std::string& path);
  void flush();  // waits until everything queued is on disk

 private:
  void run();
  std::mutex mutex_;
  std::condition_variable cv_, idle_cv_;
  std::map<std::string, std::optional<std::string>> pending_;  // nullopt = remove
  bool busy_ = false, quit_ = false;
  std::thread thread_;
};

}  // namespace xq
