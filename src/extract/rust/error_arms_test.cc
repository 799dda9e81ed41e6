// Rust error arms (error_arms.h): the text of an error variant written in a
// match arm — a table of texts per variant, text written into a buffer, in
// one write or several — asserted on message, line, class and pattern.
#include "extract/rust/error_arms.h"

#include <gtest/gtest.h>

#include "errdex/extractor.h"
#include "extract/common/extractor_testing.h"

namespace errdex {
namespace {

using extract_testing::ExtractFile;
using extract_testing::HoleExprs;
using extract_testing::Matches;
using extract_testing::Messages;

std::vector<ErrorSite> Extract(const std::string& code) {
  return ExtractFile("src/report.rs", code, "rust");
}

const ErrorSite* AtLine(const std::vector<ErrorSite>& sites, int line) {
  for (const ErrorSite& s : sites) {
    if (s.line == line) return &s;
  }
  return nullptr;
}

TEST(RustErrorArms, TextWrittenIntoABufferPerErrorKind) {
  auto sites = Extract(
      "fn describe(err: &Failure, out: &mut Styled) -> bool {\n"
      "    match err.kind() {\n"
      "        UsageErrorKind::MissingValue => {\n"
      "            if let Some(name) = err.get(Detail::Name) {\n"
      "                let _ = write!(\n"
      "                    out,\n"
      "                    \"option '{hl}{name}{hl:#}' needs a value\",\n"
      "                );\n"
      "                true\n"
      "            } else {\n"
      "                false\n"
      "            }\n"
      "        }\n"
      "        UsageErrorKind::Clash => {\n"
      "            out.push_str(\"option '\");\n"
      "            out.push_str(&err.first);\n"
      "            write!(&mut out, \"' clashes with '{}'\", err.second)?;\n"
      "            true\n"
      "        }\n"
      "        UsageErrorKind::Io => {\n"
      "            let _ = write!(out, \"Io\");\n"
      "            false\n"
      "        }\n"
      "        _ => false,\n"
      "    }\n"
      "}\n"
      "fn paint(kind: Shade, out: &mut String) {\n"
      "    match kind {\n"
      "        Shade::Dark => out.push_str(\"a dark shade of grey\"),\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));

  const ErrorSite* one = AtLine(sites, 5);
  ASSERT_NE(one, nullptr);
  EXPECT_EQ(one->message.Display(), "option '{hl}{name}{hl:#}' needs a value");
  EXPECT_EQ(HoleExprs(*one), (std::vector<std::string>{"hl", "name", "hl"}));
  EXPECT_EQ(one->error_class, "UsageErrorKind::MissingValue");
  EXPECT_EQ(one->function, "describe");
  ASSERT_FALSE(one->conditions.empty());
  EXPECT_EQ(one->conditions[0].expr, "err.kind() matches UsageErrorKind::MissingValue");
  // Styles render empty when the output is not a terminal.
  EXPECT_TRUE(Matches(*one, "error: option '--depth' needs a value"));

  // Three writes into one buffer make one message, at the first write.
  const ErrorSite* joined = AtLine(sites, 15);
  ASSERT_NE(joined, nullptr);
  EXPECT_EQ(joined->message.Display(), "option '{&err.first}' clashes with '{}'");
  EXPECT_EQ(HoleExprs(*joined), (std::vector<std::string>{"err.first", "err.second"}));
  EXPECT_EQ(joined->end_line, 17);
  EXPECT_EQ(joined->error_class, "UsageErrorKind::Clash");
  EXPECT_TRUE(Matches(*joined, "option '--fast' clashes with '--safe'"));
  // `write!(out, "Io")` names the variant, not a message; Shade is not an
  // error type.
}

TEST(RustErrorArms, TextPerVariantTableAndDisplayImpl) {
  auto sites = Extract(
      "impl ParseErrorKind {\n"
      "    pub fn as_str(self) -> Option<&'static str> {\n"
      "        match self {\n"
      "            Self::Unterminated => Some(\"string is never closed\"),\n"
      "            Self::BadEscape => Some(\"EBADESC\"),\n"
      "            Self::Other => None,\n"
      "        }\n"
      "    }\n"
      "}\n"
      "impl fmt::Display for ParseError {\n"
      "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n"
      "        match self {\n"
      "            ParseError::Eof => write!(f, \"input ended inside a table\"),\n"
      "        }\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "string is never closed");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].error_class, "ParseErrorKind::Unterminated");
  EXPECT_TRUE(Matches(sites[0], "error: string is never closed"));
  // The Display impl's own site, recorded once.
  EXPECT_EQ(sites[1].message.Display(), "input ended inside a table");
  EXPECT_EQ(sites[1].line, 13);
  EXPECT_EQ(sites[1].error_class, "ParseError::Eof");
}

TEST(RustErrorArms, VariantsOfErrorTypesOnly) {
  auto v = rust::ErrorArmVariant("crate::error::ErrorKind::Io { .. }", "");
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->type, "ErrorKind");
  EXPECT_EQ(v->variant, "Io");
  v = rust::ErrorArmVariant("&Self::Missing(name)", "ConfigErr");
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->type, "ConfigErr");
  EXPECT_FALSE(rust::ErrorArmVariant("Self::Missing", "Config"));
  EXPECT_FALSE(rust::ErrorArmVariant("ErrorKind::A | ErrorKind::B", ""));
  EXPECT_FALSE(rust::ErrorArmVariant("_", "ErrorKind"));
  EXPECT_FALSE(rust::ErrorArmVariant("kind", "ErrorKind"));
  EXPECT_FALSE(rust::ErrorArmVariant("Shade::Dark", ""));
  // Inside an error type's own impl, its kind enum's arms are its texts.
  v = rust::ErrorArmVariant("Kind::IncompleteMessage", "Error");
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->type, "Kind");
  EXPECT_FALSE(rust::ErrorArmVariant("Kind::IncompleteMessage", "Connection"));
}

// hyper: `impl Error { fn description(&self) -> &str { match self.inner.kind
// { Kind::X => "..." } } }`, rendered by Display through description().
TEST(RustErrorArms, KindTextsInsideTheErrorTypesImpl) {
  auto sites = Extract(
      "impl Error {\n"
      "    fn description(&self) -> &str {\n"
      "        match self.inner.kind {\n"
      "            Kind::Parse(Parse::TooLarge) => \"message head is too large\",\n"
      "            Kind::IncompleteMessage => \"connection closed before message completed\",\n"
      "            Kind::Http2 => \"http2\",\n"
      "        }\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[1].message.Display(), "connection closed before message completed");
  EXPECT_EQ(sites[1].line, 5);
  EXPECT_EQ(sites[1].error_class, "Kind::IncompleteMessage");
}

TEST(RustErrorArms, OnlySentencesAreMessages) {
  Template t;
  t.AddLiteral("unexpected argument '");
  t.AddHole("{}", "arg");
  t.AddLiteral("' found");
  EXPECT_TRUE(rust::ReadsAsSentence(t));
  Template value;
  value.AddLiteral(": ");
  value.AddHole("{source}", "source");
  EXPECT_FALSE(rust::ReadsAsSentence(value));
  Template name;
  name.AddLiteral("Io");
  EXPECT_FALSE(rust::ReadsAsSentence(name));
}

}  // namespace
}  // namespace errdex
