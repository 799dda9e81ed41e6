// Property: every pattern errdex derives matches the renderings of its own
// template, under RE2 and under JavaScript's regex engine (node), for hole
// values that include the empty string, quotes, newlines, regex syntax and
// non-ASCII text. Templates come from fixtures covering every Python,
// JavaScript/TypeScript and Go idiom and from 1,400 real-world message templates
// wrapped into Python source.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <re2/re2.h>

#include <fstream>
#include <sstream>

#include "errdex/extractor.h"
#include "testutil.h"

namespace errdex {
namespace {

const char* kIdioms = R"PY(
def f(a, b, n, items, cfg, key, table):
    raise ValueError(f"[cache:{a}] method {b!r} is not verified. Verified: {items}. Disable it (--x off) for this model.")
    raise ValueError("implicit " "concatenation " f"with {a:>10} spec")
    raise KeyError("no key %s in %r (%d%%)" % (key, table, n))
    raise OSError("%(path)s: %(why)s" % {"path": a, "why": b})
    raise TypeError("{} must be < {limit}, got {0!r}".format(a, limit=b))
    raise RuntimeError("expected " + str(n) + " items, got " + repr(items))
    msg = f"unknown backend {a}"
    msg += "; choose one of: x, y"
    raise ValueError(msg)
    assert n > 0, f"n must be positive, got {n:d}"
    raise ValueError(f"{a}{b}")
    raise ValueError(f"{a}")
    raise ValueError("tab\there, newline\nthere, regex .*+?()[]{}|^$ \\ chars /slash/")
    raise ValueError(f"ends with a hole: {a}")
    raise ValueError(f"{a} starts with a hole")
    raise ValueError("unicode \u00e9\u2713 and %s" % a)
)PY";

const char* kJsIdioms = R"JS(
function f(a, b, n, items) {
  throw new TypeError(`config ${a} must be JSON, got \`${b.kind}\` (${n})`);
  throw Error('expected ' + n + " items, \u00e9\n" + 'done .*+?()[]{}|^$ /x/');
  let msg = util.format('bad %s at %d (100%%) %j', a, b, n, items);
  msg += '; retry';
  throw new RangeError('db: ' + msg);
  const err = new Error(`cannot open ${a}`); err.code = 'ERR_OPEN'; throw err;
  return res.status(404).json({ error: `user ${a} not found` });
  throw new AxiosError('Request failed with status code ' + n, AxiosError.ERR_BAD_REQUEST);
  throw new Error(`${a}${b}`);
}
)JS";

const char* kGoIdioms = R"GO(
package p

var ErrNotFound = errors.New("store: key not found")

func (e *ParseError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

func f(name string, n int, s *S, err error) error {
	http.Error(w, "no such id "+name, http.StatusNotFound)
	panic("only one wildcard per segment, has: '" + name + "' in path '" + s.p + "'")
	log.Fatalf("listen on %s: %v", name, err)
	return fmt.Errorf("open %q (%d of %[2]d, %T, %+v, %-8.3f, %x, 100%%): %w", name, n, s, s, n, n, err)
	return errors.Wrapf(err, "read %s", name)
	return fmt.Errorf(`raw 
 %s
second line`, name)
}
)GO";

// Wraps real-world templates into Python so that their holes become holes.
std::string TemplatesAsPython(const std::string& path) {
  std::ifstream in(path);
  std::string line, out = "def g(a, b, c):\n";
  int n = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line.find("\"\"\"") != std::string::npos || line.back() == '\\') continue;
    std::string lit;
    for (char c : line) {
      if (c == '\\' || c == '"') lit += '\\';
      lit += c;
    }
    bool percent = line.find('%') != std::string::npos;
    bool braces = line.find('{') != std::string::npos;
    if (percent) out += "    raise ValueError(\"" + lit + "\" % (a, b, c))\n";
    if (braces) out += "    raise ValueError(\"" + lit + "\".format(a, b, c, x=a, name=b))\n";
    out += "    raise ValueError(\"" + lit + "\")\n";
    ++n;
  }
  return n ? out : "";
}

std::vector<std::vector<std::string>> Samples(const Template& t) {
  static const std::vector<std::string> kAny = {
      "", "'awq'", "\"double\"", "line1\nline2\n", ".*+?()[]{}|^$\\/", "\xC3\xA9\xE2\x9C\x93",
      "42", "x", "  spaced  "};
  static const std::vector<std::string> kInt = {"0", "-7", "123456"};
  std::vector<std::vector<std::string>> out;
  for (size_t k = 0; k < kAny.size(); ++k) {
    std::vector<std::string> values;
    size_t i = 0;
    for (const Piece& p : t.pieces()) {
      if (!p.is_hole) continue;
      const auto& pool = p.type == HoleType::kInteger ? kInt : kAny;
      values.push_back(pool[(k + i++) % pool.size()]);
    }
    out.push_back(values);
  }
  return out;
}

TEST(PatternProperty, RenderingsMatchUnderRe2AndJavaScript) {
  std::vector<std::pair<std::string, std::string>> sources = {
      {"x.py", kIdioms}, {"x.js", kJsIdioms}, {"x.ts", kJsIdioms}, {"x.go", kGoIdioms}};
  std::string shared = testing::SharedDir();
  if (!shared.empty()) {
    sources.push_back({"x.py", TemplatesAsPython(shared + "/error-templates.txt")});
  }

  nlohmann::json cases = nlohmann::json::array();
  int patterns = 0;
  for (const auto& [path, code] : sources) {
    std::vector<ErrorSite> sites;
    bool errs = false;
    ASSERT_TRUE(ExtractorFor(path)->Extract({path, code, false}, &sites, &errs).ok());
    EXPECT_FALSE(errs) << path;
    for (const ErrorSite& s : sites) {
      std::string pattern = s.message.Pattern();
      RE2 re(pattern);
      ASSERT_TRUE(re.ok()) << pattern << ": " << re.error();
      ++patterns;
      for (const auto& values : Samples(s.message)) {
        std::string rendered = s.message.Render(values);
        EXPECT_TRUE(RE2::PartialMatch(rendered, re)) << pattern << "\n  vs " << rendered;
        cases.push_back({{"p", pattern}, {"s", rendered}});
      }
    }
  }
  EXPECT_GT(patterns, 40);
  if (!shared.empty()) {
    EXPECT_GT(patterns, 1400);
  }

  testing::TempDir dir;
  std::ofstream(dir.Join("cases.json")) << cases.dump();
  std::ofstream(dir.Join("check.js")) << R"JS(
const cases = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
let bad = 0;
for (const c of cases) {
  for (const flags of ['', 'u']) {
    let ok = false;
    try { ok = new RegExp(c.p, flags).test(c.s); } catch (e) { ok = false; }
    if (!ok && bad++ < 10) console.log('MISMATCH /' + c.p + '/' + flags + ' vs ' + JSON.stringify(c.s));
  }
}
console.log('checked ' + cases.length + ' renderings, ' + bad + ' failures');
process.exit(bad ? 1 : 0);
)JS";
  std::string out;
  int rc = testing::Run("node " + testing::ShellQuote(dir.Join("check.js")) + " " +
                            testing::ShellQuote(dir.Join("cases.json")) + " 2>&1",
                        &out);
  EXPECT_EQ(rc, 0) << out;
  EXPECT_NE(out.find(" 0 failures"), std::string::npos) << out;
}

}  // namespace
}  // namespace errdex
