// XQF, the binary game format of 象棋演播室 (XQStudio) in which most Chinese game
// collections circulate: versions 1.0 (plain) and 1.1/1.2 and later (encrypted).
// The reader takes the header (title, event, date, site, players, result), the
// start position (full games, handicaps and set-ups) and the main line with
// its comments; with a tree, every variation and comment too (a move that
// cannot be played is left out with what follows it). Text is GBK, read as UTF-8.
#pragma once
#include <string>

#include <utility>
#include <vector>

#include "pgn.h"

namespace xq {

// Reads an XQF file's bytes into a game. False, with a message naming what is
// wrong (and out untouched), for a damaged or unknown file. *notice (when
// given) says what was left out, such as variations; "" otherwise.
bool read_xqf(const std::string& bytes, PgnGame& out, std::string* error, std::string* notice = nullptr,
              GameTree* tree = nullptr);

// Whether bytes look like an XQF file (its "XQ" signature).
bool looks_like_xqf(const std::string& bytes);

// GBK (GB18030) text as UTF-8; bytes that are not GBK become '?'.
std::string gbk_to_utf8(const std::string& gbk);
// UTF-8 text as GB18030 (a superset of GBK that every XQF reader's GBK reads
// for Chinese text); characters it cannot hold become '?'.
std::string utf8_to_gbk(const std::string& utf8);
// Writes the tree as an XQF 1.0 file (plain, the version every XQF reader
// takes): the header's title, event, date, site, players, annotator and
// result from the tags, the start position, and every move with its comment
// and variation, depth first. A tag too long for its field is cut at a
// character. Marks have no place in XQF: they go into the comments as "!?".
std::string write_xqf(const GameTree& tree, const std::vector<std::pair<std::string, std::string>>& tags);

}  // namespace xq
