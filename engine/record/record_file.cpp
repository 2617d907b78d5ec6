#include "record_file.h"

#include "text_encoding.h"

#include "cbr.h"
#include "dhtmlxq.h"
#include "xqf.h"

namespace xq {

namespace {

// A game's variations and comments as PGN, to keep beside it; "" when its
// record is its main line alone.
std::string tree_source(const PgnGame& g, const GameTree& tree) {
  if (!tree.has_notes() || tree.main_line() != g.moves) return "";
  std::vector<std::pair<std::string, std::string>> tags;
  for (const auto& [name, value] : g.tags)
    if (name != "Result" && name != "FEN") tags.emplace_back(name, value);
  return write_pgn_tree(tree, tags, g.tag("Result").empty() ? "*" : g.tag("Result"));
}

void add(RecordFile& f, PgnGame g, int number, std::string source = {}) {
  f.games.push_back(std::move(g));
  f.numbers.push_back(number);
  f.sources.push_back(std::move(source));
}

}  // namespace

std::string unread_binary_kind(const std::string& bytes) {
  const bool utf16 = bytes.compare(0, 2, "\xFF\xFE") == 0 || bytes.compare(0, 2, "\xFE\xFF") == 0;
  if (utf16 || bytes.find('\0') >= 4096) return "";
  return bytes.compare(0, 8, "CCBridge") == 0
             ? "a 象棋桥 (CCBridge) file of a kind this program does not read (an older, compressed library)"
             : "not a game file this program reads (binary data of an unknown kind)";
}

RecordFile read_record_file(const std::string& bytes) {
  RecordFile f;
  std::string err;
  if (looks_like_xqf(bytes)) {
    f.format = "XQF";
    GameTree tree;
    if (PgnGame g; read_xqf(bytes, g, &err, nullptr, &tree)) {
      std::string source = tree_source(g, tree);
      add(f, std::move(g), 1, std::move(source));
    } else {
      f.failures.push_back({0, err});
    }
    return f;
  }
  if (looks_like_cbl(bytes)) {
    f.format = "CBL";
    std::vector<PgnGame> games;
    std::string name;
    int skipped = 0;
    if (!read_cbl(bytes, games, &name, &skipped, &err)) {
      f.failures.push_back({0, err});
      return f;
    }
    for (size_t i = 0; i < games.size(); ++i) add(f, std::move(games[i]), int(i) + 1);
    if (skipped) f.failures.push_back({0, std::to_string(skipped) + " game record(s) of the library cannot be read"});
    return f;
  }
  if (looks_like_cbr(bytes)) {
    f.format = "CBR";
    GameTree tree;
    if (PgnGame g; read_cbr(bytes, g, &err, nullptr, &tree)) {
      std::string source = tree_source(g, tree);
      add(f, std::move(g), 1, std::move(source));
    } else {
      f.failures.push_back({0, err});
    }
    return f;
  }
  if (looks_like_dhtmlxq(bytes)) {
    f.format = "DhtmlXQ";
    std::vector<PgnGame> games;
    int skipped = 0;
    const int blocks = read_dhtmlxq_all(bytes, games, &skipped);
    for (size_t i = 0; i < games.size(); ++i) add(f, std::move(games[i]), int(i) + 1);
    if (skipped) f.failures.push_back({0, std::to_string(skipped) + " of " + std::to_string(blocks) +
                                              " DhtmlXQ blocks cannot be read"});
    if (blocks == 0)
      f.failures.push_back({0, "the text names DhtmlXQ but holds no game block ([DhtmlXQ] … [/DhtmlXQ] or a viewer's "
                               "[DhtmlXQiFrame], [DhtmlXQFLASH], [DhtmlXQJAVA], [DhtmlXQHTML] form)"});
    return f;
  }
  if (std::string why = unread_binary_kind(bytes); !why.empty()) {  // said in words, not shown as text
    f.format = "binary";
    f.failures.push_back({0, std::move(why)});
    return f;
  }
  f.format = "PGN";
  std::string encoding;
  const std::string text = text_as_utf8(bytes, &encoding);  // xqbase's and most Chinese collections are GBK
  if (encoding != "UTF-8") f.format += " (" + encoding + ")";
  const std::vector<std::string> parts = split_pgn_games(text);
  for (size_t i = 0; i < parts.size(); ++i) {
    PgnGame g;
    if (!read_pgn(parts[i], g, &err)) {
      f.failures.push_back({int(i) + 1, err});
    } else if (g.moves.empty() && g.stopped_at) {  // moves were there and none could be read: no empty game
      f.failures.push_back({int(i) + 1, "no move could be read: move 1 '" + g.stopped_move + "' (" + g.stopped_why + ")"});
    } else {
      add(f, std::move(g), int(i) + 1, parts[i]);
    }
  }
  if (parts.empty()) f.failures.push_back({0, "no game in the file"});
  return f;
}

}  // namespace xq
