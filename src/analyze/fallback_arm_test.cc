// The default arm of a `match`/`switch`/`when` as the trigger: the value is
// none of the handled cases, said with the switched expression; callers
// that pass a handled value are not given as the way in (fourteenth
// grading: Laravel's compare(), StackExchange.Redis's ToLiteral()).
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;
using analyze_testing::BuildInRepo;

// PHP 8 `match` with `default => throw`, its callers passing handled
// operators: no caller reaches the default arm.
TEST(FallbackArm, PhpMatchDefaultCallersPassHandledValues) {
  SourceFile f{"src/Validates.php",
               "<?php\n"                                                                 // 1
               "trait Validates\n"                                                       // 2
               "{\n"                                                                     // 3
               "    public function validateBefore($value, $other)\n"                    // 4
               "    {\n"                                                                 // 5
               "        return $this->compareDates($value, $other, '<');\n"              // 6
               "    }\n"                                                                 // 7
               "\n"                                                                      // 8
               "    public function validateAfter($value, $other)\n"                     // 9
               "    {\n"                                                                 // 10
               "        return $this->compareDates($value, $other, '>');\n"              // 11
               "    }\n"                                                                 // 12
               "\n"                                                                      // 13
               "    protected function compareDates($value, $other, $operator)\n"        // 14
               "    {\n"                                                                 // 15
               "        return $this->compare($value, $other, $operator);\n"             // 16
               "    }\n"                                                                 // 17
               "\n"                                                                      // 18
               "    protected function compare($first, $second, $operator)\n"            // 19
               "    {\n"                                                                 // 20
               "        return match ($operator) {\n"                                    // 21
               "            '<' => $first < $second,\n"                                  // 22
               "            '>' => $first > $second,\n"                                  // 23
               "            '<=' => $first <= $second,\n"                                // 24
               "            default => throw new InvalidArgumentException('bad op'),\n"  // 25
               "        };\n"                                                            // 26
               "    }\n"                                                                 // 27
               "}\n"};
  Record r = BuildInRepo({f}, "bad op");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `Validates::compare` (src/Validates.php) when `$operator` is none of "
            "`'<'`, `'>'`, `'<='`, handled at lines 22\u201324 (line 21). Every call errdex "
            "found that leads here passes a value the cases handle, so none of them reaches "
            "line 25: `Validates::validateBefore` passes `'<'` (line 6), "
            "`Validates::validateAfter` passes `'>'` (line 11).");
}

// A caller that passes a value no arm handles is said to reach it.
TEST(FallbackArm, PhpMatchDefaultCallerPassesUnhandledValue) {
  SourceFile f{"src/Ops.php",
               "<?php\n"                                                       // 1
               "class Ops\n"                                                   // 2
               "{\n"                                                           // 3
               "    public function same($a, $b)\n"                            // 4
               "    {\n"                                                       // 5
               "        return $this->compare($a, $b, '==');\n"                // 6
               "    }\n"                                                       // 7
               "\n"                                                            // 8
               "    private function compare($first, $second, $operator)\n"    // 9
               "    {\n"                                                       // 10
               "        return match ($operator) {\n"                          // 11
               "            '<' => $first < $second,\n"                        // 12
               "            '>' => $first > $second,\n"                        // 13
               "            default => throw new LogicException('bad op'),\n"  // 14
               "        };\n"                                                  // 15
               "    }\n"                                                       // 16
               "}\n"};
  Record r = BuildInRepo({f}, "bad op");
  EXPECT_NE(r.trigger_scenarios.find(
                "when `$operator` is none of `'<'`, `'>'`, handled at lines 12\u201313 (line "
                "11). `Ops::same` passes `'=='` (line 6), a value none of the cases "
                "handles."),
            std::string::npos)
      << r.trigger_scenarios;
}

// C#'s switch expression names its selector before `switch`, with the
// arms' `{` on the next line.
TEST(FallbackArm, CSharpSwitchExpressionDiscard) {
  SourceFile f{"src/Order.cs",
               "namespace Acme\n"                                                              // 1
               "{\n"                                                                           // 2
               "    public static class OrderExtensions\n"                                     // 3
               "    {\n"                                                                       // 4
               "        public static string ToLiteral(this Order order) => order switch\n"    // 5
               "        {\n"                                                                   // 6
               "            Order.Bulk => \"BULK\",\n"                                         // 7
               "            Order.OneByOne => \"OBO\",\n"                                      // 8
               "            _ => throw new ArgumentOutOfRangeException(\"unknown order\"),\n"  // 9
               "        };\n"                                                                  // 10
               "    }\n"                                                                       // 11
               "}\n"};
  Record r = Build(f, "unknown order");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `OrderExtensions.ToLiteral` (src/Order.cs) when `order` is none of "
            "`Order.Bulk`, `Order.OneByOne`, handled at lines 7\u20138 (line 5).");
}

// A default arm that builds the message before throwing it: the arm still
// decides (mongo-csharp's ObjectIdSerializer said "errdex found no `if`").
TEST(FallbackArm, CSharpDefaultArmWithAStatementBeforeTheThrow) {
  SourceFile f{
      "src/ObjectIdSerializer.cs",
      "public class ObjectIdSerializer\n"                                                      // 1
      "{\n"                                                                                    // 2
      "    public ObjectIdSerializer(BsonType representation)\n"                               // 3
      "    {\n"                                                                                // 4
      "        switch (representation)\n"                                                      // 5
      "        {\n"                                                                            // 6
      "            case BsonType.ObjectId:\n"                                                  // 7
      "            case BsonType.String:\n"                                                    // 8
      "                break;\n"                                                               // 9
      "\n"                                                                                     // 10
      "            default:\n"                                                                 // 11
      "                // anything else is refused\n"                                          // 12
      "                var message = string.Format(\"{0} is not valid.\", representation);\n"  // 13
      "                throw new ArgumentException(message);\n"                                // 14
      "        }\n"                                                                            // 15
      "    }\n"                                                                                // 16
      "}\n"};
  Record r = Build(f, "is not valid");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `ObjectIdSerializer.ObjectIdSerializer` (src/ObjectIdSerializer.cs) when "
            "`representation` is none of `BsonType.ObjectId`, `BsonType.String`, handled at lines "
            "7\u20138 (line 5).");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Call `new ObjectIdSerializer(...)` with a `representation` that is one of: "
            "`BsonType.ObjectId`, `BsonType.String` (the cases at lines 7\u20138; any other value "
            "reaches line 14)");
}

// Arms written on one line (`case A: return x;`) or opening a block (`case
// "a": {`) at the default's level are siblings, not Ruby's `case x`.
TEST(FallbackArm, OneLineCaseArmsAreNotTheSelector) {
  SourceFile f{"src/Selector.cs",
               "public class Selector\n"                                           // 1
               "{\n"                                                               // 2
               "    public int Select(ClusterType type)\n"                         // 3
               "    {\n"                                                           // 4
               "        switch (type)\n"                                           // 5
               "        {\n"                                                       // 6
               "            case ClusterType.ReplicaSet: return 1;\n"              // 7
               "            case ClusterType.Sharded: return 2;\n"                 // 8
               "            default:\n"                                            // 9
               "                var message = string.Format(\"no {0}\", type);\n"  // 10
               "                throw new NotImplementedException(message);\n"     // 11
               "        }\n"                                                       // 12
               "    }\n"                                                           // 13
               "}\n"};
  Record r = Build(f, "no {");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `Selector.Select` (src/Selector.cs) when `type` is none of "
            "`ClusterType.ReplicaSet`, `ClusterType.Sharded`, handled at lines 7\u20138 (line 5).");
}

// A `switch` on a name read from the user's code (webpack's options of
// `import.meta.webpackContext`), whose default reports an unknown property:
// the names handled are the ones to use. The same switch on the library's
// own state (enum constants), or a message that reports no unknown name,
// gets no such advice.
TEST(FallbackArm, UnknownNameAfterASwitchOfNames) {
  auto source = [](const std::string& cases, const std::string& message) {
    return SourceFile{"lib/ContextParser.js",
                      "class ContextParser {\n"                             // 1
                      "  parse(parser, optionsNode, errors) {\n"            // 2
                      "    for (const prop of optionsNode.properties) {\n"  // 3
                      "      switch (prop.key.name) {\n"                    // 4
                          + cases +                                         // 5-7
                          "        default:\n"                              // 8
                          "          errors.push(new WebpackError(`" +
                          message +
                          " ${prop.key.name}.`));\n"  // 9
                          "      }\n"                 // 10
                          "    }\n"                   // 11
                          "  }\n"                     // 12
                          "}\n"};
  };
  const std::string names =
      "        case \"mode\": mode = 1; break;\n"
      "        case \"include\": include = 1; break;\n"
      "        case \"exclude\": exclude = 1; break;\n";
  Record r = Build(source(names, "Parsing options failed. Unknown property"), "Unknown property");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Use one of the names handled for `prop.key.name`: `\"mode\"`, `\"include\"`, "
            "`\"exclude\"` (the cases at lines 5\u20137; any other value reaches line 9); the "
            "message reports one that is none of them");
  const std::string states =
      "        case State.Open: mode = 1; break;\n"
      "        case State.Closed: include = 1; break;\n"
      "        case State.Done: exclude = 1; break;\n";
  Record internal =
      Build(source(states, "Parsing options failed. Unknown property"), "Unknown property");
  for (const std::string& sol : internal.solutions) {
    EXPECT_EQ(sol.find("Use one of the names"), std::string::npos) << sol;
  }
  Record other = Build(source(names, "Parsing options stopped at property"), "stopped at");
  for (const std::string& sol : other.solutions) {
    EXPECT_EQ(sol.find("Use one of the names"), std::string::npos) << sol;
  }
}

// Kotlin `return when (x) { ... else -> throw }`, arms that are patterns:
// they are counted, not listed.
TEST(FallbackArm, KotlinReturnWhenCountsPatternArms) {
  SourceFile f{"src/Kind.kt",
               "fun describe(kind: Any): String {\n"                                     // 1
               "    return when (kind) {\n"                                              // 2
               "        is String -> \"text\"\n"                                         // 3
               "        is Int -> \"number\"\n"                                          // 4
               "        else -> throw IllegalArgumentException(\"unsupported kind\")\n"  // 5
               "    }\n"                                                                 // 6
               "}\n"};
  Record r = Build(f, "unsupported kind");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `describe` (src/Kind.kt) when `kind` matches none of the 2 cases at "
            "lines 3\u20134 (line 2).");
}

// Rust `let v = match x { ... _ => panic!() }` with more than six values:
// they are counted.
TEST(FallbackArm, RustLetMatchCountsManyValues) {
  SourceFile f{"src/lib.rs",
               "fn weight(code: u8) -> u32 {\n"            // 1
               "    let w = match code {\n"                // 2
               "        1 => 10,\n"                        // 3
               "        2 => 20,\n"                        // 4
               "        3 => 30,\n"                        // 5
               "        4 => 40,\n"                        // 6
               "        5 => 50,\n"                        // 7
               "        6 => 60,\n"                        // 8
               "        7 => 70,\n"                        // 9
               "        _ => panic!(\"unknown code\"),\n"  // 10
               "    };\n"                                  // 11
               "    w\n"                                   // 12
               "}\n"};
  Record r = Build(f, "unknown code");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `weight` (src/lib.rs) when `code` is none of the 7 values handled at "
            "lines 3\u20139 (line 2).");
}

// Not a case fallback but the same reading of the raise's own lines: a
// throw inside a promise's `.catch(...)` callback (fourteenth grading:
// typeorm's SqlServerQueryRunner.query).
TEST(FallbackArm, PromiseCatchCallbackNamesTheCall) {
  SourceFile f{"src/runner.ts",
               "export class Runner {\n"                                                   // 1
               "    async query(query: string): Promise<any> {\n"                          // 2
               "        const raw = await request.query(query).catch((err: Error) => {\n"  // 3
               "            throw new QueryFailedError(query, err)\n"                      // 4
               "        })\n"                                                              // 5
               "        return raw\n"                                                      // 6
               "    }\n"                                                                   // 7
               "}\n"};
  Record r = Build(f, "");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `Runner.query` (src/runner.ts) when `request.query(query)` fails (its "
            "promise rejects) (line 3).");
}

}  // namespace
}  // namespace errdex
