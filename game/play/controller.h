// The game's state machine: selection, whose turn, players and levels, the
// computer's search, undo/redo, review, hint, and the events (sounds, banner)
// that the window turns into noise and pixels. No SDL in here: the tests
// drive it with clicks in board coordinates and a clock they control.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "book.h"
#include "clock.h"
#include "game.h"
#include "language.h"
#include "search_service.h"
#include "searcher.h"

namespace xq {

enum class SoundId { Select, Move, Capture, Check, Win, Lose, Draw, Illegal, Tick };
constexpr int kSoundCount = 9;

enum class PlayerKind { Human, Computer };

// The eight playing levels: the engine's skill ladder (skill.h: a shallower
// search and a choice among candidates below the top), each at most
// movetime_ms a move (they stop at their depth long before); the top one plays at full strength, 8 s a move.
struct Level {
  Phrase name;
  int skill;        // skill_level(skill): depth, weakness, candidates, measured Elo
  int movetime_ms;
};
inline constexpr Level kLevels[] = {
    {Phrase::Level0, 1, 1000}, {Phrase::Level1, 2, 1000}, {Phrase::Level2, 3, 1000}, {Phrase::Level3, 4, 1000},
    {Phrase::Level4, 5, 1000}, {Phrase::Level5, 6, 1000}, {Phrase::Level6, 7, 2000}, {Phrase::Level7, 8, 8000}};
constexpr int kLevelCount = 8;
// The keys 1-4 pick four of them (newcomer, amateur, expert, grandmaster).
inline constexpr int kLevelKeys[4] = {0, 3, 5, 7};

// Handicap starts: the side giving odds plays without these pieces.
enum class Handicap { None, OneHorse, TwoHorses, NinePieces };
// The start position with `giver`'s pieces removed (让单马, 让双马, 让九子).
std::string handicap_fen(Handicap h, Color giver);

// Who plays which side.
enum class Mode { HumanRed, HumanBlack, TwoPlayers, ComputerOnly };
// Modes by name (red, black, two, demo), as settings and saved games keep them; red for anything else.
Mode mode_from(const std::string& name);
std::string mode_name(Mode m);

// The spare cores, one left for the window and the rest of the desktop: one
// fewer than the machine's cores, at least one, at most 8.
int default_search_threads();

struct ControllerOptions {
  size_t hash_mb = 32;
  int threads = 1;  // search threads (the program gives it default_search_threads())
  int movetime_override_ms = 0;  // --movetime: replaces the level's time
  int animation_ms = 150;        // 0 = no animation
  uint64_t seed = 0;             // 0 = random
  const Book* book = nullptr;    // optional opening book
};

class Controller {
 public:
  explicit Controller(ControllerOptions options = {});
  ~Controller();

  // ---- game set-up ----
  // Starts a new game (stops a search first; its move never lands).
  bool new_game(const std::string& fen = kStartFen, std::string* error = nullptr);
  void set_mode(Mode m);
  Mode mode() const { return mode_; }
  void set_level(int level);
  int level() const { return level_; }
  // A new game in which the computer gives odds (red does when both or neither play).
  void new_handicap_game(Handicap h);
  // Replaces the game with a loaded one (moves already validated).
  bool load_game(const std::string& fen, const std::vector<Move>& moves, std::string* error);

  // ---- input ----
  // A click on a board square (engine square numbering).
  void click(Square s);
  // A click anywhere that is not a square or a control (restarts after a result).
  void click_elsewhere();
  // Drops the selection (right click, Esc).
  void deselect();
  void undo();
  void redo();
  void request_hint();
  // The player on move (the human, when one plays the computer) gives up.
  void resign();
  // A draw offer: two players at one board agree at once; the computer
  // accepts when its last search saw no advantage for itself and the game has
  // gone 20 plies without a capture. False (and a refusal) otherwise.
  bool offer_draw();
  // Review: show the position after `ply` moves (-1 = the live game).
  void review(int ply);
  // With branching on, a move made on a position under review (a click on a
  // piece, then a point) plays from there: the moves after it are taken back
  // (the app model keeps them in the record's tree as the line they were).
  void set_branching(bool on) { branching_ = on; }
  // Plays m from the position under review (false: not legal there, or not
  // the player's turn); its own next move just steps forward.
  bool play_from_review(Move m);
  // Bumped by every new or loaded game (not by moves, undo or redo).
  uint64_t game_serial() const { return game_serial_; }
  int review_ply() const { return review_ply_; }
  // Stops a computer-only game (both sides become human) or starts one.
  void stop_demo();

  // ---- clocks ----
  // Puts both clocks at the control's full time for the game on show (none:
  // no clocks; the computer then plays on its level's time a move). With a
  // clock the computer plans its time on its own clock, and a flag fall loses
  // (a draw when the other side has nothing that can mate).
  void set_time_control(const TimeControl& tc);
  const TimeControl& time_control() const { return clock_.control(); }
  int full_clock() const { return clock_.control().base_ms + clock_.control().byoyomi_total(); }
  int clock_ms(Color c) const { return clock_.remaining(c, now_ms_); }
  bool clock_running(Color c) const { return clock_.running() && clock_.side() == c; }
  // Stops the clock while the game is set aside (the position editor is open);
  // the next update starts it again for the side to move.
  void pause_clock(int64_t now_ms) {
    if (clock_.running()) clock_.stop(now_ms);
  }
  // The clock reading after each move, as PGN comments ("[%clk 0:04:58]").
  std::vector<std::string> clock_comments() const;
  // Restores a saved game's clocks from its control and its move comments.
  void restore_clocks(const TimeControl& tc, const std::vector<std::string>& comments);

  // The language of the status, banner and refusals (Chinese by default).
  void set_language(Language lang);
  Language language() const { return language_; }

  // ---- engines ----
  // An outside engine (nullptr: none) and what it does: play the computer's
  // moves for red and/or black, and analyse. Anything it does not do, the
  // built-in engine does. When it fails (crash, hang, illegal move) it is
  // dropped, a notice says why, and the built-in engine plays on.
  void set_outside_engine(std::unique_ptr<SearchService> engine, bool plays_red, bool plays_black, bool analyses);
  bool has_outside_engine() const { return outside_ != nullptr; }
  // New roles for the outside engine already set (a search in progress is dropped).
  void set_engine_roles(bool plays_red, bool plays_black, bool analyses);
  std::string engine_name(Color side) const;  // the engine that plays the computer's moves on that side
  std::string analysis_engine_name() const;
  bool plays_outside(Color side) const { return outside_ && outside_plays_[side]; }
  bool analysis_is_outside() const { return outside_ && outside_analyses_; }
  // A message for the player since the last call ("" when none).
  std::string take_notice();

  // ---- analysis ----
  // With analysis on, the engine analyses the position on show without a
  // limit, three lines, when two players share the board or a move of the
  // record is being reviewed (never the live game against the computer, and
  // never while the computer thinks). It follows the position as it changes.
  void set_analysis(bool on);
  bool analysing() const { return analysing_; }
  static constexpr int kAnalysisLines = 3;

  // The limits of the computer's last search (which of level and clock governed).
  const Limits& last_search_limits() const { return last_limits_; }

  // ---- pondering ----
  // When the player allows it, the top level thinks on the player's time:
  // after its move it searches the reply it expects; if the player makes that
  // move its search goes on (a ponderhit), any other move starts afresh.
  void set_ponder(bool on);
  bool ponder() const { return ponder_; }
  bool pondering() const { return pondering_; }  // a ponder search runs now
  Move ponder_move() const { return pondering_ ? ponder_move_ : kNoMove; }
  // How many of the computer's searches went on from a ponder (the player made the expected move).
  int ponder_hits() const { return ponder_hits_; }

  // ---- a game judged elsewhere (online) ----
  // The server keeps the clocks and says when a flag falls: the local clocks
  // show its readings and never end the game themselves.
  void set_remote_clock(bool on) { remote_clock_ = on; }
  // While the server cannot be reached its clocks are not known: the local
  // ones stand still (they ran on, then jumped back) until its readings come.
  void hold_clock(bool on, int64_t now_ms) {
    clock_held_ = on;
    if (on) pause_clock(now_ms);
  }
  // The server's readings, the side to move's clock running from now_ms.
  void set_clock_readings(int red_ms, int black_ms, int64_t now_ms);
  // The opponent's move as the server relayed it (false when not legal here).
  bool play_remote(Move m);
  // The server ended the game: resignation, agreement, a flag or abandonment
  // (`loser` for the ones that have one); mates and repetitions the local judge sees itself.
  void end_remote(Reason reason, Color loser);
  // The server took moves back (a takeback both sides agreed to).
  void take_back_remote(int to_ply);

  // ---- time ----
  // Polls the search and moves the game on. now_ms is a monotonic clock.
  void update(int64_t now_ms);
  // While set, the computer does not start thinking (an outside engine is being
  // opened and will play); the clocks run and a flag can fall all the same.
  void hold_computer(bool on) { hold_computer_ = on; }
  // Play from the position on show: the moves after it leave the game (a file
  // it came from is untouched). Where the rules had already ended the game
  // (a record played on past a repetition), a new game starts from the position.
  void play_from_here();

  // ---- state for drawing ----
  const Game& game() const { return game_; }
  const Book* book() const { return options_.book; }  // the opening book (nullptr: none)
  // The position on show (the live one, or the reviewed one).
  Position shown_position() const;
  std::optional<Square> selected() const { return selected_; }
  std::vector<Square> targets() const;  // legal targets of the selection
  Move last_move() const;               // of the position on show
  Move hint() const { return hint_; }
  bool thinking() const { return searching_ && !hint_search_; }
  bool hinting() const { return searching_ && hint_search_; }
  // The latest search's report, while it belongs to the game on show: a new
  // game, a loaded one or any reset of the search hides it until the next one.
  // While pondering, the report of the search that chose the last move (the
  // ponder's own lines would show the player the reply it expects).
  SearchInfo analysis() const;
  // The analysing engine answered with a move and no lines at all (an outside
  // engine's book move, as ElephantEye gives in its book); kNoMove otherwise.
  Move analysis_move_without_lines() const;
  // The computer's search has finished and its move waits to be played.
  bool search_result_ready() const { return searching_ && active_->done(); }
  // The position the latest search started from (its PV and score belong to it).
  const Position& analysis_root() const { return analysis_root_; }
  bool human_to_move() const;
  PlayerKind player(Color c) const { return players_[c]; }
  bool game_over() const { return game_.verdict().over(); }
  std::string banner() const;  // result text, or "" while the game goes on
  std::string status() const;  // a line for the panel: whose move, check, thinking...
  // The king of the side to move on show when it is in check (for a mark).
  std::optional<Square> king_in_check() const;
  // Why the last refused move was refused ("" when none or it is stale), and until when to say so.
  std::string refusal(int64_t now_ms) const;
  std::string refusal_text() const;
  int64_t refusal_until_ms() const { return refusal_ms_ + 2500; }
  // The point a refused move went for (shown marked while refusal_text() is).
  std::optional<Square> refused_target() const { return refusal_ ? refused_target_ : std::nullopt; }
  // The moving piece's animation at now_ms: the move and how far it has got (0..1).
  std::optional<std::pair<Move, float>> animation(int64_t now_ms) const;
  // The newest move's slide as a whole (none in review or with animation off).
  struct Slide {
    Move move;
    int64_t start_ms;
    int duration_ms;
  };
  std::optional<Slide> animation_info() const;
  void set_animation_ms(int ms) {
    options_.animation_ms = ms;
    ++view_revision_;
  }
  int animation_ms() const { return options_.animation_ms; }

  // Events since the last call: sounds to play, in order.
  std::vector<SoundId> take_sounds();
  // Incremented whenever the game record changes (for autosave).
  uint64_t revision() const { return revision_; }
  // Incremented whenever anything on show changes (record, selection, review,
  // hint, players, level, a search starting or ending): the view model is
  // rebuilt only then.
  uint64_t view_revision() const { return view_revision_; }

 private:
  bool apply_move(Move m);  // false (nothing changes) when m is not legal
  void end_sounds();        // the result's sound, when the game has just ended
  // Clocks follow the record: full at a new game, back to the readings of
  // the ply an undo returns to; they run from the next update().
  void reset_clock_record();
  void clock_to_ply();
  void refuse(Move m);
  void start_search_if_needed();
  void cancel_search();
  // The computer's latest report: while it ponders, that of the search that chose its move.
  SearchInfo latest_info() const;
  // The level's and the clock's limits for `side`'s next search, and its options.
  Limits computer_limits(Color side, SearchOptions& so);
  void start_ponder(Move guess);  // after the computer's move, on the reply it expects
  void stop_ponder();
  bool ponder_hit();  // the player made the expected move: the ponder search becomes the computer's
  SearchService& player_engine(Color side);
  SearchService& analysis_engine();
  // Starts or stops the analysis as the position on show and the turn change.
  void update_analysis();
  void stop_analysis();
  // Drops a failed outside engine with a notice; true when it had failed.
  bool outside_failed();
  void after_record_change();
  void step_record(bool back);
  bool one_human() const { return mode_ == Mode::HumanRed || mode_ == Mode::HumanBlack; }

  ControllerOptions options_;
  bool remote_clock_ = false;
  bool clock_held_ = false;
  bool branching_ = false;
  uint64_t game_serial_ = 0;
  Game game_;
  std::unique_ptr<Searcher> searcher_;        // the built-in engine
  std::unique_ptr<SearchService> outside_;    // an outside engine, if any
  bool outside_plays_[2] = {false, false};
  bool outside_analyses_ = false;
  SearchService* active_ = nullptr;           // the engine of the latest search (never null)
  bool analysis_wanted_ = false;
  bool analysing_ = false;
  uint64_t analysis_key_ = 0;                 // the position on show last looked at (key and ply; 0: none)
  std::string notice_;
  PlayerKind players_[2] = {PlayerKind::Human, PlayerKind::Computer};
  Mode mode_ = Mode::HumanRed;
  int level_ = 1;
  std::optional<Square> selected_;
  std::vector<SoundId> sounds_;
  bool searching_ = false;
  bool hold_computer_ = false;
  Limits last_limits_;  // of the computer's last search
  Mode mode_before_demo_ = Mode::TwoPlayers;  // what stop_demo() goes back to
  bool analysis_shown_ = false;  // the search's report belongs to what is on show
  bool hint_search_ = false;
  uint64_t search_generation_ = 0;
  Move hint_ = kNoMove;
  Move pending_ = kNoMove;  // the computer's move, waiting for an animation to end
  Move pending_ponder_ = kNoMove;  // the reply its search expects
  bool ponder_ = false, pondering_ = false;
  Move ponder_move_ = kNoMove;
  uint64_t ponder_key_ = 0;         // the position after the expected reply
  int ponder_ply_ = 0;              // and its ply
  uint64_t ponder_generation_ = 0;  // the built-in engine's generation of the ponder search
  Limits ponder_limits_;
  SearchInfo last_info_;  // the computer's last search's report, shown while it ponders
  int ponder_hits_ = 0;
  std::optional<Phrase> refusal_;  // why the last move tried was refused
  Language language_ = Language::Chinese;
  int64_t refusal_ms_ = 0;
  std::optional<Square> refused_target_;
  Position review_pos_;
  Position analysis_root_;
  int review_ply_ = -1;
  int64_t now_ms_ = 0;
  int64_t anim_start_ms_ = -1000000;
  Move anim_move_ = kNoMove;
  uint64_t revision_ = 0;
  uint64_t view_revision_ = 0;
  std::mt19937_64 rng_;
  GameClock clock_;
  int last_tick_second_ = -1;  // the clock's last whole second that ticked
  std::vector<std::pair<int, int>> clock_at_ply_;  // red's and black's time when each ply began
};

}  // namespace xq
