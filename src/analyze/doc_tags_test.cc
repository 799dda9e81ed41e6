// Doc tags: "What it means" leads with the raising function's own sentence
// for the class it raises - PHPDoc `@throws \X|\Y when ...` and Ruby YARD
// `# @raise [X] if ...` as well as the Javadoc/JSDoc/XML forms - rather
// than only where the error is raised.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(DocTags, PhpThrowsTagWithLeadingBackslashAndUnion) {
  SourceFile f{"src/Queue/Manager.php",
               "<?php\n"                                                                // 1
               "namespace Acme\\Queue;\n"                                               // 2
               "class Manager {\n"                                                      // 3
               "    /**\n"                                                              // 4
               "     * Resolve a queue connection.\n"                                   // 5
               "     *\n"                                                               // 6
               "     * @throws \\LogicException|\\InvalidArgumentException when the\n"  // 7
               "     *         connection is not configured\n"                          // 8
               "     */\n"                                                              // 9
               "    public function resolve($name) {\n"                                 // 10
               "        if ($name === null) {\n"                                        // 11
               "            throw new \\InvalidArgumentException('No connection.');\n"  // 12
               "        }\n"                                                            // 13
               "    }\n"                                                                // 14
               "}\n"};
  Record r = Build(f, "No connection");
  EXPECT_TRUE(
      r.documentation.starts_with("`Manager::resolve` documents (line 7) that it throws "
                                  "`InvalidArgumentException` \u201cwhen the "
                                  "connection is not configured\u201d."))
      << r.documentation;
}

TEST(DocTags, RubyYardRaiseTag) {
  SourceFile f{"lib/acme/pool.rb",
               "module Acme\n"                                                 // 1
               "  class Pool\n"                                                // 2
               "    # Checks a connection out.\n"                              // 3
               "    # @param timeout [Float] seconds to wait\n"                // 4
               "    # @raise [TimeoutError, PoolError] if no connection is\n"  // 5
               "    #   free within timeout seconds\n"                         // 6
               "    def checkout(timeout)\n"                                   // 7
               "      if @free.empty?\n"                                       // 8
               "        raise PoolError, 'no free connection'\n"               // 9
               "      end\n"                                                   // 10
               "    end\n"                                                     // 11
               "  end\n"                                                       // 12
               "end\n"};
  Record r = Build(f, "no free connection");
  EXPECT_TRUE(r.documentation.starts_with(
      "`checkout` documents (line 5) that it throws `PoolError` \u201cif no connection is free "
      "within timeout seconds\u201d."))
      << r.documentation;
}

TEST(DocTags, AnotherClassesTagIsNotUsed) {
  SourceFile f{"lib/acme/pool.rb",
               "class Pool\n"                                       // 1
               "  # @raise [TimeoutError] if the wait times out\n"  // 2
               "  def checkout\n"                                   // 3
               "    raise PoolError, 'pool closed' if @closed\n"    // 4
               "  end\n"                                            // 5
               "end\n"};
  Record r = Build(f, "pool closed");
  EXPECT_EQ(r.documentation.find("documents"), std::string::npos) << r.documentation;
}

}  // namespace
}  // namespace errdex
