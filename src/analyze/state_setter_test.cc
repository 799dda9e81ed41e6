// State setters: a check on a member of the object names the public method
// of the same class that sets it ("Call `connect()` first"), or, when the
// check raises while the member is set, the method that must not come
// before the call. Private methods, constructors and closures never count.
#include "analyze/state_setter.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "util/text.h"

namespace errdex {
namespace {

using analyze_testing::Build;

// The solution that names a state setter, or "".
std::string StateAdvice(const Record& r) {
  for (const std::string& s : r.solutions) {
    if (s.find(" first: ") != std::string::npos || s.starts_with("Do not call ")) return s;
  }
  return "";
}

TEST(StateSetter, JavaScriptCallConnectFirst) {
  SourceFile f{"lib/stream.js",
               "class Stream {\n"                                  // 1
               "  constructor() {\n"                               // 2
               "    this.conn = null;\n"                           // 3
               "  }\n"                                             // 4
               "  connect(url) {\n"                                // 5
               "    this.conn = open(url);\n"                      // 6
               "  }\n"                                             // 7
               "  send(data) {\n"                                  // 8
               "    if (!this.conn) {\n"                           // 9
               "      throw new Error('Stream not connected');\n"  // 10
               "    }\n"                                           // 11
               "  }\n"                                             // 12
               "}\n"                                               // 13
               "module.exports = Stream;\n"};
  Record r = Build(f, "Stream not connected");
  EXPECT_EQ(StateAdvice(r),
            "Call `connect()` (line 6) first: it sets `this.conn`, and the check at line 9 "
            "raises this when `this.conn` is not set (false, empty or missing)");
}

TEST(StateSetter, PythonWithBlockSetsTheFlag) {
  SourceFile f{"src/click/_termui_impl.py",
               "class ProgressBar:\n"            // 1
               "    def __init__(self):\n"       // 2
               "        self.entered = False\n"  // 3
               "\n"                              // 4
               "    def __enter__(self):\n"      // 5
               "        self.entered = True\n"   // 6
               "        return self\n"           // 7
               "\n"                              // 8
               "    def __iter__(self):\n"       // 9
               "        if not self.entered:\n"  // 10
               "            raise RuntimeError(\"You need to use progress bars in a with "
               "block.\")\n"  // 11
               "        return self\n"};
  Record r = Build(f, "progress bars");
  EXPECT_EQ(
      StateAdvice(r),
      "Use a `with` block (`__enter__`, line 6) first: it sets `self.entered`, and the "
      "check at line 10 raises this when `self.entered` is not set (false, empty or missing)");
}

TEST(StateSetter, PhpSetterOfTheContainer) {
  SourceFile f{"src/Pipeline.php",
               "<?php\n"                                                 // 1
               "class Pipeline {\n"                                      // 2
               "    protected $container;\n"                             // 3
               "    public function __construct($container = null) {\n"  // 4
               "        $this->container = $container;\n"                // 5
               "    }\n"                                                 // 6
               "    public function setContainer($container) {\n"        // 7
               "        $this->container = $container;\n"                // 8
               "        return $this;\n"                                 // 9
               "    }\n"                                                 // 10
               "    private function reset() {\n"                        // 11
               "        $this->container = $this->fresh();\n"            // 12
               "    }\n"                                                 // 13
               "    protected function getContainer() {\n"               // 14
               "        if (! $this->container) {\n"                     // 15
               "            throw new RuntimeException('A container instance has not been "
               "passed to the Pipeline.');\n"        // 16
               "        }\n"                         // 17
               "        return $this->container;\n"  // 18
               "    }\n"                             // 19
               "}\n"};
  Record r = Build(f, "container instance");
  EXPECT_EQ(StateAdvice(r),
            "Call `setContainer()` (line 8) first: it sets `$this->container`, and the check at "
            "line 15 raises this when `$this->container` is not set (false, empty or missing)");
}

TEST(StateSetter, RubyCheckWhileSetNamesWhatMustNotComeBefore) {
  SourceFile f{"lib/rack/body.rb",
               "class Body\n"                                           // 1
               "  def close\n"                                          // 2
               "    @closed = true\n"                                   // 3
               "  end\n"                                                // 4
               "\n"                                                     // 5
               "  def each\n"                                           // 6
               "    if @closed\n"                                       // 7
               "      raise ArgumentError, \"Body has been closed\"\n"  // 8
               "    end\n"                                              // 9
               "  end\n"                                                // 10
               "end\n"};
  Record r = Build(f, "Body has been closed");
  EXPECT_EQ(StateAdvice(r),
            "Do not call `Body.each` once `close` (line 3) has set `@closed` to true: the check "
            "at line 7 raises this when `@closed` is true");
}

TEST(StateSetter, JavaStartSetsTheFlag) {
  SourceFile f{"src/main/java/a/Client.java",
               "package a;\n"                                                      // 1
               "public class Client {\n"                                           // 2
               "  private boolean started;\n"                                      // 3
               "  public void start() {\n"                                         // 4
               "    this.started = true;\n"                                        // 5
               "  }\n"                                                             // 6
               "  public void send(String m) {\n"                                  // 7
               "    if (!this.started) {\n"                                        // 8
               "      throw new IllegalStateException(\"client not started\");\n"  // 9
               "    }\n"                                                           // 10
               "  }\n"                                                             // 11
               "}\n"};
  Record r = Build(f, "client not started");
  EXPECT_EQ(StateAdvice(r),
            "Call `start()` (line 5) first: it sets `this.started`, and the check at line 8 "
            "raises this when `this.started` is not set (false, empty or missing)");
}

// C#'s `_x` fields are named bare; the constructor's assignment does not count.
TEST(StateSetter, CSharpUnderscoreFieldSetByBuild) {
  SourceFile f{"src/Polly/PipelineBuilder.cs",
               "namespace Polly;\n"                       // 1
               "public class PipelineBuilder\n"           // 2
               "{\n"                                      // 3
               "    private bool _used;\n"                // 4
               "    public PipelineBuilder()\n"           // 5
               "    {\n"                                  // 6
               "        _used = true;\n"                  // 7
               "    }\n"                                  // 8
               "    public object Build()\n"              // 9
               "    {\n"                                  // 10
               "        _used = true;\n"                  // 11
               "        return new object();\n"           // 12
               "    }\n"                                  // 13
               "    public void AddStrategy(object s)\n"  // 14
               "    {\n"                                  // 15
               "        if (_used)\n"                     // 16
               "        {\n"                              // 17
               "            throw new InvalidOperationException(\"Cannot add any more "
               "strategies to the builder after it has been used.\");\n"  // 18
               "        }\n"                                              // 19
               "    }\n"                                                  // 20
               "}\n"};
  Record r = Build(f, "Cannot add any more");
  EXPECT_EQ(StateAdvice(r),
            "Do not call `PipelineBuilder.AddStrategy` once `Build()` (line 11) has set `_used` "
            "to true: the check at line 16 raises this when `_used` is set");
}

// `if ($this->dryRun) return;` before a failing write: setting the flag
// skips the work, it does not fix the failure.
TEST(StateSetter, AnEarlyExitIsNotTheCheck) {
  SourceFile f{"src/Dumper.php",
               "<?php\n"
               "class Dumper {\n"
               "    public function setDryRun($dryRun) {\n"
               "        $this->dryRun = $dryRun;\n"
               "    }\n"
               "    public function dump($path) {\n"
               "        if ($this->dryRun) {\n"
               "            return;\n"
               "        }\n"
               "        throw new \\RuntimeException('Loader is missing from the dump');\n"
               "    }\n"
               "}\n"};
  Record r = Build(f, "Loader is missing");
  EXPECT_EQ(StateAdvice(r), "");
}

// Only a constructor, a private method or a closure assigns it: nothing to
// call, nothing said.
TEST(StateSetter, PrivateConstructorAndClosureSettersDoNotCount) {
  SourceFile f{"lib/pool.js",
               "class Pool {\n"                                 // 1
               "  constructor(size) {\n"                        // 2
               "    this.ready = true;\n"                       // 3
               "  }\n"                                          // 4
               "  _warm() {\n"                                  // 5
               "    this.ready = true;\n"                       // 6
               "  }\n"                                          // 7
               "  watch(emitter) {\n"                           // 8
               "    emitter.on('up', () => {\n"                 // 9
               "      this.ready = true;\n"                     // 10
               "    });\n"                                      // 11
               "  }\n"                                          // 12
               "  acquire() {\n"                                // 13
               "    if (!this.ready) {\n"                       // 14
               "      throw new Error('Pool is not ready');\n"  // 15
               "    }\n"                                        // 16
               "  }\n"                                          // 17
               "}\n"                                            // 18
               "module.exports = Pool;\n"};
  Record r = Build(f, "Pool is not ready");
  EXPECT_EQ(StateAdvice(r), "");
}

// A method of another class in the same file does not set this object's
// member.
TEST(StateSetter, AnotherClassInTheFileDoesNotCount) {
  SourceFile f{"src/pkg/conn.py",
               "class Other:\n"                                          // 1
               "    def open(self):\n"                                   // 2
               "        self.sock = object()\n"                          // 3
               "\n"                                                      // 4
               "class Conn:\n"                                           // 5
               "    def send(self, data):\n"                             // 6
               "        if self.sock is None:\n"                         // 7
               "            raise ValueError(\"Conn has no socket\")\n"  // 8
               "\n"};
  Record r = Build(f, "Conn has no socket");
  EXPECT_EQ(StateAdvice(r), "");
}

TEST(StateSetter, ParsesOnlyAPlainMemberTest) {
  std::vector<std::string_view> lines = SplitLines(
      "class A {\n"
      "  open() { this.x = 1; }\n"
      "  f() {\n"
      "  }\n"
      "}\n");
  EXPECT_TRUE(StateSetters({"!this.x", true, 4}, "javascript", lines, 3).has_value());
  EXPECT_FALSE(StateSetters({"!this.x.y", true, 4}, "javascript", lines, 3).has_value());
  EXPECT_FALSE(StateSetters({"!this.x && y", true, 4}, "javascript", lines, 3).has_value());
  EXPECT_FALSE(StateSetters({"!x", true, 4}, "javascript", lines, 3).has_value());
}

}  // namespace
}  // namespace errdex
