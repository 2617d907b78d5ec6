#include "frame_priority.h"

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>
#endif

namespace xq {

#ifdef __linux__
namespace {
// The kernel's struct sched_attr, first version (48 bytes); glibc has no
// wrapper and <linux/sched/types.h> clashes with <sched.h>.
struct SchedAttr {
  uint32_t size;
  uint32_t policy;
  uint64_t flags;
  int32_t nice;
  uint32_t priority;
  uint64_t runtime;  // for SCHED_OTHER on Linux 6.12+: the slice in ns
  uint64_t deadline;
  uint64_t period;
};
constexpr uint32_t kSchedOther = 0;
constexpr uint64_t kResetOnFork = 1;
}  // namespace
#endif

bool request_short_slice() {
#ifdef __linux__
  SchedAttr attr{};
  attr.size = sizeof attr;
  attr.policy = kSchedOther;
  attr.nice = getpriority(PRIO_PROCESS, 0);  // keep the thread's nice value
  attr.flags = kResetOnFork;                 // threads started later (the search) take the normal slice
  attr.runtime = 500'000;
  return syscall(SYS_sched_setattr, 0, &attr, 0) == 0;
#else
  return false;
#endif
}

bool current_schedule(unsigned* policy, unsigned long long* slice_ns) {
#ifdef __linux__
  SchedAttr attr{};
  if (syscall(SYS_sched_getattr, 0, &attr, sizeof attr, 0) != 0) return false;
  *policy = attr.policy;
  *slice_ns = attr.runtime;
  return true;
#else
  (void)policy;
  (void)slice_ns;
  return false;
#endif
}

}  // namespace xq
