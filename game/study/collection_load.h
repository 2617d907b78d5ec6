// A file of many games read into a list off the frame thread: a 1,400-game
// PGN takes seconds to read and classify, and the window must keep drawing
// (the list is shown at once and fills in, with how far the reading is).
#pragma once
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "ecco.h"
#include "pgn.h"

namespace xq {

struct LoadedCollection {
  std::vector<PgnGame> games;
  std::vector<EccoOpening> openings;  // each game's, in the same order
  int skipped = 0;                    // games that could not be read
  std::string title;                  // the file's own title (a 象棋桥 library's name), if it has one
  std::string error;                  // why nothing could be read
};

class CollectionLoad {
 public:
  // What the thread does: read the games, counting them in `done` (and the
  // games there are in `total`, once known); stop early when `stop` is set.
  using Work = std::function<LoadedCollection(std::atomic<int>& done, std::atomic<int>& total,
                                              const std::atomic<bool>& stop)>;
  // total: the games there are, when known before reading (a PGN's parts).
  CollectionLoad(std::string name, Work work, int total = 0);
  ~CollectionLoad();  // stops the reading and waits for the thread
  CollectionLoad(const CollectionLoad&) = delete;
  CollectionLoad& operator=(const CollectionLoad&) = delete;

  const std::string& name() const { return name_; }
  int done() const { return done_; }
  int total() const { return total_; }  // 0 until known
  // The games once all are read (and nothing before): called each frame.
  std::optional<LoadedCollection> take();

  // The games of a PGN collection (its games' texts), each with its opening.
  static Work pgn_games(std::vector<std::string> parts);
  // Games read already (a forum page): their openings.
  static Work games(std::vector<PgnGame> games, int skipped);
  // A 象棋桥 library (CBL): its games and its name.
  static Work cbl(std::string bytes);

 private:
  std::string name_;
  std::atomic<int> done_{0}, total_{0};
  std::atomic<bool> stop_{false}, finished_{false};
  LoadedCollection result_;
  std::thread thread_;
};

}  // namespace xq
