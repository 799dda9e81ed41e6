// Matcher: answers "which records produced this text?". Built once from
// records, then queried many times. Every pattern is considered on every
// query (a literal prefilter only skips patterns whose required text is
// absent); a fuzzy tier answers when no pattern matches.
//
// Thread-safety: Find() is const and may be called from many threads.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "errdex/record.h"

namespace errdex {

struct Capture {
  std::string name;   // the hole's expression ("quant_method"), or its text
  std::string value;  // what the hole printed ("'awq'")
};

struct Match {
  const Record* record = nullptr;  // owned by the Matcher
  double score = 0;                // 0..1
  std::string match_type;          // "exact-code", "pattern", "fuzzy"
  std::vector<Capture> captures;
};

struct Query {
  std::string message;      // the error text to match
  std::string error_class;  // from a traceback, when known ("ValueError")
  std::string repo;         // restrict to one repository when non-empty
  size_t limit = 5;
};

class Matcher {
 public:
  explicit Matcher(std::vector<Record> records);
  ~Matcher();
  Matcher(const Matcher&) = delete;
  Matcher& operator=(const Matcher&) = delete;

  std::vector<Match> Find(const Query& query) const;
  size_t size() const;
  // Patterns that failed to compile, as "id: reason" (they never stop a load).
  const std::vector<std::string>& bad_patterns() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace errdex
