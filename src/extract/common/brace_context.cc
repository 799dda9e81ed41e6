// Path conditions, function names and comments for brace languages. See
// brace_context.h.
#include "extract/common/brace_context.h"

#include <algorithm>
#include <cctype>

#include "extract/common/ts_util.h"
#include "util/text.h"

namespace errdex {
namespace {

using ts::Field;
using ts::Is;

using ts::kMaxAncestors;
constexpr uint32_t kMaxBlockScan = 256;

bool OneOf(std::string_view type, const std::vector<std::string_view>& set) {
  return std::find(set.begin(), set.end(), type) != set.end();
}

// Rust's `if` is an expression, wrapped in an expression_statement when it
// stands alone; so are its `return`s.
bool IsIf(TSNode n) { return Is(n, "if_statement") || Is(n, "if_expression"); }

TSNode Unwrapped(TSNode n) { return Is(n, "expression_statement") ? ts::FirstNamed(n) : n; }

// The parts of an `if`; a language whose grammar has no fields for them
// (Kotlin) supplies syntax.if_parts.
bool IfParts(TSNode n, const BraceSyntax& syntax, TSNode* cond, TSNode* then, TSNode* other) {
  if (syntax.if_parts) return syntax.if_parts(n, cond, then, other);
  if (!IsIf(n)) return false;
  *cond = Field(n, "condition");
  *then = Field(n, "consequence");
  *other = Field(n, "alternative");
  return true;
}

void AddCondition(TSNode cond, bool polarity, std::string_view src, ErrorSite* site) {
  if (ts_node_is_null(cond)) return;
  PathCondition c;
  c.expr = ConditionText(cond, src);
  c.polarity = polarity;
  c.line = ts::Line(cond);
  if (!c.expr.empty()) site->conditions.push_back(std::move(c));
}

// The last statement of a consequence (a block or, in JavaScript, a single
// statement). Kotlin nests its statement list in a control_structure_body.
TSNode LastStatement(TSNode body, const BraceSyntax& syntax) {
  for (int depth = 0; depth < 4 && OneOf(ts::Type(body), syntax.block_types); ++depth) {
    std::vector<TSNode> kids = ts::NamedChildren(body);
    if (kids.empty()) return TSNode{};
    body = Unwrapped(kids.back());
  }
  return body;
}

// `if (cond) return;` (no else) before `stmt` in the same block means `cond`
// was false on the way to the site.
void AddEarlyExits(TSNode block, TSNode stmt, std::string_view src, const BraceSyntax& syntax,
                   ErrorSite* site) {
  // Scanning a block per site is quadratic in its length; a block this long
  // is generated or flat module code, where early exits say little.
  if (ts_node_named_child_count(block) > kMaxBlockScan) return;
  for (TSNode s : ts::NamedChildren(block)) {
    if (ts_node_start_byte(s) >= ts_node_start_byte(stmt)) break;
    s = Unwrapped(s);
    TSNode cond{}, then{}, other{};
    if (!IfParts(s, syntax, &cond, &then, &other) || !ts_node_is_null(other)) continue;
    TSNode last = LastStatement(then, syntax);
    if (!ts_node_is_null(last) && OneOf(ts::Type(last), syntax.exit_types)) {
      AddCondition(cond, false, src, site);
    }
  }
}

// Adds the guard that `child` sits under in `parent`, if any. Returns true
// when one was added.
bool AddGuard(TSNode parent, TSNode child, std::string_view src, const BraceSyntax& syntax,
              ErrorSite* site) {
  TSNode cond{}, then{}, other{};
  if (IfParts(parent, syntax, &cond, &then, &other)) {
    if (ts_node_eq(then, child)) {
      AddCondition(cond, true, src, site);
      return true;
    }
    if (ts_node_eq(other, child)) {
      AddCondition(cond, false, src, site);
      return true;
    }
  } else if (Is(parent, "when_entry") && Is(child, "control_structure_body")) {
    // Kotlin's `when { cond -> body }` without a subject is an if-chain:
    // the arm's condition guards the body (okhttp's DerReader `length0 ==
    // 0b1000_0000 -> throw ..`). An arm of `when (x)` matches values of
    // `x`, read by the analysis from the lines (site_shape.h).
    TSNode when = ts_node_parent(parent);  // Kotlin sites are few: no ancestor list needed
    bool subject = false;
    for (TSNode k : ts::NamedChildren(when)) subject |= Is(k, "when_subject");
    if (!subject) {
      std::vector<TSNode> conds;
      for (TSNode k : ts::NamedChildren(parent)) {
        if (Is(k, "when_condition")) conds.push_back(k);
      }
      if (conds.size() == 1) {
        AddCondition(conds[0], true, src, site);
        return true;
      }
    }
  } else if (!syntax.catch_type.empty() && Is(parent, syntax.catch_type)) {
    // The header up to the body: `catch (e: unknown)`, `rescue`-free.
    PathCondition c;
    uint32_t begin = ts_node_start_byte(parent);
    TSNode body = Field(parent, "body");
    // Kotlin's catch_block has no fields: its body is the statement list.
    for (TSNode k : ts::NamedChildren(parent)) {
      if (ts_node_is_null(body) && OneOf(ts::Type(k), syntax.block_types)) body = k;
    }
    uint32_t end = ts_node_is_null(body) ? begin : ts_node_start_byte(body);
    if (end < begin || end > src.size()) end = begin;
    std::string_view header = Trim(src.substr(begin, end - begin));
    if (header.ends_with('{')) header = Trim(header.substr(0, header.size() - 1));
    c.expr = CollapseSpace(header);
    c.line = ts::Line(parent);
    site->conditions.push_back(std::move(c));
    return true;
  }
  return false;
}

void AddNote(SourceNote note, const char* origin, ErrorSite* site) {
  if (note.text.empty()) return;
  for (const SourceNote& n : site->notes) {
    if (n.first_line == note.first_line) return;
  }
  note.origin = origin;
  site->notes.push_back(std::move(note));
}

}  // namespace

std::string ConditionText(TSNode cond, std::string_view src) {
  std::string_view text = Trim(ts::Text(cond, src));
  if (Is(cond, "parenthesized_expression") && text.size() >= 2 && text.front() == '(' &&
      text.back() == ')') {
    text = Trim(text.substr(1, text.size() - 2));
  }
  return CollapseSpace(text);
}

namespace {

bool IsRustAttribute(std::string_view l) {
  std::string_view t = Trim(l);
  return t.starts_with("#[") && t.ends_with("]");
}

}  // namespace

SourceNote SlashCommentAbove(const std::vector<std::string_view>& lines, int line) {
  SourceNote note;
  std::vector<std::string> texts;
  int i = line - 1;  // 1-based line above
  // Rust attributes between the doc and `fn` (`#[track_caller]`).
  while (i >= 1 && i <= static_cast<int>(lines.size()) && IsRustAttribute(lines[i - 1])) --i;
  int last = i;
  bool in_block = false;
  while (i >= 1 && i <= static_cast<int>(lines.size())) {
    std::string_view t = Trim(lines[i - 1]);
    if (!in_block && t.starts_with("//")) {
      t.remove_prefix(t.starts_with("///") ? 3 : 2);
    } else if (!in_block && t.ends_with("*/")) {
      // `#define N 8 /* 8 MB */`: code with a trailing comment ends the
      // block; its comment is about that line, not the one below.
      if (!t.starts_with("/*") && !t.starts_with("*") && t.find("/*") != std::string_view::npos) {
        break;
      }
      in_block = !t.starts_with("/*");
      t.remove_suffix(2);
      if (t.starts_with("/*")) t.remove_prefix(t.starts_with("/**") ? 3 : 2);
    } else if (in_block) {
      if (t.starts_with("/*")) {
        in_block = false;
        t.remove_prefix(t.starts_with("/**") ? 3 : 2);
      }
    } else {
      break;
    }
    t = Trim(t);
    if (t.starts_with("*")) t = Trim(t.substr(1));
    texts.push_back(std::string(t));
    --i;
  }
  std::reverse(texts.begin(), texts.end());
  // Tag sections (`@param`, `@return` and their continuation lines) end the
  // prose: a `@return`'s second line read as prose says something else.
  // So do Rust's doc sections (`# Panics`, `# Errors`, `# Examples`): each
  // is read on its own (RustDocSection).
  auto tag = std::find_if(texts.begin(), texts.end(), [](const std::string& t) {
    return t.starts_with("@") ||
           (t.starts_with("# ") && t.size() > 2 && std::isupper(static_cast<unsigned char>(t[2])));
  });
  texts.erase(tag, texts.end());
  std::erase_if(texts, [](const std::string& t) { return t.empty(); });
  if (texts.empty()) return note;
  note.text = Join(texts, " ");
  note.first_line = i + 1;
  note.last_line = last;
  return note;
}

SourceNote RustDocSection(const std::vector<std::string_view>& lines, int line,
                          std::string_view heading) {
  SourceNote note;
  int i = line - 1;
  while (i >= 1 && i <= static_cast<int>(lines.size()) && IsRustAttribute(lines[i - 1])) --i;
  int last = i;
  while (i >= 1 && Trim(lines[i - 1]).starts_with("///")) --i;
  std::vector<std::string> texts;
  int first = 0, last_text = 0;
  for (int k = i + 1; k <= last; ++k) {
    std::string_view t = Trim(Trim(lines[k - 1]).substr(3));
    if (t.starts_with("# ")) {
      if (first) break;  // the next section
      if (Trim(t.substr(2)) == heading) first = k;
      continue;
    }
    if (!first) continue;
    if (t.starts_with("```")) break;  // an example: not prose
    if (t.empty()) continue;
    if (texts.empty()) first = k;
    last_text = k;
    texts.emplace_back(t);
  }
  if (texts.empty()) return note;
  note.text = Join(texts, " ");
  note.first_line = first;
  note.last_line = last_text;
  return note;
}

SourceNote ThrowsDocAbove(const std::vector<std::string_view>& lines, int line,
                          std::string_view error_class) {
  SourceNote note;
  size_t sep = error_class.find_last_of(".:\\");
  std::string_view cls = sep == std::string_view::npos ? error_class : error_class.substr(sep + 1);
  if (cls.empty()) return note;
  // `X`, `pkg.X` or `ns::X` names the class.
  // PHPDoc unions (`A|B`) and YARD lists (`[A, B]`) name each class.
  auto names_cls = [&](std::string_view named) {
    for (size_t b = 0; b <= named.size();) {
      size_t e = named.find_first_of("|,", b);
      if (e == std::string_view::npos) e = named.size();
      std::string_view one = Trim(named.substr(b, e - b));
      size_t dot = one.find_last_of(".:\\");
      if ((dot == std::string_view::npos ? one : one.substr(dot + 1)) == cls) return true;
      b = e + 1;
    }
    return false;
  };
  // The comment block above `line`, top to bottom, markers removed.
  int first = line - 1;
  while (first >= 1 && first <= static_cast<int>(lines.size())) {
    std::string_view t = Trim(lines[first - 1]);
    // `#` lines: Ruby comments (YARD), PHP's other comment form.
    if (!(t.starts_with("//") || t.starts_with("/*") || t.starts_with("*") ||
          (t.starts_with("#") && !t.starts_with("#[")))) {
      break;
    }
    --first;
  }
  ++first;
  std::string text;
  int found = 0;
  for (int i = first; i < line; ++i) {
    std::string_view t = Trim(lines[i - 1]);
    for (std::string_view m : {"/**", "/*", "*/", "///", "//", "*", "#"}) {
      if (t.starts_with(m)) {
        t.remove_prefix(m.size());
        break;
      }
    }
    if (t.ends_with("*/")) t.remove_suffix(2);
    t = Trim(t);
    bool tag = t.starts_with("@") || t.starts_with("<exception") || t.starts_with("</");
    if (found && (tag || t.empty())) break;  // the sentence ends at the next tag
    if (found) {
      text += " " + std::string(t);
      continue;
    }
    // `@throws X when ...`, `@exception X ...`, JSDoc `@throws {X} ...`,
    // XML doc `<exception cref="X">...</exception>`.
    std::string_view rest;
    if (t.starts_with("@throws ") || t.starts_with("@exception ") || t.starts_with("@raise ")) {
      rest = Trim(t.substr(t.find(' ')));
      // JSDoc `{X}`, YARD `[X]`.
      if (rest.starts_with("{") || rest.starts_with("[")) {
        size_t close = rest.find(rest[0] == '{' ? '}' : ']');
        if (close == std::string_view::npos) continue;
        if (!names_cls(rest.substr(1, close - 1))) continue;
        rest = Trim(rest.substr(close + 1));
      } else {
        size_t sp = rest.find(' ');
        if (!names_cls(rest.substr(0, sp))) continue;
        rest = sp == std::string_view::npos ? std::string_view() : Trim(rest.substr(sp));
      }
    } else if (t.starts_with("<exception cref=\"")) {
      size_t end = t.find('"', 16);
      if (end == std::string_view::npos) continue;
      if (!names_cls(t.substr(16, end - 16))) continue;
      size_t gt = t.find('>', end);
      rest = gt == std::string_view::npos ? std::string_view() : t.substr(gt + 1);
      size_t closing = rest.find("</exception>");
      if (closing != std::string_view::npos) rest = rest.substr(0, closing);
    } else {
      continue;
    }
    found = i;
    text = std::string(Trim(rest));
  }
  size_t closing = text.find("</exception>");
  if (closing != std::string::npos) text.resize(closing);
  // Inline markup reads as code: {@code x} / {@link X} / <see cref="X"/> -> `x`.
  std::string plain;
  for (size_t i = 0; i < text.size();) {
    size_t close = std::string::npos;
    if (text.compare(i, 2, "{@") == 0 && (close = text.find('}', i)) != std::string::npos) {
      size_t sp = text.find(' ', i);
      if (sp != std::string::npos && sp < close)
        plain += "`" + text.substr(sp + 1, close - sp - 1) + "`";
      i = close + 1;
    } else if (text.compare(i, 11, "<see cref=\"") == 0 &&
               (close = text.find("/>", i)) != std::string::npos) {
      size_t q = text.find('"', i + 11);
      if (q != std::string::npos && q < close) plain += "`" + text.substr(i + 11, q - i - 11) + "`";
      i = close + 2;
    } else {
      plain.push_back(text[i++]);
    }
  }
  text = CollapseSpace(plain);
  if (!found || text.size() < 3) return note;
  note.text = text;
  note.first_line = found;
  note.last_line = found;
  return note;
}

void AddBraceContext(TSNode stmt, std::string_view src, const std::vector<std::string_view>& lines,
                     const BraceSyntax& syntax, ErrorSite* site,
                     const std::vector<TSNode>* ancestors) {
  AddNote(SlashCommentAbove(lines, site->line), "comment-above", site);
  std::vector<std::string> scopes;
  bool in_function = false;
  bool guard_noted = false;
  TSNode cur = stmt;
  size_t next_ancestor = ancestors ? ancestors->size() : 0;
  for (int i = 0; i < kMaxAncestors; ++i) {
    TSNode parent = !ancestors          ? ts_node_parent(cur)
                    : next_ancestor > 0 ? (*ancestors)[--next_ancestor]
                                        : TSNode{};
    if (ts_node_is_null(parent)) break;
    if (!in_function) {
      if (OneOf(ts::Type(parent), syntax.block_types))
        AddEarlyExits(parent, cur, src, syntax, site);
      // An else branch is the `alternative` (JavaScript wraps it in an
      // else_clause, which is then the alternative).
      if (AddGuard(parent, cur, src, syntax, site) && !guard_noted) {
        guard_noted = true;
        AddNote(SlashCommentAbove(lines, ts::Line(parent)), "guard-comment", site);
      }
    }
    bool is_function = false;
    std::string name;
    if (syntax.scope_name_in) {
      TSNode up = !ancestors          ? ts_node_parent(parent)
                  : next_ancestor > 0 ? (*ancestors)[next_ancestor - 1]
                                      : TSNode{};
      name = syntax.scope_name_in(parent, up, src, &is_function);
    } else {
      name = syntax.scope_name(parent, src, &is_function);
    }
    if (!name.empty()) {
      scopes.push_back(name);
      if (is_function && !in_function) {
        site->function_line = ts::Line(parent);
        // The function's own `@throws X if ...` for this class says what it
        // means best; it comes before the comment's prose.
        AddNote(ThrowsDocAbove(lines, ts::Line(parent), site->error_class), "throws-doc", site);
        // Rust's `# Panics` / `# Errors` doc section says when this happens.
        if (site->language == "rust") {
          bool panics = site->kind == SiteKind::kAssert || site->error_class == "panic";
          AddNote(RustDocSection(lines, ts::Line(parent), panics ? "Panics" : "Errors"),
                  panics ? "panics-doc" : "errors-doc", site);
        }
        AddNote(SlashCommentAbove(lines, ts::Line(parent)), "function-comment", site);
      }
    }
    if (is_function) in_function = true;
    cur = parent;
  }
  std::reverse(scopes.begin(), scopes.end());
  site->function = Join(scopes, ".");
  std::sort(site->conditions.begin(), site->conditions.end(),
            [](const PathCondition& a, const PathCondition& b) { return a.line < b.line; });
}

}  // namespace errdex
