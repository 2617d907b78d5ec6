// An option an outside engine declares in its handshake (UCI and UCCI
// "option ..." lines, xboard "feature option=..."), the command that sets it
// in that protocol, and the check of a value a player or a settings file gives.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace xq {

struct EngineOption {
  enum class Kind { Check, Spin, Combo, String, Button };
  std::string name;   // as the engine spells it
  Kind kind = Kind::String;
  std::string value;  // the engine's default: "true"/"false" for a check
  int min = 0, max = 0;               // a spin's range
  std::vector<std::string> choices;  // a combo's values
  std::string command;  // set by "COMMAND VALUE", not as an option (xboard's "memory", "cores")
};

// One declared option, or nullopt when the line is not one we can read.
// protocol: "uci", "ucci" (an "option ..." line) or "xboard" (a feature
// option= value such as "Hash -spin 64 1 1024").
std::optional<EngineOption> parse_engine_option(const std::string& line, const std::string& protocol);

// The line that sets it: "setoption name N value V" (uci), "setoption N V"
// (ucci), "option N=V" (xboard; a check's value is 1 or 0, a button has none).
std::string engine_option_command(const EngineOption& o, const std::string& value, const std::string& protocol);

// The value made valid for the option (nullopt with *error naming what is
// wrong): a check takes true/false (also on/off, 1/0), a spin a number in its
// range, a combo one of its values (any case), a string no control characters.
std::optional<std::string> checked_option_value(const EngineOption& o, const std::string& value,
                                                std::string* error);

// The options players set in the window: the ones a GUI must not offer
// (UCI_Variant, which we set; UCCI/UCI protocol switches) are left out.
bool player_settable(const EngineOption& o);

}  // namespace xq
