// Argument advice (see argument_advice.h): a table of textual shapes, each
// with the argument's name in it.
#include "analyze/argument_advice.h"

#include <algorithm>
#include <string_view>

#include "util/text.h"

namespace errdex {
namespace {

std::string Strip(std::string e) {
  e = std::string(Trim(e));
  while (e.size() > 2 && e.front() == '(' && e.back() == ')') {
    // Only when the outer parentheses enclose everything.
    int depth = 0;
    bool whole = true;
    for (size_t i = 0; i < e.size(); ++i) {
      depth += e[i] == '(' ? 1 : e[i] == ')' ? -1 : 0;
      if (depth == 0 && i + 1 < e.size()) whole = false;
    }
    if (!whole) break;
    e = std::string(Trim(std::string_view(e).substr(1, e.size() - 2)));
  }
  return e;
}

// `e` is `pre` + a parameter + `post`; the parameter, or "".
std::string Around(const std::string& e, std::string_view pre, std::string_view post,
                   const std::vector<std::string>& params) {
  if (!e.starts_with(pre) || !e.ends_with(post) || e.size() < pre.size() + post.size() + 1) {
    return "";
  }
  std::string p = e.substr(pre.size(), e.size() - pre.size() - post.size());
  if (!p.empty() && p[0] == '$') p = p.substr(1);  // PHP
  if (p.starts_with("@")) return "";
  return std::find(params.begin(), params.end(), p) != params.end() ? p : "";
}

struct Shape {
  const char* pre;
  const char* post;
  const char* what;  // `P` is the parameter
};

// Shapes true when the argument is bad.
const Shape kBad[] = {
    {"", " == 0", "a non-zero P"},
    {"", " === 0", "a non-zero P"},
    {"0 == ", "", "a non-zero P"},
    {"", " is None", "a P other than None"},
    {"", " == None", "a P other than None"},
    {"", " == null", "a non-null P"},
    {"", " === null", "a non-null P"},
    {"null == ", "", "a non-null P"},
    {"", " === undefined", "a P (it is required)"},
    {"", " == nil", "a non-nil P"},
    {"", ".nil?", "a non-nil P"},
    {"is_null(", ")", "a non-null P"},
    {"", " == NULL", "a non-NULL P"},
    {"NULL == ", "", "a non-NULL P"},
    {"len(", ") == 0", "a non-empty P"},
    {"", ".length === 0", "a non-empty P"},
    {"", ".length == 0", "a non-empty P"},
    {"!", ".length", "a non-empty P"},
    {"", ".isEmpty()", "a non-empty P"},
    {"", ".is_empty()", "a non-empty P"},
    {"", ".empty?", "a non-empty P"},
    {"", ".empty()", "a non-empty P"},
    {"", ".Length == 0", "a non-empty P"},
    {"", ".Count == 0", "a non-empty P"},
    {"", ".size() == 0", "a non-empty P"},
    {"", " == \"\"", "a non-empty P"},
    {"", " === ''", "a non-empty P"},
    {"", " === \"\"", "a non-empty P"},
    {"", " == ''", "a non-empty P"},
    {"empty(", ")", "a non-empty P"},
    {"strlen(", ") == 0", "a non-empty P"},
    {"string.IsNullOrEmpty(", ")", "a non-empty P"},
    {"String.IsNullOrEmpty(", ")", "a non-empty P"},
    {"", ".isBlank()", "a non-blank P"},
    {"string.IsNullOrWhiteSpace(", ")", "a non-blank P"},
    {"", " < 0", "a non-negative P"},
    {"", " <= 0", "a positive P"},
};

std::vector<std::string_view> SplitTypes(std::string_view t) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (size_t i = 0; i <= t.size(); ++i) {
    if (i < t.size() && t[i] != ',' && t[i] != '|') continue;
    std::string_view one = Trim(t.substr(start, i - start));
    if (!one.empty()) out.push_back(one);
    start = i + 1;
  }
  return out;
}

// `not isinstance(p, (str, bytes))` -> "a `str` or `bytes` as P".
std::string TypeTest(const std::string& e, const std::vector<std::string>& params) {
  std::string p, type;
  if (e.starts_with("not isinstance(") && e.ends_with(")")) {
    std::string inner = e.substr(15, e.size() - 16);
    size_t comma = inner.find(',');
    if (comma == std::string::npos) return "";
    p = std::string(Trim(std::string_view(inner).substr(0, comma)));
    type = Strip(inner.substr(comma + 1));
  } else if (e.starts_with("typeof ")) {
    // `typeof p !== 'object' && typeof p !== 'string'`: every part one
    // quoted type of the same operand.
    std::string_view rest = e;
    while (!rest.empty()) {
      size_t and_at = rest.find(" && ");
      std::string_view part = Trim(rest.substr(0, and_at));
      rest = and_at == std::string_view::npos ? std::string_view() : rest.substr(and_at + 4);
      if (!part.starts_with("typeof ")) return "";
      size_t op = part.find(" !");
      if (op == std::string_view::npos) return "";
      std::string_view operand = Trim(part.substr(7, op - 7));
      std::string_view lit = Trim(part.substr(op + 2));
      if (!lit.starts_with("=")) return "";
      while (lit.starts_with("=")) lit.remove_prefix(1);
      lit = Trim(lit);
      if (lit.size() < 3 || (lit[0] != '\'' && lit[0] != '"') || lit.back() != lit[0]) return "";
      lit = lit.substr(1, lit.size() - 2);
      if (lit.find_first_of("'\"` ") != std::string_view::npos) return "";
      if (!p.empty() && p != operand) return "";
      p = std::string(operand);
      type += (type.empty() ? "" : ",") + std::string(lit);
    }
  } else if (e.starts_with("!(") && e.find(" instanceof ") != std::string::npos) {
    std::string inner = Strip(e.substr(1));
    size_t at = inner.find(" instanceof ");
    p = inner.substr(0, at);
    type = inner.substr(at + 12);
  } else if (e.starts_with("!") && e.find(".is_a?(") != std::string::npos && e.ends_with(")")) {
    size_t at = e.find(".is_a?(");
    p = e.substr(1, at - 1);
    type = e.substr(at + 7, e.size() - at - 8);
  } else {
    return "";
  }
  if (std::find(params.begin(), params.end(), p) == params.end() || type.empty()) return "";
  std::string out;
  size_t n = 0;
  for (std::string_view t : SplitTypes(type)) {
    out += (n++ ? " or `" : "`") + std::string(t) + "`";
  }
  if (n == 0 || n > 4) return "";
  return "a " + out + " as `" + p + "`";
}

// The parts of `e` joined at the top level by `||` (or Python's and
// Ruby's ` or `); one part when there is no such join.
std::vector<std::string> Disjuncts(const std::string& e) {
  std::vector<std::string> out;
  for (std::string_view part : SplitTopLevel(e, " || ", " or ")) out.emplace_back(part);
  return out;
}

// What to pass for one part of a disjunction that raises when true: the
// shapes of kBad, or a flag parameter ("`analyze` false"), or a parameter
// that must be left out (`options != null`: "no `options`").
std::string PartToPass(const std::string& part, const std::vector<std::string>& params,
                       const std::string& language);

}  // namespace

std::string ArgumentToPass(const std::string& expr, bool raised_when,
                           const std::vector<std::string>& params, const std::string& language) {
  std::string e = Strip(expr);
  // `analyze || options != null`: every part has its own argument.
  if (std::vector<std::string> parts = Disjuncts(e); raised_when && parts.size() > 1) {
    std::vector<std::string> each;
    for (const std::string& part : parts) {
      std::string one = PartToPass(part, params, language);
      if (one.empty()) return "";
      each.push_back(std::move(one));
    }
    std::string out;
    for (size_t i = 0; i < each.size(); ++i) {
      out += (i == 0 ? "" : i + 1 == each.size() ? " and " : ", ") + each[i];
    }
    return out;
  }
  // A failed `p != 0` is the same as a true `p == 0`.
  if (!raised_when) {
    std::string before = e;
    if (e.starts_with("!(") || e.starts_with("not ")) {
      e = Strip(e.starts_with("!") ? e.substr(1) : e.substr(4));
    } else if (e.starts_with("isinstance(")) {
      e = "not " + e;
    } else if (e.find(" instanceof ") != std::string::npos ||
               e.find(".is_a?(") != std::string::npos) {
      e = e.find(".is_a?(") != std::string::npos ? "!" + e : "!(" + e + ")";
    } else {
      for (auto [good, bad] :
           std::vector<std::pair<std::string, std::string>>{{" != 0", " == 0"},
                                                            {" !== 0", " === 0"},
                                                            {" is not None", " is None"},
                                                            {" != null", " == null"},
                                                            {" !== null", " === null"},
                                                            {" != nil", " == nil"},
                                                            {" != NULL", " == NULL"},
                                                            {" >= 0", " < 0"},
                                                            {" > 0", " <= 0"}}) {
        if (e.ends_with(good)) {
          e = e.substr(0, e.size() - good.size()) + bad;
          break;
        }
      }
      if (e == before) return "";
    }
  }
  (void)language;
  if (std::string t = TypeTest(e, params); !t.empty()) return t;
  for (const Shape& s : kBad) {
    std::string p = Around(e, s.pre, s.post, params);
    if (p.empty()) continue;
    std::string what = s.what;
    size_t at = what.find('P');
    return what.substr(0, at) + "`" + p + "`" + what.substr(at + 1);
  }
  return "";
}

namespace {

std::string PartToPass(const std::string& part, const std::vector<std::string>& params,
                       const std::string& language) {
  if (std::string one = ArgumentToPass(part, true, params, language); !one.empty()) return one;
  if (std::find(params.begin(), params.end(), part) != params.end()) {
    std::string no = language == "python" ? "False" : language == "c" ? "0" : "false";
    return "`" + part + "` " + no;
  }
  for (std::string_view set :
       {" != null", " !== null", " != nil", " is not None", " != NULL", " !== undefined"}) {
    if (std::string p = Around(part, "", set, params); !p.empty()) {
      return "no `" + p + "` (leave it out)";
    }
  }
  return "";
}

}  // namespace

}  // namespace errdex
