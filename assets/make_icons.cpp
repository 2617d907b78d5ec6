// Makes the program's icons from the red king of assets/pieces.png: PNGs at
// the hicolor sizes, written to OUTDIR/<N>x<N>/apps/xiangqi.png. Run by the
// build, so the icons always match the pieces.
#include <stb_image.h>
#include <stb_image_resize.h>
#include <stb_image_write.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: make_icons PIECES.png OUTDIR\n");
    return 2;
  }
  constexpr int kCell = 112;  // sprite cell of pieces.png; the red king is the first cell
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(argv[1], &w, &h, &n, 4);
  if (!px || w < kCell || h < kCell) {
    std::fprintf(stderr, "make_icons: %s is missing or not a pieces atlas\n", argv[1]);
    return 1;
  }
  std::vector<unsigned char> cell(size_t(kCell) * kCell * 4);
  for (int y = 0; y < kCell; ++y)
    std::copy(px + size_t(y) * w * 4, px + size_t(y) * w * 4 + kCell * 4, cell.begin() + size_t(y) * kCell * 4);
  stbi_image_free(px);
  for (int size : {16, 24, 32, 48, 64, 128, 256, 512}) {
    std::vector<unsigned char> out(size_t(size) * size * 4);
    stbir_resize_uint8_srgb(cell.data(), kCell, kCell, 0, out.data(), size, size, 0, 4, 3, 0);
    const std::string dir = std::string(argv[2]) + "/" + std::to_string(size) + "x" + std::to_string(size) + "/apps";
    std::filesystem::create_directories(dir);
    if (!stbi_write_png((dir + "/xiangqi.png").c_str(), size, size, 4, out.data(), size * 4)) {
      std::fprintf(stderr, "make_icons: cannot write %s/xiangqi.png\n", dir.c_str());
      return 1;
    }
  }
  return 0;
}
