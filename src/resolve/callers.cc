// Callers (see callers.h). Depth-first upward walk with the path kept to
// avoid cycles; bounded by depth and by the number of chains kept.
#include "resolve/callers.h"

#include <algorithm>
#include <functional>

namespace errdex {

std::string ShortName(const std::string& qualified) {
  size_t dot = qualified.rfind('.');
  return dot == std::string::npos ? qualified : qualified.substr(dot + 1);
}

void CallGraph::Add(const FileFacts& facts) {
  for (const CallFact& c : facts.calls) {
    callers_[c.callee].push_back({c.caller, facts.path, c.line});
  }
  for (const FunctionFact& f : facts.functions) defs_[f.short_name].emplace_back(facts.path, f);
}

int CallGraph::Definitions(const std::string& short_name) const {
  auto it = defs_.find(short_name);
  return it == defs_.end() ? 0 : static_cast<int>(it->second.size());
}

const FunctionFact* CallGraph::Find(const std::string& function, const std::string& file) const {
  auto it = defs_.find(ShortName(function));
  if (it == defs_.end()) return nullptr;
  for (const auto& [path, f] : it->second) {
    if (path == file && f.name == function) return &f;
  }
  return nullptr;
}

bool CallGraph::IsEntry(const Hop& hop) {
  if (hop.function.empty() || !hop.route.empty()) return true;
  std::string s = ShortName(hop.function);
  return s == "main" || s == "__post_init__" || s == "__init__" || s == "__call__";
}

std::vector<CallChain> CallGraph::ChainsTo(const std::string& function,
                                           const std::string& file) const {
  std::vector<CallChain> entries, partial;
  std::vector<Hop> path;  // innermost first while walking
  // Popular names (`get`, `run`) fan out fast: a step budget keeps the walk
  // linear in practice whatever the graph looks like.
  int budget = 2000;
  auto hop_for = [&](const std::string& fn, const std::string& path_of) {
    Hop h;
    h.function = fn;
    h.file = path_of;
    if (const FunctionFact* f = fn.empty() ? nullptr : Find(fn, path_of)) {
      h.def_line = f->line;
      h.route = f->route;
    }
    return h;
  };
  std::function<void(int)> walk = [&](int depth) {
    if (entries.size() >= kMaxChains || partial.size() >= 64 || --budget < 0) return;
    const Hop& top = path.back();
    bool stop = path.size() > 1 && IsEntry(top);
    auto it = stop || top.function.empty() ? callers_.end() : callers_.find(ShortName(top.function));
    bool extended = false;
    if (it != callers_.end() && depth < kMaxDepth) {
      for (const Caller& c : it->second) {
        bool cycle = std::any_of(path.begin(), path.end(), [&](const Hop& h) {
          return h.function == c.function && h.file == c.file && !c.function.empty();
        });
        if (cycle) continue;
        Hop h = hop_for(c.function, c.file);
        h.call_line = c.line;
        path.push_back(h);
        walk(depth + 1);
        path.pop_back();
        extended = true;
        if (entries.size() >= kMaxChains) return;
      }
    }
    if (!extended && path.size() > 1) {
      CallChain chain;
      chain.hops.assign(path.rbegin(), path.rend());
      chain.reaches_entry = IsEntry(chain.hops.front());
      (chain.reaches_entry ? entries : partial).push_back(std::move(chain));
    }
  };
  path.push_back(hop_for(function, file));
  walk(0);
  for (CallChain& c : partial) {
    if (entries.size() >= kMaxChains) break;
    entries.push_back(std::move(c));
  }
  return entries;
}

}  // namespace errdex
