// "`x` is not an argument of `f`" only for a name a caller might take for
// one they pass (thirteenth grading: a dozen records of noise, three false).
#include "analyze/unpassed_state.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;
using V = std::vector<std::string>;

TEST(UnpassedState, LocalsOutParametersAndHeaderNamesAreLeftOut) {
  std::vector<std::string_view> lines = {
      "int cmd(Ctx *ctx, String **argv) {",                  // 1
      "    long long delay;",                                // 2
      "    if (StringToLongLong(argv[1], &delay) != OK) {",  // 3
  };
  // `delay` is declared before the check, and the check's call writes it.
  EXPECT_EQ(UnpassedState({"delay"}, "StringToLongLong(argv[1], &delay) != OK", lines, 1, 3, true),
            V{});
  EXPECT_EQ(UnpassedState({"delay"}, "StringToLongLong(argv[1], &delay) != OK", {"f() {", "", ""},
                          1, 3, true),
            V{});
  // A bitwise `&` reads its operand.
  EXPECT_EQ(UnpassedState({"mask"}, "flags & mask", {"f(flags) {", "", ""}, 1, 3, true), V{"mask"});
  // Not said of a function no user calls.
  EXPECT_EQ(UnpassedState({"mask"}, "flags & mask", {"f(flags) {", "", ""}, 1, 3, false), V{});
  // The header spells it: a parameter the header reader missed.
  EXPECT_EQ(
      UnpassedState({"$io"}, "$io === null", {"function f(?IOInterface $io) {", ""}, 1, 2, true),
      V{});
}

TEST(UnpassedState, PhpInstanceofNamesAClassNotAVariable) {
  SourceFile f{"src/Factory.php",
               "<?php\n"
               "class Factory {\n"
               "    public static function validate($data, ?IOInterface $io = null) {\n"
               "        if (!$data instanceof JsonFile) {\n"
               "            throw new UnexpectedValueException('not a json file');\n"
               "        }\n"
               "    }\n"
               "}\n"};
  Record r = Build(f, "not a json file");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens when you call `Factory::validate` with arguments for which `$data` is not a "
            "`JsonFile` (line 4).");
}

TEST(UnpassedState, AGlobalAPublicFunctionReadsIsStillNamed) {
  SourceFile f{
      "lib/run.py",
      "def run(job):\n"                               // 1
      "    if MAX_JOBS_reached or paused:\n"          // 2
      "        raise RuntimeError('queue paused')\n"  // 3
  };
  Record r = Build(f, "queue paused");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `run` (lib/run.py) when `MAX_JOBS_reached` is set or `paused` is set "
            "(line 2); `MAX_JOBS_reached`, `paused` are not arguments of `run`.");
}

// npgsql's tsvector parser: `pos` is the parser's own cursor over `value`
// (eighteenth grading a1a51f78ca321629: "call Parse with arguments for
// which `pos` < value.Length" was advice nobody can follow).
TEST(UnpassedState, AChecksCursorIsNotAnArgumentToChoose) {
  EXPECT_EQ(ComputedLocals({"pos", "MAX_LEN"}, "pos >= value.Length || pos > MAX_LEN",
                           {"Parse(string value) {", "  var pos = 0;", "  pos++;", ""}, 1, 4),
            V{"pos"});
  // A bound computed once is what the argument is rightly compared with.
  EXPECT_EQ(ComputedLocals({"limit"}, "duration < limit",
                           {"F(TimeSpan duration) {", "  var limit = Tick(1);", ""}, 1, 3),
            V{});
  // What a call given the caller's values returned is its outcome, not a
  // bound (fmt's `written = std::fwrite(ptr, 1, count, stream)`).
  EXPECT_EQ(ComputedLocals({"written"}, "written < count",
                           {"void fwrite_all(const void* ptr, size_t count, FILE* stream) {",
                            "  size_t written = std::fwrite(ptr, 1, count, stream);", ""},
                           1, 3, {"ptr", "count", "stream"}),
            V{"written"});
  EXPECT_EQ(
      ComputedLocals({"limit"}, "duration < limit",
                     {"F(TimeSpan duration) {", "  var limit = Tick(1);", ""}, 1, 3, {"duration"}),
      V{});
  SourceFile f{"src/TsVector.cs",
               "public class TsVector\n"
               "{\n"
               "    public static TsVector Parse(string value)\n"                       // 3
               "    {\n"                                                                // 4
               "        var pos = 0;\n"                                                 // 5
               "        while (pos < value.Length && value[pos] != '\\'')\n"            // 6
               "            pos++;\n"                                                   // 7
               "        if (pos >= value.Length)\n"                                     // 8
               "            throw new FormatException(\"Unexpected end of value\");\n"  // 9
               "        return new TsVector();\n"                                       // 10
               "    }\n"
               "}\n"};
  Record r = Build(f, "Unexpected end of value");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `TsVector.Parse` (src/TsVector.cs) when `pos` is at least `value.Length` "
            "(line 8).");
  EXPECT_EQ(r.documentation.find("rejects arguments"), std::string::npos) << r.documentation;
  for (const std::string& x : r.solutions) {
    EXPECT_EQ(x.find("with arguments for which"), std::string::npos) << x;
  }
}

}  // namespace
}  // namespace errdex
