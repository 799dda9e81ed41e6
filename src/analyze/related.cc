// Related records (related.h). Records are in (repo, file, line) order, so
// a file's records are one ascending run of indices in every posting and
// its records at one line are found by binary search: the cost per record
// stays bounded by what it takes, not by the size of its file or class.
#include "analyze/related.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>

#include "analyze/visibility.h"
#include "errdex/source.h"
#include "util/text.h"

namespace errdex {
namespace {

// A condition shared by more records than this says nothing about any two of
// them (`err != nil` guards most of a Go repository's errors).
constexpr size_t kMaxConditionPosting = 32;
// Postings longer than this are read only this far (a class such as
// `ValueError` may have thousands of records): the cost per record stays
// bounded.
constexpr size_t kMaxScan = 4096;

using Span = std::pair<std::vector<size_t>::const_iterator, std::vector<size_t>::const_iterator>;

const std::vector<size_t>* Find(const RelationIndex::Postings& postings, const std::string& repo,
                                const std::string& key) {
  if (key.empty()) return nullptr;
  auto it = postings.find({repo, key});
  return it == postings.end() ? nullptr : &it->second;
}

// The records of one file (a posting of by_file) at `line`.
Span AtLine(const std::vector<Record>& records, const std::vector<size_t>& file, int line) {
  auto lo = std::lower_bound(file.begin(), file.end(), line,
                             [&](size_t idx, int l) { return records[idx].line_number < l; });
  auto hi = std::upper_bound(lo, file.end(), line,
                             [&](int l, size_t idx) { return l < records[idx].line_number; });
  return {lo, hi};
}

// The key of by_function: a function is named within its file.
std::string FunctionKey(const Record& r) {
  return r.function.empty() ? std::string() : r.file_path + '\0' + r.function;
}

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

RelationIndex BuildRelationIndex(const std::vector<Record>& records) {
  RelationIndex x;
  x.tooling.reserve(records.size());
  for (size_t i = 0; i < records.size(); ++i) {
    const Record& r = records[i];
    auto post = [&](RelationIndex::Postings* postings, std::string key) {
      if (key.empty()) return;
      std::vector<size_t>& v = (*postings)[{r.repo, std::move(key)}];
      if (v.empty() || v.back() != i) v.push_back(i);
    };
    // A file's records are adjacent: classify its path once.
    bool same_file = i > 0 && records[i - 1].file_path == r.file_path;
    x.tooling.push_back(same_file ? x.tooling.back() : ToolingPath(r.file_path));
    post(&x.by_file, r.file_path);
    post(&x.by_function, FunctionKey(r));
    for (std::string& expr : RelationConditions(r)) post(&x.by_condition, std::move(expr));
    if (r.options.is_array()) {
      for (const auto& o : r.options) {
        auto name = o.is_object() ? o.find("name") : o.end();
        if (name != o.end() && name->is_string()) post(&x.by_option, name->get<std::string>());
      }
    }
    post(&x.by_wrapper, r.message_from);
    post(&x.by_class, r.error_class);
  }
  return x;
}

std::vector<Relation> FindRelated(const std::vector<Record>& records, const RelationIndex& index,
                                  size_t i, size_t max) {
  std::vector<Relation> out;
  const Record& r = records[i];
  bool tooling = index.tooling[i];
  // r's file is the run [first, last] of indices.
  const std::vector<size_t>* file = Find(index.by_file, r.repo, r.file_path);
  size_t first = file ? file->front() : i, last = file ? file->back() : i;
  std::set<size_t> taken = {i};
  auto add = [&](size_t idx, const std::string& reason) {
    if (index.tooling[idx] != tooling || !taken.insert(idx).second) return;
    out.push_back({idx, reason});
  };
  // Takes the records of one posting, those of r's file first, then the
  // rest in list order.
  auto take = [&](const std::vector<size_t>* list, const std::string& reason) {
    if (list == nullptr || out.size() >= max) return;
    auto end = list->begin() + static_cast<std::ptrdiff_t>(std::min(list->size(), kMaxScan));
    auto lo = std::lower_bound(list->begin(), end, first);
    for (auto k = lo; k != end && *k <= last && out.size() < max; ++k) add(*k, reason);
    for (auto k = list->begin(); k != end && out.size() < max; ++k) {
      if (*k < first || *k > last) add(*k, reason);
    }
  };
  if (!r.function.empty()) {
    take(Find(index.by_function, r.repo, FunctionKey(r)), "same function `" + r.function + "`");
  }
  for (const std::string& expr : RelationConditions(r)) {
    const std::vector<size_t>* list = Find(index.by_condition, r.repo, expr);
    if (list == nullptr || list->size() > kMaxConditionPosting) continue;
    take(list, "same condition `" + expr + "`");
  }
  if (r.options.is_array()) {
    for (const auto& o : r.options) {
      auto name_field = o.is_object() ? o.find("name") : o.end();
      if (name_field == o.end() || !name_field->is_string()) continue;
      std::string name = name_field->get<std::string>();
      take(Find(index.by_option, r.repo, name), "same option `" + name + "`");
    }
  }
  // The wrapper that writes the message (`fail(msg)` raising
  // `TypeError(f"bad input: {msg}")`): its own record, the other records it
  // writes, and on the wrapper's page the records of its callers.
  size_t colon = r.message_from.rfind(':');
  if (colon != std::string::npos) {
    std::string wrapper_file = r.message_from.substr(0, colon);
    int line = std::atoi(r.message_from.c_str() + colon + 1);
    Span at{};
    std::string name;
    if (const std::vector<size_t>* f = Find(index.by_file, r.repo, wrapper_file)) {
      at = AtLine(records, *f, line);
      if (at.first != at.second) name = records[*(at.second - 1)].function;
    }
    std::string wrapper = name.empty() ? "at `" + r.message_from + "`" : "`" + name + "`";
    for (auto k = at.first; k != at.second && out.size() < max; ++k) {
      add(*k, "the wrapper " + wrapper + " that writes its message");
    }
    take(Find(index.by_wrapper, r.repo, r.message_from), "same wrapper " + wrapper);
  }
  take(Find(index.by_wrapper, r.repo, r.file_path + ":" + std::to_string(r.line_number)),
       r.function.empty() ? std::string("its message is written here")
                          : "raised through `" + r.function + "`");
  take(Find(index.by_class, r.repo, r.error_class), "same class `" + r.error_class + "`");
  return out;
}

void LinkRelated(std::vector<Record>* records) {
  RelationIndex index = BuildRelationIndex(*records);
  std::vector<std::vector<std::string>> related(records->size());
  for (size_t i = 0; i < records->size(); ++i) {
    for (const Relation& rel : FindRelated(*records, index, i, kMaxRelated)) {
      related[i].push_back((*records)[rel.index].id);
    }
  }
  for (size_t i = 0; i < records->size(); ++i) (*records)[i].related = std::move(related[i]);
}

}  // namespace errdex
