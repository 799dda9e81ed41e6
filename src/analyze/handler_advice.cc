// Handler advice (see handler_advice.h): one line scan of the repository.
#include "analyze/handler_advice.h"

#include <algorithm>
#include <map>
#include <set>

#include "analyze/next_line_advice.h"
#include "analyze/record_builder.h"
#include "util/text.h"

namespace errdex {
namespace {

constexpr int kBodyLines = 12;  // lines of a handler read for its advice

bool IsIdent(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// `Bundler::GemNotFound`, `\Foo\Bar`, `pkg.Error` -> the last component.
std::string LastName(std::string_view name) {
  name = Trim(name);
  size_t e = name.size();
  while (e > 0 && !IsIdent(name[e - 1])) --e;
  size_t b = e;
  while (b > 0 && IsIdent(name[b - 1])) --b;
  return std::string(name.substr(b, e - b));
}

// The names of a list (`A, B::C`, `(A, B)`, `A | B`), last components,
// those that start with an upper-case letter (classes, not variables).
std::vector<std::string> ClassList(std::string_view list) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i <= list.size(); ++i) {
    if (i < list.size() && list[i] != ',' && list[i] != '|') continue;
    std::string_view part = Trim(list.substr(start, i - start));
    while (!part.empty() && (part.front() == '(' || part.front() == '[')) part.remove_prefix(1);
    // `A $e`, `A e`: the type is the first word.
    size_t sp = part.find(' ');
    if (sp != std::string_view::npos) part = part.substr(0, sp);
    std::string name = LastName(part);
    if (!name.empty() && name[0] >= 'A' && name[0] <= 'Z') out.push_back(name);
    start = i + 1;
  }
  return out;
}

// The text between `open` (just after `at`) and its matching `)`.
std::string_view Parenthesised(std::string_view t, size_t open) {
  int depth = 0;
  for (size_t i = open; i < t.size(); ++i) {
    if (t[i] == '(') ++depth;
    if (t[i] == ')' && --depth == 0) return t.substr(open + 1, i - open - 1);
  }
  return {};
}

size_t Indent(std::string_view l) {
  size_t n = 0;
  while (n < l.size() && (l[n] == ' ' || l[n] == '\t')) ++n;
  return n;
}

// Names a handler of which says nothing about one library's error.
bool CatchAll(const std::string& cls) {
  static const std::set<std::string> kNames = {"Error",
                                               "Exception",
                                               "BaseException",
                                               "StandardError",
                                               "RuntimeError",
                                               "RuntimeException",
                                               "Throwable",
                                               "ValueError",
                                               "TypeError",
                                               "KeyError",
                                               "OSError",
                                               "IOError",
                                               "IOException",
                                               "ImportError",
                                               "AttributeError",
                                               "ArgumentError",
                                               "LoadError",
                                               "NameError",
                                               "NoMethodError",
                                               "SystemExit",
                                               "Interrupt",
                                               "SignalException",
                                               "ScriptError",
                                               "NotImplementedError",
                                               "IllegalArgumentException",
                                               "IllegalStateException",
                                               "InvalidArgumentException",
                                               "LogicException",
                                               "UnexpectedValueException",
                                               "ErrorException",
                                               "ArgumentException",
                                               "InvalidOperationException",
                                               "NotSupportedException",
                                               "SyntaxError",
                                               "RangeError"};
  return kNames.contains(cls);
}

// The class a line declares (`class X`, `struct X`, `X = Class.new`), or "".
std::string DeclaredClass(std::string_view t) {
  for (std::string_view kw : {"class ", "struct ", "interface ", "enum "}) {
    for (size_t at = t.find(kw); at != std::string_view::npos; at = t.find(kw, at + 1)) {
      if (at > 0 && IsIdent(t[at - 1])) continue;
      size_t b = at + kw.size();
      size_t e = b;
      while (e < t.size() && IsIdent(t[e])) ++e;
      if (e > b) return std::string(t.substr(b, e - b));
    }
  }
  if (size_t at = t.find(" = Class.new"); at != std::string_view::npos) {
    return LastName(t.substr(0, at));
  }
  return "";
}

// Whether a literal is a whole sentence, not a template with holes.
bool Literal(const std::string& text) {
  for (const char* hole : {"#{", "${", "%s", "%d", "{}", "{0}", "%v"}) {
    if (text.find(hole) != std::string::npos) return false;
  }
  return true;
}

// The advice written in the block a handler line at `at` (0-based) opens.
void BlockAdvice(const std::vector<std::string_view>& lines, size_t at, const std::string& file,
                 std::vector<HandlerAdvice>* out) {
  std::vector<std::string> needs;
  if (!MessageConjuncts(lines[at], &needs)) return;
  size_t indent = Indent(lines[at]);
  // Only the block's own lines: a nested `if` makes the advice conditional.
  size_t body = std::string_view::npos;
  for (size_t k = at + 1; k < lines.size() && k <= at + kBodyLines; ++k) {
    std::string_view t = Trim(lines[k]);
    if (t.empty()) continue;
    if (Indent(lines[k]) <= indent) break;
    if (body == std::string_view::npos) body = Indent(lines[k]);
    if (Indent(lines[k]) != body) continue;
    std::string text = OutputLiteral(t);
    if (text.size() < 12 || !Literal(text)) continue;
    for (const std::string& a : AdviceSentences(text)) {
      out->push_back({a, file, static_cast<int>(k + 1), needs});
    }
  }
}

}  // namespace

bool MessageConjuncts(std::string_view line, std::vector<std::string>* literals) {
  std::string t(line);
  for (const char* op : {"||", " or "}) {
    if (t.find(op) != std::string::npos) return false;
  }
  size_t start = 0;
  while (start <= t.size()) {
    size_t amp = t.find("&&", start);
    size_t word = t.find(" and ", start);
    size_t end = std::min({amp, word, t.size()});
    std::string part = t.substr(start, end - start);
    start = end == t.size() ? t.size() + 1 : end + (end == amp ? 2 : 5);
    if (!HandledClasses(part).empty() || part.find(" instanceof ") != std::string::npos) continue;
    bool reads = part.find("essage") != std::string::npos ||
                 part.find("str(") != std::string::npos || part.find("to_s") != std::string::npos;
    size_t q = part.find_first_of("'\"");
    size_t close = q == std::string::npos ? q : part.find(part[q], q + 1);
    if (!reads || close == std::string::npos) return false;
    literals->push_back(part.substr(q + 1, close - q - 1));
  }
  return true;
}

std::vector<std::string> HandledClasses(std::string_view line) {
  std::string_view t = Trim(line);
  while (t.starts_with("}")) t = Trim(t.substr(1));
  if (t.starts_with("rescue ")) {
    std::string_view list = t.substr(7);
    list = list.substr(0, std::min(list.find("=>"), list.find(" then")));
    return ClassList(list);
  }
  if (t.starts_with("except ") && t.ends_with(":")) {
    std::string_view list = t.substr(7, t.size() - 8);
    list = list.substr(0, list.find(" as "));
    return ClassList(list);
  }
  if (t.starts_with("catch ") || t.starts_with("catch(")) {
    std::string_view in = Parenthesised(t, t.find('('));
    // Kotlin's `catch (e: A)`.
    if (size_t colon = in.find(':'); colon != std::string_view::npos && in.find("::") == colon) {
      // `A::B $e` (PHP never uses `::` in a type): keep the whole.
    } else if (colon != std::string_view::npos) {
      in = in.substr(colon + 1);
    }
    return ClassList(in);
  }
  for (std::string_view test : {".is_a?(", ".kind_of?(", "isinstance("}) {
    size_t at = t.find(test);
    if (at == std::string_view::npos) continue;
    std::string_view in = Parenthesised(t, at + test.size() - 1);
    if (test == "isinstance(") in = in.substr(std::min(in.size(), in.find(',') + 1));
    return ClassList(in);
  }
  if (size_t at = t.find(" instanceof "); at != std::string_view::npos) {
    return ClassList(t.substr(at + 12, t.find_first_of(")&|", at + 12) - at - 12));
  }
  return {};
}

std::map<std::string, std::vector<HandlerAdvice>> AdviceOfHandlers(
    const std::vector<SourceFile>& files, const std::set<std::string>& wanted, size_t max) {
  std::map<std::string, std::vector<HandlerAdvice>> out;
  std::set<std::string> declared;
  for (const SourceFile& f : files) {
    std::vector<std::string_view> lines = SplitLines(f.content);
    for (size_t i = 0; i < lines.size(); ++i) {
      std::string_view t = Trim(lines[i]);
      if (std::string d = DeclaredClass(t); !d.empty() && wanted.contains(d)) declared.insert(d);
      std::vector<std::string> names = HandledClasses(t);
      std::vector<HandlerAdvice> found;
      for (const std::string& cls : names) {
        if (!wanted.contains(cls) || out[cls].size() >= max) continue;
        if (found.empty()) BlockAdvice(lines, i, f.path, &found);
        for (const HandlerAdvice& a : found) {
          std::vector<HandlerAdvice>& have = out[cls];
          bool seen = std::any_of(have.begin(), have.end(),
                                  [&](const HandlerAdvice& o) { return o.text == a.text; });
          if (!seen && have.size() < max) have.push_back(a);
        }
      }
    }
  }
  std::erase_if(out, [&](const auto& kv) { return !declared.contains(kv.first); });
  return out;
}

void AddHandlerAdvice(const std::vector<SourceFile>& files, std::vector<Record>* records) {
  std::set<std::string> wanted;
  for (const Record& r : *records) {
    std::string cls = LastName(r.error_class);
    if (!cls.empty() && !CatchAll(cls)) wanted.insert(cls);
  }
  if (wanted.empty()) return;
  std::map<std::string, std::vector<HandlerAdvice>> by_class = AdviceOfHandlers(files, wanted);
  const std::string kOwn = " (the message's own advice)";
  for (Record& r : *records) {
    auto it = by_class.find(LastName(r.error_class));
    if (it == by_class.end() || it->second.empty()) continue;
    // Handled where it is raised: callers never see it. The message's own
    // advice is about this raise; a handler's is about the class.
    if (!r.solutions.empty() &&
        (r.solutions[0].starts_with("Nothing to fix") || r.solutions[0].ends_with(kOwn))) {
      continue;
    }
    std::vector<const HandlerAdvice*> fits;
    for (const HandlerAdvice& a : it->second) {
      if (std::all_of(a.needs.begin(), a.needs.end(), [&](const std::string& x) {
            return r.error_message.find(x) != std::string::npos;
          })) {
        fits.push_back(&a);
      }
    }
    if (fits.size() > 2) fits.resize(2);
    if (fits.empty()) continue;
    std::vector<std::string> out;
    nlohmann::json& prov = r.provenance["solutions"];
    for (const HandlerAdvice* p : fits) {
      const HandlerAdvice& a = *p;
      out.push_back("\u201c" + a.text + "\u201d (what the repository's handler of `" + it->first +
                    "` tells the user, " + a.file + ":" + std::to_string(a.line) + ")");
      prov.push_back(a.file + ":" + std::to_string(a.line));
    }
    for (const std::string& sol : r.solutions) {
      if (!sol.starts_with(kGenericSolution)) out.push_back(sol);
    }
    r.solutions = std::move(out);
  }
}

}  // namespace errdex
