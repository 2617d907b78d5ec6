// Generates every file in assets/: the board, the pieces and the markers as
// PNG (drawn at 2x so they stay sharp on high-DPI screens and scale down
// cleanly), and the sounds as 16-bit WAV synthesised from damped sines and
// noise. Usage: generate_assets FONT.ttc OUTDIR  (see generate.sh)
#include <stb_image_write.h>
#include <stb_perlin.h>
#include <stb_truetype.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

// ---------- images ----------

struct RGBA {
  float r, g, b, a;
};

struct Image {
  int w, h;
  std::vector<RGBA> px;
  Image(int w_, int h_, RGBA fill = {0, 0, 0, 0}) : w(w_), h(h_), px(size_t(w_) * h_, fill) {}
  RGBA& at(int x, int y) { return px[size_t(y) * w + x]; }
  // Source-over blend of colour c with coverage a (0..1).
  void blend(int x, int y, RGBA c, float a) {
    if (x < 0 || y < 0 || x >= w || y >= h || a <= 0) return;
    a = std::min(1.0f, a) * c.a;
    RGBA& d = at(x, y);
    const float out_a = a + d.a * (1 - a);
    if (out_a <= 0) return;
    d.r = (c.r * a + d.r * d.a * (1 - a)) / out_a;
    d.g = (c.g * a + d.g * d.a * (1 - a)) / out_a;
    d.b = (c.b * a + d.b * d.a * (1 - a)) / out_a;
    d.a = out_a;
  }
  bool save(const std::string& path) const {
    std::vector<uint8_t> out(size_t(w) * h * 4);
    for (size_t i = 0; i < px.size(); ++i) {
      out[i * 4 + 0] = uint8_t(std::clamp(px[i].r, 0.0f, 255.0f));
      out[i * 4 + 1] = uint8_t(std::clamp(px[i].g, 0.0f, 255.0f));
      out[i * 4 + 2] = uint8_t(std::clamp(px[i].b, 0.0f, 255.0f));
      out[i * 4 + 3] = uint8_t(std::clamp(px[i].a * 255.0f, 0.0f, 255.0f));
    }
    return stbi_write_png(path.c_str(), w, h, 4, out.data(), w * 4) != 0;
  }
};

// Anti-aliased thick segment: coverage from the distance to the segment.
void segment(Image& img, float x0, float y0, float x1, float y1, float width, RGBA c) {
  const float half = width / 2;
  const int minx = int(std::floor(std::min(x0, x1) - half - 1)), maxx = int(std::ceil(std::max(x0, x1) + half + 1));
  const int miny = int(std::floor(std::min(y0, y1) - half - 1)), maxy = int(std::ceil(std::max(y0, y1) + half + 1));
  const float dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
  for (int y = miny; y <= maxy; ++y)
    for (int x = minx; x <= maxx; ++x) {
      const float px = x + 0.5f, py = y + 0.5f;
      float t = len2 > 0 ? ((px - x0) * dx + (py - y0) * dy) / len2 : 0;
      t = std::clamp(t, 0.0f, 1.0f);
      const float ex = x0 + t * dx - px, ey = y0 + t * dy - py;
      const float d = std::sqrt(ex * ex + ey * ey);
      img.blend(x, y, c, std::clamp(half + 0.5f - d, 0.0f, 1.0f));
    }
}

// Anti-aliased ring (r_in..r_out) or disc (r_in = 0).
void ring(Image& img, float cx, float cy, float r_in, float r_out, RGBA c) {
  for (int y = int(cy - r_out - 2); y <= int(cy + r_out + 2); ++y)
    for (int x = int(cx - r_out - 2); x <= int(cx + r_out + 2); ++x) {
      const float d = std::hypot(x + 0.5f - cx, y + 0.5f - cy);
      float a = std::clamp(r_out + 0.5f - d, 0.0f, 1.0f);
      if (r_in > 0) a = std::min(a, std::clamp(d - r_in + 0.5f, 0.0f, 1.0f));
      img.blend(x, y, c, a);
    }
}

struct Font {
  std::vector<unsigned char> data;
  stbtt_fontinfo info{};
  bool load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    data.assign(std::istreambuf_iterator<char>(in), {});
    const int offset = stbtt_GetFontOffsetForIndex(data.data(), 0);
    return offset >= 0 && stbtt_InitFont(&info, data.data(), offset);
  }
};

std::vector<uint32_t> utf8_codepoints(const std::string& s) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < s.size();) {
    const unsigned char b = s[i];
    int len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : 4;
    uint32_t cp = len == 1 ? b : b & (0x7F >> len);
    for (int k = 1; k < len && i + k < s.size(); ++k) cp = (cp << 6) | (s[i + k] & 0x3F);
    out.push_back(cp);
    i += len;
  }
  return out;
}

// Draws one glyph centred on (cx, cy) with pixel height `size`.
void glyph(Image& img, const Font& f, uint32_t cp, float cx, float cy, float size, RGBA c) {
  const float scale = stbtt_ScaleForPixelHeight(&f.info, size);
  int x0, y0, x1, y1;
  stbtt_GetCodepointBitmapBox(&f.info, int(cp), scale, scale, &x0, &y0, &x1, &y1);
  const int w = x1 - x0, h = y1 - y0;
  if (w <= 0 || h <= 0) return;
  std::vector<unsigned char> bmp(size_t(w) * h);
  stbtt_MakeCodepointBitmap(&f.info, bmp.data(), w, h, w, scale, scale, int(cp));
  const int ox = int(std::lround(cx - w / 2.0f)), oy = int(std::lround(cy - h / 2.0f));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) img.blend(ox + x, oy + y, c, bmp[size_t(y) * w + x] / 255.0f);
}

constexpr float S = 2;          // drawing scale (assets are 2x)
constexpr float kCell = 56 * S;  // distance between lines
constexpr float kMargin = 36 * S;
constexpr RGBA kInk{58, 32, 14, 1};

float gx(int file) { return kMargin + file * kCell; }
float gy(int row) { return kMargin + row * kCell; }

// The small corner marks at the cannon and soldier points.
void point_mark(Image& img, int file, int row, RGBA ink) {
  const float x = gx(file), y = gy(row), g = 5 * S, l = 12 * S, wdt = 1.5f * S;
  for (int sx : {-1, 1}) {
    if ((sx < 0 && file == 0) || (sx > 0 && file == 8)) continue;
    for (int sy : {-1, 1}) {
      const float cx = x + sx * g, cy = y + sy * g;
      segment(img, cx, cy, cx + sx * l, cy, wdt, ink);
      segment(img, cx, cy, cx, cy + sy * l, wdt, ink);
    }
  }
}

// A board's look: its ground (the colour at a point), the ink of its lines
// and the ink of the river's words.
struct BoardLook {
  RGBA (*ground)(int x, int y);
  RGBA ink, river;
};

// Wood: grain along the planks (the default board).
RGBA wood_ground(int x, int y) {
  const float n = stb_perlin_noise3(x * 0.0025f, y * 0.03f, 0.5f, 0, 0, 0);
  const float fine = stb_perlin_noise3(x * 0.02f, y * 0.25f, 1.5f, 0, 0, 0);
  const float grain = 0.5f + 0.5f * std::sin((y + n * 90.0f) * 0.045f);
  const float t = std::clamp(0.55f * grain + 0.25f * (fine + 0.5f) + 0.2f * (n + 0.5f), 0.0f, 1.0f);
  return {236 - 34 * t, 196 - 40 * t, 136 - 38 * t, 1};
}

// Paper: a printed board, warm white with faint fibres.
RGBA paper_ground(int x, int y) {
  const float fibre = stb_perlin_noise3(x * 0.08f, y * 0.011f, 2.5f, 0, 0, 0);
  const float cloud = stb_perlin_noise3(x * 0.004f, y * 0.004f, 3.5f, 0, 0, 0);
  const float t = std::clamp(0.5f + 0.35f * fibre + 0.5f * cloud, 0.0f, 1.0f);
  return {248 - 10 * t, 244 - 11 * t, 232 - 14 * t, 1};
}

// Dark: slate, for a dim room; the lines are light.
RGBA dark_ground(int x, int y) {
  const float n = stb_perlin_noise3(x * 0.006f, y * 0.006f, 4.5f, 0, 0, 0);
  const float fine = stb_perlin_noise3(x * 0.05f, y * 0.05f, 5.5f, 0, 0, 0);
  const float t = std::clamp(0.5f + 0.6f * n + 0.25f * fine, 0.0f, 1.0f);
  return {46 + 14 * t, 52 + 14 * t, 58 + 14 * t, 1};
}

Image make_board(const Font& font, const BoardLook& look) {
  const int w = int(2 * kMargin + 8 * kCell), h = int(2 * kMargin + 9 * kCell);
  Image img(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) img.at(x, y) = look.ground(x, y);
  const RGBA ink = look.ink;
  const float out = 8 * S, lw = 1.6f * S;
  const float L = gx(0) - out, R = gx(8) + out, T = gy(0) - out, B = gy(9) + out;
  const std::array<std::array<float, 4>, 4> frame = {{{L, T, R, T}, {L, B, R, B}, {L, T, L, B}, {R, T, R, B}}};
  for (const auto& e : frame) segment(img, e[0], e[1], e[2], e[3], 3.5f * S, ink);
  for (int r = 0; r < 10; ++r) segment(img, gx(0), gy(r), gx(8), gy(r), lw, ink);
  for (int f = 0; f < 9; ++f) {
    if (f == 0 || f == 8) {
      segment(img, gx(f), gy(0), gx(f), gy(9), lw, ink);
    } else {
      segment(img, gx(f), gy(0), gx(f), gy(4), lw, ink);
      segment(img, gx(f), gy(5), gx(f), gy(9), lw, ink);
    }
  }
  for (int top : {0, 7}) {
    segment(img, gx(3), gy(top), gx(5), gy(top + 2), lw, ink);
    segment(img, gx(5), gy(top), gx(3), gy(top + 2), lw, ink);
  }
  for (int row : {2, 7})
    for (int f : {1, 7}) point_mark(img, f, row, ink);
  for (int row : {3, 6})
    for (int f : {0, 2, 4, 6, 8}) point_mark(img, f, row, ink);
  const float ry = (gy(4) + gy(5)) / 2, size = 40 * S;
  const auto chu = utf8_codepoints("楚河"), han = utf8_codepoints("漢界");
  glyph(img, font, chu[0], gx(1) + kCell * 0.5f, ry, size, look.river);
  glyph(img, font, chu[1], gx(2) + kCell * 0.5f, ry, size, look.river);
  glyph(img, font, han[0], gx(5) + kCell * 0.5f, ry, size, look.river);
  glyph(img, font, han[1], gx(6) + kCell * 0.5f, ry, size, look.river);
  return img;
}

// The wooden disc every set shares: a shadow, a lit face, a darker rim.
void draw_disc(Image& img, float cx, float cy) {
  const float r = 25.5f * S;
  for (int k = 0; k < 6; ++k) ring(img, cx + 2 * S, cy + 3 * S, 0, r + 1.5f * S - k, {0, 0, 0, 0.06f});
  for (int y = int(cy - r - 2); y <= int(cy + r + 2); ++y)
    for (int x = int(cx - r - 2); x <= int(cx + r + 2); ++x) {
      const float dx = x + 0.5f - cx, dy = y + 0.5f - cy, d = std::hypot(dx, dy);
      const float a = std::clamp(r + 0.5f - d, 0.0f, 1.0f);
      if (a <= 0) continue;
      const float light = std::clamp(0.5f - (dx + dy) / (4 * r), 0.0f, 1.0f);
      float rim = d > r - 3.5f * S ? 0.82f : 1.0f;  // darker edge band
      img.blend(x, y, {(214 + 36 * light) * rim, (176 + 44 * light) * rim, (118 + 50 * light) * rim, 1}, a);
    }
  ring(img, cx, cy, r - 1.2f * S, r, {120, 80, 40, 0.8f});
}

// Traditional: a Kai character in an inner ring.
void draw_piece(Image& img, const Font& font, float cx, float cy, const std::string& ch, RGBA ink) {
  draw_disc(img, cx, cy);
  ring(img, cx, cy, 20.5f * S, 22 * S, ink);
  glyph(img, font, utf8_codepoints(ch)[0], cx, cy, 30 * S, ink);
}

// Bold: the simplified character in a heavy sans face, larger, with a
// filled band round it, for small windows and tired eyes.
void draw_bold_piece(Image& img, const Font& font, float cx, float cy, const std::string& ch, RGBA ink) {
  draw_disc(img, cx, cy);
  ring(img, cx, cy, 19.5f * S, 23 * S, ink);
  // A heavier stroke: the glyph drawn a little apart in a small circle.
  for (float a = 0; a < 6.28f; a += 0.785f)
    glyph(img, font, utf8_codepoints(ch)[0], cx + std::cos(a) * 0.9f * S, cy + std::sin(a) * 0.9f * S, 31 * S, ink);
}

// Symbols for newcomers who cannot read the characters: the chess pieces'
// pictures where a xiangqi piece moves like one (rook, knight for the
// horse, bishop for the elephant, king, pawn), a diagonal cross for the
// advisor (one step diagonally) and a cannon drawn as one. A small
// character under the picture keeps the link to the real names.
void draw_symbol_piece(Image& img, const Font& symbols, const Font& han, float cx, float cy, int type,
                       const std::string& ch, RGBA ink) {
  draw_disc(img, cx, cy);
  ring(img, cx, cy, 21 * S, 22.5f * S, ink);
  const uint32_t chess[7] = {0x265A, 0, 0x265D, 0x265E, 0x265C, 0, 0x265F};  // ♚ · ♝ ♞ ♜ · ♟
  const float sy = cy - 3.5f * S;  // the picture above, the character below
  if (chess[type]) {
    glyph(img, symbols, chess[type], cx, sy, 40 * S, ink);
  } else if (type == 1) {  // advisor: a diagonal cross with a dot
    const float a = 8 * S;
    segment(img, cx - a, sy - a, cx + a, sy + a, 4.5f * S, ink);
    segment(img, cx - a, sy + a, cx + a, sy - a, 4.5f * S, ink);
    ring(img, cx, sy, 0, 4.5f * S, {236, 210, 160, 1});
    ring(img, cx, sy, 0, 2.5f * S, ink);
  } else {  // cannon: a barrel on a wheel
    segment(img, cx - 11 * S, sy + 2 * S, cx + 10 * S, sy - 6 * S, 6.5f * S, ink);
    segment(img, cx + 10 * S, sy - 6 * S, cx + 12 * S, sy - 7 * S, 8.5f * S, ink);
    ring(img, cx - 3 * S, sy + 5 * S, 2.5f * S, 6.5f * S, ink);
    ring(img, cx - 3 * S, sy + 5 * S, 0, 1.5f * S, ink);
  }
  glyph(img, han, utf8_codepoints(ch)[0], cx, cy + 14 * S, 11 * S, ink);
}

void brackets(Image& img, float cx, float cy, float half, float len, float width, RGBA c) {
  for (int sx : {-1, 1})
    for (int sy : {-1, 1}) {
      const float x = cx + sx * half, y = cy + sy * half;
      segment(img, x, y, x - sx * len, y, width, c);
      segment(img, x, y, x, y - sy * len, width, c);
    }
}

// ---------- sounds ----------

constexpr int kRate = 22050;

struct Sound {
  std::vector<float> s;
  explicit Sound(float seconds) : s(size_t(seconds * kRate), 0.0f) {}
  // A damped sine (a struck mode) starting at t0.
  void mode(float t0, float freq, float amp, float decay) {
    for (size_t i = size_t(t0 * kRate); i < s.size(); ++i) {
      const float t = float(i) / kRate - t0;
      const float attack = std::min(1.0f, t / 0.002f);
      s[i] += amp * attack * std::exp(-t / decay) * std::sin(2 * float(M_PI) * freq * t);
    }
  }
  // A burst of band-limited noise (the contact of wood on wood).
  void knock(float t0, float amp, float decay, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1, 1);
    float lp = 0, prev = 0;
    for (size_t i = size_t(t0 * kRate); i < s.size(); ++i) {
      const float t = float(i) / kRate - t0;
      lp += 0.35f * (u(rng) - lp);  // low-pass
      const float hp = lp - prev;   // then high-pass: a band
      prev = lp;
      s[i] += amp * std::exp(-t / decay) * hp * 3;
    }
  }
  // Normalise to a peak well below clipping and fade the tail out.
  void finish(float peak) {
    float m = 0;
    for (float v : s) m = std::max(m, std::fabs(v));
    if (m > 0)
      for (float& v : s) v *= peak / m;
    const size_t fade = std::min(s.size(), size_t(0.01 * kRate));
    for (size_t i = 0; i < fade; ++i) s[s.size() - 1 - i] *= float(i) / fade;
  }
  bool save(const std::string& path) const {
    std::ofstream out(path, std::ios::binary);
    auto u32 = [&](uint32_t v) { out.write(reinterpret_cast<const char*>(&v), 4); };
    auto u16 = [&](uint16_t v) { out.write(reinterpret_cast<const char*>(&v), 2); };
    const uint32_t bytes = uint32_t(s.size() * 2);
    out.write("RIFF", 4);
    u32(36 + bytes);
    out.write("WAVEfmt ", 8);
    u32(16);
    u16(1);
    u16(1);
    u32(kRate);
    u32(kRate * 2);
    u16(2);
    u16(16);
    out.write("data", 4);
    u32(bytes);
    for (float v : s) u16(uint16_t(int16_t(std::lround(std::clamp(v, -1.0f, 1.0f) * 32767))));
    return bool(out);
  }
};

// A soft bell tone for the jingles: a few inharmonic partials.
void bell(Sound& snd, float t0, float f, float amp) {
  snd.mode(t0, f, amp, 0.35f);
  snd.mode(t0, f * 2.0f, amp * 0.35f, 0.18f);
  snd.mode(t0, f * 3.01f, amp * 0.12f, 0.09f);
}

bool make_sounds(const std::string& dir) {
  bool ok = true;
  {
    Sound s(0.07f);  // select: a light tap
    s.knock(0, 0.6f, 0.006f, 1);
    s.mode(0, 1500, 0.5f, 0.012f);
    s.finish(0.45f);
    ok &= s.save(dir + "/select.wav");
  }
  {
    Sound s(0.16f);  // move: a piece set down on wood
    s.knock(0, 1.0f, 0.010f, 2);
    s.mode(0, 620, 0.7f, 0.035f);
    s.mode(0, 1130, 0.35f, 0.020f);
    s.mode(0, 240, 0.3f, 0.05f);
    s.finish(0.7f);
    ok &= s.save(dir + "/move.wav");
  }
  {
    Sound s(0.26f);  // capture: a harder double knock
    s.knock(0, 1.0f, 0.012f, 3);
    s.mode(0, 520, 0.8f, 0.04f);
    s.knock(0.055f, 1.2f, 0.016f, 4);
    s.mode(0.055f, 410, 0.9f, 0.06f);
    s.mode(0.055f, 180, 0.5f, 0.08f);
    s.finish(0.8f);
    ok &= s.save(dir + "/capture.wav");
  }
  {
    Sound s(0.55f);  // check: a two-note alert
    bell(s, 0.0f, 880, 0.8f);
    bell(s, 0.14f, 1175, 0.9f);
    s.finish(0.7f);
    ok &= s.save(dir + "/check.wav");
  }
  {
    Sound s(1.3f);  // win: a rising major arpeggio
    const float notes[] = {523.3f, 659.3f, 784.0f, 1046.5f};
    for (int i = 0; i < 4; ++i) bell(s, 0.13f * i, notes[i], i == 3 ? 1.0f : 0.7f);
    s.finish(0.7f);
    ok &= s.save(dir + "/win.wav");
  }
  {
    Sound s(1.3f);  // lose: a falling minor line, softer
    const float notes[] = {440.0f, 349.2f, 293.7f, 220.0f};
    for (int i = 0; i < 4; ++i) bell(s, 0.17f * i, notes[i], 0.7f);
    s.finish(0.55f);
    ok &= s.save(dir + "/lose.wav");
  }
  {
    Sound s(0.9f);  // draw: two even notes
    bell(s, 0.0f, 587.3f, 0.7f);
    bell(s, 0.2f, 587.3f, 0.7f);
    s.finish(0.55f);
    ok &= s.save(dir + "/draw.wav");
  }
  {
    Sound s(0.16f);  // illegal: a short low buzz
    for (int h = 1; h <= 7; h += 2) s.mode(0, 150.0f * h, 0.6f / h, 0.05f);
    s.finish(0.4f);
    ok &= s.save(dir + "/illegal.wav");
  }
  {
    Sound s(0.06f);  // tick: the last seconds of a clock, a dry high click
    s.knock(0, 0.5f, 0.004f, 5);
    s.mode(0, 2300, 0.6f, 0.008f);
    s.finish(0.35f);
    ok &= s.save(dir + "/tick.wav");
  }
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "--sounds") return make_sounds(argv[2]) ? 0 : 1;  // no font needed
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s KAI_FONT SANS_CJK_FONT CHESS_SYMBOL_FONT OUTDIR | --sounds OUTDIR\n", argv[0]);
    return 2;
  }
  Font font, sans, chess;
  for (auto [f, path] : {std::pair{&font, argv[1]}, {&sans, argv[2]}, {&chess, argv[3]}})
    if (!f->load(path)) {
      std::fprintf(stderr, "cannot load font %s\n", path);
      return 1;
    }
  const std::string dir = argv[4];
  // The themes (game/play/theme.cpp names them): boards wood, paper, dark.
  bool ok = make_board(font, {wood_ground, kInk, {70, 40, 18, 0.85f}}).save(dir + "/board.png");
  ok &= make_board(font, {paper_ground, {30, 30, 34, 1}, {150, 30, 30, 0.8f}}).save(dir + "/board-paper.png");
  ok &= make_board(font, {dark_ground, {196, 186, 160, 1}, {196, 186, 160, 0.7f}}).save(dir + "/board-dark.png");

  // Pieces atlases: 7 columns (K A B N R C P), red row then black row; sets
  // traditional, bold and symbols.
  const int cell = int(kCell);
  const char* red[7] = {"帥", "仕", "相", "傌", "俥", "炮", "兵"};
  const char* black[7] = {"將", "士", "象", "馬", "車", "砲", "卒"};
  const char* red_simple[7] = {"帅", "仕", "相", "马", "车", "炮", "兵"};
  const char* black_simple[7] = {"将", "士", "象", "马", "车", "炮", "卒"};
  const RGBA red_ink{178, 24, 24, 1}, black_ink{28, 28, 28, 1};
  Image pieces(7 * cell, 2 * cell), bold(7 * cell, 2 * cell), symbols(7 * cell, 2 * cell);
  for (int i = 0; i < 7; ++i) {
    draw_piece(pieces, font, cell * (i + 0.5f), cell * 0.5f, red[i], red_ink);
    draw_piece(pieces, font, cell * (i + 0.5f), cell * 1.5f, black[i], black_ink);
    draw_bold_piece(bold, sans, cell * (i + 0.5f), cell * 0.5f, red_simple[i], red_ink);
    draw_bold_piece(bold, sans, cell * (i + 0.5f), cell * 1.5f, black_simple[i], black_ink);
    draw_symbol_piece(symbols, chess, sans, cell * (i + 0.5f), cell * 0.5f, i, red_simple[i], red_ink);
    draw_symbol_piece(symbols, chess, sans, cell * (i + 0.5f), cell * 1.5f, i, black_simple[i], black_ink);
  }
  ok &= pieces.save(dir + "/pieces.png");
  ok &= bold.save(dir + "/pieces-bold.png");
  ok &= symbols.save(dir + "/pieces-symbols.png");

  // Markers atlas: select, last move, target dot, capture ring, hint.
  Image marks(5 * cell, cell);
  const float c = cell / 2.0f, half = 27 * S, len = 10 * S;
  brackets(marks, c, c, half, len, 3 * S, {20, 110, 230, 1});
  brackets(marks, cell + c, c, half, len, 2.2f * S, {230, 130, 10, 0.95f});
  ring(marks, 2 * cell + c, c, 0, 7 * S, {20, 150, 60, 0.75f});
  ring(marks, 3 * cell + c, c, 24 * S, 27.5f * S, {20, 150, 60, 0.8f});
  brackets(marks, 4 * cell + c, c, half, len, 3 * S, {150, 50, 200, 1});
  ring(marks, 4 * cell + c, c, 0, 5 * S, {150, 50, 200, 0.7f});
  ok &= marks.save(dir + "/markers.png");

  ok &= make_sounds(dir);
  if (!ok) {
    std::fprintf(stderr, "writing assets to %s failed\n", dir.c_str());
    return 1;
  }
  std::printf("assets written to %s\n", dir.c_str());
  return 0;
}
