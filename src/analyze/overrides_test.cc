// A base method that always raises "not supported": the record names the
// subclasses in the repository that implement the method instead (resolve's
// SiteFacts::overrides), never a same-named method of an unrelated class.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::BuildInRepo;

TEST(Overrides, PhpGrammarNamesTheDriversThatImplementIt) {
  std::vector<SourceFile> files = {
      {"src/Grammar.php",
       "<?php\n"                               // 1
       "namespace Db;\n"                       // 2
       "class Grammar\n"                       // 3
       "{\n"                                   // 4
       "    public function compileTypes()\n"  // 5
       "    {\n"                               // 6
       "        throw new \\RuntimeException('This database driver does not support "
       "retrieving user-defined types.');\n"  // 7
       "    }\n"                              // 8
       "}\n"},
      {"src/PostgresGrammar.php",
       "<?php\n"                                  // 1
       "namespace Db;\n"                          // 2
       "class PostgresGrammar extends Grammar\n"  // 3
       "{\n"                                      // 4
       "    public function compileTypes()\n"     // 5
       "    {\n"                                  // 6
       "        return 'select 1';\n"             // 7
       "    }\n"                                  // 8
       "}\n"},
      {"src/Unrelated.php",
       "<?php\n"
       "namespace Db;\n"
       "class Unrelated\n"
       "{\n"
       "    public function compileTypes()\n"
       "    {\n"
       "        return 'x';\n"
       "    }\n"
       "}\n"}};
  Record r = BuildInRepo(files, "does not support retrieving");
  EXPECT_EQ(r.solutions,
            (std::vector<std::string>{
                "Use a database driver whose implementation provides `compileTypes`: "
                "`PostgresGrammar` (src/PostgresGrammar.php:5) overrides it; "
                "`Grammar::compileTypes` itself raises this every time it runs (line 7)"}));
}

TEST(Overrides, JavaSubclassesOfTheBase) {
  std::vector<SourceFile> files = {
      {"src/main/java/a/Sink.java",
       "package a;\n"                                                                // 1
       "public class Sink {\n"                                                       // 2
       "  public void flush() {\n"                                                   // 3
       "    throw new UnsupportedOperationException(\"flush is not supported\");\n"  // 4
       "  }\n"                                                                       // 5
       "}\n"},
      {"src/main/java/a/FileSink.java",
       "package a;\n"                            // 1
       "public class FileSink extends Sink {\n"  // 2
       "  @Override\n"                           // 3
       "  public void flush() {\n"               // 4
       "    out.flush();\n"                      // 5
       "  }\n"                                   // 6
       "}\n"},
      {"src/main/java/a/NetSink.java",
       "package a;\n"
       "public class NetSink extends Sink {\n"
       "  public void flush() {\n"
       "    sock.flush();\n"
       "  }\n"
       "}\n"}};
  Record r = BuildInRepo(files, "flush is not supported");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "It works only where the object in use is one of the classes that implement "
            "`flush` (usually chosen by the driver, platform or configuration, not constructed "
            "by you): `FileSink` "
            "(src/main/java/a/FileSink.java:3), `NetSink` (src/main/java/a/NetSink.java:3) "
            "override it; `Sink.flush` itself raises this every time it runs (line 4)");
}

// A guarded raise is not what the method always does; nothing is said.
TEST(Overrides, AGuardedRaiseIsLeftAlone) {
  std::vector<SourceFile> files = {
      {"src/main/java/a/Sink.java",
       "package a;\n"
       "public class Sink {\n"
       "  public void flush(int mode) {\n"
       "    if (mode == 2) {\n"
       "      throw new UnsupportedOperationException(\"mode 2 is not supported\");\n"
       "    }\n"
       "  }\n"
       "}\n"},
      {"src/main/java/a/FileSink.java",
       "package a;\n"
       "public class FileSink extends Sink {\n"
       "  public void flush(int mode) {\n"
       "  }\n"
       "}\n"}};
  Record r = BuildInRepo(files, "mode 2 is not supported");
  for (const std::string& s : r.solutions) EXPECT_EQ(s.find("Use an object of"), std::string::npos);
}

// No class in the repository replaces it: not calling it is the fix.
TEST(Overrides, KotlinUnsupportedWithoutOverridesSaysNotToCall) {
  std::vector<SourceFile> files = {{"src/main/kotlin/a/ReadOnlyList.kt",
                                    "package a\n"             // 1
                                    "class ReadOnlyList {\n"  // 2
                                    "  fun add(x: Int) {\n"   // 3
                                    "    throw UnsupportedOperationException(\"This list is "
                                    "read-only: adding is not supported\")\n"  // 4
                                    "  }\n"                                    // 5
                                    "}\n"}};
  Record r = BuildInRepo(files, "adding is not supported");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Do not call `add` on this object: no subclass in the repository overrides it; "
            "`ReadOnlyList.add` itself raises this every time it runs (line 4)");
}

// Every override is the library's own (an `internal/` directory): the user
// overrides the method in a subclass of the abstract base instead of
// picking one of them (kotlinx's `AbstractEncoder.encodeNull`), and the
// trigger names that condition rather than "whenever something calls it".
TEST(Overrides, KotlinInternalOverridesAskForTheUsersSubclass) {
  std::vector<SourceFile> files = {
      {"core/src/a/encoding/AbstractEncoder.kt",
       "package a.encoding\n"                                                        // 1
       "public abstract class AbstractEncoder {\n"                                   // 2
       "  public open fun encodeNull() {\n"                                          // 3
       "    throw SerializationException(\"'null' is not supported by default\")\n"  // 4
       "  }\n"                                                                       // 5
       "}\n"},
      {"core/src/a/internal/NoOpEncoder.kt",
       "package a.internal\n"                                 // 1
       "internal object NoOpEncoder : AbstractEncoder() {\n"  // 2
       "  override fun encodeNull() {}\n"                     // 3
       "}\n"}};
  Record r = BuildInRepo(files, "'null' is not supported");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Override `encodeNull` in your subclass of `AbstractEncoder`; "
                             "`AbstractEncoder.encodeNull` itself raises this every time it runs "
                             "(line 4)"}));
  EXPECT_NE(r.trigger_scenarios.find(
                "`AbstractEncoder.encodeNull` raises this every time it runs, so it happens "
                "when `encodeNull` is called on an object whose class does not override it."),
            std::string::npos)
      << r.trigger_scenarios;
}

// A `case` arm or a closure around the raise: not every call raises it.
TEST(Overrides, ACaseArmIsNotEveryTime) {
  std::vector<SourceFile> files = {
      {"src/main/java/a/Codec.java",
       "package a;\n"
       "public class Codec {\n"
       "  public void encode(int kind) {\n"
       "    switch (kind) {\n"
       "      case 1:\n"
       "        throw new UnsupportedOperationException(\"kind 1 is not supported\");\n"
       "    }\n"
       "  }\n"
       "}\n"}};
  Record r = BuildInRepo(files, "kind 1 is not supported");
  for (const std::string& s : r.solutions) EXPECT_EQ(s.find("every time"), std::string::npos);
}

// A `switch` whose arms return, then the raise: only the other values reach it.
TEST(Overrides, ARaiseAfterReturningArmsIsNotEveryTime) {
  std::vector<SourceFile> files = {
      {"lib/Parser.js",
       "class Parser {\n"
       "  parseString(expression) {\n"
       "    switch (expression.type) {\n"
       "      case 'Literal':\n"
       "        return expression.value;\n"
       "    }\n"
       "    throw new Error(`${expression.type} is not supported as parameter`);\n"
       "  }\n"
       "}\n"
       "module.exports = Parser;\n"}};
  Record r = BuildInRepo(files, "is not supported as parameter");
  for (const std::string& s : r.solutions) EXPECT_EQ(s.find("every time"), std::string::npos);
}

// pip's Cache: a docstring before the raise is no branch, and a PHP base
// class that "cannot" do it names the grant that can (oauth2-server).
TEST(Overrides, PythonDocstringAndPhpCannot) {
  std::vector<SourceFile> py = {
      {"src/cache.py",
       "class Cache:\n"                                                               // 1
       "    def get_path_for_link(self, link):\n"                                     // 2
       "        \"\"\"Return a directory to store cached items in for link.\"\"\"\n"  // 3
       "        raise NotImplementedError()\n"                                        // 4
       "\n"                                                                           // 5
       "class SimpleWheelCache(Cache):\n"                                             // 6
       "    def get_path_for_link(self, link):\n"                                     // 7
       "        return 'x'\n"}};
  Record r = BuildInRepo(py, "NotImplementedError");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_NE(r.solutions[0].find("`SimpleWheelCache` (src/cache.py:7) overrides it"),
            std::string::npos)
      << r.solutions[0];
  std::vector<SourceFile> php = {
      {"src/AbstractGrant.php",
       "<?php\n"
       "namespace Grant;\n"
       "abstract class AbstractGrant\n"
       "{\n"
       "    public function completeDeviceAuthorizationRequest(string $code): void\n"
       "    {\n"
       "        throw new LogicException('This grant cannot complete a device authorization "
       "request');\n"
       "    }\n"
       "}\n"},
      {"src/DeviceCodeGrant.php",
       "<?php\n"
       "namespace Grant;\n"
       "class DeviceCodeGrant extends AbstractGrant\n"
       "{\n"
       "    public function completeDeviceAuthorizationRequest(string $code): void\n"
       "    {\n"
       "        $this->x = $code;\n"
       "    }\n"
       "}\n"}};
  r = BuildInRepo(php, "cannot complete");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_NE(r.solutions[0].find("`DeviceCodeGrant` (src/DeviceCodeGrant.php:5) overrides it"),
            std::string::npos)
      << r.solutions[0];
}

// An exception class's constructor that sets its message refuses nothing:
// other classes' constructors are no alternative (Homebrew's
// MacOSVersion::Error, thirty-fifth grading).
TEST(Overrides, AnErrorConstructorIsNoUnsupportedMethod) {
  std::vector<SourceFile> files = {
      {"lib/macos_version.rb",
       "class MacOSVersion\n"
       "  class Error < RuntimeError\n"
       "    def initialize(version)\n"
       "      super \"unknown or unsupported macOS version: #{version.inspect}\"\n"
       "    end\n"
       "  end\n"
       "end\n"},
      {"lib/locale.rb",
       "class Locale\n"
       "  class ParserError < Error\n"
       "    def initialize(x)\n"
       "      super\n"
       "    end\n"
       "  end\n"
       "end\n"}};
  Record r = BuildInRepo(files, "unsupported macOS version");
  for (const std::string& x : r.solutions) {
    EXPECT_EQ(x.find("override it"), std::string::npos) << x;
    EXPECT_EQ(x.find("every time it runs"), std::string::npos) << x;
  }
}

}  // namespace
}  // namespace errdex
