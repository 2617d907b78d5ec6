#include "storage.h"

#include <algorithm>
#include <filesystem>

namespace xq {

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
