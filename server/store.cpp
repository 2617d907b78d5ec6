#include "store.h"

#include <sodium.h>

#include "sqlite_store.h"
#ifdef XQ_WITH_POSTGRES
#include "postgres_store.h"
#endif

namespace xq::server {

std::string token_hash(const std::string& token) {
  unsigned char out[32];
  crypto_generichash(out, sizeof out, reinterpret_cast<const unsigned char*>(token.data()), token.size(), nullptr, 0);
  char hex[2 * sizeof out + 1];
  sodium_bin2hex(hex, sizeof hex, out, sizeof out);
  return hex;
}

Store::Store() = default;
Store::~Store() = default;

bool Store::is_postgres(const std::string& where) {
  return where.rfind("postgresql://", 0) == 0 || where.rfind("postgres://", 0) == 0;
}

bool Store::open(const std::string& where, std::string& error) {
  if (is_postgres(where)) {
#ifdef XQ_WITH_POSTGRES
    auto pg = std::make_unique<PostgresStore>();
    if (!pg->open(where, error)) return false;
    b_ = std::move(pg);
    return true;
#else
    error = "this server was built without PostgreSQL (libpq): use a SQLite file";
    return false;
#endif
  }
  auto lite = std::make_unique<SqliteStore>();
  if (!lite->open(where, error)) return false;
  b_ = std::move(lite);
  return true;
}

}  // namespace xq::server
