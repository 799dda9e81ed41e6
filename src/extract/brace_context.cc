// Path conditions, function names and comments for brace languages. See
// brace_context.h.
#include "extract/brace_context.h"

#include <algorithm>

#include "extract/ts_util.h"
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

SourceNote SlashCommentAbove(const std::vector<std::string_view>& lines, int line) {
  SourceNote note;
  std::vector<std::string> texts;
  int i = line - 1;  // 1-based line above
  bool in_block = false;
  while (i >= 1 && i <= static_cast<int>(lines.size())) {
    std::string_view t = Trim(lines[i - 1]);
    if (!in_block && t.starts_with("//")) {
      t.remove_prefix(t.starts_with("///") ? 3 : 2);
    } else if (!in_block && t.ends_with("*/")) {
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
    if (!t.empty() && !t.starts_with("@")) texts.push_back(std::string(t));
    --i;
  }
  if (texts.empty()) return note;
  std::reverse(texts.begin(), texts.end());
  note.text = Join(texts, " ");
  note.first_line = i + 1;
  note.last_line = line - 1;
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
