#include "controller.h"
#include "skill.h"

#include "timeman.h"

#include <algorithm>
#include <thread>

#include "movegen.h"

namespace xq {

Mode mode_from(const std::string& s) {
  if (s == "black") return Mode::HumanBlack;
  if (s == "two") return Mode::TwoPlayers;
  if (s == "demo") return Mode::ComputerOnly;
  return Mode::HumanRed;
}

std::string mode_name(Mode m) {
  switch (m) {
    case Mode::HumanBlack: return "black";
    case Mode::TwoPlayers: return "two";
    case Mode::ComputerOnly: return "demo";
    default: return "red";
  }
}

int default_search_threads() {
  const int cores = int(std::thread::hardware_concurrency());
  return std::clamp(cores - 1, 1, 8);
}

Controller::Controller(ControllerOptions options)
    : options_(options), searcher_(std::make_unique<Searcher>(options.hash_mb)),
      rng_(options.seed ? options.seed : std::random_device{}()) {
  searcher_->set_background(true);  // the frame loop keeps its priority over our own search
  searcher_->set_threads(options.threads);
  active_ = searcher_.get();
  reset_clock_record();
}

Controller::~Controller() {
  searcher_->cancel();
  if (outside_) outside_->cancel();
}

void Controller::reset_clock_record() {
  clock_.reset(clock_.control());
  clock_at_ply_.assign(size_t(game_.ply()) + 1, {full_clock(), full_clock()});
}

void Controller::clock_to_ply() {
  const size_t n = size_t(game_.ply()) + 1;
  if (clock_at_ply_.size() > n) clock_at_ply_.resize(n);
  if (clock_at_ply_.empty()) clock_at_ply_.push_back({full_clock(), full_clock()});
  while (clock_at_ply_.size() < n) clock_at_ply_.push_back(clock_at_ply_.back());  // redo: times unknown, kept
  clock_.set(clock_at_ply_.back().first, clock_at_ply_.back().second);
}

void Controller::set_time_control(const TimeControl& tc) {
  clock_held_ = false;
  clock_.reset(tc);
  reset_clock_record();
  ++revision_;
  ++view_revision_;
}

std::vector<std::string> Controller::clock_comments() const {
  std::vector<std::string> out;
  if (!clock_.on()) return out;
  Color mover = game_.start_side();
  for (size_t i = 1; i < clock_at_ply_.size(); ++i, mover = ~mover)
    out.push_back(clock_comment(mover == RED ? clock_at_ply_[i].first : clock_at_ply_[i].second));
  return out;
}

void Controller::restore_clocks(const TimeControl& tc, const std::vector<std::string>& comments) {
  clock_.reset(tc);
  reset_clock_record();
  if (!tc.on()) return;
  Color mover = game_.start_side();
  for (size_t i = 0; i + 1 < clock_at_ply_.size(); ++i, mover = ~mover) {
    clock_at_ply_[i + 1] = clock_at_ply_[i];
    if (const auto ms = i < comments.size() ? parse_clock_comment(comments[i]) : std::nullopt)
      (mover == RED ? clock_at_ply_[i + 1].first : clock_at_ply_[i + 1].second) = *ms;
  }
  clock_to_ply();
  ++view_revision_;
}

void Controller::after_record_change() {
  selected_.reset();
  hint_ = kNoMove;
  review_ply_ = -1;
  ++revision_;
  ++view_revision_;
}

bool Controller::new_game(const std::string& fen, std::string* error) {
  Game g;
  if (!g.reset(fen, error)) return false;
  cancel_search();
  game_ = g;
  anim_move_ = kNoMove;
  reset_clock_record();
  after_record_change();
  ++game_serial_;
  return true;
}

std::string handicap_fen(Handicap h, Color giver) {
  FenData d;
  parse_fen(kStartFen, d, nullptr);
  Position out;
  for (PieceId id = 16; id < 48; ++id) {
    Square s = d.pos.square_of(id);
    if (!s) continue;
    // Judge from the giver's own view: red's squares, or black's turned round.
    const Square r = giver == RED ? s : flip_square(s);
    const bool giver_piece = color_of_id(id) == giver;
    const PieceType t = type_of_id(id);
    bool removed = false;
    if (giver_piece) {
      if (h == Handicap::OneHorse) removed = t == HORSE && file_of(r) == 1;
      if (h == Handicap::TwoHorses) removed = t == HORSE;
      if (h == Handicap::NinePieces) removed = t == PAWN || t == ADVISOR || t == ELEPHANT;
    }
    if (!removed) out.put_piece(id, s);
  }
  return to_fen(out);
}

void Controller::new_handicap_game(Handicap h) {
  const Color giver = players_[BLACK] == PlayerKind::Computer && players_[RED] == PlayerKind::Human ? BLACK : RED;
  new_game(handicap_fen(h, giver));
}

bool Controller::load_game(const std::string& fen, const std::vector<Move>& moves, std::string* error) {
  Game g;
  if (!g.reset(fen, error)) return false;
  for (Move m : moves) {
    if (!g.play_on(m)) {  // a record's moves: played on past the rules' verdict, as they were
      if (error) *error = "move " + std::to_string(g.ply() + 1) + " is not legal";
      return false;
    }
  }
  cancel_search();
  game_ = g;
  anim_move_ = kNoMove;
  reset_clock_record();
  after_record_change();
  ++game_serial_;
  return true;
}

void Controller::set_mode(Mode m) {
  if (m == Mode::ComputerOnly && mode_ != Mode::ComputerOnly) mode_before_demo_ = mode_;
  stop_ponder();  // its side and limits were the old mode's
  mode_ = m;
  players_[RED] = (m == Mode::HumanRed || m == Mode::TwoPlayers) ? PlayerKind::Human : PlayerKind::Computer;
  players_[BLACK] = (m == Mode::HumanBlack || m == Mode::TwoPlayers) ? PlayerKind::Human : PlayerKind::Computer;
  ++view_revision_;
  if (searching_ && !hint_search_ && players_[game_.side_to_move()] == PlayerKind::Human) cancel_search();
  if (pending_ && players_[game_.side_to_move()] == PlayerKind::Human) pending_ = kNoMove;
  selected_.reset();
}

void Controller::set_level(int level) {
  level_ = std::clamp(level, 0, kLevelCount - 1);
  stop_ponder();  // its limits were the old level's
  ++view_revision_;
}

void Controller::stop_demo() {
  if (mode_ != Mode::ComputerOnly) return;
  cancel_search();
  set_mode(mode_before_demo_);  // back to the side the player had (two players if the program began in demo)
}

bool Controller::human_to_move() const {
  return !game_over() && players_[game_.side_to_move()] == PlayerKind::Human;
}

Position Controller::shown_position() const { return review_ply_ >= 0 ? review_pos_ : game_.position(); }

Move Controller::last_move() const {
  const auto& m = game_.moves();
  if (review_ply_ >= 0) return review_ply_ > 0 ? m[review_ply_ - 1] : kNoMove;
  return m.empty() ? kNoMove : m.back();
}

std::vector<Square> Controller::targets() const {
  std::vector<Square> out;
  if (!selected_) return out;
  if (review_ply_ >= 0) {  // a piece picked up on a position under review
    Position p = review_pos_;
    Move moves[kMaxMoves];
    const int n = generate_legal(p, moves);
    for (int i = 0; i < n; ++i)
      if (move_from(moves[i]) == *selected_) out.push_back(move_to(moves[i]));
    return out;
  }
  for (Move m : game_.legal_moves())
    if (move_from(m) == *selected_) out.push_back(move_to(m));
  return out;
}

bool Controller::play_from_review(Move m) {
  if (review_ply_ < 0) return false;
  const int ply = review_ply_;
  if (ply < game_.ply() && game_.moves()[size_t(ply)] == m) {  // the game's own next move
    review(ply + 1);
    return true;
  }
  const Color side = review_pos_.side();
  if (mode_ != Mode::TwoPlayers && players_[side] != PlayerKind::Human) return false;
  Position p = review_pos_;
  if (!is_legal(p, m)) return false;
  cancel_search();
  while (game_.ply() > ply) game_.undo();
  clock_to_ply();
  review_ply_ = -1;
  return apply_move(m);
}

void Controller::play_from_here() {
  cancel_search();
  const int ply = review_ply_ >= 0 ? review_ply_ : game_.ply();
  while (game_.ply() > ply) game_.undo();
  review_ply_ = -1;
  selected_.reset();
  if (game_.verdict().over()) {
    const Game kept = game_;
    new_game(kept.fen());
    return;
  }
  clock_to_ply();
  after_record_change();
  ++view_revision_;
}

void Controller::click_elsewhere() {
  if (game_over() && review_ply_ < 0) new_game();
}

void Controller::click(Square s) {
  ++view_revision_;
  if (review_ply_ >= 0 && branching_) {  // a move on the position under review plays from there
    const Position& pos = review_pos_;
    const PieceId p = pos.piece_at(s);
    const bool may = mode_ == Mode::TwoPlayers || players_[pos.side()] == PlayerKind::Human;
    if (may && p && color_of_id(p) == pos.side()) {
      if (selected_ == s) selected_.reset();
      else {
        sounds_.push_back(SoundId::Select);
        selected_ = s;
      }
      return;
    }
    if (may && selected_) {
      const Move m = make_move(*selected_, s);
      if (!play_from_review(m)) {
        sounds_.push_back(SoundId::Illegal);
        selected_.reset();
      }
      return;
    }
  }
  if (review_ply_ >= 0) {  // a click on the board leaves review
    review_ply_ = -1;
    selected_.reset();
    return;
  }
  if (game_over()) {
    new_game();
    return;
  }
  if (!human_to_move()) return;
  const Position& pos = game_.position();
  const PieceId p = pos.piece_at(s);
  if (p && color_of_id(p) == pos.side()) {
    if (selected_ == s) {  // a second click on the selected piece puts it down
      selected_.reset();
      return;
    }
    sounds_.push_back(SoundId::Select);
    selected_ = s;
    return;
  }
  if (!selected_) return;
  const Move m = make_move(*selected_, s);
  if (!apply_move(m)) refuse(m);
}

// Says why a move was refused: the piece's way of moving, or the rules about the king.
void Controller::refuse(Move m) {
  sounds_.push_back(SoundId::Illegal);
  ++view_revision_;
  // Without sound the buzz is lost: every refusal says why in the status.
  refusal_ = !is_pseudo_legal(game_.position(), m) ? Phrase::CannotMoveThere
             : game_.position().in_check()          ? Phrase::MustAnswerCheck
                                                    : Phrase::ExposesKing;
  refusal_ms_ = now_ms_;
  refused_target_ = move_to(m);  // marked on the board while the status says why
}

void Controller::deselect() {
  if (!selected_) return;
  selected_.reset();
  ++view_revision_;
}

std::optional<Square> Controller::king_in_check() const {
  const Position p = shown_position();
  if (!p.king_attacked(p.side())) return std::nullopt;
  return p.king_square(p.side());
}

std::string Controller::refusal(int64_t now_ms) const {
  return refusal_ && now_ms - refusal_ms_ < 2500 ? refusal_text() : "";
}

std::string Controller::refusal_text() const { return refusal_ ? phrase(*refusal_, language_) : ""; }

void Controller::set_language(Language lang) {
  language_ = lang;
  ++view_revision_;
}

bool Controller::apply_move(Move m) {
  const Color mover = game_.side_to_move();
  if (!game_.play(m)) return false;  // the one legality check of a move
  if (clock_.on()) {
    if (!clock_.running()) clock_.run(mover, now_ms_);
    clock_.moved(mover, now_ms_);  // the other side's clock runs from now
    clock_at_ply_.push_back({clock_.remaining(RED, now_ms_), clock_.remaining(BLACK, now_ms_)});
  }
  anim_move_ = m;
  anim_start_ms_ = now_ms_;
  after_record_change();
  const Verdict v = game_.verdict();
  if (game_.last_move_gave_check() && !v.over()) sounds_.push_back(SoundId::Check);
  else if (game_.last_move_captured()) sounds_.push_back(SoundId::Capture);
  else sounds_.push_back(SoundId::Move);
  end_sounds();
  return true;
}

void Controller::set_clock_readings(int red_ms, int black_ms, int64_t now_ms) {
  clock_held_ = false;  // the server's readings: its clocks are known again
  if (!clock_.on()) return;
  clock_.set(red_ms, black_ms);
  if (!clock_at_ply_.empty()) clock_at_ply_.back() = {red_ms, black_ms};
  if (!game_over()) clock_.run(game_.side_to_move(), now_ms);
  ++view_revision_;
}

bool Controller::play_remote(Move m) {
  if (game_over() || !game_.is_legal(m)) return false;
  review_ply_ = -1;
  selected_.reset();
  return apply_move(m);
}

void Controller::end_remote(Reason reason, Color loser) {
  if (game_over()) return;
  cancel_search();
  if (reason == Reason::Agreement) game_.agree_draw();
  else if (reason == Reason::Timeout || reason == Reason::TimeoutNoMate) game_.flag_fall(loser);
  else if (reason == Reason::Abandoned) game_.abandon(loser);
  else game_.resign(loser);
  clock_.stop(now_ms_);
  after_record_change();
  end_sounds();
}

void Controller::take_back_remote(int to_ply) {
  while (game_.ply() > to_ply && game_.can_undo()) game_.undo();
  review_ply_ = -1;
  selected_.reset();
  clock_to_ply();
  after_record_change();
}

void Controller::end_sounds() {
  const Verdict v = game_.verdict();
  if (!v.over()) return;
  if (v.outcome == Outcome::Draw) {
    sounds_.push_back(SoundId::Draw);
    return;
  }
  const Color winner = v.outcome == Outcome::RedWins ? RED : BLACK;
  const bool human_won = one_human() ? players_[winner] == PlayerKind::Human : true;
  sounds_.push_back(human_won ? SoundId::Win : SoundId::Lose);
}

void Controller::undo() {
  cancel_search();
  step_record(true);
}

void Controller::redo() {
  if (!game_.can_redo()) return;
  cancel_search();
  step_record(false);
}

// One ply back or forward in the record; against the computer, on to the
// human's turn (its moves are taken back or replayed with the human's).
void Controller::step_record(bool back) {
  auto can = [&] { return back ? game_.can_undo() : game_.can_redo(); };
  if (!can()) return;
  do {
    if (back) game_.undo();
    else game_.redo();
  } while (one_human() && can() && players_[game_.side_to_move()] == PlayerKind::Computer);
  anim_move_ = kNoMove;
  clock_to_ply();
  after_record_change();
}

void Controller::resign() {
  if (game_over() || review_ply_ >= 0) return;
  if (mode_ == Mode::ComputerOnly) return;
  const Color loser = one_human() ? (players_[RED] == PlayerKind::Human ? RED : BLACK) : game_.side_to_move();
  cancel_search();
  game_.resign(loser);
  after_record_change();
  sounds_.push_back(one_human() ? SoundId::Lose : SoundId::Win);
}

bool Controller::offer_draw() {
  if (game_over() || review_ply_ >= 0 || mode_ == Mode::ComputerOnly) return false;
  bool accept = mode_ == Mode::TwoPlayers;
  if (!accept) {
    // The computer's view: its latest search, scored for the side it played.
    const SearchInfo info = latest_info();
    const Color computer = players_[RED] == PlayerKind::Computer ? RED : BLACK;
    const bool scored = info.depth > 0 && analysis_root_.side() == computer && !hint_search_ && !analysing_;
    accept = scored && info.score <= 30 && game_.plies_since_capture() >= 20;
  }
  if (!accept) {
    refusal_ = Phrase::DrawDeclined;
    refusal_ms_ = now_ms_;
    refused_target_.reset();  // a refusal of no point on the board
    ++view_revision_;
    return false;
  }
  cancel_search();
  game_.agree_draw();
  after_record_change();
  sounds_.push_back(SoundId::Draw);
  return true;
}

void Controller::request_hint() {
  if (!human_to_move() || searching_ || review_ply_ >= 0) return;
  Limits limits;
  limits.movetime_ms = std::min(1000, options_.movetime_override_ms ? options_.movetime_override_ms
                                                                     : kLevels[level_].movetime_ms * 2);
  limits.movetime_ms = std::max(limits.movetime_ms, 200);
  stop_analysis();
  analysis_root_ = game_.position();
  active_ = searcher_.get();  // hints come from the built-in engine: quick and always there
  search_generation_ = active_->start(game_.position(), limits);
  analysis_shown_ = true;
  searching_ = true;
  hint_search_ = true;
  hint_ = kNoMove;
  ++view_revision_;
}

void Controller::review(int ply) {
  ++view_revision_;
  if (ply < 0 || ply >= game_.ply()) {
    review_ply_ = -1;
    return;
  }
  review_pos_ = game_.position_at(ply);
  review_ply_ = ply;
  selected_.reset();
}

std::optional<std::pair<Move, float>> Controller::animation(int64_t now_ms) const {
  if (!anim_move_ || options_.animation_ms <= 0 || review_ply_ >= 0) return std::nullopt;
  const int64_t t = now_ms - anim_start_ms_;
  if (t < 0 || t >= options_.animation_ms) return std::nullopt;
  return std::make_pair(anim_move_, float(t) / float(options_.animation_ms));
}

std::optional<Controller::Slide> Controller::animation_info() const {
  if (!anim_move_ || options_.animation_ms <= 0 || review_ply_ >= 0) return std::nullopt;
  return Slide{anim_move_, anim_start_ms_, options_.animation_ms};
}

void Controller::start_search_if_needed() {
  if (game_over() || searching_ || pending_ || hold_computer_) return;
  const Color side = game_.side_to_move();
  if (players_[side] != PlayerKind::Computer) return;
  if (ponder_hit()) return;
  if (options_.book) {
    Position p = game_.position();
    const Move m = options_.book->pick(p, rng_);
    if (m) {
      pending_ = m;
      return;
    }
  }
  SearchOptions so;
  const Limits limits = computer_limits(side, so);
  // The level's several lines weaken our own engine; an outside engine plays at its own strength,
  // and its MultiPV is the player's to set (the level sent it 6 before each move).
  if (plays_outside(side)) so.multipv = 1;
  last_limits_ = limits;
  stop_analysis();
  analysis_root_ = game_.position();
  active_ = &player_engine(side);
  search_generation_ = active_->start(game_.position(), limits, so);
  analysis_shown_ = true;
  searching_ = true;
  hint_search_ = false;
  ++view_revision_;
}

Limits Controller::computer_limits(Color side, SearchOptions& so) {
  Limits limits;
  limits.movetime_ms = options_.movetime_override_ms ? options_.movetime_override_ms : kLevels[level_].movetime_ms;
  if (clock_.on() && !options_.movetime_override_ms) {
    // On a clock the level still sets the pace; the clock governs only when it
    // is the tighter (a level of 8 s a move on a 5+3 clock plans on the clock).
    Limits on_clock;
    const ClockReading r = read_clock(clock_.control(), clock_.remaining(side, now_ms_));
    if (r.byoyomi) {  // 读秒: this move's countdown, less a margin for the move to arrive
      on_clock.movetime_ms = std::max(1, r.ms * 8 / 10 - 100);
    } else {  // the game's time; a countdown still to come is the increment's like
      on_clock.time_left_ms = std::max(1, r.ms);
      on_clock.increment_ms = clock_.control().byoyomi_ms ? clock_.control().byoyomi_ms / 2 : clock_.control().increment_ms;
    }
    if (plan_time(on_clock).soft_ms < limits.movetime_ms) limits = on_clock;
  }
  Skill skill = skill_level(kLevels[level_].skill);
  if (options_.movetime_override_ms) skill.depth = 0, skill.nodes = 0;  // --movetime: the time alone limits it
  apply_skill(skill, limits, so);
  so.seed = rng_();
  return limits;
}

void Controller::update(int64_t now_ms) {
  now_ms_ = now_ms;
  if (clock_.on() && !game_over() && !clock_held_) {
    const Color side = game_.side_to_move();
    if (!clock_.running()) clock_.run(side, now_ms);
    if (clock_.remaining(side, now_ms) <= 0 && !remote_clock_) {  // the flag falls
      cancel_search();
      clock_.stop(now_ms);
      game_.flag_fall(side);
      after_record_change();
      end_sounds();
      return;
    }
    // The last ten seconds of a player's time, or of a 读秒 countdown, tick.
    const ClockReading r = read_clock(clock_.control(), clock_.remaining(side, now_ms));
    const int second = (r.ms + 999) / 1000;
    if (human_to_move() && second <= 10 && second != last_tick_second_) sounds_.push_back(SoundId::Tick);
    last_tick_second_ = second;
  } else if (clock_.running()) {
    clock_.stop(now_ms);
  }
  if (searching_ && active_->generation() == search_generation_ && active_->done()) {
    const std::optional<SearchResult> r = active_->result();
    searching_ = false;
    ++view_revision_;
    if (outside_failed()) {
      // The outside engine failed on this move: the built-in engine plays it.
      hint_search_ = false;
    } else if (hint_search_) {
      hint_search_ = false;
      hint_ = r ? r->best : kNoMove;
    } else if (r && r->resigns && !game_over()) {
      // An outside engine (xboard) resigned the side it plays.
      game_.resign(game_.side_to_move());
      after_record_change();
      end_sounds();
      return;
    } else if (r && r->best) {
      pending_ = r->best;
      pending_ponder_ = r->ponder;
    }
  }
  // The computer's move waits for the last move's slide to finish; playing it
  // is its legality check (a move that fails is dropped and the search redone).
  if (pending_ && !animation(now_ms)) {
    const Move m = pending_;
    pending_ = kNoMove;
    if (players_[game_.side_to_move()] == PlayerKind::Computer && apply_move(m)) start_ponder(pending_ponder_);
    pending_ponder_ = kNoMove;
  }
  // Something else took the built-in engine (a hint, the analysis): the ponder is over.
  if (pondering_ && searcher_->generation() != ponder_generation_) pondering_ = false;
  start_search_if_needed();
  update_analysis();
}

std::vector<SoundId> Controller::take_sounds() {
  std::vector<SoundId> out;
  out.swap(sounds_);
  return out;
}

std::string Controller::banner() const {
  if (!game_over()) return "";
  if (language_ == Language::Chinese) return verdict_text(game_.verdict());
  std::string text = verdict_text_en(game_.verdict());
  text[0] = char(text[0] - 'a' + 'A');  // "Red wins by checkmate"
  return text;
}

std::string Controller::status() const {
  const Language l = language_;
  if (review_ply_ >= 0) return say(l, Phrase::Reviewing, {std::to_string(review_ply_)});
  if (game_over()) return phrase(Phrase::GameOver, l);
  if (thinking()) return phrase(Phrase::Thinking, l);
  if (hinting()) return phrase(Phrase::Hinting, l);
  const bool red = game_.side_to_move() == RED;
  if (game_.position().in_check()) return phrase(red ? Phrase::RedInCheck : Phrase::BlackInCheck, l);
  return phrase(red ? Phrase::RedToMove : Phrase::BlackToMove, l);
}

}  // namespace xq
