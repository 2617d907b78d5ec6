// Text drawing with SDL2_ttf. The font is found through fontconfig, preferring
// one that has Chinese characters; without one, text falls back to any font
// (and says so once), and without any font, text is simply not drawn.
#pragma once
#include <SDL.h>
#include <SDL_ttf.h>

#include <list>
#include <map>
#include <string>
#include <tuple>
#include <utility>

#include "sdl_handles.h"

namespace xq {

class Text {
 public:
  // Finds and opens a font; returns false (after one message) if none.
  bool init(SDL_Renderer* r);
  bool has_cjk() const { return cjk_; }
  // Draws UTF-8 text; align: 0 left, 1 centre, 2 right of x. Returns its width.
  int draw(const std::string& s, float x, float y, int px_size, SDL_Color c, int align = 0);
  int width(const std::string& s, int px_size);
  const std::string& font_path() const { return path_; }

 private:
  TTF_Font* font(int px_size);
  SDL_Renderer* r_ = nullptr;
  std::string path_;
  bool cjk_ = false;
  std::map<int, FontPtr> fonts_;
  struct Entry {
    TexturePtr tex;
    int w, h;
  };
  using Key = std::tuple<std::string, int, uint32_t>;
  std::map<Key, Entry> cache_;
  std::list<Key> order_;  // least recently made first
  std::map<std::pair<std::string, int>, int> widths_;
};

// The path of a font for `lang` that has `probe` (a code point), via fontconfig.
std::string find_font(const char* pattern, uint32_t probe);

}  // namespace xq
