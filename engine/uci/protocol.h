// The UCCI and UCI command loop of xiangqi-engine. The first command picks
// the protocol; output goes through a writer so tests can capture it.
#pragma once
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "position.h"
#include "searcher.h"

namespace xq {

class Book;

class Protocol {
 public:
  using Writer = std::function<void(const std::string&)>;  // one line, no newline
  explicit Protocol(Writer out, size_t hash_mb = 32);
  ~Protocol();

  // Handles one input line. Returns false after "quit".
  bool handle(const std::string& line);
  // End of input: an infinite or ponder search is stopped (it would never
  // end), a bounded one is waited for; its bestmove is printed either way.
  void wait();
  // For tests: the search is done and holds its bestmove until stop or ponderhit.
  bool search_waits_for_stop() const { return searcher_->waiting_for_stop(); }

 private:
  enum class Mode { Unknown, Ucci, Uci };
  void say(const std::string& line);
  void cmd_setoption(const std::vector<std::string>& t);
  void cmd_position(const std::vector<std::string>& t);
  void cmd_go(const std::vector<std::string>& t);
  void identify();
  std::string info_line(const SearchInfo& i, size_t line) const;  // line: the MultiPV index (0 = best)
  bool book_move(Move& m);

  Writer out_;
  std::mutex out_mutex_;
  Mode mode_ = Mode::Unknown;
  Position pos_;
  std::vector<Move> banned_;
  size_t hash_mb_ = 32;  // before searcher_, which is built with it
  std::unique_ptr<Searcher> searcher_;
  bool use_book_ = true;
  std::string book_file_;
  std::unique_ptr<Book> book_;
  int randomness_ = 0;
  int multipv_ = 1;  // MultiPV: best lines reported per depth
  bool limit_strength_ = false;  // UCI_LimitStrength: play at elo_ (skill.h)
  int elo_ = 0;
  bool unbounded_ = false;        // the running search ends only at stop (infinite) or ponderhit
  bool infinite_ = false;         // the last go was infinite
  uint64_t seed_;  // book choices and evaluation noise; random unless set by the Seed option
};

}  // namespace xq
