// I/O advice (see io_advice.h). Only words that name the failure outright
// count: "not found" alone is too broad (a key, a route, a template), so a
// missing file needs a file word or an ENOENT-like class.
#include "analyze/io_advice.h"

#include "util/text.h"

namespace errdex {
namespace {

bool Has(const std::string& text, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words) {
    if (text.find(w) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

std::string IoAdvice(std::string_view message, std::string_view error_class,
                     std::string_view failed_call) {
  std::string m = ToLower(message);
  std::string c = ToLower(error_class);
  std::string call = failed_call.empty() ? "" : " given to " + std::string(failed_call);
  if (Has(c, {"filenotfound", "nosuchfile", "enoent"}) ||
      Has(m, {"no such file", "file not found", "file does not exist", "directory not found",
              "does not exist or is not a file", "could not find file"})) {
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
    return "Check that the host and port" + call +
           " are right and that the server is running and reachable from this machine "
           "(DNS, firewall, proxy settings)";
  }
  if (Has(c, {"timeout"}) || Has(m, {"timed out", "timeout expired"})) {
    return "Check whether the operation" + call +
           " can finish within the time allowed: the other side (a server, a process, a lock) "
           "may be slow or unreachable, or the timeout may be set too low";
  }
  return {};
}

}  // namespace errdex
