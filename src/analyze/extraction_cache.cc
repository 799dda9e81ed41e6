// Extraction cache encoding (see extraction_cache.h): a compact binary
// layout — varints, length-prefixed strings, fields in declaration order —
// deflated (zlib's default level 6: a fifth of the size, 10% under level 1's
// for about 10 ms more per MB: the cache is a third of a database), and read back
// with every length bounds-checked, so a damaged entry is a cache miss,
// never a crash or a wrong record.
#include "analyze/extraction_cache.h"

#include <elf.h>
#include <link.h>
#include <zlib.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <utility>

#include "util/file_io.h"
#include "util/sha256.h"
#include "util/varint.h"

namespace errdex {
namespace {

// Bump when the layout below changes (entries of another layout are misses).
constexpr int kLayout = 11;  // 2: ErrorSite.message_from, SinkFact.conditions; 3: Field*;
                             // 4: MessageTable, TextFunction.return_guards;
                             // 5: SinkFact.internal_check;
                             // 6: ErrorSite.calls_passing_guard, C/Python SinkFact.conditions;
                             // 7: FileFacts.macro_rows, macro_namings;
                             // 8: ErrorSite.reporter_*; 9: FileFacts.imports;
                             // 10: LinkCall.module; 11: FileFacts.local_names

// A field added to one of these structs must be added to Put/Get below, or
// cached files would lose it and re-indexes would differ from full ones.
// These sizes (x86-64, libstdc++) fail the build as a reminder (a field
// small enough to fit in padding slips through; the round-trip test in
// extraction_cache_test.cc compares whole extractions too).
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(PathCondition) == 40);
static_assert(sizeof(SourceNote) == 72);
static_assert(sizeof(Piece) == 80);
static_assert(sizeof(ErrorSite) == 520);
static_assert(sizeof(OptionDef) == 192);
static_assert(sizeof(FunctionFact) == 232);
static_assert(sizeof(CallFact) == 104);
static_assert(sizeof(ConstantFact) == 64);
static_assert(sizeof(MembershipFact) == 104);
static_assert(sizeof(SinkFact) == 480);
static_assert(sizeof(LinkCall) == 872);
static_assert(sizeof(TextConstant) == 64);
static_assert(sizeof(HeldMessage) == 592);
static_assert(sizeof(TextFunction) == 208);
static_assert(sizeof(CallArgTexts) == 88);
static_assert(sizeof(FieldTest) == 72);
static_assert(sizeof(FieldRendering) == 200);
static_assert(sizeof(FieldConstruction) == 640);
static_assert(sizeof(FileFacts) == 520);
static_assert(sizeof(MacroRow) == 96);
static_assert(sizeof(MacroNaming) == 96);
static_assert(sizeof(MessageTableEntry) == 64);
static_assert(sizeof(MessageTable) == 88);
#endif

// Types of this file, so that the Put/Get overloads below are found by
// argument-dependent lookup from the templates that call them.
class Writer : public VarintWriter {};
class Reader : public VarintReader {
 public:
  using VarintReader::VarintReader;
};

// Every overload is declared before the templates that call it: they live
// in an unnamed namespace, which argument-dependent lookup does not search.
#define ERRDEX_DECLARE(T)          \
  void Put(Writer& w, const T& x); \
  bool Get(Reader& r, T* x);
ERRDEX_DECLARE(Template)
ERRDEX_DECLARE(PathCondition)
ERRDEX_DECLARE(SourceNote)
ERRDEX_DECLARE(ErrorSite)
ERRDEX_DECLARE(OptionDef)
ERRDEX_DECLARE(FunctionFact)
ERRDEX_DECLARE(CallFact)
ERRDEX_DECLARE(ConstantFact)
ERRDEX_DECLARE(MembershipFact)
ERRDEX_DECLARE(SinkFact)
ERRDEX_DECLARE(LinkCall)
ERRDEX_DECLARE(TextConstant)
ERRDEX_DECLARE(HeldMessage)
ERRDEX_DECLARE(TextFunction)
ERRDEX_DECLARE(CallArgTexts)
ERRDEX_DECLARE(FieldTest)
ERRDEX_DECLARE(FieldRendering)
ERRDEX_DECLARE(FieldConstruction)
ERRDEX_DECLARE(FileFacts)
#undef ERRDEX_DECLARE

// --- scalars ---

void Put(Writer& w, const std::string& s) { w.S(s); }
void Put(Writer& w, int v) { w.I(v); }
void Put(Writer& w, bool v) { w.U(v ? 1 : 0); }
void Put(Writer& w, SiteKind v) { w.U(static_cast<uint64_t>(v)); }
void Put(Writer& w, HoleType v) { w.U(static_cast<uint64_t>(v)); }

bool Get(Reader& r, std::string* s) { return r.S(s); }
bool Get(Reader& r, int* v) {
  int64_t x;
  if (!r.I(&x) || x < INT32_MIN || x > INT32_MAX) return false;
  *v = static_cast<int>(x);
  return true;
}
bool Get(Reader& r, bool* v) {
  uint64_t x;
  if (!r.U(&x) || x > 1) return false;
  *v = x == 1;
  return true;
}
bool Get(Reader& r, SiteKind* v) {
  uint64_t x;
  if (!r.U(&x) || x > static_cast<uint64_t>(SiteKind::kLog)) return false;
  *v = static_cast<SiteKind>(x);
  return true;
}
bool Get(Reader& r, HoleType* v) {
  uint64_t x;
  if (!r.U(&x) || x > static_cast<uint64_t>(HoleType::kInteger)) return false;
  *v = static_cast<HoleType>(x);
  return true;
}

// vector<bool> has no addressable elements.
void Put(Writer& w, const std::vector<bool>& v) {
  w.U(v.size());
  for (bool b : v) Put(w, b);
}
bool Get(Reader& r, std::vector<bool>* v) {
  size_t n;
  if (!r.Count(&n)) return false;
  v->assign(n, false);
  for (size_t i = 0; i < n; ++i) {
    bool b;
    if (!Get(r, &b)) return false;
    (*v)[i] = b;
  }
  return true;
}

// --- containers ---

template <typename T>
void Put(Writer& w, const std::optional<T>& v);
template <typename T>
bool Get(Reader& r, std::optional<T>* v);
template <typename A, typename B>
void Put(Writer& w, const std::pair<A, B>& p);
template <typename A, typename B>
bool Get(Reader& r, std::pair<A, B>* p);
template <typename T>
void Put(Writer& w, const std::vector<T>& v);
template <typename T>
bool Get(Reader& r, std::vector<T>* v);

template <typename T>
void Put(Writer& w, const std::optional<T>& v) {
  Put(w, v.has_value());
  if (v) Put(w, *v);
}
template <typename T>
bool Get(Reader& r, std::optional<T>* v) {
  bool has;
  if (!Get(r, &has)) return false;
  if (!has) {
    v->reset();
    return true;
  }
  T x{};
  if (!Get(r, &x)) return false;
  *v = std::move(x);
  return true;
}

template <typename A, typename B>
void Put(Writer& w, const std::pair<A, B>& p) {
  Put(w, p.first);
  Put(w, p.second);
}
template <typename A, typename B>
bool Get(Reader& r, std::pair<A, B>* p) {
  return Get(r, &p->first) && Get(r, &p->second);
}

template <typename T>
void Put(Writer& w, const std::vector<T>& v) {
  w.U(v.size());
  for (const T& x : v) Put(w, x);
}
template <typename T>
bool Get(Reader& r, std::vector<T>* v) {
  size_t n;
  if (!r.Count(&n)) return false;
  v->clear();
  v->reserve(n);
  for (size_t i = 0; i < n; ++i) {
    T x{};
    if (!Get(r, &x)) return false;
    v->push_back(std::move(x));
  }
  return true;
}

// Template: pieces rebuilt through its own API, which keeps them as they
// were (no empty or adjacent literals).
void Put(Writer& w, const Template& t) {
  w.U(t.pieces().size());
  for (const Piece& p : t.pieces()) {
    Put(w, p.is_hole);
    Put(w, p.text);
    if (p.is_hole) {
      Put(w, p.expr);
      Put(w, p.type);
    }
  }
}
bool Get(Reader& r, Template* t) {
  size_t n;
  if (!r.Count(&n)) return false;
  *t = Template();
  for (size_t i = 0; i < n; ++i) {
    bool hole;
    std::string text;
    if (!Get(r, &hole) || !Get(r, &text)) return false;
    if (!hole) {
      if (text.empty()) return false;
      t->AddLiteral(text);
      continue;
    }
    std::string expr;
    HoleType type;
    if (!Get(r, &expr) || !Get(r, &type)) return false;
    t->AddHole(std::move(text), std::move(expr), type);
  }
  return true;
}

// Each struct's fields, in declaration order, once for both directions.
#define ERRDEX_FIELDS(T, ...)                                                \
  template <typename X, typename F>                                          \
  bool FieldsOf##T(X& x, F&& f) {                                            \
    return f(__VA_ARGS__);                                                   \
  }                                                                          \
  void Put(Writer& w, const T& x) {                                          \
    FieldsOf##T(x, [&](const auto&... v) {                                   \
      (Put(w, v), ...);                                                      \
      return true;                                                           \
    });                                                                      \
  }                                                                          \
  bool Get(Reader& r, T* p) {                                                \
    return FieldsOf##T(*p, [&](auto&... v) { return (Get(r, &v) && ...); }); \
  }

ERRDEX_FIELDS(PathCondition, x.expr, x.polarity, x.line)
ERRDEX_FIELDS(SourceNote, x.text, x.first_line, x.last_line, x.origin)
ERRDEX_FIELDS(ErrorSite, x.language, x.file_path, x.line, x.end_line, x.kind, x.error_class,
              x.error_code, x.http_status, x.severity, x.message, x.message_opaque,
              x.message_origin_note, x.message_from, x.handed_to, x.reporter_conditions,
              x.reporter_function, x.reporter_file, x.calls_passing_guard, x.function,
              x.function_line, x.conditions, x.notes)
ERRDEX_FIELDS(OptionDef, x.name, x.dest, x.kind, x.action, x.choices, x.file, x.line)
ERRDEX_FIELDS(FunctionFact, x.name, x.short_name, x.route, x.params, x.line, x.cls, x.header,
              x.class_header, x.end_line)
ERRDEX_FIELDS(CallFact, x.caller, x.callee, x.receiver, x.line, x.args)
ERRDEX_FIELDS(ConstantFact, x.name, x.values, x.line)
ERRDEX_FIELDS(MembershipFact, x.function, x.operand, x.constant, x.line)
ERRDEX_FIELDS(SinkFact, x.function, x.name, x.language, x.method, x.constructor, x.params,
              x.message, x.error_class, x.kind, x.severity, x.error_code, x.http_status, x.line,
              x.def_line, x.via_class, x.returns, x.format_param, x.varargs_from, x.format_dialect,
              x.no_text, x.guarded, x.param_defaults, x.conditions, x.internal_check,
              x.required_params)
ERRDEX_FIELDS(LinkCall, x.caller, x.caller_name, x.caller_method, x.caller_constructor,
              x.caller_line, x.caller_params, x.caller_param_defaults, x.callee, x.receiver,
              x.construct, x.args, x.keywords, x.line, x.site, x.replaces_site, x.caller_varargs,
              x.caller_format_param, x.caller_no_text, x.thrown, x.returned, x.base_init, x.module)
ERRDEX_FIELDS(TextConstant, x.name, x.text, x.line)
ERRDEX_FIELDS(HeldMessage, x.line, x.error_class, x.args, x.site)
ERRDEX_FIELDS(TextFunction, x.name, x.qualified, x.params, x.method, x.language, x.returns,
              x.return_lines, x.line, x.opaque_return, x.return_guards)
ERRDEX_FIELDS(MessageTableEntry, x.key, x.text, x.line)
ERRDEX_FIELDS(MessageTable, x.name, x.aliases, x.entries, x.line)
ERRDEX_FIELDS(CallArgTexts, x.function, x.expr, x.args)
ERRDEX_FIELDS(FieldTest, x.field, x.in, x.values, x.polarity)
ERRDEX_FIELDS(FieldRendering, x.type, x.method, x.receiver, x.fields, x.params, x.text, x.line,
              x.tests)
ERRDEX_FIELDS(FieldConstruction, x.type, x.names, x.values, x.exprs, x.line, x.replaces_site,
              x.site)
ERRDEX_FIELDS(MacroRow, x.macro, x.key, x.text, x.line)
ERRDEX_FIELDS(MacroNaming, x.macro, x.prefix, x.suffix)
ERRDEX_FIELDS(FileFacts, x.path, x.call_family, x.options, x.functions, x.calls, x.constants,
              x.memberships, x.sinks, x.link_calls, x.link_names, x.local_names, x.text_constants, x.held_messages,
              x.text_functions, x.call_arg_texts, x.field_renderings, x.field_constructions,
              x.message_tables, x.macro_rows, x.macro_namings, x.imports)
#undef ERRDEX_FIELDS

// The GNU build id, in hex, of the loaded object whose code holds `code`:
// the executable when errdex is linked statically, the shared library of
// errdex's code in a test tree (whose executable does not change when only
// the library is rebuilt). "" without one.
struct BuildIdQuery {
  uintptr_t code = 0;
  std::string id;
};

bool HoldsAddress(const dl_phdr_info* info, uintptr_t address) {
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + ph.p_vaddr;
    if (ph.p_type == PT_LOAD && start <= address && address < start + ph.p_memsz) return true;
  }
  return false;
}

int FindBuildId(dl_phdr_info* info, size_t, void* data) {
  auto* q = static_cast<BuildIdQuery*>(data);
  if (!HoldsAddress(info, q->code)) return 0;  // another object: go on
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_NOTE) continue;
    const char* at = reinterpret_cast<const char*>(info->dlpi_addr + ph.p_vaddr);
    const char* end = at + ph.p_memsz;
    while (at + sizeof(ElfW(Nhdr)) <= end) {
      const auto* note = reinterpret_cast<const ElfW(Nhdr)*>(at);
      const char* name = at + sizeof(ElfW(Nhdr));
      const char* desc = name + ((note->n_namesz + 3) & ~3u);
      if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 &&
          std::memcmp(name, "GNU", 4) == 0 && desc + note->n_descsz <= end) {
        static const char kHex[] = "0123456789abcdef";
        for (size_t k = 0; k < note->n_descsz; ++k) {
          auto b = static_cast<unsigned char>(desc[k]);
          q->id.push_back(kHex[b >> 4]);
          q->id.push_back(kHex[b & 15]);
        }
        return 1;
      }
      at = desc + ((note->n_descsz + 3) & ~3u);
    }
  }
  return 1;  // the object holding errdex's code has no build id
}

}  // namespace

// Entries past this size (uncompressed) are not trusted: a damaged size
// must not make the reader allocate gigabytes.
constexpr uint64_t kMaxEntryBytes = uint64_t{1} << 30;

std::string EncodeFileExtraction(const FileExtraction& x) {
  Writer body;
  Put(body, x.syntax_errors);
  Put(body, x.sites);
  Put(body, x.facts);
  std::string raw = body.Take();
  uLongf packed_size = compressBound(raw.size());
  std::string packed(packed_size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(packed.data()), &packed_size,
                reinterpret_cast<const Bytef*>(raw.data()), raw.size(),
                Z_DEFAULT_COMPRESSION) != Z_OK) {
    return "";  // decodes as a miss
  }
  packed.resize(packed_size);
  Writer head;
  head.U(kLayout);
  head.U(raw.size());
  return head.Take() + packed;
}

bool DecodeFileExtraction(std::string_view bytes, FileExtraction* out) {
  Reader head(bytes);
  uint64_t layout, size;
  if (!head.U(&layout) || layout != kLayout || !head.U(&size) || size > kMaxEntryBytes) {
    return false;
  }
  std::string_view packed = bytes.substr(bytes.size() - head.Left());
  std::string raw(size, '\0');
  uLongf raw_size = size;
  uLong packed_size = packed.size();
  // uncompress2 reports what it consumed: bytes past the stream are damage.
  if (uncompress2(reinterpret_cast<Bytef*>(raw.data()), &raw_size,
                  reinterpret_cast<const Bytef*>(packed.data()), &packed_size) != Z_OK ||
      raw_size != size || packed_size != packed.size()) {
    return false;
  }
  Reader r(raw);
  return Get(r, &out->syntax_errors) && Get(r, &out->sites) && Get(r, &out->facts) && r.AtEnd();
}

const std::string& ExtractionCacheVersion() {
  static const std::string version = [] {
    BuildIdQuery q;
    q.code = reinterpret_cast<uintptr_t>(&HoldsAddress);
    dl_iterate_phdr(FindBuildId, &q);
    std::string id = std::move(q.id);
    // Without a build id (a linker that adds none) the executable's own
    // bytes identify the extractors' code.
    if (id.empty()) {
      Result<std::string> exe = ReadFileLimited("/proc/self/exe", size_t{1} << 30);
      if (exe.ok()) id = "sha256 " + Sha256Hex(*exe);
    }
    return "layout " + std::to_string(kLayout) + " build " + id;
  }();
  return version;
}

}  // namespace errdex
