// A Rust raise inside a block compiled only without (or with) a Cargo
// feature is conditional on the build, not unconditional: the trigger names
// the feature and, for `not(feature = ..)`, the solution is to enable it
// (twenty-sixth grading: rustls' no-std `ticketer` said "no condition" and
// named tests compiled only with `std` as the situations).
#include "analyze/cfg_feature.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;
using analyze_testing::BuildInRepo;

const char* kProvider =
    "pub struct Provider;\n"                                                           // 1
    "impl Provider {\n"                                                                // 2
    "    pub fn ticketer(&self) -> Result<Ticketer, Error> {\n"                        // 3
    "        #[cfg(feature = \"std\")]\n"                                              // 4
    "        {\n"                                                                      // 5
    "            Ok(Ticketer::new()?)\n"                                               // 6
    "        }\n"                                                                      // 7
    "        #[cfg(not(feature = \"std\"))]\n"                                         // 8
    "        {\n"                                                                      // 9
    "            Err(Error::General(\n"                                                // 10
    "                \"ticketer() relies on std-only RwLock\".into(),\n"               // 11
    "            ))\n"                                                                 // 12
    "        }\n"                                                                      // 13
    "    }\n"                                                                          // 14
    "    pub fn tls13(&self) -> Result<u8, Error> {\n"                                 // 15
    "        #[cfg(feature = \"tls12\")]\n"                                            // 16
    "        return Err(Error::General(\"tls13 is off in a tls12 build\".into()));\n"  // 17
    "        #[cfg(not(feature = \"tls12\"))]\n"                                       // 18
    "        Ok(1)\n"                                                                  // 19
    "    }\n"                                                                          // 20
    "}\n"                                                                              // 21
    "#[cfg(feature = \"std\")]\n"                                                      // 22
    "mod tests {\n"                                                                    // 23
    "    fn pairwise() {\n"                                                            // 24
    "        let t = Provider.ticketer();\n"                                           // 25
    "    }\n"                                                                          // 26
    "}\n";

TEST(CfgFeature, RustBlockWithoutAFeatureNamesTheFeature) {
  Record r = BuildInRepo({{"src/lib.rs", kProvider}}, "relies on std-only RwLock");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `Provider.ticketer` (src/lib.rs) in a build with the Cargo feature `std` "
            "off; errdex found no `if`, `match` or early return before line 10. Line 10 is "
            "compiled only when the Cargo feature `std` is off (`#[cfg(not(feature = \"std\"))]` "
            "at line 8).");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Enable the Cargo feature `std` (in `features` of this crate's dependency entry in "
            "your Cargo.toml) or do not call `Provider.ticketer` in a build without it: line 10 "
            "is compiled only when `std` is off (`#[cfg(not(feature = \"std\"))]` at line 8)");
  // The test that calls it is compiled only with `std`: no route is named.
  EXPECT_EQ(r.common_situations, "");
}

TEST(CfgFeature, RustStatementWithAFeatureIsSaidWithoutAdvice) {
  Record r = Build({"src/lib.rs", kProvider}, "tls13 is off");
  EXPECT_NE(r.trigger_scenarios.find(" Line 17 is compiled only when the Cargo feature `tls12` "
                                     "is on (`#[cfg(feature = \"tls12\")]` at line 16)."),
            std::string::npos)
      << r.trigger_scenarios;
  for (const std::string& s : r.solutions) {
    EXPECT_EQ(s.find("Enable the Cargo feature"), std::string::npos) << s;
  }
}

TEST(CfgFeature, OtherCfgFormsAreNotRead) {
  std::vector<std::string_view> lines = {
      "fn f() {", "    #[cfg(any(unix, windows))]", "    {", "        panic!(\"x\")", "    }", "}"};
  EXPECT_FALSE(CfgFeatureAt(lines, 1, 4).has_value());
}

}  // namespace
}  // namespace errdex
