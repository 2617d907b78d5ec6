#include "record_file.h"

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
    return f;
  }
  f.format = "PGN";
  const std::vector<std::string> parts = split_pgn_games(bytes);
  for (size_t i = 0; i < parts.size(); ++i) {
    PgnGame g;
    if (read_pgn(parts[i], g, &err)) add(f, std::move(g), int(i) + 1, parts[i]);
    else f.failures.push_back({int(i) + 1, err});
  }
  if (parts.empty()) f.failures.push_back({0, "no game in the file"});
  return f;
}

}  // namespace xq
