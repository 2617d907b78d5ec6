// The puzzle trainer in the app model: opening a puzzle, judging the
// player's moves against its solution (or, for the classic endings, the
// game's result), the ratings after each attempt, and the progress view.
#include <algorithm>
#include <array>
#include <cmath>
#include <ctime>
#include <map>

#include "app_model.h"
#include "fen.h"
#include "notation.h"

namespace xq {

namespace {

// A puzzle's FEN with its move number set to 1: its moves are counted from
// the puzzle's start, not from the game it was taken from (113. …).
std::string numbered_from_one(const std::string& fen) {
  const size_t last = fen.find_last_of(' ');
  if (last == std::string::npos || fen.find(' ') == last) return fen;
  const std::string tail = fen.substr(last + 1);
  if (tail.empty() || tail.find_first_not_of("0123456789") != std::string::npos) return fen;
  return fen.substr(0, last + 1) + "1";
}

}  // namespace

void AppModel::open_puzzle(int index) {
  const int n = int(puzzles_.size());
  ui_.puzzle = ((index % n) + n) % n;
  const Puzzle& p = puzzles_[size_t(ui_.puzzle)];
  controller_.review(-1);
  controller_.set_time_control({});
  controller_.new_game(numbered_from_one(p.fen));
  set_mode(controller_.game().side_to_move() == RED ? Mode::HumanRed : Mode::HumanBlack);
  // Again after a failure the solution has been seen: that attempt is not rated.
  puzzle_unrated_ = ui_.puzzle == puzzle_failed_ ? Phrase::PuzzleUnratedSeen : Phrase::Count;
  puzzle_done_ = false;
  puzzle_won_ = false;
  judged_ply_ = 0;
  reply_at_ms_ = -1;
  ui_.puzzle_open = true;
  ui_.puzzle_outcome.clear();
  ui_.puzzle_solution.clear();
}

// Each of the player's moves once: the solution's move (or any mate) goes on
// (the reply follows half a second later) or solves it at the end; another
// move fails, and the computer's search answers it (the refutation).
void AppModel::check_line_puzzle() {
  const Puzzle& p = puzzles_[size_t(ui_.puzzle)];
  const Game& g = controller_.game();
  const int ply = g.ply();
  if (ply < judged_ply_) {  // moves taken back: judge them again when they are made again
    judged_ply_ = ply;
    reply_at_ms_ = -1;
  }
  if (puzzle_done_ || ply == judged_ply_ || ply % 2 == 0) return;  // nothing new of the player's
  judged_ply_ = ply;
  const Move played = g.moves()[size_t(ply - 1)];
  const Color player = g.start_side();
  const Verdict v = g.verdict();
  const bool mated = v.outcome == (player == RED ? Outcome::RedWins : Outcome::BlackWins);
  const bool right = mated || (size_t(ply) <= p.line.size() && played == p.line[size_t(ply - 1)]);
  if (right && (mated || size_t(ply) == p.line.size())) {
    finish_attempt(true, say(Phrase::PuzzleSolved));
  } else if (right) {
    reply_at_ms_ = now_ms_ + 500;
  } else {  // once it is done the computer is let go: its answer is the refutation
    FenData d;
    parse_fen(numbered_from_one(p.fen), d, nullptr);
    // The solution in three lines at most, a few moves a line, under the ratings.
    const NotationStyle style = notation_style(ui_);
    const std::vector<std::string> names = line_names(d.pos, p.line, style);
    const size_t per_line = style == NotationStyle::Chinese ? 4 : 5;
    ui_.puzzle_solution = {say(Phrase::PuzzleSolutionHead)};
    for (size_t i = 0; i < names.size(); i += per_line) {
      std::string row;
      for (size_t j = i; j < names.size() && j < i + per_line; ++j) row += (row.empty() ? "" : "  ") + names[j];
      if (ui_.puzzle_solution.size() == 3) ui_.puzzle_solution.back() += " …";
      if (ui_.puzzle_solution.size() == 3) break;
      ui_.puzzle_solution.push_back(row);
    }
    finish_attempt(false, say(Phrase::PuzzleWrong));
  }
}

void AppModel::play_line_reply() {
  if (reply_at_ms_ < 0 || now_ms_ < reply_at_ms_ || !line_puzzle()) return;
  reply_at_ms_ = -1;
  const Puzzle& p = puzzles_[size_t(ui_.puzzle)];
  const size_t ply = size_t(controller_.game().ply());
  if (ply < p.line.size() && ply % 2 == 1) controller_.play_remote(p.line[ply]);
}

// Said once per attempt: a mate within the stated moves solves it (and is
// remembered); a loss, a draw or too many moves do not.
void AppModel::check_puzzle() {
  if (ui_.puzzle < 0) return;
  if (line_puzzle()) return check_line_puzzle();
  if (puzzle_done_) return;
  const Puzzle& p = puzzles_[size_t(ui_.puzzle)];
  const Game& g = controller_.game();
  const Color player = g.start_side();
  const int player_moves = (g.ply() + 1) / 2;
  const Verdict v = g.verdict();
  const bool won = v.outcome == (player == RED ? Outcome::RedWins : Outcome::BlackWins);
  const bool mated = won && (v.reason == Reason::Checkmate || v.reason == Reason::Stalemate);
  const bool solved = p.goal == PuzzleGoal::Mate ? mated && player_moves <= p.moves
                      : p.goal == PuzzleGoal::Win ? won
                                                  : won || v.outcome == Outcome::Draw;
  if (solved) {
    finish_attempt(true, say(Phrase::PuzzleSolved));
  } else if (v.over()) {
    finish_attempt(false, say(Phrase::PuzzleFailed));
  } else if (p.goal == PuzzleGoal::Mate && player_moves >= p.moves && g.side_to_move() == player) {  // moves used up
    finish_attempt(false, say(Phrase::PuzzleTooLong, {std::to_string(p.moves)}));
  }
}

void AppModel::finish_attempt(bool solved, const std::string& outcome) {
  puzzle_done_ = true;
  puzzle_won_ = solved;
  if (puzzle_unrated_ != Phrase::Count) {  // a hint was used, or the solution was seen: said, not rated
    ui_.puzzle_outcome = outcome;
    flash(outcome + say(puzzle_unrated_));
    return;
  }
  if (!solved) puzzle_failed_ = ui_.puzzle;
  if (solved) {
    solved_.insert(ui_.puzzle);
    settings_.solved = solved_text(solved_);
    store_settings();
  }
  ui_.puzzle_outcome = outcome;
  record_attempt(solved);
}

// An attempt's end: both ratings move (Glicko-2), the progress is written
// (atomically, off the frame thread) and the change is said.
void AppModel::record_attempt(bool solved) {
  const int before = int(std::lround(progress_.player().rating));
  progress_.record(puzzles_[size_t(ui_.puzzle)], solved);
  const int after = int(std::lround(progress_.player().rating));
  if (use_settings_) storage_->write(progress_name(), progress_.text());
  // The outcome stands under the title; the passing line says what it did to the rating.
  flash(say(Phrase::PuzzleRatingNow, {std::to_string(before), std::to_string(after)}));
}

bool AppModel::puzzle_action(Action a) {
  switch (a) {
    case Action::PuzzleProgress: progress_open_ = !progress_open_; return true;
    case Action::PuzzleProgressClose: progress_open_ = false; return true;
    case Action::PuzzleOfDay: case Action::PuzzleRetryFailed: {
      const int index = a == Action::PuzzleOfDay ? puzzle_of_the_day() : failed_puzzle();
      if (index < 0) {
        flash(say(puzzles_.empty() ? Phrase::NoPuzzles : Phrase::PuzzleNoFailed));
        return true;
      }
      progress_open_ = false;
      if (ui_.puzzle < 0) before_puzzles_ = GameToResume{game_pgn({}), controller_.mode(), ui_.flipped, controller_.time_control()};
      open_puzzle(index);
      return true;
    }
    default: break;
  }
  if (a == Action::Puzzles) {
    if (puzzles_.empty()) {
      flash(say(Phrase::NoPuzzles));
      return true;
    }
    if (ui_.puzzle < 0)  // the game (and side, and board) to come back to
      before_puzzles_ = GameToResume{game_pgn({}), controller_.mode(), ui_.flipped, controller_.time_control()};
    open_puzzle(progress_.next_near(puzzles_, -1, solved_));  // an unsolved one near the player's rating
    return true;
  }
  if (ui_.puzzle < 0) return a == Action::PuzzlePrev || a == Action::PuzzleNext || a == Action::PuzzleRetry ||
                             a == Action::PuzzleExit;
  switch (a) {
    case Action::PuzzlePrev: progress_open_ = false; open_puzzle(ui_.puzzle - 1); return true;
    case Action::PuzzleNext: open_puzzle(progress_.next_near(puzzles_, ui_.puzzle, solved_)); return true;
    case Action::PuzzleRetry: open_puzzle(ui_.puzzle); return true;
    case Action::PuzzleExit: {
      progress_open_ = false;
      ui_.puzzle = -1;
      ui_.puzzle_open = false;
      controller_.new_game();
      // Back to the game's own clock (puzzles have none); no game set aside: the chosen one.
      controller_.set_time_control(before_puzzles_ ? before_puzzles_->clock
                                                   : parse_clock_option(settings_.clock).value_or(TimeControl{}));
      PgnGame pg;
      if (before_puzzles_ && read_pgn(before_puzzles_->pgn, pg, nullptr) &&
          controller_.load_game(pg.fen, pg.moves, nullptr)) {  // back to the game left for the puzzles
        restore_clocks(pg);
        set_mode(before_puzzles_->mode);
        ui_.flipped = before_puzzles_->flipped;
      }
      before_puzzles_.reset();
      return true;
    }
    case Action::NewGame: case Action::ModeRed: case Action::ModeBlack: case Action::ModeTwo: case Action::ModeDemo:
    case Action::HandicapOne: case Action::HandicapTwo: case Action::HandicapNine: case Action::EditBoard:
    case Action::Load: case Action::PasteFen:
      ui_.puzzle = -1;  // another game leaves the puzzles
      ui_.puzzle_open = false;
      before_puzzles_.reset();
      return false;
    default: return false;
  }
}

// The same puzzle all day for everyone with this collection: the day's
// number (local time) spread over the collection.
int AppModel::puzzle_of_the_day() const {
  if (puzzles_.empty()) return -1;
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  const uint64_t day = uint64_t(local.tm_year) * 400 + uint64_t(local.tm_yday);
  return int((day * 2654435761ULL) % puzzles_.size());
}

int AppModel::failed_puzzle() const {
  int best = -1;
  double best_gap = 1e9;
  const double me = progress_.player().rating;
  for (size_t i = 0; i < puzzles_.size(); ++i) {
    if (solved_.count(int(i))) continue;
    const auto it = progress_.records().find(puzzles_[i].fen);
    if (it == progress_.records().end() || it->second.failed == 0) continue;
    const double gap = std::abs(it->second.rating.rating - me);
    if (gap < best_gap) best_gap = gap, best = int(i);
  }
  return best;
}

namespace {

Phrase theme_phrase(const std::string& theme) {
  if (theme == "mate") return Phrase::ThemeMate;
  if (theme == "fork") return Phrase::ThemeFork;
  if (theme == "discovered") return Phrase::ThemeDiscovered;
  if (theme == "pin") return Phrase::ThemePin;
  if (theme == "trap") return Phrase::ThemeTrap;
  if (theme == "defence") return Phrase::ThemeDefence;
  if (theme == "ending") return Phrase::ThemeEnding;
  return Phrase::ThemeMaterial;
}

}  // namespace

// The rating over the last attempts (a bar each), and solved/failed by theme.
std::optional<Dialog> AppModel::progress_dialog() const {
  if (!progress_open_) return std::nullopt;
  Dialog d;
  const GlickoRating& me = progress_.player();
  d.text = say(Phrase::PuzzleProgressTitle, {std::to_string(std::lround(me.rating)), std::to_string(std::lround(me.deviation))});
  d.area = {20, 30, 480, 540};
  d.chart = progress_.history();
  d.chart_area = {40, 100, 440, 150};
  if (d.chart.empty()) {
    d.lines.push_back(say(Phrase::PuzzleNoAttempts));
  } else {
    const auto [lo, hi] = std::minmax_element(d.chart.begin(), d.chart.end());
    d.lines.push_back(say(Phrase::PuzzleGraphLabel, {std::to_string(d.chart.size()), std::to_string(*lo), std::to_string(*hi)}));
  }
  d.lines_y = 270;
  std::map<std::string, std::array<int, 3>> by_theme;  // solved, failed, puzzles
  for (const Puzzle& p : puzzles_) {
    auto& row = by_theme[theme_of(p)];
    ++row[2];
    if (const auto it = progress_.records().find(p.fen); it != progress_.records().end()) {
      row[0] += it->second.solved > 0;
      row[1] += it->second.failed > 0 && it->second.solved == 0;
    }
  }
  d.lines.push_back(say(Phrase::PuzzleSolvedCount, {std::to_string(solved_.size()), std::to_string(puzzles_.size())}));
  for (const std::string& theme : puzzle_themes()) {
    const auto it = by_theme.find(theme);
    if (it == by_theme.end()) continue;
    d.lines.push_back(say(Phrase::PuzzleThemeRow, {say(theme_phrase(theme)), std::to_string(it->second[0]),
                                                   std::to_string(it->second[1]), std::to_string(it->second[2])}));
  }
  const float y = 510;
  d.buttons = {{Action::PuzzleOfDay, say(Phrase::PuzzleOfDay), {40, y, 100, 36}, false},
               {Action::PuzzleRetryFailed, say(Phrase::PuzzleRetryFailed), {150, y, 110, 36}, false},
               {Action::PuzzlePrev, say(Phrase::PuzzlePrev), {270, y, 100, 36}, false},
               {Action::PuzzleProgressClose, say(Phrase::Close), {380, y, 100, 36}, true}};
  return d;
}

}  // namespace xq
