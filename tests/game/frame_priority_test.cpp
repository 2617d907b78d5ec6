// The frame thread's short-slice request: it must leave the thread's nice
// value alone, not pass to threads started afterwards (the search keeps the
// normal slice), and on a kernel that has custom slices be in effect.
#include "frame_priority.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cstdio>
#include <thread>

namespace {

struct Schedule {
  unsigned policy = 0;
  unsigned long long runtime = 0;
};

Schedule current() {
  Schedule a;
  EXPECT_TRUE(xq::current_schedule(&a.policy, &a.runtime));
  return a;
}

// Custom slices for normal tasks came with Linux 6.12.
bool kernel_has_custom_slices() {
  utsname u{};
  int major = 0, minor = 0;
  return uname(&u) == 0 && std::sscanf(u.release, "%d.%d", &major, &minor) == 2 &&
         (major > 6 || (major == 6 && minor >= 12));
}

}  // namespace

TEST(FramePriority, ShortSliceForThisThreadOnly) {
  std::thread([] {
    // Run in a thread of its own so the test process's main thread is untouched.
    setpriority(PRIO_PROCESS, 0, 3);
    const int nice_before = getpriority(PRIO_PROCESS, 0);
    const bool ok = xq::request_short_slice();
    EXPECT_EQ(getpriority(PRIO_PROCESS, 0), nice_before);
    if (!ok) GTEST_SKIP() << "the kernel refused sched_setattr";
    const Schedule a = current();
    EXPECT_EQ(a.policy, 0u);  // still SCHED_OTHER
    if (kernel_has_custom_slices()) {
      EXPECT_EQ(a.runtime, 500000u);
    }
    std::thread([] {
      const Schedule child = current();
      EXPECT_NE(child.runtime, 500000u) << "a thread started later took the frame thread's slice";
    }).join();
  }).join();
}
