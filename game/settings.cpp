#include "settings.h"

#include <algorithm>

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "clock.h"
#include "parse_int.h"

namespace xq {

std::string config_dir(const std::string& override_dir) {
  if (!override_dir.empty()) return override_dir;
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x) return std::string(x) + "/xiangqi";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.config/xiangqi";
  return ".xiangqi";
}

bool read_file(const std::string& path, std::string& content) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  content = ss.str();
  return true;
}

bool write_file_atomic(const std::string& path, const std::string& content, std::string* error) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    if (error) *error = "cannot write " + tmp;
    return false;
  }
  size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n <= 0) break;
    done += size_t(n);
  }
  const bool ok = done == content.size() && ::fsync(fd) == 0;
  ::close(fd);
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    if (error) *error = "cannot write " + path;
    return false;
  }
  return true;
}

void parse_settings(const std::string& text, Settings& s) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    const std::string k = line.substr(0, eq), v = line.substr(eq + 1);
    int n = -1;
    parse_int(v, 0, 100000, n);
    if (k == "level" && n >= 0 && n <= 3) s.level = n;
    else if (k == "mode" && (v == "red" || v == "black" || v == "two")) s.mode = v;
    else if (k == "animation") s.animation = v == "1";
    else if (k == "sound") s.sound = v == "1";
    else if (k == "flip") s.flip = v == "1";
    else if (k == "analysis") s.analysis = v == "1";
    else if (k == "iccs") s.iccs = v == "1";
    else if (k == "lang" && (v == "zh" || v == "en")) s.lang = v;
    else if (k == "clock" && (v.empty() || parse_clock_option(v))) s.clock = v;
    else if (k == "solved") s.solved = v;
    else if (k == "width" && n >= 200 && n <= 10000) s.width = n;
    else if (k == "height" && n >= 200 && n <= 10000) s.height = n;
    else if (k == "engine" && !v.empty() && s.engines.size() < 32 &&
             std::find(s.engines.begin(), s.engines.end(), v) == s.engines.end())
      s.engines.push_back(v);
    else if (k == "engine_choice" && n >= 0 && n <= 32) s.engine_choice = n;
    else if (k == "folder" && v.size() < 4096) s.folder = v;
    else if (k == "engine_side" && (v == "both" || v == "red" || v == "black" || v == "analysis")) s.engine_side = v;
  }
  if (s.engine_choice > int(s.engines.size())) s.engine_choice = 0;
}

std::string settings_text(const Settings& s) {
  std::ostringstream out;
  out << "level=" << s.level << "\nmode=" << s.mode << "\nanimation=" << s.animation << "\nsound=" << s.sound
      << "\nflip=" << s.flip << "\nanalysis=" << s.analysis << "\niccs=" << s.iccs << "\nlang=" << s.lang << "\nclock=" << s.clock << "\nsolved=" << s.solved << "\nwidth=" << s.width
      << "\nheight=" << s.height << "\nengine_choice=" << s.engine_choice << "\nfolder=" << s.folder
      << "\nengine_side=" << s.engine_side << "\n";
  for (const std::string& e : s.engines) out << "engine=" << e << "\n";
  return out.str();
}

bool load_settings(const std::string& dir, Settings& s) {
  std::string text;
  if (!read_file(dir + "/settings.ini", text)) return false;
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
