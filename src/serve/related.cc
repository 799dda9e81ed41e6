// Related errors of an error page: records that share something in the
// code — the function, a condition on the way to the raise, an option, the
// helper that writes the message, the error class — never records that are
// merely near in the file tree (an axios page listed its release scripts).
// Each comes with the relation that put it there.
#include <algorithm>
#include <set>

#include "analyze/visibility.h"
#include "errdex/source.h"
#include "serve/serve_internal.h"
#include "util/text.h"

namespace errdex::serve {
namespace {

// A condition shared by more records than this says nothing about any two of
// them (`err != nil` guards most of a Go repository's errors).
constexpr size_t kMaxConditionPosting = 32;
// Postings longer than this are read only this far (a class such as
// `ValueError` may have thousands of records): a page's cost stays bounded.
constexpr size_t kMaxScan = 4096;

}  // namespace

bool ToolingPath(const std::string& path) {
  static const SkipRules kDefaults;
  return !ClassifyPath(path, kDefaults).empty() || InDevelopmentTooling(path);
}

std::vector<std::string> RelationConditions(const Record& r) {
  std::vector<std::string> out;
  if (!r.conditions.is_array()) return out;
  std::set<std::string> seen;
  for (const auto& c : r.conditions) {
    if (!c.is_object()) continue;
    auto expr = c.find("expr");
    if (expr == c.end() || !expr->is_string()) continue;
    std::string text = CollapseSpace(expr->get<std::string>());
    auto polarity = c.find("polarity");
    bool must_hold = polarity == c.end() || !polarity->is_boolean() || polarity->get<bool>();
    // A bare name (`text`, `version`) is a local's truth in its own
    // function; shared by name across functions it relates nothing.
    bool bare = std::all_of(text.begin(), text.end(), [](char ch) {
      return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
    });
    if (bare || text.size() < 4) continue;
    // The check that must fail is another condition than the one that
    // must hold: written as the page writes it.
    if (!must_hold) text = "not (" + text + ")";
    if (seen.insert(text).second) out.push_back(std::move(text));
  }
  return out;
}

std::vector<RelatedRecord> RelatedRecords(const Corpus& corpus, const Record& r, size_t max) {
  std::vector<RelatedRecord> out;
  auto self = corpus.by_id.find(r.id);
  if (self == corpus.by_id.end()) return out;
  bool tooling = corpus.tooling[self->second];
  std::set<size_t> taken = {self->second};
  // Takes the records of one posting, those of r's file first, then the
  // rest in corpus order.
  auto take = [&](const Corpus::Postings& postings, const std::string& key,
                  const std::string& reason, auto&& also) {
    if (out.size() >= max || key.empty()) return;
    auto it = postings.find({r.repo, key});
    if (it == postings.end()) return;
    const std::vector<size_t>& list = it->second;
    size_t n = std::min(list.size(), kMaxScan);
    for (int pass = 0; pass < 2; ++pass) {
      for (size_t k = 0; k < n && out.size() < max; ++k) {
        size_t idx = list[k];
        const Record& o = corpus.records[idx];
        if ((o.file_path == r.file_path) != (pass == 0)) continue;
        if (corpus.tooling[idx] != tooling || !also(o) || !taken.insert(idx).second) continue;
        out.push_back({&o, reason});
      }
    }
  };
  auto any = [](const Record&) { return true; };
  if (!r.function.empty()) {
    take(corpus.by_file, r.file_path, "same function `" + r.function + "`",
         [&](const Record& o) { return o.function == r.function; });
  }
  for (const std::string& expr : RelationConditions(r)) {
    auto it = corpus.by_condition.find({r.repo, expr});
    if (it == corpus.by_condition.end() || it->second.size() > kMaxConditionPosting) continue;
    take(corpus.by_condition, expr, "same condition `" + expr + "`", any);
  }
  if (r.options.is_array()) {
    for (const auto& o : r.options) {
      auto name_field = o.is_object() ? o.find("name") : o.end();
      if (name_field == o.end() || !name_field->is_string()) continue;
      std::string name = name_field->get<std::string>();
      take(corpus.by_option, name, "same option `" + name + "`", any);
    }
  }
  // The wrapper that writes the message (`fail(msg)` raising
  // `TypeError(f"bad input: {msg}")`): its own record, the other records it
  // writes, and on the wrapper's page the records of its callers.
  size_t colon = r.message_from.rfind(':');
  if (colon != std::string::npos) {
    std::string file = r.message_from.substr(0, colon);
    int line = std::atoi(r.message_from.c_str() + colon + 1);
    std::string name;
    if (auto f = corpus.by_file.find({r.repo, file}); f != corpus.by_file.end()) {
      for (size_t idx : f->second) {
        if (corpus.records[idx].line_number == line) name = corpus.records[idx].function;
      }
    }
    std::string wrapper = name.empty() ? "at `" + r.message_from + "`" : "`" + name + "`";
    take(corpus.by_file, file, "the wrapper " + wrapper + " that writes its message",
         [&](const Record& o) { return o.line_number == line; });
    take(corpus.by_wrapper, r.message_from, "same wrapper " + wrapper, any);
  }
  take(corpus.by_wrapper, r.file_path + ":" + std::to_string(r.line_number),
       r.function.empty() ? std::string("its message is written here")
                          : "raised through `" + r.function + "`",
       any);
  take(corpus.by_class, r.error_class, "same class `" + r.error_class + "`", any);
  return out;
}

}  // namespace errdex::serve
