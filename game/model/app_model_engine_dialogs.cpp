// The engine settings dialog (protocol and the options the chosen engine
// declares, kept in the settings) and the engine match dialog (two engines,
// games, time per move, a live table; the games saved as PGN).
#include <algorithm>
#include <ctime>

#include "app_model.h"
#include "child_process.h"
#include "external_engine.h"
#include "searcher.h"

namespace xq {

namespace {

constexpr int kRowsPerPage = 10;
constexpr int kMatchGames[] = {2, 4, 10, 20, 50, 100};
constexpr int kMatchTimes[] = {100, 200, 500, 1000, 2000, 5000};
const char* const kProtocols[] = {"auto", "uci", "ucci", "xboard"};

std::string time_text(int ms) { return ms < 1000 ? std::to_string(ms) + " ms" : std::to_string(ms / 1000) + " s"; }

std::string check_text(const std::string& v, Language l) {
  return v == "true" ? (l == Language::English ? "on" : "开") : (l == Language::English ? "off" : "关");
}

std::string outcome_text(Outcome o) {
  return o == Outcome::RedWins ? "1-0" : o == Outcome::BlackWins ? "0-1" : o == Outcome::Draw ? "1/2-1/2" : "*";  // the font has no ½ (it drew "1⁄ -1⁄")
}

// A spin steps by one in a small range, else doubles and halves (hash sizes, threads).
int spin_step(const EngineOption& o, int v, int dir) {
  const bool small = int64_t(o.max) - o.min <= 40;
  int64_t n = small ? int64_t(v) + dir : dir > 0 ? std::max<int64_t>(int64_t(v) * 2, v + 1) : v / 2;
  return int(std::clamp<int64_t>(n, o.min, o.max));
}

}  // namespace

std::string AppModel::engine_label(int k) const {
  static const std::string built_in = Searcher(1).name();
  if (k <= 0 || k > int(settings_.engines.size())) return built_in;
  std::vector<std::string> words;
  const std::string& command = settings_.engines[size_t(k - 1)];
  if (!split_command_line(command, words, nullptr) || words.empty()) return command;
  // "bash fake.sh": the script names it better than its interpreter.
  std::string w = words.size() > 1 && (words[0] == "bash" || words[0] == "sh" || words[0] == "wine") ? words[1] : words[0];
  return w.substr(w.rfind('/') + 1);
}

std::vector<EngineOption> AppModel::shown_options() const {
  std::vector<EngineOption> out;
  for (const EngineOption& o : engine_facts_.options)
    if (player_settable(o)) out.push_back(o);
  return out;
}

std::string AppModel::option_value(const EngineOption& o) const {
  const int k = settings_.engine_choice;
  if (k > 0 && k <= int(settings_.engines.size())) {
    const auto setup = settings_.engine_setup.find(settings_.engines[size_t(k - 1)]);
    if (setup != settings_.engine_setup.end())
      for (const auto& [name, value] : setup->second.values)
        if (name == o.name) {
          if (auto v = checked_option_value(o, value, nullptr)) return *v;
        }
  }
  return o.value;
}

void AppModel::set_option_value(const EngineOption& o, const std::string& value) {
  const int k = settings_.engine_choice;
  if (k <= 0 || k > int(settings_.engines.size())) return;
  auto& values = settings_.engine_setup[settings_.engines[size_t(k - 1)]].values;
  values.erase(std::remove_if(values.begin(), values.end(), [&](const auto& v) { return v.first == o.name; }),
               values.end());
  if (value != o.value) values.emplace_back(o.name, value);  // the default needs no line
  engine_setup_changed_ = true;
}

std::optional<Dialog> AppModel::engine_dialog() const {
  if (engine_dialog_ == EngineDialog::Settings) return engine_settings_dialog();
  if (engine_dialog_ == EngineDialog::Match) return match_dialog();
  return std::nullopt;
}

Dialog AppModel::engine_settings_dialog() const {
  const Language l = ui_.language;
  Dialog d;
  d.area = {20, 16, 480, 544};
  const int k = settings_.engine_choice;
  const bool outside = k > 0 && k <= int(settings_.engines.size());
  d.text = say(Phrase::EngineSettingsTitle, {outside && !ui_.engine.empty() ? ui_.engine : engine_label(k)});
  float y = 76;
  if (outside) {
    const auto setup = settings_.engine_setup.find(settings_.engines[size_t(k - 1)]);
    const std::string chosen = setup == settings_.engine_setup.end() ? "auto" : setup->second.protocol;
    const std::string shown = chosen == "auto" ? say(Phrase::ProtocolAuto, {engine_facts_.protocol.empty() ? "?" : engine_facts_.protocol})
                                               : chosen;
    d.buttons.push_back({Action::EngineProtocol, say(Phrase::EngineProtocol, {shown}), {40, y, 440, 30}, chosen != "auto"});
    y += 40;
  }
  const std::vector<EngineOption> options = outside ? shown_options() : std::vector<EngineOption>{};
  const int pages = std::max(1, int(options.size() + kRowsPerPage - 1) / kRowsPerPage);
  const int page = std::min(options_page_, pages - 1);
  if (!outside || options.empty()) {
    d.lines = {pending_engine_.valid() ? say(Phrase::EngineStarting) : say(Phrase::EngineNoOptions)};
    d.lines_y = y + 8;
  }
  for (int i = page * kRowsPerPage; i < int(options.size()) && i < (page + 1) * kRowsPerPage; ++i, y += 36) {
    const EngineOption& o = options[size_t(i)];
    const std::string v = option_value(o);
    using K = EngineOption::Kind;
    const std::string label = o.name + (o.kind == K::Button ? "" : ": " + (o.kind == K::Check ? check_text(v, l) : v));
    if (o.kind == K::Spin) {
      d.buttons.push_back({Action::None, label, {40, y, 330, 30}, false, i});
      d.buttons.push_back({Action::EngineOptionDown, "−", {376, y, 50, 30}, false, i});
      d.buttons.push_back({Action::EngineOptionUp, "+", {430, y, 50, 30}, false, i});
    } else if (o.kind == K::Check || o.kind == K::Combo) {
      d.buttons.push_back({Action::EngineOptionCycle, label, {40, y, 440, 30}, o.kind == K::Check && v == "true", i});
    } else {  // strings and buttons are shown, set in settings.ini
      d.buttons.push_back({Action::None, label, {40, y, 440, 30}, false, i});
    }
  }
  const float bottom = 506;
  if (pages > 1) {
    d.buttons.push_back({Action::EnginePage, "◀", {40, bottom, 44, 34}, false, -1});
    d.buttons.push_back({Action::EnginePage, std::to_string(page + 1) + "/" + std::to_string(pages) + " ▶",
                         {88, bottom, 72, 34}, false, 1});
  }
  if (outside) d.buttons.push_back({Action::EngineDefaults, say(Phrase::EngineDefaults), {166, bottom, 104, 34}, false});
  d.buttons.push_back({Action::Match, say(Phrase::MatchButton), {276, bottom, 100, 34}, false});
  d.buttons.push_back({Action::EngineSettingsDone, say(Phrase::Done), {382, bottom, 98, 34}, true});
  return d;
}

Dialog AppModel::match_dialog() const {
  Dialog d;
  d.area = {20, 16, 480, 544};
  d.text = say(Phrase::MatchTitle);
  const MatchStatus s = match_.status();
  const bool running = s.running;
  const int games = kMatchGames[match_games_], ms = kMatchTimes[match_time_];
  // While it runs the choices are shown, not changed.
  const Action first = running ? Action::None : Action::MatchFirst, second = running ? Action::None : Action::MatchSecond;
  d.buttons.push_back({first, say(Phrase::MatchFirst, {engine_label(match_players_[0])}), {40, 76, 440, 30}, false});
  d.buttons.push_back({second, say(Phrase::MatchSecond, {engine_label(match_players_[1])}), {40, 112, 440, 30}, false});
  d.buttons.push_back({running ? Action::None : Action::MatchGames, say(Phrase::MatchGames, {std::to_string(games)}),
                       {40, 148, 440, 30}, false});
  d.buttons.push_back({running ? Action::None : Action::MatchTime, say(Phrase::MatchPerMove, {time_text(ms)}),
                       {40, 184, 440, 30}, false});
  d.lines_y = 228;
  if (s.running || s.finished) {
    const std::string a = s.names[0], b = s.names[1];
    char points[16];
    std::snprintf(points, sizeof points, "%g", s.points());
    d.lines.push_back(say(Phrase::MatchScore, {a, b, std::to_string(s.wins), std::to_string(s.draws),
                                               std::to_string(s.losses), points, std::to_string(s.games.size())}));
    if (s.running)
      d.lines.push_back(say(Phrase::MatchPlaying, {std::to_string(s.games.size() + 1), std::to_string(s.current_ply)}));
    else
      d.lines.push_back(s.error.empty() ? say(Phrase::MatchOver) : say(Phrase::MatchStopped, {s.error}));
    if (!match_file_.empty()) d.lines.push_back(say(Phrase::MatchSaved, {storage_->path(match_file_)}));
    // The newest games, as many as the sheet holds.
    const size_t room = 11 - d.lines.size();
    const size_t from = s.games.size() > room ? s.games.size() - room : 0;
    for (size_t i = from; i < s.games.size(); ++i) {
      const MatchGameResult& g = s.games[i];
      // And why it ended: the rules' verdict, or the forfeit or adjudication that ended it.
      const std::string why = !g.termination.empty() ? g.termination
                              : ui_.language == Language::Chinese ? verdict_text(g.verdict)
                                                                  : verdict_text_en(g.verdict);
      d.lines.push_back(say(Phrase::MatchGameLine, {std::to_string(g.number), g.first_red ? a : b, g.first_red ? b : a,
                                                     outcome_text(g.outcome), std::to_string(g.plies)}) +
                        " · " + why);
    }
  }
  d.buttons.push_back({Action::MatchStartStop, say(running ? Phrase::MatchStop : Phrase::MatchStart),
                       {40, 506, 140, 34}, true});
  d.buttons.push_back({Action::MatchClose, say(Phrase::Close), {340, 506, 140, 34}, false});
  return d;
}

bool AppModel::engine_dialog_act(Action a, int arg) {
  const std::vector<EngineOption> options = shown_options();
  auto option = [&]() -> const EngineOption* {
    return arg >= 0 && arg < int(options.size()) ? &options[size_t(arg)] : nullptr;
  };
  const int k = settings_.engine_choice;
  const bool outside = k > 0 && k <= int(settings_.engines.size());
  switch (a) {
    case Action::EngineSettings:
      engine_dialog_ = EngineDialog::Settings;
      options_page_ = 0;
      engine_setup_changed_ = false;
      return true;
    case Action::EngineProtocol:
      if (outside) {
        std::string& p = settings_.engine_setup[settings_.engines[size_t(k - 1)]].protocol;
        size_t i = 0;
        while (i < 4 && p != kProtocols[i]) ++i;
        p = kProtocols[(i + 1) % 4];
        engine_setup_changed_ = true;
      }
      return true;
    case Action::EngineOptionCycle:
      if (const EngineOption* o = option()) {
        const std::string v = option_value(*o);
        if (o->kind == EngineOption::Kind::Check) {
          set_option_value(*o, v == "true" ? "false" : "true");
        } else if (!o->choices.empty()) {
          auto at = std::find(o->choices.begin(), o->choices.end(), v);
          set_option_value(*o, at == o->choices.end() || at + 1 == o->choices.end() ? o->choices[0] : *(at + 1));
        }
      }
      return true;
    case Action::EngineOptionDown:
    case Action::EngineOptionUp:
      if (const EngineOption* o = option()) {
        const int v = std::atoi(option_value(*o).c_str());
        set_option_value(*o, std::to_string(spin_step(*o, v, a == Action::EngineOptionUp ? 1 : -1)));
      }
      return true;
    case Action::EnginePage: {
      const int pages = std::max(1, int(options.size() + kRowsPerPage - 1) / kRowsPerPage);
      options_page_ = (std::min(options_page_, pages - 1) + arg + pages) % pages;
      return true;
    }
    case Action::EngineDefaults:
      if (outside) {
        auto& values = settings_.engine_setup[settings_.engines[size_t(k - 1)]].values;
        if (!values.empty()) engine_setup_changed_ = true;
        values.clear();
      }
      return true;
    case Action::EngineSettingsDone:
      engine_dialog_ = EngineDialog::None;
      if (engine_setup_changed_ && outside) {  // the engine starts again with them
        store_settings();
        flash(say(Phrase::EngineRestarts, {engine_label(k)}));
        choose_engine(k);
      }
      engine_setup_changed_ = false;
      return true;
    case Action::Match:
      if (engine_setup_changed_ && outside) {
        store_settings();
        choose_engine(k);
        engine_setup_changed_ = false;
      }
      engine_dialog_ = EngineDialog::Match;
      return true;
    case Action::MatchFirst:
    case Action::MatchSecond: {
      int& p = match_players_[a == Action::MatchFirst ? 0 : 1];
      p = (p + 1) % (int(settings_.engines.size()) + 1);
      return true;
    }
    case Action::MatchGames: match_games_ = (match_games_ + 1) % int(std::size(kMatchGames)); return true;
    case Action::MatchTime: match_time_ = (match_time_ + 1) % int(std::size(kMatchTimes)); return true;
    case Action::MatchStartStop:
      if (match_.status().running) match_.request_stop();
      else start_match();
      return true;
    case Action::MatchClose: engine_dialog_ = EngineDialog::None; return true;
    default: return false;
  }
}

void AppModel::start_match() {
  MatchPlayer players[2];
  for (int i = 0; i < 2; ++i) {
    const int k = std::min(match_players_[i], int(settings_.engines.size()));
    players[i].name = engine_label(k);
    if (k == 0) {
      players[i].open = [](std::string*) -> std::unique_ptr<SearchService> { return std::make_unique<Searcher>(32); };
    } else {
      const std::string command = settings_.engines[size_t(k - 1)];
      const auto found = settings_.engine_setup.find(command);
      const EngineSetup setup = found == settings_.engine_setup.end() ? EngineSetup{} : found->second;
      players[i].open = [opener = opener_, command, setup](std::string* error) {
        EngineFacts facts;
        return opener(command, setup, &facts, error);
      };
      players[i].use_engine_name = true;
    }
  }
  if (players[0].name == players[1].name) players[1].name += " (2)";  // the table tells them apart
  MatchConfig c;
  c.games = kMatchGames[match_games_];
  c.movetime_ms = kMatchTimes[match_time_];
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char date[16], stamp[32];
  std::strftime(date, sizeof date, "%Y.%m.%d", &tm);
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  c.date = date;
  match_file_ = "matches/match-" + std::string(stamp) + ".pgn";
  match_games_written_ = 0;
  match_.start(c, std::move(players[0]), std::move(players[1]));
}

// The frame thread reads the match's status (a lock held for a copy, never a
// wait) and hands each finished game's PGN to the background writer.
void AppModel::poll_match() {
  const MatchStatus s = match_.status();
  if (s.revision == match_seen_) return;
  match_seen_ = s.revision;
  if (s.games.size() != match_games_written_) {
    match_games_written_ = s.games.size();
    storage_->write(match_file_, match_.pgn());
  }
  if (s.finished && engine_dialog_ != EngineDialog::Match) {
    char points[16];
    std::snprintf(points, sizeof points, "%g", s.points());
    flash(say(Phrase::MatchScore, {s.names[0], s.names[1], std::to_string(s.wins),
                                   std::to_string(s.draws), std::to_string(s.losses), points,
                                   std::to_string(s.games.size())}));
  }
}

}  // namespace xq
