#include "cecp.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "movegen.h"
#include "notation.h"

namespace xq {

namespace {

bool starts_with(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }

// A whole decimal number of at most 18 digits with an optional sign.
bool to_number(const std::string& w, long long& v) {
  size_t i = (!w.empty() && (w[0] == '-' || w[0] == '+')) ? 1 : 0;
  if (i >= w.size() || w.size() - i > 18) return false;
  long long n = 0;
  for (; i < w.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(w[i]))) return false;
    n = n * 10 + (w[i] - '0');
  }
  v = w[0] == '-' ? -n : n;
  return true;
}

// XBoard numbers the ranks of a ten-rank board 0-9, as ICCS does; a move may
// carry a promotion letter or "=" that xiangqi never needs.
bool cecp_move(const Position& root, std::string text, Move& m) {
  if (text.size() == 5 && (text[4] == '=' || std::isalpha(static_cast<unsigned char>(text[4])))) text.pop_back();
  if (text.size() != 4) return false;
  Position p = root;
  return iccs_to_move(text, m, nullptr) && is_legal(p, m);
}

std::string clock_text(int ms) {  // "level" wants minutes, or minutes:seconds
  const int s = std::max(1, ms / 1000);
  return std::to_string(s / 60) + ":" + (s % 60 < 10 ? "0" : "") + std::to_string(s % 60);
}

}  // namespace

std::vector<std::string> read_feature_line(const std::string& line, CecpFeatures& f) {
  std::vector<std::string> replies;
  if (!starts_with(line, "feature ")) return replies;
  f.any = true;
  size_t i = 8;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const size_t eq = line.find('=', i);
    if (eq == std::string::npos) break;
    const std::string name = line.substr(i, eq - i);
    std::string value;
    i = eq + 1;
    if (i < line.size() && line[i] == '"') {
      const size_t close = line.find('"', i + 1);
      value = line.substr(i + 1, close == std::string::npos ? std::string::npos : close - i - 1);
      i = close == std::string::npos ? line.size() : close + 1;
    } else {
      const size_t end = line.find(' ', i);
      value = line.substr(i, end == std::string::npos ? std::string::npos : end - i);
      i = end == std::string::npos ? line.size() : end;
    }
    if (name.empty() || name.find(' ') != std::string::npos) break;
    const bool on = value == "1";
    bool accepted = true;
    if (name == "done") {
      f.done = on;
      f.waiting = !on;
      continue;  // not answered
    }
    if (name == "setboard") f.setboard = on;
    else if (name == "usermove") f.usermove = on;
    else if (name == "ping") f.ping = on;
    else if (name == "san") accepted = !(f.san = false) && !on;  // we send and read coordinates
    else if (name == "analyze") f.analyze = on;
    else if (name == "colors") f.colors = on;
    else if (name == "memory") f.memory = on;
    else if (name == "smp") f.smp = on;
    else if (name == "myname") f.myname = value.substr(0, 80);
    else if (name == "variants") f.variants = value.substr(0, 400);
    else if (name == "option" && f.options.size() < 100) f.options.push_back(value.substr(0, 200));
    replies.push_back((accepted ? "accepted " : "rejected ") + name);
  }
  return replies;
}

bool cecp_plays_xiangqi(const CecpFeatures& f) {
  if (f.variants.empty()) return true;
  std::string v = "," + f.variants + ",";
  v.erase(std::remove(v.begin(), v.end(), ' '), v.end());
  return v.find(",xiangqi,") != std::string::npos;
}

bool cecp_position_commands(const Position& pos, const CecpFeatures& f, std::vector<std::string>& out,
                            std::string* why) {
  const GameSoFar g = game_so_far(pos);
  if (!g.from_start_position && !f.setboard) {
    if (why) *why = "it cannot be given a position that did not come from the start (it has no setboard)";
    return false;
  }
  // No "white"/"black": MaxQi leaves force mode on them and starts to play.
  out = {"new", "variant xiangqi", "force"};
  if (!g.from_start_position) out.push_back("setboard " + g.start_fen);
  for (Move m : g.moves) out.push_back((f.usermove ? "usermove " : "") + move_to_iccs(m));
  return true;
}

std::vector<std::string> cecp_limit_commands(const Limits& l) {
  if (l.infinite) return {};
  if (l.depth) return {"level 0 60 0", "sd " + std::to_string(l.depth)};
  if (l.time_left_ms >= 0) {
    // A clock: its increment, and moves to go as the session length.
    const std::string cs = std::to_string(std::max(1, l.time_left_ms / 10));
    return {"level " + std::to_string(std::max(0, l.moves_to_go)) + " " + clock_text(l.time_left_ms) + " " +
                std::to_string(l.increment_ms / 1000),
            "time " + cs, "otim " + cs};
  }
  // A fixed time a move: forty moves in forty times that time, so the
  // engine's own share of its clock is about the time asked for.
  const int per_move = std::max(1, l.movetime_ms);
  const std::string cs = std::to_string(std::max(1, per_move * 40 / 10));
  return {"level 40 " + clock_text(per_move * 40) + " 0", "time " + cs, "otim " + cs};
}

bool parse_post_line(const std::string& line, const Position& root, SearchInfo& info) {
  std::istringstream in(line);
  std::string d, s, t, n;
  long long depth = 0, score = 0, time_cs = 0, nodes = 0;
  if (!(in >> d >> s >> t >> n)) return false;
  if (!d.empty() && (d.back() == '.' || d.back() == '&')) d.pop_back();  // "12." marks a fail high in some engines
  if (!to_number(d, depth) || !to_number(s, score) || !to_number(t, time_cs) || !to_number(n, nodes)) return false;
  if (depth < 0) return false;  // MaxQi's "-1" line before the search proper
  PvLine line_pv;
  Position p = root;
  for (std::string w; in >> w && line_pv.pv.size() < size_t(kMaxPly);) {
    if (w.find_first_of("({[<") == 0) break;  // a comment after the moves
    Move m;
    if (!cecp_move(p, w, m)) break;
    line_pv.pv.push_back(m);
    p.do_move(m);
  }
  if (line_pv.pv.empty()) return false;
  // XBoard's mate convention: 100000 + moves to mate (or -100000 - moves).
  if (score > 90000) line_pv.score = engine_mate_score(std::clamp(score - 100000, 1LL, 1000LL));
  else if (score < -90000) line_pv.score = engine_mate_score(-std::clamp(-score - 100000, 1LL, 1000LL));
  else line_pv.score = Score(std::clamp(score, -kBanThreshold + 1LL, kBanThreshold - 1LL));
  info.depth = int(std::min(depth, 1000LL));
  info.nodes = uint64_t(std::max(0LL, nodes));
  info.time_ms = int(std::clamp(time_cs, 0LL, 20000000LL) * 10);
  info.score = line_pv.score;
  info.pv = line_pv.pv;
  info.lines.assign(1, line_pv);
  return true;
}

CecpAnswer read_cecp_answer(const std::string& line, const Position& root, Move& move) {
  std::istringstream in(line);
  std::string w;
  if (!(in >> w)) return CecpAnswer::None;
  if (w == "move" || (w == "My" && in >> w && w == "move" && in >> w && w == "is:")) {
    std::string text;
    if (!(in >> text)) return CecpAnswer::IllegalMove;
    return cecp_move(root, text, move) ? CecpAnswer::Move : CecpAnswer::IllegalMove;
  }
  if (w == "resign" || line.find("resigns") != std::string::npos) return CecpAnswer::Resign;
  if (line == "offer draw") return CecpAnswer::DrawOffer;
  if (w == "1-0" || w == "0-1" || w == "1/2-1/2") return CecpAnswer::Result;
  if (starts_with(line, "Error") || starts_with(line, "Illegal move")) return CecpAnswer::Complaint;
  return CecpAnswer::None;
}

}  // namespace xq
