// Something that searches a position in the background: the built-in
// Searcher or an outside engine program. start() returns at once; the caller
// polls done()/result()/info() and may stop or cancel at any moment.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "search.h"

namespace xq {

class SearchService {
 public:
  // Called on the service's own thread: with each new line or depth, and at the end.
  using InfoFn = std::function<void(const SearchInfo&)>;
  using DoneFn = std::function<void(const SearchResult&)>;

  virtual ~SearchService() = default;
  // Starts searching pos (its history included), stopping any search first.
  // Returns the generation number that this search's result carries.
  virtual uint64_t start(const Position& pos, const Limits& limits, const SearchOptions& options = {},
                         InfoFn on_info = {}, DoneFn on_done = {}) = 0;
  virtual void stop() = 0;    // stop and wait; the result stays available
  virtual void cancel() = 0;  // stop and forget the result
  virtual bool running() const = 0;
  virtual bool done() const = 0;  // a result for the latest start() is ready
  virtual std::optional<SearchResult> result() const = 0;
  virtual SearchInfo info() const = 0;  // the latest snapshot (lines best first)
  virtual uint64_t generation() const = 0;
  virtual void new_game() = 0;
  virtual std::string name() const = 0;
  // Why the service can no longer be used (an outside engine crashed, hung or
  // answered an illegal move), or "" while it works.
  virtual std::string failure() const { return ""; }
};

}  // namespace xq
