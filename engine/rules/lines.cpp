#include "lines.h"

namespace xq {

// Built at compile time, like the other geometry tables.
constinit const LineTable<9> g_rank_lines = make_line_table<9>();
constinit const LineTable<10> g_file_lines = make_line_table<10>();
constinit const LineReach<9> g_rank_reach = make_line_reach<9>();
constinit const LineReach<10> g_file_reach = make_line_reach<10>();

}  // namespace xq
