// A message saying the object is already in a lifecycle state, raised by a
// check that reads no argument in a method users call, gets "Do not call
// `f` once its object is already <state>" instead of generic advice
// (twenty-eighth session's fallback sample: the library's own state). A
// check on an argument, a constructor and "already exists" do not.
#include "analyze/already_state.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

const char* kCall =
    "package org.acme;\n"                                                       // 1
    "public final class RealCall {\n"                                           // 2
    "  private final AtomicBoolean executed = new AtomicBoolean();\n"           // 3
    "  private final Map<String, Object> tags = new HashMap<>();\n"             // 4
    "  public Response execute() throws IOException {\n"                        // 5
    "    if (!executed.compareAndSet(false, true)) {\n"                         // 6
    "      throw new IllegalStateException(\"Already Executed\");\n"            // 7
    "    }\n"                                                                   // 8
    "    return run();\n"                                                       // 9
    "  }\n"                                                                     // 10
    "  public void tag(String name, Object value) {\n"                          // 11
    "    if (tags.containsKey(name)) {\n"                                       // 12
    "      throw new IllegalStateException(name + \" is already started\");\n"  // 13
    "    }\n"                                                                   // 14
    "    tags.put(name, value);\n"                                              // 15
    "  }\n"                                                                     // 16
    "}\n";

TEST(AlreadyState, JavaCheckOnOwnStateSaysWhichCallNotToMake) {
  Record r = Build({"src/main/java/org/acme/RealCall.java", kCall}, "Already Executed");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Do not call `RealCall.execute` once its object is already executed (the message's "
            "words): the check at line 6 raises this when "
            "`executed.compareAndSet(false, true)` returns zero, false or nothing, and it reads no "
            "argument of the call");
}

TEST(AlreadyState, JavaCheckOnAnArgumentIsNotSaidSo) {
  Record r = Build({"src/main/java/org/acme/RealCall.java", kCall}, "is already started");
  for (const std::string& s : r.solutions) {
    EXPECT_EQ(s.find("once its object is already"), std::string::npos) << s;
  }
}

TEST(AlreadyState, ReadsLifecycleWordsOnly) {
  EXPECT_EQ(AlreadyState("Transaction has already been committed."), "committed");
  EXPECT_EQ(AlreadyState("Enumeration already finished."), "finished");
  EXPECT_EQ(AlreadyState("IO error: The specified file already exists: x"), "");
  EXPECT_EQ(AlreadyState("Already in the middle of a row"), "");
  EXPECT_EQ(AlreadyState("waitFor can only be called for an already started item"), "");
  EXPECT_EQ(AlreadyState("Finish() already called"), "");
  // Set-up words of a configure-once object (kafka's SslFactory).
  EXPECT_EQ(AlreadyState("SslFactory was already configured."), "configured");
  EXPECT_EQ(AlreadyState("Name x is already used"), "");
  EXPECT_EQ(AlreadyState("Package foo is already installed"), "");
  EXPECT_EQ(AlreadyState("Response headers already sent"), "sent");
}

}  // namespace
}  // namespace errdex
