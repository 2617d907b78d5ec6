// Move lists as people type them: splits movetext into tokens (moves, round
// numbers, results), whatever the spacing and punctuation of the writer.
#pragma once
#include <string>
#include <vector>

namespace xq {

// Splits at ASCII white space, the ideographic space and the Chinese commas,
// semicolons and full stops (，、；。); full-width digits and full stops become
// ASCII ones; a run of Chinese moves written without spaces ("炮二平五马8进7")
// is cut into its four-character moves; round numbers ("12.", "12...", "12、",
// "１．") are dropped, also when a move is glued to them.
std::vector<std::string> movetext_tokens(const std::string& text);

}  // namespace xq
