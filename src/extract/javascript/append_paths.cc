// Follow the appends to a message local (see append_paths.h).
#include "extract/javascript/append_paths.h"

#include <set>
#include <string_view>

#include "extract/common/ts_util.h"

namespace errdex::js {
namespace {

// Nesting of choices followed; deeper ones are holes (hostile input nests
// thousands of ifs).
constexpr int kMaxChoiceDepth = 8;

bool Holds(TSNode outer, uint32_t pos) {
  return ts_node_start_byte(outer) <= pos && pos < ts_node_end_byte(outer);
}

bool Holds(TSNode outer, TSNode inner) {
  return ts_node_start_byte(outer) <= ts_node_start_byte(inner) &&
         ts_node_end_byte(inner) <= ts_node_end_byte(outer);
}

// A callback (`keys.forEach(k => { msg += .. })`) runs any number of times:
// a loop too.
bool IsLoop(std::string_view t) {
  return t == "for_statement" || t == "for_in_statement" || t == "while_statement" ||
         t == "do_statement" || t == "arrow_function" || t == "function_expression" ||
         t == "function";
}

bool IsChoice(std::string_view t) {
  return t == "if_statement" || t == "switch_statement" || IsLoop(t);
}

class Follower {
 public:
  Follower(TSNode base, uint32_t use_pos, const std::string& name,
           const std::function<Template(TSNode)>& expand)
      : base_(base), use_pos_(use_pos), name_(name), expand_(expand) {}

  // The paths through `appends[from, to)`, all inside `container`.
  std::vector<Template> Paths(const std::vector<TSNode>& appends, size_t from, size_t to,
                              TSNode container, int depth, bool collapse) {
    std::vector<Template> acc(1);
    for (size_t k = from; k < to;) {
      TSNode choice = OutermostChoice(appends[k], container);
      if (ts_node_is_null(choice)) {
        Template v = expand_(appends[k]);
        for (Template& t : acc) t.Append(v);
        ++k;
        continue;
      }
      branched_ = true;
      size_t end = k;
      while (end < to && Holds(choice, appends[end])) ++end;
      std::vector<Template> options;
      bool hole = collapse || depth >= kMaxChoiceDepth || IsLoop(ts::Type(choice));
      if (!hole) options = Options(choice, appends, k, end, depth);
      if (!hole && acc.size() * options.size() > kMaxAppendPaths) hole = true;
      if (hole) {
        for (Template& t : acc) AddHole(&t);
      } else {
        std::vector<Template> next;
        for (const Template& a : acc) {
          for (const Template& o : options) {
            Template t = a;
            t.Append(o);
            next.push_back(std::move(t));
          }
        }
        acc = std::move(next);
      }
      k = end;
    }
    return acc;
  }

  bool branched() const { return branched_; }

 private:
  // The outermost if/switch/loop between `container` and `append` that is
  // a choice here: it holds neither the base assignment nor the use. Found
  // walking down from `container` (ts_node_parent walks from the root).
  TSNode OutermostChoice(TSNode append, TSNode container) const {
    TSNode cur = container;
    for (int i = 0; i < ts::kMaxAncestors; ++i) {
      TSNode next = ts_node_first_child_for_byte(cur, ts_node_start_byte(append));
      if (ts_node_is_null(next) || ts_node_eq(next, append) || !Holds(next, append)) break;
      if (IsChoice(ts::Type(next)) && !Holds(next, use_pos_) && !Holds(next, base_)) return next;
      cur = next;
    }
    return TSNode{};
  }

  // The branches of an if/else-if/else chain or a switch; `exhaustive`
  // when one of them always runs.
  static std::vector<TSNode> Branches(TSNode choice, bool* exhaustive) {
    std::vector<TSNode> out;
    *exhaustive = false;
    if (ts::Type(choice) == "switch_statement") {
      TSNode body = ts_node_child_by_field_name(choice, "body", 4);
      uint32_t n = ts_node_is_null(body) ? 0 : ts_node_named_child_count(body);
      for (uint32_t i = 0; i < n; ++i) {
        TSNode c = ts_node_named_child(body, i);
        out.push_back(c);
        if (ts::Type(c) == "switch_default") *exhaustive = true;
      }
      return out;
    }
    TSNode cur = choice;
    for (int i = 0; i < ts::kMaxAncestors; ++i) {
      out.push_back(ts_node_child_by_field_name(cur, "consequence", 11));
      TSNode alt = ts_node_child_by_field_name(cur, "alternative", 11);
      if (ts_node_is_null(alt)) return out;
      TSNode inner = ts_node_named_child_count(alt) ? ts_node_named_child(alt, 0) : alt;
      if (ts::Type(inner) != "if_statement") {
        out.push_back(inner);
        *exhaustive = true;
        return out;
      }
      cur = inner;
    }
    return out;
  }

  // Each branch's paths, and nothing when no branch must run; distinct.
  std::vector<Template> Options(TSNode choice, const std::vector<TSNode>& appends, size_t from,
                                size_t to, int depth) {
    bool exhaustive = false;
    std::vector<Template> out;
    std::set<std::string> seen;
    auto add = [&](Template t) {
      if (seen.insert(t.Display()).second) out.push_back(std::move(t));
    };
    for (TSNode branch : Branches(choice, &exhaustive)) {
      if (ts_node_is_null(branch)) continue;
      size_t b = from;
      while (b < to && !Holds(branch, appends[b])) ++b;
      size_t e = b;
      while (e < to && Holds(branch, appends[e])) ++e;
      for (Template& t : Paths(appends, b, e, branch, depth + 1, false)) add(std::move(t));
    }
    if (!exhaustive) add(Template());
    return out;
  }

  void AddHole(Template* t) const {
    const std::vector<Piece>& ps = t->pieces();
    if (!ps.empty() && ps.back().is_hole && ps.back().expr == name_) return;
    t->AddHole("${" + name_ + "}", name_);
  }

  TSNode base_;
  uint32_t use_pos_;
  const std::string& name_;
  const std::function<Template(TSNode)>& expand_;
  bool branched_ = false;
};

}  // namespace

AppendPaths FollowAppends(TSNode base, const std::vector<TSNode>& appends, uint32_t use_pos,
                          const std::string& name,
                          const std::function<Template(TSNode append)>& expand) {
  AppendPaths out;
  if (appends.empty()) {
    out.paths.emplace_back();
    return out;
  }
  TSNode root = ts::Root(base);
  Follower f(base, use_pos, name, expand);
  out.collapsed = f.Paths(appends, 0, appends.size(), root, 0, true)[0];
  out.branched = f.branched();
  if (!out.branched) {
    out.paths.push_back(out.collapsed);
    return out;
  }
  std::set<std::string> seen;
  for (Template& t : f.Paths(appends, 0, appends.size(), root, 0, false)) {
    if (out.paths.size() < kMaxAppendPaths && seen.insert(t.Display()).second) {
      out.paths.push_back(std::move(t));
    }
  }
  return out;
}

}  // namespace errdex::js
