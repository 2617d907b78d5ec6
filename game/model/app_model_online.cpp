// Online play in the app model: the O dialog (log in, the lobby, offering and
// accepting games, hosting a LAN server), and the game in progress on the
// board — the player's moves go to the server, the opponent's come from it
// like the computer's, the server's clocks and verdicts rule.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "app_model.h"
#include "child_process.h"
#include "notation.h"

namespace xq {

using nlohmann::json;

namespace {

constexpr const char* kSeekClocks[] = {"5+3", "10+5", "10m/30s*3"};
constexpr uint16_t kLanPort = 7800;

// The server program: beside the game when installed, or in the build tree's server/ folder.
std::string server_program() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  for (const auto& p : {self.parent_path() / "xiangqi-server", self.parent_path().parent_path() / "server" / "xiangqi-server"})
    if (access(p.c_str(), X_OK) == 0) return p.string();
  return "";
}

}  // namespace

bool AppModel::online_game() const {
  return online_.game() != 0 && !controller_.game_over();
}

bool AppModel::watching_game() const {
  return online_.watching() != 0 && online_serial_ == controller_.game_serial();
}

// The server's game on the board (checked move by move first: false, after
// saying why, when it cannot be played here), with its clocks; `mode` says
// who moves on this board.
bool AppModel::online_load(const ServerMessage& m, Mode mode) {
  Game check;
  std::string error;
  if (!check.reset(m.fen, &error)) {
    flash(error);
    return false;
  }
  for (Move mv : m.moves)
    if (!check.play(mv)) {
      flash(say(Phrase::OnlineClosed, {"the server's game has an illegal move"}));
      return false;
    }
  if (ui_.puzzle >= 0) puzzle_action(Action::PuzzleExit);
  controller_.stop_demo();
  controller_.set_time_control(parse_clock_option(m.time).value_or(TimeControl{}));
  controller_.load_game(m.fen, m.moves, nullptr);
  controller_.set_mode(mode);
  controller_.set_remote_clock(true);
  online_serial_ = controller_.game_serial();
  online_board_game_ = m.game;
  if (m.red_ms >= 0) controller_.set_clock_readings(m.red_ms, m.black_ms, now_ms_);
  online_ply_ = int(m.moves.size());
  online_shown_ = false;
  return true;
}

// A game to watch: nobody's to move on this board (no computer plays, and
// click() refuses the spectator's clicks); its moves arrive like a player's.
void AppModel::online_watch_game(const ServerMessage& m) {
  if (!online_load(m, Mode::TwoPlayers)) return;
  ui_.flipped = false;
  flash(say(Phrase::OnlineWatching, {m.red_name, m.black_name}));
}

std::optional<Dialog> AppModel::online_dialog() const {
  if (!online_shown_) return std::nullopt;
  Dialog d;
  d.area = {20, 40, 480, 520};
  const auto state = online_.state();
  if (state != OnlineSession::State::LoggedIn) {
    d.text = say(Phrase::OnlineTitle);
    const std::string fields[3] = {
        say(Phrase::OnlineServer, {settings_.server}), say(Phrase::OnlineName, {online_name_}),
        say(Phrase::OnlinePassword, {std::string(online_password_.size(), '*')})};
    for (int i = 0; i < 3; ++i)
      d.buttons.push_back({Action::OnlineField, fields[i] + (online_field_ == i ? "▏" : ""),
                           {40, 100 + float(i) * 46, 440, 38}, online_field_ == i, i});
    d.buttons.push_back({Action::OnlineGuest, say(Phrase::OnlineGuest), {40, 250, 135, 40}, true});
    d.buttons.push_back({Action::OnlineLogIn, say(Phrase::OnlineLogIn), {192, 250, 135, 40}, true});
    d.buttons.push_back({Action::OnlineRegister, say(Phrase::OnlineRegister), {345, 250, 135, 40}, true});
    d.buttons.push_back({Action::OnlineHost, say(Phrase::OnlineHost), {40, 305, 440, 40}, false});
  } else {
    d.text = say(Phrase::OnlineTitle) + " · " +
             say(Phrase::OnlineLoggedIn, {online_.name(), std::to_string(online_.rating())});
    d.buttons.push_back({Action::None, say(Phrase::OnlineSeeks), {40, 104, 440, 26}, false});  // under the title
    const auto& seeks = online_.seeks();
    if (seeks.empty()) d.buttons.push_back({Action::None, say(Phrase::OnlineNoSeeks), {40, 136, 440, 34}, false});
    for (size_t i = 0; i < seeks.size() && i < 4; ++i) {
      const OnlineSeek& s = seeks[i];
      const std::string color = say(s.color == "red"     ? Phrase::OnlineRed
                                    : s.color == "black" ? Phrase::OnlineBlack
                                                         : Phrase::OnlineAny);
      const std::string row = say(Phrase::OnlineSeekRow, {s.name, std::to_string(s.rating), s.time,
                                                          say(s.rated ? Phrase::OnlineRated : Phrase::OnlineCasual), color});
      const bool mine = s.id == online_.my_seek();
      // A guest cannot take a rated seek: it shows as such, not as a button that fails.
      const bool barred = !mine && s.rated && online_.guest();
      d.buttons.push_back({mine ? Action::OnlineCancelSeek : barred ? Action::None : Action::OnlineAccept,
                           mine ? say(Phrase::OnlineMySeek, {s.time}) : barred ? row + say(Phrase::OnlineAccountsOnly) : row,
                           {40, 136 + float(i) * 38, 440, 34}, mine, int(i)});
    }
    // The games in progress, to watch (while a note is up, it has their place).
    // One's own game is not one to watch.
    const auto& games = online_.games();
    std::vector<int> others;
    for (size_t i = 0; i < games.size(); ++i)
      if (games[i].id != online_.game()) others.push_back(int(i));
    if (!others.empty() && online_note_.empty()) {
      d.buttons.push_back({Action::None, say(Phrase::OnlineGames), {40, 292, 440, 26}, false});
      for (size_t k = 0; k < others.size() && k < 2; ++k) {
        const OnlineGame& g = games[size_t(others[k])];
        d.buttons.push_back({Action::OnlineWatch,
                             say(Phrase::OnlineGameRow, {g.red, g.black, g.time, std::to_string(g.ply / 2 + 1)}),
                             {40, 324 + float(k) * 38, 440, 34}, g.id == online_.watching(), others[k]});
      }
    }
    d.buttons.push_back({Action::None, say(Phrase::OnlineNewSeek), {40, 410, 440, 26}, false});
    for (int i = 0; i < 3; ++i)
      d.buttons.push_back({Action::OnlineSeek, kSeekClocks[i], {40 + float(i) * 112, 440, 102, 40}, false, i});
    if (!online_.guest())
      d.buttons.push_back({Action::OnlineRated,  // a switch: it shows the state and that it can be changed
                           say(online_rated_ ? Phrase::OnlineRatedOn : Phrase::OnlineRatedOff), {376, 440, 104, 40},
                           online_rated_});
    // Who is online, in one line: names with ratings, playing ones marked, as many as fit.
    const auto& players = online_.players();
    std::string names;
    size_t shown = 0;
    for (const OnlinePlayer& p : players) {
      std::string one = p.name + " " + std::to_string(p.rating) + (p.playing ? "*" : "");
      if (names.size() + one.size() > 52) break;
      names += (names.empty() ? "" : " · ") + one;
      ++shown;
    }
    if (shown < players.size()) names += " …";
    d.buttons.push_back({Action::None, say(Phrase::OnlinePlayers, {std::to_string(players.size()), names}),
                         {40, 482, 440, 20}, false});
    d.buttons.push_back({Action::OnlineLogOut, say(Phrase::OnlineLogOut), {40, 505, 120, 36}, false});
  }
  if (!online_note_.empty()) d.buttons.push_back({Action::None, online_note_, {40, 360, 440, 40}, false});
  d.buttons.push_back({Action::OnlineClose, say(Phrase::Close), {360, 505, 120, 36}, true});
  return d;
}

void AppModel::online_log_in(OnlineSession::Login how, const std::string& address) {
  std::string bad;
  if (how != OnlineSession::Login::Guest && (online_name_.empty() || online_password_.empty())) {
    online_field_ = online_name_.empty() ? 1 : 2;
    return;
  }
  if (!online_.log_in(address, how, online_name_, online_password_, now_ms_, &bad)) {
    online_note_ = say(Phrase::OnlineBadAddress, {bad});
    return;
  }
  online_password_.clear();
  online_note_ = say(Phrase::OnlineConnecting, {address});
}

bool AppModel::online_act(Action a, int arg) {
  switch (a) {
    case Action::Online:
      online_shown_ = !online_shown_;
      if (online_shown_ && online_.state() == OnlineSession::State::LoggedIn)
        online_.send(R"({"type":"lobby"})");  // the seeks and the games in progress as they are now
      return true;
    case Action::OnlineWatch:
      if (arg >= 0 && size_t(arg) < online_.games().size() && !online_game()) online_.watch(online_.games()[size_t(arg)].id);
      return true;
    case Action::OnlineClose:
      online_shown_ = false;
      return true;
    case Action::OnlineField:
      online_field_ = std::clamp(arg, 0, 2);
      return true;
    case Action::OnlineGuest:
      online_log_in(OnlineSession::Login::Guest, settings_.server);
      return true;
    case Action::OnlineLogIn:
    case Action::OnlineRegister:
      online_log_in(a == Action::OnlineLogIn ? OnlineSession::Login::Account : OnlineSession::Login::Register,
                    settings_.server);
      return true;
    case Action::OnlineHost: {
      if (hosted_server_ <= 0) {
        const std::string program = server_program();
        std::string error = program.empty() ? "xiangqi-server is not installed beside the game" : "";
        ChildProcess child;
        SpawnOptions so;
        so.pipe_stdin = so.pipe_stdout = false;
        // A first run has no settings folder yet (nothing saved so far): the server's file goes there.
        const std::string db = storage_->path("lan-server.db");
        std::error_code ec;
        std::filesystem::create_directories(std::filesystem::path(db).parent_path(), ec);
        if (!program.empty() && spawn_process({program, "--port", std::to_string(kLanPort), "--db", db}, so, child, &error))
          hosted_server_ = child.pid;
        if (hosted_server_ <= 0) {
          online_note_ = say(Phrase::OnlineCannotHost, {error});
          return true;
        }
      }
      online_log_in(OnlineSession::Login::Guest, "127.0.0.1:" + std::to_string(kLanPort));
      online_.be_patient(now_ms_ + 10000);  // the server is starting
      const auto here = local_addresses();
      hosted_address_ = (here.empty() ? std::string("127.0.0.1") : here.front()) + ":" + std::to_string(kLanPort);
      online_note_ = say(Phrase::OnlineHosting, {hosted_address_});
      return true;
    }
    case Action::OnlineLogOut:
      online_.log_out(true);
      settings_.online_token.clear();
      store_settings();
      online_note_.clear();
      hosted_address_.clear();
      return true;
    case Action::OnlineSeek:
      if (arg < 0 || arg >= 3) return true;
      online_.send(json{{"type", "seek"}, {"time", kSeekClocks[arg]}, {"rated", online_rated_ && !online_.guest()}}.dump());
      return true;
    case Action::OnlineRated:
      online_rated_ = !online_rated_;
      return true;
    case Action::OnlineAccept:
      if (arg >= 0 && size_t(arg) < online_.seeks().size())
        online_.send(json{{"type", "accept"}, {"seek", online_.seeks()[size_t(arg)].id}}.dump());
      return true;
    case Action::OnlineCancelSeek:
      if (online_.my_seek()) online_.send(json{{"type", "cancel_seek"}, {"seek", online_.my_seek()}}.dump());
      return true;
    default:
      break;
  }
  if (!online_game()) return false;
  // A game on the server: its requests go there; what would leave the game is refused.
  const int64_t game = online_.game();
  switch (a) {
    case Action::Undo:
      online_.send(json{{"type", online_takeback_asked_ ? "takeback_accept" : "takeback"}, {"game", game}}.dump());
      if (!online_takeback_asked_) flash(say(Phrase::OnlineTakebackSent, {online_opponent_}));
      online_takeback_asked_ = false;
      return true;
    case Action::OfferDraw:
      online_.send(json{{"type", online_draw_offered_ ? "draw_accept" : "draw_offer"}, {"game", game}}.dump());
      if (!online_draw_offered_) flash(say(Phrase::OnlineDrawSent, {online_opponent_}));
      online_draw_offered_ = false;
      return true;
    case Action::OnlineOfferYes:
    case Action::OnlineOfferNo: {
      const bool draw = online_draw_offered_;
      const bool yes = a == Action::OnlineOfferYes;
      online_.send(json{{"type", draw ? (yes ? "draw_accept" : "draw_decline") : (yes ? "takeback_accept" : "takeback_decline")},
                        {"game", game}}
                       .dump());
      online_draw_offered_ = online_takeback_asked_ = false;
      return true;
    }
    case Action::ResignYes:
      resign_asked_ = false;
      online_.send(json{{"type", "resign"}, {"game", game}}.dump());
      return true;
    case Action::NewGame: case Action::Redo: case Action::Hint: case Action::Level0: case Action::Level1:
    case Action::Level2: case Action::Level3: case Action::LevelDown: case Action::LevelUp: case Action::ModeRed: case Action::ModeBlack: case Action::ModeTwo:
    case Action::ModeDemo: case Action::Load: case Action::PasteFen: case Action::HandicapOne:
    case Action::HandicapTwo: case Action::HandicapNine: case Action::Puzzles: case Action::EditBoard:
    case Action::Engine: case Action::Clock: case Action::ResumeYes: case Action::OpenSaved:
    case Action::CollectionOpen: case Action::CollectionPrev: case Action::CollectionNext: case Action::ExplorerMove:
    case Action::Match: case Action::Review:
      flash(say(Phrase::OnlineNotNow));
      return true;
    default:
      return false;
  }
}

// Typing in the dialog's fields; Tab goes to the next, Return logs in.
bool AppModel::online_key(Key k) {
  if (!online_shown_) return false;
  if (online_.state() == OnlineSession::State::LoggedIn) {
    if (k == Key::Escape) online_shown_ = false;
    return k == Key::Escape || k == Key::Backspace || k == Key::Tab || k == Key::Return;
  }
  std::string* field = online_field_ == 0 ? &settings_.server : online_field_ == 1 ? &online_name_ : &online_password_;
  switch (k) {
    case Key::Tab: online_field_ = (online_field_ + 1) % 3; return true;
    case Key::Return: act(online_name_.empty() ? Action::OnlineGuest : Action::OnlineLogIn); return true;
    case Key::Escape: online_shown_ = false; return true;
    case Key::Backspace:
      while (!field->empty()) {  // one UTF-8 character
        const unsigned char c = static_cast<unsigned char>(field->back());
        field->pop_back();
        if ((c & 0xC0) != 0x80) break;
      }
      return true;
    default: return true;  // the letters come as text
  }
}

bool AppModel::online_text(const std::string& utf8) {
  if (!online_shown_ || online_.state() == OnlineSession::State::LoggedIn) return false;
  std::string* field = online_field_ == 0 ? &settings_.server : online_field_ == 1 ? &online_name_ : &online_password_;
  if (field->size() + utf8.size() <= (online_field_ == 0 ? 255u : online_field_ == 1 ? 20u : 128u)) *field += utf8;
  return true;
}

// An error from the server in the window's language, by its code; the
// server's own words (English) for a code this window does not know.
std::string AppModel::online_error_text(const ServerMessage& m) const {
  static const std::pair<const char*, Phrase> kCodes[] = {
      {"credentials", Phrase::OnlineErrCredentials}, {"taken", Phrase::OnlineErrTaken},
      {"name", Phrase::OnlineErrGuestName},          {"guest_rated", Phrase::OnlineErrGuestRated},
      {"token", Phrase::OnlineErrToken},             {"busy", Phrase::OnlineErrBusy},
      {"wait", Phrase::OnlineErrWait},               {"rate", Phrase::OnlineErrRate},
      {"not_saved", Phrase::OnlineErrNotSaved},      {"replaced", Phrase::OnlineErrReplaced},
      {"login", Phrase::OnlineErrLogin},             {"playing", Phrase::OnlineErrPlaying},
      {"seeks", Phrase::OnlineErrSeeks},             {"not_your_move", Phrase::OnlineErrNotYourMove},
      {"illegal", Phrase::OnlineErrIllegal}};
  for (const auto& [code, p] : kCodes)
    if (m.code == code) return say(p, {std::to_string(m.seconds)});
  return m.message;
}

void AppModel::poll_online() {
  // While the lobby is open it is asked again now and then: games start and end meanwhile.
  if (online_shown_ && online_.state() == OnlineSession::State::LoggedIn && now_ms_ >= online_lobby_at_) {
    if (online_lobby_at_) online_.send(R"({"type":"lobby"})");
    online_lobby_at_ = now_ms_ + 5000;
  }
  // The panel's Online button is lit while logged in (part of the view's cache key).
  ui_.online = online_.state() == OnlineSession::State::LoggedIn;
  for (ServerMessage& m : online_.update(now_ms_)) {
    const std::string& t = m.type;
    // The game on the board (ours, or the one watched): its moves, takebacks and end.
    const bool mine = m.game != 0 && m.game == online_board_game_ && online_serial_ == controller_.game_serial();
    const bool playing = mine && m.game != online_.watching();  // offers and absences are for players
    if (t == "welcome") {  // hosting: the address for the friend stays in view
      online_note_ = hosted_address_.empty() ? "" : say(Phrase::OnlineHosting, {hosted_address_});
      if (!m.guest) settings_.online_name = m.name;
      settings_.online_token = m.token;  // the newest login: a closed window comes back as this player
      store_settings();
    } else if (t == "closed") {
      online_note_ = say(Phrase::OnlineClosed, {m.text});
    } else if (t == "reconnecting") {
      flash(say(Phrase::OnlineReconnecting));
      if (online_game()) controller_.hold_clock(true, now_ms_);  // until the server's readings come back
    } else if (t == "gave_up") {
      flash(say(Phrase::OnlineGaveUp));
      controller_.hold_clock(false, now_ms_);
      if (!m.text.empty()) {  // the server no longer knows the login: it is of no more use
        settings_.online_token.clear();
        store_settings();
      }
      controller_.set_remote_clock(false);
    } else if (t == "error") {
      online_note_ = online_error_text(m);
      flash(online_note_);
    } else if (t == "game" && (m.you == "red" || m.you == "black")) {
      online_start_game(m);
    } else if (t == "game" && m.you == "spectator" && m.game == online_.watching()) {
      online_watch_game(m);
    } else if (t == "move" && mine) {
      online_takeback_asked_ = online_draw_offered_ = false;  // a move answers (and ends) any offer
      if (m.ply == online_ply_ + 1 && !controller_.play_remote(m.move)) {
        flash(say(Phrase::OnlineClosed, {"the server's move " + move_to_iccs(m.move) + " does not fit this board"}));
        online_.log_out();
        continue;
      }
      online_ply_ = std::max(online_ply_, m.ply);
      if (m.red_ms >= 0) controller_.set_clock_readings(m.red_ms, m.black_ms, now_ms_);
    } else if (t == "takeback" && mine) {
      online_takeback_asked_ = online_draw_offered_ = false;  // done: no question left standing
      controller_.take_back_remote(m.ply);
      online_ply_ = m.ply;
      if (m.red_ms >= 0) controller_.set_clock_readings(m.red_ms, m.black_ms, now_ms_);
    } else if (t == "game_over" && mine) {
      const Color loser = m.result == "1-0" ? BLACK : RED;
      const Reason reason = m.reason == "agreement"         ? Reason::Agreement
                            : m.reason == "timeout"         ? Reason::Timeout
                            : m.reason == "timeout_no_mate" ? Reason::TimeoutNoMate
                            : m.reason == "abandoned"       ? Reason::Abandoned
                                                            : Reason::Resignation;
      if (!controller_.game_over()) controller_.end_remote(reason, loser);
      controller_.set_remote_clock(false);
      if (m.has_ratings && playing) {  // in the status line, and with the result banner for as long as it stands
        const bool red = online_color_ == RED;
        ui_.result_note = say(Phrase::OnlineRatingChange, {std::to_string(red ? m.red_before : m.black_before),
                                                           std::to_string(red ? m.red_after : m.black_after)});
        result_note_serial_ = controller_.game_serial();
        flash(ui_.result_note);
      }
      online_ply_ = 0;
    } else if (!playing) {
      continue;  // the rest is about a game we play
    } else if ((t == "draw_offered" || t == "takeback_requested") && m.by != (online_color_ == RED ? "red" : "black")) {
      // Asked in a dialog: agree or decline (a move played also answers a draw offer: play goes on).
      online_takeback_asked_ = t == "takeback_requested";
      online_draw_offered_ = t == "draw_offered";
    } else if (t == "draw_declined" || t == "takeback_declined") {
      if (m.by != (online_color_ == RED ? "red" : "black")) flash(say(Phrase::OnlineDeclined, {online_opponent_}));
    } else if (t == "opponent_away" && m.color != (online_color_ == RED ? "red" : "black")) {
      flash(say(Phrase::OnlineAway, {online_opponent_, std::to_string(m.seconds)}));
    } else if (t == "opponent_back" && m.color != (online_color_ == RED ? "red" : "black")) {
      flash(say(Phrase::OnlineBack, {online_opponent_}));
    }
  }
}

// The server's game on the board: a new one, or the one we come back to.
void AppModel::online_start_game(const ServerMessage& m) {
  const Color color = m.you == "red" ? RED : BLACK;
  if (!online_load(m, color == RED ? Mode::HumanRed : Mode::HumanBlack)) return;
  online_color_ = color;
  online_opponent_ = online_color_ == RED ? m.black_name : m.red_name;
  online_takeback_asked_ = online_draw_offered_ = false;
  ui_.flipped = online_color_ == BLACK;
  flash(say(Phrase::OnlineGameStarted,
            {m.red_name + " (" + std::to_string(m.red_rating) + ")", m.black_name + " (" + std::to_string(m.black_rating) + ")",
             m.time + (m.rated ? " " + say(Phrase::OnlineRated) : ""),
             say(online_color_ == RED ? Phrase::OnlineRed : Phrase::OnlineBlack)}));
}

// The player's move, once made on the board, goes to the server.
void AppModel::online_send_moves() {
  if (!online_game()) return;
  const Game& g = controller_.game();
  if (g.ply() != online_ply_ + 1) return;
  const Color mover = ((g.ply() - 1) % 2 == 0) == (g.start_side() == RED) ? RED : BLACK;
  if (mover != online_color_) return;
  online_.send(json{{"type", "move"}, {"game", online_.game()}, {"move", move_to_iccs(g.moves().back())}}.dump());
  online_ply_ = g.ply();
}

void AppModel::stop_hosting() {
  if (hosted_server_ <= 0) return;
  kill(hosted_server_, SIGTERM);
  waitpid(hosted_server_, nullptr, 0);
  hosted_server_ = -1;
}

}  // namespace xq
