// Explanations' light markup: code spans, lists and paragraphs become HTML,
// and everything else, markup included, stays escaped text.
#include <gtest/gtest.h>

#include "serve/serve_internal.h"

namespace errdex::serve {
namespace {

TEST(Markup, CodeSpansAreCodeAndTheirTextIsEscaped) {
  EXPECT_EQ(InlineMarkupToHtml("Pass `timeout=<n>` to `get()`."),
            "Pass <code>timeout=&lt;n&gt;</code> to <code>get()</code>.");
  // An unpaired backtick and an empty pair are text.
  EXPECT_EQ(InlineMarkupToHtml("a ` b"), "a ` b");
  EXPECT_EQ(InlineMarkupToHtml("``x"), "``x");
}

TEST(Markup, HostileTextStaysText) {
  EXPECT_EQ(ProseToHtml("<script>alert(1)</script> `\"><img src=x onerror=alert(1)>`"),
            "<p>&lt;script&gt;alert(1)&lt;/script&gt; <code>&quot;&gt;&lt;img src=x "
            "onerror=alert(1)&gt;</code></p>");
}

TEST(Markup, ListsAndParagraphs) {
  EXPECT_EQ(ProseToHtml("Raised when:\n- `x` is None\n- y < 0\n\nThen:\n1. check\n2. retry"),
            "<p>Raised when:</p><ul><li><code>x</code> is None</li><li>y &lt; 0</li></ul>"
            "<p>Then:</p><ol><li>check</li><li>retry</li></ol>");
  EXPECT_EQ(ProseToHtml("one line\ncontinued"), "<p>one line continued</p>");
  EXPECT_EQ(ProseToHtml(""), "");
  // "-x" and "2.5 s" are not list items.
  EXPECT_EQ(ProseToHtml("-x\n2.5 s"), "<p>-x 2.5 s</p>");
}

}  // namespace
}  // namespace errdex::serve
