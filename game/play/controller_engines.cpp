// The controller's engines: which one plays each side and which analyses,
// the analysis shown beside the board, and thinking on the opponent's time.
#include "controller.h"

namespace xq {

SearchService& Controller::player_engine(Color side) {
  return outside_ && outside_plays_[side] ? *outside_ : *searcher_;
}

SearchService& Controller::analysis_engine() { return outside_ && outside_analyses_ ? *outside_ : *searcher_; }

void Controller::set_outside_engine(std::unique_ptr<SearchService> engine, bool plays_red, bool plays_black,
                                    bool analyses) {
  cancel_search();
  if (outside_) outside_->cancel();
  outside_ = std::move(engine);
  outside_plays_[RED] = outside_ && plays_red;
  outside_plays_[BLACK] = outside_ && plays_black;
  outside_analyses_ = outside_ && analyses;
  active_ = searcher_.get();
  if (outside_) outside_->new_game();
  ++view_revision_;
}

void Controller::set_engine_roles(bool plays_red, bool plays_black, bool analyses) {
  if (!outside_) return;
  cancel_search();
  outside_plays_[RED] = plays_red;
  outside_plays_[BLACK] = plays_black;
  outside_analyses_ = analyses;
  active_ = searcher_.get();
  ++view_revision_;
}

std::string Controller::engine_name(Color side) const {
  return outside_ && outside_plays_[side] ? outside_->name() : searcher_->name();
}

std::string Controller::analysis_engine_name() const {
  return outside_ && outside_analyses_ ? outside_->name() : searcher_->name();
}

std::string Controller::take_notice() {
  std::string n;
  n.swap(notice_);
  return n;
}

bool Controller::outside_failed() {
  if (!outside_ || outside_->failure().empty()) return false;
  const std::string why = outside_->failure();
  if (active_ == outside_.get()) active_ = searcher_.get();
  outside_->cancel();
  outside_.reset();
  outside_plays_[RED] = outside_plays_[BLACK] = outside_analyses_ = false;
  notice_ = say(language_, Phrase::EngineFailed, {why});
  ++view_revision_;
  return true;
}

void Controller::set_analysis(bool on) {
  analysis_wanted_ = on;
  if (!on) stop_analysis();
}

void Controller::stop_analysis() {
  analysis_key_ = 0;  // whatever is on show next is looked at afresh
  if (!analysing_) return;
  active_->cancel();
  analysing_ = false;
  analysis_shown_ = false;  // its lines were of a position no longer on show
  ++view_revision_;
}

void Controller::update_analysis() {
  // Against the computer the live game is not analysed (no help while
  // playing, no core kept busy after the end); a reviewed move is.
  const bool wanted = analysis_wanted_ && !searching_ && !pending_ && (review_ply_ >= 0 || mode_ == Mode::TwoPlayers);
  if (!wanted) {
    stop_analysis();
    return;
  }
  // Looked at every frame: the position on show is not copied until it changes.
  const Position& pos = review_ply_ >= 0 ? review_pos_ : game_.position();
  const uint64_t key = pos.key() ^ (uint64_t(pos.history_length()) << 48);
  if (key == analysis_key_) {
    if (analysing_ && outside_failed()) stop_analysis();  // restarts on the built-in engine next time
    return;
  }
  stop_analysis();
  analysis_key_ = key;  // also when there is nothing to analyse (mate): not looked at again
  Position p = pos;
  if (!has_legal_move(p)) return;
  Limits limits;
  limits.infinite = true;
  SearchOptions so;
  so.multipv = kAnalysisLines;
  active_ = &analysis_engine();
  analysis_root_ = pos;
  active_->start(pos, limits, so);
  analysis_shown_ = true;
  analysing_ = true;
  ++view_revision_;
}

void Controller::cancel_search() {
  stop_ponder();
  ++view_revision_;
  analysis_shown_ = false;
  active_->cancel();
  analysing_ = false;
  analysis_key_ = 0;
  searching_ = false;
  hint_search_ = false;
  pending_ = kNoMove;
  pending_ponder_ = kNoMove;
}

SearchInfo Controller::analysis() const { return analysis_shown_ ? latest_info() : SearchInfo{}; }

Move Controller::analysis_move_without_lines() const {
  if (!analysing_ || !analysis_shown_ || !active_ || pondering_ || !active_->done() || active_->info().depth > 0)
    return kNoMove;
  const auto r = active_->result();
  return r ? r->best : kNoMove;
}

SearchInfo Controller::latest_info() const { return pondering_ ? last_info_ : active_->info(); }

void Controller::set_ponder(bool on) {
  ponder_ = on;
  if (!on) stop_ponder();
  ++view_revision_;
}

void Controller::stop_ponder() {
  if (!pondering_) return;
  pondering_ = false;
  if (searcher_->generation() == ponder_generation_) searcher_->cancel();
}

void Controller::start_ponder(Move guess) {
  const Color computer = ~game_.side_to_move();
  // Only the built-in engine at full strength, against one player, on a live game.
  if (!ponder_ || level_ != kLevelCount - 1 || !guess || game_over() || !one_human() ||
      players_[computer] != PlayerKind::Computer || plays_outside(computer) || review_ply_ >= 0 || searching_)
    return;
  Position p = game_.position();
  if (!is_legal(p, guess)) return;
  p.do_move(guess);
  if (!has_legal_move(p)) return;
  if (options_.book) {  // the book answers there: nothing to think about
    std::mt19937_64 r = rng_;
    Position q = p;
    if (options_.book->pick(q, r)) return;
  }
  SearchOptions so;
  ponder_limits_ = computer_limits(computer, so);
  Limits limits = ponder_limits_;
  limits.ponder = true;
  last_info_ = active_->info();
  ponder_move_ = guess;
  ponder_key_ = p.key();
  ponder_ply_ = game_.ply() + 1;
  active_ = searcher_.get();
  ponder_generation_ = searcher_->start(p, limits, so);
  pondering_ = true;
}

bool Controller::ponder_hit() {
  if (!pondering_) return false;
  const bool hit = game_.ply() == ponder_ply_ && game_.position().key() == ponder_key_ &&
                   searcher_->generation() == ponder_generation_ && active_ == searcher_.get();
  if (!hit) {
    stop_ponder();
    return false;
  }
  pondering_ = false;
  searcher_->ponderhit();  // its time runs from now
  last_limits_ = ponder_limits_;
  search_generation_ = ponder_generation_;
  analysis_root_ = game_.position();
  analysis_shown_ = true;
  searching_ = true;
  hint_search_ = false;
  ++ponder_hits_;
  ++view_revision_;
  return true;
}

}  // namespace xq
