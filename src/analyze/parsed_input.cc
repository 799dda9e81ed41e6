// Parsed input (see parsed_input.h). The call's name gives the form; its
// first argument, or what that local was assigned within the function,
// gives the input: the accessor calls read below are the common ways code
// reads a URL query, the environment, a header or a configuration key.
#include "analyze/parsed_input.h"

#include <algorithm>
#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

bool IsIdent(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The first top-level argument of `call`, or "".
std::string_view FirstArgument(std::string_view call) {
  size_t open = call.find('(');
  if (open == std::string_view::npos) return {};
  int depth = 0;
  char quote = 0;
  for (size_t i = open + 1; i < call.size(); ++i) {
    char c = call[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
      continue;
    }
    if (c == '"' || c == '\'' || c == '`')
      quote = c;
    else if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if ((c == ')' || c == ']' || c == '}') && depth > 0)
      --depth;
    else if ((c == ',' || c == ')') && depth == 0)
      return Trim(call.substr(open + 1, i - open - 1));
  }
  return {};
}

// The first quoted string after `at` in `s`, or "".
std::string QuotedAfter(std::string_view s, size_t at) {
  for (size_t i = at; i < s.size(); ++i) {
    char q = s[i];
    if (q != '"' && q != '\'' && q != '`') continue;
    size_t end = s.find(q, i + 1);
    if (end == std::string_view::npos) return {};
    return std::string(s.substr(i + 1, end - i - 1));
  }
  return {};
}

// `process.env.NAME` -> NAME.
std::string MemberAfter(std::string_view s, std::string_view lead) {
  size_t at = s.find(lead);
  if (at == std::string_view::npos) return {};
  size_t i = at + lead.size(), j = i;
  while (j < s.size() && IsIdent(s[j])) ++j;
  return std::string(s.substr(i, j - i));
}

}  // namespace

std::string ParsedForm(std::string_view call) {
  std::string name = ToLower(std::string(call.substr(0, call.find('('))));
  if (name.empty()) return {};
  auto has = [&](std::initializer_list<const char*> words) {
    for (const char* w : words) {
      if (name.find(w) != std::string::npos) return true;
    }
    return false;
  };
  if (has({"parsebool", "parseboolean", "to_bool", "tobool", "strtobool"}) || name == "bool") {
    return "a boolean (`true`, `false`, `1` or `0`)";
  }
  if (has({"parseduration"})) return "a duration such as `30s`, `5m` or `1h30m`";
  if (has({"atoi", "parseint", "parseuint", "parselong", "tointeger", "strtol", "strtoul",
           "parse_int", "valueof_int"}) ||
      name == "int" || name == "number.parseint" || name == "integer.valueof" ||
      name == "long.valueof") {
    return "an integer";
  }
  if (has({"parsefloat", "parsedouble", "strtod", "atof"}) || name == "float" || name == "number" ||
      name == "double.valueof") {
    return "a number";
  }
  if (has({"json.parse", "json.loads", "json.unmarshal", "readtree", "jsondecode",
           "json_decode"})) {
    return "valid JSON";
  }
  if (name == "url.parse" || name == "new url" || name == "urlparse" || name == "uri.create" ||
      name == "url.parserequesturi") {
    return "a URL";
  }
  return {};
}

std::string InputSource(std::string_view e) {
  std::string s(e);
  for (const char* q : {".Query().Get(", "searchParams.get(", ".query.get(", "query_params.get(",
                        ".getQueryParameter(", ".QueryParam(", ".Query(", "request.args.get("}) {
    if (size_t at = s.find(q); at != std::string::npos) {
      std::string k = QuotedAfter(s, at);
      if (!k.empty()) return "the `" + k + "` URL parameter";
    }
  }
  for (const char* q :
       {"os.Getenv(", "os.LookupEnv(", "os.getenv(", "os.environ.get(", "os.environ[",
        "System.getenv(", "env::var(", "getenv(", "ENV[", "ENV.fetch(", "process.env["}) {
    if (size_t at = s.find(q); at != std::string::npos) {
      std::string k = QuotedAfter(s, at);
      if (!k.empty()) return "the environment variable `" + k + "`";
    }
  }
  if (std::string k = MemberAfter(s, "process.env."); !k.empty()) {
    return "the environment variable `" + k + "`";
  }
  for (const char* q : {"Header.Get(", "headers.get(", "getHeader(", ".header(", "headers["}) {
    if (size_t at = s.find(q); at != std::string::npos) {
      std::string k = QuotedAfter(s, at);
      if (!k.empty()) return "the `" + k + "` header";
    }
  }
  for (const char* q : {"config.get(", "cfg.get(", "conf.get(", "getProperty(", "getString(",
                        "viper.Get", "settings.get(", "config["}) {
    if (size_t at = s.find(q); at != std::string::npos) {
      std::string k = QuotedAfter(s, at);
      if (!k.empty()) return "the configuration key `" + k + "`";
    }
  }
  return {};
}

std::string ParsedInputAdvice(std::string_view call, const std::vector<std::string_view>& lines,
                              int call_line, int function_line) {
  std::string form = ParsedForm(call);
  std::string_view arg = FirstArgument(call);
  if (form.empty() || arg.empty()) return {};
  std::string source = InputSource(arg);
  int read = call_line;
  bool ident = std::all_of(arg.begin(), arg.end(), [](char c) { return IsIdent(c) || c == '.'; });
  if (source.empty() && ident) {
    // What the local was assigned last above the call, within the function.
    std::string a(arg);
    for (int n = call_line; n >= 1 && n >= function_line && n > call_line - 60; --n) {
      std::string_view l = n <= static_cast<int>(lines.size()) ? lines[n - 1] : "";
      for (std::string lead : {a + " := ", a + " = ", a + ", ok := ", a + ", _ := "}) {
        size_t at = l.find(lead);
        if (at == std::string_view::npos || (at > 0 && IsIdent(l[at - 1]))) continue;
        std::string src = InputSource(l.substr(at + lead.size()));
        if (!src.empty()) {
          source = src;
          read = n;
        }
        break;
      }
      if (!source.empty()) break;
    }
  }
  std::string failed = "`" + std::string(call) + "` (line " + std::to_string(call_line) + ")";
  if (!source.empty()) {
    std::string at = read == call_line ? "" : " (read at line " + std::to_string(read) + ")";
    return "Check " + source + ": it must be " + form + ", and " + failed +
           " could not read the value it was given" + at;
  }
  return "`" + std::string(arg) + "` must be " + form + ": " + failed +
         " could not read the value it was given; check where that value comes from";
}

}  // namespace errdex
