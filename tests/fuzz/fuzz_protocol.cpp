// libFuzzer target: arbitrary protocol lines fed to the UCCI/UCI command
// parser. Searches are kept tiny; the parser must never crash or hang.
#include <cctype>
#include <cstdint>
#include <sstream>
#include <string>

#include "protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  xq::Protocol p([](const std::string&) {}, 1);
  std::string text(reinterpret_cast<const char*>(data), size);
  size_t start = 0;
  int lines = 0;
  while (start <= text.size() && lines < 64) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    // A large table takes long to clear; any line that could set its size
    // (the option names are case-blind) is replaced by the smallest.
    std::string folded = line;
    for (char& c : folded) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (folded.find("setoption") != std::string::npos && folded.find("hash") != std::string::npos)
      line = "setoption hashsize 1";
    // "go" lines reach the parser as they are; whatever search they start
    // (infinite, ponder, a long clock) is stopped at once below. The command is
    // the line's first word, as the parser reads it (" go" is a go too).
    std::string first;
    std::istringstream(line) >> first;
    const bool go = first == "go";
    if (!p.handle(line)) break;
    if (go) p.handle("stop");
    p.wait();
    start = end + 1;
    ++lines;
  }
  return 0;
}
