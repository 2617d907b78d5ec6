#include "audio.h"

#include <SDL.h>
#include <SDL_mixer.h>

#include <cstdio>

namespace xq {

static const char* const kSoundFiles[kSoundCount] = {"select.wav", "move.wav", "capture.wav", "check.wav",
                                                      "win.wav",    "lose.wav", "draw.wav",    "illegal.wav",
                                                      "tick.wav"};

Audio::~Audio() {
  for (ChunkPtr& c : chunks_) c.reset();  // before the device closes
  if (open_) Mix_CloseAudio();
}

void Audio::init(const std::string& dir) {
  if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0 || Mix_OpenAudio(22050, AUDIO_S16SYS, 2, 1024) != 0) {
    std::fprintf(stderr, "xiangqi: no audio device (%s); playing silently\n", SDL_GetError());
    return;
  }
  open_ = true;
  Mix_AllocateChannels(8);
  for (int i = 0; i < kSoundCount; ++i) {
    const std::string path = dir + "/" + kSoundFiles[i];
    chunks_[i].reset(Mix_LoadWAV(path.c_str()));
    if (!chunks_[i]) std::fprintf(stderr, "xiangqi: sound %s missing or damaged (%s); it stays silent\n", path.c_str(),
                                  Mix_GetError());
  }
}

void Audio::play(SoundId id) {
  const int i = int(id);
  if (open_ && enabled_ && chunks_[i]) Mix_PlayChannel(-1, chunks_[i].get(), 0);
}

}  // namespace xq
