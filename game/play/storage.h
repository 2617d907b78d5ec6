// Where the game keeps its files (settings, the autosave, saved games): a
// folder on disk in the program, a map in memory in the tests. Writes are
// queued and done off the frame thread.
#pragma once
#include <future>
#include <map>
#include <string>
#include <vector>

#include "settings.h"

namespace xq {

// A file read for opening (a dropped file, a chosen one): a program is told by
// its first bytes and not read further; anything else is read whole, up to a limit.
struct OpenedFile {
  bool ok = false;
  bool program = false;  // an ELF binary or a "#!" script: an engine to add
  bool folder = false;   // a folder: its games go into the library
  std::string text;
  std::string error;  // why not ok: cannot be read, or too large
};
constexpr size_t kMaxOpenBytes = 64u << 20;  // far beyond any game file or collection we read
OpenedFile read_for_opening(const std::string& path, size_t limit = kMaxOpenBytes);

// A path given on the command line, made absolute against the current folder
// (the shell's meaning), not the settings folder the storage is rooted in.
std::string shell_path(const std::string& path);

class Storage {
 public:
  virtual ~Storage() = default;
  // Names are relative to the storage's folder; an absolute path is used as is.
  virtual bool read(const std::string& name, std::string& text) = 0;
  virtual void write(const std::string& name, std::string text) = 0;
  virtual void remove(const std::string& name) = 0;
  // read_for_opening, off the caller's thread where the file is on a disk.
  virtual std::future<OpenedFile> open_async(const std::string& name) = 0;
  // The names of the files in a sub-folder ending in ext, sorted.
  virtual std::vector<std::string> list(const std::string& folder, const std::string& ext) = 0;
  // The full path of a name, for messages.
  virtual std::string path(const std::string& name) const = 0;
  // Waits until every queued write is done.
  virtual void flush() = 0;
};

// Files in a folder; writes go through a BackgroundWriter (atomic, fsync'd).
class FolderStorage : public Storage {
 public:
  explicit FolderStorage(std::string dir) : dir_(std::move(dir)) {}
  bool read(const std::string& name, std::string& text) override;
  void write(const std::string& name, std::string text) override;
  void remove(const std::string& name) override;
  std::future<OpenedFile> open_async(const std::string& name) override;
  std::vector<std::string> list(const std::string& folder, const std::string& ext) override;
  std::string path(const std::string& name) const override;
  void flush() override { writer_.flush(); }

 private:
  std::string dir_;
  BackgroundWriter writer_;
};

// Files in memory, for tests.
class MemoryStorage : public Storage {
 public:
  bool read(const std::string& name, std::string& text) override;
  void write(const std::string& name, std::string text) override { files[name] = std::move(text); }
  void remove(const std::string& name) override { files.erase(name); }
  std::future<OpenedFile> open_async(const std::string& name) override;  // ready at once
  std::vector<std::string> list(const std::string& folder, const std::string& ext) override;
  std::string path(const std::string& name) const override { return name; }
  void flush() override {}
  std::map<std::string, std::string> files;
};

}  // namespace xq
