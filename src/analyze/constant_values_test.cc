// Constant values: a check that rejects a value missing from a constant
// list the file defines names the list's values in the trigger and, when the
// value is an argument of the function users call, in the solution; in PHP,
// JavaScript, Java and Ruby. A deny list, a list built from other names and
// a list the file adds to are not read.
#include "analyze/constant_values.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "util/text.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(ConstantValues, PhpClassConstantNamesTheChannels) {
  SourceFile f{"src/Versions.php",
               "<?php\n"                                                                     // 1
               "class Versions\n"                                                            // 2
               "{\n"                                                                         // 3
               "    public const CHANNELS = ['stable', 'preview', 'snapshot', '1', '2'];\n"  // 4
               "\n"                                                                          // 5
               "    public function setChannel(string $channel): void\n"                     // 6
               "    {\n"                                                                     // 7
               "        if (!in_array($channel, self::CHANNELS, true)) {\n"                  // 8
               "            throw new \\InvalidArgumentException('Invalid channel ' . "
               "$channel);\n"  // 9
               "        }\n"   // 10
               "    }\n"       // 11
               "}\n"};
  Record r = Build(f, "Invalid channel");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions.back(),
            "Call `Versions::setChannel` with a `$channel` that is one of: 'stable', 'preview', "
            "'snapshot', '1', '2' (`self::CHANNELS`, line 4; checked at line 8)");
  EXPECT_NE(r.trigger_scenarios.find(
                " `self::CHANNELS` (line 4) holds 'stable', 'preview', 'snapshot', '1', '2'."),
            std::string::npos)
      << r.trigger_scenarios;
}

TEST(ConstantValues, JavaScriptSetOverLines) {
  SourceFile f{"lib/mode.js",
               "const MODES = new Set([\n"                       // 1
               "  \"development\", // the default\n"             // 2
               "  \"production\",\n"                             // 3
               "  \"none\",\n"                                   // 4
               "]);\n"                                           // 5
               "function setMode(mode) {\n"                      // 6
               "  if (!MODES.has(mode)) {\n"                     // 7
               "    throw new Error(`Unknown mode ${mode}`);\n"  // 8
               "  }\n"                                           // 9
               "}\n"                                             // 10
               "module.exports = { setMode };\n"};
  Record r = Build(f, "Unknown mode");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions.back(),
            "Call `setMode` with a `mode` that is one of: \"development\", \"production\", "
            "\"none\" (`MODES`, line 1; checked at line 7)");
}

TEST(ConstantValues, JavaImmutableSetAndRubyWords) {
  SourceFile java{"src/main/java/acme/Codec.java",
                  "package acme;\n"                                                          // 1
                  "public class Codec {\n"                                                   // 2
                  "  private static final Set<String> NAMES = Set.of(\"gzip\", \"br\");\n"   // 3
                  "  public static Codec forName(String name) {\n"                           // 4
                  "    if (!NAMES.contains(name)) {\n"                                       // 5
                  "      throw new IllegalArgumentException(\"unknown codec: \" + name);\n"  // 6
                  "    }\n"                                                                  // 7
                  "    return new Codec();\n"                                                // 8
                  "  }\n"                                                                    // 9
                  "}\n"};
  Record j = Build(java, "unknown codec");
  ASSERT_FALSE(j.solutions.empty());
  EXPECT_EQ(j.solutions.back(),
            "Call `Codec.forName` with a `name` that is one of: \"gzip\", \"br\" (`NAMES`, line "
            "3; checked at line 5)");
  SourceFile ruby{"lib/acme/level.rb",
                  "module Acme\n"                                             // 1
                  "  LEVELS = %w[debug info warn].freeze\n"                   // 2
                  "  def self.level=(value)\n"                                // 3
                  "    unless LEVELS.include?(value)\n"                       // 4
                  "      raise ArgumentError, \"invalid level: #{value}\"\n"  // 5
                  "    end\n"                                                 // 6
                  "  end\n"                                                   // 7
                  "end\n"};
  Record r = Build(ruby, "invalid level");
  EXPECT_NE(r.trigger_scenarios.find("`LEVELS` (line 2) holds debug, info, warn."),
            std::string::npos)
      << r.trigger_scenarios;
}

TEST(ConstantValues, DenyListsComputedAndGrownListsAreNotRead) {
  std::vector<std::string_view> lines = SplitLines(
      "const RESERVED = ['con', 'nul'];\n"
      "const KINDS = [A, B];\n"
      "const TYPES = ['a'];\n"
      "TYPES.push(extra);\n");
  ASSERT_TRUE(ConstantMembership("RESERVED.includes(name)", lines).has_value());
  EXPECT_EQ(ConstantMembership("RESERVED.includes(name)", lines)->values.size(), 2u);
  EXPECT_FALSE(ConstantMembership("KINDS.includes(kind)", lines).has_value());
  EXPECT_FALSE(ConstantMembership("TYPES.includes(type)", lines).has_value());
  EXPECT_FALSE(ConstantMembership("OTHER.includes(type)", lines).has_value());
  EXPECT_FALSE(ConstantMembership("RESERVED.includes(name) && x", lines).has_value());
  // A raise when the name is in the list: no values to choose from.
  SourceFile f{"lib/name.js",
               "const RESERVED = ['con', 'nul'];\n"
               "function check(name) {\n"
               "  if (RESERVED.includes(name)) {\n"
               "    throw new Error(`Reserved name ${name}`);\n"
               "  }\n"
               "}\n"
               "module.exports = { check };\n"};
  Record r = Build(f, "Reserved name");
  EXPECT_EQ(r.trigger_scenarios.find("holds"), std::string::npos) << r.trigger_scenarios;
  for (const std::string& s : r.solutions) EXPECT_EQ(s.find("one of"), std::string::npos) << s;
}

// mysql2's connection options: a map literal's keys are the names accepted,
// read through `validOptions[key] !== 1` in a loop over what the user gave.
TEST(ConstantValues, JavaScriptMapKeysAreTheNamesToUse) {
  SourceFile f{"lib/connection_config.js",
               "const validOptions = {\n"                // 1
               "  authPlugins: 1,\n"                     // 2
               "  'charset': 1,\n"                       // 3
               "  database: 1, // the schema\n"          // 4
               "};\n"                                    // 5
               "class ConnectionConfig {\n"              // 6
               "  constructor(options) {\n"              // 7
               "    for (const key in options) {\n"      // 8
               "      if (validOptions[key] !== 1) {\n"  // 9
               "        console.error(`Ignoring invalid configuration option "
               "passed to Connection: ${key}.`);\n"  // 10
               "      }\n"                           // 11
               "    }\n"                             // 12
               "  }\n"                               // 13
               "}\n"                                 // 14
               "module.exports = ConnectionConfig;\n"};
  Record r = Build(f, "Ignoring invalid configuration option");
  EXPECT_NE(std::find(r.solutions.begin(), r.solutions.end(),
                      "Use one of the names `validOptions` holds (line 1): authPlugins, "
                      "'charset', database; the check at line 9 raises this for `key` being none "
                      "of them"),
            r.solutions.end())
      << Join(r.solutions, "\n");
}

TEST(ConstantValues, RubyHashAndPhpMapKeys) {
  std::vector<std::string_view> ruby = {"FORMATS = {", "  json: JsonFormat,",
                                        "  :xml => XmlFormat,", "  'yaml' => YamlFormat", "}"};
  std::optional<ConstantValues> r = ConstantMembership("FORMATS.key?(format)", ruby);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(Join(r->values, ", "), "json, :xml, 'yaml'");
  std::vector<std::string_view> php = {"<?php", "class Driver {",
                                       "    const DRIVERS = ['mysql' => Mysql::class, 'pgsql' "
                                       "=> Pgsql::class];",
                                       "}"};
  r = ConstantMembership("array_key_exists($name, self::DRIVERS)", php);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(Join(r->values, ", "), "'mysql', 'pgsql'");
  EXPECT_EQ(MissingEntryTest("validOptions[key] !== 1"), "validOptions[key]");
  EXPECT_EQ(MissingEntryTest("validOptions[key] === 1"), "");
}

// A key test on a list tests its indices; a map the file adds keys to holds
// more than its literal.
TEST(ConstantValues, IndexIntoAListOrAGrownMapIsNotRead) {
  std::vector<std::string_view> list = {"const NAMES = ['a', 'b'];"};
  EXPECT_FALSE(ConstantMembership("NAMES[i]", list).has_value());
  EXPECT_FALSE(ConstantMembership("i in NAMES", list).has_value());
  std::vector<std::string_view> grown = {"const handlers = {", "  a: 1,", "};",
                                         "handlers[name] = fn;"};
  EXPECT_FALSE(ConstantMembership("handlers.hasOwnProperty(name)", grown).has_value());
}

}  // namespace
}  // namespace errdex
