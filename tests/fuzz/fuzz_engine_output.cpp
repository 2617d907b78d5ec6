// libFuzzer target: what another engine program prints (UCI and UCCI "info",
// "bestmove", "option" and "id" lines; xboard "feature", post and "move"
// lines), as the outside-engine driver reads it.
// Nothing may crash or overflow; a move taken must be legal where it was said.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "cecp.h"
#include "engine_option.h"
#include "engine_output.h"
#include "fen.h"
#include "movegen.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1 || size > 100000) return 0;
  // The first byte picks the engine's rank numbering, the lines wanted and the root.
  const bool ranks_from_one = data[0] & 1;
  const int wanted = 1 + (data[0] >> 1 & 7);
  static const char* const kRoots[] = {
      xq::kStartFen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
      "3k5/9/9/9/9/9/9/9/9/4K1R2 w - - 0 1", "3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1"};
  xq::FenData d;
  if (!xq::parse_fen(kRoots[(data[0] >> 4) & 3], d, nullptr)) std::abort();
  const xq::Position root = d.pos;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  xq::SearchInfo info, post;
  xq::CecpFeatures features;
  size_t start = 0;
  for (int lines = 0; start <= text.size() && lines < 256; ++lines) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    (void)xq::option_line_name(line);
    (void)xq::engine_move_to_iccs(line, ranks_from_one);
    if (xq::parse_info_line(line, root, ranks_from_one, wanted, info)) {
      if (info.pv.empty() && info.lines.empty()) std::abort();
      for (const xq::PvLine& l : info.lines) {
        xq::Position p = root;
        for (xq::Move m : l.pv) {
          if (!xq::is_legal(p, m)) std::abort();
          p.do_move(m);
        }
      }
      if (int(info.lines.size()) > wanted) std::abort();
    }
    (void)xq::read_feature_line(line, features);
    (void)xq::refuses_position(line);
    // A declared option: its own default passes its own check, and no value
    // that passes can carry a line break into the command that sets it.
    for (const char* proto : {"uci", "ucci", "xboard"}) {
      const auto o = xq::parse_engine_option(line, proto);
      if (!o) continue;
      if (o->kind == xq::EngineOption::Kind::Spin && (o->min > o->max)) std::abort();
      std::string why;
      const auto v = xq::checked_option_value(*o, line.substr(line.size() / 2), &why);
      if (v && xq::engine_option_command(*o, *v, proto).find('\n') != std::string::npos) std::abort();
      if (!v && why.empty()) std::abort();
    }
    if (xq::parse_post_line(line, root, post)) {
      xq::Position p = root;
      if (post.pv.empty()) std::abort();
      for (xq::Move m : post.pv) {
        if (!xq::is_legal(p, m)) std::abort();
        p.do_move(m);
      }
    }
    xq::Move answer = xq::kNoMove;
    if (xq::read_cecp_answer(line, root, answer) == xq::CecpAnswer::Move) {
      xq::Position p = root;
      if (!xq::is_legal(p, answer)) std::abort();
    }
    xq::BestMoveLine best;
    if (xq::parse_bestmove_line(line, root, ranks_from_one, best) && best.best) {
      xq::Position p = root;
      if (!xq::is_legal(p, best.best)) std::abort();
    }
  }
  return 0;
}
