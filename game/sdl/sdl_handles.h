// Owners for SDL objects: each is destroyed exactly once, on every path out.
#pragma once
#include <SDL.h>
#include <SDL_mixer.h>
#include <SDL_ttf.h>

#include <memory>

namespace xq {

struct SdlDeleter {
  void operator()(SDL_Window* w) const { SDL_DestroyWindow(w); }
  void operator()(SDL_Renderer* r) const { SDL_DestroyRenderer(r); }
  void operator()(SDL_Texture* t) const { SDL_DestroyTexture(t); }
  void operator()(SDL_Surface* s) const { SDL_FreeSurface(s); }
  void operator()(TTF_Font* f) const { TTF_CloseFont(f); }
  void operator()(Mix_Chunk* c) const { Mix_FreeChunk(c); }
};

template <class T>
using SdlPtr = std::unique_ptr<T, SdlDeleter>;

using WindowPtr = SdlPtr<SDL_Window>;
using RendererPtr = SdlPtr<SDL_Renderer>;
using TexturePtr = SdlPtr<SDL_Texture>;
using SurfacePtr = SdlPtr<SDL_Surface>;
using FontPtr = SdlPtr<TTF_Font>;
using ChunkPtr = SdlPtr<Mix_Chunk>;

// SDL_Init and SDL_Quit as a pair.
class SdlLibrary {
 public:
  explicit SdlLibrary(Uint32 flags) : ok_(SDL_Init(flags) == 0) {}
  ~SdlLibrary() { SDL_Quit(); }
  SdlLibrary(const SdlLibrary&) = delete;
  SdlLibrary& operator=(const SdlLibrary&) = delete;
  bool ok() const { return ok_; }

 private:
  bool ok_;
};

}  // namespace xq
