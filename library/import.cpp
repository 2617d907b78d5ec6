#include "import.h"

#include "regular_file.h"

#include <new>
#include <stdexcept>

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
  std::string why;
  if (read_regular_file(path, kMaxFileBytes, out, &why)) return true;
  *error = why.rfind("larger", 0) == 0 ? "is too large (" + why + ")" : "cannot be read (" + why + ")";
  return false;
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
    } else if (fs::exists(fs::symlink_status(p, ec)) || fs::is_regular_file(p, ec)) {
      out.push_back(p);  // a FIFO or a device named on purpose: the reader says what it is
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
      RecordFile rf;
      try {
        rf = read_record_file(bytes);
      } catch (const std::exception& e) {  // out of memory (a file made to be huge): said, and the next file goes on
        r.failures.push_back(file + ": cannot be read (" + (dynamic_cast<const std::bad_alloc*>(&e)
                                                                  ? std::string("it needs more memory than there is")
                                                                  : std::string(e.what())) + ")");
        ++r.failed;
        ++r.files_done;
        if (progress) progress(r);
        continue;
      }
      for (const RecordFailure& f : rf.failures) {
        r.failures.push_back(file + ": " + (f.game ? "game " + std::to_string(f.game) + ": " : "") + f.message);
        ++r.failed;
      }
      int added = 0, duplicates = 0, failed = 0, merged = 0;
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
          case AddResult::Merged: ++merged; break;
          case AddResult::DuplicateWithNotes:
            ++duplicates;
            notes.push_back(where + "already in the library with other comments or variations: the stored copy is kept");
            break;
          case AddResult::Failed:
            ++failed;
            failures.push_back(where + err);
            break;
        }
        if (g.judged_ply) notes.push_back(where + verdict_note_en(g));  // every move kept; the verdict noted
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
        r.merged += merged;
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
