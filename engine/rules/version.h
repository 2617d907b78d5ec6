// The engine's name and version: what it says in "id name", bench's last line,
// review annotations, the game's engine label, the README and the man page.
#pragma once

namespace xq {

inline constexpr const char* kEngineName = "Qianli";  // 千里: the horse that runs a thousand li
inline constexpr const char* kEngineVersion = "0.3";
inline constexpr const char* kEngineId = "Qianli 0.3";

}  // namespace xq
