// The browser client's files, served by xiangqi-server on its own port
// beside the WebSocket. The folder is read once at start into memory (the
// server's thread never touches a file after that) and bounded in count and
// size; a request names a file by its path in that map, so nothing outside
// the folder can be reached.
//
// Each answer carries its MIME type, a strong ETag, a strict
// Content-Security-Policy, and the cache rule: a file whose name holds a
// content hash (app.3f2a9c1b.js) is cached for a year as immutable, anything
// else (index.html) is checked each time. A file with a .gz beside it is sent
// compressed to a browser that accepts gzip.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace xq::server {

struct WebFile {
  std::string body, gzip;  // gzip: the pre-compressed copy ("" if none)
  std::string type, etag, cache_control;
};

struct WebRequest {
  std::string method, target, accept_encoding, if_none_match;
};

struct WebResponse {
  int status = 200;
  std::vector<std::pair<std::string, std::string>> headers;
  const std::string* body = nullptr;  // points into WebFiles (or at a message kept here)
  std::string message;                // the body of an error answer
  bool head_only = false;
  const std::string& content() const { return body ? *body : message; }
};

struct WebLimits {
  size_t max_files = 2000;
  size_t max_file_bytes = size_t(16) << 20;
  size_t max_total_bytes = size_t(64) << 20;
};

class WebFiles {
 public:
  // Reads every regular file under dir (symbolic links and other kinds are
  // left out); false with a message naming what is wrong (not a folder, over a limit).
  bool load(const std::string& dir, std::string& error, const WebLimits& limits = {});
  bool empty() const { return files_.empty(); }
  size_t count() const { return files_.size(); }
  size_t bytes() const { return bytes_; }
  const std::string& folder() const { return folder_; }

  WebResponse answer(const WebRequest& request) const;

  static std::string mime_type(const std::string& path);
  static bool has_content_hash(const std::string& path);
  static const char* security_policy();

 private:
  std::map<std::string, WebFile> files_;  // by URL path: "/index.html"
  size_t bytes_ = 0;
  std::string folder_;
};

// Where the web client is when --web is not given: beside the program in a
// build tree (build/web) or in the install's share folder; "" if neither.
std::string default_web_folder(const std::string& program_path);

}  // namespace xq::server
