#include "regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace xq {

bool read_regular_file(const std::string& path, size_t limit, std::string& out, std::string* error) {
  auto fail = [error](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return fail(std::strerror(errno));
  struct stat st{};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return fail(S_ISDIR(st.st_mode) ? "a folder, not a file" : "not a regular file");
  }
  if (size_t(st.st_size) > limit) {
    ::close(fd);
    const size_t mb = limit >> 20;
    return fail("larger than " + (mb ? std::to_string(mb) + " MB" : std::to_string(limit) + " bytes"));
  }
  std::string text;
  text.reserve(size_t(st.st_size));
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const std::string why = std::strerror(errno);
      ::close(fd);
      return fail(why);
    }
    if (n == 0) break;
    if (text.size() + size_t(n) > limit) {  // it grew while we read
      ::close(fd);
      return fail("larger than " + std::to_string(limit >> 20) + " MB");
    }
    text.append(buf, size_t(n));
  }
  ::close(fd);
  out = std::move(text);
  return true;
}

}  // namespace xq
