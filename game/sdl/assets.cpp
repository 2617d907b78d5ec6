#include "assets.h"

#include <stb_image.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

namespace xq {

std::string find_asset_dir() {
  namespace fs = std::filesystem;
  std::vector<fs::path> dirs;
  if (const char* env = std::getenv("XIANGQI_ASSETS")) dirs.emplace_back(env);
  std::error_code ec;
  const fs::path exe = fs::canonical("/proc/self/exe", ec).parent_path();
  if (!ec) {
    dirs.push_back(exe / "assets");
    dirs.push_back(exe / ".." / "assets");
    dirs.push_back(exe / ".." / "share" / "xiangqi" / "assets");
  }
#ifdef XQ_SOURCE_ASSETS_DIR
  if (!std::getenv("XIANGQI_NO_SOURCE_TREE")) dirs.emplace_back(XQ_SOURCE_ASSETS_DIR);  // the install test hides it
#endif
  for (const auto& d : dirs)
    if (fs::is_regular_file(d / "board.png", ec)) return d.string();
  return "";
}

SurfacePtr load_icon(const std::string& dir) {
  constexpr int kCell = 112;  // the red king is the atlas's first cell
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load((dir + "/pieces.png").c_str(), &w, &h, &n, 4);
  if (!px) return nullptr;
  SurfacePtr icon;
  if (w >= kCell && h >= kCell) {
    SurfacePtr view(SDL_CreateRGBSurfaceWithFormatFrom(px, kCell, kCell, 32, w * 4, SDL_PIXELFORMAT_RGBA32));
    if (view) icon.reset(SDL_ConvertSurfaceFormat(view.get(), SDL_PIXELFORMAT_RGBA32, 0));  // owns its pixels
  }
  stbi_image_free(px);
  return icon;
}

TexturePtr load_texture(SDL_Renderer* r, const std::string& dir, const std::string& name, int expect_w,
                          int expect_h, std::string* error) {
  const std::string path = dir + "/" + name;
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(path.c_str(), &w, &h, &n, 4);
  if (!px) {
    if (error) *error = "asset " + path + " is missing or damaged (" + stbi_failure_reason() + ")";
    return nullptr;
  }
  if ((expect_w && w != expect_w) || (expect_h && h != expect_h)) {
    stbi_image_free(px);
    if (error)
      *error = "asset " + path + " is " + std::to_string(w) + "x" + std::to_string(h) + ", expected " +
               std::to_string(expect_w) + "x" + std::to_string(expect_h);
    return nullptr;
  }
  SurfacePtr s(SDL_CreateRGBSurfaceWithFormatFrom(px, w, h, 32, w * 4, SDL_PIXELFORMAT_RGBA32));
  TexturePtr t(s ? SDL_CreateTextureFromSurface(r, s.get()) : nullptr);
  s.reset();
  stbi_image_free(px);
  if (!t) {
    if (error) *error = "asset " + path + ": " + SDL_GetError();
    return nullptr;
  }
  SDL_SetTextureBlendMode(t.get(), SDL_BLENDMODE_BLEND);
  return t;
}

}  // namespace xq
