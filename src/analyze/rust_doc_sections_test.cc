// A Rust function's `# Panics` / `# Errors` doc section says when its
// panic or error happens, also behind attributes such as `#[track_caller]`
// (tokio's PollSender::send_item).
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(RustDocSections, PanicsSectionBehindAnAttribute) {
  SourceFile f{"src/sync/mpsc.rs",
               "impl<T> PollSender<T> {\n"                                                  // 1
               "    /// Sends an item to the channel.\n"                                    // 2
               "    ///\n"                                                                  // 3
               "    /// # Errors\n"                                                         // 4
               "    ///\n"                                                                  // 5
               "    /// If the channel is closed, an error will be returned.\n"             // 6
               "    ///\n"                                                                  // 7
               "    /// # Panics\n"                                                         // 8
               "    ///\n"                                                                  // 9
               "    /// If `poll_reserve` was not called first, this method will panic.\n"  // 10
               "    #[track_caller]\n"                                                      // 11
               "    pub fn send_item(&mut self, value: T) -> Result<(), Error> {\n"         // 12
               "        match self.take_state() {\n"                                        // 13
               "            State::Idle => panic!(\"`send_item` called too early\"),\n"     // 14
               "            State::Ready(p) => p.send(value),\n"                            // 15
               "        }\n"                                                                // 16
               "    }\n"                                                                    // 17
               "}\n"};
  Record r = Build(f, "called too early");
  // The section, then the summary without its sections.
  EXPECT_EQ(r.documentation,
            "`send_item` documents (line 10) when it panics: \u201cIf `poll_reserve` was not "
            "called first, this method will panic.\u201d The code's comment (lines 2\u201310): "
            "\u201cSends an item to the channel.\u201d `panic` is raised in `PollSender.send_item` "
            "(src/sync/mpsc.rs) at line 14.");
}

}  // namespace
}  // namespace errdex
