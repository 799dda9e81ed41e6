// A raise in a catch block is explained by the try block's calls and the
// caught class, per language (thirteenth grading: mongoose, vite, retrofit,
// composer).
#include "analyze/caught_failure.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(CaughtFailure, JavaScriptCatchAfterAnEarlyReturn) {
  SourceFile f{"lib/schema/string.js",
               "SchemaString.prototype.cast = function(value, doc) {\n"      // 1
               "  if (typeof value !== 'string' && isRef(this, value)) {\n"  // 2
               "    return this._castRef(value, doc);\n"                     // 3
               "  }\n"                                                       // 4
               "  const castString = SchemaString.cast();\n"                 // 5
               "  try {\n"                                                   // 6
               "    return castString(value);\n"                             // 7
               "  } catch {\n"                                               // 8
               "    throw new CastError('string', value, this.path);\n"      // 9
               "  }\n"                                                       // 10
               "};\n"};
  Record r = Build(f, "string");
  // The early return at line 2 only leads here: not the cause.
  EXPECT_EQ(r.documentation,
            "This reports an error from the `try` block at line 7, which calls "
            "`castString(value)` (caught at line 8). `CastError` is raised in `cast` "
            "(lib/schema/string.js) at line 9.");
}

TEST(CaughtFailure, JavaSecondCatchClause) {
  SourceFile f{"src/main/java/a/Conv.java",
               "package a;\n"                                                        // 1
               "final class Conv {\n"                                                // 2
               "  public T convert(ResponseBody value) throws IOException {\n"       // 3
               "    try {\n"                                                         // 4
               "      T read = serializer.read(cls, value.charStream(), strict);\n"  // 5
               "      return read;\n"                                                // 6
               "    } catch (RuntimeException | IOException e) {\n"                  // 7
               "      throw e;\n"                                                    // 8
               "    } catch (Exception e) {\n"                                       // 9
               "      throw new RuntimeException(\"conversion failed\", e);\n"       // 10
               "    }\n"                                                             // 11
               "  }\n"                                                               // 12
               "}\n"};
  Record r = Build(f, "conversion failed");
  EXPECT_EQ(r.documentation,
            "This reports an `Exception` from the `try` block at lines 5\u20136, which calls "
            "`serializer.read(cls, value.charStream(), strict)` (caught at line 9). "
            "`RuntimeException` is raised in `Conv.convert` (src/main/java/a/Conv.java) at line "
            "10.");
}

// A `throw` inside the `try` is no failing call, and the clause before the
// raise's rethrows what it catches (fourteenth grading: retrofit).
TEST(CaughtFailure, JavaThrowInTryAndRethrowingClause) {
  SourceFile f{"src/main/java/a/Conv.java",
               "package a;\n"                                                        // 1
               "final class Conv {\n"                                                // 2
               "  public T convert(ResponseBody value) throws IOException {\n"       // 3
               "    try {\n"                                                         // 4
               "      T read = serializer.read(cls, value.charStream(), strict);\n"  // 5
               "      if (read == null) {\n"                                         // 6
               "        throw new IllegalStateException(\"no body\");\n"             // 7
               "      }\n"                                                           // 8
               "      return read;\n"                                                // 9
               "    } catch (RuntimeException | IOException e) {\n"                  // 10
               "      throw e;\n"                                                    // 11
               "    } catch (Exception e) {\n"                                       // 12
               "      throw new RuntimeException(\"conversion failed\", e);\n"       // 13
               "    }\n"                                                             // 14
               "  }\n"                                                               // 15
               "}\n"};
  Record r = Build(f, "conversion failed");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `Conv.convert` (src/main/java/a/Conv.java) when a call in the `try` "
            "block at lines 5\u20139 fails (`serializer.read(...)` (line 5)) and `catch "
            "(Exception e)` (line 12) catches it (what `catch (RuntimeException | IOException e)` "
            "at line 10 catches is rethrown unchanged).");
}

TEST(CaughtFailure, PhpCheckInsideTheCatch) {
  SourceFile f{"src/Factory.php",
               "<?php\n"                                                                  // 1
               "class Factory {\n"                                                        // 2
               "    public static function validate($data, ?IOInterface $io = null) {\n"  // 3
               "        try {\n"                                                          // 4
               "            JsonFile::validateJsonSchema($data);\n"                       // 5
               "        } catch (JsonValidationException $e) {\n"                         // 6
               "            $msg = $e->getMessage().', this may result in errors';\n"     // 7
               "            if ($io instanceof IOInterface) {\n"                          // 8
               "                $io->writeError($msg);\n"                                 // 9
               "            } else {\n"                                                   // 10
               "                throw new UnexpectedValueException('invalid json: '.$msg);\n"
               "            }\n"
               "        }\n"
               "    }\n"
               "}\n"};
  Record r = Build(f, "invalid json");
  EXPECT_EQ(r.documentation,
            "This reports a `JsonValidationException` from the `try` block at line 5, which calls "
            "`JsonFile::validateJsonSchema($data)` (caught at line 6). `Factory::validate` rejects "
            "arguments for which `$io` is not a `IOInterface` (line 8). "
            "`UnexpectedValueException` is raised in `Factory::validate` (src/Factory.php) at "
            "line 11. (message assigned to `$msg` at line 7.)");
  // `IOInterface` is the class `$io` is tested against, not a variable.
  EXPECT_EQ(r.trigger_scenarios,
            "Happens when you call `Factory::validate` with arguments for which `$io` is not a "
            "`IOInterface` (line 8). Inside `catch (JsonValidationException $e)` (line 6).");
}

TEST(CaughtFailure, PythonExceptWithClasses) {
  SourceFile f{
      "pkg/load.py",
      "def load(path):\n"                                         // 1
      "    try:\n"                                                // 2
      "        data = json.loads(read_text(path))\n"              // 3
      "    except (ValueError, KeyError) as e:\n"                 // 4
      "        raise ConfigError(f'bad config {path}') from e\n"  // 5
  };
  Record r = Build(f, "bad config");
  EXPECT_EQ(r.documentation,
            "This reports a `ValueError` or `KeyError` from the `try` block at line 3, which calls "
            "`json.loads(read_text(path))` (caught at line 4). `ConfigError` is raised in `load` "
            "(pkg/load.py) at line 5.");
}

// A call whose arguments span lines is one call; its argument lines are
// not calls of the try block.
TEST(CaughtFailure, TypeScriptMultiLineCallAndLoggedError) {
  SourceFile f{"src/optimizer.ts",
               "export async function init(env: Env) {\n"                 // 1
               "  try {\n"                                                // 2
               "    discover = discoverDependencies(\n"                   // 3
               "      toScanEnvironment(env),\n"                          // 4
               "    )\n"                                                  // 5
               "    deps = await discover.result\n"                       // 6
               "  } catch (e) {\n"                                        // 7
               "    env.logger.error('Failed to run dependency scan')\n"  // 8
               "  }\n"                                                    // 9
               "}\n"};
  Record r = Build(f, "Failed to run dependency scan");
  EXPECT_EQ(r.documentation,
            "This reports an error from the `try` block at lines 3\u20136, which calls "
            "`discoverDependencies(...)` (caught at line 7). An error is logged in `init` "
            "(src/optimizer.ts) at line 8.");
}

TEST(CaughtFailure, RubyRescueInAMethod) {
  SourceFile f{"lib/loader.rb",
               "def load_spec(path)\n"                                  // 1
               "  Gem::Specification.load(path)\n"                      // 2
               "rescue Errno::ENOENT, SyntaxError => e\n"               // 3
               "  raise InvalidSpec, \"could not read the gemspec\"\n"  // 4
               "end\n"};
  Record r = Build(f, "could not read the gemspec");
  EXPECT_EQ(r.documentation,
            "This reports an `Errno::ENOENT` or `SyntaxError` from the `try` block at line 2, "
            "which calls `Gem::Specification.load(path)` (caught at line 3). `InvalidSpec` is "
            "raised in `load_spec` (lib/loader.rb) at line 4.");
}

// Logging and an argument-less constructor are not what failed.
TEST(CaughtFailure, LoggingAndEmptyConstructorsAreNotTheCalls) {
  SourceFile f{"src/main/java/a/Proxy.java",
               "package a;\n"                                                       // 1
               "final class Proxy {\n"                                              // 2
               "  void open(Connection c) {\n"                                      // 3
               "    try {\n"                                                        // 4
               "      Properties props = new Properties();\n"                       // 5
               "      log.debug(\"opening\");\n"                                    // 6
               "      c.unwrap(OracleConnection.class).openProxySession(props);\n"  // 7
               "    } catch (SQLException e) {\n"                                   // 8
               "      throw new FlywayException(\"Unable to open proxy session\", e);\n"
               "    }\n"
               "  }\n"
               "}\n"};
  Record r = Build(f, "Unable to open proxy session");
  EXPECT_EQ(r.documentation.substr(0, r.documentation.find(" (caught")),
            "This reports a `SQLException` from the `try` block at lines 5\u20137, which calls "
            "`c.unwrap(OracleConnection.class).openProxySession(props)`");
}

// A statement spread over lines that errdex does not summarise is counted.
TEST(CaughtFailure, MultiLineAssignmentIsCounted) {
  SourceFile f{"src/main/java/a/Stream.java",
               "package a;\n"                                  // 1
               "final class Stream {\n"                        // 2
               "  Class<?> resolve(Desc desc) {\n"             // 3
               "    try {\n"                                   // 4
               "      Class<?> proxy =\n"                      // 5
               "          ((Maker) Plugins.getMockMaker())\n"  // 6
               "              .createMockType(settings);\n"    // 7
               "      rename(desc, proxy);\n"                  // 8
               "      return proxy;\n"                         // 9
               "    } catch (ClassCastException cce) {\n"      // 10
               "      throw new SerializationIssue(\"cannot be deserialized\", cce);\n"
               "    }\n"
               "  }\n"
               "}\n"};
  Record r = Build(f, "cannot be deserialized");
  EXPECT_EQ(r.documentation.substr(0, r.documentation.find(" (caught")),
            "This reports a `ClassCastException` from the `try` block at lines 5\u20139, which "
            "calls `rename(desc, proxy)` and 1 more");
}

}  // namespace
}  // namespace errdex
