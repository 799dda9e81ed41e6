// System error texts (see system_errors.h).
#include "match/system_errors.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace errdex::match {
namespace {

// The errno texts a user meets in wrapped messages, lower-cased: glibc's
// spelling first, then other C libraries' where they differ, then the
// runtimes' own words for the same conditions (Go's io/fs and net errors,
// which `%w` passes on as `%s` would strerror's).
constexpr std::array<std::string_view, 53> kTexts = {
    "operation not permitted",
    "no such file or directory",
    "no such process",
    "interrupted system call",
    "input/output error",
    "no such device or address",
    "argument list too long",
    "bad file descriptor",
    "resource temporarily unavailable",
    "cannot allocate memory",
    "permission denied",
    "bad address",
    "device or resource busy",
    "file exists",
    "invalid cross-device link",
    "no such device",
    "not a directory",
    "is a directory",
    "invalid argument",
    "too many open files in system",
    "too many open files",
    "text file busy",
    "file too large",
    "no space left on device",
    "illegal seek",
    "read-only file system",
    "too many links",
    "broken pipe",
    "file name too long",
    "function not implemented",
    "directory not empty",
    "too many levels of symbolic links",
    "address already in use",
    "cannot assign requested address",
    "network is down",
    "network is unreachable",
    "connection reset by peer",
    "connection timed out",
    "connection refused",
    "host is down",
    "no route to host",
    "operation timed out",
    "operation not supported",
    "disk quota exceeded",
    "stale file handle",
    "no child processes",
    "device not configured",
    "socket operation on non-socket",
    "file does not exist",
    "file already exists",
    "file already closed",
    "i/o timeout",
    "use of closed network connection",
};

constexpr std::string_view kErrnoNames[] = {
    "EACCES",          "EADDRINUSE",   "EADDRNOTAVAIL", "EAGAIN",       "EAI_AGAIN",   "EBADF",
    "EBUSY",           "ECANCELED",    "ECONNABORTED",  "ECONNREFUSED", "ECONNRESET",  "EEXIST",
    "EHOSTDOWN",       "EHOSTUNREACH", "EINTR",         "EINVAL",       "EIO",         "EISDIR",
    "ELOOP",           "EMFILE",       "ENAMETOOLONG",  "ENETDOWN",     "ENETUNREACH", "ENFILE",
    "ENOENT",          "ENOMEM",       "ENOSPC",        "ENOTCONN",     "ENOTDIR",     "ENOTEMPTY",
    "ENOTFOUND",       "ENOTSUP",      "EPERM",         "EPIPE",        "EPROTO",      "EROFS",
    "ESOCKETTIMEDOUT", "ESPIPE",       "ETIMEDOUT",     "EXDEV",
};

}  // namespace

bool IsErrnoName(std::string_view code) {
  return std::find(std::begin(kErrnoNames), std::end(kErrnoNames), code) != std::end(kErrnoNames);
}

bool IsSystemErrorText(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  // "No such file or directory: " before a path (rubocop's "No such file
  // or directory: #{file}") is the errno text with its operand to follow.
  while (!text.empty() && (std::isspace(static_cast<unsigned char>(text.back())) ||
                           text.back() == '.' || text.back() == ':')) {
    text.remove_suffix(1);
  }
  if (text.empty() || text.size() > 40) return false;
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return std::find(kTexts.begin(), kTexts.end(), lower) != kTexts.end();
}

}  // namespace errdex::match
