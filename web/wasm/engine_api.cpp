// The engine library's rules and search as the browser sees them: a handful
// of C functions, each taking text (a FEN and ICCS moves) and answering JSON
// in a buffer that stays valid until the next call. The page keeps no rules
// of its own: legality, the judge, notation and PGN all come from here.
//
// The search runs on the calling thread (the page calls it from a Web
// Worker); its reports reach JavaScript through xq_report.
#include <emscripten/emscripten.h>

#include <atomic>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "bench.h"
#include "clock.h"
#include "book.h"
#include "fen.h"
#include "game.h"
#include "notation.h"
#include "perft.h"
#include "pgn.h"
#include "search_pool.h"
#include "skill.h"
#include "tt.h"

using json = nlohmann::json;

namespace {

std::string g_answer;

const char* answer(const json& j) {
  g_answer = j.dump(-1, ' ', false, json::error_handler_t::replace);
  return g_answer.c_str();
}

std::vector<std::string> words(const char* text) {
  std::vector<std::string> out;
  std::istringstream in(text ? text : "");
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

xq::NotationStyle style_of(int style) {
  return style == 1 ? xq::NotationStyle::Wxf : style == 2 ? xq::NotationStyle::Iccs : xq::NotationStyle::Chinese;
}

// Replays `moves` from `fen`; false with a message naming the first thing wrong.
bool replay(xq::Game& game, const char* fen, const char* moves, std::string& error) {
  const std::string start = fen && *fen ? fen : xq::kStartFen;
  if (!game.reset(start, &error)) {
    error = "bad FEN: " + error;
    return false;
  }
  int ply = 0;
  for (const std::string& w : words(moves)) {
    ++ply;
    xq::Move m;
    std::string why;
    if (!xq::iccs_to_move(w, m, &why) || !game.play_on(m)) {
      error = "move " + std::to_string(ply) + " (" + w + ") is not legal";
      return false;
    }
  }
  return true;
}

json verdict_json(const xq::Game& game) {
  const xq::Verdict v = game.verdict();
  return {{"over", v.over()},
          {"result", v.over() ? xq::result_tag(v) : "*"},
          {"reason", xq::reason_key(v.reason)},
          {"zh", v.over() ? xq::verdict_text(v) : ""},
          {"en", v.over() ? xq::verdict_text_en(v) : ""},
          {"ply", game.verdict_ply()}};
}

json line_json(const xq::Position& root, const std::vector<xq::Move>& pv, int style) {
  json out = json::array();
  for (const std::string& name : xq::line_names(root, pv, style_of(style))) out.push_back(name);
  return out;
}

json moves_json(const std::vector<xq::Move>& pv) {
  json out = json::array();
  for (xq::Move m : pv) out.push_back(xq::move_to_iccs(m));
  return out;
}

// The search's state in this instance (one per Worker).
struct Engine {
  xq::TranspositionTable tt{16};
  xq::SearchPool pool{tt, 1};
  xq::Book book;
  std::mt19937_64 rng{std::random_device{}()};
};
Engine& engine() {
  static Engine e;
  return e;
}

}  // namespace

// JavaScript receives each report of a running search (see worker.ts).
EM_JS(void, xq_report, (const char* text), {
  if (typeof Module.onReport === 'function') Module.onReport(UTF8ToString(text));
});

extern "C" {

// The position after `moves` (ICCS, spaces between) from `fen` ("" = the
// start): its FEN, the side to move, the legal moves, check, the verdict and
// every move's name in `style` (0 Chinese, 1 WXF, 2 ICCS).
EMSCRIPTEN_KEEPALIVE const char* xq_state(const char* fen, const char* moves, int style) {
  xq::Game game;
  std::string error;
  if (!replay(game, fen, moves, error)) return answer({{"ok", false}, {"error", error}});
  json legal = json::array();
  if (!game.verdict().over())
    for (xq::Move m : game.legal_moves()) legal.push_back(xq::move_to_iccs(m));
  return answer({{"ok", true},
                 {"fen", game.fen()},
                 {"start", game.start_fen()},
                 {"side", game.side_to_move() == xq::RED ? "red" : "black"},
                 {"legal", legal},
                 {"check", game.position().in_check()},
                 {"names", line_names(game.start_position(), game.moves(), style_of(style))},
                 {"verdict", verdict_json(game)}});
}

// The game as PGN; `tags` is "Name\tvalue\n" lines; `result` ("" = the
// rules' verdict) names how a game that the rules did not end ended
// (resignation, agreement, time: "1-0", "0-1", "1/2-1/2").
EMSCRIPTEN_KEEPALIVE const char* xq_pgn(const char* fen, const char* moves, const char* tags, const char* result) {
  xq::Game game;
  std::string error;
  if (!replay(game, fen, moves, error)) return answer({{"ok", false}, {"error", error}});
  const std::string r = result ? result : "";
  const xq::Color loser = r == "1-0" ? xq::BLACK : xq::RED;
  if (!game.verdict().over()) {
    if (r == "1-0" || r == "0-1") game.resign(loser);
    else if (r == "1/2-1/2") game.agree_draw();
  }
  std::vector<std::pair<std::string, std::string>> list;
  std::istringstream in(tags ? tags : "");
  for (std::string line; std::getline(in, line);) {
    const size_t tab = line.find('\t');
    if (tab != std::string::npos && tab > 0) list.emplace_back(line.substr(0, tab), line.substr(tab + 1));
  }
  return answer({{"ok", true}, {"pgn", xq::write_pgn(game, list)}});
}

// The book (xiangqi.book's bytes) for the computer's first moves.
EMSCRIPTEN_KEEPALIVE const char* xq_load_book(const char* bytes, int size) {
  std::string error;
  const bool ok = engine().book.load_bytes(std::string(bytes, size_t(size)), &error);
  return answer({{"ok", ok}, {"error", error}, {"entries", engine().book.size()}});
}

// Searches the position after `moves`. level 1..8 plays as the desktop's
// levels (skill.h) within movetime_ms; level 0 analyses at full strength
// with `multipv` lines for movetime_ms (or to depth). Every report goes to
// xq_report; the answer is the result.
EMSCRIPTEN_KEEPALIVE const char* xq_search(const char* fen, const char* moves, int level, int movetime_ms,
                                           int depth, int multipv, int style) {
  xq::Game game;
  std::string error;
  if (!replay(game, fen, moves, error)) return answer({{"ok", false}, {"error", error}});
  if (game.verdict().over()) return answer({{"ok", false}, {"error", "the game is over"}});
  Engine& e = engine();
  const xq::Position root = game.position();
  if (level > 0 && !e.book.empty()) {
    xq::Position p = root;
    const xq::Move m = e.book.pick(p, e.rng);
    if (m != xq::kNoMove)
      return answer({{"ok", true}, {"best", xq::move_to_iccs(m)}, {"book", true}, {"score", 0}, {"depth", 0}, {"nodes", 0}});
  }
  xq::Limits limits;
  limits.movetime_ms = movetime_ms > 0 ? movetime_ms : 0;
  limits.depth = depth > 0 ? depth : 0;
  xq::SearchOptions options;
  options.multipv = multipv > 1 ? std::min(multipv, 8) : 1;
  options.one_thread = true;
  if (level > 0) xq::apply_skill(xq::skill_level(level), limits, options);
  options.seed = e.rng();
  std::atomic<bool> stop{false};
  const xq::SearchResult r = e.pool.run(root, limits, options, stop, [&](const xq::SearchInfo& info) {
    json lines = json::array();
    for (const xq::PvLine& l : info.lines)
      lines.push_back({{"score", l.score}, {"mate", xq::is_mate_score(l.score) ? xq::mate_in_moves(l.score) : 0},
                       {"pv", moves_json(l.pv)}, {"names", line_json(root, l.pv, style)}});
    const std::string text = json{{"depth", info.depth}, {"seldepth", info.seldepth}, {"nodes", info.nodes},
                                  {"nps", info.nps}, {"time", info.time_ms}, {"lines", lines}}
                                 .dump(-1, ' ', false, json::error_handler_t::replace);
    xq_report(text.c_str());
  });
  return answer({{"ok", r.best != xq::kNoMove},
                 {"best", r.best == xq::kNoMove ? "" : xq::move_to_iccs(r.best)},
                 {"ponder", r.ponder == xq::kNoMove ? "" : xq::move_to_iccs(r.ponder)},
                 {"score", r.score},
                 {"depth", r.depth},
                 {"nodes", r.nodes}});
}

// A clock face for the server's reading: `control` as the server names it
// ("5+3", "10m/30s*3"), `remaining_ms` the game's time and every 读秒 period.
EMSCRIPTEN_KEEPALIVE const char* xq_clock(const char* control, int remaining_ms) {
  const auto tc = xq::parse_clock_option(control ? control : "");
  if (!tc) return answer({{"ok", false}, {"byoyomi", false}, {"ms", remaining_ms}, {"periods", 0},
                          {"face", xq::clock_face(remaining_ms)}});
  const xq::ClockReading r = xq::read_clock(*tc, remaining_ms);
  return answer({{"ok", true}, {"byoyomi", r.byoyomi}, {"ms", r.ms}, {"periods", r.periods}, {"face", xq::clock_face(r.ms)}});
}

EMSCRIPTEN_KEEPALIVE void xq_new_game() { engine().pool.clear(); }

// perft from a FEN: the move generator's signature (tests).
EMSCRIPTEN_KEEPALIVE double xq_perft(const char* fen, int depth) {
  xq::FenData data;
  std::string error;
  if (!xq::parse_fen(fen && *fen ? fen : xq::kStartFen, data, &error)) return -1;
  return double(xq::perft(data.pos, depth));
}

// The bench: its node count is the search's signature, equal to the native build's.
EMSCRIPTEN_KEEPALIVE const char* xq_bench(int depth) {
  std::ostringstream out;
  const uint64_t nodes = xq::run_bench(depth, out);
  return answer({{"nodes", nodes}, {"text", out.str()}});
}

}  // extern "C"
