// Documented cause (see documented_cause.h).
#include "analyze/documented_cause.h"

#include <algorithm>
#include <map>
#include <regex>
#include <set>

#include "analyze/record_builder.h"
#include "resolve/class_docs.h"
#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxCause = 240;

// Words that make a cause say only that something went wrong.
bool Vacuous(const std::string& lower) {
  for (const char* w : {"error", "exception", "fail", "problem", "something", "anything",
                        "unexpected", "goes wrong", "went wrong", "is thrown", "is raised"}) {
    if (lower.find(w) != std::string::npos) return true;
  }
  // "errors that can occur when serializing JSON data": an activity, not
  // a cause.
  std::string first = lower.substr(0, lower.find(' '));
  if (first.size() > 4 && first.ends_with("ing")) return true;
  return std::count(lower.begin(), lower.end(), ' ') < 2;
}

// The end of the sentence that starts at `from`: a `.` before a space or
// the end, or a blank line.
size_t SentenceEnd(const std::string& t, size_t from) {
  for (size_t i = from; i < t.size(); ++i) {
    if (t[i] == '\n' && i + 1 < t.size() && t[i + 1] == '\n') return i;
    if (t[i] == '.' && (i + 1 == t.size() || t[i + 1] == ' ' || t[i + 1] == '\n')) return i;
  }
  return t.size();
}

}  // namespace

std::string DocumentedCause(std::string_view doc) {
  // [`Arg`][crate::Arg] -> `Arg`: rustdoc links.
  static const std::regex kLink(R"(\[([^\]\[]*)\]\[[^\]]*\])");
  static const std::regex kBracket(R"(\[(`[^`\]]*`)\])");
  std::string t = std::regex_replace(std::string(doc), kLink, "$1");
  t = std::regex_replace(t, kBracket, "$1");
  static const std::regex kLead(R"(\b(when|whenever|if|indicates that|signals that)\s+)",
                                std::regex::icase);
  std::smatch m;
  if (!std::regex_search(t, m, kLead)) return "";
  size_t from = m.position(0) + m.length(0);
  size_t end = SentenceEnd(t, from);
  std::string cause = CollapseSpace(t.substr(from, end - from));
  // "For example, if the heap limit is set to 0 ...": the case the user meets.
  size_t next = std::min(end + 1, t.size());
  while (next < t.size() && (t[next] == ' ' || t[next] == '\n')) ++next;
  for (std::string_view lead : {"For example, ", "For instance, ", "E.g. ", "e.g. "}) {
    if (std::string_view(t).substr(next).starts_with(lead)) {
      size_t e2 = SentenceEnd(t, next);
      cause += " (" + CollapseSpace(t.substr(next, e2 - next)) + ")";
      break;
    }
  }
  while (!cause.empty() && (cause.back() == ',' || cause.back() == ':')) cause.pop_back();
  if (cause.size() > kMaxCause || Vacuous(ToLower(cause))) return "";
  return cause;
}

std::string AvoidCause(const std::string& whose, const std::string& where,
                       const std::string& cause) {
  return "Avoid the cause " + whose + " documentation gives (" + where + "): " + cause;
}

void AddDocumentedCauses(const std::vector<SourceFile>& files, std::vector<Record>* records) {
  auto generic_only = [](const Record& r) {
    return std::all_of(r.solutions.begin(), r.solutions.end(),
                       [](const std::string& s) { return s.starts_with(kGenericSolution); });
  };
  std::set<std::string> wanted;
  for (const Record& r : *records) {
    if (!r.error_class.empty() && generic_only(r)) wanted.insert(ClassShortName(r.error_class));
  }
  if (wanted.empty()) return;
  std::map<std::string, std::vector<ClassDoc>> docs = FindClassDocs(files, wanted);
  std::map<std::string_view, std::string_view> text;
  for (const SourceFile& f : files) text[f.path] = f.content;
  for (Record& r : *records) {
    if (r.error_class.empty() || !generic_only(r)) continue;
    auto it = docs.find(ClassShortName(r.error_class));
    if (it == docs.end()) continue;
    auto source = text.find(r.file_path);
    const ClassDoc* d = NearestClassDoc(it->second, r.file_path, r.error_class,
                                        source == text.end() ? std::string_view() : source->second);
    if (d == nullptr) continue;
    std::string cause = DocumentedCause(d->text);
    if (cause.empty()) continue;
    std::string where = d->file + ":" + std::to_string(d->first_line) +
                        (d->last_line > d->first_line ? "–" + std::to_string(d->last_line) : "");
    r.solutions = {AvoidCause("`" + r.error_class + "`'s", where, cause)};
    r.provenance["solutions"] =
        nlohmann::json::array({d->file + ":" + std::to_string(d->first_line)});
  }
}

}  // namespace errdex
