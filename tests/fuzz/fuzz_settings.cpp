// libFuzzer target: the readers of the settings folder's files on arbitrary
// text: settings.ini and puzzle-progress.txt. They must never crash, and
// whatever they keep must be written back and read again unchanged (no
// value can turn into a key of its own on the way).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "puzzle_progress.h"
#include "settings.h"

namespace {

bool same(const xq::Settings& a, const xq::Settings& b) {
  return a.level == b.level && a.mode == b.mode && a.animation == b.animation && a.sound == b.sound &&
         a.flip == b.flip && a.analysis == b.analysis && a.iccs == b.iccs && a.lang == b.lang && a.clock == b.clock &&
         a.solved == b.solved && a.width == b.width && a.height == b.height && a.engines == b.engines &&
         a.engine_choice == b.engine_choice && a.engine_side == b.engine_side && a.folder == b.folder &&
         a.board == b.board && a.pieces == b.pieces && a.server == b.server && a.online_name == b.online_name;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 100000) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  xq::Settings s;
  xq::parse_settings(text, s);
  xq::Settings back;
  xq::parse_settings(xq::settings_text(s), back);
  if (!same(s, back)) std::abort();
  // The puzzle trainer's progress: what is kept reads back to the same text.
  xq::PuzzleProgress progress, progress_back;
  std::string err;
  if (xq::PuzzleProgress::parse(text, progress, &err)) {
    const std::string written = progress.text();
    if (!xq::PuzzleProgress::parse(written, progress_back, &err) || progress_back.text() != written) std::abort();
  }
  // Any folder name at all (newlines, control characters) survives and adds nothing.
  xq::Settings f;
  f.folder = text.substr(0, 4000);
  if (f.folder.find('\0') != std::string::npos) return 0;
  xq::Settings g;
  xq::parse_settings(xq::settings_text(f), g);
  if (!same(f, g)) std::abort();
  return 0;
}
