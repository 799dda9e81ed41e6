// Messages held in variables, for the extractors of languages whose
// messages are often built into a local or a field first (Java, Kotlin,
// C#): the walk's position (which gives any node's ancestors without
// ts_node_parent), an index of assignments by name and scope, and the rule
// that turns a variable's assignments into one template.
#pragma once

#include <tree_sitter/api.h>

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/template.h"
#include "extract/common/branch_choices.h"
#include "extract/common/ts_util.h"

namespace errdex {

struct Assignment {
  TSNode node;                  // the assignment or declarator
  TSNode value;                 // the assigned expression
  bool append = false;          // +=
  const void* scope = nullptr;  // id of the innermost function holding it, else the root
};

// The node a pre-order walk is visiting and its ancestors (root first).
// ts_node_parent searches down from the root on every call in tree-sitter
// 0.20, so ancestors of nodes at or below the visited one come from here.
class WalkPosition {
 public:
  void Set(TSNode current, const std::vector<TSNode>* ancestors) {
    current_ = current;
    ancestors_ = ancestors;
  }
  void Clear() { ancestors_ = nullptr; }
  TSNode current() const { return current_; }
  // The visited node's ancestors, root first; null outside the walk.
  const std::vector<TSNode>* ancestors() const { return ancestors_; }

  // The ancestors of `n`, innermost first: from the walk's stack when `n` is
  // at or below the visited node, else by ts_node_parent.
  std::vector<TSNode> AncestorsOf(TSNode n) const;
  // The innermost ancestor of `n` for which `is_function` holds, else the
  // root (or `n` itself when it is the root).
  TSNode ScopeOf(TSNode n, bool (*is_function)(TSNode)) const;

  static bool Contains(TSNode outer, TSNode inner) {
    return ts_node_start_byte(outer) <= ts_node_start_byte(inner) &&
           ts_node_end_byte(inner) <= ts_node_end_byte(outer);
  }

 private:
  TSNode current_{};
  const std::vector<TSNode>* ancestors_ = nullptr;
};

// Reads the assignment node `n` makes, if any: the name assigned, the value
// and whether it appends (`+=`).
using AssignmentReader =
    std::function<bool(TSNode n, std::string_view* name, TSNode* value, bool* append)>;

// The assignment index of one file. Assignments inside functions are added
// as the walk meets them: a lookup only needs those before its site, which
// the pre-order walk has passed. Fields and constants (outside any function)
// may be declared below their use: they are indexed on first need by a walk
// that skips function bodies. A scope the walk has not reached yet (a lambda
// inside the node being visited) is indexed on the spot.
class AssignmentIndex {
 public:
  AssignmentIndex(TSNode root, bool (*is_function)(TSNode), AssignmentReader read)
      : root_(root), is_function_(is_function), read_(std::move(read)) {}

  // Called by the walk for a node that may assign; `ancestors` root first.
  void OnVisit(TSNode n, const std::vector<TSNode>& ancestors);
  // Assignments to `name` directly in `scope` before `pos`, in source order.
  std::vector<Assignment> To(TSNode scope, const std::string& name, uint32_t pos,
                             const WalkPosition& walk);

 private:
  struct Index {
    std::map<std::string, std::vector<Assignment>> by_name;
    std::set<std::string> overflowed;  // past the cap: given up on, not resolved stale
  };
  void IndexOutsideFunctions(TSNode top, const void* scope, Index* index);
  void IndexNode(TSNode n, const void* scope, Index* index);

  TSNode root_;
  bool (*is_function_)(TSNode);
  AssignmentReader read_;
  Index locals_, fields_;
  bool fields_indexed_ = false;
};

// The if/else statements and switch sections around `n` inside its
// function, outermost first: which branch holds it (branch_choices.h), for
// grammars whose `if_statement` has `consequence`/`alternative` fields
// (C#, Java; an `else if` is an `if` inside the outer one's else branch).
// `ancestors` are n's, innermost first; a switch is a node of type
// `switch_body` whose children of a type in `sections` are its branches, a
// section whose text starts with "default" making it exhaustive.
BranchPath IfSwitchBranchPath(TSNode n, const std::vector<TSNode>& ancestors,
                              bool (*is_function)(TSNode), std::string_view src,
                              std::string_view switch_body,
                              const std::vector<std::string_view>& sections);

// When `=`s of a local sit in branches (`if (..) message = "a"; else
// message = "b";`), the assignments that reach its use (whose path is
// `use_path`) in the branch the current choice of `choices` takes;
// `assigns` (all before the use, source order) is left alone otherwise.
// `path_of(node)` gives an assignment's BranchPath.
template <typename PathOf>
void ChooseReachingAssignments(std::vector<Assignment>* assigns, PathOf&& path_of,
                               const BranchPath& use_path, BranchChoices* choices) {
  // One plain assignment is the value whichever branch holds it.
  if (std::count_if(assigns->begin(), assigns->end(),
                    [](const Assignment& a) { return !a.append; }) < 2) {
    return;
  }
  std::vector<BranchPath> owned;
  bool branched = false;
  for (const Assignment& a : *assigns) {
    owned.push_back(path_of(a.node));
    branched = branched || (!a.append && !owned.back().empty());
  }
  if (!branched) return;
  std::vector<const BranchPath*> paths;
  std::vector<bool> appends;
  for (size_t i = 0; i < assigns->size(); ++i) {
    paths.push_back(&owned[i]);
    appends.push_back((*assigns)[i].append);
  }
  std::optional<std::vector<ReachingValue>> values = ReachingValues(paths, appends, use_path);
  if (!values || values->empty()) return;
  std::vector<Assignment> chosen;
  for (size_t i : ChooseValue(*values, choices).assigns) chosen.push_back((*assigns)[i]);
  *assigns = std::move(chosen);
}

// A variable's value from its assignments: the last plain one, then the
// `+=`s after it. `expand(value, pos)` builds one value's template, `pos`
// being where that assignment starts. nullopt when no assignment is plain,
// on a cycle (`resolving` holds the assignments being expanded: constants
// defined from each other) or when the result has no literal text. The
// outermost variable (an empty `*note`) is the one the note names.
template <typename Expand>
std::optional<Template> CombineAssignments(const std::vector<Assignment>& assigns,
                                           const std::string& name,
                                           std::vector<const void*>* resolving, std::string* note,
                                           Expand&& expand) {
  int last_plain = -1;
  for (int i = 0; i < static_cast<int>(assigns.size()); ++i) {
    if (!assigns[i].append) last_plain = i;
  }
  if (last_plain < 0) return std::nullopt;
  bool outermost = note->empty();
  const Assignment& a = assigns[last_plain];
  if (std::find(resolving->begin(), resolving->end(), a.node.id) != resolving->end()) {
    return std::nullopt;
  }
  resolving->push_back(a.node.id);
  Template out = expand(a.value, ts_node_start_byte(a.node));
  for (size_t i = last_plain + 1; i < assigns.size() && out.HasLiteralText(); ++i) {
    out.Append(expand(assigns[i].value, ts_node_start_byte(assigns[i].node)));
  }
  resolving->pop_back();
  if (!out.HasLiteralText()) return std::nullopt;
  // The variable the site names is the one to point at, not a constant its
  // value was built from.
  if (outermost) {
    *note = "message assigned to `" + name + "` at line " + std::to_string(ts::Line(a.node));
  }
  return out;
}

}  // namespace errdex
