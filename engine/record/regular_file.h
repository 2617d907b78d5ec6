// Reading a file whole, safely: only a regular file is read (a FIFO, a device
// such as /dev/zero or a socket is refused before any read, and opening never
// waits on one), and only up to a size limit checked before reading.
#pragma once
#include <cstddef>
#include <string>

namespace xq {

// False with the reason in words ("not a regular file", "larger than 16 MB",
// "No such file or directory") in *error.
bool read_regular_file(const std::string& path, size_t limit, std::string& out, std::string* error = nullptr);

}  // namespace xq
