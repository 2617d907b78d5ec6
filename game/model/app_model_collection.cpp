// A file of many games (a PGN collection, a 象棋桥 library): a list of them
// to page through and open, and the previous/next game from the board.
#include "app_model.h"
#include "ecco.h"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace xq {

namespace {

constexpr int kRowsPerPage = 9;

// ASCII letters folded to lower case (Chinese names need no folding).
std::string folded(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

// The games whose players, event, date, title, site, opening (code and
// names) or result hold every word typed.
std::vector<int> AppModel::collection_matches() const {
  std::vector<int> out;
  if (collection_query_) {  // the library did the filtering
    for (int i = 0; i < int(collection_.size()); ++i) out.push_back(i);
    sort_games(out);
    return out;
  }
  // The same reading of the filter as the library's: a year range, a result, words.
  const LibraryQuery f = filter_query(collection_filter_);
  std::vector<std::string> words;
  for (const std::string& w : f.words) words.push_back(folded(w));
  if (!f.result.empty()) words.push_back(f.result);
  for (int i = 0; i < int(collection_.size()); ++i) {
    const PgnGame& g = collection_[size_t(i)];
    const EccoOpening& o = collection_openings_[size_t(i)];
    if (!f.eco.empty() && o.code.compare(0, f.eco.size(), f.eco) != 0) continue;
    if (f.year_from || f.year_to) {
      const int year = game_year(g);
      if (!year || (f.year_from && year < f.year_from) || (f.year_to && year > f.year_to)) continue;
    }
    const std::string about = folded(g.tag("Red") + "\n" + g.tag("Black") + "\n" + g.tag("Event") + "\n" +
                                     g.tag("Date") + "\n" + g.tag("Title") + "\n" + g.tag("Site") + "\n" + o.code +
                                     "\n" + o.zh + "\n" + o.en + "\n" + g.tag("Result"));
    if (std::all_of(words.begin(), words.end(), [&](const std::string& w) { return about.find(w) != std::string::npos; }))
      out.push_back(i);
  }
  sort_games(out);
  return out;
}

// The order the list is shown in: the file's, the newest first (games of no
// known year last), or by the players' names; ties keep the file's order.
void AppModel::sort_games(std::vector<int>& games) const {
  if (collection_sort_ == 1) {
    std::vector<int> year(collection_.size());
    for (int i : games) year[size_t(i)] = game_year(collection_[size_t(i)]);
    std::stable_sort(games.begin(), games.end(), [&](int a, int b) { return year[size_t(a)] > year[size_t(b)]; });
  } else if (collection_sort_ == 2) {
    auto who = [&](int i) {
      const PgnGame& g = collection_[size_t(i)];
      return std::make_pair(folded(g.tag("Red")), folded(g.tag("Black")));
    };
    std::stable_sort(games.begin(), games.end(), [&](int a, int b) { return who(a) < who(b); });
  }
}

void AppModel::text_input(const std::string& utf8) {
  // The letter of the key that opened the text box arrives as text after it: not typed.
  const char skip = skip_text_;
  skip_text_ = 0;
  if (utf8.size() == 1 && skip && std::tolower(static_cast<unsigned char>(utf8[0])) == skip) return;
  for (char c : utf8)
    if (static_cast<unsigned char>(c) < 0x20) return;  // no control characters
  if (online_text(utf8)) return;
  if (annotating_) {  // the comment of a move
    if (annotating_->size() + utf8.size() <= 4000) *annotating_ += utf8;
    return;
  }
  if (!collection_shown_ || collection_filter_.size() > 100) return;
  collection_filter_ += utf8;
  collection_page_ = 0;
}

// While the list is shown the keys type into its filter: Backspace takes a
// character back, Return opens the first game shown, Escape closes the list.
bool AppModel::collection_key(Key k) {
  if (!collection_shown_ || (collection_.empty() && !collection_query_ && !collection_loading())) return false;
  switch (k) {
    case Key::Backspace:
      while (!collection_filter_.empty()) {  // one UTF-8 character
        const unsigned char c = static_cast<unsigned char>(collection_filter_.back());
        collection_filter_.pop_back();
        if ((c & 0xC0) != 0x80) break;
      }
      collection_page_ = 0;
      return true;
    case Key::Return: {
      const std::vector<int> shown = collection_matches();
      const int pages = std::max(1, (int(shown.size()) + kRowsPerPage - 1) / kRowsPerPage);
      const size_t first = size_t(std::min(collection_page_, pages - 1) * kRowsPerPage);
      if (first < shown.size()) open_collection_game(shown[first]);
      return true;
    }
    case Key::Escape:
      collection_shown_ = false;
      if (collection_load_) stopped_loads_.push_back(std::move(collection_load_));
      return true;
    case Key::PageUp: case Key::PageDown: case Key::Help: return false;
    default: return true;  // a letter typed: its text comes as text input
  }
}

void AppModel::open_collection(std::vector<PgnGame> games, const std::string& name, int skipped,
                               std::optional<LibraryQuery> query, std::vector<EccoOpening> openings) {
  collection_query_ = std::move(query);
  collection_asked_.clear();
  collection_ = std::move(games);
  collection_openings_ = std::move(openings);
  if (collection_openings_.size() != collection_.size()) {
    collection_openings_.clear();
    for (const PgnGame& g : collection_) collection_openings_.push_back(classify_opening(g.fen, g.moves));
  }
  collection_name_ = name;
  collection_skipped_ = skipped;
  collection_game_ = -1;
  collection_page_ = 0;
  // What was typed while the list was being read is kept: it is the filter.
  if (!collection_load_) collection_filter_.clear();
  collection_total_ = 0;
  collection_shown_ = !collection_.empty();
}

void AppModel::load_collection(const std::string& name, CollectionLoad::Work work, int total) {
  if (collection_load_) stopped_loads_.push_back(std::move(collection_load_));
  collection_load_ = std::make_unique<CollectionLoad>(name, std::move(work), total);
  collection_filter_.clear();
  collection_page_ = 0;
  poll_collection_load();
}

void AppModel::poll_collection_load() {
  // A list closed while it was read: its thread is told to stop and is let go once it has.
  stopped_loads_.erase(std::remove_if(stopped_loads_.begin(), stopped_loads_.end(),
                                      [](std::unique_ptr<CollectionLoad>& l) { return l->take().has_value(); }),
                       stopped_loads_.end());
  if (!collection_load_) return;
  if (collection_loading() && !collection_shown_) {  // two games or more: the list shows while it fills
    collection_.clear();
    collection_openings_.clear();
    collection_query_.reset();
    collection_name_ = collection_load_->name();
    collection_game_ = -1;
    collection_shown_ = true;
  }
  std::optional<LoadedCollection> got = collection_load_->take();
  if (!got) return;
  const std::string name = got->title.empty() ? collection_load_->name() : got->title;
  if (got->games.empty()) {
    collection_load_.reset();
    collection_shown_ = false;
    flash(say(Phrase::CannotOpen, {name, got->error.empty() ? "no game could be read" : got->error}));
    return;
  }
  open_collection(std::move(got->games), name, got->skipped, std::nullopt, std::move(got->openings));
  collection_load_.reset();
}

std::optional<Dialog> AppModel::collection_dialog() const {
  // A library list stays open with no game, so the filter can be typed back.
  if (!collection_shown_ || (collection_.empty() && !collection_query_ && !collection_loading())) return std::nullopt;
  Dialog d;
  d.area = {20, 16, 480, 544};
  if (collection_loading()) {  // being read: how far, and the filter already taking letters
    d.text = say(Phrase::CollectionReading, {collection_name_, std::to_string(collection_load_->done()),
                                             std::to_string(collection_load_->total())});
    d.buttons.push_back({Action::None, say(Phrase::CollectionFilter, {collection_filter_ + "▏"}), {40, 76, 440, 30}, false});
    d.buttons.push_back({Action::CollectionClose, say(Phrase::Cancel), {360, 506, 120, 34}, true});
    return d;
  }
  const std::vector<int> shown = collection_matches();
  d.text = say(Phrase::CollectionTitle,
               {collection_name_, (shown.size() == collection_.size() ? "" : std::to_string(shown.size()) + "/") +
                                      std::to_string(collection_.size())});
  // A library list holds the first games of more: it says how many there are, not its own cap.
  if (collection_total_ > int64_t(collection_.size()))
    d.text = say(Phrase::CollectionFirstOf, {collection_name_, std::to_string(collection_.size()),
                                             std::to_string(collection_total_)});
  if (collection_skipped_) d.text += say(Phrase::CollectionSkipped, {std::to_string(collection_skipped_)});
  d.buttons.push_back({Action::None, say(Phrase::CollectionFilter, {collection_filter_ + "▏"}), {40, 76, 440, 30}, false});
  const int pages = std::max(1, (int(shown.size()) + kRowsPerPage - 1) / kRowsPerPage);
  const int page = std::min(collection_page_, pages - 1);
  float y = 116;
  for (int k = page * kRowsPerPage; k < int(shown.size()) && k < (page + 1) * kRowsPerPage; ++k, y += 42) {
    const int i = shown[size_t(k)];
    const PgnGame& g = collection_[size_t(i)];
    std::string about = collection_openings_[size_t(i)].code;
    if (const std::string event = g.tag("Event"); !event.empty()) about += (about.empty() ? "" : " ") + event;
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
  d.buttons.push_back({Action::CollectionSort,
                       say(Phrase::CollectionSortBy, {say(collection_sort_ == 1   ? Phrase::CollectionSortYear
                                                          : collection_sort_ == 2 ? Phrase::CollectionSortPlayer
                                                                                  : Phrase::CollectionSortFile)}),
                       {186, bottom, 168, 34}, collection_sort_ != 0});
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
  collection_shown_ = false;
  controller_.set_time_control(controller_.time_control());  // clocks full for the game on show
  shown_record();
  flash(say(Phrase::CollectionGame, {std::to_string(i + 1), std::to_string(collection_.size()), g.tag("Red"),
                                     g.tag("Black")}) +
        stopped_text(g));
}

bool AppModel::collection_act(Action a, int arg) {
  switch (a) {
    case Action::CollectionOpen: open_collection_game(arg); return true;
    case Action::CollectionSort:
      collection_sort_ = (collection_sort_ + 1) % 3;
      collection_page_ = 0;
      return true;
    case Action::CollectionPage: {
      const int pages = (int(collection_matches().size()) + kRowsPerPage - 1) / kRowsPerPage;
      if (pages > 0) collection_page_ = (std::min(collection_page_, pages - 1) + arg + pages) % pages;
      return true;
    }
    case Action::CollectionClose:
      collection_shown_ = false;
      if (collection_load_) stopped_loads_.push_back(std::move(collection_load_));
      return true;
    case Action::CollectionShow: collection_shown_ = !collection_.empty(); return true;
    case Action::CollectionPrev:
    case Action::CollectionNext: {
      // The games the filter keeps, in order: the one after (before) the game on show.
      const std::vector<int> shown = collection_matches();
      if (shown.empty()) return true;
      if (collection_game_ < 0) {
        open_collection_game(shown.front());
      } else if (a == Action::CollectionNext) {
        auto after = std::upper_bound(shown.begin(), shown.end(), collection_game_);
        if (after != shown.end()) open_collection_game(*after);
      } else {
        auto at = std::lower_bound(shown.begin(), shown.end(), collection_game_);
        if (at != shown.begin()) open_collection_game(*(at - 1));
      }
      return true;
    }
    default: return false;
  }
}

}  // namespace xq
