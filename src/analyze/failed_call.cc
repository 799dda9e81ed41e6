// Failed call (see failed_call.h): one regex over the condition text.
#include "analyze/failed_call.h"

#include <cctype>
#include <regex>

#include "util/text.h"

namespace errdex {
namespace {

bool FailureValue(const std::string& v) {
  return v == "-1" || v == "NULL" || v == "nullptr" || v == "nil" || v.ends_with("_ERROR") ||
         v.ends_with("_ERR") || v.ends_with("_INVALID_FILE") || v == "MAP_FAILED" ||
         v == "SOCKET_ERROR" || v == "INVALID_HANDLE_VALUE" || v == "EOF";
}

bool SuccessValue(const std::string& v) {
  return v == "0" || v.ends_with("_OK") || v == "CURLE_OK" || v.ends_with("_SUCCESS") ||
         v == "Z_OK";
}

bool SaysFailure(const std::string& message) {
  std::string m = ToLower(message);
  for (const char* w : {"fail", "error", "cannot", "can't", "could not", "couldn't", "unable"}) {
    if (m.find(w) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

std::optional<FailedCall> FailedCallOf(const PathCondition& in, const std::string& message) {
  // C's `!f(a)` as written: `f(a)` on the other side (openvpn's
  // `if (!tls_crypt_unwrap(buf, &tmp, &ctx->opt))`).
  PathCondition c = in;
  while (c.expr.size() > 1 && c.expr[0] == '!' &&
         (std::isalpha(static_cast<unsigned char>(c.expr[1])) || c.expr[1] == '_')) {
    c.expr.erase(0, 1);
    c.polarity = !c.polarity;
  }
  // `(x = f(a)) == -1`, `f(a) != NGX_OK`, `f(a) < 0`, `f(a)`.
  static const std::regex kCompare(
      R"(^\s*\(?\s*(?:[\w>.\[\]-]+\s*=\s*)?(([A-Za-z_]\w*)\s*\((.*)\))\s*\)?\s*(==|!=|<)\s*([-\w]+)\s*$)");
  static const std::regex kBare(R"(^\s*(([A-Za-z_]\w*)\s*\((.*)\))\s*$)");
  std::smatch m;
  FailedCall out;
  if (std::regex_match(c.expr, m, kCompare)) {
    std::string op = m[4], v = m[5];
    bool failed = false;
    // Zero or a `*_SUCCESS` may be data (`ReadByte() != 0`): only under a
    // message that reports a failure does missing it mean one.
    bool success = SuccessValue(v) && (v.ends_with("_OK") || SaysFailure(message));
    if (op == "==") failed = c.polarity ? FailureValue(v) : success;
    if (op == "!=") failed = c.polarity ? success : FailureValue(v);
    if (op == "<") failed = c.polarity && v == "0";
    if (!failed) return std::nullopt;
    out.returns = op == "<"         ? "a value less than `0`"
                  : FailureValue(v) ? "`" + v + "`"
                                    : "a value other than `" + v + "`";
  } else if (std::regex_match(c.expr, m, kBare) && !c.polarity && SaysFailure(message)) {
    out.returns = "zero, false or nothing";
  } else if (std::regex_match(c.expr, m, kBare) && c.polarity &&
             Trim(message.substr(0, message.find(':'))) == m[2].str()) {
    // `if (getsockname(..)) log("getsockname")`: C's non-zero failure,
    // reported perror-style under the call's name.
    out.returns = "a non-zero value";
  } else {
    return std::nullopt;
  }
  out.call = m[1];
  out.name = m[2];
  // `(r = f(a)) != X_OK`: the greedy match took the assignment's closing
  // parenthesis too.
  if (c.expr.find('(') < c.expr.find(out.name) && out.call.ends_with("))")) {
    int open = 0, close = 0;
    for (char ch : out.call) open += ch == '(', close += ch == ')';
    if (close == open + 1) out.call.pop_back();
  }
  // One call: its `(` closes at the end (`f(a) || g(b)` is two).
  int depth = 0;
  for (size_t i = out.name.size(); i < out.call.size(); ++i) {
    depth += out.call[i] == '(' ? 1 : out.call[i] == ')' ? -1 : 0;
    if (depth <= 0 && i + 1 < out.call.size()) return std::nullopt;
  }
  if (depth != 0) return std::nullopt;
  for (const char* kw : {"if", "while", "for", "switch", "return", "sizeof", "defined"}) {
    if (out.name == kw) return std::nullopt;
  }
  // A comparison or a lookup answers a question; it does not fail.
  std::string lower = ToLower(out.name);
  for (const char* q : {"cmp", "compare", "equal", "match", "contains", "find", "lookup", "search",
                        "starts", "ends", "is_", "has_", "errno", "error", "status", "state",
                        // A verdict on data: false is its answer, not a
                        // failure of the call (`!verify_tag(buf, len)`).
                        "verify", "valid", "check", "exist", "allow"}) {
    if (lower.find(q) != std::string::npos) return std::nullopt;
  }
  return out;
}

}  // namespace errdex
