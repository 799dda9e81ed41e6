// Matcher: finds the records that produced a message, in three tiers.
//
//   1. exact-code: the message names a record's error code as a whole word.
//   2. pattern: a record's messagePattern matches. Every pattern is
//      considered; the prefilter only skips patterns whose longest required
//      literal is absent, and RE2 verifies the rest and yields the captures.
//   3. fuzzy: only when tiers 1 and 2 found nothing, records sharing enough
//      weighted words with the message, scored below every pattern hit.
//
// Patterns are compiled lazily, on the first query whose prefilter selects
// them: at 500k records eager compilation took minutes and gigabytes (see
// docs/benchmarks.md), while a query touches a handful of patterns. A
// pattern that fails to compile is reported when first met (CompileAll()
// meets them all).
//
// Quotation marks match each other (match/loose_quotes.h): versions and
// terminals differ in which mark they print.
//
// A run of two or more spaces matches one or more (match/loose_spaces.h):
// pages and viewers collapse the spaces a table entry may hold.
//
// Users paste trimmed text, so whitespace at either end of a pattern's
// literal text ("... but is of type " + an empty value) is made optional by
// dropping it from the pattern the matcher runs (a superset of the original).
//
// A pattern with no real literal text (an opaque message, or `([\s\S]*?)`
// alone) would match every message, so such records are left to the fuzzy
// tier.
#include "errdex/matcher.h"

#include <fcntl.h>
#include <re2/re2.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "analyze/visibility.h"
#include "errdex/input.h"
#include "errdex/source.h"
#include "match/category_codes.h"
#include "match/flat_tables.h"
#include "match/fuzzy.h"
#include "match/loose_quotes.h"
#include "match/loose_spaces.h"
#include "match/optional_tail.h"
#include "match/pattern_literals.h"
#include "match/prefilter.h"
#include "match/snapshot_file.h"
#include "match/snapshot_io.h"
#include "match/soft_wraps.h"
#include "match/system_errors.h"
#include "util/file_io.h"
#include "util/text.h"

namespace errdex {
namespace {

// RE2's default is 8 MiB; messages compile to small programs, and a lower
// cap keeps many thousands of patterns affordable. A pattern that needs more
// fails to compile and is reported.
constexpr int64_t kPatternMaxMem = 4 << 20;
// Anchors are cut to this length: a prefix of a required literal is still
// required, and long anchors only grow the automaton.
// 24 rather than 64 after measurement at 500k records: the automaton's size
// (and build time) is proportional to total anchor bytes, while a 24-byte
// prefix of the rarest run is about as selective as the whole run.
constexpr size_t kMaxAnchorBytes = 64;
// Runs shorter than this ("data", "type ") occur inside many messages even
// when no other pattern shares them; they are anchors only as a last resort.
constexpr size_t kMinGoodAnchor = 8;
// A pattern joins the pattern tier only with this many non-space literal
// bytes, at least one of them a letter or digit: `([\s\S]*?): ([\s\S]*?)`
// says nothing about which record produced a message.
constexpr size_t kMinVisibleLiteral = 3;
constexpr double kFuzzyMinScore = 0.5;
// A multi-line message's first line is matchable on its own when it has this
// much literal text: users paste the first line of long messages.
constexpr size_t kMinHeadLiteral = 15;
// A message without its last clause (ClauseHeadPattern) must still say
// something specific: a few words, not "invalid value".
constexpr size_t kMinClauseHeadLiteral = 20;
constexpr size_t kMinClauseHeadWords = 3;
constexpr size_t kMaxSnapshotBytes = size_t{16} << 30;
// The fuzzy tier reads only the head of a message. Past a few thousand
// distinct words no record can cover enough of the query to pass
// kFuzzyMinScore anyway, and tokenizing megabytes of junk would dominate.
constexpr size_t kMaxFuzzyBytes = 64 << 10;
constexpr double kFuzzyMaxScore = 0.59;  // below the lowest pattern score
constexpr double kClassAgrees = 0.05;
constexpr double kClassDiffers = -0.1;
// Stack-frame evidence: a frame at the record's raise line, or only in its
// file. A record found by its line alone (no pattern or word evidence) is
// reported in the fuzzy tier with kFrameOnlyScore.
constexpr double kFrameAtLine = 0.1;
constexpr double kFrameInFile = 0.03;
// A frame a line or two from the raise line: a statement spans lines, and a
// trace names the line of the call or `throw` while the record names the
// line of its message.
constexpr double kFrameNearLine = 0.08;
constexpr int kFrameNearLines = 2;
// A frame naming the record's function in another (bundled, installed) file.
constexpr double kFrameFunction = 0.02;
constexpr size_t kMinFrameFunction = 8;
constexpr double kFrameOnlyScore = 0.45;
// Pattern-tier score (see Score()): a base above every fuzzy hit, then the
// share of the message's word weight the literals explain, the share of its
// bytes, how specific the template is in the corpus, and a full match.
constexpr double kPatternBase = 0.6;
// Below this a hit stands only with evidence beyond its text: a frame at
// its file, its error code, or the paste naming its library. Pattern hits
// whose literals explain a quarter of the message or less score under it;
// on eval/ (2026-12-03: 141 real pastes, 98 unrelated ones) 14 of the 38
// unrelated pastes that found something scored above it, 1 of 95 right
// first answers had neither the score nor the evidence.
constexpr double kConfidentScore = 0.66;
// A fuzzy hit shares words of at least this many rare words' weight (see
// FuzzyIndex::RareWeight), or one word nearly that rare (kRareWordShare), or
// a frame of the paste supports it. A short template of common words ("%s
// failed, exit code %d") shares most of its little weight with any CI log;
// on eval/ (2026-12-04) the fuzzy hits that were right shared 2.9 to 12.7
// rare words' weight, those of unrelated pastes 0.7 to 1.5, none of them a
// word above 0.69 of the rare weight.
constexpr double kMinFuzzyEvidence = 2.0;
constexpr double kRareWordShare = 0.8;
// The innermost frame of a Python traceback is outside the record's file
// and repository (RaisedElsewhere).
constexpr double kRaisedElsewhere = 0.1;
// The fuzzy tier (a reworded or newer message) scores up to kFuzzyMaxScore;
// a near miss this close stands on its own.
constexpr double kConfidentFuzzyScore = 0.3;
// A reworded message inside a wrapper's hole (PreferInnerFuzzy): the hole
// must hold a sentence, not a name or a number, and its words must fit one
// record clearly better than any other.
constexpr size_t kMinInnerFuzzyBytes = 24;
// The literal before a hole, found again inside it, says the match could
// have aligned later (PreferInnerFuzzy): from this many bytes.
constexpr size_t kMinRepeatedLead = 3;
constexpr size_t kMinInnerFuzzyWords = 4;
constexpr double kInnerFuzzyMinScore = 0.5;
constexpr double kInnerFuzzyLead = 0.05;
constexpr double kExplainedWeight = 0.22;
constexpr double kCharCoverage = 0.08;
constexpr double kSpecificity = 0.04;
constexpr double kFullMatch = 0.04;
// Template word weight (sum of idf) at which a template counts as fully specific.
constexpr double kSpecificWeight = 20.0;
// A pattern hit whose matched literal words weigh less than this share of a
// rare word's weight (only common words: "error: %s %v") is no evidence on
// its own; it needs a frame or a code to stay.
constexpr double kMinLiteralInfo = 0.6;
constexpr double kMaxLiteralInfo = 3.0;
// ... unless its literals are this share of the text's bytes ("a=%d b=%d").
constexpr double kMinWeakCoverage = 0.3;
// A template of the system's error text alone must be nearly all of it.
constexpr double kMinSystemTextCoverage = 0.8;
constexpr size_t kMinLiteralWords = 2;
// A hole-free template of at most this many words followed by more words of
// the same sentence is a phrase of another message (SentenceGoesOn).
constexpr size_t kMaxPhraseWords = 3;
// A label ("Stack Trace:", "Command Output:") has at most this many words
// (YieldLabelLines).
constexpr size_t kMaxLabelWords = 3;
// A hit found inside another hit's hole is the more specific link of a chain
// ("load config: %w" around "open %s: %w"): it ranks just above the outer one.
constexpr double kInnerLinkMargin = 0.005;
// ... unless the inner text is raised at this many sites of a library that
// wraps it in one (SitesOfMessages).
constexpr size_t kSharedCauseSites = 3;
constexpr double kMinInnerInfo = 10.0;
constexpr double kMinLeadingHoleInnerInfo = 2 * kMinInnerInfo;
// The paste's language (from its frames) against the record's.
constexpr double kLanguageAgrees = 0.02;
// The paste's exception class is qualified by a package naming the record's
// repository (com.squareup.moshi.JsonDataException for square/moshi, not
// for another library that copied moshi's reader and its messages).
constexpr double kPackageNamesRepository = 0.02;
constexpr double kLanguageDiffers = -0.08;
// A numeric code (`209`) in a message is usually a value, not an id: it adds
// this to a pattern hit of the record and never finds one alone.
constexpr double kNumericCodeBonus = 0.03;
// A soft-wrap reading of the paste (match/soft_wraps.h) replaces the paste as
// given only when its best hit is better by more than this: the text as
// pasted is the default reading.
constexpr double kReadingMargin = 0.01;
// A paragraph query (Query::whole) needs literal text for this share of it.
constexpr double kMinParagraphLiteral = 0.5;
// A hit of this many literal runs or more is never hole-heavy.
constexpr size_t kShapeRuns = 3;
// A record in the repository's development tooling (release scripts, code
// generators, setup helpers: InDevelopmentTooling) is what its maintainers
// meet, not its users: it ranks like a record of another language.
constexpr double kToolingRecord = -0.08;
// An information-level log that states a failure (severity "info"): the
// same words logged at error level elsewhere (nginx's "upstream timed out"
// in its mail proxy at info, in its HTTP proxy at error) are the likelier
// paste.
constexpr double kInfoLevelRecord = -0.02;
// A match of a message without its last clause (ClauseHeadPattern) is a
// guess that the paste predates the clause: below any record whose whole
// template matches, even one whose holes hold most of the text.
constexpr double kClauseHeadMatch = -0.06;
// A match without the bracket closing the final hole (CutClosingBracket)
// ranks just below a whole match of another record.
constexpr double kCutBracketMatch = -0.01;
// Later lines of one message matched on their own (LaterLinePatterns): a
// sentence of its own, not a lead-in ("For more information, visit:").
constexpr size_t kMaxLaterLines = 8;
constexpr size_t kMinLaterLineLiteral = 32;
// A capture its printf verb cannot print: letters for `%d`, a quoted
// string for `%T` (a Go type name), an unquoted one for `%q`. The record
// with the same literals and a verb that fits ranks first (go-redis:
// "can't parse reply=%T reading string" and "... reply=%.100q ...").
constexpr double kHoleMisfit = -0.03;
// A hit whose literal text is less than this share of its own span (see
// OwnLiteralShare) is mostly holes ("%s in %s on line %s", "Failed to
// execute {cmd}"): it gets no full-match credit, and its specificity counts
// only in proportion to that share.
constexpr double kMinOwnLiteralShare = 1.0 / 3;

bool IsWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool IsNumeric(std::string_view code) {
  return !code.empty() &&
         std::all_of(code.begin(), code.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// "a.b.ValueError" -> "ValueError", "nlohmann::detail::type_error" -> "type_error".
std::string_view LastComponent(std::string_view cls) {
  size_t sep = cls.find_last_of(".:");
  return sep == std::string_view::npos ? cls : cls.substr(sep + 1);
}

// Score change for the exception class: only when both sides name one.
double ClassAdjust(std::string_view query_class, std::string_view record_class) {
  if (query_class.empty() || record_class.empty()) return 0;
  return LastComponent(query_class) == LastComponent(record_class) ? kClassAgrees : kClassDiffers;
}

// Records of one family share a runtime, so their traces look alike.
std::string_view LanguageFamily(std::string_view language) {
  if (language == "javascript" || language == "typescript") return "js";
  if (language == "java" || language == "kotlin") return "jvm";
  if (language == "c" || language == "cpp") return "native";
  return language;
}

// The language family a printed frame's file name says, or "".
std::string_view FrameFamily(std::string_view file) {
  // R8 and ProGuard rename every source file of an Android app so.
  if (file == "SourceFile" || file == "Unknown Source") return "jvm";
  size_t dot = file.find_last_of('.');
  if (dot == std::string_view::npos) return "";
  std::string_view ext = file.substr(dot + 1);
  static const std::unordered_map<std::string_view, std::string_view> kExt = {
      {"py", "python"},  {"js", "js"},    {"mjs", "js"},     {"cjs", "js"},    {"ts", "js"},
      {"tsx", "js"},     {"jsx", "js"},   {"go", "go"},      {"rs", "rust"},   {"java", "jvm"},
      {"kt", "jvm"},     {"kts", "jvm"},  {"c", "native"},   {"cc", "native"}, {"cpp", "native"},
      {"cxx", "native"}, {"h", "native"}, {"hpp", "native"}, {"cs", "csharp"}, {"rb", "ruby"},
      {"php", "php"}};
  auto it = kExt.find(ext);
  return it == kExt.end() ? "" : it->second;
}

// ClassAdjust for a pattern hit. A bare "Error: " before the message is a
// label in most languages (click's UsageError.show, cobra, a Rust main that
// returns Err); only in JavaScript is it the error's class. Elsewhere it says
// nothing about the class, so it neither agrees nor differs.
double PasteClassAdjust(std::string_view query_class, const Record& rec) {
  if (query_class == "Error" && rec.error_class != "Error" &&
      LanguageFamily(rec.language) != "js") {
    return 0;
  }
  return ClassAdjust(query_class, rec.error_class);
}

// The family most of the query's frames name ("" when none or no majority).
std::string_view PasteFamily(const std::vector<StackFrame>& frames) {
  std::unordered_map<std::string_view, int> votes;
  int total = 0;
  for (const StackFrame& f : frames) {
    std::string_view fam = FrameFamily(f.file);
    if (fam.empty()) continue;
    ++votes[fam];
    ++total;
  }
  for (const auto& [fam, n] : votes) {
    if (2 * n > total) return fam;
  }
  return "";
}

// True if `word` (lowercase) is the repository's name or a part of it
// ("yaml" of go-yaml/yaml, "jq" of jqlang/jq).
std::string LowerAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The repository name's parts between `-`, `_` and `.` ("node", "mysql2" of
// "node-mysql2"; the whole name when it has none).
std::vector<std::string> NameParts(const std::string& name) {
  std::vector<std::string> parts;
  for (size_t start = 0; start < name.size();) {
    size_t stop = std::min(name.find_first_of("-_.", start), name.size());
    parts.push_back(name.substr(start, stop - start));
    start = stop + 1;
  }
  return parts;
}

// True if `text` (lowercase) names the repository: its name, a part of it
// of 2+ characters, or its owner, as a word ("site-packages/requests/",
// "jq: error", "com.google.gson" for google/gson).
bool TextNamesRepository(std::string_view text, std::string_view repo) {
  size_t slash = repo.find('/');
  if (slash == std::string_view::npos) return false;
  std::string owner = LowerAscii(repo.substr(0, slash)), name = LowerAscii(repo.substr(slash + 1));
  std::vector<std::string> names = {owner, name};
  for (std::string& part : NameParts(name)) names.push_back(std::move(part));
  auto alpha = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; };
  for (const std::string& n : names) {
    if (n.size() < 2) continue;
    for (size_t at = text.find(n); at != std::string_view::npos; at = text.find(n, at + 1)) {
      bool left = at == 0 ||
                  !(alpha(text[at - 1]) || std::isdigit(static_cast<unsigned char>(text[at - 1])));
      bool right = at + n.size() >= text.size() || !alpha(text[at + n.size()]);
      // "config.yaml" names a file format, not go-yaml/yaml, and "yew.git"
      // a clone URL, not git/git; a package path
      // ("com.fasterxml.jackson.databind") still names its repository.
      static const std::unordered_set<std::string_view> kFormats = {"json", "yaml", "yml", "toml",
                                                                    "xml",  "ini",  "git"};
      size_t after = at + n.size();
      bool extension = at >= 2 && text[at - 1] == '.' &&
                       std::isalnum(static_cast<unsigned char>(text[at - 2])) != 0 &&
                       (after >= text.size() || text[after] != '.') && kFormats.count(n) > 0;
      if (left && right && !extension) return true;
    }
  }
  return false;
}

// The qualified name printed just before `at` ("com.squareup.moshi.
// JsonDataException: " before the message, when the paste's own words came
// first and the class was not split off), or "".
std::string_view QualifiedNameBefore(std::string_view text, size_t at) {
  size_t end = at;
  while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == ':')) --end;
  size_t begin = end;
  while (begin > 0 && (IsWordChar(text[begin - 1]) || text[begin - 1] == '.' ||
                       text[begin - 1] == '$' || text[begin - 1] == ':')) {
    --begin;
  }
  std::string_view name = text.substr(begin, end - begin);
  return name.find('.') != std::string_view::npos || name.find("::") != std::string_view::npos
             ? name
             : std::string_view();
}

// The program that printed the line, when the text before `at` on its line
// is its name as a prefix ("ninja: error: ", "git: ", "pytest: error: "),
// lower-cased; "" otherwise.
std::string ProgramPrefix(std::string_view text, size_t at) {
  size_t line = text.rfind('\n', at == 0 ? 0 : at - 1);
  line = line == std::string_view::npos || line >= at ? 0 : line + 1;
  std::string_view prefix = text.substr(line, at - line);
  size_t colon = prefix.find(": ");
  if (colon == 0 || colon == std::string_view::npos) return "";
  std::string_view prog = prefix.substr(0, colon);
  for (char c : prog) {
    if (!IsWordChar(c) && c != '-' && c != '.') return "";
  }
  std::string_view rest = prefix.substr(colon + 2);
  static constexpr std::string_view kLevels[] = {
      "", "error: ", "fatal: ", "warning: ", "ERROR: ", "FATAL: ", "Error: "};
  for (std::string_view level : kLevels) {
    if (rest == level) return LowerAscii(prog);
  }
  return "";
}

bool NamesRepository(std::string_view word, std::string_view repo) {
  size_t slash = repo.find('/');
  std::string name = LowerAscii(slash == std::string_view::npos ? repo : repo.substr(slash + 1));
  if (name == word) return true;
  size_t start = 0;
  while (start <= name.size()) {
    size_t stop = name.find_first_of("-_.", start);
    if (stop == std::string::npos) stop = name.size();
    if (name.substr(start, stop - start) == word) return true;
    start = stop + 1;
  }
  return false;
}

// Name parts that say a language or a generic layer, not a repository.
const std::unordered_set<std::string_view>& GenericNameParts() {
  static const std::unordered_set<std::string_view> kGeneric = {
      "com",    "org",  "net",  "io",   "java",   "kotlin", "kotlinx", "go",     "rust",
      "python", "js",   "node", "php",  "lib",    "core",   "api",     "common", "util",
      "json",   "yaml", "xml",  "http", "client", "sdk",    "dev",     "app",    "internal"};
  return kGeneric;
}

// Whether a package component of the qualified class `cls`
// ("com.squareup.moshi.JsonDataException", "YAML::ParserException") is the
// repository's name or a distinctive part of it (NamesRepository). Parts
// that name a language or a generic layer ("kotlin", "api") say nothing.
bool PackageNamesRepository(std::string_view cls, std::string_view repo) {
  const std::unordered_set<std::string_view>& kGeneric = GenericNameParts();
  std::string lower = LowerAscii(cls);
  size_t last = lower.find_last_of(".:");
  if (last == std::string::npos) return false;
  std::string_view packages = std::string_view(lower).substr(0, last);
  for (size_t start = 0; start < packages.size();) {
    size_t stop = std::min(packages.find_first_of(".:", start), packages.size());
    std::string_view part = packages.substr(start, stop - start);
    if (part.size() >= 3 && kGeneric.count(part) == 0 && NamesRepository(part, repo)) return true;
    start = stop + 1;
  }
  return false;
}

// Whether the paste writes `cls` qualified by a package that names `repo`
// ("feign.RetryableException" for OpenFeign/feign), as the paste's class
// reader keeps only its last name.
bool QualifiedClassNamesRepository(std::string_view paste, std::string_view cls,
                                   std::string_view repo) {
  std::string_view simple =
      cls.substr(cls.find_last_of(".:") == std::string_view::npos ? 0 : cls.find_last_of(".:") + 1);
  if (simple.empty()) return false;
  for (size_t at = paste.find(simple); at != std::string_view::npos;
       at = paste.find(simple, at + 1)) {
    size_t end = at + simple.size();
    if (at == 0 || paste[at - 1] != '.' || (end < paste.size() && IsWordChar(paste[end]))) {
      continue;
    }
    std::string_view qualified = QualifiedNameBefore(paste, end);
    if (!qualified.empty() && PackageNamesRepository(qualified, repo)) return true;
  }
  return false;
}

// Whether `word` occurs in `paste` with no letter or digit on either side.
bool NamesWord(std::string_view paste, std::string_view word) {
  auto alnum = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  for (size_t at = paste.find(word); at != std::string_view::npos; at = paste.find(word, at + 1)) {
    size_t after = at + word.size();
    if ((at == 0 || !alnum(paste[at - 1])) && (after >= paste.size() || !alnum(paste[after]))) {
      return true;
    }
  }
  return false;
}

// Whether `paste` (lowercase) names the repository exactly: its name or a
// distinctive part of it (3+ characters, not GenericNameParts) with no
// letter or digit on either side. A tie-breaker between copies of one
// message in two repositories: "node_modules/mysql2/" names
// sidorares/node-mysql2, not mysqljs/mysql (TextNamesRepository lets a
// digit follow a name, so it names both).
bool NamesRepositoryExactly(std::string_view paste, std::string_view repo) {
  size_t slash = repo.find('/');
  if (slash == std::string_view::npos) return false;
  std::string name = LowerAscii(repo.substr(slash + 1));
  std::vector<std::string> names = NameParts(name);
  names.push_back(name);
  for (const std::string& n : names) {
    if (n.size() >= 3 && GenericNameParts().count(n) == 0 && NamesWord(paste, n)) return true;
  }
  return false;
}

// How many distinctive parts of the directories of `path` the paste
// (lowercase) names as words: a tie-breaker between copies of one message
// in one repository. TanStack/query's "No QueryClient set" is thrown alike
// in packages/react-query, preact-query and solid-query; a paste whose
// frames are react-dom's names "react" (thirty-sixth session); one that
// names "solid-query" names two parts of that copy and one of the others.
int NamedPathParts(std::string_view paste, std::string_view path) {
  static const std::unordered_set<std::string_view> kLayout = {
      "src",  "source", "sources", "packages", "package", "pkg",     "crates", "modules", "main",
      "test", "tests",  "include", "libs",     "server",  "plugins", "ext",    "cmd"};

  // Distinct parts: `alacritty_config_derive/src/config_deserialize/`
  // names "config" once, as `alacritty/src/config/` does.
  std::set<std::string> parts;
  std::string lower = LowerAscii(path);
  for (size_t start = 0, stop; (stop = lower.find('/', start)) != std::string::npos;
       start = stop + 1) {
    for (const std::string& part : NameParts(lower.substr(start, stop - start))) {
      if (part.size() < 3 || GenericNameParts().count(part) > 0 || kLayout.count(part) > 0) {
        continue;
      }
      if (NamesWord(paste, part)) parts.insert(part);
    }
  }
  return static_cast<int>(parts.size());
}

// A sentence's final period after a value, or the end of a paste cut there.
constexpr std::string_view kPeriodOrEnd = "(?:\\.|$)";

// The pattern with the whitespace at its ends made optional (see the file
// comment): leading and trailing unescaped spaces are dropped, and a space
// just after leading (or before trailing) any-text holes becomes " ?" (the
// holes may print nothing, and the paste then starts or ends at the space).
// A final escaped period becomes optional too.
std::string RelaxPatternEnds(std::string_view p) {
  using match::EscapedAt;
  using match::kAnyHole;
  while (!p.empty() && p.front() == ' ') p.remove_prefix(1);
  while (!p.empty() && p.back() == ' ' && !EscapedAt(p, p.size() - 1)) p.remove_suffix(1);
  size_t holes = p.size();
  while (holes >= kAnyHole.size() && p.substr(0, holes).ends_with(kAnyHole)) {
    holes -= kAnyHole.size();
  }
  size_t lead = 0;
  while (p.substr(lead).starts_with(kAnyHole)) lead += kAnyHole.size();
  std::string out(p);
  if (holes < p.size() && holes > 0 && p[holes - 1] == ' ' && !EscapedAt(p, holes - 1)) {
    out.insert(holes, "?");
  }
  if (lead > 0 && lead < holes && p[lead] == ' ') out.insert(lead + 1, "?");
  // A sentence's final period is the first thing a paste loses (quoted in
  // prose, inside backticks, before "where ..."): graphql-js's `... named
  // "${typeName}".` matched nothing without it. Not after a hole: there the
  // period is what ends the value (`in {source}{cache}.`), and without it
  // the lazy holes would match nothing.
  if (out.size() >= 3 && out.back() == '.' && EscapedAt(out, out.size() - 1) &&
      !out.ends_with(")\\.")) {
    out += '?';
  }
  return out;
}

// Whether a partial pattern still says enough on its own: `min_literal`
// literal characters, a word character, and kMinClauseHeadWords words.
bool SaysEnough(std::string_view pattern, size_t min_literal) {
  match::PatternLiterals lits = match::AnalyzePattern(pattern);
  if (lits.literal_chars < min_literal || !lits.has_word_char) return false;
  std::string literal;
  for (const std::string& run : lits.runs) literal += run + " ";
  return match::Tokenize(literal).size() >= kMinClauseHeadWords;
}

// The pattern of a one-line message without its last clause (see
// match::ClauseHead), when what is left still says enough on its own: a
// paste from before the clause was added matches it as a partial match.
std::string ClauseHeadPattern(std::string_view message_pattern) {
  std::string head = match::ClauseHead(message_pattern);
  if (head.empty()) return "";
  std::string relaxed = match::LooseQuotes(RelaxPatternEnds(head));
  return SaysEnough(relaxed, kMinClauseHeadLiteral) ? relaxed : "";
}

// The pattern of a line's first sentence (match::FirstSentence) when it
// says enough on its own: a paste from before the later sentences were
// added.
std::string FirstSentencePattern(std::string_view message_pattern) {
  std::string head = match::FirstSentence(message_pattern);
  if (head.empty()) return "";
  std::string relaxed = match::LooseQuotes(RelaxPatternEnds(head));
  // A first sentence that ends in a value (match::FirstSentence): the
  // period, or the end of a paste cut there (an issue title cut at ktlint's
  // "... at position '0:0"), ends the value. Only here: in a whole message
  // the period is what ends the value, and the paste goes on after it.
  if (relaxed.ends_with(")\\.") && !match::EscapedAt(relaxed, relaxed.size() - 3)) {
    relaxed.replace(relaxed.size() - 2, 2, kPeriodOrEnd);
  }
  return SaysEnough(relaxed, kMinClauseHeadLiteral) ? relaxed : "";
}

// Whether the sentence around a match continues after `end`: a space and
// a lower-case word with a space after it follow ("uncaught exception of
// type"), not punctuation, a field (`tag="x"`), a value or the line's end.
bool SentenceGoesOn(std::string_view text, size_t end) {
  if (end + 1 >= text.size() || text[end] != ' ') return false;
  size_t i = end + 1;
  while (i < text.size() && text[i] >= 'a' && text[i] <= 'z') ++i;
  // A word of prose, followed by another: not `tag="x"` nor a last word.
  return i > end + 1 && i < text.size() && text[i] == ' ';
}

// Whether `match` is not a line of its own in the text: words follow it on
// its line, or a sentence ends just before it ("Oops! Something went
// wrong" is not trpc's "Something went wrong. Please submit an issue").
// A label before it ("ProtocolException: ", "[error] ") is allowed.
bool NotALineOfItsOwn(std::string_view text, re2::StringPiece match) {
  size_t begin = static_cast<size_t>(match.data() - text.data());
  size_t end = begin + match.size();
  for (size_t i = end; i < text.size() && text[i] != '\n'; ++i) {
    if (IsWordChar(text[i])) return true;
  }
  size_t i = begin;
  while (i > 0 && text[i - 1] == ' ') --i;
  return i > 0 && (text[i - 1] == '.' || text[i - 1] == '!' || text[i - 1] == '?' ||
                   IsWordChar(text[i - 1]));
}

// Whether the text goes on from a first sentence's match with the record's
// next sentences, word for word (testcontainers' "Previous attempts to find
// a Docker environment failed. Will not retry." quoted in a user's own
// sentence, without the last one): then the paste is this message cut,
// not another one sharing its opening. `match` is widened over them. Only
// sentences without holes count, so the hit's holes stay the first
// sentence's.
bool LaterSentencesFollow(std::string_view line_pattern, std::string_view text,
                          re2::StringPiece* match) {
  std::vector<std::string> heads = match::SentenceHeads(line_pattern);
  std::string first = match::FirstSentence(line_pattern);
  size_t begin = static_cast<size_t>(match->data() - text.data());
  re2::StringPiece input(text.data(), text.size());
  bool found = false;
  for (const std::string& head : heads) {
    if (head.size() <= first.size() + 2) continue;  // the first sentence itself
    std::string_view later = std::string_view(head).substr(first.size());
    if (later.find('(') != std::string_view::npos) break;  // a hole, or a group
    RE2 re(match::LooseQuotes(head), RE2::Quiet);
    re2::StringPiece whole;
    if (!re.ok() || !re.Match(input, begin, input.size(), RE2::ANCHOR_START, &whole, 1)) break;
    *match = whole;
    found = true;
  }
  return found;
}

// The pattern without a bracket that closes its final hole ("" when it has
// none, or what is left says too little): users elide the tail of a long
// value and the bracket goes with it (golang-migrate's "migration failed in
// line %v: %s (details: %v)" pasted with the SQL error cut at "near '...'").
// An extra pattern rather than an optional bracket, so that a paste with the
// bracket keeps its captures and ranks as a whole match.
std::string CutClosingBracket(std::string_view pattern) {
  using match::kAnyHole;
  std::string_view p = pattern;
  if (!p.ends_with("\\)") && !p.ends_with("\\]")) return "";
  if (!match::EscapedAt(p, p.size() - 1)) return "";
  p.remove_suffix(2);
  if (!p.ends_with(kAnyHole)) return "";
  return SaysEnough(p, kMinClauseHeadLiteral) ? std::string(p) : "";
}

// A pattern made of a later part of a message's pattern, and how many of
// the message's capture groups come before it (so its captures keep their
// holes' names).
struct LaterPart {
  std::string pattern;
  size_t hole_offset = 0;
};

// The capture groups (unescaped `(` not opening `(?`) in p[0, end).
size_t GroupsBefore(std::string_view p, size_t end) {
  size_t groups = 0;
  for (size_t i = 0; i < end && i < p.size(); ++i) {
    if (p[i] == '\\') {
      ++i;
      continue;
    }
    if (p[i] == '(' && (i + 1 >= p.size() || p[i + 1] != '?')) ++groups;
  }
  return groups;
}

// A pattern's lines: the parts between unescaped `\n`s outside any group.
std::vector<std::string_view> PatternLines(std::string_view p) {
  std::vector<std::string_view> lines;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i + 1 < p.size(); ++i) {
    if (p[i] == '\\') {
      if (p[i + 1] == 'n' && depth == 0) {
        lines.push_back(p.substr(start, i - start));
        start = i + 2;
      }
      ++i;  // the escaped character
      continue;
    }
    if (p[i] == '(') ++depth;
    if (p[i] == ')') --depth;
  }
  lines.push_back(p.substr(start));
  return lines;
}

// The part of a pattern before its first line break: the whole pattern when
// it has one line.
std::string_view FirstLine(std::string_view p) { return PatternLines(p)[0]; }

// Patterns of a multi-line message's later lines that say enough on their
// own (a sentence: kMinLaterLineLiteral): a paste quoting the middle of a long
// message (pytest's "Please move it to a top level conftest file at the
// rootdir:" with the paths around it, without the first line) finds it as
// a partial match. At most kMaxLaterLines per message.
std::vector<LaterPart> LaterLinePatterns(std::string_view p) {
  std::vector<LaterPart> out;
  std::vector<std::string_view> lines = PatternLines(p);
  for (size_t i = 1; i < lines.size() && out.size() < kMaxLaterLines; ++i) {
    std::string relaxed = match::LooseQuotes(RelaxPatternEnds(lines[i]));
    if (SaysEnough(relaxed, kMinLaterLineLiteral)) {
      size_t begin = static_cast<size_t>(lines[i].data() - p.data());
      out.push_back({std::move(relaxed), GroupsBefore(p, begin)});
    }
  }
  return out;
}

// The capture group of record `message_pattern`'s holes where extra pattern
// `pattern` starts: 0 unless it is a later line, whose first group is a
// later hole of the message.
size_t FirstHoleOf(std::string_view pattern, std::string_view message_pattern) {
  for (const LaterPart& part : LaterLinePatterns(message_pattern)) {
    if (part.pattern == pattern) return part.hole_offset;
  }
  return 0;
}

// The pattern of a multi-line message's first line ("" when the message has
// one line, or its first line says too little).
std::string HeadPattern(std::string_view p) {
  std::vector<std::string_view> lines = PatternLines(p);
  if (lines.size() < 2) return "";
  std::string head = RelaxPatternEnds(lines[0]);
  match::PatternLiterals lits = match::AnalyzePattern(head);
  if (lits.literal_chars < kMinHeadLiteral || !lits.has_word_char) return "";
  return head;
}

// The pattern without a leading level label ("ERROR: ", "WARNING: ",
// "[ERROR] "): a paste's reader takes such a label off the line
// (input.cc's LevelPrefix), so PHP_CodeSniffer's 'ERROR: The file "%s"
// does not exist.' must also be found as the words after it. "" when the
// pattern has no such label or what is left says too little.
std::string WithoutLevelLabel(std::string_view p) {
  static const RE2* const label = new RE2(
      R"((?:(?:ERROR|WARNING|WARN|FATAL|CRITICAL)\\?:|\\\[(?:ERROR|WARNING|WARN|FATAL)\\\]) +)");
  re2::StringPiece in(p.data(), p.size());
  if (!RE2::Consume(&in, *label)) return "";
  std::string_view rest(in.data(), in.size());
  return SaysEnough(rest, kMinClauseHeadLiteral) ? std::string(rest) : "";
}

// The run to use as prefilter anchor: the one fewest patterns share (a
// shared run like "failed to " would make every such pattern a candidate),
// then the longest. Runs are cut to kMaxAnchorBytes first.
std::string PickAnchor(const match::PatternLiterals& lits,
                       const std::unordered_map<std::string, uint32_t>& run_count) {
  if (lits.Anchor().empty()) return "";
  std::string best;
  uint32_t best_count = UINT32_MAX;
  for (const std::string& full : lits.runs) {
    std::string run = full.substr(0, kMaxAnchorBytes);
    bool good = run.size() >= kMinGoodAnchor;
    bool best_good = best.size() >= kMinGoodAnchor;
    if (!best.empty() && best_good && !good) continue;
    auto it = run_count.find(run);
    uint32_t count = it == run_count.end() ? 1 : it->second;
    bool better = good != best_good ? good
                  : !good           ? run.size() > best.size()
                          : count < best_count || (count == best_count && run.size() > best.size());
    if (best.empty() || better) {
      best = std::move(run);
      best_count = count;
    }
  }
  return best;
}

std::string_view Basename(std::string_view path) {
  size_t slash = path.find_last_of("/\\");
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// True if a printed frame path and a record's repository-relative path name
// the same file: one is a suffix of the other at a '/' boundary ("/app/src/
// a.py" and "src/a.py"), or the frame has only a file name (Java).
bool SameFile(std::string_view frame, std::string_view record) {
  if (frame.empty() || record.empty()) return false;
  auto suffix = [](std::string_view longer, std::string_view shorter) {
    return longer.ends_with(shorter) &&
           (longer.size() == shorter.size() || longer[longer.size() - shorter.size() - 1] == '/');
  };
  return suffix(frame, record) || suffix(record, frame);
}

// The distance from `line` to the nearest line the record is raised at.
int LinesAway(const Record& r, int line) {
  int best = std::abs(line - r.line_number);
  for (int l : r.other_lines) best = std::min(best, std::abs(line - l));
  return best;
}

// The last component of a dotted name ("a.B.handle" -> "handle").
std::string_view LastName(std::string_view s) {
  size_t dot = s.find_last_of(".:#");
  return dot == std::string_view::npos ? s : s.substr(dot + 1);
}

// A frame whose function has the record's function name, in a file errdex
// did not index under that path (a bundle such as dist/axios.cjs, an
// installed copy): weak evidence, enough to break a tie. Short or dunder
// names (`run`, `__init__`) say nothing.
// A name qualified by its class (`JsonTextReader.Read` in the frame
// `Newtonsoft.Json.JsonTextReader.Read()`) is specific however short.
bool SameFunction(const StackFrame& f, const Record& r) {
  std::string_view a = LastName(f.function), b = LastName(r.function);
  if (a != b || a.empty() || a.starts_with("__") || a.starts_with("<")) return false;
  if (a.size() >= kMinFrameFunction) return true;
  std::string_view qualified = r.function;
  size_t dot = qualified.find('.');
  if (dot == std::string_view::npos || dot == 0) return false;
  std::string_view frame = f.function;
  return frame == qualified ||
         (frame.ends_with(qualified) && frame[frame.size() - qualified.size() - 1] == '.');
}

// The best frame evidence for record r (0 if none).
double FrameBonus(const Record& r, const std::vector<StackFrame>& frames) {
  double best = 0;
  for (const StackFrame& f : frames) {
    if (SameFile(f.file, r.file_path)) {
      int away = LinesAway(r, f.line);
      best = std::max(best, away == 0                 ? kFrameAtLine
                            : away <= kFrameNearLines ? kFrameNearLine
                                                      : kFrameInFile);
    } else if (!r.function.empty() && SameFunction(f, r)) {
      best = std::max(best, kFrameFunction);
    }
  }
  return best;
}

// Whether the paste names the record's function as a whole identifier
// outside a stack frame: log lines tag messages with it (libusb's
// "libusb: error [submit_iso_transfer] submiturb failed"), which tells
// apart the functions that print one text. Only names that cannot be
// English words count (an underscore, an inner capital or a digit, six
// characters at least), so "connect" or "open" prove nothing.
bool PasteNamesFunction(std::string_view paste, const Record& r) {
  std::string_view name = LastName(r.function);
  if (name.size() < 6) return false;
  bool identifier = false;
  for (size_t i = 1; i < name.size(); ++i) {
    char c = name[i];
    identifier |= c == '_' || std::isdigit(static_cast<unsigned char>(c)) ||
                  (std::isupper(static_cast<unsigned char>(c)) &&
                   std::islower(static_cast<unsigned char>(name[i - 1])));
  }
  if (!identifier) return false;
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = paste.find(name); at != std::string_view::npos; at = paste.find(name, at + 1)) {
    bool before = at > 0 && word(paste[at - 1]);
    bool after = at + name.size() < paste.size() && word(paste[at + name.size()]);
    if (!before && !after) return true;
  }
  return false;
}

// The directories a frame was printed in: its file's, or, for a JVM/.NET
// frame naming only a file, its function's package ("com.x.ser.impl.C.m"
// -> com/x/ser/impl).
std::vector<std::string_view> FrameDirs(const StackFrame& f) {
  std::vector<std::string_view> out;
  auto split = [&](std::string_view path, char sep) {
    for (size_t start = 0; start < path.size();) {
      size_t stop = std::min(path.find(sep, start), path.size());
      if (stop > start) out.push_back(path.substr(start, stop - start));
      start = stop + 1;
    }
  };
  std::string_view file = f.file;
  size_t slash = file.find_last_of("/\\");
  if (slash != std::string_view::npos) {
    split(file.substr(0, slash), file[slash]);
  } else {
    std::string_view fn = f.function;
    size_t method = fn.rfind('.');
    size_t cls = method == std::string_view::npos ? method : fn.rfind('.', method - 1);
    if (cls != std::string_view::npos) split(fn.substr(0, cls), '.');
  }
  return out;
}

// How many directories in a row a record's path shares with a frame's
// (com/fasterxml/jackson/databind/ser for a frame in databind.ser.impl and a
// record in databind/ser/): two sites of one template, one in the package
// the trace ran through, are told apart by it.
int FramePathDepth(const Record& r, const std::vector<StackFrame>& frames) {
  std::vector<std::string_view> rec;
  std::string_view path = r.file_path;
  for (size_t start = 0; start < path.size();) {
    size_t stop = std::min(path.find('/', start), path.size());
    if (stop < path.size()) rec.push_back(path.substr(start, stop - start));
    start = stop + 1;
  }
  int best = 0;
  for (const StackFrame& f : frames) {
    std::vector<std::string_view> dirs = FrameDirs(f);
    for (size_t i = 0; i < dirs.size(); ++i) {
      for (size_t j = 0; j < rec.size(); ++j) {
        int k = 0;
        while (i + k < dirs.size() && j + k < rec.size() && dirs[i + k] == rec[j + k]) ++k;
        best = std::max(best, k);
      }
    }
  }
  return best;
}

// A Python traceback ends at the frame that raised. When that frame is in
// neither the record's file nor its repository (a user's `from x import y`
// line raising ModuleNotFoundError, against pip's own "No module named"),
// the record did not raise this paste, however alike the text.
bool RaisedElsewhere(const Record& r, const std::vector<StackFrame>& frames) {
  if (frames.empty() || LanguageFamily(r.language) != "python") return false;
  const StackFrame& innermost = frames.back();
  if (FrameFamily(innermost.file) != "python") return false;
  return !SameFile(innermost.file, r.file_path) &&
         !TextNamesRepository(LowerAscii(innermost.file), r.repo);
}

// Whether `value` cannot be what the printf-style hole `written` ("%d",
// "%.100q", "%T") prints. Other holes fit anything.
bool HoleMisfit(std::string_view written, std::string_view value) {
  static const RE2* const verb_re =
      new RE2(R"(%[-+# 0]*\d*(?:\.\d+)?(?:hh|h|ll|l|z|j|t|L)?([diuTq]))");
  std::string verb;
  if (!RE2::FullMatch(re2::StringPiece(written.data(), written.size()), *verb_re, &verb)) {
    return false;
  }
  value = Trim(value);
  if (value.empty()) return false;
  if (verb == "T") return value.find_first_of(" \t\n\"'") != std::string_view::npos;
  if (verb == "q") {
    char c = value.front() == '\\' && value.size() > 1 ? value[1] : value.front();
    return c != '"' && c != '\'' && c != '`';
  }
  if (value.front() == '-') value.remove_prefix(1);
  return value.empty() ||
         !std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string CaptureName(const Record& r, size_t group) {
  if (group < r.holes.size()) {
    if (!r.holes[group].expr.empty()) return r.holes[group].expr;
    if (!r.holes[group].text.empty()) return r.holes[group].text;
  }
  std::string name = "$";  // not "$" + ...: GCC 12 -O3 warns falsely (-Wrestrict)
  return name.append(std::to_string(group + 1));
}

// The record's message with its holes blanked, so the words of `{quant_method}`
// do not count as words of the message.
std::string FuzzyText(const Record& r) {
  std::string text = r.error_message;
  for (const HoleInfo& h : r.holes) {
    if (h.text.empty()) continue;
    // Rebuilt rather than replaced in place: GCC 12 -O3 warns falsely
    // (-Wrestrict) about std::string::replace here.
    std::string blanked;
    size_t from = 0;
    for (size_t at = text.find(h.text); at != std::string::npos; at = text.find(h.text, from)) {
      blanked.append(text, from, at - from).push_back(' ');
      from = at + h.text.size();
    }
    text = std::move(blanked.append(text, from));
  }
  return text;
}

// Where the holes at the start of a match end: `{name} {file} does not
// exist` may print nothing for its first hole, and the next one is then
// leading too.
size_t LeadingHolesEnd(size_t begin, const std::vector<std::pair<size_t, size_t>>& holes) {
  size_t at = begin;
  for (const auto& [b, e] : holes) {
    if (b != at) break;
    at = e;
  }
  return at;
}

// The share of a match's own span that is literal text. A leading hole
// starts wherever the text does and a trailing one runs to its end (see
// Verify), so their values stretch over text the template never wrote: the
// own span drops what a leading hole took before its last line break or
// before a one-word value after its last ": " (the wrappers' prefixes:
// duckdb's "%s with name %s does not exist!" after "Catalog Error: Failed
// to get ...: ", when `shaped`) and what a trailing
// one took after its first line break. `holes` are (begin, end) in the
// text, in order, inside [begin, end).
double OwnLiteralShare(std::string_view text, size_t begin, size_t end,
                       const std::vector<std::pair<size_t, size_t>>& holes, bool shaped) {
  size_t from = begin, to = end;
  size_t lead = LeadingHolesEnd(begin, holes);
  std::string_view leading = text.substr(begin, lead - begin);
  size_t nl_lead = leading.rfind('\n');
  if (nl_lead != std::string_view::npos) from = begin + nl_lead + 1;
  // After a prefix's ": " only a one-word value ("Table") is the hole's;
  // "command 'gcc'" after "error: " may as well be the template's text. And
  // only in a template of several literal runs (`shaped`): one run after a
  // value ("$path does not exist.") ends any text.
  size_t colon_lead = leading.rfind(": ");
  if (shaped && colon_lead != std::string_view::npos &&
      leading.find(' ', colon_lead + 2) == std::string_view::npos) {
    from = std::max(from, begin + colon_lead + 2);
  }
  if (!holes.empty() && holes.back().second == end && holes.back().first < end) {
    size_t nl = text.substr(holes.back().first, end - holes.back().first).find('\n');
    if (nl != std::string_view::npos) to = holes.back().first + nl;
  }
  if (to <= from) return 0;
  size_t hole_bytes = 0;
  for (const auto& [b, e] : holes) {
    size_t lo = std::max(b, from), hi = std::min(e, to);
    if (hi > lo) hole_bytes += hi - lo;
  }
  return static_cast<double>(to - from - hole_bytes) / static_cast<double>(to - from);
}

// The value a template's last hole took when the template opens a block for
// it (its text ends in ":" and a line break just before that hole): everything of
// that value after its first line. Empty otherwise.
std::string_view TrailingDump(std::string_view pattern, std::string_view text,
                              const std::vector<std::pair<size_t, size_t>>& holes, size_t end) {
  // "...:\n" says a block follows; duckdb's "unrecognized %s %s\n%s" ends
  // a sentence and goes on with another message (its suggestions).
  static constexpr std::string_view kBlockHole = ":\\n([\\s\\S]*?)";
  if (holes.empty() || holes.back().second != end || !pattern.ends_with(kBlockHole)) return {};
  std::string_view value = text.substr(holes.back().first, end - holes.back().first);
  size_t nl = value.find('\n');
  if (nl == std::string_view::npos) return {};
  return value.substr(nl);
}

// A matched line found again later must be this long to be a copy.
constexpr size_t kMinRepeatedLine = 8;

// The lines right above the one holding `begin` (itself not indented), up
// to the first that does not end in ":" (each distinct once; see
// Segment::Verify).
std::vector<std::string_view> HeaderLinesAbove(std::string_view text, size_t begin) {
  std::vector<std::string_view> out;
  size_t line_start = text.rfind('\n', begin == 0 ? 0 : begin - 1);
  if (begin == 0 || line_start == std::string_view::npos) return out;
  // An indented line under "...:" is a detail of that header's own message
  // (pgx's "failed to connect to `user=..`:\n\t<host>: dial error: .."),
  // which a record may hold; only a line of its own is introduced.
  if (line_start + 1 < text.size() &&
      (text[line_start + 1] == ' ' || text[line_start + 1] == '\t')) {
    return out;
  }
  std::unordered_set<std::string_view> seen;
  size_t end = line_start;  // the '\n' ending the line above
  while (true) {
    size_t start = end == 0 ? std::string_view::npos : text.rfind('\n', end - 1);
    size_t from = start == std::string_view::npos ? 0 : start + 1;
    std::string_view line = Trim(text.substr(from, end - from));
    if (line.empty() || line.back() != ':') break;
    if (seen.insert(line).second) out.push_back(line);
    if (start == std::string_view::npos) break;
    end = start;
  }
  return out;
}

// True when a leading hole took a line break: the template's own text starts
// on a later line, so what came before is other text (log lines, the user's
// words), not a value of this message.
bool LeadingHoleCrossesLines(std::string_view text, size_t begin,
                             const std::vector<std::pair<size_t, size_t>>& holes) {
  size_t lead = LeadingHolesEnd(begin, holes);
  return text.substr(begin, lead - begin).find('\n') != std::string_view::npos;
}

// The literal runs of a match that hold a letter or digit: "%s in %s on
// line %s" has two, guzzle's "Client error: `%s %s` resulted in a `%s %s`
// response" four. Three or more in order are a shape of their own.
size_t WordyLiteralRuns(std::string_view text, size_t begin, size_t end,
                        const std::vector<std::pair<size_t, size_t>>& holes) {
  size_t runs = 0, at = begin;
  auto count = [&](size_t from, size_t to) {
    std::string_view run = text.substr(from, to > from ? to - from : 0);
    if (std::any_of(run.begin(), run.end(), IsWordChar)) ++runs;
  };
  for (const auto& [b, e] : holes) {
    count(at, b);
    at = std::max(at, e);
  }
  count(at, end);
  return runs;
}

// A hit being ranked; `literal_chars` breaks score ties.
struct Ranked {
  Match match;
  uint32_t index = 0;  // the record's index in the matcher
  size_t literal_chars = 0;
  bool exact_code = false;
  // Pattern hits: the share of the message's word weight the literals
  // explain, and whether the matched literals say too little to stand alone.
  double explained = 0;
  double info = 0;           // the weight of the literal words it matched
  size_t literal_words = 0;  // how many there are
  bool weak = false;
  bool framed = false;              // a frame of the paste points at its file or function
  double frame = 0;                 // that evidence's bonus, kept apart from the clamped score
  bool full = false;                // the pattern matched the whole text
  bool hole_heavy = false;          // holes hold most of its own span (kMinOwnLiteralShare)
  bool tooling = false;             // the record is in development tooling (kToolingRecord)
  const Record* wrapper = nullptr;  // found reworded inside this record's hole
  int frame_path = 0;               // FramePathDepth, a tie-breaker
  bool named = false;               // PasteNamesFunction, a tie-breaker
  bool yielded = false;             // a looser reading of another hit (YieldToExactReadings)
  bool repo_named = false;          // NamesRepositoryExactly, a tie-breaker
  int path_parts_named = 0;         // NamedPathParts, a tie-breaker within a repository
  // Where the pattern matched in the text, and where its holes did.
  size_t begin = 0, end = 0;
  std::vector<std::pair<size_t, size_t>> holes;
};

// What every candidate of one query is scored against, computed once.
struct QueryContext {
  std::unordered_map<std::string, double> weights;  // the message's words
  double total_weight = 0;
  // The weight of the words of lines the paste prints again (their repeats).
  double repeated_weight = 0;
  double min_info = 0;      // see kMinLiteralInfo
  std::string_view family;  // the paste's language family, "" if unknown
};

// The best score among hits that may stand on their own text.
double BestScore(const std::vector<Ranked>& hits) {
  double best = 0;
  for (const Ranked& h : hits) {
    if (!h.weak) best = std::max(best, h.match.score);
  }
  return best;
}

// Ties that nothing in the paste decides (one template raised by several
// functions of a file, `type must be array, but is %s` in nlohmann's
// from_json) go to the record raised at the most sites, the likelier
// origin a priori, then in file order: a stable order a reader can follow,
// never the order of hash ids.
// A file in a tree beside the library proper (contributed extras,
// examples, samples, demos): what most users run is the library, so on a tie
// its site comes first (libarchive's tar/bsdtar.c before its copy of the
// same message in contrib/shar/).
bool InSideTree(std::string_view path) {
  static constexpr std::string_view kSideTrees[] = {"contrib/", "examples/", "example/",
                                                    "samples/", "sample/",   "demo/",
                                                    "demos/",   "extras/",   "third_party/"};
  for (std::string_view d : kSideTrees) {
    if (path.starts_with(d)) return true;
  }
  return false;
}

// Whether `path` lies in a directory named after the other repository
// `repo` ("zlib/inflate.c" in rsync, for madler/zlib): a vendored copy of
// that library, whose own site is the origin of the message.
bool CopyOf(std::string_view path, std::string_view repo) {
  size_t slash = repo.find('/');
  std::string name = LowerAscii(slash == std::string_view::npos ? repo : repo.substr(slash + 1));
  if (name.size() < 3) return false;
  std::string lower = LowerAscii(path);
  for (size_t start = 0, stop; (stop = lower.find('/', start)) != std::string::npos;
       start = stop + 1) {
    if (std::string_view(lower).substr(start, stop - start) == name) return true;
  }
  return false;
}

// The paste (lowercase) with the text the hit's pattern matched blanked:
// words of the message itself say nothing of where it was raised
// (alacritty's "Config error: .." names "config" for every config file).
std::string OutsideMatch(const std::string& paste, std::string_view text, const Ranked& h) {
  std::string out = paste;
  if (h.end <= h.begin || h.end > text.size()) return out;
  std::string matched = LowerAscii(text.substr(h.begin, h.end - h.begin));
  if (size_t at = out.find(matched); !matched.empty() && at != std::string::npos) {
    std::fill(out.begin() + static_cast<std::ptrdiff_t>(at),
              out.begin() + static_cast<std::ptrdiff_t>(at + matched.size()), ' ');
  }
  return out;
}

bool Better(const Ranked& a, const Ranked& b) {
  if (a.match.score != b.match.score) return a.match.score > b.match.score;
  if (a.exact_code != b.exact_code) return a.exact_code;
  // Scores clamp at 1: two sites of one message both at 1.0 are told apart
  // by the frames.
  if (a.frame != b.frame) return a.frame > b.frame;
  if (a.literal_chars != b.literal_chars) return a.literal_chars > b.literal_chars;
  if (a.frame_path != b.frame_path) return a.frame_path > b.frame_path;
  if (a.named != b.named) return a.named;
  const Record& ra = *a.match.record;
  const Record& rb = *b.match.record;
  // One message copied into two repositories (pgx took lib/pq's texts,
  // mysql2 mysqljs's): the one the paste names, in a path or a package.
  if (ra.repo != rb.repo && a.repo_named != b.repo_named) return a.repo_named;
  // One message in two packages of a repository: the one the paste names.
  if (ra.repo == rb.repo && ra.file_path != rb.file_path &&
      a.path_parts_named != b.path_parts_named) {
    return a.path_parts_named > b.path_parts_named;
  }
  // The code that writes the text (a factory, a constructor) before the
  // sites that call it: it is where the message is, and its callers are
  // listed with it.
  if (ra.message_from.empty() != rb.message_from.empty()) return ra.message_from.empty();
  if (ra.other_lines.size() != rb.other_lines.size()) {
    return ra.other_lines.size() > rb.other_lines.size();
  }
  if (ra.repo != rb.repo) {
    if (CopyOf(ra.file_path, rb.repo)) return false;
    if (CopyOf(rb.file_path, ra.repo)) return true;
  }
  if (InSideTree(ra.file_path) != InSideTree(rb.file_path)) return !InSideTree(ra.file_path);
  if (ra.repo != rb.repo) return ra.repo < rb.repo;
  if (ra.file_path != rb.file_path) return ra.file_path < rb.file_path;
  if (ra.line_number != rb.line_number) return ra.line_number < rb.line_number;
  return ra.id < rb.id;
}

// The fields of a record a Matcher reads (those Store::ListForMatching
// fills), as a snapshot stores them: a snapshot carries its records, so a
// caller that trusts it (Matcher::Load) reads no record from the database.
// A loaded matcher parses one record's fields only when a query shows it.
void WriteMatchingFields(match::ByteWriter* w, const Record& r) {
  for (const std::string* s : {&r.id, &r.repo, &r.slug, &r.file_path}) w->String(*s);
  w->Pod<int32_t>(r.line_number);
  std::vector<int32_t> other(r.other_lines.begin(), r.other_lines.end());
  w->Vector(other);
  w->Pod<uint8_t>(r.error_code.has_value());
  w->String(r.error_code.value_or(""));
  for (const std::string* s : {&r.error_class, &r.error_message, &r.message_pattern}) w->String(*s);
  w->Pod<uint64_t>(r.holes.size());
  for (const HoleInfo& h : r.holes) {
    w->String(h.text);
    w->String(h.expr);
  }
  w->Pod<uint8_t>(r.message_opaque);
  for (const std::string* s : {&r.language, &r.kind, &r.function, &r.message_from, &r.severity}) {
    w->String(*s);
  }
}

bool ReadMatchingFields(match::ByteReader* in, Record* r) {
  int32_t line = 0;
  std::vector<int32_t> other;
  uint8_t has_code = 0, opaque = 0;
  std::string code;
  uint64_t holes = 0;
  bool ok = in->String(&r->id) && in->String(&r->repo) && in->String(&r->slug) &&
            in->String(&r->file_path) && in->Pod(&line) && in->Vector(&other) &&
            in->Pod(&has_code) && in->String(&code) && in->String(&r->error_class) &&
            in->String(&r->error_message) && in->String(&r->message_pattern) && in->Pod(&holes);
  for (uint64_t h = 0; ok && h < holes; ++h) {
    HoleInfo hole;
    ok = in->String(&hole.text) && in->String(&hole.expr);
    r->holes.push_back(std::move(hole));
  }
  ok = ok && in->Pod(&opaque) && in->String(&r->language) && in->String(&r->kind) &&
       in->String(&r->function) && in->String(&r->message_from) && in->String(&r->severity) &&
       has_code <= 1 && opaque <= 1;
  if (!ok) return false;
  r->line_number = line;
  r->other_lines.assign(other.begin(), other.end());
  if (has_code) r->error_code = std::move(code);
  r->message_opaque = opaque == 1;
  return true;
}

// The records' matching fields one after another, and where each starts
// (n + 1 offsets): the snapshot's "records" sections.
void RecordBlob(const std::vector<Record>& records, std::vector<char>* bytes,
                std::vector<uint64_t>* begin) {
  match::ByteWriter w;
  begin->assign(1, 0);
  for (const Record& r : records) {
    WriteMatchingFields(&w, r);
    begin->push_back(w.bytes().size());
  }
  bytes->assign(w.bytes().begin(), w.bytes().end());
}

// A snapshot file mapped read-only: a loaded matcher's arrays are views into
// it, so it lives as long as the matcher. Only the pages a query touches are
// read from the page cache.
class MappedFile {
 public:
  explicit MappedFile(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        static_cast<uint64_t>(st.st_size) <= kMaxSnapshotBytes) {
      void* p = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
      if (p != MAP_FAILED) {
        data_ = p;
        size_ = static_cast<size_t>(st.st_size);
      }
    }
    ::close(fd);
  }
  ~MappedFile() {
    if (data_ != nullptr) ::munmap(data_, size_);
  }
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  bool ok() const { return data_ != nullptr; }
  std::string_view bytes() const { return {static_cast<const char*>(data_), size_}; }
  // Unmaps the pages read so far (a checksum pass over the whole file): they
  // stay in the page cache and fault back in where a query reads them, so
  // the process's resident memory is what it uses, not what it checked.
  void DropPages() const {
    if (data_ != nullptr) ::madvise(data_, size_, MADV_DONTNEED);
  }

 private:
  void* data_ = nullptr;
  size_t size_ = 0;
};

// What a segment compiles and parses lazily, kept with its snapshot so
// that every matcher composed of the segment shares it (a reload compiles
// no pattern of an unchanged repository again).
struct LazyState {
  match::ZeroedArray<RE2*> regex;            // per pattern, compiled on first use
  match::ZeroedArray<uint8_t> failed;        // per pattern: does not compile
  match::ZeroedArray<Record*> materialized;  // per record of a loaded segment
  std::mutex bad_mu;
  std::vector<std::string> bad_patterns;  // guarded by bad_mu

  ~LazyState() {
    for (size_t p = 0; p < regex.size(); ++p) delete regex[p];
    for (size_t r = 0; r < materialized.size(); ++r) delete materialized[r];
  }
};

}  // namespace

struct InitTables;

// The structures of one set of records: a whole matcher's (one segment), or
// one repository's of a matcher composed of segments (Matcher::Compose).
// Record and pattern numbers here are the segment's own.
struct Segment {
  size_t n = 0;  // records
  // A built matcher's records. A loaded one has none: record r's matching
  // fields are record_bytes[record_begin[r] .. record_begin[r + 1]), parsed
  // into `materialized[r]` the first time a query shows or ranks it.
  std::vector<Record> owned;
  // Per record, while it is built: whether its message is opaque.
  std::vector<bool> opaque;
  match::Column<char> record_bytes;
  match::Column<uint64_t> record_begin;
  // Per record, what queries read of every candidate (so that scanning
  // candidates parses no record): its repository and class, as indexes into
  // the tables of distinct ones.
  match::Column<uint32_t> record_repo, record_class;
  match::StringTable repos, classes;
  // Patterns: one per record (index = record), then the first lines of
  // multi-line messages (see HeadPattern), each with its record. Pattern p
  // is the text the matcher runs (trimmed), compiled on first use into
  // regex[p] (failed[p] when it does not compile).
  match::StringTable patterns;
  match::Column<uint32_t> pattern_record;
  match::Column<uint64_t> literal_chars;  // per pattern
  match::Column<uint32_t> slot_record;    // prefilter index -> pattern index
  // Per prefilter slot, the literal runs its pattern requires in order
  // (none when the pattern has alternation or case folding): run k is
  // run_bytes[run_begin[k] .. run_begin[k + 1]), slot s owns runs
  // slot_runs[s] .. slot_runs[s + 1]. Checked with plain finds before RE2:
  // a pattern selected by a run it shares with dozens of siblings is
  // rejected by the run that makes it different, for a fraction of a search.
  match::Column<char> run_bytes;
  match::Column<uint32_t> run_begin, slot_runs;
  std::unique_ptr<match::Prefilter> prefilter;
  // Codes made of word characters, looked up word by word; the others are
  // searched for one by one (other_code_text[i] is other_codes[i]'s code).
  match::KeyedLists word_codes;
  uint64_t longest_word_code = 0;
  match::Column<uint32_t> other_codes;
  match::StringTable other_code_text;
  match::FuzzyIndex fuzzy;
  // "basename:line" -> records raised there, for frames that point at them.
  match::KeyedLists by_location;
  // Lowercased class, code, function and file names -> records (keywords).
  match::KeyedLists by_name;
  // What a loaded matcher's arrays point into.
  std::unique_ptr<MappedFile> file;
  // Compiled patterns and parsed records (shared by composed matchers).
  std::shared_ptr<LazyState> lazy = std::make_shared<LazyState>();

  // Init() = Add() of each record, then Install(); MatcherSegment::Builder
  // adds records a batch at a time without keeping them.
  void Init(std::vector<Record> recs);
  void Add(InitTables* t, const Record& rec);
  void Install(InitTables* t);
  void Build();
  std::string Snapshot(const std::string& stamp) const;
  void AddSections(match::SnapshotWriter* out) const;  // Snapshot()'s sections
  Status Restore(const match::SnapshotReader& in, bool with_records);
  // Record r: the built one, or parsed from the snapshot on first use. A
  // record the snapshot cannot give back (damage that the open-time checks
  // do not read for) is an empty record.
  const Record& rec(uint32_t r) const;
  std::string_view Repo(uint32_t r) const { return repos.Get(record_repo.At(r, UINT32_MAX)); }
  std::string_view Class(uint32_t r) const { return classes.Get(record_class.At(r, UINT32_MAX)); }
  // Pattern p's record, or n when the snapshot is damaged.
  // Pattern p is record r's message without its last clause: an extra
  // pattern (p >= n) of a one-line message, or of a multi-line one's first
  // line (its other extra pattern, the first line whole, is HeadPattern).
  bool IsClauseHead(uint32_t p, uint32_t r) const {
    if (p < n || IsCutBracket(p, r)) return false;
    std::string_view whole = patterns.Get(r);
    return whole.find("\\n") == std::string_view::npos || patterns.Get(p) != HeadPattern(whole);
  }
  // Whether pattern p is record r's pattern without its final closing
  // bracket (CutClosingBracket): a whole match of a paste cut short.
  bool IsCutBracket(uint32_t p, uint32_t r) const {
    if (p < n) return false;
    std::string_view whole = patterns.Get(r), cut = patterns.Get(p);
    return whole.size() == cut.size() + 2 && whole.starts_with(cut);
  }

  uint32_t PatternRecord(uint32_t p) const {
    uint32_t r = pattern_record.At(p, UINT32_MAX);
    return r < n ? r : static_cast<uint32_t>(n);
  }
  // Record r's compiled pattern, or nullptr if it does not compile.
  const RE2* Regex(uint32_t r) const;

  // Records no slice of the composed matcher shows (Matcher::Compose): one
  // bit per record, empty when every record is shown.
  std::vector<uint64_t> hidden;
  bool Hidden(uint32_t r) const {
    return r / 64 < hidden.size() && ((hidden[r / 64] >> (r % 64)) & 1);
  }
  bool Accept(uint32_t r, const Query& q) const {
    return !Hidden(r) && (q.repo.empty() || Repo(r) == q.repo);
  }
  // (record, its code only supports: a plain number or a category word) for
  // the codes the text names.
  std::vector<std::pair<uint32_t, bool>> CodeHits(std::string_view text, const Query& q) const;
  bool RunsInOrder(uint32_t slot, std::string_view text) const;
  bool Verify(uint32_t r, std::string_view text, const Query& q, const QueryContext& ctx,
              Ranked* out) const;
  // The hits of patterns that match whole; `partial` gets the candidates
  // that are part of a message, to be verified only when no pattern of any
  // segment matched whole (*whole).
  void WholeHits(std::string_view text, const Query& q, const QueryContext& ctx,
                 std::vector<Ranked>* hits, std::vector<uint32_t>* partial, bool* whole) const;
  QueryContext Context(std::string_view text, const Query& q) const;
  bool SharesRareWord(const std::vector<std::string>& query_tokens, const Record& r) const;
  std::vector<uint32_t> FrameHits(const Query& q) const;
};

const Record& Segment::rec(uint32_t r) const {
  if (!owned.empty()) return owned[r];
  std::atomic_ref<Record*> slot(lazy->materialized[r]);
  Record* have = slot.load(std::memory_order_acquire);
  if (have != nullptr) return *have;
  auto fresh = std::make_unique<Record>();
  uint64_t b = record_begin.At(r, 0), e = record_begin.At(r + 1, 0);
  if (b <= e && e <= record_bytes.size()) {
    match::ByteReader in(std::string_view(record_bytes.data() + b, e - b));
    if (!ReadMatchingFields(&in, fresh.get()) || !in.at_end()) *fresh = Record();
  }
  if (slot.compare_exchange_strong(have, fresh.get(), std::memory_order_acq_rel)) {
    return *fresh.release();
  }
  return *have;  // another thread won
}

// Two threads may compile the same pattern at once; one result wins and the
// other is deleted, so a pattern is never compiled into two live objects.
const RE2* Segment::Regex(uint32_t r) const {
  std::atomic_ref<RE2*> slot(lazy->regex[r]);
  std::atomic_ref<uint8_t> bad(lazy->failed[r]);
  RE2* re = slot.load(std::memory_order_acquire);
  if (re != nullptr || bad.load(std::memory_order_relaxed)) return re;
  RE2::Options options;
  options.set_log_errors(false);
  options.set_max_mem(kPatternMaxMem);
  std::string_view text = patterns.Get(r);
  auto fresh = std::make_unique<RE2>(re2::StringPiece(text.data(), text.size()), options);
  uint32_t owner = PatternRecord(r);
  if (!fresh->ok() || owner >= n) {
    if (!bad.exchange(1)) {
      std::lock_guard<std::mutex> lock(lazy->bad_mu);
      lazy->bad_patterns.push_back((owner < n ? rec(owner).id : std::string("?")) + ": " +
                                   (fresh->ok() ? "damaged snapshot" : fresh->error()));
    }
    return nullptr;
  }
  if (slot.compare_exchange_strong(re, fresh.get(), std::memory_order_acq_rel)) {
    return fresh.release();
  }
  return re;  // another thread won
}

// The tables every built Matcher has, in the flat form a snapshot saves.
struct InitTables {
  std::vector<std::string> pattern;
  std::vector<uint32_t> pattern_record;
  std::unordered_map<std::string, std::vector<uint32_t>> word_codes, by_location, by_name;
  uint64_t longest_word_code = 0;
  std::vector<uint32_t> other_codes;
  std::vector<std::string> other_code_text;
  std::unordered_map<std::string, uint32_t> repo_id, class_id;
  std::vector<std::string> repos, classes;
  std::vector<uint32_t> record_repo, record_class;
  // Patterns after every record's own (each with its record), and which
  // records are opaque: Add() finds them, Segment::Install() places them.
  std::vector<std::string> extra;
  std::vector<uint32_t> extra_record;
  std::vector<bool> opaque;

  static uint32_t Intern(std::unordered_map<std::string, uint32_t>* ids,
                         std::vector<std::string>* strings, const std::string& s) {
    auto [it, fresh] = ids->try_emplace(s, static_cast<uint32_t>(strings->size()));
    if (fresh) strings->push_back(s);
    return it->second;
  }
  void AddCode(const Record& rec, uint32_t r) {
    if (!rec.error_code) return;
    std::string code(Trim(*rec.error_code));
    if (code.empty()) return;
    if (std::all_of(code.begin(), code.end(), IsWordChar)) {
      longest_word_code = std::max<uint64_t>(longest_word_code, code.size());
      word_codes[code].push_back(r);
    } else {
      other_codes.push_back(r);
      other_code_text.push_back(code);
    }
  }
  void AddLocation(const Record& rec, uint32_t r) {
    if (rec.file_path.empty()) return;
    std::string base(Basename(rec.file_path));
    by_location[base + ":" + std::to_string(rec.line_number)].push_back(r);
    for (int line : rec.other_lines) by_location[base + ":" + std::to_string(line)].push_back(r);
  }
  // Record r's entries: its own pattern and tables, its extra patterns.
  void Add(const Record& rec, uint32_t r) {
    pattern.push_back(match::LooseQuotes(
        match::LooseSpaces(RelaxPatternEnds(match::OptionalColonTail(rec.message_pattern)))));
    pattern_record.push_back(r);
    AddCode(rec, r);
    AddLocation(rec, r);
    AddNames(rec, r);
    record_repo.push_back(Intern(&repo_id, &repos, rec.repo));
    record_class.push_back(Intern(&class_id, &classes, rec.error_class));
    opaque.push_back(rec.message_opaque);
    if (!rec.message_opaque) AddExtraPatterns(rec, r, pattern.back());
  }
  // The other texts a paste may quote of record r's message, whose own
  // pattern is `own`.
  void AddExtraPatterns(const Record& rec, uint32_t r, const std::string& own) {
    auto add = [&](std::string p) {
      extra.push_back(std::move(p));
      extra_record.push_back(r);
    };
    std::string head = HeadPattern(own);
    if (!head.empty()) add(std::move(head));
    std::string unlabelled = WithoutLevelLabel(own);
    if (!unlabelled.empty()) {
      std::string unlabelled_head = HeadPattern(unlabelled);
      add(std::move(unlabelled));
      if (!unlabelled_head.empty()) add(std::move(unlabelled_head));
    }
    // A multi-line message's first line without its last clause too: the
    // paste quotes the start of the first line only (sidekiq's "Job
    // arguments to X must be native JSON types" of "..., but X is a Y.\n
    // See ...").
    std::string clause_head = ClauseHeadPattern(FirstLine(rec.message_pattern));
    std::string sentence = FirstSentencePattern(FirstLine(rec.message_pattern));
    if (sentence == clause_head) sentence.clear();
    for (std::string* more : {&clause_head, &sentence}) {
      if (!more->empty()) add(std::move(*more));
    }
    for (LaterPart& line : LaterLinePatterns(rec.message_pattern)) add(std::move(line.pattern));
    std::string cut = CutClosingBracket(own);
    if (!cut.empty()) add(std::move(cut));
  }
  void AddNames(const Record& rec, uint32_t r) {
    std::vector<std::string> names;
    if (!rec.error_class.empty()) names.push_back(LowerAscii(LastComponent(rec.error_class)));
    if (rec.error_code) names.push_back(LowerAscii(Trim(*rec.error_code)));
    if (!rec.function.empty()) names.push_back(LowerAscii(LastComponent(rec.function)));
    std::string_view base = Basename(rec.file_path);
    names.push_back(LowerAscii(base.substr(0, base.find('.'))));
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    for (const std::string& name : names) {
      if (name.size() >= 2) by_name[name].push_back(r);
    }
  }
};

std::vector<uint32_t> Segment::FrameHits(const Query& q) const {
  std::vector<uint32_t> hits;
  for (const StackFrame& f : q.frames) {
    for (uint32_t r :
         by_location.Find(std::string(Basename(f.file)) + ":" + std::to_string(f.line))) {
      if (r < n && Accept(r, q) && SameFile(f.file, rec(r).file_path)) hits.push_back(r);
    }
  }
  std::sort(hits.begin(), hits.end());
  hits.erase(std::unique(hits.begin(), hits.end()), hits.end());
  return hits;
}

std::vector<std::pair<uint32_t, bool>> Segment::CodeHits(std::string_view text,
                                                         const Query& q) const {
  std::vector<std::pair<uint32_t, bool>> hits;
  // A code that is a plain lowercase word (tonic's `Status::unavailable`
  // gives "unavailable") met in running text is that word ("The session
  // is unavailable because .."): it supports a record, never finds one.
  // Given apart as the paste's code, it is the code.
  auto plain_word = [](std::string_view w) {
    return std::all_of(w.begin(), w.end(), [](char c) { return c >= 'a' && c <= 'z'; });
  };
  auto add = [&](std::string_view code, bool in_text) {
    bool support_only =
        IsNumeric(code) || match::IsCategoryCode(code) || (in_text && plain_word(code));
    for (uint32_t r : word_codes.Find(code)) {
      if (r < n) hits.push_back({r, support_only});
    }
  };
  if (!q.error_code.empty()) add(Trim(q.error_code), false);
  size_t i = 0;
  while (i < text.size()) {
    if (!IsWordChar(text[i])) {
      ++i;
      continue;
    }
    size_t start = i;
    while (i < text.size() && IsWordChar(text[i])) ++i;
    if (i - start > longest_word_code) continue;
    add(text.substr(start, i - start), true);
  }
  for (size_t k = 0; k < other_codes.size(); ++k) {
    uint32_t r = other_codes[k];
    std::string_view code = other_code_text.Get(k);
    if (r < n && !code.empty() && ContainsIdentifier(text, code)) hits.push_back({r, false});
  }
  std::sort(hits.begin(), hits.end());
  hits.erase(std::unique(hits.begin(), hits.end(),
                         [](const auto& a, const auto& b) { return a.first == b.first; }),
             hits.end());
  std::erase_if(hits, [&](const auto& h) { return !Accept(h.first, q); });
  return hits;
}

// True if the slot's required literal runs occur in `text` in order, without
// overlapping: a necessary condition for its pattern to match.
bool Segment::RunsInOrder(uint32_t slot, std::string_view text) const {
  size_t at = 0;
  uint32_t first = slot_runs.At(slot, 0), last = slot_runs.At(slot + 1, 0);
  if (first > last || last >= run_begin.size()) return true;  // damaged: let RE2 decide
  for (uint32_t k = first; k < last; ++k) {
    uint32_t b = run_begin[k], e = run_begin[k + 1];
    if (b > e || e > run_bytes.size()) return true;
    std::string_view run(run_bytes.data() + b, e - b);
    size_t found = text.find(run, at);
    if (found == std::string_view::npos) return false;
    at = found + run.size();
  }
  return true;
}

// Runs record r's pattern over `text`. A full match is tried first because
// only it gives a trailing lazy hole its whole value; a cheap capture-free
// search rejects most prefilter candidates before either.
bool Segment::Verify(uint32_t r, std::string_view text, const Query& q, const QueryContext& ctx,
                     Ranked* out) const {
  const RE2* compiled = Regex(r);
  if (compiled == nullptr) return false;
  const RE2& re = *compiled;
  re2::StringPiece input(text.data(), text.size());
  if (!re.Match(input, 0, input.size(), RE2::UNANCHORED, nullptr, 0)) return false;
  int groups = re.NumberOfCapturingGroups();
  std::vector<re2::StringPiece> sub(static_cast<size_t>(groups) + 1);
  bool full = re.Match(input, 0, input.size(), RE2::ANCHOR_BOTH, sub.data(), groups + 1);
  if (!full) {
    if (!re.Match(input, 0, input.size(), RE2::UNANCHORED, sub.data(), groups + 1)) {
      return false;  // the DFA and the capturing engine disagree; trust the latter
    }
    // The leftmost match ends as early as its lazy holes allow; from the same
    // start to the end of the text a trailing hole gets its whole value. A
    // template that ends in text keeps its leftmost match: extended, its
    // holes would swallow the lines up to the last occurrence of that text
    // (clap's "unrecognized subcommand '{..}'" before a "tip: .. 'a'" line).
    size_t start = static_cast<size_t>(sub[0].data() - input.data());
    std::vector<re2::StringPiece> rest(sub.size());
    std::string_view pattern = patterns.Get(r);
    bool ends_in_text =
        pattern.empty() || pattern.ends_with(kPeriodOrEnd) ||
        !((pattern.back() == ')' && !match::EscapedAt(pattern, pattern.size() - 1)) ||
          pattern.ends_with(")?"));
    if (!ends_in_text &&
        re.Match(input, start, input.size(), RE2::ANCHOR_BOTH, rest.data(), groups + 1)) {
      sub = std::move(rest);
    }
  }
  uint32_t rec_index = PatternRecord(r);
  if (rec_index >= n) return false;
  // With its bracket the record's own pattern finds the paste, and keeps the
  // captures the bracket ends.
  if (IsCutBracket(r, rec_index)) {
    const RE2* whole = Regex(rec_index);
    if (whole != nullptr && whole->Match(input, 0, input.size(), RE2::UNANCHORED, nullptr, 0)) {
      return false;
    }
  }
  const Record& rec = this->rec(rec_index);
  // A first sentence stands for a paste from before the sentences after it
  // were added: a paste that goes on with other words on that line is
  // another message sharing an opening (composer's "The lock file is not up
  // to date ..." ends differently in each of its messages).
  if (r >= n && !IsCutBracket(r, rec_index) && NotALineOfItsOwn(text, sub[0]) &&
      patterns.Get(r) == FirstSentencePattern(FirstLine(rec.message_pattern)) &&
      !LaterSentencesFollow(FirstLine(rec.message_pattern), text, &sub[0])) {
    return false;
  }
  out->match.record = &rec;
  out->index = rec_index;
  out->match.match_type = "pattern";
  out->literal_chars = literal_chars.At(r, 0);
  out->full = full && !IsClauseHead(r, rec_index);  // the paste lacks the clause
  // An optional tail (match/optional_tail.h) that took no part: the paste
  // lacks the template's last value, so this is a partial match.
  if (size_t tail = match::OptionalTailLiteral(patterns.Get(r));
      tail > 0 && groups > 0 && sub[static_cast<size_t>(groups)].data() == nullptr) {
    out->full = false;
    out->literal_chars -= std::min<size_t>(tail, out->literal_chars);
  }
  size_t first_hole = r >= n ? FirstHoleOf(patterns.Get(r), rec.message_pattern) : 0;
  for (int g = 1; g <= groups; ++g) {
    // A group that took no part in the match has a null data().
    std::string value = sub[g].data() ? std::string(sub[g].data(), sub[g].size()) : "";
    out->match.captures.push_back(
        {CaptureName(rec, first_hole + static_cast<size_t>(g - 1)), std::move(value)});
  }
  // The literal text of the match: the matched span without the hole values.
  std::string literal;
  size_t at = static_cast<size_t>(sub[0].data() - input.data());
  size_t end = at + sub[0].size();
  out->begin = at;
  out->end = end;
  for (int g = 1; g <= groups; ++g) {
    if (sub[g].data() == nullptr) continue;
    size_t hole = static_cast<size_t>(sub[g].data() - input.data());
    if (hole < at) continue;
    literal.append(text.substr(at, hole - at)).push_back(' ');
    at = hole + sub[g].size();
    out->holes.emplace_back(hole, at);
  }
  if (at < end) literal.append(text.substr(at, end - at));
  double info = 0;
  std::vector<std::string> words = match::Tokenize(literal);
  for (const std::string& w : words) {
    auto it = ctx.weights.find(w);
    info += it != ctx.weights.end() ? it->second : fuzzy.WordWeight(w);
  }
  // A template that opens a block for its last value ("Failed to compile
  // $element :\n${element.text}", sqldelight) prints a dump there: the
  // lines of SQL or config after it are that value, not words the template
  // left unexplained.
  std::string_view dump = TrailingDump(patterns.Get(r), text, out->holes, end);
  double dump_weight = 0;
  for (const std::string& w : match::Tokenize(dump.substr(0, kMaxFuzzyBytes))) {
    auto it = ctx.weights.find(w);
    dump_weight += it != ctx.weights.end() ? it->second : 0.0;
  }
  // vim's "Error detected while processing function X:" and "line   18:"
  // above its "E117: ..." introduce the message, as a traceback's header
  // does: lines ending in ":" right above the match are not words the
  // template left unexplained.
  std::vector<std::string_view> headers = HeaderLinesAbove(text, out->begin);
  for (std::string_view header : headers) {
    for (const std::string& w : match::Tokenize(header)) {
      auto it = ctx.weights.find(w);
      dump_weight += it != ctx.weights.end() ? it->second : 0.0;
    }
  }
  // A paste that prints the matched line again further on is one block
  // printed once per failure (vim, for each failing call): its copies add
  // no words to explain. (Repeats in a paste whose match comes last are
  // other messages, and count: discounting them let an unrelated paste
  // match a generic record.)
  {
    size_t from = out->begin == 0 ? 0 : text.rfind('\n', out->begin - 1);
    from = out->begin == 0 || from == std::string_view::npos ? 0 : from + 1;
    std::string_view line = Trim(text.substr(from, text.find('\n', out->begin) - from));
    if (line.size() >= kMinRepeatedLine && text.find(line, out->end) != std::string_view::npos) {
      dump_weight += ctx.repeated_weight;
    }
  }
  double total_weight = std::max(info, ctx.total_weight - dump_weight);
  out->explained = total_weight > 0 ? std::min(1.0, info / total_weight) : 0;
  out->info = info;
  out->literal_words = words.size();
  double coverage = static_cast<double>(out->literal_chars) /
                    static_cast<double>(std::max<size_t>(1, text.size() - dump.size()));
  // Only common words, or one word ("date", "line {}: {}"), inside a longer
  // text: such a template matches half of all pastes. One word that names
  // the library ("yaml: %s" in go-yaml/yaml) still says where it is from.
  // A line the program itself prefixes with its name ("ninja: error:
  // loading '..': ..") says whose message it is, however few its words.
  std::string program = ProgramPrefix(text, out->begin);
  bool names_program = !program.empty() && NamesRepository(program, rec.repo);
  bool few_words = words.size() < kMinLiteralWords &&
                   !(words.size() == 1 && NamesRepository(words[0], rec.repo));
  // A template whose words are only the system's error text (rubocop's "No
  // such file or directory: #{file}") read without its value (its optional
  // tail unmatched) matches every program's report of that errno (Ruby's
  // "No such file or directory @ dir_initialize - ..."): no evidence for its
  // record inside a longer paste. With its value ("File does not exist: 5",
  // CLI11's own message) it is the template's shape, and counts.
  bool valueless = std::all_of(out->holes.begin(), out->holes.end(),
                               [](const auto& h) { return h.first == h.second; });
  bool system_text =
      valueless && match::IsSystemErrorText(literal) && coverage < kMinSystemTextCoverage;
  // A short message without holes ("uncaught exception") that the paste's
  // sentence goes on from ("terminating with uncaught exception of type
  // ..", the C++ runtime's words) is a phrase of another message.
  bool phrase = out->holes.empty() && words.size() <= kMaxPhraseWords &&
                SentenceGoesOn(text, out->end) && coverage < kMinWeakCoverage;
  // "feign.RetryableException: Read timed out executing GET http://..":
  // the paste's exception class is this record's, in a package that names
  // its repository; one word of its own ("%s executing %s %s") is enough.
  bool class_named =
      !words.empty() && !q.error_class.empty() &&
      LastDotComponent(q.error_class) == LastDotComponent(rec.error_class) &&
      QualifiedClassNamesRepository(q.context.empty() ? text : q.context, q.error_class, rec.repo);
  // A message that is one bare name (netty's `checkNotNull(metadata,
  // "metadata")` throws an NPE saying "metadata") is that name alone: a word
  // inside another message ("`cargo metadata` failed") is no evidence for it.
  bool lone_name = words.size() == 1 && out->holes.empty() &&
                   rec.error_message.find(' ') == std::string::npos && Trim(text) != Trim(literal);
  out->weak = !names_program && !class_named &&
              (((info < ctx.min_info || few_words) && coverage < kMinWeakCoverage) || system_text ||
               phrase || lone_name);
  // Specificity is that of the text the template matched (the first line
  // of a multi-line message matches with that line's words only), and
  // counts in proportion to how much of its own span the template wrote.
  size_t wordy_runs = WordyLiteralRuns(text, out->begin, out->end, out->holes);
  double own = OwnLiteralShare(text, out->begin, out->end, out->holes, wordy_runs >= 2);
  out->hole_heavy = own < kMinOwnLiteralShare && wordy_runs < kShapeRuns;
  if (out->hole_heavy || LeadingHoleCrossesLines(text, out->begin, out->holes)) out->full = false;
  double specific = std::min(1.0, std::min(fuzzy.DocWeight(rec_index), info) / kSpecificWeight);
  if (out->hole_heavy) specific *= own;
  double score = kPatternBase + kExplainedWeight * out->explained +
                 kCharCoverage * std::min(1.0, coverage) + kSpecificity * specific +
                 (out->full ? kFullMatch : 0.0);
  score += PasteClassAdjust(q.error_class, rec);
  if (PackageNamesRepository(q.error_class, rec.repo) ||
      PackageNamesRepository(QualifiedNameBefore(text, out->begin), rec.repo) || names_program) {
    score += kPackageNamesRepository;
  }
  for (size_t g = 0; first_hole + g < rec.holes.size() && g < out->match.captures.size(); ++g) {
    if (HoleMisfit(rec.holes[first_hole + g].text, out->match.captures[g].value)) {
      score += kHoleMisfit;
      break;
    }
  }
  if (IsClauseHead(r, rec_index)) score += kClauseHeadMatch;
  if (IsCutBracket(r, rec_index)) score += kCutBracketMatch;
  out->tooling = InDevelopmentTooling(rec.file_path);
  if (out->tooling) score += kToolingRecord;
  if (rec.severity == "info") score += kInfoLevelRecord;
  if (!ctx.family.empty() && !rec.language.empty()) {
    score += LanguageFamily(rec.language) == ctx.family ? kLanguageAgrees : kLanguageDiffers;
  }
  out->match.score = std::clamp(score, 0.01, 1.0);
  return true;
}

QueryContext Segment::Context(std::string_view text, const Query& q) const {
  QueryContext ctx;
  for (std::string& w : match::Tokenize(text.substr(0, kMaxFuzzyBytes))) {
    double weight = fuzzy.WordWeight(w);
    ctx.total_weight += weight;
    ctx.weights.emplace(std::move(w), weight);
  }
  // Lines the paste prints again (vim repeats its "Error detected while
  // processing ...:" block for each failing call); see Segment::Verify.
  std::unordered_set<std::string_view> seen;
  std::string_view rest = text.substr(0, kMaxFuzzyBytes);
  while (!rest.empty()) {
    size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    if (Trim(line).empty() || seen.insert(Trim(line)).second) continue;
    for (const std::string& w : match::Tokenize(line)) {
      auto it = ctx.weights.find(w);
      if (it != ctx.weights.end()) ctx.repeated_weight += it->second;
    }
  }
  ctx.min_info = std::min(kMaxLiteralInfo, kMinLiteralInfo * fuzzy.RareWeight());
  ctx.family = PasteFamily(q.frames);
  if (ctx.family.empty()) ctx.family = PasteFamily(q.paste_frames);
  return ctx;
}

void Segment::WholeHits(std::string_view text, const Query& q, const QueryContext& ctx,
                        std::vector<Ranked>* hits, std::vector<uint32_t>* partial,
                        bool* whole) const {
  std::vector<uint32_t> slots;
  prefilter->Candidates(text, &slots);
  for (uint32_t slot : slots) {
    uint32_t p = slot_record.At(slot, UINT32_MAX);
    if (p >= patterns.size()) continue;  // damaged snapshot
    uint32_t r = PatternRecord(p);
    if (r >= n || !Accept(r, q) || !RunsInOrder(slot, text)) continue;
    if (IsClauseHead(p, r)) {
      partial->push_back(p);
      continue;
    }
    Ranked hit;
    if (Verify(p, text, q, ctx, &hit)) {
      *whole = *whole || (hit.full && 2 * hit.literal_chars >= text.size());
      hits->push_back(std::move(hit));
    }
  }
}

// Whether the query shares a word with `r` that few records have (see
// kRareWordShare). Only asked of the few hits with little shared weight.
bool Segment::SharesRareWord(const std::vector<std::string>& query_tokens, const Record& r) const {
  std::vector<std::string> words = match::Tokenize(FuzzyText(r));
  std::sort(words.begin(), words.end());
  double bar = kRareWordShare * fuzzy.RareWeight();
  return std::any_of(query_tokens.begin(), query_tokens.end(), [&](const std::string& t) {
    return fuzzy.WordWeight(t) >= bar && std::binary_search(words.begin(), words.end(), t);
  });
}

// What every built Matcher needs besides the expensive structures: the
// records, the patterns it runs, and the lookup tables, all in the flat
// form a loaded matcher reads in place.
void Segment::Init(std::vector<Record> recs) {
  owned = std::move(recs);
  InitTables t;
  t.pattern.reserve(owned.size());
  for (const Record& rec : owned) Add(&t, rec);
  Install(&t);
}

void Segment::Add(InitTables* t, const Record& rec) {
  t->Add(rec, static_cast<uint32_t>(n++));
  fuzzy.Add(match::Tokenize(FuzzyText(rec)));
}

void Segment::Install(InitTables* tables) {
  InitTables& t = *tables;
  // Every record's own pattern first (pattern r is record r's), then the
  // extra ones in record order.
  for (size_t i = 0; i < t.extra.size(); ++i) {
    t.pattern.push_back(std::move(t.extra[i]));
    t.pattern_record.push_back(t.extra_record[i]);
  }
  opaque = std::move(t.opaque);
  patterns = match::StringTable(t.pattern);
  pattern_record = match::Column<uint32_t>(std::move(t.pattern_record));
  word_codes = match::KeyedLists(t.word_codes);
  longest_word_code = t.longest_word_code;
  other_codes = match::Column<uint32_t>(std::move(t.other_codes));
  other_code_text = match::StringTable(t.other_code_text);
  by_location = match::KeyedLists(t.by_location);
  by_name = match::KeyedLists(t.by_name);
  repos = match::StringTable(t.repos);
  classes = match::StringTable(t.classes);
  record_repo = match::Column<uint32_t>(std::move(t.record_repo));
  record_class = match::Column<uint32_t>(std::move(t.record_class));
  lazy->regex.EnsureSize(pattern_record.size());
  lazy->failed.EnsureSize(pattern_record.size());
}

// The expensive structures: anchors and the automaton, run tables, fuzzy index.
void Segment::Build() {
  size_t count = patterns.size();
  std::vector<uint64_t> literal(count, 0);
  std::vector<uint32_t> slots;
  std::string runs;
  std::vector<uint32_t> run_starts = {0}, slot_run_starts = {0};
  // First pass: how many patterns share each literal run, for PickAnchor.
  // (Analysed twice rather than kept: at 1M patterns the analyses would
  // hold hundreds of megabytes.)
  std::unordered_map<std::string, uint32_t> run_count;
  for (uint32_t p = 0; p < count; ++p) {
    for (const std::string& run : match::AnalyzePattern(patterns.Get(p)).runs) {
      ++run_count[run.substr(0, kMaxAnchorBytes)];
    }
  }
  std::vector<std::string> anchors;
  for (uint32_t p = 0; p < count; ++p) {
    if (patterns.Get(p).empty()) continue;
    match::PatternLiterals lits = match::AnalyzePattern(patterns.Get(p));
    // The optional tail's literal text counts as the template's own: it is
    // there whenever the tail is (Verify discounts it when it is not).
    literal[p] = lits.literal_chars + match::OptionalTailLiteral(patterns.Get(p));
    if (opaque[pattern_record[p]] || lits.visible_chars < kMinVisibleLiteral ||
        !lits.has_word_char) {
      continue;
    }
    anchors.push_back(PickAnchor(lits, run_count));
    slots.push_back(p);
    if (!lits.has_alternation && !lits.case_insensitive) {
      for (const std::string& run : lits.runs) {
        runs += run;
        run_starts.push_back(static_cast<uint32_t>(runs.size()));
      }
    }
    slot_run_starts.push_back(static_cast<uint32_t>(run_starts.size() - 1));
  }
  fuzzy.Finish();  // the records were added by Add()
  prefilter = match::NewAhoCorasickPrefilter(anchors);
  literal_chars = match::Column<uint64_t>(std::move(literal));
  slot_record = match::Column<uint32_t>(std::move(slots));
  run_bytes = match::Column<char>(std::vector<char>(runs.begin(), runs.end()));
  run_begin = match::Column<uint32_t>(std::move(run_starts));
  slot_runs = match::Column<uint32_t>(std::move(slot_run_starts));
}

std::string Segment::Snapshot(const std::string& stamp) const {
  match::SnapshotWriter out;
  AddSections(&out);
  return out.Finish(stamp);
}

void Segment::AddSections(match::SnapshotWriter* writer) const {
  match::SnapshotWriter& out = *writer;
  out.Add("meta", std::vector<uint64_t>{n, patterns.size(), slot_record.size(), longest_word_code});
  if (owned.empty()) {
    out.Add("records.bytes", record_bytes);
    out.Add("records.begin", record_begin);
  } else {
    std::vector<char> bytes;
    std::vector<uint64_t> begin;
    RecordBlob(owned, &bytes, &begin);
    out.Add("records.bytes", bytes);
    out.Add("records.begin", begin);
  }
  out.Add("records.repo", record_repo);
  out.Add("records.class", record_class);
  repos.Save(&out, "repos");
  classes.Save(&out, "classes");
  patterns.Save(&out, "patterns");
  out.Add("pattern_record", pattern_record);
  out.Add("literal_chars", literal_chars);
  out.Add("slot_record", slot_record);
  out.Add("run_bytes", run_bytes);
  out.Add("run_begin", run_begin);
  out.Add("slot_runs", slot_runs);
  word_codes.Save(&out, "codes");
  out.Add("other_codes", other_codes);
  other_code_text.Save(&out, "other_codes.text");
  by_location.Save(&out, "location");
  by_name.Save(&out, "names");
  prefilter->Save(&out);
  fuzzy.Save(&out);
}

// Points every table at the snapshot's sections. Constant time: only sizes
// are checked here, values where they are read. `with_records`: the
// records' sections too (Load); Open() has the records already.
Status Segment::Restore(const match::SnapshotReader& in, bool with_records) {
  match::Column<uint64_t> meta;
  if (!in.Get("meta", &meta) || meta.size() != 4) {
    return Status::Corruption("matcher snapshot inconsistent");
  }
  if (with_records) n = meta[0];
  uint64_t count = meta[1], slots = meta[2];
  longest_word_code = meta[3];
  bool ok = meta[0] == n && count >= n && in.Get("records.repo", &record_repo) &&
            in.Get("records.class", &record_class) && repos.Load(in, "repos") &&
            classes.Load(in, "classes") && patterns.Load(in, "patterns") &&
            in.Get("pattern_record", &pattern_record) && in.Get("literal_chars", &literal_chars) &&
            in.Get("slot_record", &slot_record) && in.Get("run_bytes", &run_bytes) &&
            in.Get("run_begin", &run_begin) && in.Get("slot_runs", &slot_runs) &&
            word_codes.Load(in, "codes") && in.Get("other_codes", &other_codes) &&
            other_code_text.Load(in, "other_codes.text") && by_location.Load(in, "location") &&
            by_name.Load(in, "names");
  if (with_records) {
    ok = ok && in.Get("records.bytes", &record_bytes) && in.Get("records.begin", &record_begin) &&
         record_begin.size() == n + 1;
  }
  ok = ok && record_repo.size() == n && record_class.size() == n && patterns.size() == count &&
       pattern_record.size() == count && literal_chars.size() == count &&
       slot_record.size() == slots && slot_runs.size() == slots + 1 && !run_begin.empty() &&
       other_code_text.size() == other_codes.size();
  if (ok) prefilter = match::LoadAhoCorasickPrefilter(in, slots);
  if (!ok || prefilter == nullptr || !fuzzy.Load(in, n)) {
    return Status::Corruption("matcher snapshot inconsistent");
  }
  // A segment restored for a composed matcher shares the state of its
  // snapshot, sized when that was first restored.
  if (lazy->regex.size() < count) {
    lazy->regex.EnsureSize(count);
    lazy->failed.EnsureSize(count);
  }
  if (with_records && lazy->materialized.size() < n) lazy->materialized.EnsureSize(n);
  return Status::OK();
}

// A matcher: its segments, and runs of their records in record order.
// Record r of the matcher is in the last run whose `global` is at most r:
// record r - global + local of that run's segment. A matcher built from
// records has one segment in one run; one composed of several weighs words
// over all of them (CorpusWords), so that it answers exactly as one built
// from all their shown records in the same order would. A segment's
// records in no run are hidden (Segment::hidden).
struct Matcher::Impl {
  static constexpr uint32_t kHidden = UINT32_MAX;
  struct Run {
    uint32_t global = 0, seg = 0, local = 0, count = 0;
  };
  // What composed segments are views of (their mapped files and shared
  // state): declared first, destroyed last.
  std::vector<std::shared_ptr<const MatcherSegment>> parts;
  std::vector<std::unique_ptr<Segment>> segs;
  std::vector<Run> runs;                      // by global
  std::vector<std::vector<uint32_t>> by_seg;  // per segment, its runs by local
  size_t n = 0;
  std::unique_ptr<match::CorpusWords> words;  // several segments only

  // The only segment of a matcher that has one (creating it empty).
  Segment& Only() {
    if (segs.empty()) segs.push_back(std::make_unique<Segment>());
    return *segs.front();
  }
  // Weights are the same in every segment (see Reweigh): any one's do.
  const Segment& First() const { return *segs.front(); }
  // Each segment whole, in order.
  void Added() {
    runs.clear();
    uint32_t at = 0;
    for (size_t s = 0; s < segs.size(); ++s) {
      runs.push_back({at, static_cast<uint32_t>(s), 0, static_cast<uint32_t>(segs[s]->n)});
      at += static_cast<uint32_t>(segs[s]->n);
    }
    Index();
  }
  // n and by_seg from runs (adjacent runs of one segment joined).
  void Index() {
    std::vector<Run> joined;
    for (const Run& run : runs) {
      if (run.count == 0) continue;
      if (!joined.empty() && joined.back().seg == run.seg &&
          joined.back().local + joined.back().count == run.local) {
        joined.back().count += run.count;
      } else {
        joined.push_back(run);
      }
    }
    runs = std::move(joined);
    n = 0;
    by_seg.assign(segs.size(), {});
    for (uint32_t k = 0; k < runs.size(); ++k) {
      n += runs[k].count;
      by_seg[runs[k].seg].push_back(k);
    }
    for (auto& list : by_seg) {
      std::sort(list.begin(), list.end(),
                [&](uint32_t a, uint32_t b) { return runs[a].local < runs[b].local; });
    }
  }
  std::pair<const Segment*, uint32_t> Locate(uint32_t r) const {
    auto it = std::upper_bound(runs.begin(), runs.end(), r,
                               [](uint32_t x, const Run& run) { return x < run.global; });
    if (it == runs.begin()) return {segs.front().get(), r};  // no records at all
    const Run& run = *(it - 1);
    return {segs[run.seg].get(), run.local + (r - run.global)};
  }
  // Record `local` of segment s as a record of the matcher, or kHidden.
  uint32_t Global(size_t s, uint32_t local) const {
    const std::vector<uint32_t>& list = by_seg[s];
    auto it = std::upper_bound(list.begin(), list.end(), local,
                               [&](uint32_t x, uint32_t k) { return x < runs[k].local; });
    if (it == list.begin()) return kHidden;
    const Run& run = runs[*(it - 1)];
    return local - run.local < run.count ? run.global + (local - run.local) : kHidden;
  }
  const Record& rec(uint32_t r) const {
    auto [seg, local] = Locate(r);
    return seg->rec(local);
  }
  std::string_view Repo(uint32_t r) const {
    auto [seg, local] = Locate(r);
    return seg->Repo(local);
  }
  std::string_view Class(uint32_t r) const {
    auto [seg, local] = Locate(r);
    return seg->Class(local);
  }
  bool Accept(uint32_t r, const Query& q) const { return q.repo.empty() || Repo(r) == q.repo; }
  QueryContext Context(std::string_view text, const Query& q) const {
    return First().Context(text, q);
  }
  // Each segment's hits, renumbered and in record order (each segment's in
  // the order found among equals): `get(segment, out)` adds local hits.
  template <typename T, typename Get>
  std::vector<T> Gather(Get get, uint32_t T::*index) const {
    std::vector<T> all, some;
    for (size_t s = 0; s < segs.size(); ++s) {
      some.clear();
      get(*segs[s], &some);
      for (T& h : some) {
        h.*index = Global(s, h.*index);
        if (h.*index != kHidden) all.push_back(std::move(h));
      }
    }
    std::stable_sort(all.begin(), all.end(),
                     [&](const T& a, const T& b) { return a.*index < b.*index; });
    return all;
  }
  std::vector<Ranked> PatternHits(std::string_view text, const Query& q,
                                  const QueryContext& ctx) const;
  std::vector<std::pair<uint32_t, bool>> CodeHits(std::string_view text, const Query& q) const;
  std::vector<uint32_t> FrameHits(const Query& q) const;
  std::vector<uint32_t> Named(const std::string& word) const;
  // FuzzyIndex::Search over every segment: the best `max_hits` of all,
  // ties by record number. `accept` and `adjust` take matcher records.
  std::vector<match::FuzzyIndex::Hit> FuzzySearch(const std::vector<std::string>& tokens,
                                                  double min_score,
                                                  const std::function<bool(uint32_t)>& accept,
                                                  const std::function<double(uint32_t)>& adjust,
                                                  size_t max_hits) const;
  std::vector<Ranked> FuzzyHits(std::string_view text, const Query& q) const;
  void PreferInnerFuzzy(std::vector<Ranked>* hits, std::string_view text, const Query& q) const;
  // A fuzzy hit whose shared words are too common to be evidence on their
  // own (kMinFuzzyEvidence, SharesRareWord).
  bool WeakFuzzy(const match::FuzzyIndex::Hit& h, const std::vector<std::string>& tokens) const {
    return h.shared < kMinFuzzyEvidence * First().fuzzy.RareWeight() &&
           !First().SharesRareWord(tokens, rec(h.doc));
  }
};

std::vector<Ranked> Matcher::Impl::PatternHits(std::string_view text, const Query& q,
                                               const QueryContext& ctx) const {
  // Patterns of part of a message (without its last clause, a later line)
  // rank below every whole match (kClauseHeadMatch) and were most of the
  // matcher's work at 500k records (p50 172 µs against 29 µs without
  // them): they are verified only when no pattern matched whole with its
  // own text making at least half of the paste (a wrapper whose hole holds
  // another message does not count).
  std::vector<std::vector<uint32_t>> partial(segs.size());
  bool whole = false;
  size_t s = 0;
  std::vector<Ranked> hits = Gather<Ranked>(
      [&](const Segment& seg, std::vector<Ranked>* out) {
        seg.WholeHits(text, q, ctx, out, &partial[s++], &whole);
      },
      &Ranked::index);
  if (!whole) {
    s = 0;
    std::vector<Ranked> more = Gather<Ranked>(
        [&](const Segment& seg, std::vector<Ranked>* out) {
          for (uint32_t p : partial[s]) {
            Ranked hit;
            if (seg.Verify(p, text, q, ctx, &hit)) out->push_back(std::move(hit));
          }
          ++s;
        },
        &Ranked::index);
    for (Ranked& h : more) hits.push_back(std::move(h));
  }
  // A record found by its whole message and by its first line keeps the
  // better hit (the first found of equals, whatever the segments).
  std::stable_sort(hits.begin(), hits.end(), [](const Ranked& a, const Ranked& b) {
    if (a.index != b.index) return a.index < b.index;
    return a.match.score > b.match.score;
  });
  hits.erase(std::unique(hits.begin(), hits.end(),
                         [](const Ranked& a, const Ranked& b) { return a.index == b.index; }),
             hits.end());
  return hits;
}

std::vector<std::pair<uint32_t, bool>> Matcher::Impl::CodeHits(std::string_view text,
                                                               const Query& q) const {
  return Gather<std::pair<uint32_t, bool>>(
      [&](const Segment& seg, std::vector<std::pair<uint32_t, bool>>* out) {
        *out = seg.CodeHits(text, q);
      },
      &std::pair<uint32_t, bool>::first);
}

std::vector<uint32_t> Matcher::Impl::FrameHits(const Query& q) const {
  std::vector<uint32_t> all;
  for (size_t s = 0; s < segs.size(); ++s) {
    for (uint32_t r : segs[s]->FrameHits(q)) {
      if (uint32_t g = Global(s, r); g != kHidden) all.push_back(g);
    }
  }
  std::sort(all.begin(), all.end());
  return all;
}

std::vector<uint32_t> Matcher::Impl::Named(const std::string& word) const {
  std::vector<uint32_t> all;
  for (size_t s = 0; s < segs.size(); ++s) {
    for (uint32_t r : segs[s]->by_name.Find(word)) {
      if (r >= segs[s]->n) continue;  // damaged snapshot
      if (uint32_t g = Global(s, r); g != kHidden) all.push_back(g);
    }
  }
  std::sort(all.begin(), all.end());
  return all;
}

std::vector<match::FuzzyIndex::Hit> Matcher::Impl::FuzzySearch(
    const std::vector<std::string>& tokens, double min_score,
    const std::function<bool(uint32_t)>& accept, const std::function<double(uint32_t)>& adjust,
    size_t max_hits) const {
  if (segs.size() == 1 && runs.size() == 1 && segs[0]->hidden.empty()) {
    return segs[0]->fuzzy.Search(tokens, min_score, accept, adjust, max_hits);
  }
  std::vector<match::FuzzyIndex::Hit> all;
  for (size_t s = 0; s < segs.size(); ++s) {
    // Hidden documents are skipped by the index itself (FuzzyIndex::Hide).
    auto local_accept = [&](uint32_t doc) {
      uint32_t g = Global(s, doc);
      return g != kHidden && accept(g);
    };
    std::function<double(uint32_t)> local_adjust;
    if (adjust) local_adjust = [&](uint32_t doc) { return adjust(Global(s, doc)); };
    for (match::FuzzyIndex::Hit h :
         segs[s]->fuzzy.Search(tokens, min_score, local_accept, local_adjust, max_hits)) {
      h.doc = Global(s, h.doc);
      all.push_back(h);
    }
  }
  auto better = [](const match::FuzzyIndex::Hit& a, const match::FuzzyIndex::Hit& b) {
    return a.score != b.score ? a.score > b.score : a.doc < b.doc;
  };
  std::sort(all.begin(), all.end(), better);
  if (all.size() > max_hits) all.resize(max_hits);
  return all;
}

std::vector<Ranked> Matcher::Impl::FuzzyHits(std::string_view text, const Query& q) const {
  std::vector<std::string> tokens = match::Tokenize(text.substr(0, kMaxFuzzyBytes));
  auto accept = [&](uint32_t r) { return Accept(r, q); };
  // Without a class in the query no record is adjusted: skip the call, which
  // would touch every candidate record's memory.
  std::function<double(uint32_t)> adjust;
  if (!q.error_class.empty()) {
    adjust = [&](uint32_t r) { return ClassAdjust(q.error_class, Class(r)); };
  }
  std::vector<Ranked> hits;
  for (const match::FuzzyIndex::Hit& h :
       FuzzySearch(tokens, kFuzzyMinScore, accept, adjust, q.limit)) {
    Ranked hit;
    hit.match.record = &rec(h.doc);
    hit.index = h.doc;
    hit.match.match_type = "fuzzy";
    hit.match.score = kFuzzyMaxScore * h.score;
    hit.weak = WeakFuzzy(h, tokens);
    hit.tooling = InDevelopmentTooling(hit.match.record->file_path);
    if (hit.tooling) hit.match.score = std::max(0.01, hit.match.score + kToolingRecord);
    hits.push_back(std::move(hit));
  }
  return hits;
}

// A generic wrapper matched ("Unexpected JSON token at offset $offset:
// $message") and its hole holds the specific message, reworded since the
// paste so that no pattern matches it (kotlinx moved "at offset N" into the
// unknown-key text). The record of that repository whose words the hole's
// text has ranks just above the wrapper, when the words leave little doubt:
// a high fuzzy score on the hole alone, with rare words shared.
void Matcher::Impl::PreferInnerFuzzy(std::vector<Ranked>* hits, std::string_view text,
                                     const Query& q) const {
  const Ranked* outer = nullptr;
  for (const Ranked& h : *hits) {
    if (h.match.match_type == "pattern" && (outer == nullptr || Better(h, *outer))) outer = &h;
  }
  if (outer == nullptr || outer->holes.empty()) return;
  auto widest = std::max_element(outer->holes.begin(), outer->holes.end(), [](auto a, auto b) {
    return a.second - a.first < b.second - b.first;
  });
  size_t hole_bytes = widest->second - widest->first;
  if (hole_bytes < kMinInnerFuzzyBytes || 2 * hole_bytes < outer->end - outer->begin) return;
  // A leading hole holds whatever the paste printed before the message (a
  // header, the program's banner, a log prefix): the words there are an
  // outer layer, not the reworded inner message (eslint's "Oops! Something
  // went wrong!" banner before "${header}: Could not find ...").
  if (widest->first == outer->begin) return;
  std::string_view inside = text.substr(widest->first, hole_bytes);
  // The literal just before the hole comes again inside it: the lazy match
  // stopped at its first occurrence, and a later one leaves the hole a
  // value, not a message (NLog's "{GetType().Name}(Name={Name}): No wrapped
  // Target configured." after another target's "BufferingWrapper(Name=x):
  // ..." on the same line).
  size_t before = outer->begin;
  for (const auto& [b, e] : outer->holes) {
    if (e <= widest->first && e > before) before = e;
  }
  std::string_view lead = text.substr(before, widest->first - before);
  if (lead.size() >= kMinRepeatedLead && inside.find(lead) != std::string_view::npos) return;
  std::vector<std::string> tokens = match::Tokenize(inside.substr(0, kMaxFuzzyBytes));
  if (tokens.size() < kMinInnerFuzzyWords) return;
  const Record* wrapper = outer->match.record;
  uint32_t wrapper_index = outer->index;
  std::string_view wrapper_repo = Repo(wrapper_index);
  auto accept = [&](uint32_t r) {
    return r != wrapper_index && Repo(r) == wrapper_repo && Accept(r, q) &&
           std::none_of(hits->begin(), hits->end(), [&](const Ranked& h) { return h.index == r; });
  };
  std::vector<match::FuzzyIndex::Hit> found =
      FuzzySearch(tokens, kInnerFuzzyMinScore, accept, {}, 2);
  if (found.empty()) return;
  const match::FuzzyIndex::Hit& best = found.front();
  // Two records the hole fits about equally: nothing tells them apart.
  if (found.size() > 1 && found[1].score + kInnerFuzzyLead > best.score) return;
  if (WeakFuzzy(best, tokens)) return;
  Ranked inner;
  inner.match.record = &rec(best.doc);
  inner.index = best.doc;
  inner.match.match_type = "fuzzy";
  inner.match.score = std::min(1.0, outer->match.score + kInnerLinkMargin);
  inner.wrapper = wrapper;
  inner.begin = widest->first;
  inner.end = widest->second;
  hits->push_back(std::move(inner));
}

Matcher::Matcher() : impl_(std::make_unique<Impl>()) {}

Matcher::Matcher(std::vector<Record> records) : Matcher() {
  impl_->Only().Init(std::move(records));
  impl_->Only().Build();
  impl_->Added();
}

Status Matcher::Save(const std::string& path, const std::string& stamp) const {
  if (impl_->segs.size() != 1) {
    return Status::InvalidArgument("a matcher composed of segments is saved segment by segment");
  }
  return WriteFileAtomically(path, impl_->First().Snapshot(stamp));
}

Result<std::unique_ptr<Matcher>> Matcher::Load(const std::string& snapshot_path,
                                               const std::string& stamp) {
  if (stamp.empty()) return Status::NotFound("no dataset stamp");
  auto file = std::make_unique<MappedFile>(snapshot_path);
  if (!file->ok()) return Status::NotFound("no snapshot");
  match::SnapshotReader in;
  if (Status s = in.Open(file->bytes()); !s.ok()) return s;
  if (in.stamp() != stamp) return Status::NotFound("snapshot is of another dataset version");
  std::unique_ptr<Matcher> m(new Matcher());
  Segment& seg = m->impl_->Only();
  if (Status s = seg.Restore(in, true); !s.ok()) return s;
  seg.file = std::move(file);
  m->impl_->Added();
  return m;
}

Status Matcher::Check(const std::string& snapshot_path) {
  MappedFile file(snapshot_path);
  if (!file.ok()) return Status::NotFound("no snapshot");
  match::SnapshotReader in;
  if (Status s = in.Open(file.bytes()); !s.ok()) return s;
  return in.VerifyAll();
}

std::unique_ptr<Matcher> Matcher::Open(std::vector<Record> records,
                                       const std::string& snapshot_path, std::string* note,
                                       const std::string& stamp) {
  std::unique_ptr<Matcher> m(new Matcher());
  Segment& impl = m->impl_->Only();
  impl.owned = std::move(records);
  impl.n = impl.owned.size();
  auto file = std::make_unique<MappedFile>(snapshot_path);
  match::SnapshotReader in;
  // This path reads every record anyway: the whole file is verified.
  Status loaded = file->ok() ? in.Open(file->bytes(), SIZE_MAX) : Status::NotFound("no snapshot");
  // The saved records must be these records, field for field: a snapshot
  // of other records (or of these in another order) is never used.
  if (loaded.ok()) {
    std::vector<char> bytes;
    std::vector<uint64_t> begin;
    RecordBlob(impl.owned, &bytes, &begin);
    match::Column<char> saved_bytes;
    match::Column<uint64_t> saved_begin;
    if (!in.Get("records.bytes", &saved_bytes) || !in.Get("records.begin", &saved_begin) ||
        !std::equal(bytes.begin(), bytes.end(), saved_bytes.begin(), saved_bytes.end()) ||
        !std::equal(begin.begin(), begin.end(), saved_begin.begin(), saved_begin.end())) {
      loaded = Status::NotFound("snapshot is of other records");
    }
  }
  if (loaded.ok()) loaded = impl.Restore(in, false);
  if (loaded.ok()) {
    impl.file = std::move(file);
    m->impl_->Added();
    *note = "matcher loaded from " + snapshot_path;
    return m;
  }
  // Start again from the records alone: a failed restore may have filled
  // some structures.
  std::vector<Record> recs = std::move(impl.owned);
  m.reset(new Matcher(std::move(recs)));
  std::string why = file->ok() ? loaded.message() : "no snapshot";
  file.reset();
  Status saved = m->Save(snapshot_path, stamp);
  *note = "matcher built (" + why + ")" +
          (saved.ok() ? "; saved to " + snapshot_path : "; not saved: " + saved.message());
  return m;
}

Matcher::~Matcher() = default;

size_t Matcher::size() const { return impl_->n; }

std::vector<std::string> Matcher::bad_patterns() const {
  std::vector<std::string> all;
  for (const auto& seg : impl_->segs) {
    std::lock_guard<std::mutex> lock(seg->lazy->bad_mu);
    all.insert(all.end(), seg->lazy->bad_patterns.begin(), seg->lazy->bad_patterns.end());
  }
  return all;
}

void Matcher::CompileAll() const {
  for (const auto& seg : impl_->segs) {
    for (uint32_t p = 0; p < seg->patterns.size(); ++p) {
      if (!seg->patterns.Get(p).empty()) seg->Regex(p);
    }
  }
}

// --- Segments ----------------------------------------------------------------

struct MatcherSegment::Rep {
  std::unique_ptr<MappedFile> file;
  std::string bytes;  // the snapshot, when it could not be written to a file
  std::string_view view;
  std::string stamp;
  size_t n = 0;
  std::shared_ptr<LazyState> lazy;
};

MatcherSegment::MatcherSegment() : rep_(std::make_unique<Rep>()) {}
MatcherSegment::~MatcherSegment() = default;
const std::string& MatcherSegment::stamp() const { return rep_->stamp; }
size_t MatcherSegment::size() const { return rep_->n; }

namespace {

// Restores a segment from the snapshot bytes of `rep` (checked when `rep`
// was made: only the header is looked at again), sharing its lazy state.
Result<std::unique_ptr<Segment>> RestoreSegment(std::string_view bytes,
                                                std::shared_ptr<LazyState> lazy,
                                                size_t verify_limit) {
  match::SnapshotReader in;
  if (Status s = in.Open(bytes, verify_limit); !s.ok()) return s;
  auto seg = std::make_unique<Segment>();
  if (lazy) seg->lazy = std::move(lazy);
  if (Status s = seg->Restore(in, true); !s.ok()) return s;
  return seg;
}

}  // namespace

Result<std::string> MatcherSegment::ReadStamp(const std::string& path) {
  MappedFile file(path);
  if (!file.ok()) return Status::NotFound("no segment");
  match::SnapshotReader in;
  if (Status s = in.Open(file.bytes(), 0); !s.ok()) return s;
  return std::string(in.stamp());
}

Result<std::shared_ptr<const MatcherSegment>> MatcherSegment::Load(const std::string& path,
                                                                   const std::string& stamp) {
  std::shared_ptr<MatcherSegment> out(new MatcherSegment());
  Rep& rep = *out->rep_;
  rep.file = std::make_unique<MappedFile>(path);
  if (!rep.file->ok()) return Status::NotFound("no segment");
  rep.view = rep.file->bytes();
  {
    match::SnapshotReader in;
    if (Status s = in.Open(rep.view); !s.ok()) return s;
    if (in.stamp() != stamp) return Status::NotFound("segment is of another version");
  }
  rep.file->DropPages();
  Result<std::unique_ptr<Segment>> seg = RestoreSegment(rep.view, nullptr, 0);
  if (!seg.ok()) return seg.status();
  rep.stamp = stamp;
  rep.n = (*seg)->n;
  rep.lazy = (*seg)->lazy;
  return std::shared_ptr<const MatcherSegment>(std::move(out));
}

std::shared_ptr<const MatcherSegment> MatcherSegment::Build(std::vector<Record> records,
                                                            const std::string& path,
                                                            const std::string& stamp,
                                                            std::string* note) {
  Builder builder;
  for (const Record& r : records) builder.Add(r);
  records = {};
  return builder.Finish(path, stamp, note);
}

std::shared_ptr<const MatcherSegment> MatcherSegment::InMemory(std::string bytes,
                                                               const std::string& stamp,
                                                               const Status& why,
                                                               std::string* note) {
  // Kept in memory: the next start builds it again.
  if (note != nullptr) *note = "segment not saved: " + why.message();
  std::shared_ptr<MatcherSegment> out(new MatcherSegment());
  Rep& rep = *out->rep_;
  rep.bytes = std::move(bytes);
  rep.view = rep.bytes;
  Result<std::unique_ptr<Segment>> seg = RestoreSegment(rep.view, nullptr, 0);
  rep.stamp = stamp;
  if (seg.ok()) {
    rep.n = (*seg)->n;
    rep.lazy = (*seg)->lazy;
  }
  return out;
}

// What a segment keeps of the records added so far: the tables and the
// bytes of their matching fields, as its file stores them.
struct MatcherSegment::Builder::State {
  Segment seg;
  InitTables tables;
  std::vector<char> bytes;
  std::vector<uint64_t> begin = {0};
};

MatcherSegment::Builder::Builder() : state_(std::make_unique<State>()) {}
MatcherSegment::Builder::~Builder() = default;
size_t MatcherSegment::Builder::size() const { return state_->seg.n; }

void MatcherSegment::Builder::Add(const Record& record) {
  State& st = *state_;
  st.seg.Add(&st.tables, record);
  match::ByteWriter w;
  WriteMatchingFields(&w, record);
  st.bytes.insert(st.bytes.end(), w.bytes().begin(), w.bytes().end());
  st.begin.push_back(st.bytes.size());
}

std::shared_ptr<const MatcherSegment> MatcherSegment::Builder::Finish(const std::string& path,
                                                                      const std::string& stamp,
                                                                      std::string* note) {
  std::unique_ptr<State> st = std::move(state_);
  state_ = std::make_unique<State>();
  Segment& seg = st->seg;
  seg.Install(&st->tables);
  st->tables = {};  // before Build() allocates: the peak is the larger of the two
  seg.record_bytes = match::Column<char>(std::move(st->bytes));
  seg.record_begin = match::Column<uint64_t>(std::move(st->begin));
  seg.Build();
  // Written section by section into the file: a base of every repository
  // is never held twice (its structures and its file's bytes).
  match::SnapshotWriter sizes;
  sizes.CountOnly();
  seg.AddSections(&sizes);
  uint64_t body_at = sizes.BodyOffset(stamp);
  Status saved = WriteFileAtomically(path, [&](int fd) {
    match::SnapshotWriter out;
    out.WriteTo(fd, body_at);
    seg.AddSections(&out);
    if (!out.status().ok()) return out.status();
    if (out.BodyOffset(stamp) != body_at) return Status::Internal("segment sections changed");
    return WriteAt(fd, out.Header(stamp), 0);
  });
  if (saved.ok()) {
    Result<std::shared_ptr<const MatcherSegment>> loaded = Load(path, stamp);
    if (loaded.ok()) return *loaded;
    saved = loaded.status();
  }
  return InMemory(seg.Snapshot(stamp), stamp, saved, note);
}

Result<std::unique_ptr<Matcher>> Matcher::Compose(
    std::vector<std::shared_ptr<const MatcherSegment>> parts) {
  std::vector<Slice> slices;
  for (auto& part : parts) {
    size_t count = part->size();
    slices.push_back({std::move(part), 0, count});
  }
  return Compose(std::move(slices));
}

Result<std::unique_ptr<Matcher>> Matcher::Compose(std::vector<Slice> slices) {
  std::unique_ptr<Matcher> m(new Matcher());
  Impl& impl = *m->impl_;
  // Each segment once, in the order of its first slice that shows records;
  // segments that show none are kept (parts()) but never searched.
  std::map<const MatcherSegment*, uint32_t> seg_of;
  std::vector<std::vector<bool>> shown;
  uint32_t at = 0;
  for (const Slice& slice : slices) {
    const MatcherSegment* part = slice.segment.get();
    if (part == nullptr || slice.begin > part->size() || slice.count > part->size() - slice.begin) {
      return Status::InvalidArgument("slice out of its segment");
    }
    if (std::find(impl.parts.begin(), impl.parts.end(), slice.segment) == impl.parts.end()) {
      impl.parts.push_back(slice.segment);
    }
    if (slice.count == 0) continue;
    auto [it, fresh] = seg_of.try_emplace(part, static_cast<uint32_t>(impl.segs.size()));
    if (fresh) {
      // Checked when the part was made: no section checksum again.
      Result<std::unique_ptr<Segment>> seg = RestoreSegment(part->rep_->view, part->rep_->lazy, 0);
      if (!seg.ok()) return seg.status();
      impl.segs.push_back(std::move(*seg));
      shown.emplace_back(part->size(), false);
    }
    std::vector<bool>& mine = shown[it->second];
    for (size_t r = slice.begin; r < slice.begin + slice.count; ++r) {
      if (mine[r]) return Status::InvalidArgument("slices overlap");
      mine[r] = true;
    }
    impl.runs.push_back(
        {at, it->second, static_cast<uint32_t>(slice.begin), static_cast<uint32_t>(slice.count)});
    at += static_cast<uint32_t>(slice.count);
  }
  if (impl.segs.empty()) {
    impl.Only().Init({});
    impl.Only().Build();
    impl.Added();
    return m;
  }
  impl.Index();
  bool any_hidden = false;
  for (size_t s = 0; s < impl.segs.size(); ++s) {
    Segment& seg = *impl.segs[s];
    if (std::find(shown[s].begin(), shown[s].end(), false) == shown[s].end()) continue;
    any_hidden = true;
    seg.hidden.assign((seg.n + 63) / 64, 0);
    for (size_t r = 0; r < seg.n; ++r) {
      if (!shown[s][r]) seg.hidden[r / 64] |= uint64_t{1} << (r % 64);
    }
    seg.fuzzy.Hide(seg.hidden);
  }
  if (impl.segs.size() > 1 || any_hidden) {
    impl.words = std::make_unique<match::CorpusWords>();
    for (const auto& seg : impl.segs) impl.words->Add(seg->fuzzy);
    for (const auto& seg : impl.segs) seg->fuzzy.Reweigh(impl.words.get());
  }
  return m;
}

std::vector<std::shared_ptr<const MatcherSegment>> Matcher::parts() const { return impl_->parts; }

namespace {

std::string Percent(double x) { return std::to_string(static_cast<int>(x * 100 + 0.5)) + "%"; }

// The reason a hit ranks where it does (Match::reason).
std::string Reason(const Ranked& h, const Query& q, std::string_view family) {
  const Record& r = *h.match.record;
  std::vector<std::string> parts;
  if (h.match.match_type == "pattern" || (h.exact_code && h.explained > 0)) {
    parts.push_back("literal text explains " + Percent(h.explained) + " of the message's words");
  } else if (h.wrapper != nullptr) {
    parts.push_back("its words fill the hole of \"" + h.wrapper->error_message + "\" (" +
                    h.wrapper->file_path + ":" + std::to_string(h.wrapper->line_number) +
                    "), reworded (fuzzy)");
  } else if (h.match.match_type == "fuzzy") {
    parts.push_back(h.match.score == kFrameOnlyScore ? "found by a stack frame only"
                                                     : "shares words with the message (fuzzy)");
  }
  if (h.exact_code && r.error_code) parts.push_back("code " + *r.error_code + " printed");
  if (!q.error_class.empty() && !r.error_class.empty() &&
      (h.match.match_type != "pattern" || PasteClassAdjust(q.error_class, r) != 0)) {
    parts.push_back(LastComponent(q.error_class) == LastComponent(r.error_class)
                        ? "class " + r.error_class + " agrees"
                        : "class differs (" + std::string(LastComponent(q.error_class)) +
                              " in the paste)");
  }
  bool file_frame = false;
  for (const StackFrame& f : q.frames) {
    if (!SameFile(f.file, r.file_path)) continue;
    std::string at = std::string(Basename(f.file)) + ":" + std::to_string(f.line);
    int away = LinesAway(r, f.line);
    parts.push_back(away == 0 ? "frame " + at + " is the raise line"
                    : away <= kFrameNearLines
                        ? "frame " + at + " is " + std::to_string(away) +
                              (away == 1 ? " line" : " lines") + " from the raise line"
                        : "frame " + at + " is in the same file");
    file_frame = true;
    break;
  }
  for (const StackFrame& f : q.frames) {
    if (file_frame || r.function.empty() || !SameFunction(f, r)) continue;
    parts.push_back("frame " + f.function + " names its function");
    break;
  }
  if (!family.empty() && !r.language.empty() && LanguageFamily(r.language) != family) {
    parts.push_back("the paste's frames are " + std::string(family) + ", the record is " +
                    r.language);
  }
  if (h.hole_heavy) parts.push_back("its holes hold most of the text it matched");
  if (h.tooling) parts.push_back("raised by the repository's development tooling");
  if (!r.other_lines.empty() && !file_frame) {
    parts.push_back("the same message is raised at " + std::to_string(r.other_lines.size() + 1) +
                    " sites in this file");
  }
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

}  // namespace

// A wrapper's hole that holds another hit's whole match: the text the
// wrapper only passes on is what the other record says. The inner hit
// ranks above its wrapper (innermost first, issue 12's chains). An inner
// hit that itself begins with a hole ("%s at line %d, column %d") is not
// anchored to anything in that text: inside nlohmann's prefix hole
// "[json.exception.parse_error.101] parse error at line 1, column 84: " it
// is a coincidence of shapes, so it is not promoted.
//
// An inner hit that fills a line of its own inside the wrapper's hole (a
// renderer's header, a source excerpt, then the message on its own line:
// toml's "TOML parse error at line 1, column 1" ... "duplicate key") is the
// message that renderer shows, not words met by chance, however short.
bool FillsOwnLine(std::string_view text, size_t begin, size_t end) {
  bool starts = begin == 0 || text[begin - 1] == '\n';
  bool ends = end == text.size() || text[end] == '\n' || text[end] == '\r';
  return starts && ends && begin < end;
}

// Whether [begin, end) lies in a hole of `outer` that prints the system's
// error text: its expression calls strerror (C's `%m` is read as
// strerror(errno) too; Python's os.strerror).
bool InSystemErrorHole(const Ranked& outer, std::string_view text, size_t begin, size_t end) {
  for (const auto& [b, e] : outer.holes) {
    if (b > begin || end > e) continue;
    // The inner text is an errno text itself, whatever the hole is named
    // (`ec.message()`, `err`): see match/system_errors.h.
    if (match::IsSystemErrorText(text.substr(begin, end - begin))) return true;
    // A hole named for strerror holds one of the OS's short sentences,
    // which never quote a value nor carry a cause after a colon: another
    // program's message there (starship's "Error in 'CmdDuration' at
    // 'command_timeout': Unknown key" in redis's "Failed to load %s: %s")
    // is not what the hole printed.
    std::string_view value = text.substr(b, e - b);
    if (value.find_first_of(":'\"`") != std::string_view::npos) continue;
    for (const Capture& c : outer.match.captures) {
      if (c.value == value && c.name.find("strerror") != std::string::npos) return true;
    }
  }
  return false;
}

// Whether `at` lies in a hole of `outer` that begins where its match does.
bool InLeadingHole(const Ranked& outer, size_t at) {
  return !outer.holes.empty() && outer.holes.front().first == outer.begin &&
         outer.holes.front().first <= at && at < outer.holes.front().second;
}

// A message without holes followed on its line by ": " and another
// record's message ("error decoding response body: EOF while parsing a
// value at line 1 column 0") was printed by an error chain (a Display that
// appends its source, anyhow's "{:#}"): the template wrote none of the later
// text, so the later record is the cause, and the more specific answer.
void PreferCauseAfterContext(std::vector<Ranked>* hits, std::string_view text) {
  if (hits->size() < 2 || hits->size() > 64) return;
  for (Ranked& cause : *hits) {
    if (cause.match.match_type != "pattern" || cause.hole_heavy) continue;
    for (const Ranked& context : *hits) {
      if (&context == &cause || context.match.match_type != "pattern" || !context.holes.empty() ||
          cause.begin != context.end + 2 || text.substr(context.end, 2) != ": ") {
        continue;
      }
      if (cause.info < std::min(context.info, kMinInnerInfo)) continue;
      if (cause.match.score <= context.match.score) {
        cause.match.score = std::min(1.0, context.match.score + kInnerLinkMargin);
      }
    }
  }
}

// Whether hit `h` read a label line: the line starts with the hit, whose
// few words end in ":" and whose one hole, if it read one, runs to the
// hit's end (kind's "\nStack Trace: %+v", "\nCommand Output: %s"), and
// holds the lines below or was printed by a log call.
bool LabelLine(const Ranked& h, std::string_view text) {
  if (h.match.match_type != "pattern" || h.holes.size() > 1 || h.literal_words == 0 ||
      h.literal_words > kMaxLabelWords || (h.holes.size() == 1 && h.holes[0].second != h.end)) {
    return false;
  }
  // Without a hole the value was left out (an optional tail): the label
  // is all the hit read (its ":" may belong to the tail).
  size_t label_end = h.holes.empty() ? h.end : h.holes[0].first;
  if (h.holes.empty() && label_end < text.size() && text[label_end] == ':') ++label_end;
  std::string_view label = Trim(text.substr(h.begin, label_end - h.begin));
  if (label.empty() || label.back() != ':') return false;
  // "Validation failed:" above its list is the message; a label names what
  // follows it without saying something went wrong.
  static const std::unordered_set<std::string> kFailureWords = {
      "error",  "errors",  "failed",  "failure",   "failures", "invalid",     "cannot",
      "unable", "not",     "denied",  "missing",   "unknown",  "unsupported", "wrong",
      "bad",    "illegal", "refused", "exception", "fatal",    "warning"};
  for (const std::string& w : match::Tokenize(label)) {
    if (kFailureWords.count(LowerAscii(w))) return false;
  }
  // A value on the label's own line is a detail only when a log call
  // printed it ("Invalid URI: .." thrown is a message in two words).
  if (!h.holes.empty()) {
    std::string_view value = text.substr(h.holes[0].first, h.holes[0].second - h.holes[0].first);
    bool on_line = !Trim(value.substr(0, value.find('\n'))).empty();
    const std::string& kind = h.match.record->kind;
    if (on_line && kind != "log" && kind != "warning") return false;
  }
  // The template may open with the newline before its label.
  size_t begin = label.data() - text.data();
  size_t line = text.rfind('\n', begin == 0 ? 0 : begin - 1);
  line = begin == 0 || line == std::string_view::npos ? 0 : line + 1;
  return Trim(text.substr(line, begin - line)).empty();
}

// The line of `text` holding offset `at` (after leading blanks of a hit).
size_t LineAt(std::string_view text, size_t at) {
  while (at < text.size() && (text[at] == '\n' || text[at] == ' ' || text[at] == '\t')) ++at;
  return static_cast<size_t>(std::count(text.begin(), text.begin() + at, '\n'));
}

// A program that prints an error and then labelled details below it
// ("ERROR: failed to create cluster: ..", then "Command Output: ..",
// "Stack Trace:") has its message on the first line; the labels say what
// follows them, and are found in the printing function. When another hit
// reads a different line, each label ranks below it.
void YieldLabelLines(std::vector<Ranked>* hits, std::string_view text) {
  if (hits->size() < 2 || hits->size() > 64) return;
  std::vector<Ranked*> labels;
  std::vector<size_t> label_lines;
  for (Ranked& h : *hits) {
    if (LabelLine(h, text)) labels.push_back(&h), label_lines.push_back(LineAt(text, h.begin));
  }
  if (labels.empty()) return;
  // The lowest score among hits that read another line than any label.
  double lowest = 2;
  for (const Ranked& h : *hits) {
    if (h.match.match_type != "pattern" || h.weak || LabelLine(h, text)) continue;
    size_t line = LineAt(text, h.begin);
    if (std::find(label_lines.begin(), label_lines.end(), line) != label_lines.end()) continue;
    lowest = std::min(lowest, h.match.score);
  }
  if (lowest > 1) return;
  for (Ranked* l : labels) {
    if (l->match.score >= lowest) l->match.score = std::max(0.01, lowest - kInnerLinkMargin);
  }
}

// Whether hit `h` read an introduction to the lines below it: a template
// without holes that ends in ":" and ends its line (maven's "For more
// information about the errors and possible solutions, please read the
// following articles:" above its links).
bool IntroLine(const Ranked& h, std::string_view text) {
  if (h.match.match_type != "pattern" || !h.holes.empty() || h.literal_words <= kMaxLabelWords) {
    return false;
  }
  std::string_view read = Trim(text.substr(h.begin, h.end - h.begin));
  size_t end = h.end;
  if (!read.empty() && read.back() != ':' && end < text.size() && text[end] == ':')
    ++end;
  else if (read.empty() || read.back() != ':')
    return false;
  size_t eol = text.find('\n', end);
  std::string_view rest = text.substr(end, eol == std::string_view::npos ? eol : eol - end);
  return Trim(rest).empty() && eol != std::string_view::npos && !Trim(text.substr(eol)).empty();
}

// A tool that prints its error and then a footer introducing help links
// or details ("[ERROR] Could not find the selected project ..", then
// "[ERROR] For more information .. read the following articles:") has its
// message above the introduction: an introduction ranks below each hit
// that read an earlier line. ("Validation failed:" above its list of
// reasons keeps its place: the reasons are below it.)
void YieldIntroLines(std::vector<Ranked>* hits, std::string_view text) {
  if (hits->size() < 2 || hits->size() > 64) return;
  for (Ranked& intro : *hits) {
    if (!IntroLine(intro, text)) continue;
    size_t line = LineAt(text, intro.begin);
    double lowest = 2;
    for (const Ranked& h : *hits) {
      if (&h == &intro || h.match.match_type != "pattern" || h.weak || IntroLine(h, text) ||
          LineAt(text, h.begin) >= line) {
        continue;
      }
      lowest = std::min(lowest, h.match.score);
    }
    if (lowest <= 1 && intro.match.score >= lowest) {
      intro.match.score = std::max(0.01, lowest - kInnerLinkMargin);
    }
  }
}

// Whether the paste (lowercase) names `repo` outside the span [begin, end)
// of `text` a hit matched: in a log target, a path or a frame, not in the
// message's own words ("load config: open /etc/app.yaml" names no "app").
bool NamedAround(std::string_view paste, std::string_view text, size_t begin, size_t end,
                 std::string_view repo) {
  std::string lower = LowerAscii(text);
  std::string rest(paste);
  size_t at = rest.find(lower);
  if (at == std::string::npos) {
    rest += '\n';
    rest += lower;
    at = rest.size() - lower.size();
  }
  end = std::min(end, lower.size());
  begin = std::min(begin, end);
  rest.replace(at + begin, end - begin, " ");
  return TextNamesRepository(rest, repo);
}

// A link of an error chain the wrapper's own repository wrote: the inner
// text starts a clause (after ": " or on a line of its own) and is itself
// a context that wraps the next cause ("dial error: %w" inside pgx's
// "failed to connect to `user=%s database=%s`: %s"). However few its words,
// the same library does not print its own context by chance: it names the
// step that failed, and its line is the one that tells the user why.
bool SameRepositoryChainLink(const Ranked& inner, const Ranked& outer, std::string_view text) {
  if (inner.match.record->repo != outer.match.record->repo) return false;
  if (inner.holes.empty() || inner.holes.back().second != inner.end) return false;
  size_t hole = inner.holes.back().first;
  if (hole < inner.begin + 3 || text.substr(hole - 2, 2) != ": ") return false;
  // Two words at least: one word before a cause ("open %s: %w") is a shape
  // every library prints.
  if (inner.literal_words < kMinLiteralWords) return false;
  bool clause_start = inner.begin == 0 || text[inner.begin - 1] == '\n' ||
                      (inner.begin >= 2 && text.substr(inner.begin - 2, 2) == ": ");
  if (!clause_start) {
    // An indented line: only spaces and tabs back to the line start.
    size_t k = inner.begin;
    while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\t')) --k;
    clause_start = k < inner.begin && (k == 0 || text[k - 1] == '\n');
  }
  return clause_start;
}

// A header that ends its line with ':' and the indented lines below it
// (Go's errors.Join under pgx's "failed to connect to `user=%s
// database=%s`:", a list of causes): the listed lines are what the header
// introduces, as a hole's value would be.
bool ListedUnder(const Ranked& outer, size_t inner_begin, std::string_view text) {
  size_t k = outer.end;
  while (k < text.size() && (text[k] == ' ' || text[k] == '\t')) ++k;
  if (k == 0 || k >= text.size() || text[k] != '\n' || inner_begin <= k) return false;
  size_t colon = outer.end;
  while (colon > outer.begin && (text[colon - 1] == ' ' || text[colon - 1] == '\t')) --colon;
  if (colon == outer.begin || text[colon - 1] != ':') return false;
  // Every line from there to the inner text's is indented and not blank.
  for (size_t line = k + 1; line <= inner_begin;) {
    if (line >= text.size() || (text[line] != ' ' && text[line] != '\t')) return false;
    size_t next = text.find('\n', line);
    if (next == std::string_view::npos || next >= inner_begin) break;
    line = next + 1;
  }
  return true;
}

// Whether `inner`'s text lies inside what `outer` passes on: one of its
// holes, or the lines listed under it (ListedUnder).
bool PassedOn(const Ranked& outer, const Ranked& inner, size_t inner_end, std::string_view text) {
  bool in_hole = std::any_of(outer.holes.begin(), outer.holes.end(), [&](const auto& h) {
    return h.first <= inner.begin && inner_end <= h.second && inner_end > inner.begin;
  });
  return in_hole || (inner_end > inner.begin && ListedUnder(outer, inner.begin, text));
}

// The literal end of a hit: a trailing hole runs to the end of the text
// (see Verify), so the inner text is what its literals span.
size_t LiteralEnd(const Ranked& h) {
  if (!h.holes.empty() && h.holes.back().second == h.end) return h.holes.back().first;
  return h.end;
}

// A weak hit (few words in a long paste) that is a chain link its own
// library wrote inside another of its messages (SameRepositoryChainLink) is
// evidence after all: it is kept for PreferInnerLinks to weigh.
void KeepChainLinks(std::vector<Ranked>* hits, std::string_view text) {
  if (hits->size() < 2 || hits->size() > 64) return;
  for (Ranked& inner : *hits) {
    if (!inner.weak || inner.match.match_type != "pattern") continue;
    for (const Ranked& outer : *hits) {
      if (&outer == &inner || outer.weak || outer.match.match_type != "pattern") continue;
      if (PassedOn(outer, inner, LiteralEnd(inner), text) &&
          SameRepositoryChainLink(inner, outer, text)) {
        inner.weak = false;
        break;
      }
    }
  }
}

// A hit whose literal words all lie inside another hit's literal text,
// one without holes that says more (helm's "could not find %s: %w" reading
// go-yaml's "could not find expected ':'" with the hole over "expected
// ':'"), is the same words read by a looser template: it ranks below the
// exact one, and is not lifted inside a wrapper (PreferInnerLinks). So is
// one that starts where a template with holes does and ends inside it,
// which wrote more of that span ("Command {0} failed." reading "Command
// saslStart failed: Authentication failed." beside "Command {0} failed:
// {1}."): starting at the same word, it is not a link nested in a hole.
void YieldToExactReadings(std::vector<Ranked>* hits) {
  if (hits->size() < 2 || hits->size() > 64) return;
  for (Ranked& loose : *hits) {
    // A frame of the paste pointing at the looser one's code is evidence
    // beyond the words.
    if (loose.match.match_type != "pattern" || loose.framed) continue;
    for (const Ranked& exact : *hits) {
      if (&exact == &loose || exact.match.match_type != "pattern" || exact.index == loose.index ||
          exact.weak || exact.info < loose.info || exact.literal_chars <= loose.literal_chars) {
        continue;
      }
      // Without holes the exact one must say more in words, not only in
      // punctuation; with them, it must start at the same word.
      if (exact.holes.empty() ? exact.info == loose.info
                              : exact.begin != loose.begin || exact.hole_heavy) {
        continue;
      }
      if (loose.begin < exact.begin || LiteralEnd(loose) > exact.end) continue;
      loose.match.score = std::min(loose.match.score, exact.match.score - kInnerLinkMargin);
      loose.yielded = true;
    }
  }
}

// Whether a wrapper other than `outer` that passes `inner` on in a system
// error hole already outranks both: pip's "Could not open requirements
// file: {exc}" over rubocop's "No such file or directory: #{file}" needs
// no help, and lifting jq's looser "Could not open %s: %s" to the inner's
// score would tie it with pip's.
bool WrappedAbove(const std::vector<Ranked>& hits, const Ranked& outer, const Ranked& inner,
                  std::string_view text, size_t inner_end) {
  return std::any_of(hits.begin(), hits.end(), [&](const Ranked& w) {
    return &w != &outer && &w != &inner && w.match.match_type == "pattern" &&
           w.match.score > inner.match.score && w.match.score > outer.match.score &&
           PassedOn(w, inner, inner_end, text) &&
           InSystemErrorHole(w, text, inner.begin, inner_end);
  });
}

// For each hit, the sites in its repository that raise its message, among
// the hits: its record's own lines and those of the other records read
// with the same text at the same place (0 for a hit that is no pattern).
std::vector<size_t> SitesOfMessages(const std::vector<Ranked>& hits) {
  std::vector<size_t> sites(hits.size(), 0);
  for (size_t i = 0; i < hits.size(); ++i) {
    const Ranked& h = hits[i];
    if (h.match.match_type != "pattern") continue;
    const Record& r = *h.match.record;
    for (const Ranked& o : hits) {
      const Record& x = *o.match.record;
      if (o.match.match_type == "pattern" && x.repo == r.repo &&
          x.error_message == r.error_message && o.begin == h.begin) {
        sites[i] += 1 + x.other_lines.size();
      }
    }
  }
  return sites;
}

void PreferInnerLinks(std::vector<Ranked>* hits, std::string_view text, std::string_view family,
                      std::string_view paste) {
  if (hits->size() < 2 || hits->size() > 64) return;
  // Scores change below; which hits share a message does not.
  const std::vector<size_t> sites = SitesOfMessages(*hits);
  auto sites_of = [&](const Ranked& h) { return sites[static_cast<size_t>(&h - hits->data())]; };
  // Repeat so that a chain of three settles innermost first.
  for (int round = 0; round < 3; ++round) {
    bool changed = false;
    for (Ranked& inner : *hits) {
      if (inner.match.match_type != "pattern" || inner.yielded) continue;
      // Words worth little after a leading hole (" at line %d, column %d")
      // are a shape any text has; rare words (eslint's ": Could not find
      // \"%s\" in plugin \"%s\".") are a message however it starts.
      if (!inner.holes.empty() && inner.holes.front().first == inner.begin &&
          inner.info < kMinLeadingHoleInnerInfo) {
        continue;
      }
      size_t inner_end = LiteralEnd(inner);
      for (Ranked& outer : *hits) {
        if (&outer == &inner || outer.match.match_type != "pattern") continue;
        bool nested = PassedOn(outer, inner, inner_end, text);
        // Inside a hole the wrapper fills with the system's error text
        // (`"error connecting to %s (%s)", path, strerror(errno)`), another
        // record's words ("No such file {name}") are the OS's message, not
        // that record's: the wrapper is the answer. A hole before all of a
        // template's words ("$path does not exist." over a whole paste)
        // wraps nothing: the system text only happens to be inside it.
        if (nested && InSystemErrorHole(outer, text, inner.begin, inner_end)) {
          if (!InLeadingHole(outer, inner.begin) && outer.match.score <= inner.match.score &&
              !WrappedAbove(*hits, outer, inner, text, inner_end)) {
            outer.match.score = std::min(1.0, inner.match.score + kInnerLinkMargin);
            changed = true;
          }
          continue;
        }
        // A generic inner text ("not found") is no more specific than its
        // wrapper. Literal text on both sides of a hole ("invalid type: %s,
        // expected %s") is a shape, not a phrase: it does not occur inside
        // a wrapper's value by chance, so it needs only to stand alone.
        bool interior_hole = std::any_of(
            inner.holes.begin(), inner.holes.end(),
            [&](const auto& h) { return h.first > inner.begin && h.second < inner_end; });
        bool specific = inner.info >= std::min(outer.info, kMinInnerInfo) ||
                        (interior_hole && !inner.weak && !inner.hole_heavy) ||
                        (inner.holes.empty() && FillsOwnLine(text, inner.begin, inner.end)) ||
                        SameRepositoryChainLink(inner, outer, text);
        // Text passed on across languages (guzzle's "cURL error %s: %s"
        // around libcurl's message) is answered by the wrapper, the code in
        // the language the user runs.
        bool same_language = LanguageFamily(inner.match.record->language) ==
                             LanguageFamily(outer.match.record->language);
        // A cause its library raises at several sites ("Connection is
        // closed." at five in ioredis) does not say where it came from; the
        // one wrapper of that library around it ("Too many Cluster
        // redirections. Last error: " + error) does, and is the answer.
        if (nested && outer.match.record->repo == inner.match.record->repo &&
            sites_of(inner) >= kSharedCauseSites && sites_of(outer) == 1) {
          if (outer.match.score <= inner.match.score) {
            outer.match.score = std::min(1.0, inner.match.score + kInnerLinkMargin);
            changed = true;
          }
          continue;
        }
        if (nested && specific && same_language && inner.match.score <= outer.match.score) {
          inner.match.score = std::min(1.0, outer.match.score + kInnerLinkMargin);
          changed = true;
        }
        // ... and, when the paste's frames are in the wrapper's language,
        // ranks above the message of another language it passes on.
        bool framed_wrapper = !family.empty() &&
                              LanguageFamily(outer.match.record->language) == family &&
                              LanguageFamily(inner.match.record->language) != family;
        if (nested && framed_wrapper && outer.match.score <= inner.match.score) {
          outer.match.score = std::min(1.0, inner.match.score + kInnerLinkMargin);
          changed = true;
        }
        // ... and when the paste names the wrapper's library and not the
        // other's ("[alacritty_config_derive] Config error: x: invalid type:
        // ..., expected i8": serde's words, which serde_json happens to
        // share), the wrapper is the code the user ran.
        if (nested && outer.match.record->repo != inner.match.record->repo &&
            outer.match.score <= inner.match.score &&
            NamedAround(paste, text, outer.begin, outer.end, outer.match.record->repo) &&
            !TextNamesRepository(paste, inner.match.record->repo)) {
          outer.match.score = std::min(1.0, inner.match.score + kInnerLinkMargin);
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
}

std::vector<Match> Matcher::FindKeywords(const Query& query) const {
  constexpr size_t kMaxKeywords = 3;
  constexpr size_t kMaxKeywordBytes = 200;
  std::vector<Match> out;
  if (query.message.size() > kMaxKeywordBytes || query.limit == 0) return out;
  std::vector<std::string> words;
  std::string word;
  for (char c : query.message + " ") {
    if (IsSpace(c)) {
      if (!word.empty()) words.push_back(LowerAscii(word));
      word.clear();
    } else {
      word.push_back(c);
    }
  }
  if (words.empty() || words.size() > kMaxKeywords) return out;
  // Names first: a record every word names (class, code, function, file).
  std::unordered_map<uint32_t, size_t> named;
  for (const std::string& w : words) {
    for (uint32_t r : impl_->Named(w)) {
      if (impl_->Accept(r, query)) ++named[r];
    }
  }
  std::vector<uint32_t> ranked;
  for (const auto& [r, n] : named) {
    if (n == words.size()) ranked.push_back(r);
  }
  std::sort(ranked.begin(), ranked.end(), [&](uint32_t a, uint32_t b) {
    const Record& ra = impl_->rec(a);
    const Record& rb = impl_->rec(b);
    if (ra.repo != rb.repo) return ra.repo < rb.repo;
    if (ra.file_path != rb.file_path) return ra.file_path < rb.file_path;
    return ra.line_number < rb.line_number;
  });
  for (uint32_t r : ranked) {
    if (out.size() >= query.limit) return out;
    Match m;
    m.record = &impl_->rec(r);
    m.match_type = "keyword";
    m.score = 0.5;
    m.reason = "class, code, function or file named " + query.message;
    out.push_back(std::move(m));
  }
  // Then the words of messages, weighted by rarity.
  std::vector<std::string> tokens = match::Tokenize(query.message);
  auto accept = [&](uint32_t r) { return impl_->Accept(r, query) && !named.count(r); };
  for (const match::FuzzyIndex::Hit& h :
       impl_->FuzzySearch(tokens, 0.01, accept, {}, query.limit - out.size())) {
    Match m;
    m.record = &impl_->rec(h.doc);
    m.match_type = "keyword";
    m.score = 0.2 + 0.25 * h.score;
    m.reason = "its message has the words searched for";
    out.push_back(std::move(m));
  }
  return out;
}

// Results are capped at query.limit (0 gives none).
std::vector<Match> Matcher::Find(const Query& query) const {
  std::string_view raw(query.message);
  std::string text(Trim(raw.substr(0, std::min(raw.size(), kMaxInputBytes))));
  // RE2 never matches an invalid UTF-8 byte, not even with [\s\S], so a
  // stray byte inside a hole would hide the record.
  RepairUtf8(&text);
  if (text.empty()) return {};

  QueryContext ctx = impl_->Context(text, query);
  std::vector<Ranked> hits = impl_->PatternHits(text, query, ctx);
  // A terminal or console box may have wrapped the line the program printed:
  // the reading whose best hit scores highest is the message.
  for (std::string& reading : match::SoftWrapReadings(text)) {
    QueryContext reading_ctx = impl_->Context(reading, query);
    std::vector<Ranked> reading_hits = impl_->PatternHits(reading, query, reading_ctx);
    if (BestScore(reading_hits) > BestScore(hits) + kReadingMargin) {
      text = std::move(reading);
      ctx = std::move(reading_ctx);
      hits = std::move(reading_hits);
    }
  }
  for (auto [r, support_only] : impl_->CodeHits(text, query)) {
    // An errno name in another runtime's trace (ETIMEDOUT under a Kotlin
    // exception) is the operating system's word, not the record's.
    const Record& coded = impl_->rec(r);
    if (!ctx.family.empty() && coded.error_code && match::IsErrnoName(*coded.error_code) &&
        LanguageFamily(coded.language) != ctx.family) {
      support_only = true;
    }
    const auto coded_index = r;  // clang 14 cannot capture a structured binding
    auto it = std::find_if(hits.begin(), hits.end(),
                           [&](const Ranked& h) { return h.index == coded_index; });
    // A number in the text is most often a value (a version, a port, a
    // count), a category word a log level: either supports a record the
    // message matches, never finds one.
    if (support_only) {
      if (it != hits.end()) it->match.score = std::min(1.0, it->match.score + kNumericCodeBonus);
      continue;
    }
    if (it == hits.end()) {
      it = hits.insert(hits.end(), Ranked{});
      it->match.record = &impl_->rec(r);
      it->index = r;
    }
    it->exact_code = true;
    it->weak = false;
    it->match.match_type = "exact-code";
    it->match.score = 1.0;
  }
  if (!query.frames.empty()) {
    for (Ranked& h : hits) {
      double bonus = FrameBonus(*h.match.record, query.frames);
      if (bonus > 0) h.weak = false, h.framed = true;
      if (bonus == 0 && RaisedElsewhere(*h.match.record, query.frames)) {
        h.match.score -= kRaisedElsewhere;
      }
      h.frame = bonus;
      h.frame_path = FramePathDepth(*h.match.record, query.frames);
      h.match.score = std::min(1.0, h.match.score + bonus);
    }
  }
  // Only common words matched ("error: %s"): no evidence on its own.
  KeepChainLinks(&hits, text);
  std::erase_if(hits, [](const Ranked& h) { return h.weak; });
  if (query.whole) {
    std::erase_if(hits, [&](const Ranked& h) {
      return !h.full || static_cast<double>(h.literal_chars) <
                            kMinParagraphLiteral * static_cast<double>(text.size());
    });
    if (hits.empty()) return {};
  }
  // The whole paste, lowercase: the libraries it names.
  std::string paste = LowerAscii(query.context.empty() ? std::string_view(text) : query.context);
  YieldToExactReadings(&hits);
  PreferInnerLinks(&hits, text, ctx.family, paste);
  PreferCauseAfterContext(&hits, text);
  YieldLabelLines(&hits, text);
  YieldIntroLines(&hits, text);
  impl_->PreferInnerFuzzy(&hits, text, query);
  // A low score needs evidence beyond the text to be an answer at all.
  auto unconfident = [&](const Ranked& h) {
    bool fuzzy = h.match.match_type == "fuzzy";
    // A reworded message in another language than the paste's frames
    // (git's C "Out of memory, (tried to allocate %llu bytes)" for PHP's
    // own "Allowed memory size ... (tried to allocate N bytes) in x.php on
    // line 46"): shared words are no evidence across runtimes.
    const std::string& language = h.match.record->language;
    if (fuzzy && !h.framed && !h.exact_code && !ctx.family.empty() && !language.empty() &&
        LanguageFamily(language) != ctx.family) {
      return true;
    }
    double floor = fuzzy ? kConfidentFuzzyScore : kConfidentScore;
    return h.match.score < floor && !h.exact_code && !h.framed &&
           !TextNamesRepository(paste, h.match.record->repo);
  };
  // Pattern hits too weak to be answers (a later sentence of a reworded
  // message, a few words of a long paste) leave the question to the fuzzy
  // tier, which weighs every word the paste shares with a record.
  bool message_hit =
      std::any_of(hits.begin(), hits.end(), [&](const Ranked& h) { return !unconfident(h); });
  if (!message_hit) {
    // A record its pattern already read, and found wanting (a frame says
    // it was raised elsewhere), is not brought back by its words.
    std::vector<uint32_t> judged;
    for (const Ranked& h : hits) judged.push_back(h.index);
    hits = impl_->FuzzyHits(text, query);
    std::erase_if(hits, [&](const Ranked& h) {
      return std::find(judged.begin(), judged.end(), h.index) != judged.end();
    });
    for (Ranked& h : hits) {
      double bonus = FrameBonus(*h.match.record, query.frames);
      h.framed = bonus > 0;
      h.frame = bonus;
      h.match.score = std::min(kFuzzyMaxScore, h.match.score + bonus);
    }
    std::erase_if(hits, [](const Ranked& h) { return h.weak && !h.framed; });
    for (uint32_t r : impl_->FrameHits(query)) {
      if (std::any_of(hits.begin(), hits.end(), [&](const Ranked& h) { return h.index == r; })) {
        continue;
      }
      Ranked hit;
      hit.match.record = &impl_->rec(r);
      hit.index = r;
      hit.match.match_type = "fuzzy";
      hit.match.score = kFrameOnlyScore;
      hit.framed = true;
      hits.push_back(std::move(hit));
    }
  }
  std::erase_if(hits, unconfident);
  {
    std::string_view whole = query.context.empty() ? std::string_view(text) : query.context;
    for (Ranked& h : hits) {
      h.named = PasteNamesFunction(whole, *h.match.record);
      h.repo_named = NamesRepositoryExactly(paste, h.match.record->repo);
      h.path_parts_named = NamedPathParts(OutsideMatch(paste, text, h), h.match.record->file_path);
    }
  }

  size_t keep = std::min(hits.size(), query.limit);
  std::partial_sort(hits.begin(), hits.begin() + static_cast<std::ptrdiff_t>(keep), hits.end(),
                    Better);
  std::vector<Match> out;
  out.reserve(keep);
  for (size_t i = 0; i < keep; ++i) {
    hits[i].match.reason = Reason(hits[i], query, ctx.family);
    out.push_back(std::move(hits[i].match));
  }
  return out;
}

}  // namespace errdex
