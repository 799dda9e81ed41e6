// Limit advice (see limit_advice.h): reads the one comparison of the check
// that fails against an upper bound, then looks the bound up.
#include "analyze/limit_advice.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>

#include "analyze/user_control.h"
#include "util/text.h"

namespace errdex {
namespace {

bool Word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

struct Comparison {
  std::string_view left, right;
  bool greater = false;  // `>` or `>=`
  bool equal = false;    // `>=` or `<=`
};

std::optional<Comparison> CompareOf(std::string_view e) {
  int depth = 0;
  for (size_t i = 0; i < e.size(); ++i) {
    char c = e[i];
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (depth != 0 || (c != '<' && c != '>')) continue;
    char prev = i ? e[i - 1] : ' ', next = i + 1 < e.size() ? e[i + 1] : ' ';
    if (prev == '-' || prev == '=' || prev == c || next == c) continue;  // ->, =>, <<, >>
    size_t len = next == '=' ? 2 : 1;
    Comparison cmp{Trim(e.substr(0, i)), Trim(e.substr(i + len)), c == '>', len == 2};
    if (cmp.left.empty() || cmp.right.empty()) return std::nullopt;
    return cmp;
  }
  return std::nullopt;
}

bool Number(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == 'L' ||
           c == 'l' || c == 'u' || c == 'U';
  }) && std::isdigit(static_cast<unsigned char>(s[0]));
}

// `self.max_x`, `data->set.maxredirs`, `@limit`, `Foo::MAX`, `sizeLimit.toLong()`:
// the bound without casts and conversions; "" when it is not a plain chain.
std::string_view Chain(std::string_view s) {
  while (s.size() > 2 && s.front() == '(' && s.back() == ')') s = Trim(s.substr(1, s.size() - 2));
  for (std::string_view suffix :
       {".toLong()", ".toInt()", ".to_i", ".toDouble()", " as usize", " as u64", " as i64"}) {
    if (s.ends_with(suffix)) s.remove_suffix(suffix.size());
  }
  if (s.starts_with("(") && s.find(')') != std::string_view::npos) {
    s = Trim(s.substr(s.find(')') + 1));  // a C cast
  }
  if (s.empty()) return "";
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (Word(c) || c == '.' || c == '@' || c == '$') continue;
    if ((c == '-' && i + 1 < s.size() && s[i + 1] == '>') || (c == '>' && i && s[i - 1] == '-')) {
      continue;
    }
    if (c == ':' && ((i + 1 < s.size() && s[i + 1] == ':') || (i && s[i - 1] == ':'))) continue;
    return "";
  }
  return s;
}

std::string LastName(std::string_view chain, std::string* receiver) {
  size_t e = chain.size(), b = e;
  while (b > 0 && Word(chain[b - 1])) --b;
  std::string_view head = chain.substr(0, b);
  while (!head.empty() && !Word(head.back())) head.remove_suffix(1);
  size_t rb = head.size();
  while (rb > 0 && Word(head[rb - 1])) --rb;
  *receiver = std::string(head.substr(rb));
  return std::string(chain.substr(b, e - b));
}

bool TypeRange(std::string_view chain) {
  static const char* const kMax[] = {"MaxValue", "MAX_VALUE",  "MAX_SAFE_INTEGER", "MaxInt",
                                     "MaxUint",  "INT_MAX",    "SIZE_MAX",         "LONG_MAX",
                                     "UINT_MAX", "PHP_INT_MAX"};
  for (const char* m : kMax) {
    if (chain.find(m) != std::string_view::npos) return true;
  }
  // C's fixed-width and other limits (`INT32_MAX`, `UINT16_MAX`, `SSIZE_MAX`,
  // `LLONG_MIN`): whatever a platform shim #defines them as, they are the
  // type's range, never a setting to change.
  static const RE2 kCLimit(
      R"((U?INT(8|16|32|64|PTR|MAX)?|U?LLONG|U?LONG|U?SHRT|U?CHAR|S?SIZE|PTRDIFF|WCHAR|)"
      R"(SIG_ATOMIC)_(MAX|MIN))");
  size_t start =
      chain.find_last_of(":.>") == std::string_view::npos ? 0 : chain.find_last_of(":.>") + 1;
  if (RE2::FullMatch(chain.substr(start), kCLimit)) return true;
  return chain.ends_with("::MAX") || chain.ends_with(".MAX");
}

bool OptionsReceiver(const std::string& r) {
  std::string l = ToLower(r);
  for (const char* o : {"config", "cfg", "conf", "options", "opts", "settings", "option",
                        "configuration", "params"}) {
    if (l == o) return true;
  }
  return false;
}

std::string At(const Setter& s) { return s.file + ":" + std::to_string(s.line); }

// A constant's value without a trailing comment.
std::string ValueText(std::string_view v) {
  for (std::string_view c : {" //", " /*", " #", "/*", "//"}) {
    size_t at = v.find(c);
    if (at != std::string_view::npos && at > 0) v = v.substr(0, at);
  }
  return std::string(Trim(v));
}

std::optional<LimitAdvice> FromConstant(const std::string& name, const Setter& c,
                                        const std::string& compared, const std::string& keep,
                                        const SetterIndex& index, const std::string& file,
                                        bool follow) {
  if (std::string env = EnvVariableOf(c.name); !env.empty()) {
    std::string d = EnvDefaultOf(c.name, env);
    return LimitAdvice{"Raise the limit `" + name + "` with the environment variable `" + env +
                           "` (read at " + At(c) + (d.empty() ? "" : "; default " + d) + "), or " +
                           ToLower(keep.substr(0, 1)) + keep.substr(1) + "`" + name + "` (" +
                           compared + ")",
                       At(c)};
  }
  // `LIMIT = DEFAULT_LIMIT`: one more step, to the constant it copies.
  if (follow && Chain(c.name) == c.name && !Number(c.name)) {
    std::string receiver;
    std::string next = LastName(c.name, &receiver);
    for (const Setter& s : index.Find(next, file)) {
      if (s.kind == Setter::kConstant) {
        return FromConstant(next, s, compared, keep, index, file, false);
      }
    }
  }
  return LimitAdvice{keep + "`" + name + "` = `" + ValueText(c.name) + "` (defined at " + At(c) +
                         "; " + compared + ")",
                     At(c)};
}

}  // namespace

bool SaysLimit(std::string_view message) {
  std::string m = ToLower(message);
  for (const char* w : {"limit", "maximum", "max ", "max.", "max(", "max=", "exceed", "too many",
                        "too large", "too big", "too long", "too deep", "too much", "more than",
                        "at most", "greater than", "larger than", "overflow", "out of range"}) {
    if (m.find(w) != std::string::npos) return true;
  }
  return false;
}

std::optional<LimitAdvice> AdviseLimit(const std::string& cond, bool raised_when, int line,
                                       const std::string& file, const SetterIndex& index) {
  std::vector<std::string_view> parts =
      raised_when ? SplitTopLevel(cond, "&&", " and ") : SplitTopLevel(cond, "||", " or ");
  if ((raised_when ? SplitTopLevel(cond, "||", " or ") : SplitTopLevel(cond, "&&", " and "))
          .size() > 1) {
    return std::nullopt;
  }
  for (std::string_view part : parts) {
    std::string_view bound, value;
    bool at_most = true;  // the value may equal the bound
    if (!raised_when && part.find(" in ") != std::string_view::npos &&
        part.find("..") != std::string_view::npos) {
      // Kotlin `x in 0..limit`, failed: the bound is the range's end.
      value = part.substr(0, part.find(" in "));
      bound = Trim(part.substr(part.find("..") + 2));
    } else if (auto cmp = CompareOf(part); cmp) {
      bool right = cmp->greater == raised_when;
      bound = right ? cmp->right : cmp->left;
      value = right ? cmp->left : cmp->right;
      // Raised on `v > b` or a failed `v <= b`: `v` may be `b`.
      at_most = raised_when != cmp->equal;
    } else {
      continue;
    }
    std::string_view chain = Chain(bound);
    if (chain.empty() || Number(Trim(value))) continue;
    std::string v(Trim(value));
    std::string keep = "Keep `" + v + "` " + (at_most ? "at most " : "below ");
    std::string compared = "checked at line " + std::to_string(line);
    if (Number(chain)) {
      if (chain == "0") continue;  // a sign or overflow test, not a limit
      return LimitAdvice{keep + "`" + std::string(chain) + "`, the bound written into the check (" +
                             compared + ")",
                         ""};
    }
    if (TypeRange(chain)) {
      return LimitAdvice{keep + "`" + std::string(chain) +
                             "`: the limit is the type's range, not a setting (" + compared + ")",
                         ""};
    }
    std::string receiver;
    std::string name = LastName(chain, &receiver);
    if (name.empty()) continue;
    std::vector<Setter> found = index.Find(name, file);
    if (!found.empty() && found.front().kind == Setter::kConstant) {
      return FromConstant(name, found.front(), compared, keep, index, file, true);
    }
    // A bare name (`file_size`, no receiver) is a local, a constant or the
    // class's own field: never the member of a settings struct a
    // configuration key row fills (`server.maxmemory`), read elsewhere.
    bool bare = receiver.empty() && chain == name;
    std::vector<std::string> ways;
    std::string source;
    for (const Setter& s : found) {
      if (s.kind == Setter::kConstant) continue;
      if (bare && s.kind == Setter::kConfigKey) continue;
      std::string text = SetterWay(s, name);
      if (std::find(ways.begin(), ways.end(), text) != ways.end()) continue;
      if (source.empty()) source = At(s);
      ways.push_back(text);
      if (ways.size() == 2) break;
    }
    if (!ways.empty()) {
      std::string text = "Raise the limit `" + name + "` with " + ways[0];
      if (ways.size() > 1) text += ", or with " + ways[1];
      return LimitAdvice{text + "; `" + v + "` is " + compared + " against it", source};
    }
    if (OptionsReceiver(receiver)) {
      return LimitAdvice{"Raise the `" + name + "` option (the check reads `" + std::string(chain) +
                             "`; `" + v + "` is " + compared + " against it)",
                         ""};
    }
  }
  return std::nullopt;
}

}  // namespace errdex
