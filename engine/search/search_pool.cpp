#include "search_pool.h"

#include <algorithm>
#include <thread>

namespace xq {

SearchPool::SearchPool(TranspositionTable& tt, int threads) : tt_(tt) {
  searches_.push_back(std::make_unique<Search>(tt_));
  set_threads(threads);
}

void SearchPool::set_threads(int n) {
  n = std::clamp(n, 1, kMaxThreads);
  while (int(searches_.size()) > n) searches_.pop_back();
  while (int(searches_.size()) < n) {
    searches_.push_back(std::make_unique<Search>(tt_));
    searches_.back()->set_helper(true);
  }
}

void SearchPool::clear() {
  for (auto& s : searches_) s->clear();
}

bool SearchPool::knows_more(const SearchResult& helper, const SearchResult& main) {
  if (!helper.best || helper.score <= main.score) return false;
  // A mate is proven at whatever depth it was found, and a shorter one is better.
  return helper.depth > main.depth || helper.score > kMateThreshold;
}

uint64_t SearchPool::helper_nodes() const {
  uint64_t n = 0;
  for (size_t i = 1; i < searches_.size(); ++i) n += searches_[i]->nodes_published();
  return n;
}

SearchResult SearchPool::run(const Position& pos, const Limits& limits, const SearchOptions& options,
                             const std::atomic<bool>& stop, const std::function<void(const SearchInfo&)>& on_info) {
  if (searches_.size() == 1 || options.one_thread) return searches_[0]->run(pos, limits, options, stop, on_info);
  // Helpers search without limits of their own (a depth limit aside) until
  // the main search is done; one line each is enough, as only the table is shared.
  Limits helper_limits;
  helper_limits.infinite = true;
  helper_limits.depth = limits.depth;
  SearchOptions helper_options = options;
  helper_options.multipv = 1;
  std::atomic<bool> helpers_stop{false};
  std::atomic<uint32_t> helpers_wake{0};  // a helper done to its depth sleeps on it
  for (size_t i = 1; i < searches_.size(); ++i) searches_[i]->set_wake_signal(&helpers_wake);
  // The table's new age begins before any helper can store in it.
  tt_.new_search();
  searches_[0]->set_ages_table(false);
  std::vector<std::thread> helpers;
  std::vector<SearchResult> helper_results(searches_.size());
  for (size_t i = 1; i < searches_.size(); ++i)
    helpers.emplace_back(
        [&, i] { helper_results[i] = searches_[i]->run(pos, helper_limits, helper_options, helpers_stop); });
  std::function<void(const SearchInfo&)> report;
  if (on_info)
    report = [&](const SearchInfo& main) {
      SearchInfo all = main;
      all.nodes += helper_nodes();
      all.nps = all.time_ms > 0 ? all.nodes * 1000 / uint64_t(all.time_ms) : 0;
      on_info(all);
    };
  SearchResult r = searches_[0]->run(pos, limits, options, stop, report);
  searches_[0]->set_ages_table(true);
  helpers_stop = true;
  helpers_wake.fetch_add(1);
  helpers_wake.notify_all();
  for (auto& t : helpers) t.join();
  for (size_t i = 1; i < searches_.size(); ++i) searches_[i]->set_wake_signal(nullptr);
  const uint64_t nodes = r.nodes + helper_nodes();
  // Several lines are the main search's alone.
  if (options.multipv <= 1)
    for (size_t i = 1; i < helper_results.size(); ++i)
      if (knows_more(helper_results[i], r)) r = helper_results[i];
  r.nodes = nodes;
  return r;
}

}  // namespace xq
