// Xiangqi PGN: tags (Event, Date, Red, Black, Result, FEN when not the start)
// and moves in Chinese notation numbered by rounds; ICCS is accepted on load.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "game.h"
#include "notation.h"
#include "game_tree.h"

namespace xq {

struct PgnGame {
  std::vector<std::pair<std::string, std::string>> tags;
  std::string fen = kStartFen;
  std::vector<Move> moves;
  std::vector<std::string> comments;  // the {comment} after each move ("" when none), one per move
  // Where reading stopped short of the end, at a move that cannot be played
  // (the game is kept up to it, as other readers do): its number from the
  // first (1 = the first move), the move as written, and why. 0: read whole.
  int stopped_at = 0;
  std::string stopped_move, stopped_why;
  // Where the rules would have ended the game when the record goes on past
  // it (a repetition nobody called, a perpetual check played on): the ply the
  // verdict came at and the verdict. A record is what was played: every move
  // is kept, and this is shown as a note. 0: the record ends where the rules do, or before.
  int judged_ply = 0;
  Verdict judged;
  std::string tag(const std::string& name) const;
};

// Sets `out.judged_ply` and `out.judged` from a game replayed with play_on.
void note_verdict(const Game& game, PgnGame& out);
// "the rules end the game at move 39 (draw by repetition); the record goes on to move 49"
// ("" when the record does not go on past a verdict).
std::string verdict_note_en(const PgnGame& g);

// The result tag for a verdict: 1-0, 0-1, 1/2-1/2 or *.
std::string result_tag(const Verdict& v);

// What may follow a move in the movetext: a comment, a numeric annotation
// glyph ($2 = ?, $4 = ??, $6 = ?!) and a variation played instead of it.
struct PgnNote {
  std::string comment;
  int nag = 0;                   // 0: none
  std::vector<Move> variation;   // from the position before the move
  std::string variation_comment; // after the variation's first move
};

std::string write_pgn(const Game& g, std::vector<std::pair<std::string, std::string>> tags,
                      const std::vector<PgnNote>& notes);

// Writes g with the given tags (Result and FEN are filled in from the game)
// and, where given, a {comment} after each move (such as a clock reading).
std::string write_pgn(const Game& g, std::vector<std::pair<std::string, std::string>> tags,
                      const std::vector<std::string>& comments = {});

// Reads one game: the main line with its comments; variations, NAGs and
// move suffixes such as ?! are skipped. A move that cannot be read or played
// ends the game there (stopped_at says which), unless it is the first thing
// of a text without tags (then it is no game). On failure returns false with
// a message naming the line, and leaves out untouched.
bool read_pgn(const std::string& text, PgnGame& out, std::string* error);

// The games of a file that holds many, each as its own text: a new game
// starts at a tag line that follows moves (so games without a Result tag or
// a terminator, common in downloaded collections, are not glued together),
// and in move lists typed without tags at a line that begins round one again.
// Text that is one game (or none) comes back as one piece.
std::vector<std::string> split_pgn_games(const std::string& text);

// A game with its variations, comments and marks (the record as a tree).
struct PgnTree {
  std::vector<std::pair<std::string, std::string>> tags;
  GameTree tree;
  // As in PgnGame, for the main line: where it stopped at a move that cannot be played.
  int stopped_at = 0;
  std::string stopped_move, stopped_why;
  int dropped_variations = 0;  // variations cut at a move that cannot be played
  std::string tag(const std::string& name) const;
};
// The tag a reader adds when it turned a diagram's side to move (see diagram_side).
inline constexpr const char* kDiagramNote = "the side in check is to move (the file named the other)";
// Variations nest at most this deep; deeper is an error, never a stack overflow.
constexpr int kMaxVariationDepth = 64;
// A game's moves, comments and variations (the text after its tags) are at
// most this long; a longer one is refused with a message, not read.
constexpr size_t kMaxMovetextBytes = size_t(8) << 20;
// Reads one game with its RAV variations "( … )", {comments}, ";" comments,
// NAGs ($1–$6) and move suffixes (! ? !! ?? !? ?!). A variation replaces the
// move before it. False with a message (line or depth) on failure.
bool read_pgn_tree(const std::string& text, PgnTree& out, std::string* error);
// Writes the tree with its tags (FEN from the tree, Result as given): our own
// output reads back to the same tree.
// style: the moves in Chinese (the default), WXF letters or ICCS; the last two
// carry a [Format "WXF"] / [Format "ICCS"] tag, as other programs expect.
std::string write_pgn_tree(const GameTree& tree, std::vector<std::pair<std::string, std::string>> tags,
                           const std::string& result, NotationStyle style = NotationStyle::Chinese);

}  // namespace xq
