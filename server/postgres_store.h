// The server's database on PostgreSQL (--db postgresql://USER@HOST/DB),
// through Debian's libpq: for a community whose operator already runs,
// backs up and replicates a database server. The schema is created and
// migrated by the server (its version in xq_schema; several servers
// starting at once take an advisory lock for it). Game ids come from the
// database's sequence. A commit is durable as PostgreSQL makes it
// (synchronous_commit on by default). A lost connection is opened again at
// the next transaction; meanwhile writes fail and the hub refuses the moves
// they carried, as it does for SQLite.
#pragma once
#include <set>
#include <string>
#include <vector>

#include "store.h"

struct pg_conn;
struct pg_result;

namespace xq::server {

class PostgresStore : public StoreBackend {
 public:
  static constexpr int kSchemaVersion = 2;

  PostgresStore() = default;
  ~PostgresStore() override;
  bool open(const std::string& uri, std::string& error);

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
  void set_node(int64_t node) override { node_ = node; }
  std::vector<StoredGame> claim_games(const std::vector<int64_t>& dead_nodes) override;
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
  LogStatus checkpoint(int64_t) override { return {}; }
  int64_t log_bytes() const override { return 0; }
  const std::string& last_error() const override { return last_error_; }

  // One statement's answer: owns the libpq result.
  class Rows {
   public:
    explicit Rows(pg_result* r = nullptr) : r_(r) {}
    Rows(Rows&& o) noexcept : r_(o.r_) { o.r_ = nullptr; }
    Rows& operator=(Rows&& o) noexcept;
    ~Rows();
    bool ok() const { return r_ != nullptr; }
    int count() const;
    std::string text(int row, int col) const;
    int64_t integer(int row, int col) const;
    double real(int row, int col) const;
    int64_t changed() const;  // rows an UPDATE or DELETE touched

   private:
    pg_result* r_;
  };

 private:
  // Runs a statement (prepared under `name` on first use) with text
  // parameters; a failed Rows (ok() false) after recording why.
  Rows run(const char* name, const char* sql, const std::vector<std::string>& params, const char* what);
  bool exec(const char* sql, const char* what);
  bool migrate(std::string& error);
  bool fail(const char* what, const std::string& why);
  bool usable();
  bool owned(int64_t game, const char* what);  // the game is this node's (locked against a takeover until commit)
  std::vector<StoredGame> read_games(const char* name, const char* where, const std::vector<std::string>& params);  // the connection is up, or was opened again (outside a transaction)

  pg_conn* db_ = nullptr;
  int64_t node_ = 0;
  std::string uri_;
  std::set<std::string> prepared_;
  std::string last_error_;
};

}  // namespace xq::server
