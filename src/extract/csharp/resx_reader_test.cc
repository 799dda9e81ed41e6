// .resx resource files: which are read, the entries they give, and the C#
// sites that name them (a thrown resource string, string.Format of one).
#include "extract/csharp/resx_reader.h"

#include <gtest/gtest.h>

#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;
using link_testing::Matches;

TEST(ResxReader, OnlyNeutralCultureFilesAreRead) {
  EXPECT_TRUE(IsNeutralResx("src/Npgsql/Properties/NpgsqlStrings.resx"));
  EXPECT_TRUE(IsNeutralResx("Resources.resx"));
  EXPECT_TRUE(IsNeutralResx("src/Autofac/Core/ContainerBuilderResources.resx"));
  EXPECT_TRUE(IsNeutralResx("src/X.Designer.resx"));
  EXPECT_FALSE(IsNeutralResx("src/Npgsql/Properties/NpgsqlStrings.de.resx"));
  EXPECT_FALSE(IsNeutralResx("Strings.zh-Hans.resx"));
  EXPECT_FALSE(IsNeutralResx("Strings.pt-BR.resx"));
  EXPECT_FALSE(IsNeutralResx("Strings.resx.cs"));
  EXPECT_FALSE(IsNeutralResx(".resx"));
}

TEST(ResxReader, StringEntriesWithEntitiesAndLines) {
  std::vector<TextConstant> cs = ReadResxStrings(
      "src/Properties/Strings.resx",
      "<?xml version=\"1.0\"?>\n"
      "<root>\n"
      "  <resheader name=\"resmimetype\"><value>text/microsoft-resx</value></resheader>\n"
      "  <data name=\"NoKey\" xml:space=\"preserve\">\n"
      "    <value>Key &apos;{0}&apos; &lt;missing&gt; &amp; gone &#233;</value>\n"
      "    <comment>{0} is the key</comment>\n"
      "  </data>\n"
      "  <data name=\"Icon\" type=\"System.Resources.ResXFileRef, System.Windows.Forms\">\n"
      "    <value>icon.ico</value>\n"
      "  </data>\n"
      "  <data name=\"Empty\"/>\n"
      "  <data name='Cdata'><value><![CDATA[a <b> c]]></value></data>\n"
      "</root>\n");
  ASSERT_EQ(cs.size(), 2u);
  EXPECT_EQ(cs[0].name, "Strings.NoKey");
  EXPECT_EQ(cs[0].text.Display(), "Key '{0}' <missing> & gone \xC3\xA9");
  EXPECT_EQ(cs[0].line, 5);
  EXPECT_EQ(cs[1].name, "Strings.Cdata");
  EXPECT_EQ(cs[1].text.Display(), "a <b> c");
}

TEST(ResxReader, MalformedFilesGiveWhatWasRead) {
  EXPECT_TRUE(ReadResxStrings("A.resx", "").empty());
  EXPECT_TRUE(ReadResxStrings("A.resx", "<data name=\"x\"><value>never closed").empty());
  EXPECT_TRUE(ReadResxStrings("A.resx", "<data name=\"x\"><value>y</value>").empty());
  std::vector<TextConstant> cs = ReadResxStrings(
      "A.resx", "<data name=\"ok\"><value>fine</value></data><data name=\"bad\"><value>x");
  ASSERT_EQ(cs.size(), 1u);
  EXPECT_EQ(cs[0].name, "A.ok");
  // A NUL reference is dropped, a surrogate or out-of-range one is U+FFFD,
  // an unknown entity stays as written.
  cs = ReadResxStrings("A.resx",
                       "<data name=\"e\"><value>a&#0;b&#xD800;c&#x110000;d&nbsp;</value></data>");
  ASSERT_EQ(cs.size(), 1u);
  EXPECT_EQ(cs[0].text.Display(),
            "ab\xEF\xBF\xBD"
            "c\xEF\xBF\xBD"
            "d&nbsp;");
}

// Npgsql throws its resource strings, bare and through string.Format: each
// site gets the text of the entry, its {0} filled by the argument.
TEST(ResxReader, CSharpSitesNamingResourceStringsGetTheirText) {
  Linked r =
      Link({{"src/Npgsql/Properties/NpgsqlStrings.resx",
             "<root>\n"
             "  <data name=\"TimestampTzNoDateTimeUnspecified\" xml:space=\"preserve\">\n"
             "    <value>Cannot write DateTime with Kind={0}, only UTC is supported.</value>\n"
             "  </data>\n"
             "  <data name=\"TimestampNoDateTimeUtc\" xml:space=\"preserve\">\n"
             "    <value>Cannot write DateTime with Kind=UTC. Consider using timestamptz.</value>\n"
             "  </data>\n"
             "</root>\n"},
            {"src/Npgsql/Provider.cs",
             "using System;\n"
             "namespace Npgsql;\n"
             "sealed class Provider\n"
             "{\n"
             "    void Check(DateTime value, bool tz)\n"
             "    {\n"
             "        if (value.Kind == DateTimeKind.Utc)\n"
             "            throw new ArgumentException(NpgsqlStrings.TimestampNoDateTimeUtc);\n"
             "        if (tz)\n"
             "            throw new ArgumentException(string.Format(CultureInfo.InvariantCulture,\n"
             "                NpgsqlStrings.TimestampTzNoDateTimeUnspecified, value.Kind));\n"
             "    }\n"
             "}\n"}});
  const ErrorSite* utc = r.Find("src/Npgsql/Provider.cs", 8,
                                "Cannot write DateTime with Kind=UTC. Consider using timestamptz.");
  ASSERT_NE(utc, nullptr) << Dump(r);
  EXPECT_FALSE(utc->message_opaque);
  EXPECT_NE(utc->message_origin_note.find("NpgsqlStrings.resx:6"), std::string::npos)
      << utc->message_origin_note;
  std::vector<const ErrorSite*> at = r.At("src/Npgsql/Provider.cs", 10);
  ASSERT_EQ(at.size(), 1u) << Dump(r);
  EXPECT_EQ(at[0]->error_class, "ArgumentException");
  EXPECT_TRUE(Matches(*at[0], "Cannot write DateTime with Kind=Local, only UTC is supported."));
}

}  // namespace
}  // namespace errdex
