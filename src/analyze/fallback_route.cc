// Fallback route (see fallback_route.h). Calls are read as text, like the
// rest of analyze/: a call errdex cannot read argument by argument leaves
// the chain unknown, which only means saying less.
#include "analyze/fallback_route.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "analyze/case_values.h"
#include "analyze/guard_text.h"
#include "analyze/site_shape.h"
#include "util/text.h"

namespace errdex {
namespace {

constexpr int kCallSpan = 6;  // lines a call's arguments may span
constexpr size_t kNamed = 4;  // callers named before "and N more"

std::string Code(std::string_view s) { return "`" + std::string(s) + "`"; }

std::string Bare(std::string_view name) {
  name = Trim(name);
  if (name.starts_with("$")) name.remove_prefix(1);
  return std::string(name);
}

bool Quoted(std::string_view v) {
  return v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front() &&
         v.substr(1, v.size() - 2).find(v.front()) == std::string_view::npos;
}

bool Literal(std::string_view v) {
  if (Quoted(v)) return true;
  if (v.starts_with("-")) v.remove_prefix(1);
  return !v.empty() && std::all_of(v.begin(), v.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || c == '.';
  });
}

// Two literals name the same value: quotes of either kind around the same text.
bool SameLiteral(std::string_view a, std::string_view b) {
  if (Quoted(a) && Quoted(b)) return a.substr(1, a.size() - 2) == b.substr(1, b.size() - 2);
  return a == b;
}

// The arguments of the first call to `name` in `text` (split at top-level
// commas), or false when there is none or it does not close.
bool CallArguments(std::string_view text, std::string_view name, std::vector<std::string>* args) {
  for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
    bool start = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) ||
                              text[at - 1] == '_' || text[at - 1] == '$');
    size_t open = at + name.size();
    while (open < text.size() && text[open] == ' ') ++open;
    if (!start || open >= text.size() || text[open] != '(') continue;
    args->assign(1, "");
    int depth = 0;
    char quote = 0;
    for (size_t i = open + 1; i < text.size(); ++i) {
      char c = text[i];
      if (quote) {
        if (c == '\\' && i + 1 < text.size()) args->back() += text[i++];
        if (c == quote) quote = 0;
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '(' || c == '[' || c == '{') {
        ++depth;
      } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
        --depth;
      } else if (c == ')') {
        for (std::string& a : *args) a = std::string(Trim(a));
        if (args->size() == 1 && args->front().empty()) args->clear();
        return true;
      } else if (c == ',' && depth == 0) {
        args->emplace_back();
        continue;
      }
      args->back() += c;
    }
    return false;
  }
  return false;
}

// `Cls::name`, `Cls.name`, `pkg.Cls.name` -> `name`.
std::string Short(const std::string& qualified) {
  size_t sep = qualified.find_last_of(".:");
  return sep == std::string::npos ? qualified : qualified.substr(sep + 1);
}

std::string Joined(const std::vector<std::string_view>& lines, int from) {
  std::string out;
  for (int n = from; n < from + kCallSpan && n <= static_cast<int>(lines.size()); ++n) {
    out += std::string(lines[n - 1]) + " ";
  }
  return out;
}

// The position of `name` among the parameters of the function whose
// header starts at `def_line`, or -1 (also for C#'s `this T x` receiver,
// which the call does not pass in parentheses).
int ParameterIndex(const std::vector<std::string_view>& lines, int def_line,
                   const std::string& language, const std::string& name) {
  if (def_line < 1) return -1;
  std::string header = HeaderText(lines, def_line);
  if (header.find("(this ") != std::string::npos) return -1;
  std::vector<std::string> params = ParameterNames(header, language);
  for (size_t i = 0; i < params.size(); ++i) {
    if (Bare(params[i]) == Bare(name)) return static_cast<int>(i);
  }
  return -1;
}

struct Fallback {
  std::string selector;
  std::vector<std::string> handled;
  int raise_line = 0;
};

}  // namespace

SelectorRoute TraceSelector(const ErrorSite& s, const CallChain& chain,
                            const std::vector<std::string_view>& lines, const std::string& selector,
                            const std::vector<std::string>& handled) {
  SelectorRoute out;
  if (chain.hops.size() < 2) return out;
  int index = ParameterIndex(lines, s.function_line, s.language, selector);
  for (size_t k = chain.hops.size() - 1; index >= 0 && k-- > 0;) {
    const Hop& hop = chain.hops[k];
    if (hop.file != s.file_path || hop.call_line < 1) return out;
    std::vector<std::string> args;
    if (!CallArguments(Joined(lines, hop.call_line), Short(chain.hops[k + 1].function), &args) ||
        index >= static_cast<int>(args.size())) {
      return out;
    }
    const std::string& arg = args[index];
    if (Literal(arg)) {
      bool is_handled = std::any_of(handled.begin(), handled.end(),
                                    [&](const std::string& h) { return SameLiteral(h, arg); });
      return {is_handled ? SelectorRoute::kHandled : SelectorRoute::kUnhandled, arg, hop.call_line};
    }
    index = ParameterIndex(lines, hop.def_line, s.language, arg);
  }
  return out;
}

std::string FilterFallbackChains(const ErrorSite& s, const std::vector<std::string_view>& lines,
                                 std::vector<CallChain>* chains) {
  if (chains->empty() || s.function.empty()) return {};
  std::optional<ShapeState> shape = RaiseShape(s, lines);
  if (!shape || shape->selector.empty()) return {};
  CaseValues cases = ArmValues(lines, shape->line, s.line);
  if (cases.values.empty()) return {};
  std::vector<std::string> handled, unhandled;
  std::erase_if(*chains, [&](const CallChain& c) {
    SelectorRoute r = TraceSelector(s, c, lines, shape->selector, cases.values);
    if (r.kind == SelectorRoute::kUnknown) return false;
    std::string said = Code(c.hops.front().function) + " passes " + Code(r.value) + " (line " +
                       std::to_string(r.line) + ")";
    std::vector<std::string>& into = r.kind == SelectorRoute::kHandled ? handled : unhandled;
    if (std::find(into.begin(), into.end(), said) == into.end()) into.push_back(said);
    return r.kind == SelectorRoute::kHandled;
  });
  auto list = [](const std::vector<std::string>& v) {
    std::vector<std::string> shown(v.begin(), v.begin() + std::min(v.size(), kNamed));
    std::string out = Join(shown, ", ");
    if (v.size() > kNamed) out += " and " + std::to_string(v.size() - kNamed) + " more";
    return out;
  };
  std::string out;
  if (!handled.empty()) {
    out = (chains->empty() ? "Every call errdex found that leads here passes a value the cases "
                             "handle, so none of them reaches line "
                           : "Some calls that lead here pass a value the cases handle, so they "
                             "do not reach line ") +
          std::to_string(s.line) + ": " + list(handled) + ".";
  }
  if (!unhandled.empty()) {
    out += std::string(out.empty() ? "" : " ") + list(unhandled) +
           (unhandled.size() == 1 ? ", a value none of the cases handles."
                                  : ", values none of the cases handles.");
  }
  return out;
}

}  // namespace errdex
