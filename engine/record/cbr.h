// 象棋桥 (XQBridge) files: CBR, one game, and CBL, a library of them, as
// described publicly by open-source readers. A CBR is a 2,214-byte header
// (the signature "CCBridge Record", title, event, players in UTF-16LE, the
// result, the side to move, the 90 points from black's side down) and then
// the moves: a comment before the first, and four-byte records (flags, 0,
// from, to; a comment's length and UTF-16LE text when flagged) stored depth
// first, so the main line is the records up to the first marked as the end
// of its line. A CBL holds CBR records in 4,096-byte blocks after an index.
#pragma once
#include <string>
#include <vector>

#include "pgn.h"

namespace xq {

bool looks_like_cbr(const std::string& bytes);
bool looks_like_cbl(const std::string& bytes);

// Reads a CBR game (the main line; variations are skipped and *notice says
// so). A move that cannot be played ends the game there (stopped_at). False
// with *error naming what is wrong, out untouched.
// With a tree: every variation and comment too (the records read as the
// same depth-first tree, a move flagged with an alternative having it after
// its own subtree).
bool read_cbr(const std::string& bytes, PgnGame& out, std::string* error, std::string* notice = nullptr,
              GameTree* tree = nullptr);

// Reads every game of a CBL library, in order, with its name in *name. A
// game that cannot be read is skipped and counted in *skipped. False with
// *error when the file is not a library or is damaged.
bool read_cbl(const std::string& bytes, std::vector<PgnGame>& out, std::string* name, int* skipped,
              std::string* error);

}  // namespace xq
