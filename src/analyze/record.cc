// Record identity (id, slug, permalink) and the record's JSON form. The JSON
// field names and order are ErrLookup's schema v2; errdex's extensions follow.
#include "errdex/record.h"

#include <cstdint>
#include <limits>
#include <set>
#include <string_view>
#include <unordered_map>

#include "match/category_codes.h"
#include "util/sha256.h"

namespace errdex {
namespace {

using OrderedJson = nlohmann::ordered_json;

constexpr size_t kSlugSourceBytes = 50;
// Longest UTF-8 sequence; bounds the back-off so invalid input (a run of
// continuation bytes) cannot eat the whole prefix.
constexpr size_t kMaxUtf8Continuation = 3;

bool IsUtf8Continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Length of the longest prefix of s of at most `max` bytes that does not end
// inside a UTF-8 sequence.
size_t Utf8SafePrefix(std::string_view s, size_t max) {
  if (s.size() <= max) return s.size();
  size_t n = max;
  size_t backed_off = 0;
  while (n > 0 && backed_off < kMaxUtf8Continuation && IsUtf8Continuation(s[n])) {
    --n;
    ++backed_off;
  }
  return n;
}

// A category code (io::ErrorKind::Other, a gRPC status, FlywayErrorCode
// ERROR: match::IsCategoryCode) is shared by many messages of one file, so it
// is no record's identity: the message is, as for a record without a code.
const std::string& SlugSource(const std::optional<std::string>& code, const std::string& message) {
  return code && !match::IsCategoryCode(*code) ? *code : message;
}

std::string SuffixedSlug(const std::string& base, int n) { return base + "-" + std::to_string(n); }

OrderedJson NullableString(const std::optional<std::string>& v) {
  return v ? OrderedJson(*v) : OrderedJson(nullptr);
}

OrderedJson NullIfEmpty(const std::string& v) {
  return v.empty() ? OrderedJson(nullptr) : OrderedJson(v);
}

OrderedJson BuildOrdered(const Record& r) {
  OrderedJson o = OrderedJson::object();
  // --- ErrLookup schema v2, in its order ---
  o["id"] = r.id;
  o["repo"] = r.repo;
  o["slug"] = r.slug;
  o["errorCode"] = NullableString(r.error_code);
  o["errorMessage"] = r.error_message;
  o["messagePattern"] = r.message_pattern;
  o["errorType"] = r.error_type;
  o["errorClass"] = NullIfEmpty(r.error_class);
  o["httpStatus"] = r.http_status ? OrderedJson(*r.http_status) : OrderedJson(nullptr);
  o["severity"] = r.severity;
  o["filePath"] = r.file_path;
  o["lineNumber"] = r.line_number;
  o["sourceCode"] = r.source_code;
  o["sourceCodeStart"] = r.source_code_start;
  o["sourceCodeEnd"] = r.source_code_end;
  o["githubUrl"] = r.github_url;
  o["documentation"] = r.documentation;
  o["triggerScenarios"] = r.trigger_scenarios;
  o["commonSituations"] = r.common_situations;
  o["solutions"] = r.solutions;
  o["exampleFix"] = r.example_fix;
  o["handlingStrategy"] = r.handling_strategy;
  o["validationCode"] = NullableString(r.validation_code);
  o["typeGuard"] = NullableString(r.type_guard);
  o["tryCatchPattern"] = NullableString(r.try_catch_pattern);
  o["preventionTips"] = r.prevention_tips;
  o["tags"] = r.tags;
  o["backgroundTag"] = r.background_tag;
  o["analyzedSha"] = r.analyzed_sha;
  o["analyzedAt"] = r.analyzed_at;
  o["schemaVersion"] = kSchemaVersion;
  // --- errdex extensions ---
  o["language"] = r.language;
  o["kind"] = r.kind;
  o["function"] = NullIfEmpty(r.function);
  OrderedJson holes = OrderedJson::array();
  for (const HoleInfo& h : r.holes) {
    OrderedJson hole = OrderedJson::object();
    hole["text"] = h.text;
    hole["expr"] = h.expr;
    holes.push_back(std::move(hole));
  }
  o["holes"] = std::move(holes);
  o["messageOpaque"] = r.message_opaque;
  o["otherLines"] = r.other_lines;
  o["messageFrom"] = r.message_from.empty() ? OrderedJson() : OrderedJson(r.message_from);
  o["conditions"] = r.conditions;
  o["notes"] = r.notes;
  o["provenance"] = r.provenance;
  o["callers"] = r.callers;
  o["options"] = r.options;
  o["related"] = r.related;
  // Only records the model pass touched carry the field, so deterministic
  // records stay byte-identical to what earlier versions wrote.
  if (r.llm.is_object()) o["llm"] = r.llm;
  return o;
}

// Invalid UTF-8 must never abort publishing a record, so bad bytes become
// U+FFFD rather than raising nlohmann's type_error 316.
std::string DumpOrdered(const OrderedJson& o, int indent) {
  try {
    return o.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
  } catch (const nlohmann::json::exception&) {
    return "{}";  // unreachable with the replace handler; keeps the no-throw promise
  }
}

// --- Tolerant field readers: a missing field or one of the wrong type
// yields the default instead of an exception. ---

const nlohmann::json* Field(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

std::string GetString(const nlohmann::json& j, const char* key) {
  const nlohmann::json* v = Field(j, key);
  return v && v->is_string() ? v->get<std::string>() : std::string();
}

std::optional<std::string> GetOptionalString(const nlohmann::json& j, const char* key) {
  const nlohmann::json* v = Field(j, key);
  if (v && v->is_string()) return v->get<std::string>();
  return std::nullopt;
}

// Numbers outside int's range are treated as the wrong type: casting them
// would be undefined behaviour.
std::optional<int> ToInt(const nlohmann::json& v) {
  constexpr auto kMin = std::numeric_limits<int>::min();
  constexpr auto kMax = std::numeric_limits<int>::max();
  if (v.is_number_unsigned()) {
    auto u = v.get<uint64_t>();
    if (u <= static_cast<uint64_t>(kMax)) return static_cast<int>(u);
  } else if (v.is_number_integer()) {
    auto i = v.get<int64_t>();
    if (i >= kMin && i <= kMax) return static_cast<int>(i);
  } else if (v.is_number_float()) {
    double d = v.get<double>();
    if (d >= kMin && d <= kMax) return static_cast<int>(d);  // false for NaN
  }
  return std::nullopt;
}

std::optional<int> GetOptionalInt(const nlohmann::json& j, const char* key) {
  const nlohmann::json* v = Field(j, key);
  return v ? ToInt(*v) : std::nullopt;
}

int GetInt(const nlohmann::json& j, const char* key) { return GetOptionalInt(j, key).value_or(0); }

bool GetBool(const nlohmann::json& j, const char* key) {
  const nlohmann::json* v = Field(j, key);
  return v && v->is_boolean() && v->get<bool>();
}

std::vector<std::string> GetStrings(const nlohmann::json& j, const char* key) {
  std::vector<std::string> out;
  const nlohmann::json* v = Field(j, key);
  if (!v || !v->is_array()) return out;
  for (const auto& e : *v) {
    if (e.is_string()) out.push_back(e.get<std::string>());
  }
  return out;
}

std::vector<int> GetInts(const nlohmann::json& j, const char* key) {
  std::vector<int> out;
  const nlohmann::json* v = Field(j, key);
  if (!v || !v->is_array()) return out;
  for (const auto& e : *v) {
    if (std::optional<int> i = ToInt(e)) out.push_back(*i);
  }
  return out;
}

std::vector<HoleInfo> GetHoles(const nlohmann::json& j) {
  std::vector<HoleInfo> out;
  const nlohmann::json* v = Field(j, "holes");
  if (!v || !v->is_array()) return out;
  for (const auto& e : *v) {
    if (!e.is_object()) continue;
    out.push_back(HoleInfo{GetString(e, "text"), GetString(e, "expr")});
  }
  return out;
}

void ParseFields(const nlohmann::json& j, Record* r) {
  r->id = GetString(j, "id");
  r->repo = GetString(j, "repo");
  r->slug = GetString(j, "slug");
  r->error_code = GetOptionalString(j, "errorCode");
  r->error_message = GetString(j, "errorMessage");
  r->message_pattern = GetString(j, "messagePattern");
  r->error_type = GetString(j, "errorType");
  r->error_class = GetString(j, "errorClass");
  r->http_status = GetOptionalInt(j, "httpStatus");
  r->severity = GetString(j, "severity");
  r->file_path = GetString(j, "filePath");
  r->line_number = GetInt(j, "lineNumber");
  r->source_code = GetString(j, "sourceCode");
  r->source_code_start = GetInt(j, "sourceCodeStart");
  r->source_code_end = GetInt(j, "sourceCodeEnd");
  r->github_url = GetString(j, "githubUrl");
  r->documentation = GetString(j, "documentation");
  r->trigger_scenarios = GetString(j, "triggerScenarios");
  r->common_situations = GetString(j, "commonSituations");
  r->solutions = GetStrings(j, "solutions");
  r->example_fix = GetString(j, "exampleFix");
  r->handling_strategy = GetString(j, "handlingStrategy");
  r->validation_code = GetOptionalString(j, "validationCode");
  r->type_guard = GetOptionalString(j, "typeGuard");
  r->try_catch_pattern = GetOptionalString(j, "tryCatchPattern");
  r->prevention_tips = GetStrings(j, "preventionTips");
  r->tags = GetStrings(j, "tags");
  r->background_tag = GetString(j, "backgroundTag");
  r->analyzed_sha = GetString(j, "analyzedSha");
  r->analyzed_at = GetString(j, "analyzedAt");
  r->language = GetString(j, "language");
  r->kind = GetString(j, "kind");
  r->function = GetString(j, "function");
  r->holes = GetHoles(j);
  r->message_opaque = GetBool(j, "messageOpaque");
  r->other_lines = GetInts(j, "otherLines");
  r->message_from = GetString(j, "messageFrom");
  if (const nlohmann::json* v = Field(j, "conditions"); v && v->is_array()) r->conditions = *v;
  if (const nlohmann::json* v = Field(j, "notes"); v && v->is_array()) r->notes = *v;
  if (const nlohmann::json* v = Field(j, "provenance"); v && v->is_object()) r->provenance = *v;
  if (const nlohmann::json* v = Field(j, "callers"); v && v->is_array()) r->callers = *v;
  if (const nlohmann::json* v = Field(j, "options"); v && v->is_array()) r->options = *v;
  if (const nlohmann::json* v = Field(j, "related"); v && v->is_array()) {
    for (const nlohmann::json& id : *v) {
      if (id.is_string()) r->related.push_back(id.get<std::string>());
    }
  }
  if (const nlohmann::json* v = Field(j, "llm"); v && v->is_object()) r->llm = *v;
}

}  // namespace

std::string RecordId(const std::string& repo, const std::optional<std::string>& code,
                     const std::string& message, const std::string& file_path) {
  std::string key;
  key.reserve(repo.size() + message.size() + file_path.size() + 2);
  key += repo;
  key += '\x01';
  key += SlugSource(code, message);
  key += '\x01';
  key += file_path;
  return Sha256Hex(key).substr(0, 16);
}

std::string BaseSlug(const std::optional<std::string>& code, const std::string& message) {
  std::string_view src = SlugSource(code, message);
  src = src.substr(0, Utf8SafePrefix(src, kSlugSourceBytes));
  std::string slug;
  bool pending_dash = false;  // a run of separators seen since the last kept char
  for (char c : src) {
    char lower = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    bool keep = (lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9');
    if (!keep) {
      pending_dash = true;
      continue;
    }
    // Leading separators are dropped here; trailing ones are never emitted.
    if (pending_dash && !slug.empty()) slug.push_back('-');
    pending_dash = false;
    slug.push_back(lower);
  }
  return slug.empty() ? std::string("error") : slug;
}

void AssignUniqueSlugs(std::vector<Record>* records) {
  // Every base slug is reserved up front so a suffixed slug ("x-2") can never
  // take the natural slug of a later record whose message really is "x 2".
  std::vector<std::string> bases;
  bases.reserve(records->size());
  std::set<std::string> reserved;
  for (const Record& r : *records) {
    bases.push_back(BaseSlug(r.error_code, r.error_message));
    reserved.insert(bases.back());
  }
  std::set<std::string> taken;
  std::unordered_map<std::string, int> next_suffix;
  for (size_t i = 0; i < records->size(); ++i) {
    const std::string& base = bases[i];
    std::string slug = base;
    if (taken.count(slug)) {
      int& n = next_suffix.try_emplace(base, 2).first->second;
      while (taken.count(SuffixedSlug(base, n)) || reserved.count(SuffixedSlug(base, n))) ++n;
      slug = SuffixedSlug(base, n++);
    }
    taken.insert(slug);
    (*records)[i].slug = std::move(slug);
  }
}

std::string GithubUrl(const std::string& repo, const std::string& sha, const std::string& path,
                      int start, int end) {
  return "https://github.com/" + repo + "/blob/" + (sha.empty() ? std::string("HEAD") : sha) + "/" +
         path + "#L" + std::to_string(start) + "-L" + std::to_string(end);
}

std::string RecordToJsonText(const Record& r, int indent) {
  return DumpOrdered(BuildOrdered(r), indent);
}

nlohmann::json ToJson(const Record& r) {
  // Going through the text form gives ToJson exactly the content of
  // RecordToJsonText, including the U+FFFD replacement of invalid UTF-8, so a
  // later dump() by the caller cannot throw.
  nlohmann::json j = nlohmann::json::parse(RecordToJsonText(r), nullptr, false);
  return j.is_discarded() ? nlohmann::json::object() : j;
}

Record RecordFromJson(const nlohmann::json& j) {
  Record r;
  if (!j.is_object()) return r;
  // ErrLookup's API wraps a record as {"record": {...}, "datasetVersion": ...}.
  const nlohmann::json* body = &j;
  if (!j.contains("id")) {
    if (const nlohmann::json* inner = Field(j, "record"); inner && inner->is_object()) {
      body = inner;
    }
  }
  try {
    ParseFields(*body, &r);
  } catch (const std::exception&) {
    // Readers above only touch values whose type they checked; this keeps the
    // no-throw promise should that ever change. The fields read so far stay.
  }
  return r;
}

}  // namespace errdex
