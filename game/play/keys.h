// The keyboard as the app model knows it. The SDL shell passes each key's
// name as SDL gives it (SDL_GetKeyName: "L", "Left", "F1", "Delete", "?"), so
// the whole key table lives here, SDL-free, where a test checks that every
// key the Help overlay lists reaches the model.
#pragma once
#include <string>
#include <vector>

#include "language.h"

namespace xq {

enum class Key { None, F, N, U, R, H, M, A, D, L, E, Z, Y, C, V, S, O, Digit1, Digit2, Digit3, Digit4,
                 Left, Right, Home, End, Escape, Help, Delete, G, PageUp, PageDown, Backspace, Return, X, P, B, T, Tab };

// A key by its SDL name (letters in either case); Key::None for keys the game does not use.
Key key_named(const std::string& name);

// The keys the Help overlay names in `lang` (its text, read back), as SDL key
// names: "N", "Left", "Escape", "1" … "4", "Delete".
std::vector<std::string> help_key_names(Language lang);

}  // namespace xq
