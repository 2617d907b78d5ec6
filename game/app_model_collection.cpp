// A file of many games (a PGN collection, a 象棋桥 library): a list of them
// to page through and open, and the previous/next game from the board.
#include "app_model.h"

namespace xq {

namespace {

constexpr int kRowsPerPage = 10;

}  // namespace

void AppModel::open_collection(std::vector<PgnGame> games, const std::string& name, int skipped) {
  collection_ = std::move(games);
  collection_name_ = name;
  collection_skipped_ = skipped;
  collection_game_ = -1;
  collection_page_ = 0;
  collection_shown_ = !collection_.empty();
}

std::optional<Dialog> AppModel::collection_dialog() const {
  if (!collection_shown_ || collection_.empty()) return std::nullopt;
  Dialog d;
  d.area = {20, 16, 480, 544};
  d.text = say(Phrase::CollectionTitle, {collection_name_, std::to_string(collection_.size())});
  if (collection_skipped_) d.text += say(Phrase::CollectionSkipped, {std::to_string(collection_skipped_)});
  const int pages = (int(collection_.size()) + kRowsPerPage - 1) / kRowsPerPage;
  const int page = std::min(collection_page_, pages - 1);
  float y = 76;
  for (int i = page * kRowsPerPage; i < int(collection_.size()) && i < (page + 1) * kRowsPerPage; ++i, y += 40) {
    const PgnGame& g = collection_[size_t(i)];
    std::string about = g.tag("Event");
    if (const std::string date = g.tag("Date"); !date.empty()) about += (about.empty() ? "" : " ") + date;
    const std::string result = g.tag("Result").empty() ? "*" : g.tag("Result");
    d.buttons.push_back({Action::CollectionOpen,
                         say(Phrase::CollectionRow, {std::to_string(i + 1), g.tag("Red"), g.tag("Black"), result,
                                                     say(Phrase::CollectionPlies, {std::to_string(g.moves.size())})}) +
                             (about.empty() ? "" : "  " + about),
                         {40, y, 440, 34}, i == collection_game_, i});
  }
  const float bottom = 506;
  if (pages > 1) {
    d.buttons.push_back({Action::CollectionPage, "◀", {40, bottom, 44, 34}, false, -1});
    d.buttons.push_back({Action::CollectionPage, std::to_string(page + 1) + "/" + std::to_string(pages) + " ▶",
                         {88, bottom, 90, 34}, false, 1});
  }
  d.buttons.push_back({Action::CollectionClose, say(Phrase::Cancel), {360, bottom, 120, 34}, true});
  return d;
}

void AppModel::open_collection_game(int i) {
  if (i < 0 || i >= int(collection_.size())) return;
  const PgnGame& g = collection_[size_t(i)];
  std::string err;
  if (!controller_.load_game(g.fen, g.moves, &err)) {
    flash(say(Phrase::CannotOpen, {say(Phrase::CollectionGame, {std::to_string(i + 1), std::to_string(collection_.size()),
                                                                g.tag("Red"), g.tag("Black")}),
                                   err}));
    return;
  }
  collection_game_ = i;
  collection_page_ = i / kRowsPerPage;
  collection_shown_ = false;
  controller_.set_time_control(controller_.time_control());  // clocks full for the game on show
  flash(say(Phrase::CollectionGame, {std::to_string(i + 1), std::to_string(collection_.size()), g.tag("Red"),
                                     g.tag("Black")}) +
        stopped_text(g));
}

bool AppModel::collection_act(Action a, int arg) {
  switch (a) {
    case Action::CollectionOpen: open_collection_game(arg); return true;
    case Action::CollectionPage: {
      const int pages = (int(collection_.size()) + kRowsPerPage - 1) / kRowsPerPage;
      if (pages > 0) collection_page_ = (std::min(collection_page_, pages - 1) + arg + pages) % pages;
      return true;
    }
    case Action::CollectionClose: collection_shown_ = false; return true;
    case Action::CollectionShow: collection_shown_ = !collection_.empty(); return true;
    case Action::CollectionPrev:
    case Action::CollectionNext: {
      if (collection_.empty()) return true;
      const int step = a == Action::CollectionNext ? 1 : -1;
      const int next = collection_game_ < 0 ? 0 : collection_game_ + step;
      if (next >= 0 && next < int(collection_.size())) open_collection_game(next);
      return true;
    }
    default: return false;
  }
}

}  // namespace xq
