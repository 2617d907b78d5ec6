// Asks the scheduler to wake the frame thread promptly when the machine is busy.
#pragma once

namespace xq {

// Requests a short time slice (0.5 ms) for the calling thread. Linux 6.12+
// (EEVDF) then lets it preempt a CPU-bound task as soon as it wakes, instead
// of after that task's 3 ms slice; no privilege is needed and the thread's
// share of the CPU is unchanged. Older kernels ignore the request. Returns
// whether the kernel accepted it.
bool request_short_slice();

// The calling thread's policy (0 = SCHED_OTHER) and requested slice in ns
// (0 = the kernel's default); false where it cannot be read.
bool current_schedule(unsigned* policy, unsigned long long* slice_ns);

}  // namespace xq
