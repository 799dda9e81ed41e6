// Samples and triggers name only calls users can make (issue 13, sixth
// grading): a function its module does not export, a Ruby method made
// private, a C++ member of an unknown scope is never shown as a call; when
// the call graph resolves a public caller, the trigger and the handling code
// go through it, with its receiver form.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "analyze/explain.h"
#include "analyze/record_builder.h"
#include "analyze/visibility.h"
#include "errdex/extractor.h"
#include "resolve/resolve.h"
#include "util/text.h"

namespace errdex {
namespace {

constexpr auto Explain = analyze_testing::BuildInRepo;

TEST(PublicCaller, JsHelperNotExportedIsReachedThroughTheExportedClass) {
  SourceFile option{"lib/option.js",
                    "export class Option {\n"                        // 1
                    "  constructor(flags) {\n"                       // 2
                    "    const parts = splitFlags(flags);\n"         // 3
                    "    this.flags = parts;\n"                      // 4
                    "  }\n"                                          // 5
                    "}\n"                                            // 6
                    "function splitFlags(flags) {\n"                 // 7
                    "  if (flags.length === 0) {\n"                  // 8
                    "    throw new Error('option has no flags');\n"  // 9
                    "  }\n"                                          // 10
                    "  return flags.split(' ');\n"                   // 11
                    "}\n"};
  Record r = Explain({option}, "no flags");
  // The check reads the helper's `flags`, which the constructor passes on.
  EXPECT_EQ(r.trigger_scenarios,
            "Happens when you call `new Option(...)` (lib/option.js:2) with arguments for which "
            "`flags` is empty (checked at line 8), which reaches `splitFlags` at lib/option.js:3.");
  EXPECT_EQ(r.trigger_scenarios.find("call `splitFlags"), std::string::npos);
  ASSERT_TRUE(r.try_catch_pattern.has_value());
  EXPECT_EQ(*r.try_catch_pattern,
            "try {\n  new Option(...);\n} catch (err) {\n  if (err instanceof Error) {\n"
            "    // lib/option.js:9\n  }\n  throw err;\n}");
}

TEST(PublicCaller, TsFunctionNotExportedGetsNoSampleWithoutAPublicCaller) {
  SourceFile schemas{"src/schemas.ts",
                     "export { parse };\n"                                // 1
                     "function parse(x: string) { return x; }\n"          // 2
                     "function merge(a: number, b: number): number {\n"   // 3
                     "  if (a !== b) {\n"                                 // 4
                     "    throw new Error('unmergable intersection');\n"  // 5
                     "  }\n"                                              // 6
                     "  return a;\n"                                      // 7
                     "}\n"};
  Record r = Explain({schemas}, "unmergable");
  EXPECT_FALSE(r.try_catch_pattern.has_value());
  EXPECT_EQ(r.trigger_scenarios.find("you call"), std::string::npos) << r.trigger_scenarios;
  EXPECT_TRUE(r.example_fix.empty());
}

TEST(PublicCaller, AMethodOfAClassTheModuleDoesNotExportIsNoEntry) {
  SourceFile helper{"lib/helper.js",
                    "class Helper {\n"                                  // 1
                    "  run(x) {\n"                                      // 2
                    "    return check(x);\n"                            // 3
                    "  }\n"                                             // 4
                    "}\n"                                               // 5
                    "function check(x) {\n"                             // 6
                    "  if (!x) throw new Error('nothing to check');\n"  // 7
                    "}\n"};
  Record r = Explain({helper}, "nothing to check");
  EXPECT_EQ(r.trigger_scenarios.find("you call"), std::string::npos) << r.trigger_scenarios;
  EXPECT_FALSE(r.try_catch_pattern.has_value());
}

// The public caller catches the error and throws another: calling it never
// shows this message, so it is not offered as the way in.
TEST(PublicCaller, ACallerThatCatchesTheErrorIsNotTheWayIn) {
  SourceFile adapter{"src/main/java/acme/DateAdapter.java",
                     "package acme;\n"                                                     // 1
                     "public class DateAdapter {\n"                                        // 2
                     "  public Date read(String text) {\n"                                 // 3
                     "    try {\n"                                                         // 4
                     "      return parse(text);\n"                                         // 5
                     "    } catch (ParseException e) {\n"                                  // 6
                     "      throw new JsonParseException(e);\n"                            // 7
                     "    }\n"                                                             // 8
                     "  }\n"                                                               // 9
                     "  private static Date parse(String text) throws ParseException {\n"  // 10
                     "    if (text.isEmpty()) {\n"                                         // 11
                     "      throw new ParseException(\"empty date\", 0);\n"                // 12
                     "    }\n"                                                             // 13
                     "    return null;\n"                                                  // 14
                     "  }\n"                                                               // 15
                     "}\n"};
  Record r = Explain({adapter}, "empty date");
  EXPECT_EQ(r.trigger_scenarios.find("you call"), std::string::npos) << r.trigger_scenarios;
  EXPECT_FALSE(r.try_catch_pattern.has_value());
}

TEST(PublicCaller, ExportListsAndCommonJsExportsCount) {
  ErrorSite s;
  s.language = "javascript";
  s.file_path = "lib/a.js";
  s.function = "load";
  s.function_line = 1;
  std::vector<std::string_view> esm{"function load(x) {", "}", "export {", "  load as read,", "};"};
  EXPECT_FALSE(HiddenByDeclaration(s, esm));
  std::vector<std::string_view> cjs{"function load(x) {", "}", "module.exports = {", "  load,",
                                    "};"};
  EXPECT_FALSE(HiddenByDeclaration(s, cjs));
  std::vector<std::string_view> prop{"function load(x) {", "}", "exports.read = load;"};
  EXPECT_FALSE(HiddenByDeclaration(s, prop));
  std::vector<std::string_view> none{"function load(x) {", "}", "module.exports = { other };"};
  EXPECT_TRUE(HiddenByDeclaration(s, none));
}

TEST(PublicCaller, JsPrototypeMethodIsCalledOnAnInstance) {
  SourceFile model{"lib/model.js",
                   "function Model() {}\n"                                                  // 1
                   "Model.prototype.save = async function save(options) {\n"                // 2
                   "  if (typeof options === 'function') {\n"                               // 3
                   "    throw new MongooseError('save() no longer accepts a callback');\n"  // 4
                   "  }\n"                                                                  // 5
                   "};\n"                                                                   // 6
                   "module.exports = exports = Model;\n"};
  Record r = Explain({model}, "no longer accepts");
  EXPECT_EQ(r.trigger_scenarios.rfind("Happens when you call `model.save(...)` with arguments", 0),
            0u)
      << r.trigger_scenarios;
  ASSERT_TRUE(r.try_catch_pattern.has_value());
  EXPECT_NE(r.try_catch_pattern->find("await model.save(...);"), std::string::npos)
      << *r.try_catch_pattern;
}

TEST(PublicCaller, RubyMethodMadePrivateBySymbolIsNotCalled) {
  SourceFile spec{"lib/gem/specification.rb",
                  "module Gem\n"                                                       // 1
                  "  class Specification\n"                                            // 2
                  "    def to_ruby\n"                                                  // 3
                  "      ruby_code(@name)\n"                                           // 4
                  "    end\n"                                                          // 5
                  "\n"                                                                 // 6
                  "    def ruby_code(obj)\n"                                           // 7
                  "      case obj\n"                                                   // 8
                  "      when String then obj.dump\n"                                  // 9
                  "      else raise Gem::Exception, \"ruby_code case not handled\"\n"  // 10
                  "      end\n"                                                        // 11
                  "    end\n"                                                          // 12
                  "\n"                                                                 // 13
                  "    private :ruby_code\n"                                           // 14
                  "  end\n"                                                            // 15
                  "end\n"};
  Record r = Explain({spec}, "case not handled");
  EXPECT_EQ(r.trigger_scenarios.find("ruby_code(...)"), std::string::npos) << r.trigger_scenarios;
  if (r.try_catch_pattern) {
    EXPECT_EQ(r.try_catch_pattern->find("ruby_code"), std::string::npos) << *r.try_catch_pattern;
    EXPECT_NE(r.try_catch_pattern->find("to_ruby"), std::string::npos) << *r.try_catch_pattern;
  }
}

TEST(PublicCaller, CppMemberOfAnUnseenClassIsNotShownStaticStyle) {
  SourceFile os{"src/os.cc",
                "#include \"os.h\"\n"                                          // 1
                "size_t file::read(void* buffer, size_t count) {\n"            // 2
                "  long result = ::read(fd_, buffer, count);\n"                // 3
                "  if (result < 0) {\n"                                        // 4
                "    throw system_error(errno, \"cannot read from file\");\n"  // 5
                "  }\n"                                                        // 6
                "  return result;\n"                                           // 7
                "}\n"};
  Record r = Explain({os}, "cannot read");
  if (r.try_catch_pattern) {
    EXPECT_EQ(r.try_catch_pattern->find("file::read("), std::string::npos) << *r.try_catch_pattern;
  }
  SourceFile same{"src/file.cc",
                  "class file {\n"                                     // 1
                  " public:\n"                                         // 2
                  "  size_t read(void* buffer, size_t count);\n"       // 3
                  "};\n"                                               // 4
                  "size_t file::read(void* buffer, size_t count) {\n"  // 5
                  "  if (count == 0) {\n"                              // 6
                  "    throw system_error(0, \"empty read\");\n"       // 7
                  "  }\n"                                              // 8
                  "  return count;\n"                                  // 9
                  "}\n"};
  r = Explain({same}, "empty read");
  ASSERT_TRUE(r.try_catch_pattern.has_value());
  EXPECT_NE(r.try_catch_pattern->find("file.read(...);"), std::string::npos)
      << *r.try_catch_pattern;
}

}  // namespace
}  // namespace errdex
