// Null argument (see null_argument.h). Only the checker's first argument
// counts, and only a plain name: `requireNonNull(a.b())` checks a result,
// not an argument.
#include "analyze/null_argument.h"

#include <cctype>
#include <optional>

#include "util/text.h"

namespace errdex {
namespace {

bool NameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The plain name at the start of `s`, or "".
std::string LeadingName(std::string_view s) {
  s = Trim(s);
  size_t end = 0;
  while (end < s.size() && NameChar(s[end])) ++end;
  std::string_view rest = Trim(s.substr(end));
  if (end == 0 || std::isdigit(static_cast<unsigned char>(s[0])) ||
      !(rest.empty() || rest[0] == ',' || rest[0] == ')')) {
    return {};
  }
  return std::string(s.substr(0, end));
}

// Where a line calls a null checker: the checker's position and length in
// the line (its `(` included) and the checked name ("" when the argument is
// no plain name).
struct NullCheck {
  size_t at = 0;
  size_t size = 0;
  std::string name;
};

std::optional<NullCheck> FindNullCheck(std::string_view line) {
  // .NET's helpers: Newtonsoft's `ValidationUtils.ArgumentNotNull(x,
  // nameof(x))`, `CheckNotNull(x, ..)`, `ArgumentNullException.ThrowIfNull(x)`.
  // Spring's and jjwt's `Assert.notNull(x, "..")`, commons-lang's
  // `Validate.notNull(x, "..")`: a class's `notNull`, never a bare one (a
  // predicate of the program's own).
  for (std::string_view f :
       {"requireNonNull(", "checkNotNull(", "requireNotNull(", "ArgumentNotNull(", "CheckNotNull(",
        "ThrowIfNull(", "Assert.notNull(", "Validate.notNull("}) {
    size_t at = line.find(f);
    if (at == std::string_view::npos || (at > 0 && NameChar(line[at - 1]))) continue;
    return NullCheck{at, f.size(), LeadingName(line.substr(at + f.size()))};
  }
  // `_assertNotNull("name", name)`: the name is given twice; the second is
  // the value.
  constexpr std::string_view kAssert = "_assertNotNull(";
  size_t at = line.find(kAssert);
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view args = line.substr(at + kAssert.size());
  size_t comma = args.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  return NullCheck{at, kAssert.size(), LeadingName(args.substr(comma + 1))};
}

}  // namespace

std::string NullCheckedName(std::string_view line) {
  std::optional<NullCheck> c = FindNullCheck(line);
  return c ? c->name : std::string();
}

std::string NullCheckCall(std::string_view line) {
  std::optional<NullCheck> c = FindNullCheck(line);
  if (!c || c->name.empty()) return {};
  // Back over the qualifier: `Objects.`, `Assert.`, `ArgumentNullException.`.
  size_t begin = c->at;
  while (begin > 0 && (NameChar(line[begin - 1]) || line[begin - 1] == '.')) --begin;
  return std::string(line.substr(begin, c->at + c->size - 1 - begin));
}

}  // namespace errdex
