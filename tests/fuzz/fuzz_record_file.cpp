// libFuzzer target: a file of any format as the library's import reads it
// (read_record_file), each game it gives added to an in-memory library with
// its ECCO code and position index. Never a crash or a hang; every game read
// is legal and is either added or a duplicate.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "game.h"
#include "library.h"
#include "record_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 1 << 20) return 0;
  static std::unique_ptr<xq::Library> lib;
  static int runs = 0;
  if (!lib || ++runs % 2000 == 0) {  // a fresh library now and then keeps memory bounded
    lib = std::make_unique<xq::Library>();
    std::string err;
    if (!lib->open(":memory:", &err)) std::abort();
  }
  const xq::RecordFile f = xq::read_record_file(std::string(reinterpret_cast<const char*>(data), size));
  if (f.games.size() != f.numbers.size() || f.games.size() != f.sources.size()) std::abort();
  for (size_t i = 0; i < f.games.size(); ++i) {
    std::string err;
    if (lib->add(f.games[i], f.sources[i], &err) == xq::AddResult::Failed && err.empty()) std::abort();
  }
  for (const xq::RecordFailure& failure : f.failures)
    if (failure.message.empty()) std::abort();
  return 0;
}
