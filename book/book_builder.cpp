// book_builder: turns book/openings.txt into the binary book.
//   book_builder SOURCE OUTPUT [--depth N] [--margin CP] [--keep-dubious]
// The same source and options always give a byte-identical book.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include "book_build.h"
#include "parse_int.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: book_builder SOURCE OUTPUT [--depth N] [--margin CP] [--keep-dubious]\n");
    return 2;
  }
  xq::BookBuildOptions opt;
  for (int i = 3; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (!std::strcmp(argv[i], "--depth") && has_value) {
      if (!xq::parse_int(argv[++i], 0, 30, opt.check_depth)) {
        std::fprintf(stderr, "book_builder: --depth wants 0-30 (0: no check), got '%s'\n", argv[i]);
        return 2;
      }
    } else if (!std::strcmp(argv[i], "--margin") && has_value) {
      if (!xq::parse_int(argv[++i], 0, 10000, opt.margin)) {
        std::fprintf(stderr, "book_builder: --margin wants 0-10000 centipawns, got '%s'\n", argv[i]);
        return 2;
      }
    } else if (!std::strcmp(argv[i], "--keep-dubious")) opt.keep_dubious = true;
    else {
      std::fprintf(stderr, "book_builder: unknown option %s\n", argv[i]);
      return 2;
    }
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::fprintf(stderr, "book_builder: cannot read %s\n", argv[1]);
    return 1;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  std::vector<xq::BookEntry> entries;
  xq::BookBuildReport report;
  std::string error;
  if (!xq::build_book(ss.str(), argv[1], opt, entries, report, &error)) {
    std::fprintf(stderr, "book_builder: %s\n", error.c_str());
    return 1;
  }
  for (auto& n : report.notes) std::printf("dubious: %s\n", n.c_str());
  const std::string bytes = xq::Book::serialize(entries);
  std::ofstream out(argv[2], std::ios::binary);
  out.write(bytes.data(), std::streamsize(bytes.size()));
  if (!out) {
    std::fprintf(stderr, "book_builder: cannot write %s\n", argv[2]);
    return 1;
  }
  std::printf("lines %d, positions %d, moves %d, dubious %d, entries dropped %d (check depth %d, margin %d)\n",
              report.lines, report.positions, report.moves, report.dubious, report.dropped, opt.check_depth,
              opt.margin);
  return 0;
}
