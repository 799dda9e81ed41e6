// A Rust `impl Display for XError { fn fmt }` writes the text users see when
// the error is printed; nothing goes wrong in `fmt`. The record says so and
// names where the code builds the variant, never "raised in fmt".
#include <gtest/gtest.h>

#include "analyze/explain.h"
#include "analyze/record_builder.h"
#include "analyze/visibility.h"
#include "errdex/extractor.h"
#include "resolve/resolve.h"
#include "util/text.h"

namespace errdex {
namespace {

TEST(DisplayText, RustDisplayArmNamesWhereTheVariantIsBuilt) {
  SourceFile color{"crates/printer/src/color.rs",
                   "use std::fmt;\n"                                                   // 1
                   "pub enum ColorError {\n"                                           // 2
                   "    InvalidFormat(String),\n"                                      // 3
                   "}\n"                                                               // 4
                   "impl fmt::Display for ColorError {\n"                              // 5
                   "    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n"      // 6
                   "        match *self {\n"                                           // 7
                   "            ColorError::InvalidFormat(ref original) => write!(\n"  // 8
                   "                f,\n"                                              // 9
                   "                \"invalid color spec format: '{}'\",\n"            // 10
                   "                original\n"                                        // 11
                   "            ),\n"                                                  // 12
                   "        }\n"                                                       // 13
                   "    }\n"                                                           // 14
                   "}\n"                                                               // 15
                   "pub fn parse_spec(s: &str) -> Result<u8, ColorError> {\n"          // 16
                   "    if s.is_empty() {\n"                                           // 17
                   "        return Err(ColorError::InvalidFormat(s.to_string()));\n"   // 18
                   "    }\n"                                                           // 19
                   "    Ok(1)\n"                                                       // 20
                   "}\n"};
  std::vector<FileFacts> facts(1);
  std::vector<ErrorSite> sites;
  bool syntax_errors = false;
  ASSERT_TRUE(
      ExtractorFor(color.path)->ExtractWithFacts(color, &sites, &facts[0], &syntax_errors).ok());
  RepoFacts repo(facts);
  repo.SetPublicRule(CallerAccess);
  const ErrorSite* site = nullptr;
  for (const ErrorSite& s : sites) {
    if (s.message.Display().find("invalid color spec") != std::string::npos) site = &s;
  }
  ASSERT_NE(site, nullptr);
  std::vector<std::string_view> lines = SplitLines(color.content);
  Record r = BuildRecord(*site, lines, {"acme/lib", "abc", "t"});
  ApplySiteFacts(*site, repo.Resolve(*site), lines, &r);
  EXPECT_EQ(r.documentation.find("raised in"), std::string::npos) << r.documentation;
  EXPECT_NE(r.documentation.find("This is the text `ColorError` displays for a "
                                 "`ColorError::InvalidFormat` value"),
            std::string::npos)
      << r.documentation;
  EXPECT_EQ(r.trigger_scenarios,
            "Shown when a `ColorError::InvalidFormat` value is displayed (`{}`, `to_string()`): "
            "this is the `Display` text of `ColorError` (crates/printer/src/color.rs:" +
                std::to_string(site->line) +
                "); the value is created in `parse_spec` (crates/printer/src/color.rs:18).");
  EXPECT_FALSE(r.try_catch_pattern.has_value());
}

}  // namespace
}  // namespace errdex
