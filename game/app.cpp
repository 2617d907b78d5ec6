#include "app.h"

#include <SDL.h>
#include <stb_image_write.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <memory>
#include <sstream>
#include <thread>

#include "assets.h"
#include "audio.h"
#include "board_view.h"
#include "book.h"
#include "controller.h"
#include "notation.h"
#include "panel.h"
#include "pgn.h"
#include "render.h"
#include "settings.h"

namespace xq {

namespace {

using Clock = std::chrono::steady_clock;

int64_t now_ms() {
  static const auto t0 = Clock::now();
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
}

bool to_int(const char* s, int& v) {
  char* end = nullptr;
  const long n = std::strtol(s, &end, 10);
  if (!*s || *end || n < 0 || n > 100000000) return false;
  v = int(n);
  return true;
}

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

// Everything the running program holds besides SDL handles.
struct Session {
  const AppOptions& opt;
  Controller controller;
  BoardView view;
  UiState ui;
  Settings settings;
  std::string dir;  // config folder
  uint64_t saved_revision = 0;
  bool resume_offer = false;  // an autosaved game waits for an answer
  PgnGame resume_game;
  BackgroundWriter writer;  // file writes (with fsync) stay off the frame loop

  Session(const AppOptions& o, ControllerOptions co) : opt(o), controller(co) {}

  void flash(const std::string& m) {
    ui.message = m;
    ui.message_until_ms = now_ms() + 3000;
    std::fprintf(stderr, "xiangqi: %s\n", m.c_str());
  }

  std::string autosave_path() const { return dir + "/autosave.pgn"; }

  // Keeps the autosave file in step with the game (atomically, every move).
  void autosave() {
    if (controller.revision() == saved_revision || resume_offer) return;
    saved_revision = controller.revision();
    const Game& g = controller.game();
    if (g.ply() == 0 || g.verdict().over()) writer.remove(autosave_path());
    else writer.write(autosave_path(), write_pgn(g, {{"Event", "autosave"}, {"Mode", mode_name(controller.mode())}}));
  }

  void load_pgn_text(const std::string& text, const std::string& what) {
    PgnGame pg;
    std::string err;
    if (!read_pgn(text, pg, &err)) {
      flash("无法载入 " + what + ": " + err);
      return;
    }
    if (!controller.load_game(pg.fen, pg.moves, &err)) {
      flash("无法载入 " + what + ": " + err);
      return;
    }
    flash("已载入 " + what);
  }

  std::string saved_games_dir() const { return dir + "/saved"; }

  void save_game() {
    char name[64];
    const std::time_t t = std::time(nullptr);
    std::strftime(name, sizeof name, "game-%Y%m%d-%H%M%S.pgn", std::localtime(&t));
    char date[16];
    std::strftime(date, sizeof date, "%Y.%m.%d", std::localtime(&t));
    const Mode m = controller.mode();
    const std::string red = m == Mode::HumanBlack || m == Mode::ComputerOnly ? "电脑" : "玩家";
    const std::string black = m == Mode::HumanRed || m == Mode::ComputerOnly ? "电脑" : "玩家";
    const std::string path = saved_games_dir() + "/" + name;
    std::string err;
    if (write_file_atomic(path, write_pgn(controller.game(), {{"Event", "中国象棋"}, {"Date", date}, {"Red", red}, {"Black", black}}), &err))
      flash("已保存 " + path);
    else
      flash(err);
  }

  void load_latest() {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path newest;
    for (auto& e : fs::directory_iterator(saved_games_dir(), ec))
      if (e.path().extension() == ".pgn" && (newest.empty() || e.path().filename() > newest.filename())) newest = e.path();
    if (newest.empty()) {
      flash("没有保存的对局（可把 PGN 文件拖进窗口）");
      return;
    }
    load_file(newest.string());
  }

  void load_file(const std::string& path) {
    std::string text;
    if (!read_file(path, text)) {
      flash("无法读取 " + path);
      return;
    }
    load_pgn_text(text, path);
  }

  void paste(const std::string& text) {
    std::string t = text;
    while (!t.empty() && (t.back() == '\n' || t.back() == '\r' || t.back() == ' ')) t.pop_back();
    std::string err;
    FenData d;
    if (parse_fen(t, d, &err)) {
      controller.new_game(t);
      flash("已粘贴局面");
    } else if (t.find('[') != std::string::npos || t.find("1.") != std::string::npos) {
      load_pgn_text(t, "剪贴板");
    } else {
      flash("剪贴板不是局面: " + err);
    }
  }

  void store_settings() {
    settings.level = controller.level();
    if (controller.mode() != Mode::ComputerOnly) settings.mode = mode_name(controller.mode());
    settings.animation = controller.animation_ms() > 0;
    settings.sound = ui.sound;
    settings.flip = controller.flipped() != (controller.mode() == Mode::HumanBlack);
    settings.analysis = ui.analysis;
    settings.iccs = ui.iccs;
    std::string err;
    if (!save_settings(dir, settings, &err)) std::fprintf(stderr, "xiangqi: %s\n", err.c_str());
  }

  void act(Action a) {
    Controller& c = controller;
    switch (a) {
      case Action::NewGame: c.new_game(); break;
      case Action::Undo: c.undo(); break;
      case Action::Redo: c.redo(); break;
      case Action::Flip: c.toggle_flip(); break;
      case Action::Hint: c.request_hint(); break;
      case Action::Sound: ui.sound = !ui.sound; break;
      case Action::Animation: c.set_animation_ms(c.animation_ms() > 0 ? 0 : 150); break;
      case Action::Analysis: ui.analysis = !ui.analysis; break;
      case Action::Notation: ui.iccs = !ui.iccs; break;
      case Action::Level0: case Action::Level1: case Action::Level2: case Action::Level3:
        c.set_level(int(a) - int(Action::Level0));
        break;
      case Action::ModeRed: c.set_mode(Mode::HumanRed); c.new_game(); break;
      case Action::ModeBlack: c.set_mode(Mode::HumanBlack); c.new_game(); break;
      case Action::ModeTwo: c.set_mode(Mode::TwoPlayers); break;
      case Action::ModeDemo:
        if (c.mode() == Mode::ComputerOnly) c.stop_demo();
        else c.set_mode(Mode::ComputerOnly);
        break;
      case Action::HandicapOne: c.new_handicap_game(Handicap::OneHorse); break;
      case Action::HandicapTwo: c.new_handicap_game(Handicap::TwoHorses); break;
      case Action::HandicapNine: c.new_handicap_game(Handicap::NinePieces); break;
      case Action::Save: save_game(); break;
      case Action::Load: load_latest(); break;
      case Action::CopyFen:
        SDL_SetClipboardText(c.game().fen().c_str());
        flash("局面已复制");
        break;
      case Action::PasteFen: {
        char* t = SDL_GetClipboardText();
        paste(t ? t : "");
        SDL_free(t);
        break;
      }
      default: break;
    }
    if (a != Action::None && a != Action::Save && a != Action::Load) store_settings();
  }

  // The two buttons of the "resume?" question, in board design coordinates.
  static Rect resume_yes() { return {130, 318, 110, 40}; }
  static Rect resume_no() { return {280, 318, 110, 40}; }

  void answer_resume(bool yes) {
    resume_offer = false;
    if (yes) {
      std::string err;
      if (controller.load_game(resume_game.fen, resume_game.moves, &err)) {
        const std::string m = resume_game.tag("Mode");
        if (m == "red" || m == "black" || m == "two") {
          const bool flip = controller.flipped();
          controller.set_mode(mode_from(m));
          controller.set_flipped(flip);
        }
        flash("已恢复上次的对局");
      } else {
        flash("无法恢复: " + err);
      }
    }
    saved_revision = 0;  // write (or remove) the autosave for the game now on show
  }

  void click(float px, float py) {
    if (resume_offer) {
      const Rect b = view.board();
      const float x = (px - b.x) / view.scale(), y = (py - b.y) / view.scale();
      if (resume_yes().contains(x, y)) answer_resume(true);
      else if (resume_no().contains(x, y)) answer_resume(false);
      return;
    }
    if (view.board().contains(px, py)) {
      if (auto s = view.square_at(px, py)) controller.click(*s);
      else controller.click_elsewhere();
      return;
    }
    const Rect p = view.panel();
    if (!p.contains(px, py)) {
      controller.click_elsewhere();
      return;
    }
    const float x = (px - p.x) / view.scale(), y = (py - p.y) / view.scale();
    const Action a = button_at(panel_buttons(ui, controller), x, y);
    if (a != Action::None) {
      act(a);
      return;
    }
    if (auto ply = move_list_hit(ui, controller, x, y)) {
      controller.review(*ply == controller.game().ply() ? -1 : *ply);
      ui.follow = false;
    }
  }

  void step_review(int delta) {
    const int n = controller.game().ply();
    int cur = controller.review_ply() < 0 ? n : controller.review_ply();
    cur = std::clamp(cur + delta, 0, n);
    controller.review(cur == n ? -1 : cur);
  }

  void key(const SDL_Keysym& k) {
    const bool ctrl = k.mod & KMOD_CTRL;
    switch (k.sym) {
      case SDLK_f: act(Action::Flip); break;
      case SDLK_n: act(Action::NewGame); break;
      case SDLK_u: act(Action::Undo); break;
      case SDLK_z: if (ctrl) act(Action::Undo); break;
      case SDLK_y: if (ctrl) act(Action::Redo); break;
      case SDLK_r: act(Action::Redo); break;
      case SDLK_h: act(Action::Hint); break;
      case SDLK_m: act(Action::Sound); break;
      case SDLK_a: act(Action::Analysis); break;
      case SDLK_1: case SDLK_2: case SDLK_3: case SDLK_4: act(Action(int(Action::Level0) + int(k.sym - SDLK_1))); break;
      case SDLK_c: if (ctrl) act(Action::CopyFen); break;
      case SDLK_v: if (ctrl) act(Action::PasteFen); break;
      case SDLK_s: if (ctrl) act(Action::Save); break;
      case SDLK_o: if (ctrl) act(Action::Load); break;
      case SDLK_d: act(Action::ModeDemo); break;
      case SDLK_LEFT: step_review(-1); ui.follow = false; break;
      case SDLK_RIGHT: step_review(1); break;
      case SDLK_HOME: controller.review(0); ui.follow = false; break;
      case SDLK_END: controller.review(-1); ui.follow = true; break;
      case SDLK_ESCAPE: controller.review(-1); controller.stop_demo(); break;
      default: break;
    }
  }

  void draw_resume_offer(SDL_Renderer* r, Renderer& rend) {
    if (!resume_offer) return;
    const Rect b = view.board();
    const float s = view.scale();
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 20, 12, 6, 215);
    SDL_FRect band{b.x, b.y + 220 * s, b.w, 160 * s};
    SDL_RenderFillRectF(r, &band);
    char line[96];
    std::snprintf(line, sizeof line, "继续上次未下完的对局？（%zu 步）", resume_game.moves.size());
    rend.text().draw(line, b.x + b.w / 2, b.y + 250 * s, int(24 * s), {245, 230, 200, 255}, 1);
    for (auto [rc, label] : {std::pair{resume_yes(), "继续"}, std::pair{resume_no(), "新局"}}) {
      SDL_SetRenderDrawColor(r, 196, 140, 60, 255);
      SDL_FRect f{b.x + rc.x * s, b.y + rc.y * s, rc.w * s, rc.h * s};
      SDL_RenderFillRectF(r, &f);
      rend.text().draw(label, f.x + f.w / 2, f.y + 8 * s, int(20 * s), {255, 255, 255, 255}, 1);
    }
  }
};

// Plays the --moves list and --select for screenshots and tests.
bool apply_setup(Session& s, std::string* error) {
  Controller& c = s.controller;
  const std::string fen = s.opt.fen.empty() ? kStartFen : s.opt.fen;
  if (!c.new_game(fen, error)) return false;
  std::istringstream in(s.opt.moves);
  std::vector<Move> moves;
  Game g;
  g.reset(fen);
  for (std::string tok; in >> tok;) {
    Move m;
    Position p = g.position();
    if (!parse_move(p, tok, m, error) || !g.play(m)) {
      if (error) *error = "--moves: " + *error;
      return false;
    }
    moves.push_back(m);
  }
  if (!moves.empty() && !c.load_game(fen, moves, error)) return false;
  return true;
}

bool select_square(Session& s, std::string* error) {
  if (s.opt.select.empty()) return true;
  Move m;
  if (!iccs_to_move(s.opt.select + s.opt.select, m, nullptr)) {
    if (error) *error = "--select: '" + s.opt.select + "' is not a square like h2";
    return false;
  }
  s.controller.click(move_from(m));
  return true;
}

int screenshot(Session& s) {
  const int w = s.opt.width ? s.opt.width : int(BoardView::kBoardW + BoardView::kPanelW);
  const int h = s.opt.height ? s.opt.height : int(BoardView::kBoardH);
  SDL_Surface* surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
  SDL_Renderer* r = surf ? SDL_CreateSoftwareRenderer(surf) : nullptr;
  if (!r) {
    std::fprintf(stderr, "xiangqi: cannot make an offscreen renderer: %s\n", SDL_GetError());
    return 1;
  }
  Renderer rend;
  std::string err;
  if (!rend.init(r, find_asset_dir(), &err)) {
    std::fprintf(stderr, "xiangqi: %s\n", err.c_str());
    return 1;
  }
  if (s.opt.hint) {
    s.controller.request_hint();
    for (int i = 0; i < 5000 && !s.controller.hint(); ++i) {
      s.controller.update(now_ms());
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
  s.view.set_flipped(s.controller.flipped());
  s.view.layout(w, h);
  s.ui.scroll = follow_scroll(s.controller);
  rend.draw(s.controller, s.view, s.ui, 1 << 30);
  s.draw_resume_offer(r, rend);
  SDL_RenderPresent(r);
  const bool ok = stbi_write_png(s.opt.screenshot.c_str(), w, h, 4, surf->pixels, surf->pitch) != 0;
  SDL_DestroyRenderer(r);
  SDL_FreeSurface(surf);
  if (!ok) {
    std::fprintf(stderr, "xiangqi: cannot write %s\n", s.opt.screenshot.c_str());
    return 1;
  }
  std::printf("wrote %s (%dx%d)\n", s.opt.screenshot.c_str(), w, h);
  return 0;
}

}  // namespace

bool parse_args(int argc, char** argv, AppOptions& o, std::string* error) {
  auto need = [&](int& i, const char* name) -> const char* {
    if (i + 1 >= argc) {
      if (error) *error = std::string(name) + " needs a value";
      return nullptr;
    }
    return argv[++i];
  };
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const char* v = nullptr;
    auto number = [&](int& out) {
      if (!(v = need(i, a.c_str()))) return false;
      if (!to_int(v, out)) {
        if (error) *error = a + ": '" + v + "' is not a number";
        return false;
      }
      return true;
    };
    if (a == "--screenshot") { if (!(v = need(i, "--screenshot"))) return false; o.screenshot = v; }
    else if (a == "--fen") { if (!(v = need(i, "--fen"))) return false; o.fen = v; }
    else if (a == "--moves") { if (!(v = need(i, "--moves"))) return false; o.moves = v; }
    else if (a == "--select") { if (!(v = need(i, "--select"))) return false; o.select = v; }
    else if (a == "--mode") { if (!(v = need(i, "--mode"))) return false; o.mode = v; }
    else if (a == "--config-dir") { if (!(v = need(i, "--config-dir"))) return false; o.config_dir = v; }
    else if (a == "--resume") { if (!(v = need(i, "--resume"))) return false; o.resume = v; }
    else if (a == "--load") { if (!(v = need(i, "--load"))) return false; o.load = v; }
    else if (a == "--flip") o.flip = true;
    else if (a == "--demo") o.demo = true;
    else if (a == "--hint") o.hint = true;
    else if (a == "--frame-stats") o.frame_stats = true;
    else if (a == "--print-state") o.print_state = true;
    else if (a == "--no-vsync") o.no_vsync = true;
    else if (a == "--no-book") o.no_book = true;
    else if (a == "--no-animation") o.no_animation = true;
    else if (a == "--iccs") o.iccs = true;
    else if (a == "--movetime") { if (!number(o.movetime_ms)) return false; }
    else if (a == "--level") { if (!number(o.level)) return false; if (o.level > 3) { if (error) *error = "--level is 0-3"; return false; } }
    else if (a == "--max-frames") { if (!number(o.max_frames)) return false; }
    else if (a == "--width") { if (!number(o.width)) return false; }
    else if (a == "--height") { if (!number(o.height)) return false; }
    else if (a == "--click") {
      // --click FRAME:X:Y (window coordinates), repeatable.
      if (!(v = need(i, "--click"))) return false;
      AppOptions::Click c{};
      if (std::sscanf(v, "%d:%d:%d", &c.frame, &c.x, &c.y) != 3) {
        if (error) *error = std::string("--click wants FRAME:X:Y, got '") + v + "'";
        return false;
      }
      o.clicks.push_back(c);
    } else if (a == "--help" || a == "-h") {
      if (error) *error = "help";
      return false;
    } else {
      if (error) *error = "unknown option '" + a + "'";
      return false;
    }
  }
  if (!o.mode.empty() && o.mode != "red" && o.mode != "black" && o.mode != "two" && o.mode != "demo") {
    if (error) *error = "--mode is red, black, two or demo";
    return false;
  }
  if (o.resume != "ask" && o.resume != "yes" && o.resume != "no") {
    if (error) *error = "--resume is ask, yes or no";
    return false;
  }
  return true;
}

int run_app(const AppOptions& o) {
  // The book: found beside the program or in the source tree; play goes on without it.
  Book book;
  bool have_book = false;
  if (!o.no_book) {
    const std::string path = find_book_file("");
    std::string err;
    if (path.empty()) std::fprintf(stderr, "xiangqi: opening book not found; playing without it\n");
    else if (!book.load(path, &err)) std::fprintf(stderr, "xiangqi: %s; playing without it\n", err.c_str());
    else have_book = true;
  }
  ControllerOptions co;
  co.movetime_override_ms = o.movetime_ms;
  co.book = have_book ? &book : nullptr;
  Session s(o, co);
  s.dir = config_dir(o.config_dir);
  const bool offscreen = !o.screenshot.empty();
  if (!offscreen) load_settings(s.dir, s.settings);
  Controller& c = s.controller;
  c.set_level(o.level >= 0 ? o.level : s.settings.level);
  c.set_mode(mode_from(o.demo ? "demo" : !o.mode.empty() ? o.mode : s.settings.mode));
  if (s.settings.flip) c.toggle_flip();
  if (o.flip) c.toggle_flip();
  c.set_animation_ms(o.no_animation || (!offscreen && !s.settings.animation) ? 0 : 150);
  s.ui.sound = s.settings.sound;
  s.ui.analysis = s.settings.analysis;
  s.ui.iccs = o.iccs || s.settings.iccs;
  std::string err;
  if (!apply_setup(s, &err) || !select_square(s, &err)) {
    std::fprintf(stderr, "xiangqi: %s\n", err.c_str());
    return 2;
  }
  if (!o.load.empty()) s.load_file(o.load);

  if (SDL_Init(offscreen ? 0 : SDL_INIT_VIDEO) != 0) {
    std::fprintf(stderr, "xiangqi: SDL_Init failed: %s\n", SDL_GetError());
    return 1;
  }
  // An unfinished game from last time is offered back.
  if (!offscreen && o.resume != "no" && o.fen.empty() && o.moves.empty() && o.load.empty() && !o.demo) {
    std::string text;
    if (read_file(s.autosave_path(), text)) {
      if (read_pgn(text, s.resume_game, &err) && !s.resume_game.moves.empty()) {
        s.resume_offer = true;
        if (o.print_state) std::printf("resume offered: %zu moves\n", s.resume_game.moves.size());
        if (o.resume == "yes") s.answer_resume(true);
      } else if (!text.empty()) {
        std::fprintf(stderr, "xiangqi: autosaved game unreadable (%s); starting afresh\n", err.c_str());
      }
    }
  }
  if (offscreen) {
    const int rc = screenshot(s);
    SDL_Quit();
    return rc;
  }

  const int w = o.width ? o.width : s.settings.width ? s.settings.width : 800;
  const int h = o.height ? o.height : s.settings.height ? s.settings.height : 576;
  SDL_Window* win = SDL_CreateWindow("中国象棋", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                                     SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!win) {
    std::fprintf(stderr, "xiangqi: cannot open a window: %s\n", SDL_GetError());
    SDL_Quit();
    return 1;
  }
  SDL_SetWindowMinimumSize(win, 400, 300);
  Uint32 flags = SDL_RENDERER_ACCELERATED | (o.no_vsync ? 0 : SDL_RENDERER_PRESENTVSYNC);
  SDL_Renderer* r = SDL_CreateRenderer(win, -1, flags);
  if (!r) r = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE);
  if (!r) {
    std::fprintf(stderr, "xiangqi: cannot create a renderer: %s\n", SDL_GetError());
    return 1;
  }
  // Owned here so they go before SDL_Quit.
  auto rend_ptr = std::make_unique<Renderer>();
  auto audio_ptr = std::make_unique<Audio>();
  Renderer& rend = *rend_ptr;
  Audio& audio = *audio_ptr;
  if (!rend.init(r, find_asset_dir(), &err)) {
    std::fprintf(stderr, "xiangqi: %s\n", err.c_str());
    rend_ptr.reset();
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(win);
    SDL_Quit();
    return 1;
  }
  audio.init(find_asset_dir());
  SDL_EventState(SDL_DROPFILE, SDL_ENABLE);

  // Pacing: a fixed 15 ms schedule (and vsync where the driver has it) so the loop never spins a core.
  const auto period = std::chrono::microseconds(15000);
  auto deadline = Clock::now();
  std::vector<double> frame_ms;
  auto last_present = Clock::now();
  bool running = true;
  int frame = 0;
  while (running) {
    for (const auto& ck : o.clicks) {
      if (ck.frame != frame) continue;
      for (Uint8 state : {SDL_PRESSED, SDL_RELEASED}) {
        SDL_Event e{};
        e.type = state == SDL_PRESSED ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
        e.button.button = SDL_BUTTON_LEFT;
        e.button.state = state;
        e.button.x = ck.x;
        e.button.y = ck.y;
        e.button.windowID = SDL_GetWindowID(win);
        SDL_PushEvent(&e);
      }
    }
    int ww, wh, ow, oh;
    SDL_GetWindowSize(win, &ww, &wh);
    SDL_GetRendererOutputSize(r, &ow, &oh);
    const float rx = ww > 0 ? float(ow) / ww : 1, ry = wh > 0 ? float(oh) / wh : 1;
    s.view.set_flipped(c.flipped());
    s.view.layout(ow, oh);
    for (SDL_Event e; SDL_PollEvent(&e);) {
      if (e.type == SDL_QUIT) running = false;
      else if (e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT) s.click(e.button.x * rx, e.button.y * ry);
      else if (e.type == SDL_MOUSEWHEEL) {
        s.ui.scroll = std::max(0, s.ui.scroll - e.wheel.y);
        s.ui.follow = s.ui.scroll >= follow_scroll(c);
      } else if (e.type == SDL_KEYDOWN) s.key(e.key.keysym);
      else if (e.type == SDL_DROPFILE) {
        s.load_file(e.drop.file);
        SDL_free(e.drop.file);
      } else if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
        s.settings.width = e.window.data1;
        s.settings.height = e.window.data2;
      }
    }
    if (!s.resume_offer) c.update(now_ms());
    for (SoundId id : c.take_sounds())
      if (s.ui.sound) audio.play(id);
    s.autosave();
    if (s.ui.follow) s.ui.scroll = follow_scroll(c);
    s.view.set_flipped(c.flipped());
    rend.draw(c, s.view, s.ui, now_ms());
    s.draw_resume_offer(r, rend);
    SDL_RenderFlush(r);  // do the drawing now, so the present after the wait is quick and even
    // Some drivers claim vsync without waiting (the dummy one), so the fixed
    // schedule always applies; with a real 60 Hz vsync it never has to sleep.
    deadline += period;
    const auto now = Clock::now();
    if (deadline < now) deadline = now;
    std::this_thread::sleep_until(deadline);
    SDL_RenderPresent(r);
    const auto t = Clock::now();
    if (frame > 0) frame_ms.push_back(std::chrono::duration<double, std::milli>(t - last_present).count());
    last_present = t;
    ++frame;
    if (o.max_frames && frame >= o.max_frames) running = false;
  }
  if (!o.max_frames) s.store_settings();
  if (o.print_state) {
    std::printf("fen %s\n", c.game().fen().c_str());
    std::string moves;
    for (Move m : c.game().moves()) moves += " " + move_to_iccs(m);
    std::printf("moves%s\n", moves.c_str());
  }
  if (o.frame_stats) {
    std::vector<double> v = frame_ms;
    std::sort(v.begin(), v.end());
    const double mx = v.empty() ? 0 : v.back();
    const double p99 = v.empty() ? 0 : v[std::min(v.size() - 1, size_t(v.size() * 0.99))];
    std::printf("frames %d moves %d max_ms %.2f p99_ms %.2f\n", frame, c.game().ply(), mx, p99);
  }
  audio_ptr.reset();
  rend_ptr.reset();
  SDL_DestroyRenderer(r);
  SDL_DestroyWindow(win);
  SDL_Quit();
  return 0;
}

}  // namespace xq
