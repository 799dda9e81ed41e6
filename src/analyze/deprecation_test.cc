// Deprecation notes: the record of a `[Obsolete("..")]` says the compiler
// prints it where code uses the member, never that it happens at run time,
// and carries no run-time handling sample.
#include "analyze/deprecation.h"

#include <gtest/gtest.h>

#include "analyze/record_builder.h"
#include "errdex/extractor.h"
#include "util/text.h"

namespace errdex {
namespace {

Record Only(const SourceFile& f) {
  std::vector<ErrorSite> sites;
  bool syntax_errors = false;
  EXPECT_TRUE(ExtractorFor(f.path)->Extract(f, &sites, &syntax_errors).ok());
  EXPECT_EQ(sites.size(), 1u);
  if (sites.empty()) return Record{};
  EXPECT_TRUE(IsDeprecationNote(sites[0]));
  return BuildRecord(sites[0], SplitLines(f.content), {"acme/cache", "abc", "t"});
}

TEST(Deprecation, ObsoleteMemberIsACompileTimeNote) {
  Record r = Only({"src/Cache.cs",
                   "public class Cache {\n"
                   "  [Obsolete(\"Use OpenAsync instead\")]\n"
                   "  public void Open() {}\n"
                   "}\n"});
  EXPECT_EQ(r.error_message, "Use OpenAsync instead");
  EXPECT_EQ(r.line_number, 2);
  EXPECT_EQ(r.documentation,
            "`Cache.Open` is marked deprecated ([Obsolete] at line 2): its maintainers intend it "
            "to be replaced or removed, and the note is their word on what to do.");
  EXPECT_EQ(r.trigger_scenarios,
            "When code that uses `Cache.Open` is compiled, the compiler prints this note as a "
            "warning (an error where warnings are treated as errors). Nothing is reported when "
            "`Cache.Open` runs.");
  ASSERT_EQ(r.solutions.size(), 2u);
  EXPECT_EQ(r.solutions[0], "Use OpenAsync instead. (the message's own advice)");
  EXPECT_EQ(r.solutions[1],
            "Change the code that uses `Cache.Open` as the note says; until then it still works "
            "([Obsolete] at line 2)");
  EXPECT_FALSE(r.try_catch_pattern.has_value());
}

// A note at the error level fails the build; the item is the one the
// attribute is on, not the module around it.
TEST(Deprecation, RustItemAndErrorLevel) {
  Record r = Only({"src/lib.rs",
                   "#[deprecated(since = \"0.3.0\", note = \"use `open_async` instead\")]\n"
                   "pub fn open() {}\n"});
  EXPECT_EQ(r.function, "open");
  EXPECT_NE(r.trigger_scenarios.find("When code that uses `open` is compiled"), std::string::npos)
      << r.trigger_scenarios;
  Record k = Only({"src/main/kotlin/Cache.kt",
                   "class Cache {\n"
                   "  @Deprecated(\"Moved to Editor\", level = DeprecationLevel.ERROR)\n"
                   "  fun edit() {}\n"
                   "}\n"});
  EXPECT_NE(k.trigger_scenarios.find("as an error: the build fails"), std::string::npos)
      << k.trigger_scenarios;
}

}  // namespace
}  // namespace errdex
