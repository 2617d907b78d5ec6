// A throwaway PostgreSQL cluster for tests (Debian's `postgresql`): initdb
// in a temporary folder, the server listening on a Unix socket in that folder
// only (no TCP port at all), run as `nobody` when the tests run as root
// (PostgreSQL refuses root), through setpriv, which execs without a shell.
// Stopped (SIGINT: fast shutdown) and removed at the end. Each test takes a
// fresh database of its own (new_database()).
#pragma once
#include <glob.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "child_process.h"

namespace xq::test {

class PostgresCluster {
 public:
  ~PostgresCluster() { stop(); }

  // Finds the binaries, makes the cluster and starts it; false with why.
  bool start(std::string& error) {
    glob_t g{};
    if (glob("/usr/lib/postgresql/*/bin/postgres", 0, nullptr, &g) != 0 || g.gl_pathc == 0) {
      globfree(&g);
      error = "PostgreSQL is not installed (apt-get install postgresql)";
      return false;
    }
    bin_ = std::filesystem::path(g.gl_pathv[g.gl_pathc - 1]).parent_path().string();
    globfree(&g);
    char dir[] = "/tmp/xq_pg_XXXXXX";
    if (!mkdtemp(dir)) return error = "cannot make a folder for the cluster", false;
    dir_ = dir;
    if (getuid() == 0) {
      const passwd* nobody = getpwnam("nobody");
      if (!nobody) return error = "no user nobody to run PostgreSQL as", false;
      uid_ = nobody->pw_uid;
      gid_ = nobody->pw_gid;
      if (chown(dir_.c_str(), uid_, gid_) != 0) return error = "cannot hand the folder to nobody", false;
    }
    if (run({bin_ + "/initdb", "-D", dir_ + "/data", "-U", "xq", "--auth=trust", "--no-locale", "-E", "UTF8",
             "--no-sync"}) != 0)
      return error = "initdb failed", false;
    return launch(error);
  }

  // Stops the server as an operator's restart does (fast shutdown: sessions
  // are cut) and starts it again on the same data; false with why.
  bool restart(std::string& error) {
    if (pid_ > 0) {
      kill(pid_, SIGINT);
      int status = 0;
      waitpid(pid_, &status, 0);
      pid_ = -1;
    }
    return launch(error);
  }

 private:
  bool launch(std::string& error) {
    xq::ChildProcess child;
    std::string why;
    // fsync stays on: the durability the server promises is what these tests check.
    if (!xq::spawn_process(as_owner({bin_ + "/postgres", "-D", dir_ + "/data", "-k", dir_, "-c", "listen_addresses=",
                                     "-c", "max_connections=60", "-c", "shared_buffers=32MB", "-c", "log_min_messages=fatal"}),
                           {false, false, 0}, child, &why))
      return error = "cannot start postgres: " + why, false;
    pid_ = child.pid;
    // Ready when it answers (at most 30 s).
    for (int i = 0; i < 300; ++i) {
      PGconn* c = PQconnectdb(uri("postgres").c_str());
      const bool up = PQstatus(c) == CONNECTION_OK;
      PQfinish(c);
      if (up) return true;
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return error = "postgres exited at start", false;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return error = "postgres did not answer within 30 s", false;
  }

 public:

  // The URI of a database (libpq's form with the socket folder as the host).
  std::string uri(const std::string& db) const { return "postgresql:///" + db + "?host=" + dir_ + "&user=xq"; }

  // A new empty database; its URI ("" and why on failure).
  std::string new_database(std::string& error) {
    const std::string name = "xq_" + std::to_string(getpid()) + "_" + std::to_string(next_++);
    PGconn* c = PQconnectdb(uri("postgres").c_str());
    PGresult* r = PQexec(c, ("CREATE DATABASE " + name).c_str());
    const bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok) error = PQerrorMessage(c);
    PQclear(r);
    PQfinish(c);
    return ok ? uri(name) : "";
  }

  // Stops the server as an operator's restart would (fast shutdown), and starts it again.
  pid_t pid() const { return pid_; }

  void stop() {
    if (pid_ > 0) {
      kill(pid_, SIGINT);
      int status = 0;
      waitpid(pid_, &status, 0);
      pid_ = -1;
    }
    if (!dir_.empty()) {
      std::error_code ec;
      std::filesystem::remove_all(dir_, ec);
      dir_.clear();
    }
  }

 private:
  std::vector<std::string> as_owner(std::vector<std::string> argv) const {
    if (getuid() != 0) return argv;
    std::vector<std::string> out = {"/usr/bin/setpriv", "--reuid=" + std::to_string(uid_),
                                    "--regid=" + std::to_string(gid_), "--clear-groups", "--"};
    out.insert(out.end(), argv.begin(), argv.end());
    return out;
  }
  // Runs a program to its end (its output thrown away); its exit status.
  int run(const std::vector<std::string>& argv) const {
    xq::ChildProcess child;
    std::string why;
    if (!xq::spawn_process(as_owner(argv), {false, true, 0}, child, &why)) return -1;
    char buf[4096];
    while (read(child.from_child, buf, sizeof buf) > 0) {
    }
    close(child.from_child);
    int status = 0;
    waitpid(child.pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  std::string bin_, dir_;
  uid_t uid_ = 0;
  gid_t gid_ = 0;
  pid_t pid_ = -1;
  int next_ = 0;
};

// The test program's one cluster, started at its first use; a failure to start is the test's failure.
inline PostgresCluster& shared_postgres_cluster() {
  static PostgresCluster cluster;
  static const std::string failed = [] {
    std::string e;
    return cluster.start(e) ? std::string() : e;
  }();
  if (!failed.empty()) ADD_FAILURE() << failed;
  return cluster;
}

// A fresh database in that cluster: its URI ("" after a failure the test reports).
inline std::string fresh_postgres_database() {
  std::string error;
  const std::string uri = shared_postgres_cluster().new_database(error);
  if (uri.empty()) ADD_FAILURE() << error;
  return uri;
}

}  // namespace xq::test
