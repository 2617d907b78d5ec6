#include "import.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "record_file.h"

namespace xq {

namespace fs = std::filesystem;

namespace {

// Bigger files are refused rather than read into memory whole.
constexpr std::uintmax_t kMaxFileBytes = 512u << 20;

bool game_file(const fs::path& p) {
  std::string ext = p.extension().string();
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".pgn" || ext == ".xqf" || ext == ".cbr" || ext == ".cbl" || ext == ".txt" || ext == ".htm" ||
         ext == ".html";
}

bool read_bytes(const std::string& path, std::string& out, std::string* error) {
  std::error_code ec;
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) {
    *error = "cannot be read (" + ec.message() + ")";
    return false;
  }
  if (size > kMaxFileBytes) {
    *error = "is too large (" + std::to_string(size >> 20) + " MiB; at most 512)";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = "cannot be opened";
    return false;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

}  // namespace

std::vector<std::string> import_files(const std::vector<std::string>& paths, std::vector<std::string>* missing) {
  std::vector<std::string> out;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(p, fs::directory_options::skip_permission_denied, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file(ec) && game_file(it->path())) found.push_back(it->path().string());
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(p, ec)) {
      out.push_back(p);
    } else if (missing) {
      missing->push_back(p);
    }
  }
  return out;
}

ImportReport import_paths(Library& lib, const std::vector<std::string>& paths, const std::atomic<bool>* cancel,
                          const std::function<void(const ImportReport&)>& progress) {
  ImportReport r;
  std::vector<std::string> missing;
  const std::vector<std::string> files = import_files(paths, &missing);
  for (const std::string& m : missing) {
    r.failures.push_back(m + ": no such file or folder");
    ++r.failed;
  }
  r.files_total = int(files.size());
  for (const std::string& file : files) {
    if (cancel && cancel->load()) {
      r.cancelled = true;
      break;
    }
    std::string bytes, err;
    if (!read_bytes(file, bytes, &err)) {
      r.failures.push_back(file + ": " + err);
      ++r.failed;
    } else {
      const RecordFile rf = read_record_file(bytes);
      for (const RecordFailure& f : rf.failures) {
        r.failures.push_back(file + ": " + (f.game ? "game " + std::to_string(f.game) + ": " : "") + f.message);
        ++r.failed;
      }
      int added = 0, duplicates = 0, failed = 0;
      std::vector<std::string> failures, notes;
      if (!lib.begin(&err)) {
        r.failures.push_back(file + ": " + err);
        ++r.failed;
        continue;
      }
      bool stopped = false;
      for (size_t i = 0; i < rf.games.size(); ++i) {
        if (cancel && cancel->load()) {
          stopped = true;
          break;
        }
        const PgnGame& g = rf.games[i];
        const std::string where = file + ": game " + std::to_string(rf.numbers[i]) + ": ";
        switch (lib.add(g, rf.sources[i], &err)) {
          case AddResult::Added: ++added; break;
          case AddResult::Duplicate: ++duplicates; break;
          case AddResult::Failed:
            ++failed;
            failures.push_back(where + err);
            break;
        }
        if (g.stopped_at)
          notes.push_back(where + "read up to move " + std::to_string(g.stopped_at) + " (" + g.stopped_move +
                          ": " + g.stopped_why + ")");
      }
      if (stopped) {  // the file's games are taken back whole
        lib.rollback();
        r.cancelled = true;
        break;
      }
      if (!lib.commit(&err)) {
        lib.rollback();
        r.failures.push_back(file + ": " + err);
        ++r.failed;
      } else {
        r.imported += added;
        r.duplicates += duplicates;
        r.failed += failed;
        r.failures.insert(r.failures.end(), failures.begin(), failures.end());
        r.notes.insert(r.notes.end(), notes.begin(), notes.end());
      }
    }
    ++r.files_done;
    if (progress) progress(r);
  }
  return r;
}

}  // namespace xq
