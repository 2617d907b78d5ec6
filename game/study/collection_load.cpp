#include "collection_load.h"

#include <new>

#include "cbr.h"

namespace xq {

CollectionLoad::CollectionLoad(std::string name, Work work, int total) : name_(std::move(name)), total_(total) {
  thread_ = std::thread([this, work = std::move(work)] {
    try {
      result_ = work(done_, total_, stop_);
    } catch (const std::bad_alloc&) {  // a file made to be huge: what was read is dropped, the program goes on
      result_ = LoadedCollection{};
    }
    finished_.store(true, std::memory_order_release);
  });
}

CollectionLoad::~CollectionLoad() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

std::optional<LoadedCollection> CollectionLoad::take() {
  if (!finished_.load(std::memory_order_acquire) || !thread_.joinable()) return std::nullopt;
  thread_.join();
  thread_ = std::thread();  // joined: the destructor has nothing to wait for
  return std::move(result_);
}

namespace {

void classify(LoadedCollection& out) {
  out.openings.reserve(out.games.size());
  for (const PgnGame& g : out.games) out.openings.push_back(classify_opening(g.fen, g.moves));
}

}  // namespace

CollectionLoad::Work CollectionLoad::pgn_games(std::vector<std::string> parts) {
  return [parts = std::move(parts)](std::atomic<int>& done, std::atomic<int>& total, const std::atomic<bool>& stop) {
    LoadedCollection out;
    total = int(parts.size());
    for (const std::string& part : parts) {
      if (stop) break;
      PgnGame g;
      if (read_pgn(part, g, nullptr)) {
        out.openings.push_back(classify_opening(g.fen, g.moves));
        out.games.push_back(std::move(g));
      } else {
        ++out.skipped;
      }
      ++done;
    }
    return out;
  };
}

CollectionLoad::Work CollectionLoad::games(std::vector<PgnGame> games, int skipped) {
  return [games = std::move(games), skipped](std::atomic<int>& done, std::atomic<int>& total,
                                               const std::atomic<bool>&) mutable {
    LoadedCollection out;
    total = int(games.size());
    out.games = std::move(games);
    out.skipped = skipped;
    classify(out);
    done = total.load();
    return out;
  };
}

CollectionLoad::Work CollectionLoad::cbl(std::string bytes) {
  return [bytes = std::move(bytes)](std::atomic<int>& done, std::atomic<int>& total, const std::atomic<bool>&) {
    LoadedCollection out;
    if (!read_cbl(bytes, out.games, &out.title, &out.skipped, &out.error)) return LoadedCollection{{}, {}, 0, {}, out.error};
    if (out.games.empty()) out.error = "CBL: the library holds no game";
    total = int(out.games.size());
    classify(out);
    done = total.load();
    return out;
  };
}

}  // namespace xq
