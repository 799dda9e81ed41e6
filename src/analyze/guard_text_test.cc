// Guard text: conditions read in the user's terms, and parameter names
// read from headers, in the languages errdex extracts.
#include "analyze/guard_text.h"

#include <gtest/gtest.h>

namespace errdex {
namespace {

TEST(GuardText, ComparisonsNullsAndEmptiness) {
  EXPECT_EQ(DescribeCondition("idx > limit", true), "`idx` is greater than `limit`");
  EXPECT_EQ(DescribeCondition("idx > limit", false), "`idx` is at most `limit`");
  EXPECT_EQ(DescribeCondition("n < 0", true), "`n` is less than `0`");
  EXPECT_EQ(DescribeCondition("x is None", true), "`x` is missing (None)");
  EXPECT_EQ(DescribeCondition("x is not None", true), "`x` is set (not None)");
  EXPECT_EQ(DescribeCondition("ptr == NULL", false), "`ptr` is set (not NULL)");
  EXPECT_EQ(DescribeCondition("$order === null", true), "`$order` is missing (null)");
  EXPECT_EQ(DescribeCondition("len(items) == 0", true), "`items` is empty");
  EXPECT_EQ(DescribeCondition("items.isEmpty()", true), "`items` is empty");
  EXPECT_EQ(DescribeCondition("!name.empty()", true), "`name` is not empty");
  EXPECT_EQ(DescribeCondition("typeof cb !== 'function'", true), "`cb` is not a 'function'");
  EXPECT_EQ(DescribeCondition("not isinstance(x, int)", true), "`x` is not a `int`");
  EXPECT_EQ(DescribeCondition("mode not in MODES", true), "`mode` is not one of `MODES`");
  EXPECT_EQ(DescribeCondition("opt.is_none()", true), "`opt` has no value");
  EXPECT_EQ(DescribeCondition("res.is_ok()", false), "`res` is an error");
  // Yoda comparisons read with the value first.
  EXPECT_EQ(DescribeCondition("false === $data", true), "`$data` is `false`");
  EXPECT_EQ(DescribeCondition("0 > n", true), "`n` is less than `0`");
  // Rust patterns as the extractor writes `if let`/`matches!`.
  EXPECT_EQ(DescribeCondition("self.cwd.clone() matches None", true),
            "`self.cwd.clone()` has no value (None)");
  EXPECT_EQ(DescribeCondition("*self matches ColorError::InvalidFormat(ref original)", true),
            "`*self` is `ColorError::InvalidFormat`");
  EXPECT_EQ(VariablesRead("*self matches ColorError::InvalidFormat(ref original)"),
            (std::vector<std::string>{"self", "original"}));
}

TEST(GuardText, PredicatesErrorsAndConjunctions) {
  EXPECT_EQ(DescribeCondition("!os.path.exists(p)", true), "`os.path.exists(p)` returns false");
  EXPECT_EQ(DescribeCondition("src_ctx->err", true),
            "`src_ctx->err` is set (an error was reported)");
  EXPECT_EQ(DescribeCondition("a > 1 && b == nil", true),
            "`a` is greater than `1` and `b` is missing (nil)");
  EXPECT_EQ(DescribeCondition("a > 1 || b == nil", false),
            "`a` is at most `1` and `b` is set (not nil)");
  EXPECT_EQ(DescribeCondition("a > 1 || b == nil", true),
            "`a` is greater than `1` or `b` is missing (nil)");
  EXPECT_EQ(DescribeCondition("!version", true), "`version` is not set (false, empty or missing)");
  EXPECT_EQ(DescribeCondition("data->multi", true), "`data->multi` is set");
  EXPECT_EQ(DescribeCondition("utimes(filename, times)", true),
            "`utimes(filename, times)` returns a non-zero (true) value");
  EXPECT_EQ(DescribeCondition("JSON_HEDLEY_LIKELY(is_array())", false),
            "`is_array()` returns false");
  EXPECT_EQ(DescribeCondition("env.kind_of? Hash", false), "`env` is not a `Hash`");
  // A command's parsed flag is said as the flag typed (tmux).
  EXPECT_EQ(DescribeCondition("args_has(args, 'k') && !linked", true),
            "the flag `-k` is given and `linked` is not set (false, empty or missing)");
  EXPECT_EQ(DescribeCondition("!args_has(args, 'a')", true), "the flag `-a` is not given");
  EXPECT_EQ(DescribeCondition("let Some(p) = self.key.take()", false),
            "`self.key.take()` has no value");
  // A nested pattern matches some values only: its negation is no "has no
  // value" (twenty-second grading, axum's `if let Some(UrlParams::Invalid..)`).
  EXPECT_EQ(DescribeCondition("let Some(UrlParams::Invalid { .. }) = current_params", false),
            "`current_params` does not match `Some(UrlParams::Invalid { .. })`");
  EXPECT_EQ(DescribeCondition("let Ok(Kind::Dir) = meta", true), "`meta` matches `Ok(Kind::Dir)`");
  EXPECT_EQ(DescribeCondition("let Some(ref mut v) = slot", false), "`slot` has no value");
  // A tuple pattern has no variant to name: quoted whole, never as ``.
  EXPECT_EQ(DescribeCondition("(current, params) matches (Some(Url::Invalid { .. }), _)", true),
            "`(current, params)` matches `(Some(Url::Invalid { .. }), _)`");
  EXPECT_EQ(DescribeCondition("cur matches Some(Url::Invalid)", true),
            "`cur` matches `Some(Url::Invalid)`");
  // What errdex cannot read it leaves to the raw expression.
  EXPECT_EQ(DescribeCondition("f(x) -> y", true), "");
  EXPECT_EQ(DescribeCondition("a + b", true), "");
  // Arrows and shifts are not comparisons.
  EXPECT_EQ(DescribeCondition("x->len >> 2", true), "");
}

TEST(GuardText, ParameterNamesPerLanguage) {
  auto names = [](const char* header, const char* lang) { return ParameterNames(header, lang); };
  using V = std::vector<std::string>;
  EXPECT_EQ(names("def load(self, path, *args, mode: str = 'r', **kw):", "python"),
            (V{"path", "args", "mode", "kw"}));
  EXPECT_EQ(names("func (c *Conn) Open(name string, a, b int) (*File, error) {", "go"),
            (V{"name", "a", "b"}));
  EXPECT_EQ(names("pub fn open(&self, mut n: u32, p: &Path) -> Result<()> {", "rust"),
            (V{"n", "p"}));
  // A restricted visibility is not the parameter list (rustup's
  // "`path` is not an argument of `assert_is_file`", thirteenth grading).
  EXPECT_EQ(names("pub(crate) fn assert_is_file(path: &Path) -> Result<()> {", "rust"),
            (V{"path"}));
  // A destructured parameter binds the caller's values (axios's
  // "`address` is not an argument of `resolveFamily`" was false).
  EXPECT_EQ(
      names("const resolveFamily = ({address, family = 4, opts: o, ...rest}) => {", "javascript"),
      (V{"address", "family", "o", "rest"}));
  EXPECT_EQ(names("function f(a, [b, {c}]: Pair, { d }: Opts = {}) {", "typescript"),
            (V{"a", "b", "c", "d"}));
  EXPECT_EQ(
      names("public static int parse(final String s, int... rest) throws IOException {", "java"),
      (V{"s", "rest"}));
  EXPECT_EQ(names("int jv_array_set(jv j, const char *name, int idx[]) {", "c"),
            (V{"j", "name", "idx"}));
  EXPECT_EQ(names("public function check(array $used, ?int $limit = null)", "php"),
            (V{"used", "limit"}));
  EXPECT_EQ(names("fun resize(size: Int, vararg keys: String) {", "kotlin"), (V{"size", "keys"}));
  EXPECT_EQ(names("async function get(url, { timeout = 0 } = {}) {", "javascript"),
            (V{"url", "timeout"}));
  std::vector<std::string_view> two = {"def f(a,", "      b):"};
  EXPECT_EQ(HeaderText(two, 1), "def f(a, b):");
  EXPECT_EQ(ParameterNames(HeaderText(two, 1), "python"), (V{"a", "b"}));
  EXPECT_EQ(HeaderTail("func Open(n int) (int, error) {"), "(int, error)");
  // Attributes, annotations and decorators before the signature are not it.
  std::vector<std::string_view> cs = {"[CLSCompliant(false)]",
                                      "public override void WriteValue(uint value)", "{"};
  EXPECT_EQ(HeaderText(cs, 1), "public override void WriteValue(uint value) {");
  EXPECT_EQ(ParameterNames(HeaderText(cs, 1), "csharp"), (V{"value"}));
  std::vector<std::string_view> kt = {"@Throws(IOException::class) @JvmStatic",
                                      "fun read(path: String): Int {"};
  EXPECT_EQ(ParameterNames(HeaderText(kt, 1), "kotlin"), (V{"path"}));
  std::vector<std::string_view> py = {"@app.route(\"/x\", methods=[\"GET\"])",
                                      "def view(item_id):"};
  EXPECT_EQ(HeaderText(py, 1), "def view(item_id):");
  std::vector<std::string_view> rs = {"#[inline]", "pub fn get(&self, idx: usize) -> u8 {"};
  EXPECT_EQ(ParameterNames(HeaderText(rs, 1), "rust"), (V{"idx"}));
}

TEST(GuardText, VariablesReadSkipMembersCallsAndConstants) {
  using V = std::vector<std::string>;
  EXPECT_EQ(VariablesRead("idx > (INT_MAX >> 2) - jvp_array_offset(j)"), (V{"idx", "j"}));
  EXPECT_EQ(VariablesRead("self.size > limit and not os.path.exists(p)"),
            (V{"self", "limit", "os", "p"}));
  EXPECT_EQ(VariablesRead("$used > $limit"), (V{"used", "limit"}));
  EXPECT_EQ(VariablesRead("name == \"x y\" || x == None"), (V{"name", "x"}));
  // `oid !=` compares `oid`; `oid!(..)` would be a macro.
  EXPECT_EQ(VariablesRead("oid != NULL"), (V{"oid"}));
  EXPECT_EQ(VariablesRead("n !=0 && ensure!(n)"), (V{"n"}));
  // Keywords, Ruby symbols and the types of casts and type tests read nothing.
  EXPECT_EQ(VariablesRead("await MatchAsync(\"new\", token)"), (V{"token"}));
  EXPECT_EQ(VariablesRead("@body.respond_to?(:call)"), (V{"body"}));
  EXPECT_EQ(VariablesRead("null !in (interceptors as List<Interceptor?>)"), (V{"interceptors"}));
  EXPECT_EQ(VariablesRead("x[1:n] > 0"), (V{"x", "n"}));
}

TEST(GuardText, KotlinTypeTestIsNoComparison) {
  // moshi: `require(this !is Class<*> || !isPrimitive)` fails when both fail.
  EXPECT_EQ(DescribeCondition("this !is Class<*> || !isPrimitive", false),
            "`this` is a `Class<*>` and `isPrimitive` is set");
  EXPECT_EQ(DescribeCondition("value !is String", true), "`value` is not a `String`");
  // A bracket alone on one side is no comparison: nothing is said.
  EXPECT_EQ(DescribeCondition("items<*>", true), "");
}

TEST(GuardText, AnEarlierCallsSuccessDecidesNothing) {
  // libgit2's git_signature_default: the snapshot call succeeded, then the
  // lookup of user.name failed inside the call at the site.
  ErrorSite s;
  s.conditions.push_back({"n > limit", true, 3});
  s.conditions.push_back({"(error = git_repository_config_snapshot(&cfg, repo)) < 0", false, 5});
  s.conditions.push_back({"git_buf_puts(&buf, x) != 0", false, 6});
  const PathCondition* d = DecisiveCondition(s);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->line, 3);
  // Taken, the same check is the failure itself.
  s.conditions.push_back({"(error = open_file(path)) < 0", true, 7});
  EXPECT_EQ(DecisiveCondition(s)->line, 7);
}

}  // namespace
// `NULL` is the null pointer in C (and PHP), a name elsewhere: Kotlin's
// kotlinx.serialization compares with its constant `NULL = "null"`.
TEST(GuardText, NullIsAMacroOnlyInCAndPhp) {
  EXPECT_EQ(DescribeCondition("p == NULL", true), "`p` is missing (NULL)");
  {
    ConditionLanguage kotlin("kotlin");
    EXPECT_EQ(DescribeCondition("inputLiteral == NULL", true), "`inputLiteral` is `NULL`");
    EXPECT_EQ(DescribeCondition("x == null", true), "`x` is missing (null)");
  }
  ConditionLanguage c("c");
  EXPECT_EQ(DescribeCondition("p != NULL", false), "`p` is missing (NULL)");
}

// rubygems' `case o ... when Array`: the extractor writes `Array === o`,
// which the twelfth grading saw rendered backwards ("`Array` is `o`").
TEST(GuardText, RubyCaseEqualityIsATypeTest) {
  EXPECT_EQ(DescribeCondition("Array === o", true), "`Array` is `o`");
  ConditionLanguage ruby("ruby");
  EXPECT_EQ(DescribeCondition("Array === o", true), "`o` is a `Array`");
  EXPECT_EQ(DescribeCondition("Gem::AvailableSet === o", false),
            "`o` is not a `Gem::AvailableSet`");
  EXPECT_EQ(DescribeCondition("x === 1", true), "`x` is `1`");
  // A capitalised Ruby name is a constant, not a variable read.
  EXPECT_EQ(VariablesRead("Hash === value"), (std::vector<std::string>{"value"}));
}

// Casts and type operators name types, not values the check reads (the
// twelfth grading's "`char` is not an argument of `quicklistTest`" and
// "`FlagsAttribute` is not an argument").
TEST(GuardText, CastsAndTypeOperatorsReadNoVariable) {
  using V = std::vector<std::string>;
  EXPECT_EQ(VariablesRead("strncmp((char *)entry.value, \"xx\", 20)"), (V{"entry"}));
  EXPECT_EQ(VariablesRead("(unsigned long)n > max"), (V{"n", "max"}));
  EXPECT_EQ(VariablesRead("!enumType.IsDefined(typeof(FlagsAttribute), false)"), (V{"enumType"}));
  EXPECT_EQ(VariablesRead("sizeof(buf) < len"), (V{"len"}));
  EXPECT_EQ(VariablesRead("index >= static_cast<int>(n)"), (V{"index", "n"}));
  // Elsewhere these are names: mongoose's `text(bool)`.
  ConditionLanguage js("javascript");
  EXPECT_EQ(VariablesRead("bool && !short"), (V{"bool", "short"}));
}

}  // namespace errdex
