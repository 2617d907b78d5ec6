// Opening book lookup. The book is a sorted array of (position key, move,
// weight); left-right mirror positions share entries, so a lookup tries the
// position and its mirror. Built by book/book_builder from book/openings.txt.
#pragma once
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "position.h"

namespace xq {

struct BookEntry {
  uint64_t key;
  uint16_t move;  // from | to << 8, for the position with this key
  uint16_t weight;
};

// Far more than any opening book needs (a million entries is 12 MB).
inline constexpr size_t kMaxBookBytes = size_t(64) << 20;
inline constexpr char kBookMagic[8] = {'X', 'Q', 'B', 'O', 'O', 'K', '1', '\0'};

Move mirror_move(Move m);

class Book {
 public:
  // Reads and checks a book file (magic, size, sort order, move squares).
  bool load(const std::string& path, std::string* error);
  bool load_bytes(const std::string& bytes, std::string* error);
  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }
  const std::vector<BookEntry>& entries() const { return entries_; }

  struct Choice {
    Move move;
    int weight;
  };
  // Legal book moves for pos that do not repeat an earlier position.
  std::vector<Choice> moves(Position& pos) const;
  // One of them at random by weight, or kNoMove.
  Move pick(Position& pos, std::mt19937_64& rng) const;

  // Serialises entries (sorted by key, then move) in the file format.
  static std::string serialize(const std::vector<BookEntry>& entries);
  // The canonical (key, move) for storing a position's move: the smaller of
  // the position's key and its mirror's.
  static BookEntry canonical(const Position& pos, Move m, int weight);

 private:
  std::vector<BookEntry> entries_;
};

// Where the game and the engine look for the book when no path is given:
// beside the executable, in ../book and ../share/xiangqi, and in the source tree.
std::string find_book_file(const std::string& argv0);

}  // namespace xq
