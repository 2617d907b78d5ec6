// Text from files in the encodings real collections use: UTF-8 (with or
// without a byte-order mark), UTF-16 with its mark (Windows Notepad's
// "Unicode"), and GBK/GB18030, the encoding of xqbase's PGN and most older
// Chinese files. Everything the program keeps or says is UTF-8.
#pragma once
#include <string>

namespace xq {

bool valid_utf8(const std::string& s);

// The text as UTF-8; `encoding` (if given) names what it was: "UTF-8",
// "UTF-16LE", "UTF-16BE" or "GB18030".
std::string text_as_utf8(const std::string& bytes, std::string* encoding = nullptr);

// For messages: every byte that is not part of valid UTF-8 shown as \xNN, so
// a message about a file in another encoding is still UTF-8.
std::string printable_utf8(const std::string& s);

}  // namespace xq
