// Walk positions and assignment indexes. See local_assignments.h.
#include "extract/common/local_assignments.h"

namespace errdex {
namespace {

constexpr size_t kMaxAssignmentsPerName = 256;

// The nodes strictly between `top` and its descendant `n`, innermost first,
// found by descending from `top` (cheap: `top` is near `n`).
std::vector<TSNode> PathDown(TSNode top, TSNode n) {
  std::vector<TSNode> down;
  TSTreeCursor c = ts_tree_cursor_new(top);
  for (int i = 0; i < ts::kMaxAncestors; ++i) {
    if (ts_tree_cursor_goto_first_child_for_byte(&c, ts_node_start_byte(n)) < 0) break;
    TSNode k = ts_tree_cursor_current_node(&c);
    while (!WalkPosition::Contains(k, n) && ts_tree_cursor_goto_next_sibling(&c)) {
      k = ts_tree_cursor_current_node(&c);
    }
    if (!WalkPosition::Contains(k, n) || ts_node_eq(k, n)) break;
    down.push_back(k);
  }
  ts_tree_cursor_delete(&c);
  std::reverse(down.begin(), down.end());
  return down;
}

}  // namespace

std::vector<TSNode> WalkPosition::AncestorsOf(TSNode n) const {
  std::vector<TSNode> out;
  if (ancestors_ && Contains(current_, n)) {
    if (!ts_node_eq(n, current_)) {
      out = PathDown(current_, n);
      out.push_back(current_);
    }
    out.insert(out.end(), ancestors_->rbegin(), ancestors_->rend());
    if (out.size() > static_cast<size_t>(ts::kMaxAncestors)) out.resize(ts::kMaxAncestors);
    return out;
  }
  for (int i = 0; i < ts::kMaxAncestors; ++i) {
    n = ts_node_parent(n);
    if (ts_node_is_null(n)) break;
    out.push_back(n);
  }
  return out;
}

TSNode WalkPosition::ScopeOf(TSNode n, bool (*is_function)(TSNode)) const {
  std::vector<TSNode> up = AncestorsOf(n);
  for (TSNode a : up) {
    if (is_function(a)) return a;
  }
  return up.empty() ? n : up.back();
}

void AssignmentIndex::OnVisit(TSNode n, const std::vector<TSNode>& ancestors) {
  for (auto it = ancestors.rbegin(); it != ancestors.rend(); ++it) {
    if (is_function_(*it)) {
      IndexNode(n, it->id, &locals_);
      return;
    }
  }
}

std::vector<Assignment> AssignmentIndex::To(TSNode scope, const std::string& name, uint32_t pos,
                                            const WalkPosition& walk) {
  const Index* index = &locals_;
  Index fresh;
  if (scope.id == root_.id) {
    if (!fields_indexed_) {
      fields_indexed_ = true;
      IndexOutsideFunctions(root_, root_.id, &fields_);
    }
    index = &fields_;
  } else if (WalkPosition::Contains(walk.current(), scope)) {
    IndexOutsideFunctions(scope, scope.id, &fresh);
    index = &fresh;
  }
  std::vector<Assignment> out;
  auto it = index->by_name.find(name);
  if (it == index->by_name.end() || index->overflowed.count(name)) return out;
  for (const Assignment& a : it->second) {
    if (ts_node_start_byte(a.node) >= pos) break;
    if (a.scope == scope.id) out.push_back(a);
  }
  return out;
}

// Indexes the assignments under `top` that no nested function holds.
void AssignmentIndex::IndexOutsideFunctions(TSNode top, const void* scope, Index* index) {
  TSTreeCursor c = ts_tree_cursor_new(top);
  bool descend = true;
  while (true) {
    TSNode n = ts_tree_cursor_current_node(&c);
    if (descend) IndexNode(n, scope, index);
    bool enter = descend && (ts_node_eq(n, top) || !is_function_(n));
    if (enter && ts_tree_cursor_goto_first_child(&c)) continue;
    if (ts_tree_cursor_goto_next_sibling(&c)) {
      descend = true;
      continue;
    }
    if (!ts_tree_cursor_goto_parent(&c)) break;
    descend = false;
  }
  ts_tree_cursor_delete(&c);
}

void AssignmentIndex::IndexNode(TSNode n, const void* scope, Index* index) {
  std::string_view name;
  TSNode value{};
  bool append = false;
  if (!read_(n, &name, &value, &append)) return;
  auto& list = index->by_name[std::string(name)];
  if (list.size() < kMaxAssignmentsPerName) {
    list.push_back({n, value, append, scope});  // source order
  } else {
    index->overflowed.insert(std::string(name));
  }
}

BranchPath IfSwitchBranchPath(TSNode n, const std::vector<TSNode>& ancestors,
                              bool (*is_function)(TSNode), std::string_view src,
                              std::string_view switch_body,
                              const std::vector<std::string_view>& sections) {
  BranchPath path;
  TSNode child = n;
  for (TSNode parent : ancestors) {
    if (is_function(parent)) break;
    std::string_view type = ts::Type(parent);
    if (type == "if_statement") {
      TSNode other = ts::Field(parent, "alternative");
      bool then = ts_node_eq(ts::Field(parent, "consequence"), child);
      if (then || ts_node_eq(other, child)) {
        path.push_back({parent.id, then ? 0 : 1, !ts_node_is_null(other)});
      }
    } else if (type == switch_body) {
      BranchStep step{parent.id, -1, false};
      int index = 0;
      for (uint32_t k = 0; k < ts_node_named_child_count(parent); ++k) {
        TSNode section = ts_node_named_child(parent, k);
        std::string_view t = ts::Type(section);
        if (std::find(sections.begin(), sections.end(), t) == sections.end()) continue;
        if (ts_node_eq(section, child)) step.branch = index;
        step.exhaustive = step.exhaustive || ts::Text(section, src).substr(0, 7) == "default";
        ++index;
      }
      if (step.branch >= 0) path.push_back(step);
    }
    child = parent;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace errdex
