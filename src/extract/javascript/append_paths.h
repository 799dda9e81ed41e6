// Messages a JavaScript local builds with `+=`, some of it in branches
// (webpack's ModuleParseError: `let message = 'Module parse failed: ..'`,
// then `message += ..` in each arm of an if/else-if/else on the loaders;
// mongoose's `ret += ' for model ..'` when a model is known). Appending
// every `+=` in source order gives a text no run prints; this reads the
// appends as paths: an if/else chain or a switch is one choice among its
// branches (or none, without a final else), a loop is a hole, and the
// paths are the combinations of choices. The extractor builds the values.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "errdex/template.h"

namespace errdex::js {

// At most this many paths; past it a choice is a hole.
constexpr size_t kMaxAppendPaths = 8;

struct AppendPaths {
  // What the appends add on each path (without the base value), at most
  // kMaxAppendPaths, distinct; one when nothing is in a branch.
  std::vector<Template> paths;
  // All paths in one: each choice a hole named by the local.
  Template collapsed;
  bool branched = false;  // some append is in a branch
};

// `base`: the local's last plain assignment; `appends`: its `+=`s after
// `base` and before `use_pos`, in source order (the value of each read by
// `expand`). A branch holding `base` or the use is taken, not a choice.
AppendPaths FollowAppends(TSNode base, const std::vector<TSNode>& appends, uint32_t use_pos,
                          const std::string& name,
                          const std::function<Template(TSNode append)>& expand);

}  // namespace errdex::js
