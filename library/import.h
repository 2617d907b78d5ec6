// Importing files and folders into the library: every game of every file
// (the formats of record_file.h), one transaction a file, so that a
// cancelled or failed import leaves the library as it was before that file.
#pragma once
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "library.h"

namespace xq {

struct ImportReport {
  int imported = 0, duplicates = 0, failed = 0;
  int merged = 0;  // duplicates whose comments or variations replaced a bare stored copy (not in duplicates)
  int files_done = 0, files_total = 0;
  bool cancelled = false;
  std::vector<std::string> failures;  // "FILE: game N: what is wrong", one a failed game (or file)
  std::vector<std::string> notes;     // games kept only in part: "FILE: game N: read up to move K …"
};

// The files an import would read: files named as they are, folders searched
// (also below) for .pgn .xqf .cbr .cbl .txt .htm .html files, in name order.
std::vector<std::string> import_files(const std::vector<std::string>& paths, std::vector<std::string>* missing);

// Imports the paths. cancel (when given) is read between games; progress
// (when given) is called after each file with the report so far.
ImportReport import_paths(Library& lib, const std::vector<std::string>& paths, const std::atomic<bool>* cancel = nullptr,
                          const std::function<void(const ImportReport&)>& progress = {});

}  // namespace xq
