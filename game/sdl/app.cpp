#include "app.h"
#include "online_client.h"
#include "frame_priority.h"

#include <SDL.h>
#include <stb_image_write.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <thread>

#include "app_model.h"
#include "assets.h"
#include "audio.h"
#include "book.h"
#include "notation.h"
#include "parse_int.h"
#include "render.h"
#include "search_pool.h"
#include "theme.h"
#include "sdl_handles.h"
#include "storage.h"

namespace xq {

namespace {

using Clock = std::chrono::steady_clock;

int64_t now_ms() {
  static const auto t0 = Clock::now();
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
}

// The clipboard through SDL.
class SdlDesktop : public Desktop {
 public:
  std::string clipboard() override {
    char* t = SDL_GetClipboardText();
    std::string s = t ? t : "";
    SDL_free(t);
    return s;
  }
  void set_clipboard(const std::string& text) override { SDL_SetClipboardText(text.c_str()); }
  // zenity or kdialog when installed; XIANGQI_FILE_DIALOG=builtin keeps to the in-game list.
  bool start_file_dialog(FileDialogKind kind, const std::string& folder, const std::string& name,
                         Language lang) override {
    const char* choice = std::getenv("XIANGQI_FILE_DIALOG");
    if (choice && std::string(choice) == "builtin") return false;
    const char* path = std::getenv("PATH");
    return dialog_.start(file_dialog_command(kind, folder, name, lang, path ? path : ""));
  }
  std::optional<std::string> file_dialog_result() override { return dialog_.take_result(); }

 private:
  FileDialog dialog_;
};

// The key table itself is SDL-free (keys.cpp), by the names SDL gives keys.
Key key_from(SDL_Keycode k) { return key_named(SDL_GetKeyName(k)); }

StartOptions start_options(const AppOptions& o) {
  StartOptions s;
  s.fen = o.fen;
  s.moves = o.moves;
  s.select = o.select;
  s.mode = o.demo ? "demo" : o.mode;
  s.level = o.level;
  s.flip = o.flip;
  s.no_animation = o.no_animation;
  s.iccs = o.iccs;
  s.ponder = o.ponder;
  s.board = o.board;
  s.pieces = o.pieces;
  s.server = o.server;
  s.server_ca = o.server_ca;
  s.lang = o.lang;
  s.clock = o.clock;
  s.puzzle = o.puzzle;
  read_file(find_asset_dir() + "/puzzles.txt", s.puzzles);  // none found: the puzzle button says so
  // The locale as the C library reads it: LC_ALL, then LC_MESSAGES, then LANG.
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"})
    if (const char* v = std::getenv(name); v && *v) {
      s.locale_language = language_of_locale(v);
      break;
    }
  s.use_settings = o.screenshot.empty();
  s.resume = o.resume;
  s.load = o.load;
  s.library = o.library;
  s.engine = o.engine;
  s.engine_side = o.engine_side;
  return s;
}

// The book: found beside the program or in the source tree; play goes on without it.
std::unique_ptr<Book> open_book(const AppOptions& o) {
  if (o.no_book) return nullptr;
  auto book = std::make_unique<Book>();
  const std::string path = find_book_file("");
  std::string err;
  if (path.empty()) std::fprintf(stderr, "xiangqi: opening book not found; playing without it\n");
  else if (!book->load(path, &err)) std::fprintf(stderr, "xiangqi: %s; playing without it\n", err.c_str());
  else return book;
  return nullptr;
}

// Loads the sprites into rend; false after a message naming what is missing.
// A theme that cannot be loaded is named (and the default drawn in its place).
bool init_renderer(Renderer& rend, SDL_Renderer* r, const std::string& asset_dir, AppModel* m = nullptr) {
  std::string err;
  if (rend.init(r, asset_dir, &err)) {
    for (const std::string& w : rend.warnings()) {
      std::fprintf(stderr, "xiangqi: %s\n", w.c_str());
      if (m) m->tell(w);
    }
    return true;
  }
  std::fprintf(stderr, "xiangqi: %s\n", err.c_str());
  return false;
}

// What the model has to say on standard output ("engine: <id name>").
void print_console(AppModel& m) {
  for (const std::string& line : m.take_console_lines()) std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

// Runs the model for a while off screen (a screenshot's set-up): until done() or the bound.
template <class Done>
void run_until(AppModel& m, Done done, int bound_ms) {
  const int64_t end = now_ms() + bound_ms;
  while (!done() && now_ms() < end) {
    m.update(now_ms());
    print_console(m);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  m.update(now_ms());
  print_console(m);
}

// --screenshot: one frame drawn offscreen into a PNG.
int screenshot(AppModel& m, const AppOptions& o) {
  run_until(m, [&] { return !m.engine_opening() && !m.opening_file(); }, 20000);
  if (o.review) {
    m.act(Action::Review);
    run_until(m, [&] { return !m.reviewing(); }, 600000);
  }
  // --key in a screenshot: the keys in their frames' order, each given a moment
  // to act (the explorer's rows come from the library's thread).
  std::vector<AppOptions::KeyPress> keys = o.keys;
  std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) { return a.frame < b.frame; });
  for (const auto& k : keys) {
    m.key(key_named(k.name), false);
    run_until(m, [] { return false; }, 300);
  }
  if (o.think_ms) run_until(m, [] { return false; }, o.think_ms);
  const int w = o.width ? o.width : BoardView::kDefaultW;
  const int h = o.height ? o.height : BoardView::kDefaultH;
  const SurfacePtr surf(SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32));
  const RendererPtr r(surf ? SDL_CreateSoftwareRenderer(surf.get()) : nullptr);
  if (!r) {
    std::fprintf(stderr, "xiangqi: cannot make an offscreen renderer: %s\n", SDL_GetError());
    return 1;
  }
  Renderer rend;
  if (!init_renderer(rend, r.get(), find_asset_dir(), &m)) return 1;
  if (o.hint) {
    m.controller().request_hint();
    for (int i = 0; i < 5000 && !m.controller().hint(); ++i) {
      m.update(now_ms());
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
  m.layout(w, h);
  if (o.edit) m.act(Action::EditBoard);
  if (o.show_help) m.key(Key::Help, false);
  if (o.show_saved) m.act(Action::Load);
  rend.draw(m.view_model(), m.board_view(), 1 << 30);
  SDL_RenderPresent(r.get());
  if (!stbi_write_png(o.screenshot.c_str(), w, h, 4, surf->pixels, surf->pitch)) {
    std::fprintf(stderr, "xiangqi: cannot write %s\n", o.screenshot.c_str());
    return 1;
  }
  std::printf("wrote %s (%dx%d)\n", o.screenshot.c_str(), w, h);
  return 0;
}

// --click FRAME:X:Y: pushes a press and release at (X, Y) on that frame.
void inject_clicks(const AppOptions& o, int frame, SDL_Window* win) {
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
}

// Injected keys go in as SDL key events by SDL's own name for the key, so the
// shell's table is what they pass through, as a real key press does.
void inject_keys(const AppOptions& o, int frame, SDL_Window* win) {
  for (const auto& k : o.keys) {
    if (k.frame != frame) continue;
    SDL_Event e{};
    e.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = SDL_GetKeyFromName(k.name.c_str());
    e.key.keysym.scancode = SDL_GetScancodeFromKey(e.key.keysym.sym);
    e.key.windowID = SDL_GetWindowID(win);
    SDL_PushEvent(&e);
  }
}

// Turns the pending SDL events into app-model calls; false when the window closes.
bool handle_events(AppModel& m, float rx, float ry) {
  bool running = true;
  for (SDL_Event e; SDL_PollEvent(&e);) {
    switch (e.type) {
      case SDL_QUIT: running = false; break;
      case SDL_MOUSEBUTTONDOWN:
        if (e.button.button == SDL_BUTTON_LEFT) m.click(e.button.x * rx, e.button.y * ry);
        else if (e.button.button == SDL_BUTTON_RIGHT) m.right_click();
        break;
      case SDL_MOUSEWHEEL: m.wheel(e.wheel.y); break;
      case SDL_TEXTINPUT: m.text_input(e.text.text); break;
      case SDL_KEYDOWN: m.key(key_from(e.key.keysym.sym), e.key.keysym.mod & KMOD_CTRL, e.key.keysym.mod & KMOD_SHIFT); break;
      case SDL_DROPFILE:
        m.open_file(e.drop.file);
        SDL_free(e.drop.file);
        break;
      case SDL_WINDOWEVENT:
        if (e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED) m.window_resized(e.window.data1, e.window.data2);
        break;
      default: break;
    }
  }
  return running;
}

// Frame times (present to present) and how late the loop woke after its
// sleep: a late wake is the system's scheduler or timer, not our drawing.
void print_frame_stats(std::vector<double> v, const std::vector<double>& late, int frames, int moves) {
  std::sort(v.begin(), v.end());
  const double mx = v.empty() ? 0 : v.back();
  const double p99 = v.empty() ? 0 : v[std::min(v.size() - 1, size_t(v.size() * 0.99))];
  const double late_max = late.empty() ? 0 : *std::max_element(late.begin(), late.end());
  std::printf("frames %d moves %d max_ms %.2f p99_ms %.2f wake_late_max_ms %.2f\n", frames, moves, mx, p99, late_max);
}

// The window's loop: events, the game, sounds, one frame, on a fixed 15 ms
// schedule (and vsync where the driver has it) so it never spins a core.
void main_loop(AppModel& m, const AppOptions& o, SDL_Window* win, SDL_Renderer* r, Renderer& rend, Audio& audio) {
  const auto period = std::chrono::microseconds(15000);
  request_short_slice();  // wake on time when the machine is busy (see frame_priority.h)
  auto deadline = Clock::now(), last_present = Clock::now();
  std::vector<double> frame_ms, late_ms;
  int frame = 0;
  for (bool running = true; running;) {
    inject_clicks(o, frame, win);
    inject_keys(o, frame, win);
    int ww, wh, ow, oh;
    SDL_GetWindowSize(win, &ww, &wh);
    SDL_GetRendererOutputSize(r, &ow, &oh);
    m.layout(ow, oh);
    running = handle_events(m, ww > 0 ? float(ow) / ww : 1, wh > 0 ? float(oh) / wh : 1);
    m.update(now_ms());
    print_console(m);
    for (SoundId id : m.take_sounds()) audio.play(id);
    const ViewModel& vm = m.view_model();
    if (vm.title != SDL_GetWindowTitle(win)) SDL_SetWindowTitle(win, vm.title.c_str());
    rend.draw(vm, m.board_view(), now_ms());
    SDL_RenderFlush(r);  // do the drawing now, so the present after the wait is quick and even
    // Some drivers claim vsync without waiting (the dummy one), so the fixed
    // schedule always applies; with a real 60 Hz vsync it never has to sleep.
    deadline = std::max(deadline + period, Clock::now());
    std::this_thread::sleep_until(deadline);
    const auto woke = Clock::now();
    SDL_RenderPresent(r);
    const auto t = Clock::now();
    if (o.frame_stats) {  // only when asked: a long session would otherwise grow these without end
      late_ms.push_back(std::chrono::duration<double, std::milli>(woke - deadline).count());
      if (frame > 0) frame_ms.push_back(std::chrono::duration<double, std::milli>(t - last_present).count());
    }
    last_present = t;
    ++frame;
    if (o.max_frames && frame >= o.max_frames) running = false;
    if (o.until_ply && (m.controller().game().ply() >= o.until_ply || m.controller().game_over())) running = false;
  }
  if (o.frame_stats) print_frame_stats(frame_ms, late_ms, frame, m.controller().game().ply());
}

// Opens the window and its renderer, runs the loop, closes it all.
int run_window(AppModel& m, const AppOptions& o) {
  const Settings& st = m.settings();
  int w = o.width ? o.width : st.width ? st.width : BoardView::kDefaultW;
  int h = o.height ? o.height : st.height ? st.height : BoardView::kDefaultH;
  SDL_Rect usable{};
  if (SDL_GetDisplayUsableBounds(0, &usable) == 0) {  // never taller or wider than the screen
    const WindowSize fit = fit_window(w, h, usable.w, usable.h);
    w = fit.w;
    h = fit.h;
  }
  const WindowPtr win(SDL_CreateWindow(m.view_model().title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                                       SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI));
  if (!win) {
    std::fprintf(stderr, "xiangqi: cannot open a window: %s\n", SDL_GetError());
    return 1;
  }
  SDL_SetWindowMinimumSize(win.get(), 400, 300);
  const std::string assets = find_asset_dir();  // probed once for the icon, sprites and sounds
  if (const SurfacePtr icon = load_icon(assets)) SDL_SetWindowIcon(win.get(), icon.get());
  const Uint32 flags = SDL_RENDERER_ACCELERATED | (o.no_vsync ? 0 : SDL_RENDERER_PRESENTVSYNC);
  RendererPtr r(SDL_CreateRenderer(win.get(), -1, flags));
  if (!r) r.reset(SDL_CreateRenderer(win.get(), -1, SDL_RENDERER_SOFTWARE));
  if (!r) {
    std::fprintf(stderr, "xiangqi: cannot create a renderer: %s\n", SDL_GetError());
    return 1;
  }
  Renderer rend;
  if (!init_renderer(rend, r.get(), assets, &m)) return 1;
  Audio audio;
  audio.init(assets);
  SDL_EventState(SDL_DROPFILE, SDL_ENABLE);
  main_loop(m, o, win.get(), r.get(), rend, audio);
  if (o.print_state) {
    int ww, wh;
    SDL_GetWindowSize(win.get(), &ww, &wh);
    std::printf("window %dx%d display %dx%d\n", ww, wh, usable.w, usable.h);
  }
  return 0;
}

}  // namespace

namespace {

// --click FRAME:X:Y (window coordinates), repeatable.
bool parse_key(const char* v, AppOptions& o, std::string* error) {
  AppOptions::KeyPress k{};
  int used = 0;
  if (std::sscanf(v, "%d:%n", &k.frame, &used) != 1 || used == 0 || !v[used]) {
    if (error) *error = std::string("--key wants FRAME:NAME (an SDL key name such as L or Left), got '") + v + "'";
    return false;
  }
  k.name = v + used;
  o.keys.push_back(k);
  return true;
}

bool parse_click(const char* v, AppOptions& o, std::string* error) {
  AppOptions::Click c{};
  if (std::sscanf(v, "%d:%d:%d", &c.frame, &c.x, &c.y) != 3) {
    if (error) *error = std::string("--click wants FRAME:X:Y, got '") + v + "'";
    return false;
  }
  o.clicks.push_back(c);
  return true;
}

// The options that take one of a few words.
bool check_choices(const AppOptions& o, std::string* error) {
  auto one_of = [](const std::string& v, std::initializer_list<const char*> words) {
    for (const char* w : words)
      if (v == w) return true;
    return false;
  };
  const char* fault = nullptr;
  if (!o.mode.empty() && !one_of(o.mode, {"red", "black", "two", "demo"})) fault = "--mode is red, black, two or demo";
  else if (!o.engine_side.empty() && !one_of(o.engine_side, {"both", "red", "black", "analysis"}))
    fault = "--engine-side is both, red, black or analysis";
  else if (!one_of(o.resume, {"ask", "yes", "no"})) fault = "--resume is ask, yes or no";
  if (fault && error) *error = fault;
  return !fault;
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
      if (!parse_int(v, 0, 100000000, out)) {
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
    else if (a == "--load") { if (!(v = need(i, "--load"))) return false; o.load = shell_path(v); }
    else if (a == "--library") { if (!(v = need(i, "--library"))) return false; o.library = shell_path(v); }
    else if (a == "--engine") { if (!(v = need(i, "--engine"))) return false; o.engine = v; }
    else if (a == "--engine-side") { if (!(v = need(i, "--engine-side"))) return false; o.engine_side = v; }
    else if (a == "--review") o.review = true;
    else if (a == "--think") { if (!number(o.think_ms)) return false; }
    else if (a == "--clock") {
      if (!(v = need(i, "--clock"))) return false;
      if (std::string(v) != "0" && !parse_clock_option(v)) {
        if (error) *error = std::string("--clock wants MINUTES+SECONDS such as 10+5 (or 0 for none), not '") + v + "'";
        return false;
      }
      o.clock = v;
    }
    else if (a == "--lang") {
      if (!(v = need(i, "--lang"))) return false;
      if (!parse_language(v)) {
        if (error) *error = std::string("--lang is zh or en, not '") + v + "'";
        return false;
      }
      o.lang = v;
    }
    else if (a == "--board" || a == "--pieces") {
      if (!(v = need(i, a.c_str()))) return false;
      const bool board = a == "--board";
      if (board ? !known_board_theme(v) : !known_piece_theme(v)) {
        std::string names;
        for (const std::string& n : board ? board_theme_names() : piece_theme_names()) names += (names.empty() ? "" : ", ") + n;
        if (error) *error = a + " is one of " + names + ", not '" + v + "'";
        return false;
      }
      (board ? o.board : o.pieces) = v;
    }
    else if (a == "--server") {
      if (!(v = need(i, "--server"))) return false;
      ServerAddress address;
      if (!parse_server_address(v, address)) {
        if (error)
          *error = std::string("--server wants HOST:PORT such as 192.168.1.5:7800 (or wss://HOST:PORT), not '") + v + "'";
        return false;
      }
      o.server = v;
    }
    else if (a == "--server-ca") {
      if (!(v = need(i, "--server-ca"))) return false;
      o.server_ca = std::filesystem::absolute(v).string();
    }
    else if (a == "--list-themes") o.list_themes = true;
    else if (a == "--flip") o.flip = true;
    else if (a == "--demo") o.demo = true;
    else if (a == "--hint") o.hint = true;
    else if (a == "--show-help") o.show_help = true;
    else if (a == "--edit") o.edit = true;
    else if (a == "--show-saved") o.show_saved = true;
    else if (a == "--frame-stats") o.frame_stats = true;
    else if (a == "--print-state") o.print_state = true;
    else if (a == "--no-vsync") o.no_vsync = true;
    else if (a == "--no-book") o.no_book = true;
    else if (a == "--no-animation") o.no_animation = true;
    else if (a == "--iccs") o.iccs = true;
    else if (a == "--ponder") o.ponder = true;
    else if (a == "--movetime") { if (!number(o.movetime_ms)) return false; }
    else if (a == "--threads") {
      if (!number(o.threads)) return false;
      if (o.threads < 1 || o.threads > SearchPool::kMaxThreads) {
        if (error) *error = "--threads is 1-" + std::to_string(SearchPool::kMaxThreads);
        return false;
      }
    }
    else if (a == "--level") {  // 1-8 as the README's Levels table numbers them
      int n = 0;
      if (!number(n)) return false;
      if (n < 1 || n > kLevelCount) {
        if (error) *error = "--level is 1-" + std::to_string(kLevelCount);
        return false;
      }
      o.level = n - 1;
    }
    else if (a == "--max-frames") { if (!number(o.max_frames)) return false; }
    else if (a == "--until-ply") { if (!number(o.until_ply)) return false; }
    else if (a == "--puzzle") { if (!number(o.puzzle)) return false; }
    else if (a == "--width") { if (!number(o.width)) return false; }
    else if (a == "--height") { if (!number(o.height)) return false; }
    else if (a == "--click") {
      if (!(v = need(i, "--click")) || !parse_click(v, o, error)) return false;
    } else if (a == "--key") {
      if (!(v = need(i, "--key")) || !parse_key(v, o, error)) return false;
    } else if (a == "--help" || a == "-h") {
      if (error) *error = "help";
      return false;
    } else {
      if (error) *error = "unknown option '" + a + "'";
      return false;
    }
  }
  return check_choices(o, error);
}

int run_app(const AppOptions& o) {
  if (o.list_themes) {
    std::fputs(theme_listing().c_str(), stdout);
    return 0;
  }
  const std::unique_ptr<Book> book = open_book(o);
  ControllerOptions co;
  co.movetime_override_ms = o.movetime_ms;
  co.threads = o.threads > 0 ? o.threads : default_search_threads();
  co.book = book.get();
  SdlDesktop desktop;
  AppModel m(co, std::make_unique<FolderStorage>(config_dir(o.config_dir)), &desktop);
  std::string err;
  if (!m.start(start_options(o), &err)) {
    std::fprintf(stderr, "xiangqi: %s\n", err.c_str());
    return 2;
  }
  if (o.print_state && m.resume_was_offered())
    std::printf("resume offered: %zu moves\n", m.resume_moves());
  const bool offscreen = !o.screenshot.empty();
  const SdlLibrary sdl(offscreen ? 0 : SDL_INIT_VIDEO);
  if (!sdl.ok()) {
    std::fprintf(stderr, "xiangqi: SDL_Init failed: %s\n", SDL_GetError());
    return 1;
  }
  if (offscreen) return screenshot(m, o);
  const int rc = run_window(m, o);
  if (!o.max_frames) m.finish();
  if (o.print_state) {
    std::printf("fen %s\n", m.controller().game().fen().c_str());
    std::string moves;
    for (Move mv : m.controller().game().moves()) moves.append(" ").append(move_to_iccs(mv));
    std::printf("moves%s\n", moves.c_str());
    std::printf("language %s\n", language_code(m.ui().language));
    std::printf("themes %s %s\n", m.ui().board_theme.c_str(), m.ui().piece_theme.c_str());
    std::printf("engines red %s | black %s\n", m.controller().engine_name(RED).c_str(),
                m.controller().engine_name(BLACK).c_str());
    if (m.controller().game_over()) std::printf("result %s\n", m.controller().banner().c_str());
  }
  return rc;
}

}  // namespace xq
