// Link for Rust: a module-level `const X: &str` written out by panics and
// Display impls in other files (after tokio's CONTEXT_MISSING_ERROR, a
// fixture written for this test). Asserted on the exact message, file and
// line of each site.
#include <gtest/gtest.h>

#include <string>

#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;

const char* kErrorRs =
    "/// Error string explaining that the Tokio context hasn't been instantiated.\n"
    "pub(crate) const CONTEXT_MISSING_ERROR: &str =\n"
    "    \"there is no reactor running, must be called from the context of a Tokio 1.x "
    "runtime\";\n";

const char* kHandleRs =
    "use crate::util::error::CONTEXT_MISSING_ERROR;\n"
    "use std::fmt;\n"
    "\n"
    "pub struct TryCurrentError { kind: Kind }\n"
    "enum Kind { NoContext, Other }\n"
    "\n"
    "impl fmt::Display for TryCurrentError {\n"
    "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n"
    "        match self.kind {\n"
    "            Kind::NoContext => f.write_str(CONTEXT_MISSING_ERROR),\n"
    "            Kind::Other => f.write_str(\"other\"),\n"
    "        }\n"
    "    }\n"
    "}\n";

const char* kSchedulerRs =
    "pub(crate) fn current() -> Handle {\n"
    "    match try_current() {\n"
    "        Ok(handle) => handle,\n"
    "        Err(_) => panic!(\"{}\", crate::util::error::CONTEXT_MISSING_ERROR),\n"
    "    }\n"
    "}\n"
    "\n"
    "pub(crate) fn unknown() {\n"
    "    panic!(\"{}\", crate::util::error::NOT_DEFINED_ANYWHERE)\n"
    "}\n";

constexpr const char* kMissing =
    "there is no reactor running, must be called from the context of a Tokio 1.x runtime";

TEST(LinkRust, ConstantOfAnotherFileIsTheMessageOfPanicsAndDisplayArms) {
  Linked r = Link({{"tokio/src/util/error.rs", kErrorRs},
                   {"tokio/src/runtime/handle.rs", kHandleRs},
                   {"tokio/src/runtime/scheduler/mod.rs", kSchedulerRs}});
  const ErrorSite* panic = r.Find("tokio/src/runtime/scheduler/mod.rs", 4, kMissing);
  ASSERT_NE(panic, nullptr) << Dump(r);
  EXPECT_NE(panic->message_origin_note.find("tokio/src/util/error.rs:2"), std::string::npos)
      << panic->message_origin_note;
  const ErrorSite* arm = r.Find("tokio/src/runtime/handle.rs", 10, kMissing);
  ASSERT_NE(arm, nullptr) << Dump(r);
  EXPECT_EQ(arm->error_class, "TryCurrentError::NoContext");
  // A constant nothing defines stays out: no record without text.
  for (const ErrorSite& s : r.sites[2]) EXPECT_NE(s.line, 9) << s.message.Display();
}

}  // namespace
}  // namespace errdex
