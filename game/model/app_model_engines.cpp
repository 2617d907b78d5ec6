// The app model's outside engines (the list, the choice, each one's role,
// opening off the frame thread) and the game review run in the background.
#include <algorithm>
#include <future>

#include "app_model.h"

namespace xq {

// Opening an engine may take seconds (or hang): it happens on another thread
// and poll_engine() hands the result to the controller.
void AppModel::choose_engine(int choice) {
  if (pending_engine_.valid()) return;  // one at a time
  if (choice <= 0 || choice > int(settings_.engines.size())) {
    settings_.engine_choice = 0;
    controller_.set_outside_engine(nullptr, false, false, false);
    ui_.engine.clear();
    ui_.engine_role.clear();
    ++ui_.review_revision;
    return;
  }
  settings_.engine_choice = choice;
  const std::string command = settings_.engines[size_t(choice - 1)];
  const auto setup = settings_.engine_setup.find(command);
  pending_engine_ = std::async(std::launch::async, [opener = opener_, command,
                                                    setup = setup == settings_.engine_setup.end() ? EngineSetup{}
                                                                                                  : setup->second]() {
    OpenedEngine o;
    o.command = command;
    o.engine = opener(command, setup, &o.facts, &o.error);
    return o;
  });
}

void AppModel::apply_engine_side() {
  const std::string& side = settings_.engine_side;
  controller_.set_engine_roles(side == "both" || side == "red", side == "both" || side == "black",
                               side == "both" || side == "analysis");
  ui_.engine_role = side == "red"        ? say(Phrase::RoleRed)
                    : side == "black"    ? say(Phrase::RoleBlack)
                    : side == "analysis" ? say(Phrase::RoleAnalysis)
                                         : "";
  ++ui_.review_revision;
}

// Built-in, then each listed engine in each role (both sides and analysis,
// red only, black only, analysis only), then built-in again.
void AppModel::next_engine() {
  static const char* const kRoles[] = {"both", "red", "black", "analysis"};
  const int n = int(settings_.engines.size());
  if (n == 0) {
    flash(say(Phrase::EngineButton, {say(Phrase::BuiltIn)}));
    return;
  }
  const int k = settings_.engine_choice;
  int role = 0;
  while (role < 4 && settings_.engine_side != kRoles[role]) ++role;
  if (k > 0 && controller_.has_outside_engine() && role < 3) {  // the same engine, the next role
    settings_.engine_side = kRoles[role + 1];
    apply_engine_side();
    return;
  }
  settings_.engine_side = "both";
  choose_engine((k + 1) % (n + 1));
}

void AppModel::add_engine(const std::string& command) {
  auto& list = settings_.engines;
  auto at = std::find(list.begin(), list.end(), command);
  if (at == list.end()) at = list.insert(list.end(), command);
  choose_engine(int(at - list.begin()) + 1);
  store_settings();
}

void AppModel::remove_engine() {
  const int k = settings_.engine_choice;
  if (k <= 0 || k > int(settings_.engines.size())) return;
  const std::string gone = settings_.engines[size_t(k - 1)];
  settings_.engines.erase(settings_.engines.begin() + (k - 1));
  choose_engine(0);
  flash(say(Phrase::EngineRemoved, {gone}));
  store_settings();
}

void AppModel::poll_engine() {
  if (!pending_engine_.valid() ||
      pending_engine_.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
    return;
  OpenedEngine o = pending_engine_.get();
  if (!o.engine) {
    flash(say(Phrase::EngineCannotStart, {o.error.empty() ? o.command : o.error}));
    console_.push_back("engine: " + (o.error.empty() ? o.command : o.error) + "; playing with the built-in engine");
    settings_.engine_choice = 0;
    ui_.engine.clear();
    return;
  }
  const std::string name = o.engine->name();
  controller_.set_outside_engine(std::move(o.engine), false, false, false);
  // The protocol that worked is remembered: the next start speaks it at once.
  if (!o.facts.protocol.empty()) {
    EngineSetup& setup = settings_.engine_setup[o.command];
    if (setup.protocol == "auto") {
      setup.protocol = o.facts.protocol;
      store_settings();
    }
  }
  for (const std::string& p : o.facts.problems) console_.push_back("engine: " + p);
  engine_facts_ = std::move(o.facts);
  ui_.engine = name;
  apply_engine_side();
  ++ui_.review_revision;
  console_.push_back("engine: " + name);
  flash(say(Phrase::EngineButton, {name}));
}

void AppModel::start_review() {
  const Game& g = controller_.game();
  if (g.ply() == 0) {
    flash(say(Phrase::ReviewNoMoves));
    return;
  }
  ui_.review.clear();
  reviewed_moves_ = g.moves();
  review_job_.start(g, review_options_);
  ui_.review_done = 0;
  ui_.review_total = g.ply() + 1;
  ++ui_.review_revision;
}

void AppModel::poll_review() {
  if (ui_.review_total > 0) {
    const int done = review_job_.done_count();
    if (done != ui_.review_done) {
      ui_.review_done = done;
      ++ui_.review_revision;
    }
  }
  if (auto r = review_job_.take_result()) {
    ui_.review = std::move(*r);
    ui_.review_total = 0;
    ++ui_.review_revision;
    int counts[3] = {0, 0, 0};
    for (const MoveReview& m : ui_.review) {
      if (m.judgement == Judgement::Inaccuracy) ++counts[0];
      if (m.judgement == Judgement::Mistake) ++counts[1];
      if (m.judgement == Judgement::Blunder) ++counts[2];
    }
    flash(say(Phrase::ReviewDone, {std::to_string(counts[0]), std::to_string(counts[1]), std::to_string(counts[2])}));
    review_into_record();
  }
  drop_stale_review();
}

void AppModel::drop_stale_review() {
  const std::vector<Move>& now = controller_.game().moves();
  const bool same = now.size() >= reviewed_moves_.size() &&
                    std::equal(reviewed_moves_.begin(), reviewed_moves_.end(), now.begin());
  if (same) return;
  // Another move from an earlier position: the review of the moves before it still holds (the graph
  // stays for them); a review still running, or nothing in common, is dropped.
  size_t common = 0;
  while (common < now.size() && common < reviewed_moves_.size() && now[common] == reviewed_moves_[common]) ++common;
  if (!review_job_.running() && common > 0 && ui_.review.size() >= common) {
    reviewed_moves_.resize(common);
    ui_.review.resize(common);
    ++ui_.review_revision;
    return;
  }
  if (review_job_.running()) review_job_.cancel();
  reviewed_moves_.clear();
  if (!ui_.review.empty() || ui_.review_total) {
    ui_.review.clear();
    ui_.review_total = 0;
    ++ui_.review_revision;
  }
}

}  // namespace xq
