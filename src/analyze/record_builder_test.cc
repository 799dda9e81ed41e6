// Record builder: analysis fields derived from facts, duplicate merging and
// the message's own advice.
#include "analyze/record_builder.h"

#include <gtest/gtest.h>

namespace errdex {
namespace {

ErrorSite Site(int line, SiteKind kind, const std::string& message) {
  ErrorSite s;
  s.language = "python";
  s.file_path = "pkg/deps.py";
  s.line = s.end_line = line;
  s.kind = kind;
  s.error_class = kind == SiteKind::kLog ? "" : "RuntimeError";
  s.function = "resolve";
  s.function_line = 1;
  s.message.AddLiteral(message);
  return s;
}

// `n` lines of filler with the function header `header` at line 1.
std::vector<std::string_view> WithHeader(const char* header, size_t n = 40) {
  std::vector<std::string_view> lines(n, "x");
  lines[0] = header;
  return lines;
}

TEST(RecordBuilder, RaiseWinsOverALogOfTheSameMessage) {
  std::vector<std::string_view> lines(200, "x");
  RepoContext ctx{"acme/app", "abc", "2026-12-02T00:00:00.000Z"};
  std::vector<Record> records = {
      BuildRecord(Site(125, SiteKind::kLog, "cannot resolve dependency"), lines, ctx),
      BuildRecord(Site(126, SiteKind::kRaise, "cannot resolve dependency"), lines, ctx),
      BuildRecord(Site(150, SiteKind::kRaise, "cannot resolve dependency"), lines, ctx)};
  std::vector<Record> out = FinalizeRecords(std::move(records));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].line_number, 126);
  EXPECT_EQ(out[0].kind, "raise");
  EXPECT_EQ(out[0].error_class, "RuntimeError");
  EXPECT_EQ(out[0].other_lines, (std::vector<int>{125, 150}));
}

TEST(RecordBuilder, DoubleNegationReadsPositively) {
  ErrorSite s = Site(10, SiteKind::kRaise, "both flags set. Disable one of them.");
  s.conditions.push_back({"not cfg.a", false, 8});
  s.conditions.push_back({"cfg.b", true, 9});
  std::vector<std::string_view> lines(40, "x");
  Record r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_EQ(r.conditions[0]["expr"], "cfg.a");
  EXPECT_EQ(r.conditions[0]["polarity"], true);
  EXPECT_EQ(r.solutions[0], "Disable one of them. (the message's own advice)");
  EXPECT_EQ(r.source_code_start, 1);
  EXPECT_EQ(r.source_code_end, 28);
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `resolve` (pkg/deps.py) when `cfg.b` is set (line 9). On the way: `cfg.a` "
            "is set (line 8).");
}

// Only the deciding (innermost) check becomes advice and a caller-side
// check, and only when it reads the function's parameters: an outer check
// avoided sends the user into another error, and a check on the callee's
// locals does not compile at the call.
TEST(RecordBuilder, OnlyTheDecidingCheckOnParametersBecomesAFix) {
  // requests' adapters.py: `if verify and not cert_loc or not os.path.exists(cert_loc)`
  // nested in `if url.lower().startswith("https")`.
  ErrorSite s = Site(12, SiteKind::kRaise, "Could not find a suitable TLS CA certificate bundle");
  s.conditions.push_back({"url.lower().startswith(\"https\")", true, 10});
  s.conditions.push_back({"not cert_loc or verify is None", true, 11});
  std::vector<std::string_view> lines = WithHeader("def resolve(url, cert_loc, verify=None):");
  Record r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  ASSERT_TRUE(r.validation_code.has_value());
  EXPECT_EQ(*r.validation_code,
            "# errdex: pkg/deps.py:12 raises when this holds\nif not cert_loc or verify is None:\n"
            "    ...  # adjust the inputs before calling resolve(...)");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Call `resolve` with arguments for which `cert_loc` is set and "
                             "`verify` is set (not None) (checked at line 11)"}));
  EXPECT_EQ(
      r.documentation,
      "`resolve` rejects arguments for which `cert_loc` is not set (false, empty or missing) or "
      "`verify` is missing (None) (line 11). `RuntimeError` is raised in `resolve` "
      "(pkg/deps.py) at line 12.");
  // The same check on a local: no caller-side code, no restated check (the
  // caller cannot set the callee's locals) and no outer advice.
  s.conditions.back().expr = "bundle is None";
  r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_FALSE(r.validation_code.has_value());
  EXPECT_EQ(r.example_fix, "");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Generic advice (errdex found nothing specific): read `resolve` "
                             "(pkg/deps.py) for what leads to this error (line 12)"}));
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `resolve` (pkg/deps.py) when `bundle` is missing (None) (line 11); "
            "`bundle` is not an argument of `resolve`. On the way: "
            "`url.lower().startswith(\"https\")` returns true (line 10).");
}

// With no condition, errdex says what it did not find and gives one
// solution marked generic.
TEST(RecordBuilder, NoGuardSaysSoAndMarksTheFallback) {
  ErrorSite s = Site(12, SiteKind::kRaise, "");
  s.message = Template();
  s.message.AddLiteral("bad token ");
  s.message.AddHole("%s", "tok");
  Record r = BuildRecord(s, WithHeader("def resolve(tok):"), {"acme/app", "abc", "t"});
  EXPECT_EQ(r.trigger_scenarios,
            "errdex found no `if`, `match` or early return in `resolve` (pkg/deps.py) that leads "
            "to line 12; what the function's callers pass decides it.");
  EXPECT_EQ(r.solutions,
            (std::vector<std::string>{"Generic advice (errdex found nothing specific): compare the "
                                      "values printed in the message with what `resolve` "
                                      "(pkg/deps.py) accepts (line 12)"}));
  EXPECT_EQ(r.documentation, "`RuntimeError` is raised in `resolve` (pkg/deps.py) at line 12.");
}

// C tools print rules of dashes; they are not `--flags` (this crashed on
// redis's "----" banners).
TEST(RecordBuilder, DashRulesAreNotFlags) {
  std::vector<std::string_view> lines(40, "x");
  Record r = BuildRecord(Site(10, SiteKind::kLog, "------ FAST MEMORY TEST ------ use --fast"),
                         lines, {"acme/app", "abc", "t"});
  EXPECT_EQ(r.tags, (std::vector<std::string>{"python", r.tags[1], "fast", "pkg"}));
}

// C and C++ records show C++ code, not Python.
TEST(RecordBuilder, CppSnippets) {
  ErrorSite s = Site(12, SiteKind::kRaise, "bad shard");
  s.language = "cpp";
  s.file_path = "src/shard.cc";
  s.error_class = "std::invalid_argument";
  s.function = "Shard::Open";
  s.conditions.push_back({"n < 0", true, 11});
  // Whether `Shard` is a class or a namespace is not visible from this
  // file: neither `Shard::Open(...)` nor `shard.Open(...)` is shown.
  std::vector<std::string_view> lines = WithHeader("Status Shard::Open(int n) {");
  Record r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_FALSE(r.try_catch_pattern.has_value());
  // A member of a class the file declares is called on an object.
  lines[20] = "class Shard;";
  r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_EQ(r.try_catch_pattern,
            "try {\n  shard.Open(...);\n} catch (const std::invalid_argument& e) {\n"
            "  // src/shard.cc:12: e.what()\n}");
  EXPECT_EQ(r.validation_code,
            "// errdex: src/shard.cc:12 raises when this holds\nif (n < 0) {\n"
            "  ...  // adjust the inputs before calling shard.Open(...)\n}");
  s.error_class = "Status::Corruption";
  r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_EQ(r.try_catch_pattern,
            "auto status = shard.Open(...);\nif (!status.ok()) {\n  // src/shard.cc:12\n}");
  // A namespace's function keeps its qualified name.
  lines[20] = "namespace Shard {";
  r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_EQ(r.try_catch_pattern,
            "auto status = Shard::Open(...);\nif (!status.ok()) {\n  // src/shard.cc:12\n}");
}

TEST(RecordBuilder, JvmRecordsShowJavaAndKotlinCode) {
  ErrorSite s = Site(10, SiteKind::kRaise, "negative size");
  s.error_class = "IllegalArgumentException";
  s.function = "Cache.resize";
  s.conditions.push_back({"size < 0", true, 9});
  std::vector<std::string_view> lines = WithHeader("public void resize(int size) {");
  s.language = "java";
  Record j = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  // An instance method is called on an instance, a static one on the class.
  EXPECT_EQ(j.try_catch_pattern,
            "try {\n  cache.resize(...);\n} catch (IllegalArgumentException e) {\n"
            "  // pkg/deps.py:10\n}");
  ASSERT_TRUE(j.validation_code.has_value());
  EXPECT_NE(j.validation_code->find("if (size < 0) {"), std::string::npos) << *j.validation_code;
  EXPECT_EQ(j.error_type, "validation");
  Record st =
      BuildRecord(s, WithHeader("public static void resize(int size) {"), {"acme/app", "abc", "t"});
  EXPECT_NE(st.try_catch_pattern->find("  Cache.resize(...);"), std::string::npos);
  s.language = "kotlin";
  Record k = BuildRecord(s, WithHeader("fun resize(size: Int) {"), {"acme/app", "abc", "t"});
  EXPECT_EQ(k.try_catch_pattern,
            "try {\n  cache.resize(...)\n} catch (e: IllegalArgumentException) {\n"
            "  // pkg/deps.py:10\n}");
}

// C# records catch the exception class in Allman style; logs get none.
TEST(RecordBuilder, CSharpSnippets) {
  ErrorSite s = Site(10, SiteKind::kRaise, "negative size");
  s.language = "csharp";
  s.error_class = "ArgumentOutOfRangeException";
  s.function = "Cache.Resize";
  s.conditions.push_back({"size < 0", true, 9});
  std::vector<std::string_view> lines = WithHeader("public void Resize(int size)");
  Record r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_EQ(r.try_catch_pattern,
            "try\n{\n    cache.Resize(...);\n}\ncatch (ArgumentOutOfRangeException e)\n{\n"
            "    // pkg/deps.py:10\n}");
  ASSERT_TRUE(r.validation_code.has_value());
  EXPECT_NE(r.validation_code->find("if (size < 0) {"), std::string::npos) << *r.validation_code;
  s.kind = SiteKind::kLog;
  r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_FALSE(r.try_catch_pattern.has_value() && !r.try_catch_pattern->empty());
}

// Rust records match on the Result; panics get no handling snippet.
TEST(RecordBuilder, RustSnippets) {
  ErrorSite s = Site(12, SiteKind::kRaise, "invalid shard");
  s.language = "rust";
  s.file_path = "src/shard.rs";
  s.error_class = "ShardError::Invalid";
  s.function = "Shard::open";
  s.conditions.push_back({"n < 0", true, 11});
  std::vector<std::string_view> lines = WithHeader("pub fn open(n: i64) -> Result<Shard, Error> {");
  Record r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_EQ(r.try_catch_pattern,
            "match Shard::open(...) {\n    Ok(value) => value,\n    Err(e) => {\n"
            "        // src/shard.rs:12: {e}\n    }\n}");
  EXPECT_EQ(r.validation_code,
            "// errdex: src/shard.rs:12 raises when this holds\nif n < 0 {\n"
            "\t...  // adjust the inputs before calling Shard::open(...)\n}");
  s.error_class = "panic";
  r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_FALSE(r.try_catch_pattern.has_value());
  // A function that returns no Result has no error value to match on.
  s.error_class = "ShardError::Invalid";
  r = BuildRecord(s, WithHeader("pub fn open(n: i64) -> Shard {"), {"acme/app", "abc", "t"});
  EXPECT_FALSE(r.try_catch_pattern.has_value());
}

// Go: the caller's assignment follows the function's results; a function
// that returns no error, or a panic, gets no snippet.
TEST(RecordBuilder, GoSnippetsFollowTheResults) {
  ErrorSite s = Site(12, SiteKind::kRaise, "negative count");
  s.language = "go";
  s.file_path = "conn.go";
  s.error_class = "";
  s.function = "Conn.Open";
  s.conditions.push_back({"n < 0", true, 11});
  Record r = BuildRecord(s, WithHeader("func (c *Conn) Open(name string, n int) (*File, error) {"),
                         {"acme/app", "abc", "t"});
  EXPECT_EQ(r.try_catch_pattern, "_, err := conn.Open(...)\nif err != nil {\n\t// conn.go:12\n}");
  EXPECT_EQ(r.validation_code,
            "// errdex: conn.go:12 raises when this holds\nif n < 0 {\n"
            "\t...  // adjust the inputs before calling conn.Open(...)\n}");
  r = BuildRecord(s, WithHeader("func Open(n int) error {"), {"acme/app", "abc", "t"});
  EXPECT_EQ(r.try_catch_pattern, "if err := Conn.Open(...); err != nil {\n\t// conn.go:12\n}");
  r = BuildRecord(s, WithHeader("func (c *Conn) Open(n int) {"), {"acme/app", "abc", "t"});
  EXPECT_FALSE(r.try_catch_pattern.has_value());
  s.error_class = "panic";
  r = BuildRecord(s, WithHeader("func (c *Conn) Open(n int) error {"), {"acme/app", "abc", "t"});
  EXPECT_FALSE(r.try_catch_pattern.has_value());
}

// Ruby records show begin/rescue and `if ... end`; rescue clauses are not
// guards to validate.
TEST(RecordBuilder, RubySnippets) {
  ErrorSite s = Site(12, SiteKind::kRaise, "card expired");
  s.language = "ruby";
  s.file_path = "app/models/order.rb";
  s.error_class = "PaymentError";
  s.function = "Order.pay";
  s.conditions.push_back({"card.expired?", true, 10});
  s.conditions.push_back({"gateway.up?", false, 11});
  s.conditions.push_back({"rescue Timeout::Error => e", true, 11});
  std::vector<std::string_view> lines = WithHeader("def pay(card, gateway)");
  Record r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_EQ(r.try_catch_pattern,
            "begin\n  order.pay(...)\nrescue PaymentError => e\n"
            "  # app/models/order.rb:12: e.message\nend");
  EXPECT_EQ(r.validation_code,
            "# errdex: app/models/order.rb:12 raises when this holds\n"
            "if !(gateway.up?)\n"
            "  ...  # adjust the inputs before calling order.pay(...)\nend");
  for (const std::string& sol : r.solutions) EXPECT_EQ(sol.find("rescue"), std::string::npos);
  s.kind = SiteKind::kWarning;
  s.error_class.clear();
  r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_FALSE(r.try_catch_pattern.has_value() && !r.try_catch_pattern->empty());
}

// PHP records catch the class; a trigger_error warning is caught through an
// error handler, and the documentation does not name an empty class.
TEST(RecordBuilder, PhpSnippets) {
  ErrorSite s = Site(40, SiteKind::kRaise, "Quota exceeded");
  s.language = "php";
  s.file_path = "src/Quota.php";
  s.error_class = "QuotaExceeded";
  s.function = "Quota::check";
  s.conditions.push_back({"$used > $limit", true, 39});
  std::vector<std::string_view> lines = WithHeader("public function check($used, $limit)", 60);
  Record r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_EQ(r.try_catch_pattern,
            "try {\n    $quota->check(...);\n} catch (QuotaExceeded $e) {\n"
            "    // src/Quota.php:40: $e->getMessage()\n}");
  EXPECT_EQ(r.validation_code,
            "// errdex: src/Quota.php:40 raises when this holds\n"
            "if ($used > $limit) {\n"
            "  ...  // adjust the inputs before calling $quota->check(...)\n}");
  s.kind = SiteKind::kWarning;
  s.error_class.clear();
  s.function.clear();
  r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_EQ(r.documentation,
            "The module-level code of src/Quota.php reports it when `$used` is greater than "
            "`$limit` (line 39). A warning is issued in module-level code of src/Quota.php at "
            "line 40.");
  ASSERT_TRUE(r.try_catch_pattern.has_value());
  EXPECT_NE(r.try_catch_pattern->find("set_error_handler("), std::string::npos);
  EXPECT_NE(r.try_catch_pattern->find("require 'src/Quota.php';"), std::string::npos);
}

TEST(RecordBuilder, AdviceSentences) {
  EXPECT_EQ(AdviceSentences("X is not int8-aware. Disable one of them."),
            (std::vector<std::string>{"Disable one of them."}));
  EXPECT_EQ(AdviceSentences("bad value; use one of: a, b"),
            (std::vector<std::string>{"use one of: a, b."}));
  EXPECT_TRUE(AdviceSentences("the cache is full").empty());
  EXPECT_EQ(AdviceSentences("unknown command 'instal'. Did you mean 'install'?"),
            (std::vector<std::string>{"Did you mean 'install'?"}));
  // Advice in the clause after a statement.
  EXPECT_EQ(AdviceSentences("Transaction is not started yet, start transaction before "
                            "committing or rolling it back."),
            (std::vector<std::string>{"Start transaction before committing or rolling it back."}));
  // Descriptions of the failed action and notes are not advice.
  EXPECT_TRUE(AdviceSentences("Set JArray values with invalid key value: {0}. Int32 array index "
                              "expected.")
                  .empty());
  EXPECT_TRUE(AdviceSentences("Check failed: x > 0").empty());
  EXPECT_TRUE(AdviceSentences("Sent to replica. Please also note that writes to replicas are "
                              "just local.")
                  .empty());
  // A statement with a comma but no advice after it.
  EXPECT_TRUE(AdviceSentences("unknown key, value ignored").empty());
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

// Text handed to another library's callable (`LocalProxy(..,
// unbound_message=msg)`): the record says who reports it, not that the
// module's import does.
TEST(RecordBuilder, TextHandedToAnotherCallableNamesIt) {
  ErrorSite s = Site(9, SiteKind::kRaise, "Working outside of application context.");
  s.function.clear();
  s.function_line = 0;
  s.error_class.clear();
  s.handed_to = "LocalProxy";
  std::vector<std::string_view> lines(40, "x");
  Record r = BuildRecord(s, lines, {"acme/app", "abc", "t"});
  EXPECT_EQ(r.trigger_scenarios,
            "Shown by `LocalProxy()`, which is handed the text at line 9; when it reports it is "
            "decided by `LocalProxy()`, outside pkg/deps.py.");
  EXPECT_EQ(r.common_situations, "When `LocalProxy()` reports the text it is given at line 9.");
}

}  // namespace
}  // namespace errdex
