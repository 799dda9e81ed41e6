// Site shape (see site_shape.h). Line-based reading, like guard_text: the
// idioms are one line each in practice, and a miss only means saying less.
#include "analyze/site_shape.h"

#include <algorithm>
#include <cctype>
#include <regex>

#include "analyze/case_values.h"
#include "analyze/guard_text.h"
#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxExpr = 80;  // longer expressions are not quoted

std::string Code(std::string_view s) { return "`" + std::string(s) + "`"; }

std::string_view LineAt(const std::vector<std::string_view>& lines, int n) {
  return n >= 1 && n <= static_cast<int>(lines.size()) ? lines[n - 1] : std::string_view();
}

int Indent(std::string_view line) {
  int n = 0;
  for (char c : line) {
    if (c == ' ') {
      ++n;
    } else if (c == '\t') {
      n += 4;
    } else {
      break;
    }
  }
  return n;
}

bool Blank(std::string_view line) { return Trim(line).empty(); }

// `val x = a.b` / `let x = a.b` / `return a.b` / `x = a.b` -> `a.b`.
std::string_view ValueOf(std::string_view s) {
  s = Trim(s);
  for (std::string_view lead : {"return ", "val ", "var ", "let ", "const "}) {
    if (s.starts_with(lead)) s = Trim(s.substr(lead.size()));
  }
  // An assignment's target (`x`, `get()`), not a named argument `f(a = b)`.
  size_t eq = s.find(" = ");
  if (eq != std::string_view::npos) {
    std::string_view lhs = s.substr(0, eq);
    if (std::count(lhs.begin(), lhs.end(), '(') == std::count(lhs.begin(), lhs.end(), ')')) {
      s = Trim(s.substr(eq + 3));
    }
  }
  // A `match` arm's value (`None => std::env::current_dir()`), not its pattern.
  size_t arm = s.find(" => ");
  if (arm != std::string_view::npos) {
    std::string_view pat = s.substr(0, arm);
    if (std::count(pat.begin(), pat.end(), '(') == std::count(pat.begin(), pat.end(), ')')) {
      s = Trim(s.substr(arm + 4));
    }
  }
  return s;
}

bool Quotable(std::string_view e) { return !e.empty() && e.size() <= kMaxExpr; }

// Kotlin: `val f = x.factory ?: throw ...`, or `?: throw` opening the line
// after the value.
std::optional<ShapeState> Elvis(const std::vector<std::string_view>& lines, int at) {
  std::string_view line = LineAt(lines, at);
  size_t elvis = line.find("?: throw");
  if (elvis == std::string_view::npos) return std::nullopt;
  std::string_view value = ValueOf(line.substr(0, elvis));
  int from = at;
  if (value.empty()) value = ValueOf(LineAt(lines, from = at - 1));
  if (!Quotable(value)) return std::nullopt;
  return ShapeState{Code(value) + " is null (missing)", from};
}

// Kotlin's `requireNotNull(x)`, `require(cond)`, `check(cond)` at the site.
std::optional<ShapeState> Precondition(std::string_view line, int at) {
  std::string_view t = Trim(line);
  for (std::string_view f : {"requireNotNull(", "checkNotNull("}) {
    if (!t.starts_with(f)) continue;
    std::string_view arg = Parenthesized(t, f.size() - 1);
    if (!Quotable(arg)) return std::nullopt;
    return ShapeState{Code(arg) + " is null (missing)", at};
  }
  for (std::string_view f : {"require(", "check("}) {
    if (!t.starts_with(f)) continue;
    std::string_view cond = Parenthesized(t, f.size() - 1);
    std::string d = DescribeCondition(cond, false);
    if (d.empty() && Quotable(cond)) d = Code(cond) + " is false";
    if (d.empty()) return std::nullopt;
    return ShapeState{d, at};
  }
  return std::nullopt;
}

// Rust: `x.ok_or(...)`, `x.context(...)`, `x.wrap_err(...)`, `x.expect(...)` on the site's line
// or one of the two before it.
std::optional<ShapeState> RustAdapter(const std::vector<std::string_view>& lines, int at) {
  struct Adapter {
    std::string_view method, state;
  };
  static const Adapter kAdapters[] = {{".ok_or_else(", " has no value (None)"},
                                      {".ok_or(", " has no value (None)"},
                                      {".with_context(", " fails (returns an error)"},
                                      {".context(", " fails (returns an error)"},
                                      {".map_err(", " fails (returns an error)"},
                                      // eyre/miette's names for `context`.
                                      {".wrap_err_with(", " fails (returns an error)"},
                                      {".wrap_err(", " fails (returns an error)"},
                                      {".expect(", " has no value or is an error"}};
  for (int n = at; n >= at - 2 && n >= 1; --n) {
    std::string_view line = LineAt(lines, n);
    for (const Adapter& a : kAdapters) {
      size_t m = line.find(a.method);
      if (m == std::string_view::npos) continue;
      std::string_view value = ValueOf(line.substr(0, m));
      int from = n;
      if (value.empty()) value = ValueOf(LineAt(lines, from = n - 1));
      if (value.ends_with("?")) return std::nullopt;
      if (!Quotable(value)) return std::nullopt;
      return ShapeState{Code(value) + std::string(a.state), from};
    }
  }
  return std::nullopt;
}

// JavaScript/TypeScript: a raise in a promise's `.catch(err => { ... })`
// callback on the line above (or its own): the promise rejected.
std::optional<ShapeState> PromiseCatch(const std::vector<std::string_view>& lines, int at) {
  for (int n = at; n >= at - 1 && n >= 1; --n) {
    std::string_view line = LineAt(lines, n);
    size_t c = line.find(".catch(");
    if (c == std::string_view::npos || line.find("=>", c) == std::string_view::npos) continue;
    std::string_view value = ValueOf(line.substr(0, c));
    if (value.starts_with("await ")) value = Trim(value.substr(6));
    if (value.find('(') == std::string_view::npos || !Quotable(value)) return std::nullopt;
    return ShapeState{Code(value) + " fails (its promise rejects)", n};
  }
  return std::nullopt;
}

// The arm a raise falls into when nothing else matched.
bool FallbackArm(std::string_view t) {
  // Rust's `Some(_) =>` after other `Some(..)` arms is theirs (the
  // extractor gives it no condition then).
  return t == "else" || t.starts_with("else raise") || t == "case _:" ||
         t.starts_with("default:") || t.starts_with("default ->") || t.starts_with("_ =>") ||
         t.starts_with("else ->") || t.starts_with("default =>") || t.starts_with("Some(_) =>") ||
         t.starts_with("Ok(_) =>") || t.starts_with("Err(_) =>");
}

// A `match`/`when`/`switch` expression inside a statement: `return match
// ($op) {`, `val k = when (x) {`, `let v = match self.kind {`, `return
// switch (x) {` -> the selector; C#'s switch expression names it before
// the keyword (`=> order switch`, `return kind switch {`). Only a line that
// opens the arms (ends in `{`, or C#'s `switch` with `{` below) counts.
std::string_view EmbeddedSelector(std::string_view t) {
  if (t.ends_with(" switch") || t.ends_with(" switch {")) {
    std::string_view head = t.substr(0, t.rfind(" switch"));
    size_t cut = 0;
    for (std::string_view lead : {"=> ", "return ", "= ", "("}) {
      size_t at = head.rfind(lead);
      if (at != std::string_view::npos) cut = std::max(cut, at + lead.size());
    }
    std::string_view sel = Trim(head.substr(cut));
    return sel.find(' ') == std::string_view::npos ? sel : std::string_view();
  }
  if (!t.ends_with("{")) return {};
  for (std::string_view w : {"match", "when", "switch"}) {
    for (std::string_view lead : {"return ", "= ", "=> "}) {
      std::string key = std::string(lead) + std::string(w) + " ";
      size_t at = t.find(key);
      if (at == std::string_view::npos) continue;
      std::string_view rest = Trim(t.substr(at + key.size()));
      rest = Trim(rest.substr(0, rest.size() - 1));  // the `{`
      if (rest.starts_with("(") && rest.ends_with(")")) rest = Parenthesized(rest, 0);
      return rest;
    }
  }
  return {};
}

// `case x` / `switch (x) {` / `switch x {` / `match x {` / `when (x) {` -> x.
std::string_view Selector(std::string_view t) {
  for (std::string_view w : {"case", "switch", "match", "when"}) {
    if (!StartsWithWord(t, w)) continue;
    std::string_view rest = Trim(t.substr(w.size()));
    if (rest.starts_with("(")) rest = Parenthesized(rest, 0);
    if (rest.ends_with("{") || rest.ends_with(":")) rest = Trim(rest.substr(0, rest.size() - 1));
    if (size_t init = rest.find(":="); init != std::string_view::npos) {
      rest = Trim(rest.substr(init + 2));
    }
    if (rest.ends_with(".(type)")) rest = rest.substr(0, rest.size() - 7);
    return rest;
  }
  return EmbeddedSelector(t);
}

std::string LineSpan(int first, int last) {
  return first == last ? "line " + std::to_string(first)
                       : "lines " + std::to_string(first) + "\u2013" + std::to_string(last);
}

// "`$op` is none of `'<'`, `'>'`, handled at lines 3–4": what the
// fallback arm receives, said with the values the other arms handle (up to
// six, else counted), or the arms counted when their labels are patterns.
std::string NoneOfTheCases(std::string_view sel, const std::vector<std::string_view>& lines,
                           int selector_line, int raise_line) {
  constexpr size_t kListed = 6;
  CaseValues v = ArmValues(lines, selector_line, raise_line);
  if (!v.values.empty()) {
    std::string where = LineSpan(v.first_line, v.last_line);
    if (v.values.size() <= kListed) {
      return Code(sel) + " is none of " + ValueList(v.values) + ", handled at " + where;
    }
    return Code(sel) + " is none of the " + std::to_string(v.values.size()) +
           " values handled at " + where;
  }
  ArmSpan a = ArmsBefore(lines, selector_line, raise_line);
  if (a.arms == 0) return Code(sel) + " matches none of the listed cases";
  if (a.arms == 1)
    return Code(sel) + " does not match the case at " + LineSpan(a.first_line, a.first_line);
  return Code(sel) + " matches none of the " + std::to_string(a.arms) + " cases at " +
         LineSpan(a.first_line, a.last_line);
}

// A statement that neither branches nor leaves (an assignment, a call): the
// code after it runs whenever it does.
bool PlainStatement(std::string_view t) {
  if (t.ends_with("{") || t.ends_with(":") || t.starts_with("}")) return false;
  for (std::string_view w : {"if", "else", "for", "foreach", "while", "do", "switch", "case",
                             "return", "break", "continue", "goto", "throw", "raise", "try"}) {
    if (t.starts_with(w) &&
        (t.size() == w.size() ||
         !(std::isalnum(static_cast<unsigned char>(t[w.size()])) || t[w.size()] == '_'))) {
      return false;
    }
  }
  return true;
}

// A raise in the `else`/`default`/`_` arm: "`x` matches none of the cases".
std::optional<ShapeState> CaseFallback(const std::vector<std::string_view>& lines, int at) {
  int arm = 0, k = 0;
  int own = Indent(LineAt(lines, at));
  if (FallbackArm(Trim(LineAt(lines, at)))) {
    arm = at;
  } else {
    // Plain statements of the same arm may come first (`var message =
    // string.Format(..);` above the `throw`); none that branches or leaves.
    for (int n = at - 1, seen = 0; n >= 1 && seen < 6; --n) {
      std::string_view line = LineAt(lines, n);
      std::string_view t = Trim(line);
      if (t.empty() || t.starts_with("//") || t.starts_with("#") || t.starts_with("/*") ||
          t.starts_with("*")) {
        continue;
      }
      if (Indent(line) < own) {
        if (FallbackArm(Trim(line))) arm = n;
        break;
      }
      if (Indent(line) > own || !PlainStatement(t)) break;
      ++seen;
    }
  }
  if (arm == 0) return std::nullopt;
  k = Indent(LineAt(lines, arm));
  for (int n = arm - 1; n >= 1 && n >= arm - 200; --n) {
    std::string_view line = LineAt(lines, n);
    if (Blank(line)) continue;
    std::string_view t = Trim(line);
    int ind = Indent(line);
    // C#'s switch expression opens its arms on the line below its head.
    if (ind > k || t == "{") continue;
    std::string_view sel = Selector(t);
    if (ind == k) {
      // Ruby's `case x` and Go's `switch x {` sit at their branches' level;
      // any other line there is a sibling branch (`when A`, `case a:`,
      // Kotlin's `is T -> ...`, C's `case A: return x;`, JavaScript's
      // `case "a": {`).
      bool selector = (StartsWithWord(t, "case") && t.find(':') == std::string_view::npos) ||
                      StartsWithWord(t, "switch");
      if (!selector) continue;
    }
    if (sel.empty() || !Quotable(sel)) return std::nullopt;
    return ShapeState{NoneOfTheCases(sel, lines, n, at), n, std::string(sel)};
  }
  return std::nullopt;
}

// A raise right after a `switch`/`match`/`when` whose every arm returns or
// throws (pgx's `switch src := src.(type) { case float64: return ..; case
// string: return .. }` then `return fmt.Errorf("cannot scan %T", src)`): it
// is reached exactly when no arm matched, whatever checks passed earlier.
std::optional<ShapeState> ExhaustedSwitch(const std::vector<std::string_view>& lines, int at,
                                          const std::string& language) {
  int own = Indent(LineAt(lines, at));
  int n = at - 1;
  auto code_line = [&](std::string_view t) {
    return !t.empty() && !t.starts_with("//") && !t.starts_with("#") && !t.starts_with("/*") &&
           !t.starts_with("*");
  };
  while (n >= 1 && !code_line(Trim(LineAt(lines, n)))) --n;
  if (n < 1) return std::nullopt;
  int end = at;  // the switch's last line + 1 (Python: the raise)
  std::string_view t = Trim(LineAt(lines, n));
  if (Indent(LineAt(lines, n)) == own) {
    if (t != "}" && t != "};") return std::nullopt;
    end = n;
    --n;
  } else if (Indent(LineAt(lines, n)) < own || language != "python") {
    return std::nullopt;
  }
  // The head: the nearest code line above at the raise's level.
  for (int stop = std::max(1, n - 300); n >= stop; --n) {
    std::string_view line = LineAt(lines, n);
    t = Trim(line);
    if (!code_line(t) || Indent(line) > own) continue;
    if (Indent(line) < own) return std::nullopt;
    // Go and some C styles put the arms at the switch's own level.
    if (StartsWithWord(t, "case") && t.ends_with(":")) continue;
    break;
  }
  if (n < 1) return std::nullopt;
  if (t == "{") t = Trim(LineAt(lines, --n));  // Allman: `switch (x)` above its brace
  if (!StartsWithWord(t, "switch") && !StartsWithWord(t, "match") && !StartsWithWord(t, "when")) {
    return std::nullopt;
  }
  std::string_view sel = Selector(t);
  if (sel.empty() || !Quotable(sel) || !EveryArmExits(lines, n, end, language)) {
    return std::nullopt;
  }
  bool by_type = t.find(".(type)") != std::string_view::npos;
  std::vector<std::string> labels = ArmLabels(lines, n, end);
  ShapeState out{NoneOfTheCases(sel, lines, n, end), n, std::string(sel)};
  if (by_type && !labels.empty() && labels.size() <= 8) {
    out.text = "the type of " + Code(sel) + " is none of " + ValueList(labels) +
               ", the types the cases at " +
               LineSpan(ArmsBefore(lines, n, end).first_line, ArmsBefore(lines, n, end).last_line) +
               " handle, each of which returns";
    out.accepted_types = labels;
  } else {
    out.text += ", each of which returns";
  }
  return out;
}

// "a, b" -> "a", " b" (commas outside quotes only).
std::vector<std::string_view> SplitTopLevelCommas(std::string_view s) {
  std::vector<std::string_view> out;
  char quote = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (quote) {
      if (s[i] == quote) quote = 0;
    } else if (s[i] == '"' || s[i] == '\'') {
      quote = s[i];
    } else if (s[i] == ',') {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  out.push_back(s.substr(start));
  return out;
}

// `case A:` / `case A, B:` / `case A -> {` -> "A" / "A, B" / "A"; "" when
// `t` is no labelled arm (a fallback, a pattern arm of another syntax).
std::string_view CaseLabel(std::string_view t) {
  if (!StartsWithWord(t, "case")) return {};
  std::string_view rest = Trim(t.substr(4));
  if (rest.ends_with("{")) rest = Trim(rest.substr(0, rest.size() - 1));
  if (rest.ends_with("->")) return Trim(rest.substr(0, rest.size() - 2));
  if (!rest.ends_with(":") || rest.ends_with("::")) return {};
  return Trim(rest.substr(0, rest.size() - 1));
}

// The code of a line without a trailing `//` comment.
std::string_view CodeOf(std::string_view t) {
  size_t c = t.find("//");
  return Trim(c == std::string_view::npos ? t : t.substr(0, c));
}

// Whether the statement `t` ends an arm: control never falls into the next
// label from it (C's `break;`, `return`, a `goto`).
bool EndsArm(std::string_view t) {
  t = CodeOf(t);
  for (std::string_view w : {"break", "return", "goto", "continue", "throw", "fallthrough"}) {
    if (StartsWithWord(t, w)) return w != "fallthrough";
  }
  return t == "}" || t.ends_with("{");
}

// Where `var` was last assigned a call's result above `line` (`ret =
// write_index_as_tree(...)`), at the same indentation: "`write_index_as_tree`",
// at *at; "" else.
std::string AssignedCall(const std::vector<std::string_view>& lines, std::string_view var, int line,
                         int* at) {
  int level = Indent(LineAt(lines, line));
  for (int n = line - 1; n >= 1 && n >= line - 15; --n) {
    std::string_view t = CodeOf(Trim(LineAt(lines, n)));
    for (std::string_view op : {" := ", " = "}) {
      std::string head = std::string(var) + std::string(op);
      size_t k = t.find(head);
      if (k == std::string_view::npos) continue;
      // The whole target: `ret = f(..)`, `int ret = f(..)`, not `xret = ..`
      // nor `if (x) ret = ..`.
      if (k > 0 && t[k - 1] != ' ') continue;
      std::string_view decl = t.substr(0, k);
      if (decl.find_first_of("(){};") != std::string_view::npos) return "";
      // Only an assignment at the switch's own level: one inside a branch
      // above may not be the one that ran.
      if (Indent(LineAt(lines, n)) != level) return "";
      std::string_view call = Trim(t.substr(k + head.size()));
      size_t open = call.find('(');
      if (open == std::string_view::npos || open == 0) return "";
      std::string_view name = call.substr(0, open);
      for (char c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' && c != ':' &&
            c != '>' && c != '-') {
          return "";
        }
      }
      *at = n;
      return Code(name);
    }
  }
  return "";
}

// A literal (`'x'`, `"x"`, `3`, `-1`) or a constant's name (`KindObject`,
// `Mode::Slow`, `WRITE_TREE_UNREADABLE_INDEX`), or a list of them (Go's
// `case A, B:`).
bool ConstantLabel(std::string_view label) {
  for (std::string_view item : SplitTopLevelCommas(label)) {
    item = Trim(item);
    if (item.empty() || item == "_") return false;
    bool quoted = item.size() >= 2 && (item.front() == '"' || item.front() == '\'') &&
                  item.back() == item.front();
    if (quoted) continue;
    for (char c : item) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' && c != ':' &&
          c != '-') {
        return false;
      }
    }
  }
  return true;
}

// A raise in a labelled `case` arm of a `switch` (git's `switch (ret) {
// case WRITE_TREE_UNREADABLE_INDEX: die(...)`): the arm's label is the
// guard. Only when nothing falls into the arm from the one above (C's
// fall-through), and the switch head names what it tests.
std::optional<ShapeState> CaseArm(const std::vector<std::string_view>& lines, int at) {
  int own = Indent(LineAt(lines, at));
  int label_line = 0;
  std::vector<std::string> labels;
  std::string_view same = Trim(LineAt(lines, at));
  if (!CaseLabel(same).empty() || StartsWithWord(same, "case")) return std::nullopt;
  for (int n = at - 1; n >= 1 && n >= at - 60; --n) {
    std::string_view line = LineAt(lines, n);
    std::string_view t = Trim(line);
    if (t.empty() || t.starts_with("//") || t.starts_with("/*") || t.starts_with("*")) continue;
    if (Indent(line) >= own && label_line == 0) continue;
    std::string_view label = CaseLabel(t);
    if (label.empty()) {
      if (label_line == 0) return std::nullopt;  // an `if`, a loop, a block
      // Above the labels: the switch head, or an arm that ends first.
      if (!EndsArm(t) && Selector(t).empty()) return std::nullopt;
      break;
    }
    if (label_line != 0 && Indent(line) != Indent(LineAt(lines, label_line))) return std::nullopt;
    labels.insert(labels.begin(), std::string(label));
    label_line = n;
  }
  if (label_line == 0 || labels.size() > 4) return std::nullopt;
  int k = Indent(LineAt(lines, label_line));
  for (int n = label_line - 1; n >= 1 && n >= label_line - 300; --n) {
    std::string_view line = LineAt(lines, n);
    std::string_view t = Trim(line);
    if (t.empty() || t == "{" || Indent(line) > k) continue;
    if (Indent(line) == k && !StartsWithWord(t, "switch")) continue;  // a sibling arm
    if (!StartsWithWord(t, "switch")) return std::nullopt;
    std::string_view sel = Selector(t);
    if (sel.empty() || !Quotable(sel)) return std::nullopt;
    // Values only: a pattern (`var x`, `Foo f`, `x when ...`, `_`) says
    // nothing a caller can pass.
    for (const std::string& l : labels) {
      if (!Quotable(l) || !ConstantLabel(l)) return std::nullopt;
    }
    std::string values;
    for (size_t i = 0; i < labels.size(); ++i) {
      values += (i == 0 ? "" : i + 1 == labels.size() ? " or " : ", ") + Code(labels[i]);
    }
    int from = 0;
    std::string call = AssignedCall(lines, sel, n, &from);
    ShapeState out;
    out.line = label_line;
    std::string arm = "an arm of the `switch` at line " + std::to_string(n);
    out.text = call.empty() ? Code(sel) + " is " + values + " (" + arm + ")"
                            : call + " returns " + values + " (kept in " + Code(sel) + " at line " +
                                  std::to_string(from) + "; " + arm + ")";
    out.arm_labels = labels;
    return out;
  }
  return std::nullopt;
}

bool IsCatchLine(std::string_view t) {
  return t.starts_with("except") || t.starts_with("catch") || t.starts_with("} catch") ||
         t.starts_with("rescue");
}

// Whether the catch clause `t` names `cls` (or catches everything).
bool Catches(std::string_view t, const std::string& cls) {
  if (t == "except:" || t == "rescue") return true;
  // JavaScript's and C#'s `catch {` and an untyped `catch (e) {` (TypeScript
  // `catch (e: unknown)`) catch everything; so does Ruby's `rescue => e`.
  static const std::regex kUntyped(
      R"(^(\}\s*)?catch\s*(\(\s*[A-Za-z_$][\w$]*\s*(:\s*(unknown|any)\s*)?\))?\s*\{?\s*$|^rescue\s*=>\s*\w+$)");
  if (std::regex_match(t.begin(), t.end(), kUntyped)) return true;
  if (cls.empty()) return false;
  size_t at = t.find(cls);
  if (at == std::string_view::npos) return false;
  size_t end = at + cls.size();
  bool start_ok = at == 0 || !std::isalnum(static_cast<unsigned char>(t[at - 1]));
  bool end_ok = end >= t.size() || !std::isalnum(static_cast<unsigned char>(t[end]));
  return start_ok && end_ok;
}

}  // namespace

std::optional<ShapeState> RustWrappedFailure(const std::vector<std::string_view>& lines, int line) {
  std::optional<ShapeState> a = RustAdapter(lines, line);
  if (!a || !a->text.ends_with(" fails (returns an error)")) return std::nullopt;
  return a;
}

std::optional<ShapeState> RaiseShape(const ErrorSite& s,
                                     const std::vector<std::string_view>& lines) {
  if (s.language == "kotlin") {
    if (auto e = Elvis(lines, s.line)) return e;
    if (auto p = Precondition(LineAt(lines, s.line), s.line)) return p;
  }
  if (s.language == "rust") {
    if (auto a = RustAdapter(lines, s.line)) return a;
  }
  if (s.language == "javascript" || s.language == "typescript") {
    if (auto p = PromiseCatch(lines, s.line)) return p;
  }
  if (auto c = CaseFallback(lines, s.line)) return c;
  if (auto c = CaseArm(lines, s.line)) return c;
  if (auto c = ExhaustedSwitch(lines, s.line, s.language)) return c;
  std::optional<LoopSearch> loop = ExhaustedLoop(lines, s.line, s.language);
  if (!loop) return std::nullopt;
  ShapeState out{LoopSearchText(*loop), loop->check_line};
  out.loop = loop;
  return out;
}

std::optional<ShapeState> ErrorSource(const std::vector<std::string_view>& lines,
                                      std::string_view var, int check_line) {
  std::string assign = std::string(var) + " :=", set = std::string(var) + " =";
  for (int n = check_line; n >= 1 && n >= check_line - 10; --n) {
    std::string_view line = LineAt(lines, n);
    size_t at = line.find(assign);
    size_t len = assign.size();
    if (at == std::string_view::npos) {
      at = line.find(set);
      len = set.size();
    }
    if (at == std::string_view::npos) continue;
    if (at > 0 && (std::isalnum(static_cast<unsigned char>(line[at - 1])) || line[at - 1] == '_')) {
      continue;
    }
    std::string_view call = Trim(line.substr(at + len));
    if (size_t semi = call.find(';'); semi != std::string_view::npos) call = call.substr(0, semi);
    call = Trim(call);
    if (call.ends_with("{")) call = Trim(call.substr(0, call.size() - 1));
    if (call.find('(') == std::string_view::npos || !Quotable(call)) return std::nullopt;
    return ShapeState{Code(call) + " fails (returns an error)", n};
  }
  return std::nullopt;
}

int CaughtLocally(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  if (s.kind != SiteKind::kRaise || s.error_class.empty()) return 0;
  int cur = Indent(LineAt(lines, s.line));
  int end = std::min(static_cast<int>(lines.size()), s.end_line + 40);
  for (int n = std::max(s.line, s.end_line) + 1; n <= end; ++n) {
    std::string_view line = LineAt(lines, n);
    if (Blank(line) || Indent(line) >= cur) continue;
    std::string_view t = Trim(line);
    int k = Indent(line);
    if (!IsCatchLine(t)) {
      // Leaving an inner block (`if`, `else`, a loop) stays inside whatever
      // encloses it; the check below decides whether that is the `try`.
      cur = k;
      continue;
    }
    if (!Catches(t, s.error_class)) return 0;
    // The clause must close the raise's own `try` block, not a sibling
    // `except` the raise sits in: the nearest line above at its level.
    for (int m = s.line - 1; m >= 1 && m >= s.line - 200; --m) {
      std::string_view up = LineAt(lines, m);
      if (Blank(up) || Indent(up) != k) continue;
      std::string_view u = Trim(up);
      return u.starts_with("try") || u.ends_with("try {") ? n : 0;
    }
    return 0;
  }
  return 0;
}

namespace {

// The handler's code on `line`, without a trailing comment; "" for a line
// that is only a comment (`# we raised ValueError` is no raise).
std::string_view HandlerCode(std::string_view line) {
  std::string_view t = Trim(line);
  for (std::string_view lead : {"#", "//", "/*", "*"}) {
    if (t.starts_with(lead)) return {};
  }
  for (std::string_view lead : {" #", " //"}) {
    if (size_t at = t.find(lead); at != std::string_view::npos) t = Trim(t.substr(0, at));
  }
  return t;
}

// Whether `code` holds `word` as a whole word.
bool HasStatementWord(std::string_view code, std::string_view word) {
  for (size_t at = code.find(word); at != std::string_view::npos; at = code.find(word, at + 1)) {
    size_t end = at + word.size();
    bool start = at == 0 || !(std::isalnum(static_cast<unsigned char>(code[at - 1])) ||
                              code[at - 1] == '_' || code[at - 1] == '.');
    bool stop = end >= code.size() ||
                !(std::isalnum(static_cast<unsigned char>(code[end])) || code[end] == '_');
    if (start && stop) return true;
  }
  return false;
}

// The handler's lines after `catch_line`, up to its end (`}`, the next clause).
std::vector<std::pair<int, std::string_view>> HandlerLines(
    const std::vector<std::string_view>& lines, int catch_line) {
  std::vector<std::pair<int, std::string_view>> out;
  int k = Indent(LineAt(lines, catch_line));
  int last = std::min(static_cast<int>(lines.size()), catch_line + 60);
  for (int n = catch_line + 1; n <= last; ++n) {
    std::string_view line = LineAt(lines, n);
    if (Blank(line)) continue;
    if (Indent(line) <= k) break;
    std::string_view code = HandlerCode(line);
    if (!code.empty()) out.push_back({n, code});
  }
  return out;
}

}  // namespace

bool HandlerThrows(const std::vector<std::string_view>& lines, int catch_line) {
  for (const auto& [n, code] : HandlerLines(lines, catch_line)) {
    for (std::string_view w : {"throw", "raise", "rethrow", "panic"}) {
      if (HasStatementWord(code, w)) return true;
    }
  }
  return false;
}

std::optional<ShapeState> HandlerReturn(const std::vector<std::string_view>& lines,
                                        int catch_line) {
  for (const auto& [n, code] : HandlerLines(lines, catch_line)) {
    if (!code.starts_with("return")) continue;
    std::string_view value = Trim(code.substr(6));
    if (value.ends_with(";")) value = Trim(value.substr(0, value.size() - 1));
    if (!value.empty() && !Quotable(value)) return std::nullopt;
    return ShapeState{value.empty() ? "returning" : "returning " + Code(value), n};
  }
  return std::nullopt;
}

}  // namespace errdex
