#include "lines.h"

namespace xq {

// Built at compile time, like the other geometry tables.
constinit const LineTable<9> g_rank_lines = make_line_table<9>();
constinit const LineTable<10> g_file_lines = make_line_table<10>();

}  // namespace xq
