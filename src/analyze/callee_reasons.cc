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

// A name a receiver's library may define as well (`Read`, `indexOf`): only
// names of three or more words (`toBigInt`, `load_index_file`) are tied to
// the repository's definition when the call is on a value.
bool Distinctive(const std::string& name) {
  if (std::count(name.begin(), name.end(), '_') >= 2) return true;
  int humps = 0;
  for (size_t i = 1; i < name.size(); ++i) {
    humps += std::isupper(static_cast<unsigned char>(name[i])) &&
             std::islower(static_cast<unsigned char>(name[i - 1]));
  }
  return humps >= 2;
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

std::string Article(const std::string& word) {
  return !word.empty() && std::string_view("AEIOUaeiou").find(word[0]) != std::string_view::npos
             ? "an"
             : "a";
}

struct Definition {
  std::set<std::string> files;
  bool method = false;  // defined with a class or receiver somewhere
  // The class or receiver type of each definition that has one, by file.
  std::multimap<std::string, std::string> classes;
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

// The file whose definition of a function a call in r's file reaches, or ""
// when that is not certain. `Type.f()` reaches Type's f; `pkg.F()` the F of
// the package directory pkg; `x.f()` on a value of unknown type only a
// method of a distinctive name defined once; `f()` the caller's file's own
// f first, else the only one.
std::string DefiningFile(const Record& r, const std::string& name, const Definition& d,
                         std::string qualifier) {
  if (size_t cut = qualifier.find_last_of(".>:"); cut != std::string::npos) {
    qualifier = qualifier.substr(cut + 1);
  }
  bool bare = qualifier.empty() || qualifier == "this" || qualifier == "self";
  if (bare) {
    if (d.files.count(r.file_path)) return r.file_path;
    return d.files.size() == 1 ? *d.files.begin() : "";
  }
  if (std::isupper(static_cast<unsigned char>(qualifier[0]))) {
    auto [first, last] = d.classes.equal_range(qualifier);
    if (first == last || std::next(first) != last) {
      // A Go package is lower-case; an upper-case qualifier that names no
      // class defining f is another library's.
      return "";
    }
    return first->second;
  }
  if (d.files.size() != 1) return "";
  const std::string& file = *d.files.begin();
  if (qualifier == PackageDirectory(file)) return file;
  return d.method && Distinctive(name) ? file : "";
}

// The repository's functions and the records each reports.
class Callees {
 public:
  Callees(const std::vector<FileFacts>& facts, const std::vector<Record>& records) {
    for (const FileFacts& f : facts) {
      for (const FunctionFact& fn : f.functions) {
        std::string name = fn.short_name.empty() ? FunctionShortName(fn.name) : fn.short_name;
        Definition& d = defs_[name];
        d.files.insert(f.path);
        d.method |= !fn.cls.empty() || fn.name.find('.') != std::string::npos;
        if (!fn.cls.empty()) d.classes.emplace(ClassShortName(fn.cls), f.path);
      }
      for (const std::string& n : f.link_names) defs_[n].files.insert(f.path);
    }
    for (const Record& r : records) {
      if (r.function.empty() || !Reports(r)) continue;
      by_function_[{r.file_path, FunctionShortName(r.function)}].push_back(&r);
    }
  }

  // What the function `call` (as written in r's file) reports itself,
  // limited to raises of the `caught` classes when the caller catches what
  // it throws; `name` is set to its short name. Empty when the call is not
  // tied to one function of the repository.
  struct Reasons {
    std::string name;
    std::vector<std::string> texts;  // “message” (line)
    std::vector<std::string> cited;  // file:line
    size_t total = 0;
  };
  Reasons Of(const Record& r, const std::string& call, bool thrown,
             const std::vector<std::string>& caught) const {
    Reasons out;
    std::string qualifier;
    std::string name = ShortName(call, &qualifier);
    if (name.empty() || name == FunctionShortName(r.function)) return out;
    auto d = defs_.find(name);
    if (d == defs_.end()) return out;
    std::string file = DefiningFile(r, name, d->second, qualifier);
    if (file.empty()) return out;
    auto it = by_function_.find({file, name});
    if (it == by_function_.end()) return out;
    bool any_class = std::any_of(caught.begin(), caught.end(), [](const std::string& c) {
      return c == "Exception" || c == "Throwable" || c == "StandardError" || c == "Error" ||
             c == "exception" || c == "BaseException";
    });
    std::set<std::string> seen;
    for (const Record* c : it->second) {
      if (thrown && c->kind != "raise") continue;
      if (!caught.empty() && !any_class &&
          std::find(caught.begin(), caught.end(), ClassShortName(c->error_class)) == caught.end()) {
        continue;
      }
      if (c->error_message == r.error_message || !seen.insert(c->error_message).second) continue;
      ++out.total;
      if (out.texts.size() < kMaxReasons) {
        // A raise with no text of its own shows its class (composer's
        // `throw new SolverProblemsException($problems, ..)`).
        std::string text =
            c->error_message == c->error_class || c->error_message == ClassShortName(c->error_class)
                ? Article(ClassShortName(c->error_class)) + " `" + ClassShortName(c->error_class) +
                      "`"
                : "\u201c" + Shorten(c->error_message) + "\u201d";
        out.texts.push_back(text + " (" +
                            (c->file_path == r.file_path ? "line " : c->file_path + ":") +
                            std::to_string(c->line_number) + ")");
        out.cited.push_back(c->file_path + ":" + std::to_string(c->line_number));
      }
    }
    out.name = name;
    return out;
  }

 private:
  std::map<std::string, Definition> defs_;
  std::map<std::pair<std::string, std::string>, std::vector<const Record*>> by_function_;
};

// "the `A` or `B` it throws is caught at line N": A and B, short.
std::vector<std::string> CaughtClasses(const std::string& sol) {
  static const std::regex kCaught(R"(: the `(.+)` (it throws is caught|caught) at line)");
  std::vector<std::string> out;
  std::smatch c;
  if (!std::regex_search(sol, c, kCaught)) return out;
  std::string list = c[1];
  for (size_t at = 0; at < list.size();) {
    size_t end = list.find("` or `", at);
    out.push_back(ClassShortName(list.substr(at, end == std::string::npos ? end : end - at)));
    at = end == std::string::npos ? list.size() : end + 6;
  }
  return out;
}

std::string WithReasons(const std::string& sol, const Callees::Reasons& why) {
  std::string text =
      sol + "; `" + why.name +
      "()` reports its own errors, and the one it gave says why: " + Join(why.texts, ", ");
  size_t more = why.total - why.texts.size();
  if (more > 0) text += " or " + std::to_string(more) + " other" + (more == 1 ? "" : "s");
  return text;
}

}  // namespace

void AddCalleeReasons(const std::vector<FileFacts>& facts, std::vector<Record>* records) {
  // "Find out why `f()` failed (called at line N): this error reports that
  // `x->f(a)` returned ..." and "Find out why `x.f(a)` fails (called at
  // line N)": the call as written is the one before "returned", or the
  // first one. "Find out which of `a()` (line 8) or `b()` (line 9) fails:
  // the `X` caught at line 10 ...": the one call whose function throws X.
  static const std::regex kFailed(
      R"(^Find out why `([^`]+)` (failed|fails) \(called at line \d+\))");
  static const std::regex kWritten(R"(reports that `([^`]+)` returned)");
  static const std::regex kListed(
      R"(^Find out which of ((`[^`]+\(\)` \(line \d+\)(, | or ))+`[^`]+\(\)` \(line \d+\)) fails: the (.+) caught at line (\d+) comes from one of them)");
  static const std::regex kEach(R"(`([^`]+)\(\)` \(line (\d+)\))");
  const Callees callees(facts, *records);
  // Only solutions and provenance change below: the records Callees
  // points to keep their messages.
  for (Record& r : *records) {
    for (std::string& sol : r.solutions) {
      std::vector<std::string> caught = CaughtClasses(sol);
      bool thrown = sol.find(" caught at line ") != std::string::npos;
      Callees::Reasons why;
      std::smatch m;
      if (std::regex_search(sol, m, kFailed)) {
        std::string call = m[1];
        if (std::smatch w; std::regex_search(sol, w, kWritten)) call = w[1];
        why = callees.Of(r, call, thrown, caught);
        if (why.texts.empty()) continue;
        sol = WithReasons(sol, why);
      } else if (std::regex_search(sol, m, kListed)) {
        // The one listed call whose function throws what is caught.
        std::string list = m[1], call, line;
        int found = 0;
        for (std::sregex_iterator e(list.begin(), list.end(), kEach), end; e != end; ++e) {
          Callees::Reasons each = callees.Of(r, (*e)[1], thrown, caught);
          if (each.texts.empty()) continue;
          ++found;
          why = each;
          call = (*e)[1];
          line = (*e)[2];
        }
        if (found != 1) continue;
        std::string one = "Find out why `" + call + "()` fails (called at line " + line +
                          "): the " + m[4].str() + " it throws is caught at line " + m[5].str() +
                          " and reported here";
        sol = WithReasons(one, why);
      } else {
        continue;
      }
      nlohmann::json& lines = r.provenance["solutions"];
      if (!lines.is_array()) lines = nlohmann::json::array();
      for (const std::string& c : why.cited) lines.push_back(c);
      break;
    }
  }
}

}  // namespace errdex
