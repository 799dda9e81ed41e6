// Predicate check (see predicate_check.h). Only methods of the same object
// count: a bare `is_x()` in Python, JavaScript, Go or Rust is a free function
// whose arguments errdex does not see, so it is left alone.
#include "analyze/predicate_check.h"

#include <regex>

namespace errdex {
namespace {

// Languages where a bare call inside a method calls the object's method.
bool ImplicitReceiver(const std::string& language) {
  return language == "cpp" || language == "java" || language == "kotlin" || language == "csharp" ||
         language == "ruby";
}

bool DeclaredHidden(const std::string& name, const std::vector<std::string_view>& lines) {
  std::string open = name + "(";
  for (std::string_view l : lines) {
    if (l.find(open) == std::string_view::npos) continue;
    if (l.find("private") != std::string_view::npos ||
        l.find("protected") != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::optional<PredicateCheck> PredicateGuard(const PathCondition& c, const std::string& language,
                                             const std::vector<std::string_view>& lines) {
  static const std::regex kQuery(
      R"(^\s*(!|not\s+)?\s*(?:(self|this|\$this|@)(?:\.|->|::)?)?((?:is|has|can|Is|Has|Can)(?:_[a-z]\w*|[A-Z]\w*))\(\s*\)\s*$)");
  std::smatch m;
  if (!std::regex_match(c.expr, m, kQuery)) return std::nullopt;
  bool bare = !m[2].matched;
  if (bare && !ImplicitReceiver(language)) return std::nullopt;
  std::string name = m[3].str();
  if (DeclaredHidden(name, lines)) return std::nullopt;
  // The expression's value on the path is `polarity`; a negation flips it.
  bool negated = m[1].matched;
  return PredicateCheck{name + "()", negated ? !c.polarity : c.polarity};
}

namespace {

// `is_valid_name`, `hasKey`, `valid_ref`, `path_exists`, `isValid`.
bool QuestionName(const std::string& name) {
  static const std::regex kQuestion(
      R"(^(?:(?:\w+_)?(?:is|has)_\w+|(?:is|has)[A-Z]\w*|\w*[a-z](?:Is|Has)[A-Z]\w*|valid(?:_\w+|[A-Z]\w*)?|\w+_(?:exists|valid)|\w+(?:Exists|Valid))$)");
  return std::regex_match(name, kQuestion);
}

// Whether `lines` define `name` publicly for `language`.
bool DefinedPublic(const std::string& name, const std::string& language,
                   const std::vector<std::string_view>& lines) {
  if (name.starts_with("_")) return false;
  std::regex def;
  if (language == "python") {
    def = std::regex("^def\\s+" + name + "\\s*\\(");
  } else if (language == "javascript" || language == "typescript") {
    def = std::regex("^export\\s+(?:default\\s+)?(?:async\\s+)?(?:function\\*?|const|let)\\s+" +
                     name + "\\b");
  } else if (language == "go") {
    if (!std::isupper(static_cast<unsigned char>(name[0]))) return false;
    def = std::regex("^func\\s+" + name + "\\s*\\(");
  } else if (language == "rust") {
    def = std::regex("^\\s*pub\\s+(?:const\\s+)?fn\\s+" + name + "\\b");
  } else if (language == "java" || language == "kotlin" || language == "csharp") {
    def = std::regex("^\\s*public\\s+(?:static\\s+)?(?:final\\s+)?[\\w<>\\[\\]]*\\s*(?:fun\\s+)?" +
                     name + "\\s*\\(");
  } else if (language == "php") {
    def = std::regex("^\\s*(?:public\\s+)?(?:static\\s+)?function\\s+" + name + "\\s*\\(");
  } else {
    return false;
  }
  for (std::string_view l : lines) {
    if (l.find(name) == std::string_view::npos) continue;
    if (std::regex_search(l.begin(), l.end(), def)) return true;
  }
  return false;
}

}  // namespace

std::optional<ExportedPredicate> ExportedPredicateGuard(
    const PathCondition& c, const std::string& language, const std::vector<std::string_view>& lines,
    bool (*public_decl)(const void* ctx, const std::string& name), const void* ctx) {
  static const std::regex kCall(
      R"(^\s*(!|not\s+)?\s*(?:[A-Z]\w*(?:\.|::))?([A-Za-z_]\w*)\s*\((.+)\)\s*$)");
  std::smatch m;
  if (!std::regex_match(c.expr, m, kCall)) return std::nullopt;
  std::string name = m[2].str();
  if (!QuestionName(name)) return std::nullopt;
  // One call: its `(` closes at the end (`f(a) && g(b)` is two).
  std::string args = m[3].str();
  int depth = 0;
  for (char ch : args) {
    if (ch == '(') ++depth;
    if (ch == ')' && --depth < 0) return std::nullopt;
  }
  if (depth != 0) return std::nullopt;
  bool exported = (language == "c" || language == "cpp")
                      ? public_decl != nullptr && public_decl(ctx, name)
                      : DefinedPublic(name, language, lines);
  if (!exported) return std::nullopt;
  size_t lead = c.expr.find_first_not_of(" \t!");
  if (m[1].matched && language == "python") lead = c.expr.find("not") + 3;
  std::string written(c.expr.substr(lead));
  written.erase(0, written.find_first_not_of(" \t"));
  bool negated = m[1].matched;
  return ExportedPredicate{written, name, negated ? !c.polarity : c.polarity};
}

}  // namespace errdex
