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
using link_testing::Matches;

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

// A crate's own macro that prints a prefix before any format it is given
// (bat's `bat_warning!`, defined in src/macros.rs, used everywhere): each
// invocation is a site at its own line with the composed text; the macro's
// own "{}: {}" is no record.
TEST(LinkRust, FormatForwardingMacroPrefixesItsInvocations) {
  Linked r =
      Link({{"src/macros.rs",
             "#[macro_export]\n"
             "macro_rules! bat_warning {\n"
             "    ($($arg:tt)*) => ({\n"
             "        use nu_ansi_term::Color::Yellow;\n"
             "        eprintln!(\"{}: {}\", Yellow.paint(\"[bat warning]\"), format!($($arg)*));\n"
             "    })\n"
             "}\n"},
            {"src/assets.rs",
             "fn get_theme(&self, theme: &str) -> &Theme {\n"
             "    if let Some(t) = self.themes.get(theme) {\n"
             "        return t;\n"
             "    }\n"
             "    bat_warning!(\"Unknown theme '{theme}', using default.\");\n"
             "    info!(\"themes loaded\");\n"
             "    self.default_theme()\n"
             "}\n"}});
  const ErrorSite* s =
      r.Find("src/assets.rs", 5, "[bat warning]: Unknown theme '{theme}', using default.");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->kind, SiteKind::kLog);
  EXPECT_EQ(s->severity, "warning");
  EXPECT_NE(s->message_origin_note.find("bat_warning!"), std::string::npos)
      << s->message_origin_note;
  EXPECT_TRUE(Matches(*s, "[bat warning]: Unknown theme 'Catppuccin-mocha', using default."));
  for (const std::vector<ErrorSite>& sites : r.sites) {
    for (const ErrorSite& e : sites) EXPECT_NE(e.message.Display(), "{}: {}") << e.file_path;
  }
}

// uv's `warn_user_once!`: the invocation's format goes through a local
// (`let message = format!("{}", format_args!($($arg)*))`) and the prefix is
// painted with owo-colors (`"warning".yellow().bold()`). A multi-line
// message continued with backslashes is one message.
TEST(LinkRust, FormatForwardingMacroThroughALocalWithPaintedPrefix) {
  Linked r =
      Link({{"crates/uv-warnings/src/lib.rs",
             "#[macro_export]\n"
             "macro_rules! warn_user_once {\n"
             "    ($($arg:tt)*) => {{\n"
             "        use $crate::owo_colors::OwoColorize;\n"
             "        let message = format!(\"{}\", format_args!($($arg)*));\n"
             "        if let Ok(mut states) = $crate::WARNINGS.lock() {\n"
             "            if states.insert(message.clone()) {\n"
             "                eprintln!(\"{}{} {}\", \"warning\".yellow().bold(), \":\".bold(), "
             "message.bold());\n"
             "            }\n"
             "        }\n"
             "    }};\n"
             "}\n"
             "#[macro_export]\n"
             "macro_rules! warn_user {\n"
             "    ($($arg:tt)*) => {{\n"
             "        let message = format!(\"{}\", format_args!($($arg)*));\n"
             "        let formatted = message.bold();\n"
             "        eprintln!(\"{}{} {formatted}\", \"warning\".yellow().bold(), \":\".bold());\n"
             "    }};\n"
             "}\n"},
            {"crates/uv-fs/src/link.rs",
             "fn copy_dir(from: &Path) -> Result<()> {\n"
             "    if hardlink(from).is_err() {\n"
             "        warn_user_once!(\n"
             "            \"Failed to hardlink files; falling back to full copy.\\n         \\\n"
             "             If this is intentional, set `export UV_LINK_MODE=copy`.\"\n"
             "        );\n"
             "    }\n"
             "    warn_user!(\"Ignoring dangling temporary directory: `{}`\", from.display());\n"
             "    Ok(())\n"
             "}\n"}});
  const ErrorSite* s =
      r.Find("crates/uv-fs/src/link.rs", 3,
             "warning: Failed to hardlink files; falling back to full copy.\n         "
             "If this is intentional, set `export UV_LINK_MODE=copy`.");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->severity, "warning");
  EXPECT_TRUE(Matches(*s,
                      "warning: Failed to hardlink files; falling back to full copy.\n"
                      "         If this is intentional, set `export UV_LINK_MODE=copy`."));
  const ErrorSite* plain =
      r.Find("crates/uv-fs/src/link.rs", 8, "warning: Ignoring dangling temporary directory: `{}`");
  ASSERT_NE(plain, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*plain, "warning: Ignoring dangling temporary directory: `/tmp/.tmpX`"));
}

// A function that never returns and hands its text parameter on
// (wasm-bindgen's `throw_str`, which throws it in JavaScript) and a helper
// whose `bail!` reports its parameter with a prefix are sinks: each call
// passing text is a site at the call, in another file, with the composed
// message (fixtures written for this test).
TEST(LinkRust, DivergingAndBailingHelpersAreSinksOfTheirCallers) {
  Linked r = Link({{"src/lib.rs",
                    "pub fn throw_str(s: &str) -> ! {\n"
                    "    unsafe {\n"
                    "        __wbindgen_throw(s.as_ptr(), s.len());\n"
                    "    }\n"
                    "}\n"
                    "fn config_error(key: &str) -> anyhow::Result<()> {\n"
                    "    bail!(\"invalid configuration: {}\", key)\n"
                    "}\n"},
                   {"src/rt/mod.rs",
                    "fn borrow_fail() -> ! {\n"
                    "    super::throw_str(\n"
                    "        \"recursive use of an object detected which would lead to \\\n"
                    "         unsafe aliasing in rust\",\n"
                    "    );\n"
                    "}\n"
                    "fn load() -> anyhow::Result<()> {\n"
                    "    config_error(\"`threads` must be positive\")\n"
                    "}\n"}});
  const ErrorSite* thrown =
      r.Find("src/rt/mod.rs", 2,
             "recursive use of an object detected which would lead to unsafe aliasing in rust");
  ASSERT_NE(thrown, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*thrown,
                      "recursive use of an object detected which would lead to unsafe aliasing "
                      "in rust"));
  const ErrorSite* bailed =
      r.Find("src/rt/mod.rs", 8, "invalid configuration: `threads` must be positive");
  ASSERT_NE(bailed, nullptr) << Dump(r);
  EXPECT_EQ(bailed->error_class, "anyhow::Error");
}

}  // namespace
}  // namespace errdex
