// Explanations in the user's terms (issue 13, third grading): triggers and
// solutions name the arguments of a function the user calls, never restate a
// check on a callee's own state, samples call only public API, and internal
// checks and locally caught errors say so.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "analyze/record_builder.h"
#include "analyze/site_shape.h"
#include "analyze/visibility.h"

namespace errdex {
namespace {

const RepoContext kCtx{"acme/app", "abc", "t"};

ErrorSite Site(const std::string& language, const std::string& function, int line,
               const std::string& message, const std::string& cls) {
  ErrorSite s;
  s.language = language;
  s.file_path = "src/x";
  s.line = s.end_line = line;
  s.error_class = cls;
  s.function = function;
  s.function_line = 1;
  s.message.AddLiteral(message);
  return s;
}

// `lines` with the given text at 1-based positions, "x" elsewhere.
std::vector<std::string_view> Source(std::vector<std::pair<int, const char*>> at, size_t n = 30) {
  std::vector<std::string_view> lines(n, "x");
  for (const auto& [line, text] : at) lines[line - 1] = text;
  return lines;
}

TEST(UserTerms, PythonPublicArgumentsAreWhatYouPass) {
  ErrorSite s = Site("python", "load", 3, "limit must be positive", "ValueError");
  s.conditions.push_back({"limit < 1", true, 2});
  Record r = BuildRecord(s, Source({{1, "def load(path, limit):"}}), kCtx);
  EXPECT_EQ(r.trigger_scenarios,
            "Happens when you call `load` with arguments for which `limit` is less than `1` "
            "(line 2).");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Make sure limit is positive (the message's rule)",
                             "Call `load` with arguments for which `limit` is at least `1` "
                             "(checked at line 2)"}));
  EXPECT_EQ(r.documentation,
            "`load` rejects arguments for which `limit` is less than `1` (line 2). `ValueError` "
            "is raised in `load` (src/x) at line 3.");
  EXPECT_EQ(r.common_situations, "");
  EXPECT_TRUE(r.validation_code.has_value());
}

// Early returns on the same value, then the raise: none of them matched.
TEST(UserTerms, FallThroughChecksAreReadTogether) {
  ErrorSite s = Site("python", "_default", 6, "Object is not JSON serializable", "TypeError");
  s.conditions.push_back({"isinstance(o, date)", false, 2});
  s.conditions.push_back({"isinstance(o, uuid.UUID)", false, 3});
  s.conditions.push_back({"hasattr(o, \"__html__\")", false, 4});
  Record r = BuildRecord(s, Source({{1, "def _default(o):"}}), kCtx);
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `_default` (src/x) when none of its checks before line 6 matched: `o` is "
            "not a `date` (line 2), `o` is not a `uuid.UUID` (line 3), `hasattr(o, \"__html__\")` "
            "returns false (line 4).");
  EXPECT_EQ(r.documentation,
            "`_default` reports it when none of its checks at lines 2\u20134 matched. `TypeError` "
            "is raised in `_default` (src/x) at line 6.");
}

// A constructor is called by its class.
TEST(UserTerms, ConstructorsAreNamedByTheirClass) {
  ErrorSite s = Site("python", "Pool.__init__", 3, "size must be positive", "ValueError");
  s.conditions.push_back({"size <= 0", true, 2});
  Record r = BuildRecord(s, Source({{1, "def __init__(self, size):"}}), kCtx);
  EXPECT_EQ(r.solutions,
            (std::vector<std::string>{"Make sure size is positive (the message's rule)",
                                      "Call `Pool(...)` with a positive `size` (checked at line "
                                      "2)"}));
  s.language = "java";
  s.function = "Pool.Pool";
  r = BuildRecord(s, Source({{1, "public Pool(int size) {"}}), kCtx);
  EXPECT_EQ(r.trigger_scenarios,
            "Happens when you call `new Pool(...)` with arguments for which `size` is at most "
            "`0` (line 2).");
}

// A private helper's check on its own state: no restated condition, no
// sample calling the helper, and no "is not an argument": no user calls it.
TEST(UserTerms, PythonPrivateStateIsNotAdvice) {
  ErrorSite s = Site("python", "_find_package_path", 3, "not found", "ValueError");
  s.conditions.push_back({"root_spec is None", true, 2});
  Record r = BuildRecord(s, Source({{1, "def _find_package_path(import_name):"}}), kCtx);
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `_find_package_path` (src/x) when `root_spec` is missing (None) (line 2).");
  EXPECT_EQ(r.solutions,
            (std::vector<std::string>{
                "Generic advice (errdex found nothing specific): read "
                "`_find_package_path` (src/x) for what leads to this error (line 3)"}));
  EXPECT_FALSE(r.validation_code.has_value());
  EXPECT_FALSE(r.try_catch_pattern.has_value());
  EXPECT_EQ(r.example_fix, "");
}

// The message's own imperative is the solution when the check is private.
TEST(UserTerms, JavaScriptMessageAdviceReplacesPrivateState) {
  ErrorSite s = Site("javascript", "Validator._check", 3,
                     "cascade set on both sides. Please set cascade remove only from one side.",
                     "TypeORMError");
  s.conditions.push_back({"isCircular", true, 2});
  Record r = BuildRecord(s, Source({{1, "_check(entity) {"}}), kCtx);
  EXPECT_EQ(r.solutions,
            (std::vector<std::string>{"Please set cascade remove only from one side. (the "
                                      "message's own advice)"}));
  EXPECT_FALSE(r.try_catch_pattern.has_value());
}

TEST(UserTerms, GoUnexportedFunctionGetsNoSample) {
  ErrorSite s = Site("go", "node.insertChild", 3, "wildcards must be named", "panic");
  s.conditions.push_back({"len(wildcard) < 2", true, 2});
  Record r =
      BuildRecord(s, Source({{1, "func (n *node) insertChild(path, fullPath string) {"}}), kCtx);
  EXPECT_EQ(
      r.trigger_scenarios,
      "Happens in `node.insertChild` (src/x) when `len(wildcard)` is less than `2` (line 2).");
  // The message states its rule; the check on a local is not restated.
  EXPECT_EQ(r.solutions,
            (std::vector<std::string>{"Make sure wildcards are named (the message's rule)"}));
  EXPECT_FALSE(r.validation_code.has_value());
}

// Go: an `err != nil` check names the call that failed.
TEST(UserTerms, GoErrorCheckNamesTheFailingCall) {
  ErrorSite s = Site("go", "Load", 4, "cannot read config", "");
  s.conditions.push_back({"err != nil", true, 3});
  Record r = BuildRecord(s,
                         Source({{1, "func Load(path string) (*Config, error) {"},
                                 {2, "\tdata, err := os.ReadFile(path)"},
                                 {3, "\tif err != nil {"}}),
                         kCtx);
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `Load` (src/x) when `os.ReadFile(path)` fails (returns an error) (line 2, "
            "checked at line 3).");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Find out why `os.ReadFile(path)` fails (called at line 2): this "
                             "error reports its failure (checked at line 3)"}));
}

TEST(UserTerms, JavaPrivateAndPackagePrivateMethodsGetNoSample) {
  ErrorSite s =
      Site("java", "UtcDateTypeAdapter.parse", 3, "Failed to parse date", "ParseException");
  s.conditions.push_back({"pos < 0", true, 2});
  Record r =
      BuildRecord(s, Source({{1, "private static Date parse(String date, int pos) {"}}), kCtx);
  EXPECT_FALSE(r.try_catch_pattern.has_value());
  EXPECT_FALSE(r.validation_code.has_value());
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `UtcDateTypeAdapter.parse` (src/x) when `pos` is less than `0` (line 2).");
  r = BuildRecord(s, Source({{1, "Date parse(String date, int pos) {"}}), kCtx);
  EXPECT_FALSE(r.try_catch_pattern.has_value());
  r = BuildRecord(s, Source({{1, "public Date parse(String date, int pos) {"}}), kCtx);
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Call `UtcDateTypeAdapter.parse` with a non-negative `pos` (checked "
                             "at line 2)"}));
  ASSERT_TRUE(r.try_catch_pattern.has_value());
  EXPECT_NE(r.try_catch_pattern->find("utcDateTypeAdapter.parse(...)"), std::string::npos);
}

// Kotlin's `?: throw` reads as "X is null", and a JVM `assert` as internal.
TEST(UserTerms, KotlinElvisAndAssert) {
  ErrorSite s = Site("kotlin", "OkHttpClient.sslSocketFactory", 3, "CLEARTEXT-only client",
                     "IllegalStateException");
  s.function_line = 0;  // a property getter: the extractor knows no header
  Record r = BuildRecord(
      s,
      Source(
          {{1, "val sslSocketFactory: SSLSocketFactory"},
           {3, "  get() = sslSocketFactoryOrNull ?: throw IllegalStateException(\"CLEARTEXT\")"}}),
      kCtx);
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `OkHttpClient.sslSocketFactory` (src/x) when `sslSocketFactoryOrNull` is "
            "null (missing) (line 3).");
  EXPECT_FALSE(r.try_catch_pattern.has_value());  // a property, not a call

  ErrorSite a = Site("kotlin", "replaceInParent", 3, "Assertion failed", "AssertionError");
  a.kind = SiteKind::kAssert;
  a.conditions.push_back({"parent.left === node", false, 3});
  r = BuildRecord(a, Source({{1, "private fun replaceInParent(node: Node) {"}}), kCtx);
  EXPECT_EQ(r.documentation,
            "This looks like an internal consistency check of the code, not an error its users "
            "are meant to cause: a JVM `assert` at line 3, which runs only with assertions "
            "enabled (`-ea`). An assertion fails in `replaceInParent` (src/x) at line 3.");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "If you hit this internal check (a JVM `assert` at line 3, which "
                             "runs only with assertions enabled (`-ea`)): it guards the "
                             "library's own state, not a condition its users are meant to "
                             "meet, so hitting it likely means a bug in the library or a corrupted "
                             "state. Report it upstream with the library's version and a minimal "
                             "input that leads here; a newer version may have fixed it"}));
}

const char* const kLanguages[] = {"python", "javascript", "typescript", "go",     "rust", "c",
                                  "cpp",    "java",       "kotlin",     "csharp", "ruby", "php"};

// An internal check's advice comes first in every language, even when its
// condition is known: that condition is the library's own state.
TEST(UserTerms, InternalCheckIsReportedUpstreamFirst) {
  for (const char* lang : kLanguages) {
    ErrorSite s = Site(lang, "step", 3, "this should never happen", "RuntimeError");
    s.conditions.push_back({"state == 7", true, 2});
    Record r = BuildRecord(s, Source({{1, "step(x)"}}), kCtx);
    ASSERT_FALSE(r.solutions.empty()) << lang;
    EXPECT_EQ(r.solutions.front(),
              "If you hit this internal check (the message says \u201cshould never happen\u201d "
              "at line 3): it guards the library's own state, not a condition its users are "
              "meant to meet, so hitting it likely means a bug in the library or a corrupted "
              "state. Report it upstream with the library's version and a minimal input that leads "
              "here; a newer version may have fixed it")
        << lang;

    s = Site(lang, "step", 3, "unreachable", "RuntimeError");
    r = BuildRecord(s, Source({{1, "step(x)"}}), kCtx);
    ASSERT_FALSE(r.solutions.empty()) << lang;
    EXPECT_TRUE(r.solutions.front().starts_with(
        "If you hit this internal check (the message says \u201cunreachable\u201d"))
        << lang;

    s = Site(lang, "dial", 3, "network is unreachable", "RuntimeError");
    r = BuildRecord(s, Source({{1, "dial(x)"}}), kCtx);
    ASSERT_FALSE(r.solutions.empty()) << lang;
    EXPECT_FALSE(r.solutions.front().starts_with("If you hit this internal check")) << lang;
  }
}

// The object's own `is`/`has` query decides: name it as what to check first.
TEST(UserTerms, PredicateGuardNamesTheQueryToCheckFirst) {
  struct Case {
    const char *lang, *function, *header, *expr, *query;
  };
  const Case cases[] = {
      {"python", "Conn.send", "    def send(self, data):", "not self.is_open()", "is_open()"},
      {"javascript", "Conn.send", "  send(data) {", "!this.isOpen()", "isOpen()"},
      {"typescript", "Conn.send", "  public send(data: string): void {", "!this.isOpen()",
       "isOpen()"},
      {"java", "Conn.send", "  public void send(String data) {", "!isOpen()", "isOpen()"},
      {"kotlin", "Conn.send", "  fun send(data: String) {", "!isOpen()", "isOpen()"},
      {"csharp", "Conn.Send", "    public void Send(string data)", "!IsOpen()", "IsOpen()"},
      {"php", "Conn::send", "    public function send($data)", "!$this->isOpen()", "isOpen()"},
      {"rust", "Conn::send", "    pub fn send(&self, data: &str) {", "!self.is_open()",
       "is_open()"},
      {"cpp", "Conn::send", "  void send(const std::string& data) {", "!is_open()", "is_open()"},
  };
  for (const Case& c : cases) {
    ErrorSite s = Site(c.lang, c.function, 3, "connection is closed", "Error");
    s.conditions.push_back({c.expr, true, 2});
    // The JavaScript/TypeScript module exports the class; the C++ file declares it.
    const char* decl = std::string(c.lang) == "cpp" ? "class Conn;" : "export { Conn };";
    Record r = BuildRecord(s, Source({{1, c.header}, {20, decl}}), kCtx);
    std::string want = std::string("Check `") + c.query + "` on the object before calling";
    ASSERT_FALSE(r.solutions.empty()) << c.lang;
    EXPECT_TRUE(r.solutions.front().starts_with(want)) << c.lang << ": " << r.solutions.front();
    EXPECT_TRUE(r.solutions.front().ends_with("is false (checked at line 2)")) << c.lang;
  }
  // A private query is not something the caller can ask.
  ErrorSite s = Site("java", "Conn.send", 3, "connection is closed", "Error");
  s.conditions.push_back({"!isOpen()", true, 2});
  Record r = BuildRecord(
      s, Source({{1, "  public void send(String data) {"}, {6, "  private boolean isOpen() {"}}),
      kCtx);
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_FALSE(r.solutions.front().starts_with("Check `")) << r.solutions.front();
  // A bare Python name is a free function, not the object's query.
  s = Site("python", "send", 3, "connection is closed", "Error");
  s.conditions.push_back({"not is_open()", true, 2});
  r = BuildRecord(s, Source({{1, "def send(data):"}}), kCtx);
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_FALSE(r.solutions.front().starts_with("Check `")) << r.solutions.front();
}

// File, permission and network failures name what to check on the user's
// side, in every language, from the message or the error class.
TEST(UserTerms, IoErrorsSayWhatToCheck) {
  for (const char* lang : kLanguages) {
    ErrorSite s = Site(lang, "open_config", 3, "no such file or directory", "Error");
    Record r = BuildRecord(s, Source({{1, "open_config(path)"}}), kCtx);
    EXPECT_EQ(r.solutions, (std::vector<std::string>{
                               "Check that the file or directory exists and that the path is "
                               "spelled right (a relative path is resolved from the working "
                               "directory of the process)"}))
        << lang;

    s = Site(lang, "fetch", 3, "request failed", "ConnectionRefusedError");
    r = BuildRecord(s, Source({{1, "fetch(url)"}}), kCtx);
    EXPECT_EQ(r.solutions, (std::vector<std::string>{
                               "Check that the host and port are right and that the server is "
                               "running and reachable from this machine (DNS, firewall, proxy "
                               "settings)"}))
        << lang;

    s = Site(lang, "save", 3, "permission denied", "Error");
    r = BuildRecord(s, Source({{1, "save(path)"}}), kCtx);
    ASSERT_EQ(r.solutions.size(), 1u) << lang;
    EXPECT_TRUE(r.solutions[0].starts_with("Check that the user running the process")) << lang;

    // "not found" alone is a key or a route, not a file.
    s = Site(lang, "lookup", 3, "key not found", "KeyError");
    r = BuildRecord(s, Source({{1, "lookup(k)"}}), kCtx);
    ASSERT_EQ(r.solutions.size(), 1u) << lang;
    EXPECT_FALSE(r.solutions[0].starts_with("Check that")) << lang;
  }
}

// A Go `err != nil` check names the call whose failure the error reports.
TEST(UserTerms, IoAdviceNamesTheFailedCall) {
  ErrorSite s = Site("go", "Load", 4, "open config: permission denied", "error");
  s.conditions.push_back({"err != nil", true, 3});
  Record r = BuildRecord(s,
                         Source({{1, "func Load(path string) error {"},
                                 {2, "\tf, err := os.Open(path)"},
                                 {3, "\tif err != nil {"}}),
                         kCtx);
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions.front(),
            "Check that the user running the process may read or write the path given to "
            "`os.Open(path)` (file mode, owner, and for a directory its search permission)");
}

// Kotlin's `when (x) { ... else -> throw }` names its subject; sibling
// branches at the arm's level are skipped.
TEST(UserTerms, KotlinWhenElse) {
  ErrorSite s = Site("kotlin", "Dns.port", 5, "unexpected port", "IllegalArgumentException");
  Record r =
      BuildRecord(s,
                  Source({{1, "  val port: Int ="},
                          {2, "    when (port) {"},
                          {3, "      -1 -> 443"},
                          {4, "      in 1..65535 -> port"},
                          {5, "      else -> throw IllegalArgumentException(\"unexpected\")"},
                          {6, "    }"}}),
                  kCtx);
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `Dns.port` (src/x) when `port` matches none of the 2 cases at lines "
            "3\u20134 (line 2).");
}

TEST(UserTerms, RustAdaptersAndVisibility) {
  ErrorSite s = Site("rust", "IndexDiscovery.discover", 3,
                     "failed to get current working directory", "anyhow::Error");
  Record r =
      BuildRecord(s,
                  Source({{1, "fn discover(&self) -> anyhow::Result<Vec<Index>> {"},
                          {2, "    let cwd = std::env::current_dir()"},
                          {3, "        .context(\"failed to get current working directory\")?;"}}),
                  kCtx);
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `IndexDiscovery.discover` (src/x) when `std::env::current_dir()` fails "
            "(returns an error) (line 2).");
  EXPECT_FALSE(r.try_catch_pattern.has_value());  // not `pub`
  ErrorSite d = Site("rust", "internal_n_mask", 3, "overflow", "panic");
  d.kind = SiteKind::kAssert;
  r = BuildRecord(d,
                  Source({{1, "fn internal_n_mask(bit: i32) -> u64 {"},
                          {3, "    debug_assert!(bit <= 64, \"overflow\");"}}),
                  kCtx);
  EXPECT_TRUE(r.documentation.starts_with(
      "This looks like an internal consistency check of the code, not an error its users are "
      "meant to cause: `debug_assert` at line 3."))
      << r.documentation;
}

// A `case`/`else` fallback names the selector; a raise caught two lines
// later in the same function says it does not reach callers.
TEST(UserTerms, CaseFallbackAndLocalCatch) {
  ErrorSite s =
      Site("ruby", "Gem::Specification.ruby_code", 6, "case not handled", "Gem::Exception");
  Record r = BuildRecord(s,
                         Source({{1, "def ruby_code(obj)"},
                                 {2, "  case obj"},
                                 {3, "  when String then obj.dump"},
                                 {4, "  when nil then \"nil\""},
                                 {5, "  else"},
                                 {6, "    raise Gem::Exception, \"case not handled\""},
                                 {7, "  end"}}),
                         kCtx);
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `Gem::Specification.ruby_code` (src/x) when `obj` matches none of the 2 "
            "cases at lines 3\u20134 (line 2).");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Call `Gem::Specification.ruby_code` with a `obj` that one of the "
                             "cases after line 2 handles (the rest reach line 6)"}));
  ASSERT_TRUE(r.try_catch_pattern.has_value());
  EXPECT_NE(r.try_catch_pattern->find("specification.ruby_code(...)"), std::string::npos);

  ErrorSite p = Site("python", "find_path", 4, "not found", "ValueError");
  p.conditions.push_back({"spec is None", true, 3});
  r = BuildRecord(p,
                  Source({{1, "def find_path(name):"},
                          {2, "    try:"},
                          {3, "        if spec is None:"},
                          {4, "            raise ValueError(\"not found\")"},
                          {5, "    except (ImportError, ValueError):"},
                          {6, "        # we raised `ValueError` due to `spec` being `None`"},
                          {7, "        return os.getcwd()"}}),
                  kCtx);
  EXPECT_EQ(r.documentation,
            "`find_path` reports it when `spec` is missing (None) (line 3). `ValueError` is raised "
            "in `find_path` (src/x) at line 4. The same function catches it at line 5 and "
            "handles it by returning `os.getcwd()` (line 7): callers never see this message.");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Nothing to fix on your side: `find_path` handles this error itself "
                             "(caught at line 5, returning `os.getcwd()` at line 7), so callers "
                             "never see the message"}));
  EXPECT_FALSE(r.try_catch_pattern.has_value());
  // A handler without a return says only that it does not throw.
  r = BuildRecord(p,
                  Source({{1, "def find_path(name):"},
                          {2, "    try:"},
                          {3, "        if spec is None:"},
                          {4, "            raise ValueError(\"not found\")"},
                          {5, "    except (ImportError, ValueError):"},
                          {6, "        pass"}}),
                  kCtx);
  EXPECT_NE(r.documentation.find("its handler throws nothing, so this text does not reach "
                                 "callers from here."),
            std::string::npos);
}

// Ruby `private` sections and C++ `private:` members are not called by users.
TEST(Visibility, HiddenSections) {
  ErrorSite s;
  s.language = "ruby";
  s.function = "Parser.read_data";
  s.function_line = 5;
  std::vector<std::string_view> rb = {"class Parser", "  def parse(io)", "  end", "  private",
                                      "  def read_data(io)"};
  EXPECT_TRUE(HiddenByDeclaration(s, rb));
  rb[3] = "  # helpers";
  EXPECT_FALSE(HiddenByDeclaration(s, rb));
  s.language = "cpp";
  s.function = "swap";
  std::vector<std::string_view> cc = {"class basic_json {", "  private:", "    int x;",
                                      "  public:", "    void swap(object_t& other) {"};
  EXPECT_FALSE(HiddenByDeclaration(s, cc));
  cc[3] = "    int y;";
  EXPECT_TRUE(HiddenByDeclaration(s, cc));
}

TEST(Visibility, PerLanguage) {
  ErrorSite s;
  s.function = "Foo.bar";
  s.language = "python";
  s.file_path = "pkg/_internal/a.py";
  EXPECT_EQ(FunctionVisibility(s, "def bar(self):"), Visibility::kPrivate);
  s.file_path = "pkg/a.py";
  EXPECT_EQ(FunctionVisibility(s, "def bar(self):"), Visibility::kPublic);
  s.function = "Foo.__init__";
  EXPECT_EQ(FunctionVisibility(s, "def __init__(self):"), Visibility::kPublic);
  s.language = "go";
  s.function = "Decoder.Decode";
  EXPECT_EQ(FunctionVisibility(s, "func (d *Decoder) Decode(v any) error {"), Visibility::kPublic);
  s.function = "decoder.Decode";
  EXPECT_EQ(FunctionVisibility(s, "func (d *decoder) Decode(v any) error {"), Visibility::kPrivate);
  s.language = "rust";
  s.function = "open";
  EXPECT_EQ(FunctionVisibility(s, "pub(crate) fn open() {"), Visibility::kPrivate);
  EXPECT_EQ(FunctionVisibility(s, "pub fn open() {"), Visibility::kPublic);
  s.language = "csharp";
  EXPECT_EQ(FunctionVisibility(s, "internal void Open() {"), Visibility::kPrivate);
  s.language = "php";
  EXPECT_EQ(FunctionVisibility(s, "protected function open($u)"), Visibility::kPrivate);
  EXPECT_EQ(FunctionVisibility(s, "function open($u)"), Visibility::kPublic);
  s.language = "javascript";
  s.function = "exports";
  EXPECT_FALSE(UserCallable(s, "module.exports = function(schema) {"));
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

// ripgrep: `None => std::env::current_dir().context("failed to get ...")?`.
// The message needs current_dir() to fail; the `None` arm only leads there.
TEST(UserTerms, RustContextNamesTheCallThatFailed) {
  SourceFile f{"src/index.rs",
               "impl IndexDiscovery {\n"                                          // 1
               "    pub fn discover(&self) -> anyhow::Result<Option<Index>> {\n"  // 2
               "        let cwd = match self.cwd.clone() {\n"                     // 3
               "            Some(cwd) => cwd,\n"                                  // 4
               "            None => std::env::current_dir()\n"                    // 5
               "                .context(\"failed to get current working directory\")?,\n"
               "        };\n"
               "        Ok(None)\n"
               "    }\n"
               "}\n"};
  Record r = analyze_testing::Build(f, "failed to get current working directory");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `IndexDiscovery.discover` (src/index.rs) when `std::env::current_dir()` "
            "fails (returns an error) (line 5). On the way: `self.cwd.clone()` has no value "
            "(None) (line 5).");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_TRUE(r.solutions[0].starts_with("Find out why `std::env::current_dir()` fails"))
      << r.solutions[0];
}

// pnpm's Rust CLI: miette's `.wrap_err(..)` is `context` by another name.
TEST(UserTerms, RustWrapErrNamesTheCallThatFailed) {
  SourceFile f{"src/deploy.rs",
               "pub fn apply_deploy_hook(path: &Path) -> miette::Result<()> {\n"  // 1
               "    let mut manifest = Manifest::from_path(path)?;\n"             // 2
               "    manifest.save().wrap_err(\"write deployed manifest\")\n"      // 3
               "}\n"};
  Record r = analyze_testing::Build(f, "write deployed manifest");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `apply_deploy_hook` (src/deploy.rs) when `manifest.save()` fails "
            "(returns an error) (line 3).");
}

}  // namespace
}  // namespace errdex
