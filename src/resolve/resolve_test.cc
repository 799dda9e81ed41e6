// Resolve and explain: options read by conditions, callers up to entry
// points, allowlists and related records, checked as the sentences a user
// reads.
#include "resolve/resolve.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "analyze/explain.h"
#include "analyze/record_builder.h"
#include "errdex/extractor.h"
#include "util/text.h"

namespace errdex {
namespace {

struct Parsed {
  std::vector<SourceFile> files;
  std::vector<std::vector<ErrorSite>> sites;
  std::vector<FileFacts> facts;
};

Parsed Parse(std::vector<SourceFile> files) {
  Parsed p;
  p.files = std::move(files);
  p.sites.resize(p.files.size());
  p.facts.resize(p.files.size());
  for (size_t i = 0; i < p.files.size(); ++i) {
    bool errs = false;
    EXPECT_TRUE(ExtractorFor(p.files[i].path)
                    ->ExtractWithFacts(p.files[i], &p.sites[i], &p.facts[i], &errs)
                    .ok());
  }
  return p;
}

Record Build(const Parsed& p, const RepoFacts& facts, size_t file, size_t site) {
  RepoContext ctx{"acme/app", "abc", "2026-12-02T00:00:00.000Z"};
  const ErrorSite& s = p.sites[file][site];
  std::vector<std::string_view> lines = SplitLines(p.files[file].content);
  Record r = BuildRecord(s, lines, ctx);
  ApplySiteFacts(s, facts.Resolve(s), lines, &r);
  return r;
}

const char kCli[] =
    "import argparse, os, click\n"                                   // 1
    "def add_args(parser):\n"                                        // 2
    "    parser.add_argument('--use-gpu', action='store_true')\n"    // 3
    "    parser.add_argument('--mode', choices=['fast', 'safe'])\n"  // 4
    "    parser.add_argument('--out', dest='output_dir')\n"          // 5
    "DEBUG = os.environ.get('APP_DEBUG')\n"                          // 6
    "@click.option('--dry-run', is_flag=True)\n"                     // 7
    "def cli(dry_run):\n"                                            // 8
    "    pass\n";                                                    // 9

const char kApp[] =
    "SUPPORTED = ('fp8', 'int4')\n"                                                   // 1
    "class AppConfig:\n"                                                              // 2
    "    def __init__(self, args):\n"                                                 // 3
    "        self.args = args\n"                                                      // 4
    "        self._check()\n"                                                         // 5
    "    def _check(self):\n"                                                         // 6
    "        if not self.args.use_gpu:\n"                                             // 7
    "            return\n"                                                            // 8
    "        if self.args.output_dir is not None:\n"                                  // 9
    "            raise ValueError('--use-gpu cannot write to --out. Omit --out.')\n"  // 10
    "def convert(dtype):\n"                                                           // 11
    "    if dtype not in SUPPORTED:\n"                                                // 12
    "        raise ValueError(f'unsupported {dtype}')\n";                             // 13

TEST(Resolve, CollectsOptionDefinitions) {
  Parsed p = Parse({{"app/cli.py", kCli, false}});
  std::vector<std::string> names;
  for (const OptionDef& o : p.facts[0].options) {
    names.push_back(o.name + "=" + o.dest + "@" + std::to_string(o.line));
  }
  EXPECT_EQ(names,
            (std::vector<std::string>{"--use-gpu=use_gpu@3", "--mode=mode@4", "--out=output_dir@5",
                                      "APP_DEBUG=@6", "--dry-run=dry_run@7"}));
  EXPECT_EQ(p.facts[0].options[1].choices, (std::vector<std::string>{"'fast'", "'safe'"}));
}

TEST(Resolve, FlagsTriggersSolutionsAndExampleFix) {
  Parsed p = Parse({{"app/cli.py", kCli, false}, {"app/config.py", kApp, false}});
  RepoFacts facts(p.facts);
  ASSERT_EQ(p.sites[1].size(), 2u);
  Record r = Build(p, facts, 1, 0);
  EXPECT_TRUE(r.trigger_scenarios.starts_with(
      "Launching with both `--use-gpu` and `--out` set (`--use-gpu` is defined at "
      "app/cli.py:3; `--out` is defined at app/cli.py:5). Happens when you call "
      "`AppConfig(...)` (app/config.py:3), which reaches `AppConfig._check` at "
      "app/config.py:5. There it is raised in `AppConfig._check` "
      "(app/config.py) when `self.args.output_dir` is set (not None) (line 9). On the way: "
      "`self.args.use_gpu` is set (line 7)."))
      << r.trigger_scenarios;
  EXPECT_EQ(r.solutions,
            (std::vector<std::string>{
                "Omit --out. (the message's own advice)",
                "Drop `--out` (checked at app/config.py:9; defined at app/cli.py:5)",
                "Drop `--use-gpu` (checked at app/config.py:7; defined at app/cli.py:3)"}));
  EXPECT_EQ(r.example_fix,
            "# before: raises at app/config.py:10\n... --use-gpu --out VALUE\n"
            "# after: Drop `--out`\n... --use-gpu");
  EXPECT_EQ(r.common_situations,
            "During `AppConfig.__init__` (app/config.py:3), i.e. at start-up while validating "
            "app configuration: `AppConfig.__init__` calls `AppConfig._check` at app/config.py:5.");
  EXPECT_EQ(r.options.size(), 2u);
  EXPECT_EQ(r.provenance["triggerScenarios"],
            nlohmann::json::parse(
                R"([9, 7, "app/config.py:3", "app/config.py:5", "app/cli.py:3", "app/cli.py:5"])"));
}

TEST(Resolve, AllowlistAndPublicFunction) {
  Parsed p = Parse({{"app/config.py", kApp, false}});
  RepoFacts facts(p.facts);
  Record r = Build(p, facts, 0, 1);
  EXPECT_EQ(r.solutions.at(0),
            "Use one of: 'fp8', 'int4' for `dtype` (`SUPPORTED`, app/config.py:1, checked at "
            "line 12)");
  EXPECT_EQ(r.common_situations,
            "When code calls the public function `convert` (defined at app/config.py:11); "
            "nothing in the repository calls it, so it is reached through the public API.");
}

// The allowed values held in a constant another module defines and the
// raising module imports (`from .limits import SUPPORTED as KINDS`): the
// values and the constant's own file and line. A same-named constant of a
// module the file does not import is not taken.
TEST(Resolve, AllowlistImportedFromAnotherModule) {
  Parsed p = Parse({{"app/limits.py", "MODES = ('fast', 'safe')\nKINDS = ('a', 'b')\n", false},
                    {"other/limits.py", "MODES = ('x', 'y')\n", false},
                    {"app/run.py",
                     "from .limits import MODES\n"                         // 1
                     "from app.limits import KINDS as ALLOWED_KINDS\n"     // 2
                     "def run(mode):\n"                                    // 3
                     "    if mode not in MODES:\n"                         // 4
                     "        raise ValueError(f'unknown mode {mode}')\n"  // 5
                     "def sort(kind):\n"                                   // 6
                     "    if kind not in ALLOWED_KINDS:\n"                 // 7
                     "        raise ValueError(f'unknown kind {kind}')\n"  // 8
                     "def other(kind):\n"                                  // 9
                     "    if kind not in OTHER:\n"                         // 10
                     "        raise ValueError(f'bad kind {kind}')\n",     // 11
                     false}});
  RepoFacts facts(p.facts);
  Record mode = Build(p, facts, 2, 0);
  EXPECT_EQ(mode.solutions.at(0),
            "Use one of: 'fast', 'safe' for `mode` (`MODES`, app/limits.py:1, checked at line 4)");
  EXPECT_EQ(mode.trigger_scenarios.rfind(
                "Raised when `mode` is not one of: 'fast', 'safe' (`MODES`, app/limits.py:1). ", 0),
            0u)
      << mode.trigger_scenarios;
  const nlohmann::json& cited = mode.provenance["triggerScenarios"];
  EXPECT_NE(std::find(cited.begin(), cited.end(), "app/limits.py:1"), cited.end()) << cited;
  Record kind = Build(p, facts, 2, 1);
  EXPECT_EQ(kind.solutions.at(0),
            "Use one of: 'a', 'b' for `kind` (`ALLOWED_KINDS`, app/limits.py:2, checked at line "
            "7)");
  Record other = Build(p, facts, 2, 2);
  EXPECT_EQ(other.trigger_scenarios.find("Raised when"), std::string::npos)
      << other.trigger_scenarios;
}

TEST(Resolve, ConditionReadings) {
  Parsed p = Parse({{"app/cli.py", kCli, false}});
  RepoFacts facts(p.facts);
  auto read = [&](std::string expr, bool polarity) {
    std::optional<OptionCondition> o = ReadCondition(facts.options(), {expr, polarity, 4});
    return o ? o->state + " | " + o->falsify + " | " + o->cli : std::string("none");
  };
  EXPECT_EQ(read("args.use_gpu", false), "without `--use-gpu` | Pass `--use-gpu` | ");
  EXPECT_EQ(read("args.mode == 'fast'", true),
            "with `--mode fast` | Pass another value to `--mode` | --mode fast");
  EXPECT_EQ(read("self.dry_run", true), "with `--dry-run` | Drop `--dry-run` | --dry-run");
  EXPECT_EQ(read("os.environ.get('APP_DEBUG') == '1'", true),
            "with the environment variable `APP_DEBUG` set so that "
            "`os.environ.get('APP_DEBUG') == '1'` is true | Change or unset the environment "
            "variable `APP_DEBUG` so that `os.environ.get('APP_DEBUG') == '1'` is false | ");
  EXPECT_EQ(read("use_gpu", true), "none");     // a bare local is not an option
  EXPECT_EQ(read("cfg.mode()", true), "none");  // a method call is not a read
}

// A dataclass field is read through its class's objects: pip's
// `self.req.name` (a packaging Requirement) is not the `name` field of its
// InstallationCandidate dataclass.
TEST(Resolve, DataclassFieldReadThroughItsClass) {
  Parsed p = Parse({{"src/pip/models/candidate.py",
                     "from dataclasses import dataclass\n"
                     "@dataclass(frozen=True)\n"
                     "class InstallationCandidate:\n"
                     "    name: str\n"
                     "    version: str\n",
                     false}});
  RepoFacts facts(p.facts);
  auto read = [&](std::string expr) {
    std::optional<OptionCondition> o = ReadCondition(facts.options(), {expr, true, 4});
    return o ? o->state : std::string("none");
  };
  EXPECT_EQ(read("canonicalize_name(self.req.name) == metadata_name"), "none");
  EXPECT_EQ(read("candidate.name == wanted"),
            "with the field `InstallationCandidate.name` set so that `candidate.name == wanted` "
            "is true");
  EXPECT_EQ(read("self.version is None"),
            "with the field `InstallationCandidate.version` set so that `self.version is None` "
            "is true");
}

TEST(Resolve, AmbiguousCallersAreSaid) {
  Parsed p = Parse({{"a.py",
                     "def check(x):\n    if x:\n        raise ValueError('bad x')\n"
                     "def main():\n    check(1)\n",
                     false},
                    {"b.py", "def check():\n    pass\n", false}});
  RepoFacts facts(p.facts);
  Record r = Build(p, facts, 0, 0);
  EXPECT_EQ(r.common_situations,
            "During `main` (a.py:4), i.e. when the program starts from the command line: "
            "`main` calls `check` at a.py:5. Callers are matched by name and these names are "
            "ambiguous: `check` (2 definitions). Whether a call gets to line 3 depends on the `x` "
            "it passes (checked at line 2).");
}

TEST(Resolve, PublicCallersAndOwnModuleNames) {
  Parsed p = Parse({{"a.py",
                     "def _decode(s):\n    if not s:\n        raise ValueError('empty')\n"
                     "def decode(s):\n    return _decode(s)\n",
                     false},
                    {"b.py", "def _decode(s):\n    pass\n_decode(1)\ntext.find('x')\n", false}});
  RepoFacts facts(p.facts);
  Record r = Build(p, facts, 0, 0);
  // b.py's bare `_decode(1)` calls b.py's own `_decode`, not a.py's.
  EXPECT_EQ(r.common_situations,
            "During `decode` (a.py:4), i.e. when code calls the public function `decode`: "
            "`decode` calls `_decode` at a.py:5. Callers are matched by name and these names "
            "are ambiguous: `_decode` (2 definitions). Whether a call gets to line 3 depends on "
            "the `s` it passes (checked at line 2).");
}

}  // namespace
}  // namespace errdex
