#include "text.h"

#include <fontconfig/fontconfig.h>

#include <cstdio>

namespace xq {

std::string find_font(const char* pattern, uint32_t probe) {
  if (!FcInit()) return "";
  std::string path;
  FcPattern* pat = FcNameParse(reinterpret_cast<const FcChar8*>(pattern));
  FcConfigSubstitute(nullptr, pat, FcMatchPattern);
  FcDefaultSubstitute(pat);
  FcResult res;
  FcFontSet* set = FcFontSort(nullptr, pat, FcTrue, nullptr, &res);
  if (set) {
    for (int i = 0; i < set->nfont && path.empty(); ++i) {
      FcCharSet* cs = nullptr;
      FcChar8* file = nullptr;
      if (FcPatternGetString(set->fonts[i], FC_FILE, 0, &file) != FcResultMatch) continue;
      if (probe && (FcPatternGetCharSet(set->fonts[i], FC_CHARSET, 0, &cs) != FcResultMatch ||
                    !FcCharSetHasChar(cs, probe)))
        continue;
      path = reinterpret_cast<const char*>(file);
    }
    FcFontSetDestroy(set);
  }
  FcPatternDestroy(pat);
  return path;
}

bool Text::init(SDL_Renderer* r) {
  r_ = r;
  if (!TTF_WasInit() && TTF_Init() != 0) {
    std::fprintf(stderr, "xiangqi: SDL_ttf failed (%s); no text will be shown\n", TTF_GetError());
    return false;
  }
  path_ = find_font("sans-serif:lang=zh-cn", 0x5C06);  // 将
  cjk_ = !path_.empty();
  if (!cjk_) {
    path_ = find_font("sans-serif", 0);
    std::fprintf(stderr, "xiangqi: no font with Chinese characters found (install fonts-wqy-microhei); "
                         "using %s, Chinese text will not show\n", path_.empty() ? "nothing" : path_.c_str());
  }
  if (path_.empty() || !font(16)) {
    std::fprintf(stderr, "xiangqi: no usable font; no text will be shown\n");
    path_.clear();
    return false;
  }
  return true;
}

TTF_Font* Text::font(int px) {
  if (path_.empty()) return nullptr;
  auto it = fonts_.find(px);
  if (it != fonts_.end()) return it->second.get();
  FontPtr f(TTF_OpenFont(path_.c_str(), px));
  if (!f) return nullptr;
  return (fonts_[px] = std::move(f)).get();
}

int Text::width(const std::string& s, int px) {
  // Layout asks for the same widths every frame; measuring makes FreeType
  // read the font file, so each width is measured once.
  const auto key = std::make_pair(s, px);
  if (auto it = widths_.find(key); it != widths_.end()) return it->second;
  TTF_Font* f = font(px);
  int w = 0, h = 0;
  if (f && !s.empty()) TTF_SizeUTF8(f, s.c_str(), &w, &h);
  if (widths_.size() > 4000) widths_.clear();  // strings that change (clocks, node counts) never pile up
  widths_.emplace(key, w);
  return w;
}

int Text::draw(const std::string& s, float x, float y, int px, SDL_Color c, int align) {
  if (s.empty()) return 0;
  TTF_Font* f = font(px);
  if (!f) return 0;
  const Key key{s, px, uint32_t(c.r) << 24 | uint32_t(c.g) << 16 | uint32_t(c.b) << 8 | c.a};
  auto it = cache_.find(key);
  if (it == cache_.end()) {
    const SurfacePtr surf(TTF_RenderUTF8_Blended(f, s.c_str(), c));
    if (!surf) return 0;
    Entry e{TexturePtr(SDL_CreateTextureFromSurface(r_, surf.get())), surf->w, surf->h};
    if (!e.tex) return 0;
    if (cache_.size() > 400) {  // drop the oldest entries
      for (int i = 0; i < 100; ++i) {
        auto old = cache_.find(order_.front());
        if (old != cache_.end()) cache_.erase(old);
        order_.pop_front();
      }
    }
    it = cache_.emplace(key, std::move(e)).first;
    order_.push_back(key);
  }
  const Entry& e = it->second;
  float dx = align == 1 ? x - e.w / 2.0f : align == 2 ? x - e.w : x;
  SDL_Rect dst{int(dx), int(y), e.w, e.h};
  SDL_RenderCopy(r_, e.tex.get(), nullptr, &dst);
  return e.w;
}

}  // namespace xq
