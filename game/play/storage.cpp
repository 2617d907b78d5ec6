#include "storage.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace xq {

namespace {

bool is_program(const std::string& head) { return head.rfind("\x7f" "ELF", 0) == 0 || head.rfind("#!", 0) == 0; }

}  // namespace

std::string shell_path(const std::string& path) {
  if (path.empty() || path[0] == '/') return path;
  std::error_code ec;
  const std::filesystem::path p = std::filesystem::absolute(path, ec);
  return ec ? path : p.lexically_normal().string();
}

OpenedFile read_for_opening(const std::string& path, size_t limit) {
  OpenedFile f;
  // O_NONBLOCK: a FIFO with no writer would hold open() (and the game's exit) forever.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return f.error = std::strerror(errno), f;
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    f.error = std::strerror(errno);
    ::close(fd);
    return f;
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    f.folder = true;
    return f.error = std::strerror(EISDIR), f;
  }
  if (!S_ISREG(st.st_mode)) {  // a FIFO, a device (/dev/zero), a socket: nothing to open as a game
    ::close(fd);
    return f.error = "not a regular file", f;
  }
  if (size_t(st.st_size) > limit) {  // refused before reading
    ::close(fd);
    return f.error = "larger than " + std::to_string(limit >> 20) + " MB", f;
  }
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      f.error = std::strerror(errno);
      break;
    }
    if (n == 0) {
      f.ok = true;
      break;
    }
    f.text.append(buf, size_t(n));
    if (f.text.size() >= 4 && is_program(f.text)) {  // an engine: its name is all we need
      f.ok = f.program = true;
      f.text.clear();
      break;
    }
    if (f.text.size() > limit) {  // /dev/zero, a disk image, a film dropped by mistake
      f.error = "larger than " + std::to_string(limit >> 20) + " MB";
      f.text.clear();
      break;
    }
  }
  ::close(fd);
  if (f.ok && !f.program && is_program(f.text)) f.program = true, f.text.clear();  // a tiny "#!" script
  return f;
}

std::future<OpenedFile> FolderStorage::open_async(const std::string& name) {
  return std::async(std::launch::async, [p = path(name)] { return read_for_opening(p); });
}

std::future<OpenedFile> MemoryStorage::open_async(const std::string& name) {
  std::promise<OpenedFile> done;
  OpenedFile f;
  if (read(name, f.text)) {
    f.ok = true;
    if (is_program(f.text)) f.program = true, f.text.clear();
  } else {
    f.error = "no such file";
  }
  done.set_value(std::move(f));
  return done.get_future();
}

std::string FolderStorage::path(const std::string& name) const {
  return !name.empty() && name[0] == '/' ? name : dir_ + "/" + name;
}

bool FolderStorage::read(const std::string& name, std::string& text) { return read_file(path(name), text); }

void FolderStorage::write(const std::string& name, std::string text) { writer_.write(path(name), std::move(text)); }

void FolderStorage::remove(const std::string& name) { writer_.remove(path(name)); }

std::vector<std::string> FolderStorage::list(const std::string& folder, const std::string& ext) {
  std::vector<std::string> out;
  std::error_code ec;
  for (auto& e : std::filesystem::directory_iterator(path(folder), ec))
    if (e.path().extension() == ext) out.push_back(folder + "/" + e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

bool MemoryStorage::read(const std::string& name, std::string& text) {
  const auto it = files.find(name);
  if (it == files.end()) return false;
  text = it->second;
  return true;
}

std::vector<std::string> MemoryStorage::list(const std::string& folder, const std::string& ext) {
  std::vector<std::string> out;
  for (const auto& [name, text] : files)
    if (name.rfind(folder + "/", 0) == 0 && name.size() > ext.size() && name.ends_with(ext)) out.push_back(name);
  return out;  // a std::map is already sorted
}

}  // namespace xq
