// Sounds through SDL2_mixer. Without an audio device, or with a sound file
// missing, the game goes on silently (one message each).
#pragma once
#include <string>

#include "controller.h"
#include "sdl_handles.h"

namespace xq {

class Audio {
 public:
  ~Audio();
  void init(const std::string& asset_dir);
  void play(SoundId id);
  void set_enabled(bool on) { enabled_ = on; }
  bool enabled() const { return enabled_; }
  bool available() const { return open_; }

 private:
  bool open_ = false;
  bool enabled_ = true;
  ChunkPtr chunks_[kSoundCount];
};

}  // namespace xq
