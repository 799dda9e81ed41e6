// Resolve (see resolve.h).
#include "resolve/resolve.h"

#include <algorithm>
#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

bool IdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool IsIdentifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s) {
    if (!IdentChar(c)) return false;
  }
  return true;
}

// Top-level comma-separated arguments of the call whose '(' is at `open`.
std::vector<std::string> CallArguments(std::string_view expr, size_t open) {
  std::vector<std::string> out;
  int depth = 0;
  size_t start = open + 1;
  for (size_t i = open; i < expr.size(); ++i) {
    char c = expr[i];
    if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0) {
        std::string last(Trim(expr.substr(start, i - start)));
        if (!last.empty()) out.push_back(last);
        return out;
      }
    } else if (c == ',' && depth == 1) {
      out.emplace_back(Trim(expr.substr(start, i - start)));
      start = i + 1;
    }
  }
  return out;
}

// Flags a message names (`--weight-cache-mode`), in order.
std::vector<std::string> MessageFlags(const std::string& m) {
  std::vector<std::string> out;
  for (size_t i = 0; i + 3 < m.size(); ++i) {
    if (m[i] != '-' || m[i + 1] != '-' || (i > 0 && (IdentChar(m[i - 1]) || m[i - 1] == '-'))) {
      continue;
    }
    size_t j = i + 2;
    while (j < m.size() && (IdentChar(m[j]) || m[j] == '-')) ++j;
    std::string flag = m.substr(i, j - i);
    while (flag.back() == '-') flag.pop_back();
    if (flag.size() > 3 && std::find(out.begin(), out.end(), flag) == out.end()) {
      out.push_back(flag);
    }
    i = j;
  }
  return out;
}

}  // namespace

PathCondition SimplifyCondition(PathCondition c) {
  while (c.expr.rfind("not ", 0) == 0) {
    std::string rest = c.expr.substr(4);
    if (rest.find(" and ") != std::string::npos || rest.find(" or ") != std::string::npos ||
        rest.find(" if ") != std::string::npos) {
      break;
    }
    c.expr = rest;
    c.polarity = !c.polarity;
  }
  return c;
}

RepoFacts::RepoFacts(const std::vector<FileFacts>& files) {
  for (const FileFacts& f : files) {
    if (f.path.empty()) continue;
    files_.emplace(f.path, &f);
    options_.Add(f);
    if (f.call_family.empty()) {
      calls_.Add(f);
    } else {
      index_.Add(f);
    }
    // Python's methods too (python_facts.cc gives their class): the
    // subclasses that override a base method that always raises.
    for (const FunctionFact& fn : f.functions) {
      if (!fn.cls.empty()) methods_[fn.short_name].push_back({&fn, &f.path});
    }
  }
}

namespace {

// Whether `header` (`class PostgresGrammar extends Grammar`, `class B : A,
// I`, `class B < A`) names `base` as a whole word after the class's own
// name `cls`.
bool NamesBase(const std::string& header, const std::string& cls, const std::string& base) {
  size_t own = header.find(cls);
  if (own == std::string::npos) return false;
  for (size_t at = header.find(base, own + cls.size()); at != std::string::npos;
       at = header.find(base, at + 1)) {
    auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    bool left = at == 0 || !word(header[at - 1]);
    size_t end = at + base.size();
    bool right = end >= header.size() || !word(header[end]);
    if (left && right) return true;
  }
  return false;
}

// Chains whose last call passes arguments that make a check on the raise's
// path false (the link stage's calls_passing_guard) never reach it: git's
// `fmt_ident(.., 0)` calls do not lead to its strict-mode die.
void DropGuardedChains(const ErrorSite& site, SiteFacts* out) {
  if (site.calls_passing_guard.empty()) return;
  const std::vector<std::string>& guarded = site.calls_passing_guard;
  std::erase_if(out->chains, [&](const CallChain& c) {
    if (c.hops.size() < 2) return false;
    const Hop& last_call = c.hops[c.hops.size() - 2];
    std::string where = last_call.file + ":" + std::to_string(last_call.call_line);
    if (std::find(guarded.begin(), guarded.end(), where) == guarded.end()) return false;
    if (std::find(out->guarded_calls.begin(), out->guarded_calls.end(), where) ==
        out->guarded_calls.end()) {
      out->guarded_calls.push_back(where);
    }
    return true;
  });
}

}  // namespace

std::vector<Hop> RepoFacts::Overrides(const ErrorSite& site) const {
  auto file = files_.find(site.file_path);
  if (file == files_.end() || site.function_line <= 0) return {};
  const FunctionFact* raising = nullptr;
  for (const FunctionFact& fn : file->second->functions) {
    if (fn.line == site.function_line && !fn.cls.empty()) raising = &fn;
  }
  if (raising == nullptr) return {};
  auto same = methods_.find(raising->short_name);
  if (same == methods_.end()) return {};
  std::vector<Hop> out;
  for (const auto& [fn, path] : same->second) {
    if (fn->cls == raising->cls || !NamesBase(fn->class_header, fn->cls, raising->cls)) continue;
    Hop h;
    h.function = fn->name;
    h.file = *path;
    h.def_line = fn->line;
    h.header = fn->header;
    h.cls = fn->cls;
    out.push_back(std::move(h));
    if (out.size() == kMaxOverrides) break;
  }
  return out;
}

namespace {

// The file a Python module path names, relative to `from` (the importing
// file) for a leading dot: ".limits" in "pkg/conv.py" is "pkg/limits.py";
// "pkg.limits" is any path ending in "pkg/limits.py". Also the package's
// "__init__.py". Whether `path` is it.
bool ModuleFile(const std::string& module, const std::string& from, const std::string& path) {
  size_t dots = 0;
  while (dots < module.size() && module[dots] == '.') ++dots;
  std::string rel = module.substr(dots);
  if (rel.empty()) return false;
  std::replace(rel.begin(), rel.end(), '.', '/');
  if (dots > 0) {
    std::string dir = from.substr(0, from.rfind('/') + 1);
    for (size_t up = 1; up < dots; ++up) {
      if (dir.empty()) return false;
      dir.pop_back();
      dir = dir.substr(0, dir.rfind('/') + 1);
    }
    return path == dir + rel + ".py" || path == dir + rel + "/__init__.py";
  }
  for (const std::string& want : {rel + ".py", rel + "/__init__.py"}) {
    if (path == want || path.ends_with("/" + want)) return true;
  }
  return false;
}

}  // namespace

const ConstantFact* RepoFacts::Constant(const std::string& file, const std::string& name,
                                        std::string* defined_in) const {
  auto it = files_.find(file);
  if (it == files_.end()) return nullptr;
  for (const ConstantFact& c : it->second->constants) {
    if (c.name == name) {
      *defined_in = file;
      return &c;
    }
  }
  // Imported (`from .limits import SUPPORTED`): the constant of the module
  // the import names, when the repository has that module, one file only.
  for (const auto& [local, source] : it->second->imports) {
    if (local != name) continue;
    size_t dot = source.rfind('.');
    if (dot == std::string::npos) return nullptr;
    std::string module = source.substr(0, dot), original = source.substr(dot + 1);
    const ConstantFact* found = nullptr;
    for (const auto& [path, facts] : files_) {
      if (!ModuleFile(module, file, path)) continue;
      for (const ConstantFact& c : facts->constants) {
        if (c.name != original) continue;
        if (found) return nullptr;
        found = &c;
        *defined_in = path;
      }
    }
    return found;
  }
  return nullptr;
}

void RepoFacts::AddAllowlists(const ErrorSite& site, const PathCondition& c, SiteFacts* out) const {
  auto add = [&](const std::string& operand, const std::string& constant, int check_line) {
    std::string defined_in;
    const ConstantFact* k = Constant(site.file_path, constant, &defined_in);
    if (!k) return;
    out->allowlists.push_back(
        {operand, constant, k->values, defined_in, k->line, check_line, c.line});
  };
  // `x not in CONST` in the condition itself.
  for (std::string_view op : {" not in ", " in "}) {
    size_t at = c.expr.find(op);
    if (at == std::string::npos) continue;
    std::string constant(Trim(std::string_view(c.expr).substr(at + op.size())));
    if (IsIdentifier(constant)) add(std::string(Trim(c.expr.substr(0, at))), constant, c.line);
    break;
  }
  // `helper(x, ...)` where helper, in the same file, tests a parameter
  // against a constant.
  auto file = files_.find(site.file_path);
  if (file == files_.end()) return;
  for (size_t open = c.expr.find('('); open != std::string::npos;
       open = c.expr.find('(', open + 1)) {
    size_t b = open;
    while (b > 0 && (IdentChar(c.expr[b - 1]) || c.expr[b - 1] == '.')) --b;
    std::string name = ShortName(c.expr.substr(b, open - b));
    if (!IsIdentifier(name)) continue;
    std::vector<std::string> args = CallArguments(c.expr, open);
    for (const FunctionFact& f : file->second->functions) {
      if (f.short_name != name) continue;
      size_t shift = !f.params.empty() && (f.params[0] == "self" || f.params[0] == "cls");
      for (const MembershipFact& m : file->second->memberships) {
        if (m.function != f.name) continue;
        auto p = std::find(f.params.begin(), f.params.end(), m.operand);
        if (p == f.params.end()) continue;
        size_t index = static_cast<size_t>(p - f.params.begin());
        if (index < shift || index - shift >= args.size()) continue;
        add(args[index - shift], m.constant, m.line);
      }
      break;
    }
  }
}

SiteFacts RepoFacts::Resolve(const ErrorSite& site) const {
  SiteFacts out;
  for (const PathCondition& raw : site.conditions) {
    if (raw.expr.rfind("except", 0) == 0) continue;
    PathCondition c = SimplifyCondition(raw);
    out.conditions.push_back(c);
    if (std::optional<OptionCondition> o = ReadCondition(options_, c)) out.options.push_back(*o);
    AddAllowlists(site, c, &out);
  }
  for (const std::string& flag : MessageFlags(site.message.Display())) {
    if (const OptionDef* o = options_.ForName(flag)) out.message_options.push_back(o);
  }
  if (site.language == "rust" &&
      (ShortName(site.function) == "fmt" || ShortName(site.function) == "description")) {
    size_t sep = site.error_class.rfind("::");
    if (sep != std::string::npos) {
      std::string type = site.error_class.substr(0, sep);
      if (size_t outer = type.rfind("::"); outer != std::string::npos)
        type = type.substr(outer + 2);
      std::string variant = site.error_class.substr(sep + 2);
      out.constructions = index_.Constructions("rust", type, variant);
      // `match self.kind { InvalidFormat => .. }`: ripgrep's ParseSizeError
      // keeps its variants in a `ParseSizeErrorKind`.
      if (out.constructions.empty())
        out.constructions = index_.Constructions("rust", type + "Kind", variant);
    }
  }
  // Only a raise nothing guards (not even a handler) is what the method
  // always does.
  if (site.conditions.empty()) out.overrides = Overrides(site);
  if (site.language != "python") {
    out.chains = index_.ChainsTo(site.file_path, site.function_line, site.line);
    DropGuardedChains(site, &out);
  } else if (!site.function.empty()) {
    out.chains = calls_.ChainsTo(site.function, site.file_path);
    std::string short_name = ShortName(site.function);
    out.untied_calls = out.chains.empty() && calls_.CallsNamed(short_name) > 0 &&
                       calls_.Definitions(short_name) > 1;
    DropGuardedChains(site, &out);
    for (const CallChain& chain : out.chains) {
      for (const Hop& h : chain.hops) {
        if (h.function.empty()) continue;
        std::string s = ShortName(h.function);
        if (int n = calls_.Definitions(s); n > 1) out.ambiguous[s] = n;
      }
    }
  }
  return out;
}

}  // namespace errdex
