#include "settings.h"

#include "regular_file.h"

#include <algorithm>
#include <cctype>

#include <fcntl.h>
#include <unistd.h>

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "child_process.h"
#include "clock.h"
#include "parse_int.h"
#include "theme.h"

namespace xq {

std::string config_dir(const std::string& override_dir) {
  if (!override_dir.empty()) return override_dir;
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x) return std::string(x) + "/xiangqi";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.config/xiangqi";
  return ".xiangqi";
}

bool read_file(const std::string& path, std::string& content, size_t limit) {
  return read_regular_file(path, limit, content);
}

bool write_file_atomic(const std::string& path, const std::string& content, std::string* error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path target(path);
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  fs::create_directories(folder, ec);
  // A name of our own beside the target (same file system, so the rename is
  // atomic), never a fixed "<path>.tmp" that could be a file of the user's.
  std::string name = ".";  // appended in place: GCC 12 warns falsely on a + chain here
  name.append(target.filename().string()).append(".XXXXXX");
  std::string tmp = (folder / name).string();
  const int fd = ::mkostemp(tmp.data(), O_CLOEXEC);
  if (fd < 0) {
    if (error) *error = "cannot write in " + folder.string() + ": " + std::strerror(errno);
    return false;
  }
  auto fail = [&](const std::string& what) {
    if (error) *error = "cannot write " + path + ": " + what + ": " + std::strerror(errno);
    ::close(fd);
    ::unlink(tmp.c_str());
    return false;
  };
  size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail("write");
    done += size_t(n);
  }
  if (::fchmod(fd, 0644) != 0) return fail("chmod");
  int rc;
  while ((rc = ::fsync(fd)) != 0 && errno == EINTR) {
  }
  if (rc != 0) return fail("fsync");
  if (::close(fd) != 0 && errno != EINTR) {
    ::unlink(tmp.c_str());
    if (error) *error = "cannot write " + path + ": close: " + std::strerror(errno);
    return false;
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int e = errno;
    ::unlink(tmp.c_str());
    if (error) *error = "cannot write " + path + ": rename: " + std::strerror(e);
    return false;
  }
  // The rename itself is on disk only once the folder is.
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    while (::fsync(dir) != 0 && errno == EINTR) {
    }
    ::close(dir);
  }
  return true;
}

namespace {

// Values are written with \\, \n, \r and \xHH for every other control
// character, so no value can end its line and start a key of its own (a
// folder named "x\nengine=..." once added an engine to run at the next start).
std::string escape_value(const std::string& v) {
  static const char hex[] = "0123456789abcdef";
  std::string out;
  for (const char ch : v) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == '\\') out += "\\\\";
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c < 0x20 || c == 0x7f) out += std::string("\\x") + hex[c >> 4] + hex[c & 15];
    else out += ch;
  }
  return out;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Back from escape_value; nullopt for a broken escape or a NUL.
std::optional<std::string> unescape_value(const std::string& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i] != '\\') {
      out += v[i];
      continue;
    }
    if (++i >= v.size()) return std::nullopt;
    if (v[i] == '\\') out += '\\';
    else if (v[i] == 'n') out += '\n';
    else if (v[i] == 'r') out += '\r';
    else if (v[i] == 'x' && i + 2 < v.size() && hex_digit(v[i + 1]) >= 0 && hex_digit(v[i + 2]) >= 0) {
      out += char(hex_digit(v[i + 1]) * 16 + hex_digit(v[i + 2]));
      i += 2;
    } else {
      return std::nullopt;
    }
  }
  if (out.find('\0') != std::string::npos) return std::nullopt;
  return out;
}

bool has_control(const std::string& v) {
  return std::any_of(v.begin(), v.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

// "3,7,12": puzzle numbers.
bool is_number_list(const std::string& v) {
  if (v.size() > 100000) return false;
  bool digit = false;
  for (const char c : v) {
    if (c >= '0' && c <= '9') digit = true;
    else if (c == ',' && digit) digit = false;
    else return false;
  }
  return v.empty() || digit;
}

}  // namespace

void parse_settings(const std::string& text, Settings& s) {
  std::istringstream in(text);
  std::string last_engine;  // the engine= line that engine_protocol/engine_option lines belong to
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    const std::string k = line.substr(0, eq);
    const std::optional<std::string> value = unescape_value(line.substr(eq + 1));
    if (!value) continue;  // a broken escape: the value is not trusted
    const std::string& v = *value;
    int n = -1;
    parse_int(v, 0, 100000, n);
    const bool bit = v == "0" || v == "1";
    if (k == "level" && n >= 0 && n < kSettingsLevels) s.level = n;
    else if (k == "mode" && (v == "red" || v == "black" || v == "two")) s.mode = v;
    else if (k == "animation" && bit) s.animation = v == "1";
    else if (k == "sound" && bit) s.sound = v == "1";
    else if (k == "flip" && bit) s.flip = v == "1";
    else if (k == "analysis" && bit) s.analysis = v == "1";
    else if (k == "ponder" && bit) s.ponder = v == "1";
    else if (k == "iccs" && bit) s.iccs = v == "1";
    else if (k == "lang" && (v.empty() || v == "zh" || v == "en")) s.lang = v;
    else if (k == "clock" && (v.empty() || parse_clock_option(v))) s.clock = v;
    else if (k == "solved" && is_number_list(v)) s.solved = v;
    else if (k == "width" && n >= 200 && n <= 10000) s.width = n;
    else if (k == "height" && n >= 200 && n <= 10000) s.height = n;
    else if (k == "engine" && !v.empty() && v.size() < 4096 && !has_control(v) && s.engines.size() < 32 &&
             std::find(s.engines.begin(), s.engines.end(), v) == s.engines.end()) {
      std::vector<std::string> words;
      last_engine.clear();
      if (split_command_line(v, words, nullptr)) {
        s.engines.push_back(v);
        last_engine = v;
        s.engine_setup.erase(v);
      }
    } else if (k == "engine") {
      last_engine.clear();
    } else if (k == "engine_protocol" && !last_engine.empty() &&
               (v == "auto" || v == "uci" || v == "ucci" || v == "xboard")) {
      s.engine_setup[last_engine].protocol = v;
    } else if (k == "engine_option" && !last_engine.empty() && !has_control(v) && v.size() < 2048) {
      auto& values = s.engine_setup[last_engine].values;
      const size_t at = v.find('=');
      if (at != std::string::npos && at > 0 && values.size() < 64) values.emplace_back(v.substr(0, at), v.substr(at + 1));
    } else if (k == "engine_choice" && n >= 0 && n <= 32) s.engine_choice = n;
    else if (k == "folder" && v.size() < 4096) s.folder = v;
    else if (k == "board" && known_board_theme(v)) s.board = v;
    else if (k == "pieces" && known_piece_theme(v)) s.pieces = v;
    else if (k == "server" && !v.empty() && v.size() <= 255 && !has_control(v)) s.server = v;
    else if (k == "online_name" && v.size() <= 20 && !has_control(v)) s.online_name = v;
    else if (k == "online_token" && v.size() == 32 &&
             std::all_of(v.begin(), v.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }))
      s.online_token = v;
    else if (k == "server_ca" && v.size() <= 4096 && !has_control(v)) s.server_ca = v;
    else if (k == "engine_side" && (v == "both" || v == "red" || v == "black" || v == "analysis")) s.engine_side = v;
  }
  if (s.engine_choice > int(s.engines.size())) s.engine_choice = 0;
}

std::string settings_text(const Settings& s) {
  std::ostringstream out;
  out << "level=" << s.level << "\nmode=" << escape_value(s.mode) << "\nanimation=" << s.animation
      << "\nsound=" << s.sound << "\nflip=" << s.flip << "\nanalysis=" << s.analysis << "\nponder=" << s.ponder << "\niccs=" << s.iccs
      << "\nlang=" << escape_value(s.lang) << "\nclock=" << escape_value(s.clock) << "\nsolved=" << escape_value(s.solved)
      << "\nwidth=" << s.width << "\nheight=" << s.height << "\nengine_choice=" << s.engine_choice
      << "\nfolder=" << escape_value(s.folder) << "\nengine_side=" << escape_value(s.engine_side)
      << "\nboard=" << escape_value(s.board) << "\npieces=" << escape_value(s.pieces)
      << "\nserver=" << escape_value(s.server) << "\nonline_name=" << escape_value(s.online_name)
      << "\nonline_token=" << escape_value(s.online_token)
      << "\nserver_ca=" << escape_value(s.server_ca) << "\n";
  for (const std::string& e : s.engines) {
    out << "engine=" << escape_value(e) << "\n";
    const auto setup = s.engine_setup.find(e);
    if (setup == s.engine_setup.end()) continue;
    if (setup->second.protocol != "auto") out << "engine_protocol=" << escape_value(setup->second.protocol) << "\n";
    for (const auto& [name, value] : setup->second.values)
      out << "engine_option=" << escape_value(name + "=" + value) << "\n";
  }
  return out.str();
}

bool load_settings(const std::string& dir, Settings& s) {
  std::string text;
  if (!read_file(dir + "/settings.ini", text, kMaxSettingsBytes)) return false;
  parse_settings(text, s);
  return true;
}

bool save_settings(const std::string& dir, const Settings& s, std::string* error) {
  return write_file_atomic(dir + "/settings.ini", settings_text(s), error);
}

}  // namespace xq

namespace xq {

BackgroundWriter::BackgroundWriter() : thread_([this] { run(); }) {}

BackgroundWriter::~BackgroundWriter() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void BackgroundWriter::write(const std::string& path, std::string content) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pending_[path] = std::move(content);
  }
  cv_.notify_all();
}

void BackgroundWriter::remove(const std::string& path) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pending_[path] = std::nullopt;
  }
  cv_.notify_all();
}

void BackgroundWriter::flush() {
  std::unique_lock<std::mutex> lock(mutex_);
  idle_cv_.wait(lock, [this] { return pending_.empty() && !busy_; });
}

void BackgroundWriter::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    cv_.wait(lock, [this] { return quit_ || !pending_.empty(); });
    if (pending_.empty() && quit_) break;
    auto job = *pending_.begin();
    pending_.erase(pending_.begin());
    busy_ = true;
    lock.unlock();
    std::string err;
    if (job.second) {
      if (!write_file_atomic(job.first, *job.second, &err)) std::fprintf(stderr, "xiangqi: %s\n", err.c_str());
    } else {
      std::remove(job.first.c_str());
    }
    lock.lock();
    busy_ = false;
    idle_cv_.notify_all();
  }
}

}  // namespace xq
