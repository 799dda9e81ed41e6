// An assertion helper whose condition reads an argument of a function
// users call checks their input: no "internal consistency check" label and
// no "report it upstream" (graphql-js's devAssert on a constructor's config,
// blind grading 81897092fa436508). On the library's own state it stays one.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "resolve/link_testing.h"

namespace errdex {
namespace {

// The record of the site linked into `devAssert` at path:line.
Record Linked(const SourceFile& helper, const SourceFile& f, int line) {
  link_testing::Linked l = link_testing::Link({{helper.path, helper.content}, {f.path, f.content}});
  std::vector<const ErrorSite*> at = l.At(f.path, line);
  if (at.empty()) {
    ADD_FAILURE() << link_testing::Dump(l);
    return {};
  }
  return BuildRecord(*at[0], SplitLines(f.content), {"acme/lib", "abc", "t"});
}

const SourceFile kDevAssert{"src/jsutils/devAssert.ts",
                            "export function devAssert(condition: unknown, message: string): void "
                            "{\n"
                            "  if (!condition) {\n"
                            "    throw new Error(message);\n"
                            "  }\n"
                            "}\n"};

TEST(AssertedArguments, AnAssertionOnTheCallersConfigIsTheirInput) {
  SourceFile def{"src/type/definition.ts",
                 "import { devAssert } from '../jsutils/devAssert';\n"                   // 1
                 "export class GraphQLScalarType {\n"                                    // 2
                 "  name: string;\n"                                                     // 3
                 "  constructor(config: GraphQLScalarTypeConfig) {\n"                    // 4
                 "    this.name = config.name;\n"                                        // 5
                 "    devAssert(\n"                                                      // 6
                 "      config.specifiedByURL == null ||\n"                              // 7
                 "        typeof config.specifiedByURL === 'string',\n"                  // 8
                 "      `${this.name} must provide \"specifiedByURL\" as a string.`,\n"  // 9
                 "    );\n"                                                              // 10
                 "  }\n"                                                                 // 11
                 "}\n"};
  Record r = Linked(kDevAssert, def, 6);
  EXPECT_EQ(r.documentation.find("internal consistency check"), std::string::npos)
      << r.documentation;
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Make sure ${this.name} provides \"specifiedByURL\" as a string "
                             "(the message's rule)"}));
}

TEST(AssertedArguments, AnAssertionOnOwnStateStaysInternal) {
  SourceFile def{"src/type/schema.ts",
                 "import { devAssert } from '../jsutils/devAssert';\n"                 // 1
                 "export class Schema {\n"                                             // 2
                 "  build(name: string) {\n"                                           // 3
                 "    devAssert(this._built === false, 'Schema was built twice.');\n"  // 4
                 "  }\n"                                                               // 5
                 "}\n"};
  Record r = Linked(kDevAssert, def, 4);
  EXPECT_NE(r.documentation.find("internal consistency check"), std::string::npos)
      << r.documentation;
}

}  // namespace
}  // namespace errdex
