// I/O advice (see io_advice.h). Only words that name the failure outright
// count: "not found" alone is too broad (a key, a route, a template), so a
// missing file needs a file word or an ENOENT-like class.
#include "analyze/io_advice.h"

#include <cctype>
#include <regex>

#include "util/text.h"

namespace errdex {
namespace {

bool Has(const std::string& text, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words) {
    if (text.find(w) != std::string::npos) return true;
  }
  return false;
}

// "could not open '%s'", "failed to make directory '%s'", "Can't open the
// append log file %s": a failed operation on a file system path. The verb,
// lower-case, or "" when the message does not say so. Its object is a file
// word within three words ("open the append log file") or a printed value
// right after it ("delete {$dir}: ..."), so that "cannot read Json
// element", "could not load ssl function" and "cannot delete %s field" are
// left alone.
// duckdb's "Failed to read Parquet file '%s': Need at least one non-root
// column in the file": after the file, a reason in words of its own (not
// a printed OS error, "%s" / "{err}"); the file was read, and the reason is
// what went wrong. `rest` is the message after the file's name or value.
bool StatesOwnCause(std::string_view rest) {
  size_t colon = rest.find(": ");
  if (colon == std::string_view::npos || colon > 12) return false;
  std::string_view reason = rest.substr(colon + 2);
  if (reason.empty() || !std::isalpha(static_cast<unsigned char>(reason[0]))) return false;
  std::string lower = ToLower(reason.substr(0, 60));
  if (Has(lower, {"permission", "denied", "no such", "not found", "access", "errno", "error "})) {
    return false;
  }
  size_t words = 1;
  for (char c : reason.substr(0, reason.find_first_of("%{"))) words += c == ' ';
  return words >= 3;
}

std::string FailedFileVerb(const std::string& m) {
  static const std::string kFailed =
      R"((can't|cannot|can not|could not|couldn't|failed to|unable to|error|failure|failed)\s+)"
      R"((open|create|read|write|make|remove|delete|rename|stat|mkdir|unlink|fsync|truncate|)"
      R"(load|save)(ing)?)";
  static const std::regex kNoun(kFailed + R"(((\s+[^\s:.,;]+){0,3}?)\s+)" +
                                R"((file|files|directory|directories|dir|folder|path|symlink)\b)");
  static const std::regex kPrinted(
      kFailed + R"(\s+('%s'|"%s"|%s|'%ls'|'\{[^}]*\}'|\{[^}]*\}|#\{[^}]*\}|\$\{[^}]*\}))" +
      R"((\S*)($|:|,|\.| for | to | from | into | \())");
  std::smatch match;
  std::string head = m.substr(0, 200);
  // The message names a cause of its own ("directory exists", "is locked",
  // "not allowed against bare repositories"): the checklist is not it.
  if (Has(head, {"exist", "already", "locked", "too deep", "not directory", "not a directory",
                 "still present", "bare", "parent", "larger than", "json"})) {
    return {};
  }
  if (std::regex_search(head, match, kNoun)) {
    // "blob from file", "read across files": the file is not the object.
    static const std::regex kPreposition(R"(\b(from|for|of|to|into|in|with|across)\b)");
    std::string between = match[4].str();
    if (!std::regex_search(between, kPreposition)) {
      return StatesOwnCause(head.substr(match.position(0) + match.length(0))) ? "" : match[2].str();
    }
  }
  if (std::regex_search(head, match, kPrinted)) {
    std::string value = match[4].str();
    if (!Has(value, {"class", "type"})) {
      return StatesOwnCause(head.substr(match.position(4) + match.length(4))) ? "" : match[2].str();
    }
  }
  return {};
}

}  // namespace

std::string IoAdvice(std::string_view message, std::string_view error_class,
                     std::string_view failed_call, bool opened, bool local_socket) {
  std::string m = ToLower(message);
  std::string c = ToLower(error_class);
  std::string call = failed_call.empty() ? "" : " given to " + std::string(failed_call);
  // A fixed name the message does not print (pip's ".dist-info directory
  // not found" inside a wheel it opened) is no path the user typed: the
  // words alone need a printed value or the failed call.
  bool printed = m.find('%') != std::string::npos || m.find('{') != std::string::npos;
  if (Has(c, {"filenotfound", "nosuchfile", "enoent"}) || Has(m, {"no such file"}) ||
      ((printed || !failed_call.empty()) &&
       Has(m, {"file not found", "file does not exist", "directory not found",
               "does not exist or is not a file", "could not find file"}))) {
    return "Check that the file or directory" + call +
           " exists and that the path is spelled right (a relative path is resolved from the "
           "working directory of the process)";
  }
  if (Has(c, {"permissiondenied", "eacces", "unauthorizedaccess"}) ||
      Has(m, {"permission denied", "operation not permitted", "not writable", "not readable"})) {
    return "Check that the user running the process may read or write the path" + call +
           " (file mode, owner, and for a directory its search permission)";
  }
  if (Has(c, {"connectionrefused", "connecterror", "econnrefused", "unknownhost"}) ||
      Has(m, {"connection refused", "could not connect", "couldn't connect", "failed to connect",
              "unable to connect", "could not resolve host", "couldn't resolve host",
              "name or service not known", "unknown host", "network is unreachable",
              "host unreachable", "no route to host"})) {
    if (local_socket) {
      return "Check that the server or daemon that listens on the Unix socket" + call +
             " is running, and that the user running the process may use the socket file and "
             "its directory";
    }
    return "Check that the host and port" + call +
           " are right and that the server is running and reachable from this machine "
           "(DNS, firewall, proxy settings)";
  }
  if (Has(c, {"timeout"}) || Has(m, {"timed out", "timeout expired"})) {
    return "Check whether the operation" + call +
           " can finish within the time allowed: the other side (a server, a process, a lock) "
           "may be slow or unreachable, or the timeout may be set too low";
  }
  if (std::string verb = FailedFileVerb(m); !verb.empty()) {
    bool reads = (verb == "open" || verb == "read" || verb == "stat" || verb == "load") &&
                 !Has(m, {"writ", "creat", "save"});
    std::string path = m.find('%') != std::string::npos || m.find('{') != std::string::npos
                           ? "the path in the message"
                           : "the file or directory it works on";
    if (reads && opened) return {};
    if (reads) {
      return "Check that " + path + call +
             " exists and that the user running the process may read it (a relative path is "
             "resolved from the working directory of the process)";
    }
    return "Check that the directory of " + path + call +
           " exists and that the user running the process may write there (permissions, a "
           "read-only file system, free disk space)";
  }
  return {};
}

}  // namespace errdex
