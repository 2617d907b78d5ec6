// Finding the assets folder and loading its PNG sprites with stb_image.
#pragma once
#include <SDL.h>

#include <string>

#include "sdl_handles.h"

namespace xq {

// The assets folder: $XIANGQI_ASSETS, beside the executable, ../assets,
// ../share/xiangqi/assets, or the source tree. Empty if none has board.png.
std::string find_asset_dir();

// The window icon: the red king cut from dir/pieces.png (nullptr when missing).
SurfacePtr load_icon(const std::string& dir);

// Loads dir/name as a texture; on failure returns nullptr and a message naming the file.
TexturePtr load_texture(SDL_Renderer* r, const std::string& dir, const std::string& name, int expect_w,
                          int expect_h, std::string* error);

}  // namespace xq
