// Callers in every language (resolve/call_index.h) as users read them: the
// trigger names the public function a raise is reached from, with its
// file:line; same-named methods of unrelated classes are not linked.
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

struct Explained {
  std::string trigger, situations;
  std::vector<std::string> solutions;
};

// Indexes `files` and explains the site whose message contains `needle`.
Explained Explain(const std::vector<SourceFile>& files, const std::string& needle) {
  Record r = analyze_testing::BuildInRepo(files, needle);
  return {r.trigger_scenarios, r.common_situations, r.solutions};
}

TEST(CallIndex, JavaPrivateHelperReachedThroughPackagePrivateMethod) {
  SourceFile config{"src/main/java/acme/Config.java",
                    "package acme;\n"                                               // 1
                    "public class Config {\n"                                       // 2
                    "  public static Config load(String path) {\n"                  // 3
                    "    Config config = new Config();\n"                           // 4
                    "    config.apply(path);\n"                                     // 5
                    "    return config;\n"                                          // 6
                    "  }\n"                                                         // 7
                    "  void apply(String value) {\n"                                // 8
                    "    checkValue(value);\n"                                      // 9
                    "  }\n"                                                         // 10
                    "  private void checkValue(String value) {\n"                   // 11
                    "    if (value.isEmpty()) {\n"                                  // 12
                    "      throw new IllegalArgumentException(\"empty value\");\n"  // 13
                    "    }\n"                                                       // 14
                    "  }\n"                                                         // 15
                    "}\n"};
  Explained e = Explain({config}, "empty value");
  // The check reads what the callers pass: the call is a way there, and
  // the record says so.
  EXPECT_EQ(e.trigger,
            "It can happen when you call `Config.load(...)` (src/main/java/acme/Config.java:3), "
            "which through `Config.apply` reaches `Config.checkValue` at "
            "src/main/java/acme/Config.java:9. Whether a call gets to line 13 depends on the "
            "`value` it passes (checked at line 12). There it is raised in `Config.checkValue` "
            "(src/main/java/acme/Config.java) when `value` is empty (line 12).");
  EXPECT_EQ(e.situations,
            "During `Config.load` (src/main/java/acme/Config.java:3), i.e. when code calls the "
            "public function `Config.load`: `Config.load` calls `Config.apply` at "
            "src/main/java/acme/Config.java:5, `Config.apply` calls `Config.checkValue` at "
            "src/main/java/acme/Config.java:9. Whether a call gets to line 13 depends on the "
            "`value` it passes (checked at line 12).");
}

TEST(CallIndex, GoMethodThroughItsReceiverAndAnotherPackagesFunction) {
  SourceFile parser{"parser/parser.go",
                    "package parser\n"                                 // 1
                    "import \"errors\"\n"                              // 2
                    "type Parser struct{ strict bool }\n"              // 3
                    "func (p *Parser) readHeader(b []byte) error {\n"  // 4
                    "\tif len(b) == 0 {\n"                             // 5
                    "\t\treturn errors.New(\"missing header\")\n"      // 6
                    "\t}\n"                                            // 7
                    "\treturn nil\n"                                   // 8
                    "}\n"                                              // 9
                    "func (p *Parser) Parse(b []byte) error {\n"       // 10
                    "\treturn p.readHeader(b)\n"                       // 11
                    "}\n"};
  // A same-named method elsewhere is not Parser's: its callers stay out.
  SourceFile other{"wire/wire.go",
                   "package wire\n"
                   "type Frame struct{}\n"
                   "func (f *Frame) readHeader(b []byte) error { return nil }\n"
                   "func Decode(b []byte) error { f := &Frame{}; return f.readHeader(b) }\n"};
  Explained e = Explain({parser, other}, "missing header");
  EXPECT_EQ(e.trigger,
            "Happens when you call `parser.Parse(...)` (parser/parser.go:10) with arguments for "
            "which `b` is empty (checked at line 5), which reaches `Parser.readHeader` at "
            "parser/parser.go:11.");
}

TEST(CallIndex, CommonMethodNamesOfUnrelatedClassesAreNotLinked) {
  SourceFile a{"src/json.ts",
               "export class JsonReader {\n"                                  // 1
               "  parse(text: string) {\n"                                    // 2
               "    if (text.length === 0) throw new Error('empty json');\n"  // 3
               "    return JSON.parse(text);\n"                               // 4
               "  }\n"                                                        // 5
               "}\n"};
  SourceFile b{"src/yaml.ts",
               "export class YamlReader {\n"
               "  parse(text: string) { return text; }\n"
               "}\n"
               "export function loadYaml(reader: any, text: string) {\n"
               "  return reader.parse(text);\n"
               "}\n"};
  Explained e = Explain({a, b}, "empty json");
  EXPECT_EQ(e.situations, "");
  EXPECT_EQ(e.trigger.find("reached from"), std::string::npos) << e.trigger;
}

TEST(CallIndex, RustFunctionReachedThroughModulePath) {
  SourceFile lib{"src/lib.rs",
                 "pub mod spec;\n"                                        // 1
                 "pub fn parse_color(s: &str) -> Result<u8, String> {\n"  // 2
                 "    spec::decode_spec(s)\n"                             // 3
                 "}\n"};
  SourceFile spec{"src/spec.rs",
                  "pub(crate) fn decode_spec(s: &str) -> Result<u8, String> {\n"  // 1
                  "    if s.is_empty() {\n"                                       // 2
                  "        return Err(format!(\"unrecognized color spec\"));\n"   // 3
                  "    }\n"                                                       // 4
                  "    Ok(0)\n"                                                   // 5
                  "}\n"};
  Explained e = Explain({lib, spec}, "unrecognized color spec");
  EXPECT_EQ(e.trigger,
            "It can happen when you call `parse_color(...)` (src/lib.rs:2), which reaches "
            "`decode_spec` at src/lib.rs:3. Whether a call gets to line 3 depends on the `s` it "
            "passes (checked at line 2). There it is raised in `decode_spec` (src/spec.rs) when "
            "`s` is empty "
            "(line 2).");
}

// Unit tests beside the code (`#[cfg(test)] mod tests`, `#[tokio::test]`)
// are not ways in: the caller named is the library's own.
TEST(CallIndex, RustUnitTestsAreNotCallers) {
  SourceFile spec{"src/spec.rs",
                  "pub(crate) fn decode_spec(s: &str) -> Result<u8, String> {\n"  // 1
                  "    if s.is_empty() {\n"                                       // 2
                  "        return Err(format!(\"unrecognized color spec\"));\n"   // 3
                  "    }\n"                                                       // 4
                  "    Ok(0)\n"                                                   // 5
                  "}\n"                                                           // 6
                  "pub(crate) fn load_theme(s: &str) -> Result<u8, String> {\n"   // 7
                  "    decode_spec(s)\n"                                          // 8
                  "}\n"                                                           // 9
                  "#[cfg(test)]\n"                                                // 10
                  "mod tests {\n"                                                 // 11
                  "    #[test]\n"                                                 // 12
                  "    fn empty_spec_fails() {\n"                                 // 13
                  "        assert!(super::decode_spec(\"\").is_err());\n"         // 14
                  "    }\n"                                                       // 15
                  "}\n"                                                           // 16
                  "#[tokio::test(flavor = \"multi_thread\")]\n"                   // 17
                  "async fn spec_in_runtime() {\n"                                // 18
                  "    decode_spec(\"red\").unwrap();\n"                          // 19
                  "}\n"};
  Explained e = Explain({spec}, "unrecognized color spec");
  EXPECT_NE(e.trigger.find("`load_theme`"), std::string::npos) << e.trigger;
  EXPECT_EQ(e.trigger.find("empty_spec_fails"), std::string::npos) << e.trigger;
  EXPECT_EQ(e.trigger.find("spec_in_runtime"), std::string::npos) << e.trigger;
  EXPECT_EQ(e.situations.find("empty_spec_fails"), std::string::npos) << e.situations;
}

TEST(CallIndex, CFunctionChainWithoutADeclaredEntryNamesItsCallers) {
  SourceFile c{"lib/follow.c",
               "static int follow(struct data *d, int n) {\n"  // 1
               "  if(n > d->max) {\n"                          // 2
               "    failf(d, \"Too many redirects\");\n"       // 3
               "    return 1;\n"                               // 4
               "  }\n"                                         // 5
               "  return 0;\n"                                 // 6
               "}\n"                                           // 7
               "int multi_step(struct data *d) {\n"            // 8
               "  return follow(d, d->count);\n"               // 9
               "}\n"};
  Explained e = Explain({c}, "Too many redirects");
  EXPECT_EQ(e.situations,
            "During `multi_step` (lib/follow.c:8): `multi_step` calls `follow` at "
            "lib/follow.c:9. Whether a call gets to line 3 depends on the `n`, `d` it passes "
            "(checked at line 2).");
  EXPECT_NE(e.trigger.find(" It is called on the way from `multi_step` (lib/follow.c:8). Whether "
                           "a call gets to line 3 depends on the `n`, `d` it passes (checked at "
                           "line 2)."),
            std::string::npos)
      << e.trigger;
}

// A bare call to a name the class overloads is not linked: `operator=`'s
// `swap(a, b)` (std::swap after `using`) is not the member `swap(object&)`.
TEST(CallIndex, CppBareCallToOverloadedMemberIsNotLinked) {
  SourceFile cc{"src/json.cc",
                "class json {\n"                                                      // 1
                " public:\n"                                                          // 2
                "  json& operator=(json other) {\n"                                   // 3
                "    using std::swap;\n"                                              // 4
                "    swap(m_type, other.m_type);\n"                                   // 5
                "    return *this;\n"                                                 // 6
                "  }\n"                                                               // 7
                "  void swap(json& other) { m_type = other.m_type; }\n"               // 8
                "  void swap(object& other) {\n"                                      // 9
                "    if (!is_object()) {\n"                                           // 10
                "      throw type_error(\"cannot use swap() with a non-object\");\n"  // 11
                "    }\n"                                                             // 12
                "  }\n"                                                               // 13
                "};\n"};
  Explained e = Explain({cc}, "cannot use swap()");
  EXPECT_EQ(e.trigger.find("operator="), std::string::npos) << e.trigger;
  EXPECT_EQ(e.situations.find("operator="), std::string::npos) << e.situations;
}

// A class hidden from the class lookup (a template behind macros, as in
// nlohmann's json.hpp) leaves its overloads looking like free functions of
// the file: a bare call among them is not linked by name either.
TEST(CallIndex, CppBareCallToOverloadsOutsideAClassIsNotLinked) {
  SourceFile cc{"src/json.hpp",
                "JSON_TEMPLATE_DECL\n"
                "json& assign(json other) {\n"
                "  using std::swap;\n"
                "  swap(m_type, other.m_type);\n"
                "  return *this;\n"
                "}\n"
                "void swap(json& other) { m_type = other.m_type; }\n"
                "void swap(object& other) {\n"
                "  if (!is_object()) {\n"
                "    throw type_error(\"cannot use swap() with a non-object\");\n"
                "  }\n"
                "}\n"};
  Explained e = Explain({cc}, "cannot use swap()");
  EXPECT_EQ(e.trigger.find("assign"), std::string::npos) << e.trigger;
  EXPECT_EQ(e.situations.find("assign"), std::string::npos) << e.situations;
}

// C# overloads of one method: a call passing no argument is the
// parameterless overload's (mongo-csharp's `ToGuid()` hard-codes the
// representation), not a way to the overload that checks its argument.
TEST(CallIndex, CSharpOverloadPickedByArgumentCount) {
  SourceFile data{"src/Bson/BsonBinaryData.cs",
                  "namespace Bson {\n"                                                 // 1
                  "public class BsonBinaryData {\n"                                    // 2
                  "  public Guid ToGuid() {\n"                                         // 3
                  "    return ToGuidStandard();\n"                                     // 4
                  "  }\n"                                                              // 5
                  "  public Guid ToGuid(GuidRepresentation guidRepresentation) {\n"    // 6
                  "    if (guidRepresentation == GuidRepresentation.Unspecified) {\n"  // 7
                  "      throw new ArgumentException(\"GuidRepresentation cannot be "  // 8
                  "Unspecified.\");\n"                                                 //
                  "    }\n"                                                            // 9
                  "    return Convert(guidRepresentation);\n"                          // 10
                  "  }\n"                                                              // 11
                  "}\n"                                                                // 12
                  "}\n"};
  SourceFile mapper{
      "src/Bson/BsonTypeMapper.cs",
      "namespace Bson {\n"                                                          // 1
      "public static class BsonTypeMapper {\n"                                      // 2
      "  public static object MapToDotNetValue(BsonBinaryData bsonBinaryData) {\n"  // 3
      "    return bsonBinaryData.ToGuid();\n"                                       // 4
      "  }\n"                                                                       // 5
      "  public static object MapWith(BsonBinaryData bsonBinaryData, "
      "GuidRepresentation r) {\n"               // 6
      "    return bsonBinaryData.ToGuid(r);\n"  // 7
      "  }\n"                                   // 8
      "}\n"                                     // 9
      "}\n"};
  Explained e = Explain({data, mapper}, "GuidRepresentation cannot be");
  EXPECT_EQ(e.trigger.find("MapToDotNetValue"), std::string::npos) << e.trigger;
  EXPECT_NE(e.trigger.find("MapWith"), std::string::npos) << e.trigger << "\n" << e.situations;
}

// A C# extension method's receiver (`this Foo foo`) is no argument in the
// call's list: `foo.Describe(3)` is the two-parameter overload's call.
TEST(CallIndex, CSharpExtensionReceiverIsNoArgument) {
  SourceFile ext{"src/Acme/FooExtensions.cs",
                 "namespace Acme {\n"                                                          // 1
                 "public static class FooExtensions {\n"                                       // 2
                 "  public static string Describe(this Foo foo) {\n"                           // 3
                 "    return foo.Name;\n"                                                      // 4
                 "  }\n"                                                                       // 5
                 "  public static string Describe(this Foo foo, int depth) {\n"                // 6
                 "    if (depth < 0) {\n"                                                      // 7
                 "      throw new ArgumentOutOfRangeException(\"depth must be positive\");\n"  // 8
                 "    }\n"                                                                     // 9
                 "    return foo.Name;\n"                                                      // 10
                 "  }\n"                                                                       // 11
                 "}\n"                                                                         // 12
                 "}\n"};
  SourceFile report{"src/Acme/Report.cs",
                    "namespace Acme {\n"                                     // 1
                    "public static class Report {\n"                         // 2
                    "  public static string Render(Foo foo, int depth) {\n"  // 3
                    "    return FooExtensions.Describe(foo, depth);\n"       // 4
                    "  }\n"                                                  // 5
                    "  public static string Title(Foo foo) {\n"              // 6
                    "    return FooExtensions.Describe(foo, 1, 2);\n"        // 7
                    "  }\n"                                                  // 8
                    "}\n"                                                    // 9
                    "}\n"};
  Explained e = Explain({ext, report}, "depth must be positive");
  EXPECT_NE(e.trigger.find("Report.Render"), std::string::npos) << e.trigger;
  EXPECT_EQ(e.trigger.find("Report.Title"), std::string::npos) << e.trigger;
}

}  // namespace
}  // namespace errdex
