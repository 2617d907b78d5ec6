#include "book.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "game.h"
#include "movegen.h"

namespace xq {

Move mirror_move(Move m) { return make_move(mirror_square(move_from(m)), mirror_square(move_to(m))); }

namespace {

constexpr size_t kHeader = 16;  // magic + uint64 count
constexpr size_t kEntrySize = 12;

void put(std::string& s, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) s += char((v >> (8 * i)) & 255);
}
uint64_t get(const std::string& s, size_t at, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= uint64_t(uint8_t(s[at + i])) << (8 * i);
  return v;
}

bool valid_square(int s) { return s >= 0 && s < 256 && geo().in_board[s]; }

}  // namespace

std::string Book::serialize(const std::vector<BookEntry>& entries) {
  std::string s(kBookMagic, sizeof kBookMagic);
  put(s, entries.size(), 8);
  for (const BookEntry& e : entries) {
    put(s, e.key, 8);
    put(s, e.move, 2);
    put(s, e.weight, 2);
  }
  return s;
}

BookEntry Book::canonical(const Position& pos, Move m, int weight) {
  const uint64_t k = pos.key(), mk = pos.mirror_key();
  if (mk < k) return {mk, uint16_t(mirror_move(m)), uint16_t(weight)};
  return {k, uint16_t(m), uint16_t(weight)};
}

bool Book::load(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error) *error = "cannot open book file " + path;
    return false;
  }
  // Read at most a little past the largest book there can be, so that a
  // device or a huge file given by mistake ends in an error, not a hang.
  std::string bytes;
  char chunk[1 << 16];
  while (bytes.size() <= kMaxBookBytes && in.read(chunk, sizeof chunk).gcount() > 0)
    bytes.append(chunk, size_t(in.gcount()));
  if (bytes.size() > kMaxBookBytes) {
    if (error) *error = "book file " + path + ": larger than " + std::to_string(kMaxBookBytes >> 20) + " MB, not a book";
    return false;
  }
  std::string err;
  if (!load_bytes(bytes, &err)) {
    if (error) *error = "book file " + path + ": " + err;
    return false;
  }
  return true;
}

bool Book::load_bytes(const std::string& b, std::string* error) {
  auto fail = [&](const std::string& m) {
    if (error) *error = m;
    return false;
  };
  if (b.size() < kHeader || b.compare(0, 8, std::string(kBookMagic, 8)) != 0)
    return fail("not a book (wrong magic)");
  const uint64_t count = get(b, 8, 8);
  if (count > (b.size() - kHeader) / kEntrySize || b.size() != kHeader + count * kEntrySize)
    return fail("truncated or wrong size (header says " + std::to_string(count) + " entries, file has " +
                std::to_string(b.size()) + " bytes)");
  std::vector<BookEntry> entries(count);
  for (uint64_t i = 0; i < count; ++i) {
    const size_t at = kHeader + i * kEntrySize;
    entries[i] = {get(b, at, 8), uint16_t(get(b, at + 8, 2)), uint16_t(get(b, at + 10, 2))};
    if (!valid_square(move_from(entries[i].move)) || !valid_square(move_to(entries[i].move)))
      return fail("entry " + std::to_string(i) + " has a move off the board");
    if (i && (entries[i].key < entries[i - 1].key ||
              (entries[i].key == entries[i - 1].key && entries[i].move <= entries[i - 1].move)))
      return fail("entries not sorted at entry " + std::to_string(i));
  }
  entries_ = std::move(entries);
  return true;
}

std::vector<Book::Choice> Book::moves(Position& pos) const {
  std::vector<Choice> out;
  auto collect = [&](uint64_t key, bool mirrored) {
    auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                               [](const BookEntry& e, uint64_t k) { return e.key < k; });
    for (; it != entries_.end() && it->key == key; ++it) {
      const Move m = mirrored ? mirror_move(it->move) : Move(it->move);
      if (!is_legal(pos, m) || it->weight == 0) continue;
      // Never a book move that repeats a position.
      pos.do_move(m);
      const bool repeats = judge_repetition(pos, 2) != RepetitionKind::None;
      pos.undo_move();
      if (repeats) continue;
      if (std::none_of(out.begin(), out.end(), [&](const Choice& c) { return c.move == m; }))
        out.push_back({m, it->weight});
    }
  };
  const uint64_t k = pos.key(), mk = pos.mirror_key();
  collect(k, false);
  if (mk != k) collect(mk, true);
  return out;
}

Move Book::pick(Position& pos, std::mt19937_64& rng) const {
  const auto choices = moves(pos);
  int total = 0;
  for (auto& c : choices) total += c.weight;
  if (total <= 0) return kNoMove;
  int r = int(rng() % uint64_t(total));
  for (auto& c : choices) {
    if (r < c.weight) return c.move;
    r -= c.weight;
  }
  return choices.back().move;
}

std::string find_book_file(const std::string& argv0) {
  namespace fs = std::filesystem;
  std::vector<fs::path> dirs;
  std::error_code ec;
  fs::path exe = fs::canonical("/proc/self/exe", ec);
  if (ec) exe = fs::absolute(argv0, ec);
  const fs::path d = exe.parent_path();
  for (const fs::path& p : {d, d / "book", d / ".." / "book", d / ".." / "share" / "xiangqi", d / ".." / ".." / "book"})
    dirs.push_back(p);
#ifdef XQ_SOURCE_BOOK_DIR
  if (!std::getenv("XIANGQI_NO_SOURCE_TREE")) dirs.push_back(XQ_SOURCE_BOOK_DIR);  // the install test hides it
#endif
  for (const auto& dir : dirs) {
    const fs::path f = dir / "xiangqi.book";
    if (fs::is_regular_file(f, ec)) return f.string();
  }
  return "";
}

}  // namespace xq
