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
    callers_[c.callee].push_back({c.caller, facts.path, c.receiver, c.line});
  }
  for (const FunctionFact& f : facts.functions) defs_[f.short_name].emplace_back(facts.path, f);
}

int CallGraph::CallsNamed(const std::string& short_name) const {
  auto it = callers_.find(short_name);
  return it == callers_.end() ? 0 : static_cast<int>(it->second.size());
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

bool CallGraph::CanCall(const Caller& c, const std::string& callee, const std::string& file) const {
  const FunctionFact* f = Find(callee, file);
  bool method = f && !f->params.empty() && (f->params[0] == "self" || f->params[0] == "cls");
  if (!method) {
    if (c.receiver == "self" || c.receiver == "cls") return false;
    // A bare name means the caller's own module's function when it has one.
    if (c.receiver.empty() && c.file != file && f) {
      for (const auto& [path, other] : defs_.find(f->short_name)->second) {
        if (path == c.file) return false;
      }
    }
    return true;
  }
  std::string cls = callee.substr(0, callee.size() - f->short_name.size());  // "Class."
  if (c.receiver == "self" || c.receiver == "cls") {
    return c.file == file && c.function.starts_with(cls);
  }
  if (c.receiver.empty()) return false;  // a bare name cannot call a method
  // `obj.name()` on an unknown object: only a name nothing else defines, and
  // not one the built-in types use (`text.find()` is str.find).
  static const char* const kBuiltinMethods[] = {
      "find",   "get",    "items", "keys",   "values",     "append",    "extend", "pop",
      "update", "join",   "split", "strip",  "replace",    "format",    "read",   "write",
      "close",  "open",   "copy",  "index",  "count",      "add",       "remove", "clear",
      "encode", "decode", "lower", "upper",  "startswith", "endswith",  "send",   "run",
      "start",  "stop",   "put",   "insert", "sort",       "setdefault"};
  for (const char* b : kBuiltinMethods) {
    if (f->short_name == b) return false;
  }
  return Definitions(f->short_name) == 1;
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
      // The header as Python spells it: enough to tell a method (`self`)
      // and to name the parameters.
      std::string params;
      for (const std::string& p : f->params) params += (params.empty() ? "" : ", ") + p;
      h.header = "def " + f->short_name + "(" + params + "):";
    }
    return h;
  };
  std::function<void(int)> walk = [&](int depth) {
    if (entries.size() >= kMaxChains || partial.size() >= 64 || --budget < 0) return;
    const Hop top = path.back();  // a copy: the loop below grows `path`
    bool stop = path.size() > 1 && IsEntry(top);
    auto it =
        stop || top.function.empty() ? callers_.end() : callers_.find(ShortName(top.function));
    bool extended = false;
    bool at_limit = depth >= kMaxDepth;
    if (it != callers_.end() && depth < kMaxDepth) {
      for (const Caller& c : it->second) {
        bool cycle = std::any_of(path.begin(), path.end(), [&](const Hop& h) {
          return h.function == c.function && h.file == c.file && !c.function.empty();
        });
        if (cycle || !CanCall(c, top.function, top.file)) continue;
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
      chain.depth_limited = at_limit;
      std::string outer = ShortName(chain.hops.front().function);
      if (!chain.reaches_entry && !at_limit && !outer.starts_with("_")) {
        chain.public_api = chain.reaches_entry = true;
      }
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
