// The xboard protocol (CECP version 2) as engines such as MaxQi (fairymax)
// speak it: the features an engine declares in its handshake, the commands
// that set up a position and a time limit, and the lines it answers with
// ("post" thinking lines, "move X", "resign", "offer draw", errors).
// Everything read here is outside data: clamped, checked against the
// position, never trusted (the engine-output fuzz target feeds it garbage).
#pragma once
#include <string>
#include <vector>

#include "engine_output.h"
#include "position.h"
#include "search.h"
#include "timeman.h"

namespace xq {

struct CecpFeatures {
  bool any = false;   // at least one feature line came
  bool done = false;  // "done=1": the handshake is over
  bool waiting = false;  // "done=0": the engine asks for more time to start
  bool setboard = false, usermove = false, ping = false, san = false, analyze = true, colors = true;
  bool memory = false, smp = false;  // it takes "memory N" (MB for its tables), "cores N"
  std::string myname, variants;
  std::vector<std::string> options;  // each "option=" value, e.g. "Hash -spin 64 1 1024"
};

// Reads one "feature a=1 b=\"x y\" ..." line into f and returns the reply
// for each feature named ("accepted setboard", "rejected san": we want
// coordinates), which a protocol-2 engine waits for. Empty for another line.
std::vector<std::string> read_feature_line(const std::string& line, CecpFeatures& f);

// Whether the engine's "variants" include xiangqi (an engine that declares
// none is taken at its word that it plays it).
bool cecp_plays_xiangqi(const CecpFeatures& f);

// The commands that set up pos, with its history, as a fresh game in force
// mode: new, variant, force, setboard (when the game did not begin at the
// start position: only if the engine offers it), then the moves. False, with
// why, when the engine cannot be given the position.
bool cecp_position_commands(const Position& pos, const CecpFeatures& f, std::vector<std::string>& out,
                            std::string* why);

// The clock commands for a search with these limits: "level"/"time"/"otim"
// on a clock, "sd" for a depth, and for a fixed time per move a level whose
// share per move is that time (CECP's "st" counts whole seconds).
std::vector<std::string> cecp_limit_commands(const Limits& limits);

// A "post" line: "depth score time nodes pv..." (score in centipawns from the
// mover's side, time in centiseconds). False for anything else.
bool parse_post_line(const std::string& line, const Position& root, SearchInfo& info);

// What a line says about the game: a move (checked in root), resignation, a
// draw offer, a claimed result, a complaint about our last command, or none of these.
enum class CecpAnswer { None, Move, IllegalMove, Resign, DrawOffer, Result, Complaint };
CecpAnswer read_cecp_answer(const std::string& line, const Position& root, Move& move);

}  // namespace xq
