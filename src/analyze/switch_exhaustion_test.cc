// A raise after a switch every arm of which returns, or in a switch's
// `default` arm, happens when no arm matched: the checks passed above the
// switch do not decide it (twenty-first grading: pgx's Float4.Scan took its
// `src == nil` early return as the guard; pgjdbc's receiveRFQ its length
// check). Said with the cases' values or types, in several languages.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

std::string Solutions(const Record& r) { return Join(r.solutions, "\n"); }

// Go: a type switch whose cases all return, after an early nil return.
TEST(SwitchExhaustion, GoTypeSwitchListsTheTypes) {
  SourceFile f{"pgtype/float4.go",
               "package pgtype\n"                                // 1
               "\n"                                              // 2
               "func (f *Float4) Scan(src any) error {\n"        // 3
               "\tif src == nil {\n"                             // 4
               "\t\t*f = Float4{}\n"                             // 5
               "\t\treturn nil\n"                                // 6
               "\t}\n"                                           // 7
               "\n"                                              // 8
               "\tswitch src := src.(type) {\n"                  // 9
               "\tcase float64:\n"                               // 10
               "\t\t*f = Float4{Float32: float32(src)}\n"        // 11
               "\t\treturn nil\n"                                // 12
               "\tcase string:\n"                                // 13
               "\t\tn, err := strconv.ParseFloat(src, 32)\n"     // 14
               "\t\tif err != nil {\n"                           // 15
               "\t\t\treturn err\n"                              // 16
               "\t\t}\n"                                         // 17
               "\t\t*f = Float4{Float32: float32(n)}\n"          // 18
               "\t\treturn nil\n"                                // 19
               "\t}\n"                                           // 20
               "\n"                                              // 21
               "\treturn fmt.Errorf(\"cannot scan %T\", src)\n"  // 22
               "}\n"};
  Record r = Build(f, "cannot scan");
  EXPECT_EQ(
      r.trigger_scenarios,
      "Happens in `Float4.Scan` (pgtype/float4.go) when the type of `src` is none of `float64`, "
      "`string`, the types the cases at lines 10\xE2\x80\x93"
      "13 handle, each of which returns (line 9). On the way: `src` is set (not nil) (line 4).");
  EXPECT_EQ(r.documentation,
            "`Float4.Scan` reports it when the type of `src` is none of `float64`, `string`, the "
            "types the cases at lines 10\xE2\x80\x93"
            "13 handle, each of which returns (line 9). An error is raised in `Float4.Scan` "
            "(pgtype/float4.go) at line 22.");
  EXPECT_EQ(Solutions(r),
            "Call `Float4.Scan` with a `src` of a type the cases after line 9 handle: `float64`, "
            "`string` (any other type reaches line 22)");
  EXPECT_EQ(r.example_fix, "");
}

// Java: the `default` arm of a switch, after an early length check.
TEST(SwitchExhaustion, JavaDefaultArmAfterEarlyCheck) {
  SourceFile f{"src/main/java/org/pg/Executor.java",
               "package org.pg;\n"                                                       // 1
               "\n"                                                                      // 2
               "class Executor {\n"                                                      // 3
               "  private void receiveRFQ() throws IOException {\n"                      // 4
               "    if (stream.receiveInteger4() != 5) {\n"                              // 5
               "      throw new IOException(\"unexpected length of ReadyForQuery\");\n"  // 6
               "    }\n"                                                                 // 7
               "    char tStatus = (char) stream.receiveChar();\n"                       // 8
               "    switch (tStatus) {\n"                                                // 9
               "      case 'I':\n"                                                       // 10
               "        setState(IDLE);\n"                                               // 11
               "        break;\n"                                                        // 12
               "      case 'T':\n"                                                       // 13
               "        setState(OPEN);\n"                                               // 14
               "        break;\n"                                                        // 15
               "      default:\n"                                                        // 16
               "        throw new IOException(\n"                                        // 17
               "            \"unexpected transaction state: \" + (int) tStatus);\n"      // 18
               "    }\n"                                                                 // 19
               "  }\n"                                                                   // 20
               "}\n"};
  Record r = Build(f, "unexpected transaction state");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `Executor.receiveRFQ` (src/main/java/org/pg/Executor.java) when `tStatus` "
            "is none of `'I'`, `'T'`, handled at lines 10\xE2\x80\x93"
            "13 (line 9). On the way: `stream.receiveInteger4()` is `5` (line 5).");
  EXPECT_EQ(r.documentation,
            "`Executor.receiveRFQ` reports it when `tStatus` is none of `'I'`, `'T'`, handled at "
            "lines 10\xE2\x80\x93"
            "13 (line 9). `IOException` is raised in `Executor.receiveRFQ` "
            "(src/main/java/org/pg/Executor.java) at line 17.");
  EXPECT_EQ(
      Solutions(r),
      "Generic advice (errdex found nothing specific): compare the values printed in the message "
      "with what `Executor.receiveRFQ` (src/main/java/org/pg/Executor.java) accepts (line 17)");
}

// TypeScript: every case returns, the throw follows the switch.
TEST(SwitchExhaustion, TypeScriptThrowAfterReturningCases) {
  SourceFile f{"src/mode.ts",
               "export function parseMode(mode: string): Mode {\n"  // 1
               "  if (!mode) {\n"                                   // 2
               "    return Mode.Default;\n"                         // 3
               "  }\n"                                              // 4
               "  switch (mode) {\n"                                // 5
               "    case 'fast':\n"                                 // 6
               "      return Mode.Fast;\n"                          // 7
               "    case 'slow':\n"                                 // 8
               "      return Mode.Slow;\n"                          // 9
               "  }\n"                                              // 10
               "  throw new Error(`unknown mode ${mode}`);\n"       // 11
               "}\n"};
  Record r = Build(f, "unknown mode");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `parseMode` (src/mode.ts) when `mode` is none of `'fast'`, `'slow'`, "
            "handled at lines 6\xE2\x80\x93"
            "8, each of which returns (line 5). On the way: `mode` is set (line 2).");
  EXPECT_EQ(Solutions(r),
            "Call `parseMode` with a `mode` that is one of: `'fast'`, `'slow'` (the cases at lines "
            "6\xE2\x80\x93"
            "8; any other value reaches line 11)");
}

// Python 3.10 `match`: every case returns, the raise follows.
TEST(SwitchExhaustion, PythonMatchThenRaise) {
  SourceFile f{"lib/codec.py",
               "def codec_for(name):\n"                             // 1
               "    if name is None:\n"                             // 2
               "        return None\n"                              // 3
               "    match name:\n"                                  // 4
               "        case \"gzip\":\n"                           // 5
               "            return Gzip()\n"                        // 6
               "        case \"zstd\":\n"                           // 7
               "            return Zstd()\n"                        // 8
               "    raise ValueError(f\"unknown codec {name}\")\n"  // 9
               "\n"};
  Record r = Build(f, "unknown codec");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `codec_for` (lib/codec.py) when `name` is none of `\"gzip\"`, `\"zstd\"`, "
            "handled at lines 5\xE2\x80\x93"
            "7, each of which returns (line 4). On the way: `name` is set (not None) (line 2).");
  EXPECT_EQ(Solutions(r),
            "Call `codec_for` with a `name` that is one of: `\"gzip\"`, `\"zstd\"` (the cases at "
            "lines 5\xE2\x80\x93"
            "7; any other value reaches line 9)");
}

// Rust: a `match` whose arms all `return`, then the error.
TEST(SwitchExhaustion, RustMatchArmsReturn) {
  SourceFile f{"src/level.rs",
               "pub fn level(s: &str) -> Result<Level, Error> {\n"    // 1
               "    if s.is_empty() {\n"                              // 2
               "        return Ok(Level::Info);\n"                    // 3
               "    }\n"                                              // 4
               "    match s {\n"                                      // 5
               "        \"debug\" => return Ok(Level::Debug),\n"      // 6
               "        \"warn\" => return Ok(Level::Warn),\n"        // 7
               "        _ => {}\n"                                    // 8
               "    }\n"                                              // 9
               "    Err(Error::new(format!(\"bad level {}\", s)))\n"  // 10
               "}\n"};
  Record r = Build(f, "bad level");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `level` (src/level.rs) when `s` is none of `\"debug\"`, `\"warn\"`, "
            "handled at lines 6\xE2\x80\x93"
            "7, each of which returns (line 5). On the way: `s` is not empty (line 2).");
}

// C++: an arm that `break`s out of the switch reaches the raise too: no
// exhaustion is claimed.
TEST(SwitchExhaustion, CppBreakingArmIsNoExhaustion) {
  SourceFile f{"src/opt.cc",
               "int set_opt(int kind, int v) {\n"                          // 1
               "    if (v < 0)\n"                                          // 2
               "        return -1;\n"                                      // 3
               "    switch (kind) {\n"                                     // 4
               "    case 1:\n"                                             // 5
               "        a = v;\n"                                          // 6
               "        break;\n"                                          // 7
               "    case 2:\n"                                             // 8
               "        return 0;\n"                                       // 9
               "    }\n"                                                   // 10
               "    throw std::runtime_error(\"option not settable\");\n"  // 11
               "}\n"};
  Record r = Build(f, "option not settable");
  EXPECT_EQ(r.trigger_scenarios.find("none of"), std::string::npos) << r.trigger_scenarios;
}

}  // namespace
}  // namespace errdex
