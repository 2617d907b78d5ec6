// Where the game keeps its files (settings, the autosave, saved games): a
// folder on disk in the program, a map in memory in the tests. Writes are
// queued and done off the frame thread.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "settings.h"

namespace xq {

class Storage {
 public:
  virtual ~Storage() = default;
  // Names are relative to the storage's folder; an absolute path is used as is.
  virtual bool read(const std::string& name, std::string& text) = 0;
  virtual void write(const std::string& name, std::string text) = 0;
  virtual void remove(const std::string& name) = 0;
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
  std::vector<std::string> list(const std::string& folder, const std::string& ext) override;
  std::string path(const std::string& name) const override { return name; }
  void flush() override {}
  std::map<std::string, std::string> files;
};

}  // namespace xq
