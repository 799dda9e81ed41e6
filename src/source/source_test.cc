// Tests of the source stage: skip rules, globs, UTF-8 repair, remote URL
// parsing, and snapshots of fixture git repositories and plain directories.
#include "errdex/source.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "testutil.h"

namespace errdex {
namespace {

namespace fs = std::filesystem;
using testing::GitCommitAll;
using testing::Run;
using testing::ShellQuote;
using testing::TempDir;
using testing::WriteFile;

bool WantPython(std::string_view p) { return p.ends_with(".py"); }

const SourceFile* FindFile(const Snapshot& s, const std::string& path) {
  for (const SourceFile& f : s.files) {
    if (f.path == path) return &f;
  }
  return nullptr;
}

std::string SkipReason(const Snapshot& s, const std::string& path) {
  for (const SkippedFile& f : s.skipped) {
    if (f.path == path) return f.reason;
  }
  return "";
}

std::vector<std::string> FilePaths(const Snapshot& s) {
  std::vector<std::string> out;
  for (const SourceFile& f : s.files) out.push_back(f.path);
  return out;
}

void MustRun(const std::string& cmd) {
  std::string out;
  ASSERT_EQ(Run(cmd + " 2>&1", &out), 0) << cmd << "\n" << out;
}

bool IsValidUtf8(std::string s) { return !RepairUtf8(&s); }

// ---------------------------------------------------------------------------
// ClassifyPath / ClassifyContent

TEST(ClassifyPathTest, DefaultReasons) {
  SkipRules rules;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"pkg/core.py", ""},
      {"tests/test_core.py", "test"},
      {"pkg/test_core.py", "test"},
      {"pkg/core_test.py", "test"},
      {"pkg/core_tests.py", "test"},
      {"conftest.py", "test"},
      {"pkg/server_test.go", "test"},
      {"web/app.test.ts", "test"},
      {"web/app.spec.js", "test"},
      {"src/__tests__/x.js", "test"},
      {"pkg/testdata/x.go", "test"},
      {"unittest/test_bsdmkstemp.cpp", "test"},
      {"t/helper/test-regex.c", "test"},
      {"src/t/x.c", ""},  // t/ is a test suite only at the top level
      {"Foo.Tests/Bar.cs", "test"},
      {"crates/core/benches/parse.rs", "test"},
      {"src/printer/tests.rs", "test"},
      {"crates/core/tests/integration.rs", "test"},
      {"crates/core/examples/walk.rs", "example"},
      {"target/debug/build/x/out/gen.rs", "build-output"},
      {"crates/core/src/target/mod.rs", ""},  // target/ below the top level is source
      {"examples/run.py", "example"},
      {"demo/run.py", "example"},
      {"src/modules/helloworld.c", "example"},  // redis's example modules
      {"src/modules/hellotype.c", "example"},
      {"src/othello.c", ""},
      {"docs/conf.py", "docs"},
      {"Documentation/conf.py", "docs"},
      {"vendor/github.com/x/y.go", "vendored"},
      {"web/node_modules/x/index.js", "vendored"},
      {"third_party/lib.py", "vendored"},
      {".venv/lib/python3.11/site-packages/x.py", "vendored"},
      {"env/lib/x.py", "vendored"},
      {"src/pip/_vendor/requests/models.py", "vendored"},
      {"single_include/nlohmann/json.hpp", "vendored"},
      {"pkg/env/x.py", ""},  // env is vendored only at the top level
      {"build/lib/pkg/x.py", "build-output"},
      {"dist/x.js", "build-output"},
      {"pkg/build/x.py", ""},  // build/ below the top level is source
      {"pkg/__pycache__/x.py", "build-output"},
      {"foo.egg-info/x.py", "build-output"},
      {"pkg/api_pb2.py", "generated"},
      {"pkg/api_pb2_grpc.py", "generated"},
      {"api/api.pb.go", "generated"},
      {"static/app.min.js", "generated"},
      {"pkg/schema_generated.py", "generated"},
      {"pkg/schema.generated.ts", "generated"},
      {"pkg/latest.py", ""},
      {"pkg/contest.py", ""},
      {"pkg/testing_utils.py", ""},
  };
  for (const auto& [path, want] : cases) {
    EXPECT_EQ(ClassifyPath(path, rules), want) << path;
  }
}

TEST(ClassifyPathTest, PhpTrees) {
  SkipRules rules;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"tests/Unit/CartTest.php", "test"},
      {"src/Shop/CartTest.php", "test"},
      {"src/Bundle/Tests/Controller/PostControllerTest.php", "test"},
      {"src/Shop/Contest.php", ""},
      {"vendor/symfony/console/Application.php", "vendored"},
      {"var/cache/prod/ContainerAbc/App_KernelProdContainer.php", "build-output"},
      {"bootstrap/cache/services.php", "build-output"},
      {"storage/framework/views/3f2a.php", "build-output"},
      {"src/Illuminate/Cache/Repository.php", ""},
      {"app/Http/Controllers/PostController.php", ""},
  };
  for (const auto& [path, want] : cases) {
    EXPECT_EQ(ClassifyPath(path, rules), want) << path;
  }
}

TEST(ClassifyPathTest, RubyTrees) {
  SkipRules rules;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"spec/models/user_spec.rb", "test"},
      {"lib/shop/cart_spec.rb", "test"},
      {"lib/shop/cart_test.rb", "test"},
      {"test/test_helper.rb", "test"},
      {"vendor/bundle/ruby/3.3.0/gems/rack-3.0.0/lib/rack.rb", "vendored"},
      {"tmp/cache/bootsnap/x.rb", "build-output"},
      {"log/development.rb", "build-output"},
      {"lib/shop/log/formatter.rb", ""},  // tmp/ and log/ only at the top level
      {"app/models/user.rb", ""},
      {"lib/tasks/db.rake", ""},
  };
  for (const auto& [path, want] : cases) {
    EXPECT_EQ(ClassifyPath(path, rules), want) << path;
  }
}

TEST(ClassifyPathTest, CAndCppTrees) {
  SkipRules rules;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"cmake-build-debug/gen/x.cc", "build-output"},
      {"out/cmake-build-release/x.cc", "build-output"},
      {"build2/CMakeFiles/3.25/CompilerIdCXX/CMakeCXXCompilerId.cpp", "build-output"},
      {"build2/_deps/fmt-src/src/format.cc", "build-output"},
      {"deps/jemalloc/src/arena.c", "vendored"},
      {"src/deps/x.c", ""},  // deps/ is vendored only at the top level
      {"3rdparty/zlib/inflate.c", "vendored"},
      {"db/db_impl_test.cc", "test"},
      {"util/coding_unittest.cc", "test"},
      {"src/manifest_parser_perftest.cc", "test"},
      {"misc/manifest_fuzzer.cc", "test"},
      {"src/server.c", ""},
      {"include/nlohmann/json.hpp", ""},
  };
  for (const auto& [path, want] : cases) {
    EXPECT_EQ(ClassifyPath(path, rules), want) << path;
  }
}

TEST(ClassifyPathTest, JvmTestsAndBuildOutput) {
  SkipRules rules;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"core/src/main/java/com/acme/Store.java", ""},
      {"core/src/test/java/com/acme/StoreTest.java", "test"},
      {"app/src/androidTest/java/com/acme/UiCheck.kt", "test"},
      {"okhttp/src/jvmTest/kotlin/okhttp3/CacheCheck.kt", "test"},
      {"lib/src/testFixtures/java/Fakes.java", "test"},
      {"src/main/java/com/acme/StoreTests.java", "test"},
      {"src/main/kotlin/com/acme/CacheTest.kt", "test"},
      {"src/main/java/com/acme/StoreIT.java", "test"},
      {"src/main/java/com/acme/Latest.java", ""},
      {"src/main/kotlin/Contest.kt", ""},
      {"src/main/java/com/acme/JIT.java", ""},
      {"src/main/java/com/acme/Test.py", ""},
      {"src/main/java/com/acme/build/Builder.java", ""},
      {"src/latest/api.py", ""},
      {"okhttp-testing-support/src/main/kotlin/okhttp3/EventRecorder.kt", "test"},
      {"exposed-tests/src/main/kotlin/Db.kt", "test"},
      {"exposed-core/src/main/kotlin/Table.kt", ""},
      {"core/build/generated/source/Foo.java", "build-output"},
      {"core/target/generated-sources/annotations/Foo.java", "build-output"},
      {"build-logic/src/main/kotlin/BndBuildAction.kt", "build-output"},
      {"buildSrc/src/main/kotlin/Deps.kt", "build-output"},
      {"lib/build-logic/Rules.kt", ""},
      {"typings/index.test-d.ts", "test"},
  };
  for (const auto& [path, want] : cases) {
    EXPECT_EQ(ClassifyPath(path, rules), want) << path;
  }
}

TEST(ClassifyPathTest, CSharpTestsBuildOutputAndGenerated) {
  SkipRules rules;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"src/Acme.Core/Store.cs", ""},
      {"src/Acme.UnitTests/StoreFacts.cs", "test"},
      {"src/Acme.IntegrationTests/Db.cs", "test"},
      {"src/UnitTests/Bug/Mapping.cs", "test"},
      {"Src/Newtonsoft.Json.Tests/Issues/Issue1.cs", "test"},
      {"src/Acme/bin/Debug/net8.0/Acme.AssemblyInfo.cs", "build-output"},
      {"src/Acme/obj/Release/Generated.cs", "build-output"},
      {"tools/bin/release.py", ""},  // bin/ holds scripts outside C#
      {"src/Acme/Forms/Main.Designer.cs", "generated"},
      {"src/Acme/Views/Index.g.cs", "generated"},
      {"src/Acme/Views/Index.g.i.cs", "generated"},
  };
  for (const auto& [path, want] : cases) {
    EXPECT_EQ(ClassifyPath(path, rules), want) << path;
  }
}

TEST(ClassifyPathTest, FlagsTurnCategoriesOff) {
  SkipRules rules;
  rules.skip_tests = rules.skip_examples = rules.skip_docs = false;
  rules.skip_vendored = rules.skip_generated = false;
  for (const char* path :
       {"tests/a.py", "examples/a.py", "docs/a.py", "vendor/a.py", "build/a.py", "a_pb2.py"}) {
    EXPECT_EQ(ClassifyPath(path, rules), "") << path;
  }
  // With one category off, another that applies still skips.
  SkipRules tests_only;
  tests_only.skip_vendored = false;
  EXPECT_EQ(ClassifyPath("vendor/x/tests/a.py", tests_only), "test");
}

TEST(ClassifyPathTest, IncludeAndExcludeGlobs) {
  SkipRules rules;
  rules.exclude = {"legacy/**", "*.gen.py", "pkg/?.py"};
  rules.include = {"tests/fixtures/**", "vendor/ours", "legacy/keep.py"};
  EXPECT_EQ(ClassifyPath("legacy/a/b.py", rules), "excluded");
  EXPECT_EQ(ClassifyPath("legacy/keep.py", rules), "");           // include wins over exclude
  EXPECT_EQ(ClassifyPath("deep/x/y.gen.py", rules), "excluded");  // no '/': any depth
  EXPECT_EQ(ClassifyPath("pkg/a.py", rules), "excluded");
  EXPECT_EQ(ClassifyPath("pkg/ab.py", rules), "");  // '?' is exactly one character
  EXPECT_EQ(ClassifyPath("tests/fixtures/a/b.py", rules), "");
  EXPECT_EQ(ClassifyPath("tests/other.py", rules), "test");
  EXPECT_EQ(ClassifyPath("vendor/ours/x/y.py", rules), "");  // a directory covers its tree
  EXPECT_EQ(ClassifyPath("vendor/theirs/y.py", rules), "vendored");

  SkipRules star;
  star.exclude = {"src/*.py"};
  EXPECT_EQ(ClassifyPath("src/a.py", star), "excluded");
  EXPECT_EQ(ClassifyPath("src/sub/a.py", star), "");  // '*' stays in one segment
  star.exclude = {"src/**/a.py"};
  EXPECT_EQ(ClassifyPath("src/a.py", star), "excluded");  // '**' may be empty
  EXPECT_EQ(ClassifyPath("src/x/y/z/a.py", star), "excluded");
  EXPECT_EQ(ClassifyPath("other/src/a.py", star), "");  // anchored at the root
}

TEST(ClassifyPathTest, HostileGlobsStayFast) {
  SkipRules rules;
  std::string pat;
  for (int i = 0; i < 60; ++i) pat += "**/";
  pat += "*a*a*a*a*a*a*a*a*a*a*b";
  rules.exclude = {pat};
  std::string path;
  for (int i = 0; i < 60; ++i) path += "d/";
  path += std::string(200, 'a');
  EXPECT_EQ(ClassifyPath(path, rules), "");
}

TEST(ClassifyContentTest, BinaryGeneratedTooLarge) {
  SkipRules rules;
  EXPECT_EQ(ClassifyContent("x = 1\n", rules), "");
  EXPECT_EQ(ClassifyContent(std::string("ab\0cd", 5), rules), "binary");
  std::string late_nul(9000, 'a');
  late_nul[8500] = '\0';
  EXPECT_EQ(ClassifyContent(late_nul, rules), "");  // only the first 8000 bytes count
  for (const char* banner :
       {"// Code generated by protoc-gen-go. DO NOT EDIT.\n", "# @generated\n",
        "# autogenerated by tool\n", "/* Auto-generated */\n",
        "# This file was automatically generated by X\n", "# DO NOT EDIT\n",
        "//------\n// <auto-generated>\n//     This code was generated by a tool.\n"}) {
    EXPECT_EQ(ClassifyContent(std::string(banner) + "x = 1\n", rules), "generated") << banner;
  }
  // Bundles open with their bundler's module loader (seen: jekyll's
  // livereload.js, a browserify bundle whose loader throws "Cannot find
  // module").
  for (const char* prelude : {"(function e(t,n,r){function s(o,u){if(!n[o]){throw new "
                              "Error(\"Cannot find module '\"+o+\"'\")}}})\n",
                              "\n(function(){function r(e,n,t){function o(i,f){}}})()\n",
                              "/******/ (() => { // webpackBootstrap\n"}) {
    EXPECT_EQ(ClassifyContent(prelude, rules), "generated") << prelude;
  }
  EXPECT_EQ(ClassifyContent("(function e(t, n) {\n  return t;\n})\n", rules), "");
  // A minified line under a short banner (sidekiq's web assets: timeago.js
  // and its bundled "Cannot find module" loader).
  std::string packed = "/* timeago.js - https://github.com/hustcc/timeago.js */\n!function(e,t){";
  while (packed.size() < 5000) packed += "var a=1;if(a){b()};";
  EXPECT_EQ(ClassifyContent(packed + "\n", rules), "generated");
  std::string written = "// a long line of data\n" + std::string(5000, 'x') + "\n";
  EXPECT_EQ(ClassifyContent(written, rules), "");
  std::string late_banner = std::string(2000, '#') + "\n# DO NOT EDIT\n";
  EXPECT_EQ(ClassifyContent(late_banner, rules), "");
  rules.skip_generated = false;
  EXPECT_EQ(ClassifyContent("# @generated\n", rules), "");
  rules.max_file_bytes = 4;
  EXPECT_EQ(ClassifyContent("12345", rules), "too-large");
  EXPECT_EQ(ClassifyContent("1234", rules), "");
}

TEST(ClassifyTest, DescribeSkipRulesNamesEveryReason) {
  std::string text = DescribeSkipRules();
  for (const char* reason : {"test", "example", "docs", "vendored", "build-output", "generated",
                             "binary", "too-large", "symlink", "too-deep", "excluded"}) {
    EXPECT_NE(text.find(std::string("[") + reason + "]"), std::string::npos) << reason;
  }
}

// ---------------------------------------------------------------------------
// UTF-8

TEST(Utf8Test, ValidTextIsUntouched) {
  std::string text = "\xEF\xBB\xBFplain \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 \xF4\x8F\xBF\xBF\n";
  std::string copy = text;
  EXPECT_FALSE(RepairUtf8(&copy));
  EXPECT_EQ(copy, text);
}

TEST(Utf8Test, InvalidSequencesBecomeReplacementCharacters) {
  const std::string R = "\xEF\xBF\xBD";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"a\x80z", "a" + R + "z"},                          // lone continuation
      {"a\xC0\xAFz", "a" + R + R + "z"},                  // overlong 2-byte
      {"a\xE0\x80\xAFz", "a" + R + R + R + "z"},          // overlong 3-byte
      {"a\xED\xA0\x80z", "a" + R + R + R + "z"},          // surrogate
      {"a\xF4\x90\x80\x80z", "a" + R + R + R + R + "z"},  // above U+10FFFF
      {"a\xF5z", "a" + R + "z"},
      {"a\xE2\x82z", "a" + R + "z"},              // truncated, one subpart
      {"a\xF0\x9F\x98", "a" + R},                 // truncated at the end
      {"\xE2\x82\n\xFF\n", R + "\n" + R + "\n"},  // newlines survive
  };
  for (const auto& [in, want] : cases) {
    std::string text = in;
    EXPECT_TRUE(RepairUtf8(&text));
    EXPECT_EQ(text, want);
    EXPECT_TRUE(IsValidUtf8(text));
  }
}

// ---------------------------------------------------------------------------
// RepoFromRemoteUrl

TEST(RepoFromRemoteUrlTest, Table) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"https://github.com/owner/name", "owner/name"},
      {"https://github.com/owner/name.git", "owner/name"},
      {"https://github.com/owner/name/", "owner/name"},
      {"https://github.com/owner/name.git/", "owner/name"},
      {"http://github.com/owner/name", "owner/name"},
      {"https://user:token@github.com/owner/name.git", "owner/name"},
      {"ssh://git@github.com/owner/name.git", "owner/name"},
      {"ssh://git@github.com:22/owner/name.git", "owner/name"},
      {"git@github.com:owner/name.git", "owner/name"},
      {"git@github.com:owner/my.repo-1_x", "owner/my.repo-1_x"},
      {"/srv/git/owner/name.git", "owner/name"},
      {"../owner/name", "owner/name"},
      {"file:///srv/git/owner/name.git", "owner/name"},
      {"  https://github.com/owner/name.git\n", "owner/name"},
      {"https://github.com/owner", ""},
      {"git@github.com:name.git", ""},
      {"name", ""},
      {"", ""},
      {"https://github.com/", ""},
      {"https://github.com/own er/name", ""},
  };
  for (const auto& [url, want] : cases) EXPECT_EQ(RepoFromRemoteUrl(url), want) << url;
}

// ---------------------------------------------------------------------------
// Snapshots of git repositories

class GitSnapshotTest : public ::testing::Test {
 protected:
  Result<Snapshot> Read(const SourceOptions& options = SourceOptions()) {
    return ReadSnapshot(dir_.path(), options, WantPython);
  }
  TempDir dir_;
};

TEST_F(GitSnapshotTest, SkipsByDefaultWithReasons) {
  const std::string d = dir_.path();
  WriteFile(d, "pkg/core.py", "raise ValueError('x')\n");
  WriteFile(d, "pkg/util.py", "x = 1\n");
  WriteFile(d, "README.md", "# readme\n");
  WriteFile(d, "pyproject.toml", "[project]\n");
  WriteFile(d, "pkg/ui.swift", "let x = 1\n");
  WriteFile(d, "tests/test_core.py", "x\n");
  WriteFile(d, "pkg/core_test.py", "x\n");
  WriteFile(d, "examples/run.py", "x\n");
  WriteFile(d, "docs/conf.py", "x\n");
  WriteFile(d, "vendor/lib.py", "x\n");
  WriteFile(d, "third_party/a/b.py", "x\n");
  WriteFile(d, "pkg/api_pb2.py", "x\n");
  WriteFile(d, "pkg/gen.py", "# Code generated by tool. DO NOT EDIT.\nx = 1\n");
  std::string sha = GitCommitAll(d, "acme/widgets");

  Result<Snapshot> snap = Read();
  ASSERT_TRUE(snap.ok()) << snap.status().ToString();
  EXPECT_EQ(snap->repo, "acme/widgets");
  EXPECT_EQ(snap->sha, sha);
  EXPECT_EQ(snap->sha.size(), 40u);
  EXPECT_EQ(snap->note, "");
  EXPECT_EQ(FilePaths(*snap), (std::vector<std::string>{"pkg/core.py", "pkg/util.py"}));
  EXPECT_EQ(FindFile(*snap, "pkg/core.py")->content, "raise ValueError('x')\n");
  EXPECT_EQ(snap->unsupported, 1);  // pkg/ui.swift; README.md and pyproject.toml are no code
  std::map<std::string, int> want = {
      {"test", 2}, {"example", 1}, {"docs", 1}, {"vendored", 2}, {"generated", 2}};
  EXPECT_EQ(snap->SkipCounts(), want);
  EXPECT_EQ(SkipReason(*snap, "pkg/gen.py"), "generated");
  EXPECT_TRUE(
      std::is_sorted(snap->skipped.begin(), snap->skipped.end(),
                     [](const SkippedFile& a, const SkippedFile& b) { return a.path < b.path; }));
}

TEST_F(GitSnapshotTest, IncludeAndExcludeOverride) {
  const std::string d = dir_.path();
  WriteFile(d, "pkg/core.py", "x\n");
  WriteFile(d, "pkg/legacy.py", "x\n");
  WriteFile(d, "tests/helpers.py", "x\n");
  WriteFile(d, "pkg/gen.py", "# @generated\nx\n");
  WriteFile(d, "pkg/blob.py", std::string("x\0y", 3));
  GitCommitAll(d, "acme/widgets");

  SourceOptions options;
  options.rules.exclude = {"pkg/legacy.py"};
  options.rules.include = {"tests/**", "pkg/gen.py", "pkg/blob.py"};
  Result<Snapshot> snap = Read(options);
  ASSERT_TRUE(snap.ok()) << snap.status().ToString();
  EXPECT_EQ(FilePaths(*snap),
            (std::vector<std::string>{"pkg/core.py", "pkg/gen.py", "tests/helpers.py"}));
  EXPECT_EQ(SkipReason(*snap, "pkg/legacy.py"), "excluded");
  EXPECT_EQ(SkipReason(*snap, "pkg/blob.py"), "binary");  // include cannot override
}

TEST_F(GitSnapshotTest, DirtyWorkTreeDoesNotLeak) {
  const std::string d = dir_.path();
  WriteFile(d, "pkg/core.py", "committed\n");
  GitCommitAll(d, "acme/widgets");
  WriteFile(d, "pkg/core.py", "modified in the work tree\n");
  WriteFile(d, "pkg/untracked.py", "untracked\n");
  MustRun("cd " + ShellQuote(d) + " && git add pkg/untracked.py");  // staged, not committed

  Result<Snapshot> snap = Read();
  ASSERT_TRUE(snap.ok()) << snap.status().ToString();
  EXPECT_EQ(FilePaths(*snap), std::vector<std::string>{"pkg/core.py"});
  EXPECT_EQ(snap->files[0].content, "committed\n");
}

TEST_F(GitSnapshotTest, OlderRevisionGivesOlderContent) {
  const std::string d = dir_.path();
  WriteFile(d, "pkg/core.py", "version one\n");
  std::string first = GitCommitAll(d, "acme/widgets", "one");
  WriteFile(d, "pkg/core.py", "version two\n");
  WriteFile(d, "pkg/new.py", "new\n");
  std::string second = GitCommitAll(d, "acme/widgets", "two");
  ASSERT_NE(first, second);

  SourceOptions options;
  options.rev = "HEAD~1";
  Result<Snapshot> old_snap = Read(options);
  ASSERT_TRUE(old_snap.ok()) << old_snap.status().ToString();
  EXPECT_EQ(old_snap->sha, first);
  EXPECT_EQ(FilePaths(*old_snap), std::vector<std::string>{"pkg/core.py"});
  EXPECT_EQ(old_snap->files[0].content, "version one\n");

  options.rev = first.substr(0, 10);  // abbreviated sha
  Result<Snapshot> by_sha = Read(options);
  ASSERT_TRUE(by_sha.ok()) << by_sha.status().ToString();
  EXPECT_EQ(by_sha->sha, first);

  Result<Snapshot> head = Read();
  ASSERT_TRUE(head.ok());
  EXPECT_EQ(head->sha, second);
  EXPECT_EQ(FindFile(*head, "pkg/core.py")->content, "version two\n");
}

TEST_F(GitSnapshotTest, BadRevisionIsNotFound) {
  WriteFile(dir_.path(), "a.py", "x\n");
  GitCommitAll(dir_.path(), "acme/widgets");
  SourceOptions options;
  options.rev = "no-such-branch";
  Result<Snapshot> snap = Read(options);
  ASSERT_FALSE(snap.ok());
  EXPECT_EQ(snap.status().code(), Status::Code::kNotFound);
  EXPECT_NE(snap.status().message().find("no-such-branch"), std::string::npos);

  options.rev = "HEAD:a.py";  // a blob, not a commit
  Result<Snapshot> blob = Read(options);
  ASSERT_FALSE(blob.ok());
  EXPECT_EQ(blob.status().code(), Status::Code::kInvalidArgument);
}

TEST_F(GitSnapshotTest, EmptyRepositoryIsInvalidArgument) {
  MustRun("cd " + ShellQuote(dir_.path()) + " && git init -q -b main .");
  SourceOptions options;
  options.repo = "acme/widgets";
  Result<Snapshot> snap = Read(options);
  ASSERT_FALSE(snap.ok());
  EXPECT_EQ(snap.status().code(), Status::Code::kInvalidArgument);
  EXPECT_NE(snap.status().message().find("no commits"), std::string::npos);
}

TEST_F(GitSnapshotTest, RepoNameFromOptionOrOrigin) {
  const std::string d = dir_.path();
  WriteFile(d, "a.py", "x\n");
  GitCommitAll(d, "acme/widgets");
  SourceOptions options;
  options.repo = "other/name";
  ASSERT_TRUE(Read(options).ok());
  EXPECT_EQ(Read(options)->repo, "other/name");

  options.repo = "not a repo name";
  EXPECT_EQ(Read(options).status().code(), Status::Code::kInvalidArgument);

  MustRun("cd " + ShellQuote(d) + " && git remote remove origin");
  Result<Snapshot> snap = Read();
  ASSERT_FALSE(snap.ok());
  EXPECT_EQ(snap.status().code(), Status::Code::kInvalidArgument);
  EXPECT_NE(snap.status().message().find("--repo"), std::string::npos);
}

TEST_F(GitSnapshotTest, BareRepository) {
  const std::string d = dir_.path();
  WriteFile(d, "src/pkg/a.py", "x\n");
  std::string sha = GitCommitAll(d, "acme/widgets");
  TempDir bare;
  MustRun("git clone -q --bare " + ShellQuote(d) + " " + ShellQuote(bare.Join("b.git")));
  SourceOptions options;
  options.repo = "acme/widgets";
  Result<Snapshot> snap = ReadSnapshot(bare.Join("b.git"), options, WantPython);
  ASSERT_TRUE(snap.ok()) << snap.status().ToString();
  EXPECT_EQ(snap->sha, sha);
  EXPECT_EQ(FilePaths(*snap), std::vector<std::string>{"src/pkg/a.py"});
}

TEST_F(GitSnapshotTest, SymlinksAndSubmodulesAreNotFollowed) {
  const std::string d = dir_.path();
  TempDir outside;
  WriteFile(outside.path(), "secret.py", "SECRET = 1\n");
  WriteFile(d, "pkg/a.py", "x\n");
  fs::create_symlink(outside.Join("secret.py"), d + "/pkg/link.py");
  fs::create_directory_symlink(outside.path(), d + "/linkdir");
  std::string sha = GitCommitAll(d, "acme/widgets");
  MustRun("cd " + ShellQuote(d) + " && git update-index --add --cacheinfo 160000," + sha +
          ",sub && git commit -q -m sub");

  Result<Snapshot> snap = Read();
  ASSERT_TRUE(snap.ok()) << snap.status().ToString();
  EXPECT_EQ(FilePaths(*snap), std::vector<std::string>{"pkg/a.py"});
  EXPECT_EQ(SkipReason(*snap, "pkg/link.py"), "symlink");
  EXPECT_EQ(SkipReason(*snap, "linkdir"), "symlink");
  EXPECT_EQ(SkipReason(*snap, "sub"), "submodule");
  for (const SourceFile& f : snap->files) EXPECT_EQ(f.content.find("SECRET"), std::string::npos);
}

TEST_F(GitSnapshotTest, BinaryTooLargeAndInvalidUtf8) {
  const std::string d = dir_.path();
  WriteFile(d, "pkg/bin.py",
            std::string("\x7f"
                        "ELF\0\0\0",
                        7));
  std::string big;
  big.reserve(50u << 20);
  while (big.size() < (50u << 20)) big += "x = 'generated line'\n";
  WriteFile(d, "pkg/huge_table.py", big);
  big.clear();
  big.shrink_to_fit();
  const std::string bad = "s = '\xC3('\nt = '\xED\xA0\x80'\nu = 1\n";
  WriteFile(d, "pkg/latin.py", bad);
  GitCommitAll(d, "acme/widgets");

  Result<Snapshot> snap = Read();
  ASSERT_TRUE(snap.ok()) << snap.status().ToString();
  EXPECT_EQ(SkipReason(*snap, "pkg/bin.py"), "binary");
  EXPECT_EQ(SkipReason(*snap, "pkg/huge_table.py"), "too-large");
  const SourceFile* latin = FindFile(*snap, "pkg/latin.py");
  ASSERT_NE(latin, nullptr);
  EXPECT_TRUE(latin->repaired_utf8);
  EXPECT_TRUE(IsValidUtf8(latin->content));
  EXPECT_EQ(std::count(latin->content.begin(), latin->content.end(), '\n'),
            std::count(bad.begin(), bad.end(), '\n'));
  EXPECT_NE(latin->content.find("u = 1"), std::string::npos);
}

TEST_F(GitSnapshotTest, DeepTreeIsCutOff) {
  const std::string d = dir_.path();
  std::string deep;
  for (int i = 0; i < 100; ++i) deep += "d" + std::to_string(i) + "/";
  WriteFile(d, deep + "deep.py", "x\n");
  WriteFile(d, "d0/d1/shallow.py", "x\n");
  GitCommitAll(d, "acme/widgets");

  Result<Snapshot> snap = Read();
  ASSERT_TRUE(snap.ok()) << snap.status().ToString();
  EXPECT_EQ(FilePaths(*snap), std::vector<std::string>{"d0/d1/shallow.py"});
  ASSERT_EQ(snap->SkipCounts()["too-deep"], 1);
  std::string cut;
  for (const SkippedFile& s : snap->skipped) {
    if (s.reason == "too-deep") cut = s.path;
  }
  EXPECT_EQ(std::count(cut.begin(), cut.end(), '/') + 1, 64);  // the 64th directory
}

// ---------------------------------------------------------------------------
// Snapshots of plain directories

TEST(DirSnapshotTest, NeedsRepoName) {
  TempDir dir;
  WriteFile(dir.path(), "a.py", "x\n");
  Result<Snapshot> snap = ReadSnapshot(dir.path(), SourceOptions(), WantPython);
  ASSERT_FALSE(snap.ok());
  EXPECT_EQ(snap.status().code(), Status::Code::kInvalidArgument);
  EXPECT_NE(snap.status().message().find("not a git repository"), std::string::npos);
}

TEST(DirSnapshotTest, ReadsWithRepoName) {
  TempDir dir;
  const std::string d = dir.path();
  WriteFile(d, "pkg/a.py", "x = 1\n");
  WriteFile(d, "tests/test_a.py", "x\n");
  WriteFile(d, "notes.txt", "x\n");
  WriteFile(d, "nested/.git/config", "x\n");
  WriteFile(d, "nested/.git/hook.py", "x\n");
  SourceOptions options;
  options.repo = "acme/plain";
  Result<Snapshot> snap = ReadSnapshot(d, options, WantPython);
  ASSERT_TRUE(snap.ok()) << snap.status().ToString();
  EXPECT_EQ(snap->repo, "acme/plain");
  EXPECT_EQ(snap->sha, "");
  EXPECT_NE(snap->note.find("not a git repository"), std::string::npos);
  EXPECT_EQ(FilePaths(*snap), std::vector<std::string>{"pkg/a.py"});
  EXPECT_EQ(snap->files[0].content, "x = 1\n");
  EXPECT_EQ(SkipReason(*snap, "tests/test_a.py"), "test");
  EXPECT_EQ(snap->unsupported, 0);      // notes.txt is no code
  EXPECT_EQ(snap->skipped.size(), 1u);  // .git contents are neither read nor listed

  options.rev = "v1.0";
  EXPECT_EQ(ReadSnapshot(d, options, WantPython).status().code(), Status::Code::kInvalidArgument);
}

TEST(DirSnapshotTest, MissingPathIsNotFound) {
  TempDir dir;
  SourceOptions options;
  options.repo = "acme/plain";
  Result<Snapshot> snap = ReadSnapshot(dir.Join("nope"), options, WantPython);
  ASSERT_FALSE(snap.ok());
  EXPECT_EQ(snap.status().code(), Status::Code::kNotFound);

  WriteFile(dir.path(), "file.py", "x\n");
  EXPECT_EQ(ReadSnapshot(dir.Join("file.py"), options, WantPython).status().code(),
            Status::Code::kInvalidArgument);
}

TEST(DirSnapshotTest, HostileEntries) {
  TempDir dir, outside;
  const std::string d = dir.path();
  WriteFile(outside.path(), "secret.py", "SECRET = 1\n");
  WriteFile(d, "pkg/a.py", "x\n");
  fs::create_symlink(outside.Join("secret.py"), d + "/pkg/link.py");
  fs::create_directory_symlink(outside.path(), d + "/linkdir");
  fs::create_directory_symlink(d, d + "/pkg/loop");
  ASSERT_EQ(mkfifo((d + "/pkg/pipe.py").c_str(), 0600), 0);
  WriteFile(d, "pkg/bin.py", std::string("a\0b", 3));
  WriteFile(d, "pkg/bad.py", "a = '\xFF'\nb = 2\n");
  {
    // A sparse 50 MB file: the size check must reject it without reading.
    std::ofstream big(d + "/pkg/huge_table.py");
  }
  fs::resize_file(d + "/pkg/huge_table.py", 50u << 20);
  std::string deep;
  for (int i = 0; i < 100; ++i) deep += "d/";
  WriteFile(d, deep + "deep.py", "x\n");

  SourceOptions options;
  options.repo = "acme/plain";
  Result<Snapshot> snap = ReadSnapshot(d, options, WantPython);
  ASSERT_TRUE(snap.ok()) << snap.status().ToString();
  EXPECT_EQ(FilePaths(*snap), (std::vector<std::string>{"pkg/a.py", "pkg/bad.py"}));
  EXPECT_EQ(SkipReason(*snap, "pkg/link.py"), "symlink");
  EXPECT_EQ(SkipReason(*snap, "linkdir"), "symlink");
  EXPECT_EQ(SkipReason(*snap, "pkg/loop"), "symlink");
  EXPECT_EQ(SkipReason(*snap, "pkg/pipe.py"), "special-file");
  EXPECT_EQ(SkipReason(*snap, "pkg/bin.py"), "binary");
  EXPECT_EQ(SkipReason(*snap, "pkg/huge_table.py"), "too-large");
  EXPECT_EQ(snap->SkipCounts()["too-deep"], 1);
  const SourceFile* bad = FindFile(*snap, "pkg/bad.py");
  ASSERT_NE(bad, nullptr);
  EXPECT_TRUE(bad->repaired_utf8);
  EXPECT_EQ(bad->content, "a = '\xEF\xBF\xBD'\nb = 2\n");
}

TEST(DirSnapshotTest, UnreadableFile) {
  if (geteuid() == 0) GTEST_SKIP() << "root reads every file";
  TempDir dir;
  WriteFile(dir.path(), "a.py", "x\n");
  WriteFile(dir.path(), "locked/b.py", "x\n");
  ASSERT_EQ(chmod(dir.Join("a.py").c_str(), 0), 0);
  ASSERT_EQ(chmod(dir.Join("locked").c_str(), 0), 0);
  SourceOptions options;
  options.repo = "acme/plain";
  Result<Snapshot> snap = ReadSnapshot(dir.path(), options, WantPython);
  chmod(dir.Join("locked").c_str(), 0700);  // so TempDir can remove it
  ASSERT_TRUE(snap.ok()) << snap.status().ToString();
  EXPECT_EQ(SkipReason(*snap, "a.py"), "unreadable");
  EXPECT_EQ(SkipReason(*snap, "locked"), "unreadable");
}

TEST(DirSnapshotTest, BadFileNames) {
  TempDir dir;
  WriteFile(dir.path(), "ok.py", "x\n");
  WriteFile(dir.path(), "new\nline.py", "x\n");
  WriteFile(dir.path(), "bad\xFF.py", "x\n");
  SourceOptions options;
  options.repo = "acme/plain";
  Result<Snapshot> snap = ReadSnapshot(dir.path(), options, WantPython);
  ASSERT_TRUE(snap.ok()) << snap.status().ToString();
  EXPECT_EQ(FilePaths(*snap), std::vector<std::string>{"ok.py"});
  EXPECT_EQ(snap->SkipCounts()["bad-path"], 2);
  for (const SkippedFile& s : snap->skipped) EXPECT_TRUE(IsValidUtf8(s.path));
}

}  // namespace
}  // namespace errdex
