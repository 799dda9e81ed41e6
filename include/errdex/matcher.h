// Matcher: answers "which records produced this text?". Built once from
// records, then queried many times. Every pattern is considered on every
// query (a literal prefilter only skips patterns whose required text is
// absent); a fuzzy tier answers when no pattern matches. Ranking uses the
// exception class, stack frames that point into indexed files and lines, and
// how much of the message the pattern's literal text covers.
//
// Thread-safety: Find() is const and may be called from many threads.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "errdex/input.h"
#include "errdex/record.h"
#include "errdex/status.h"

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
  // Why it ranks where it does, in words: "literal text explains 94% of the
  // message; class agrees; frame JsonReader.java:393 at the raise line".
  std::string reason;
};

struct Query {
  std::string message;      // the error text to match
  std::string error_class;  // from a traceback, when known ("ValueError")
  std::string repo;         // restrict to one repository when non-empty
  size_t limit = 5;
  std::string error_code;  // a code the input printed apart from the message
  // Stack frames of the trace: a frame at a record's file (and line) is
  // evidence for that record.
  std::vector<StackFrame> frames;
  // The whole paste the message came from (its frames, log prefixes): a
  // low-scoring hit stands only when it names the hit's library. Empty:
  // the message alone.
  std::string_view context;
  // The message is one paragraph of a longer paste: only a pattern that
  // matches all of it, with literal text for at least half its bytes,
  // counts ("Unknown argument: xxx" after a usage text, not "failed with"
  // inside "FAILURE: Build failed with an exception.").
  bool whole = false;
  // The frames of every error in the paste: the runtime they name is this
  // error's too when its own block printed none (a `Caused by:` line under
  // an obfuscated Android trace names ETIMEDOUT, the OS's word, not Node's).
  std::vector<StackFrame> paste_frames;
};

// From this many records a whole-corpus matcher is kept as a snapshot
// beside the database: loading one (Matcher::Load reads no record from the
// database) costs a small fraction of reading the records and building;
// below it both are cheap and no file is left behind.
constexpr size_t kMatcherSnapshotMinRecords = 2000;
// Where the snapshot of a database's full-corpus matcher is kept.
inline std::string MatcherSnapshotPath(const std::string& db) { return db + ".matcher"; }

class MatcherSegment;

class Matcher {
 public:
  explicit Matcher(std::vector<Record> records);
  ~Matcher();
  Matcher(const Matcher&) = delete;
  Matcher& operator=(const Matcher&) = delete;

  // A Matcher over `records` that reuses the structures saved at
  // `snapshot_path` when they were saved for exactly these records (the
  // same matching fields in the same order, same errdex snapshot version);
  // otherwise builds them and saves them there, with `stamp`, for the next
  // start. A missing, stale or damaged snapshot is never an error, only a
  // rebuild; `*note` says what happened.
  static std::unique_ptr<Matcher> Open(std::vector<Record> records,
                                       const std::string& snapshot_path, std::string* note,
                                       const std::string& stamp = "");
  // The Matcher saved at `snapshot_path` with dataset stamp `stamp`
  // (Store::DatasetStamp), over the records it saved: only their matching
  // fields, so callers read the records they show by id. Reads no
  // database. NotFound when there is no snapshot, or it was saved at
  // another stamp (or `stamp` is empty); Corruption when it is damaged.
  static Result<std::unique_ptr<Matcher>> Load(const std::string& snapshot_path,
                                               const std::string& stamp);
  // Verifies every checksum of the snapshot at `snapshot_path` (Load checks
  // only its header and small sections, for speed: `errdex check` calls
  // this). NotFound when there is none; Corruption when it is damaged.
  static Status Check(const std::string& snapshot_path);
  // Writes the snapshot Open() and Load() read, atomically. InvalidArgument
  // for a matcher composed of several segments.
  Status Save(const std::string& path, const std::string& stamp = "") const;
  // A matcher of the segments' records, in the segments' order, that
  // answers exactly as one built from all those records in that order:
  // words are weighed over all segments (a pass over their postings, no
  // record read, no pattern compiled). Segments are shared, with what they
  // compiled, by every matcher composed of them. Corruption when a
  // segment's snapshot no longer reads.
  static Result<std::unique_ptr<Matcher>> Compose(
      std::vector<std::shared_ptr<const MatcherSegment>> segments);
  // Records [begin, begin + count) of a segment.
  struct Slice {
    std::shared_ptr<const MatcherSegment> segment;
    size_t begin = 0;
    size_t count = 0;
  };
  // A matcher of the slices' records, in the slices' order, that answers
  // exactly as one built from those records in that order. A segment's
  // records in none of its slices are hidden (serve's base segment hides
  // the repositories re-indexed since it was built, whose records are in
  // delta segments). InvalidArgument for a slice out of its segment or
  // overlapping another of the same segment.
  static Result<std::unique_ptr<Matcher>> Compose(std::vector<Slice> slices);
  // The segments a composed matcher was made of (none for the others).
  std::vector<std::shared_ptr<const MatcherSegment>> parts() const;

  std::vector<Match> Find(const Query& query) const;
  // Keyword search for the web and API (`/api/search?q=InvalidSchema`): one
  // to three words find records by class, code, function or file name
  // (match_type "keyword"), then by the words of their message, rarest
  // first. Not a paste explainer: Find() never calls it.
  std::vector<Match> FindKeywords(const Query& query) const;
  size_t size() const;
  // Patterns found not to compile, as "id: reason" (they never stop a load).
  // Patterns compile on first use, so this lists those met so far; call
  // CompileAll() first for a full check (slow on a large corpus).
  std::vector<std::string> bad_patterns() const;
  void CompileAll() const;

 private:
  Matcher();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The structures of one set of records (serve keeps one per repository,
// see match/segments.h) as a snapshot that Matcher::Compose uses in place.
// Immutable; its compiled patterns and parsed records are shared by every
// matcher composed of it.
class MatcherSegment {
 public:
  ~MatcherSegment();
  MatcherSegment(const MatcherSegment&) = delete;
  MatcherSegment& operator=(const MatcherSegment&) = delete;
  // Builds the segment of `records` and saves it at `path` with `stamp`,
  // then maps it; when it cannot be saved it is kept in memory and `*note`
  // says why.
  static std::shared_ptr<const MatcherSegment> Build(std::vector<Record> records,
                                                     const std::string& path,
                                                     const std::string& stamp, std::string* note);
  // Builds a segment of records added one at a time, keeping of each only
  // what the segment's file stores (the bytes of its matching fields and
  // its entries in the tables): the file Build() writes of the same records
  // in the same order, without holding them all (serve's base of every
  // repository, read a repository at a time).
  class Builder {
   public:
    Builder();
    ~Builder();
    Builder(const Builder&) = delete;
    Builder& operator=(const Builder&) = delete;
    void Add(const Record& record);
    size_t size() const;  // records added
    // As Build(): saved at `path` with `stamp`, then mapped (kept in memory
    // when it cannot be saved, `*note` saying why). The builder is empty after.
    std::shared_ptr<const MatcherSegment> Finish(const std::string& path, const std::string& stamp,
                                                 std::string* note);

   private:
    struct State;
    std::unique_ptr<State> state_;
  };
  // The segment saved at `path` with `stamp`, mapped. NotFound when there is
  // none or it was saved at another stamp; Corruption when it is damaged
  // (checked as Matcher::Load checks a snapshot).
  static Result<std::shared_ptr<const MatcherSegment>> Load(const std::string& path,
                                                            const std::string& stamp);
  // The stamp of the segment saved at `path` (its header checked). NotFound
  // when there is none; Corruption when its header is damaged.
  static Result<std::string> ReadStamp(const std::string& path);
  const std::string& stamp() const;
  size_t size() const;  // records

 private:
  friend class Matcher;
  MatcherSegment();
  // The segment whose file is `bytes`, kept in memory because it could not
  // be saved (`why`, told in `*note`).
  static std::shared_ptr<const MatcherSegment> InMemory(std::string bytes, const std::string& stamp,
                                                        const Status& why, std::string* note);
  struct Rep;
  std::unique_ptr<Rep> rep_;
};

// One answer to a pasted text: a match and the error of the paste it is for.
struct PasteHit {
  Match match;
  ErrorText error;
};

// Explains a whole paste: every error ParseInput finds in `text` is matched
// (with its class, code and frames). With `each_error` false the hits of all
// of them are ranked together, best first, at most `limit` in all — a chain
// (`Caused by:`, chained tracebacks, log lines) is answered by the link the
// corpus explains best, the others' hits following as context. With
// `each_error` true, up to `limit` hits per error, in input order.
std::vector<PasteHit> ExplainPaste(const Matcher& matcher, const std::string& text,
                                   const std::string& repo, size_t limit, bool each_error,
                                   InputNotes* notes = nullptr);

}  // namespace errdex
