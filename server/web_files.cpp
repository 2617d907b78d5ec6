#include "web_files.h"

#include <sodium.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace xq::server {
namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::string etag_of(const std::string& body) {
  unsigned char hash[16];
  crypto_generichash(hash, sizeof hash, reinterpret_cast<const unsigned char*>(body.data()), body.size(), nullptr, 0);
  char hex[sizeof hash * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, hash, sizeof hash);
  return std::string("\"") + hex + "\"";
}

bool read_whole(const fs::path& p, size_t limit, std::string& out, std::string& error) {
  std::error_code ec;
  const auto size = fs::file_size(p, ec);
  if (ec) return error = p.string() + ": " + ec.message(), false;
  if (size > limit) return error = p.string() + ": larger than " + std::to_string(limit >> 20) + " MB", false;
  std::ifstream in(p, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) return error = p.string() + ": cannot be read", false;
  out = text.str();
  return true;
}

// "gzip" among the codings of an Accept-Encoding header, not refused with q=0.
bool accepts_gzip(const std::string& header) {
  std::istringstream in(header);
  for (std::string item; std::getline(in, item, ',');) {
    std::string name = item.substr(0, item.find(';'));
    name.erase(std::remove_if(name.begin(), name.end(), [](unsigned char c) { return std::isspace(c); }), name.end());
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    if (name != "gzip") continue;
    const size_t q = item.find("q=");
    if (q != std::string::npos && std::strtod(item.c_str() + q + 2, nullptr) <= 0) return false;
    return true;
  }
  return false;
}

}  // namespace

const char* WebFiles::security_policy() {
  // The page's own files only; WebAssembly compiled from them ('wasm-unsafe-eval'
  // allows that and no eval of text); the WebSocket to this same server.
  return "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
         "media-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; "
         "form-action 'none'; frame-ancestors 'none'";
}

std::string WebFiles::mime_type(const std::string& path) {
  static const std::pair<const char*, const char*> kTypes[] = {
      {".html", "text/html; charset=utf-8"},   {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
      {".wasm", "application/wasm"},           {".json", "application/json"},
      {".webmanifest", "application/manifest+json"}, {".svg", "image/svg+xml"},
      {".png", "image/png"},                   {".ico", "image/x-icon"},
      {".wav", "audio/wav"},                   {".ogg", "audio/ogg"},
      {".txt", "text/plain; charset=utf-8"},   {".map", "application/json"}};
  for (const auto& [ext, type] : kTypes)
    if (ends_with(path, ext)) return type;
  return "application/octet-stream";
}

bool WebFiles::has_content_hash(const std::string& path) {
  // name.HASH.ext with HASH eight or more letters and digits (esbuild's and ours).
  const size_t slash = path.rfind('/');
  const std::string name = path.substr(slash == std::string::npos ? 0 : slash + 1);
  const size_t last = name.rfind('.');
  if (last == std::string::npos || last == 0) return false;
  const size_t before = name.rfind('.', last - 1);
  if (before == std::string::npos || before == 0) return false;  // a name before the hash
  const std::string hash = name.substr(before + 1, last - before - 1);
  return hash.size() >= 8 && std::all_of(hash.begin(), hash.end(), [](unsigned char c) { return std::isalnum(c); });
}

bool WebFiles::load(const std::string& dir, std::string& error, const WebLimits& limits) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return error = "web folder " + dir + ": not a folder", false;
  std::map<std::string, WebFile> files;
  std::map<std::string, std::string> compressed;
  size_t total = 0;
  const fs::path root = fs::canonical(dir, ec);
  if (ec) return error = "web folder " + dir + ": " + ec.message(), false;
  for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::none, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_symlink(ec) || !it->is_regular_file(ec)) continue;
    if (files.size() + compressed.size() >= limits.max_files)
      return error = "web folder " + dir + ": more than " + std::to_string(limits.max_files) + " files", false;
    std::string body;
    if (!read_whole(it->path(), limits.max_file_bytes, body, error)) return false;
    total += body.size();
    if (total > limits.max_total_bytes)
      return error = "web folder " + dir + ": more than " + std::to_string(limits.max_total_bytes >> 20) + " MB", false;
    const std::string url = "/" + fs::relative(it->path(), root).generic_string();
    if (ends_with(url, ".gz")) compressed[url.substr(0, url.size() - 3)] = std::move(body);
    else files[url].body = std::move(body);
  }
  if (ec) return error = "web folder " + dir + ": " + ec.message(), false;
  for (auto& [url, f] : files) {
    f.type = mime_type(url);
    f.etag = etag_of(f.body);
    f.cache_control = has_content_hash(url) ? "public, max-age=31536000, immutable" : "no-cache";
    if (const auto c = compressed.find(url); c != compressed.end() && c->second.size() < f.body.size())
      f.gzip = std::move(c->second);
  }
  files_ = std::move(files);
  bytes_ = total;
  folder_ = root.string();
  return true;
}

WebResponse WebFiles::answer(const WebRequest& request) const {
  WebResponse r;
  r.headers = {{"Content-Security-Policy", security_policy()},
               {"X-Content-Type-Options", "nosniff"},
               {"Referrer-Policy", "no-referrer"}};
  auto fail = [&](int status, std::string message) {
    r.status = status;
    r.message = std::move(message) + "\n";
    r.headers.emplace_back("Content-Type", "text/plain; charset=utf-8");
    r.headers.emplace_back("Cache-Control", "no-store");
    return r;
  };
  if (request.method != "GET" && request.method != "HEAD") {
    r.headers.emplace_back("Allow", "GET, HEAD");
    return fail(405, "only GET and HEAD are served here");
  }
  r.head_only = request.method == "HEAD";
  std::string path = request.target.substr(0, request.target.find_first_of("?#"));
  if (path.empty() || path[0] != '/') return fail(400, "a path starting with / is needed");
  if (path.back() == '/') path += "index.html";
  const auto it = files_.find(path);
  if (it == files_.end())
    return fail(404, files_.empty() ? "this server has no web client (start it with --web DIR)" : "no such file: " + path);
  const WebFile& f = it->second;
  r.headers.emplace_back("Content-Type", f.type);
  r.headers.emplace_back("Cache-Control", f.cache_control);
  r.headers.emplace_back("ETag", f.etag);
  if (!f.gzip.empty()) r.headers.emplace_back("Vary", "Accept-Encoding");
  if (!request.if_none_match.empty() && request.if_none_match.find(f.etag) != std::string::npos) {
    r.status = 304;
    r.message.clear();
    return r;
  }
  if (!f.gzip.empty() && accepts_gzip(request.accept_encoding)) {
    r.headers.emplace_back("Content-Encoding", "gzip");
    r.body = &f.gzip;
  } else {
    r.body = &f.body;
  }
  return r;
}

std::string default_web_folder(const std::string& program_path) {
  std::error_code ec;
  fs::path exe = fs::canonical(program_path, ec);
  if (ec) {
    char buf[4096];
    const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return "";
    exe = fs::path(std::string(buf, size_t(n)));
  }
  const fs::path bin = exe.parent_path();
  for (const fs::path& p : {bin / ".." / "web", bin / ".." / "share" / "xiangqi" / "web"})
    if (fs::is_regular_file(p / "index.html", ec)) return fs::weakly_canonical(p, ec).string();
  return "";
}

}  // namespace xq::server
