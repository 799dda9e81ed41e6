// Callee reasons (see callee_reasons.h). The callee is found by its short
// name among the functions the repository defines; a name defined in more
// than one file (a `parse` of every module) is left alone unless the
// caller's own file defines it, since tying the call to the wrong function
// would list another function's errors.
#include "analyze/callee_reasons.h"

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <string>

#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxReasons = 3;
constexpr size_t kMaxReasonText = 100;

// "x.f", "x->f", "ns::f", "f::<T>" -> "f"; the part before it in *qualifier.
std::string ShortName(std::string call, std::string* qualifier) {
  call = call.substr(0, call.find('('));
  if (size_t g = call.find("::<"); g != std::string::npos) call.erase(g);
  size_t cut = std::string::npos;
  for (const char* sep : {".", "->", "::"}) {
    size_t at = call.rfind(sep);
    if (at != std::string::npos && (cut == std::string::npos || at > cut)) {
      cut = at + std::string_view(sep).size();
    }
  }
  if (cut == std::string::npos) {
    qualifier->clear();
    return call;
  }
  *qualifier = call.substr(0, call.find_last_not_of(".:->", cut - 1) + 1);
  return call.substr(cut);
}

// A name a receiver's library may define as well (`Read`, `open`): only
// names of two or more words are tied to the repository's definition when
// the call is on a receiver.
bool Distinctive(const std::string& name) {
  if (name.find('_') != std::string::npos && name.size() > 4) return true;
  int humps = 0;
  for (size_t i = 1; i < name.size(); ++i) {
    humps += std::isupper(static_cast<unsigned char>(name[i])) &&
             std::islower(static_cast<unsigned char>(name[i - 1]));
  }
  return humps >= 1 && name.size() >= 6;
}

std::string FunctionShortName(const std::string& function) {
  std::string q;
  return ShortName(function, &q);
}

// The directory a Go package is imported by: "pkg/repo/v1/index.go" ->
// "repo" (a major-version directory names no package).
std::string PackageDirectory(const std::string& file) {
  size_t slash = file.rfind('/');
  if (slash == std::string::npos) return "";
  std::string dir = file.substr(0, slash);
  static const std::regex kVersion(R"(v\d+)");
  for (int hop = 0; hop < 2; ++hop) {
    size_t cut = dir.rfind('/');
    std::string base = cut == std::string::npos ? dir : dir.substr(cut + 1);
    if (hop == 0 && cut != std::string::npos && std::regex_match(base, kVersion)) {
      dir = dir.substr(0, cut);
      continue;
    }
    return base;
  }
  return "";
}

struct Definition {
  std::set<std::string> files;
  bool method = false;  // defined with a class or receiver somewhere
};

// What a record reports that a caller sees: errors, not warnings or notes.
bool Reports(const Record& r) {
  return r.kind != "warning" && r.kind != "assert" && r.severity != "warning" &&
         r.severity != "info" && r.severity != "debug";
}

std::string Shorten(const std::string& message) {
  std::string m = CollapseSpace(message);
  if (m.size() <= kMaxReasonText) return m;
  size_t cut = kMaxReasonText;
  while (cut > 0 && (static_cast<unsigned char>(m[cut]) & 0xC0) == 0x80) --cut;
  return m.substr(0, cut) + "\u2026";
}

}  // namespace

void AddCalleeReasons(const std::vector<FileFacts>& facts, std::vector<Record>* records) {
  // "Find out why `f()` failed (called at line N): this error reports that
  // `x->f(a)` returned ..." and "Find out why `x.f(a)` fails (called at
  // line N)": the call as written is the last backticked call before
  // "returned", or the first one.
  static const std::regex kFailed(
      R"(^Find out why `([^`]+)` (failed|fails) \(called at line \d+\))");
  static const std::regex kWritten(R"(reports that `([^`]+)` returned)");
  std::map<std::string, Definition> defs;
  for (const FileFacts& f : facts) {
    for (const FunctionFact& fn : f.functions) {
      std::string name = fn.short_name.empty() ? FunctionShortName(fn.name) : fn.short_name;
      Definition& d = defs[name];
      d.files.insert(f.path);
      d.method |= !fn.cls.empty() || fn.name.find('.') != std::string::npos;
    }
    for (const std::string& n : f.link_names) defs[n].files.insert(f.path);
  }
  // The records each (file, short function name) reports.
  std::map<std::pair<std::string, std::string>, std::vector<const Record*>> by_function;
  for (const Record& r : *records) {
    if (r.function.empty() || !Reports(r)) continue;
    by_function[{r.file_path, FunctionShortName(r.function)}].push_back(&r);
  }
  // Only solutions and provenance change below: the pointers in
  // by_function and the messages they read stay valid.
  for (Record& r : *records) {
    for (std::string& sol : r.solutions) {
      std::smatch m;
      if (!std::regex_search(sol, m, kFailed)) continue;
      std::string call = m[1];
      if (std::smatch w; std::regex_search(sol, w, kWritten)) call = w[1];
      std::string qualifier;
      std::string name = ShortName(call, &qualifier);
      if (name.empty() || name == FunctionShortName(r.function)) continue;
      auto d = defs.find(name);
      if (d == defs.end()) continue;
      std::string file;
      if (d->second.files.count(r.file_path)) {
        file = r.file_path;
      } else if (d->second.files.size() == 1) {
        file = *d->second.files.begin();
      } else {
        continue;
      }
      // On a receiver or a package, only a method of a distinctive name
      // or a call qualified by the defining file's package directory.
      if (!qualifier.empty()) {
        bool package_call = qualifier == PackageDirectory(file);
        if (!package_call && !(d->second.method && Distinctive(name))) continue;
      }
      auto it = by_function.find({file, name});
      if (it == by_function.end()) continue;
      std::vector<std::string> reasons;
      std::vector<std::string> cited;
      std::set<std::string> seen;
      size_t total = 0;
      for (const Record* c : it->second) {
        if (c->error_message == r.error_message || !seen.insert(c->error_message).second) continue;
        ++total;
        if (reasons.size() < kMaxReasons) {
          reasons.push_back("\u201c" + Shorten(c->error_message) + "\u201d (" +
                            (c->file_path == r.file_path ? "" : c->file_path + ":") +
                            (c->file_path == r.file_path ? "line " : "") +
                            std::to_string(c->line_number) + ")");
          cited.push_back(c->file_path + ":" + std::to_string(c->line_number));
        }
      }
      if (reasons.empty()) continue;
      std::string text = sol + "; `" + name +
                         "()` reports its own errors, and the one it gave "
                         "says why: " +
                         Join(reasons, ", ");
      if (total > reasons.size()) {
        text += " or " + std::to_string(total - reasons.size()) + " other" +
                (total - reasons.size() == 1 ? "" : "s");
      }
      sol = std::move(text);
      nlohmann::json& lines = r.provenance["solutions"];
      if (!lines.is_array()) lines = nlohmann::json::array();
      for (const std::string& c : cited) lines.push_back(c);
      break;
    }
  }
}

}  // namespace errdex
