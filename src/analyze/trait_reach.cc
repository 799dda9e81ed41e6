// Reads the `impl` header above a Rust method and whether users can reach
// the trait it implements (trait_reach.h).
#include "analyze/trait_reach.h"

#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

// Traits of `std`/`core` whose methods run on the user's values through
// operators, conversions and formatting.
bool StandardTrait(std::string_view t) {
  for (std::string_view x :
       {"Index",     "IndexMut",     "Deref",     "DerefMut",   "From",     "TryFrom",
        "FromStr",   "Into",         "TryInto",   "Display",    "Debug",    "Add",
        "Sub",       "Mul",          "Div",       "Rem",        "Neg",      "Not",
        "AddAssign", "SubAssign",    "MulAssign", "DivAssign",  "Iterator", "IntoIterator",
        "Extend",    "FromIterator", "PartialEq", "PartialOrd", "Ord",      "Hash",
        "Serialize", "Deserialize",  "Read",      "Write",      "BufRead",  "Seek",
        "AsRef",     "AsMut",        "Borrow"}) {
    if (t == x) return true;
  }
  return false;
}

// "Index" of `impl<'a> ops::Index<usize> for Value {`; "" when the line is
// no trait impl.
std::string TraitName(std::string_view header) {
  if (!header.starts_with("impl")) return {};
  size_t pos = 4;
  if (pos < header.size() && header[pos] == '<') {
    int depth = 0;
    for (; pos < header.size(); ++pos) {
      if (header[pos] == '<') ++depth;
      if (header[pos] == '>' && --depth == 0) break;
    }
    ++pos;
  }
  size_t for_at = header.find(" for ", pos);
  if (for_at == std::string_view::npos) return {};
  std::string_view path = Trim(header.substr(pos, for_at - pos));
  if (size_t generic = path.find('<'); generic != std::string_view::npos) {
    path = path.substr(0, generic);
  }
  if (size_t scope = path.rfind("::"); scope != std::string_view::npos) {
    path = path.substr(scope + 2);
  }
  if (path.empty() || !std::isupper(static_cast<unsigned char>(path[0]))) return {};
  return std::string(path);
}

bool DeclaredPublicTrait(const std::vector<std::string_view>& lines, const std::string& name) {
  for (std::string_view l : lines) {
    std::string_view t = Trim(l);
    if (!t.starts_with("pub trait " + name)) continue;
    char after = t.size() > 10 + name.size() ? t[10 + name.size()] : ' ';
    if (!std::isalnum(static_cast<unsigned char>(after)) && after != '_') return true;
  }
  return false;
}

}  // namespace

TraitImpl PublicTraitImpl(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  if (s.language != "rust" || s.function_line < 2 ||
      s.function_line > static_cast<int>(lines.size())) {
    return {};
  }
  int own = IndentWidth(lines[s.function_line - 1]);
  if (own == 0) return {};  // a free function is in no impl block
  for (int n = s.function_line - 1; n >= 1; --n) {
    std::string_view l = lines[n - 1];
    if (Trim(l).empty() || IndentWidth(l) >= own) continue;
    std::string trait = TraitName(Trim(l));
    if (trait.empty()) return {};  // an inherent impl, a module, a trait declaration
    if (StandardTrait(trait) || DeclaredPublicTrait(lines, trait)) return {trait, n};
    return {};
  }
  return {};
}

std::string TraitReachText(const TraitImpl& t, const std::vector<std::string_view>& lines) {
  if (t.trait.empty() || t.line < 1 || t.line > static_cast<int>(lines.size())) return {};
  std::string_view header = Trim(lines[t.line - 1]);
  if (header.ends_with("{")) header = Trim(header.substr(0, header.size() - 1));
  return " Users reach it through the trait `" + t.trait + "` (`" + std::string(header) +
         "`, line " + std::to_string(t.line) + "), with their own value.";
}

std::string TraitArmSolution(const ErrorSite& s, const TraitImpl& t, const std::string& selector,
                             int match_line, const std::vector<std::string_view>& lines) {
  if (t.trait.empty() || selector.empty() || match_line < 1 || s.line <= match_line ||
      s.line > static_cast<int>(lines.size())) {
    return {};
  }
  int arm_indent = IndentWidth(lines[s.line - 1]);
  std::vector<std::string> patterns;
  int first = 0, last = 0;
  for (int n = match_line + 1; n < s.line; ++n) {
    std::string_view l = lines[n - 1];
    if (IndentWidth(l) != arm_indent) continue;
    std::string_view t2 = Trim(l);
    size_t arrow = t2.find(" =>");
    if (arrow == std::string_view::npos) continue;
    std::string_view pattern = Trim(t2.substr(0, arrow));
    if (pattern == "_" || pattern.empty()) return {};  // the fallback is above the raise
    patterns.push_back("`" + std::string(pattern) + "`");
    if (first == 0) first = n;
    last = n;
  }
  if (patterns.empty()) return {};
  std::string which = patterns.size() == 1 ? patterns[0] : Join(patterns, " or ");
  return "Use `" + t.trait + "` only with a `" + selector + "` that matches " + which + " (line" +
         (last > first ? "s " : " ") + std::to_string(first) +
         (last > first ? "–" + std::to_string(last) : "") + "): any other `" + selector +
         "` reaches the panic at line " + std::to_string(s.line);
}

}  // namespace errdex
