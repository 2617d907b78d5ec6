#include "searcher.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>

namespace xq {

Searcher::Searcher(size_t hash_mb)
    : tt_(std::make_unique<TranspositionTable>(hash_mb)), search_(std::make_unique<SearchPool>(*tt_)) {
  search_->set_ponderhit_flag(&ponderhit_flag_);
  search_->set_wake_signal(&wake_);
}

Searcher::~Searcher() { cancel(); }

void Searcher::join() {
  if (thread_.joinable()) thread_.join();
}

uint64_t Searcher::start(const Position& pos, const Limits& limits, const SearchOptions& options, InfoFn on_info,
                         DoneFn on_done) {
  stop();
  const uint64_t gen = box_.open();
  stop_flag_ = false;
  ponderhit_flag_ = false;
  running_ = true;
  thread_ = std::thread([this, pos, limits, options, on_info, on_done, gen, background = background_]() {
    // Linux gives each thread its own nice value; raising it (lower priority) needs no privilege.
    if (background) {
      const pid_t tid = pid_t(syscall(SYS_gettid));
      setpriority(PRIO_PROCESS, tid, std::min(19, getpriority(PRIO_PROCESS, tid) + 10));
    }
    auto report = [&](const SearchInfo& i) {
      box_.post_info(i);
      if (on_info) on_info(i);
    };
    SearchResult r = search_->run(pos, limits, options, stop_flag_, report);
    box_.post_result(r, gen);
    if (on_done) on_done(r);
    running_ = false;
  });
  return gen;
}

void Searcher::stop() {
  stop_flag_ = true;
  wake();
  join();
}

void Searcher::cancel() {
  stop();
  box_.drop_result();
}

void Searcher::set_hash_mb(size_t mb) {
  stop();
  tt_->resize(mb);
}

void Searcher::set_threads(int n) {
  stop();
  search_->set_threads(n);
}

void Searcher::new_game() {
  stop();
  tt_->clear();
  search_->clear();
}

}  // namespace xq
