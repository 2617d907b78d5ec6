// The server's database in one SQLite file (the default). Durability: WAL
// with synchronous=FULL, so a transaction that has committed is on the disk
// (it survives kill -9 and a power cut); the log is folded back into the
// database by checkpoints on the database thread and cut back to a bounded
// size. The file is held with a lock while the server runs: a second server
// on it is refused.
#pragma once
#include "store.h"

struct sqlite3;
struct sqlite3_stmt;

namespace xq::server {

class SqliteStore : public StoreBackend {
 public:
  // The schema this build writes; older files are brought up to it on open.
  static constexpr int kSchemaVersion = 2;

  SqliteStore();
  ~SqliteStore() override;
  bool open(const std::string& path, std::string& error);

  std::optional<PlayerRow> player_by_name(const std::string& name) override;
  std::optional<PlayerRow> player_by_token(const std::string& token) override;
  int64_t add_player(const std::string& name, const std::string& hash, bool guest) override;
  bool name_used(const std::string& name) override;
  bool set_token(int64_t player, const std::string& token, int64_t lifetime_s) override;
  bool clear_token(int64_t player) override;
  int64_t start_game(const StoredGame& g) override;
  bool add_move(int64_t game, int ply, Move m, ClockPair clock) override;
  bool take_back(int64_t game, int from_ply) override;
  bool finish_game(int64_t game, const std::string& result, const std::string& reason, const std::string& pgn,
                   const std::vector<RatingChange>& ratings) override;
  std::vector<StoredGame> playing_games() override;
  std::vector<ArchiveEntry> history(const std::string& name, int limit) override;
  std::optional<std::string> pgn(int64_t game) override;
  int64_t finished_count() override;
  int64_t player_count() override;
  int64_t forget_idle_guests(int idle_days) override;
  bool begin() override;
  bool commit() override;
  void rollback() override;
  bool savepoint() override;
  bool release() override;
  void rollback_to_savepoint() override;
  LogStatus checkpoint(int64_t truncate_bytes) override;
  int64_t log_bytes() const override;
  const std::string& last_error() const override { return last_error_; }

 private:
  struct Statements;
  bool exec(const char* sql);
  bool migrate(std::string& error);
  bool fail(const char* what);  // records sqlite3_errmsg, logs it, returns false

  sqlite3* db_ = nullptr;
  std::unique_ptr<Statements> st_;
  std::string path_;
  std::string last_error_;
  int lock_fd_ = -1;
  int64_t next_game_ = 1;
};

}  // namespace xq::server
