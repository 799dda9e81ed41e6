// Callee reasons through the indexer: a failed call to a function of the
// same repository names the errors that function reports itself (openvpn's
// `if (!tls_crypt_unwrap(..)) msg(.., "TLS Error: tls-crypt unwrapping
// failed ..")`, thirty-sixth session). Fixtures are written for this test.
#include "analyze/callee_reasons.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "testutil.h"
#include "util/text.h"

namespace errdex {
namespace {

std::vector<Record> Index(const testing::TempDir& dir) {
  return testing::IndexedRecords(dir.path(), "acme/vpn");
}

const Record* Find(const std::vector<Record>& records, const std::string& message) {
  for (const Record& r : records) {
    if (r.error_message == message) return &r;
  }
  ADD_FAILURE() << "no record " << message;
  return nullptr;
}

void WriteCrypt(const testing::TempDir& dir) {
  testing::WriteFile(dir.path(), "src/crypt.c",
                     "#include <stdio.h>\n"                                                  // 1
                     "\n"                                                                    // 2
                     "int tls_crypt_unwrap(const char *buf, int len)\n"                      // 3
                     "{\n"                                                                   // 4
                     "    if (len < 16)\n"                                                   // 5
                     "    {\n"                                                               // 6
                     "        fprintf(stderr, \"TLS CRYPT ERROR: packet too short\\n\");\n"  // 7
                     "        return 0;\n"                                                   // 8
                     "    }\n"                                                               // 9
                     "    if (!verify_tag(buf, len))\n"                                      // 10
                     "    {\n"                                                               // 11
                     "        fprintf(stderr, \"TLS CRYPT ERROR: packet authentication "
                     "failed\\n\");\n"      // 12
                     "        return 0;\n"  // 13
                     "    }\n"              // 14
                     "    return 1;\n"      // 15
                     "}\n");
}

TEST(CalleeReasons, FailedCallNamesTheCalleesOwnErrors) {
  testing::TempDir dir;
  WriteCrypt(dir);
  testing::WriteFile(dir.path(), "src/ssl.c",
                     "#include <stdio.h>\n"                                     // 1
                     "\n"                                                       // 2
                     "int read_incoming(const char *buf, int len, int mode)\n"  // 3
                     "{\n"                                                      // 4
                     "    if (mode == 2)\n"                                     // 5
                     "    {\n"                                                  // 6
                     "        if (!tls_crypt_unwrap(buf, len))\n"               // 7
                     "        {\n"                                              // 8
                     "            fprintf(stderr, \"TLS Error: tls-crypt unwrapping "
                     "failed from %s\\n\", peer_name());\n"  // 9
                     "            return -1;\n"              // 10
                     "        }\n"                           // 11
                     "    }\n"                               // 12
                     "    return 0;\n"                       // 13
                     "}\n");
  std::vector<Record> records = Index(dir);
  const Record* r = Find(records, "TLS Error: tls-crypt unwrapping failed from %s");
  ASSERT_NE(r, nullptr);
  ASSERT_FALSE(r->solutions.empty());
  EXPECT_EQ(r->solutions[0],
            "Find out why `tls_crypt_unwrap()` failed (called at line 7): this error reports that "
            "`tls_crypt_unwrap(buf, len)` returned zero, false or nothing; `tls_crypt_unwrap()` "
            "reports its own errors, and the one it gave says why: \u201cTLS CRYPT ERROR: packet "
            "too short\u201d (src/crypt.c:7), \u201cTLS CRYPT ERROR: packet authentication "
            "failed\u201d (src/crypt.c:12)")
      << Join(r->solutions, "\n");
  EXPECT_NE(r->provenance.dump().find("src/crypt.c:12"), std::string::npos) << r->provenance;
  // A verdict on data is no failed call: `!verify_tag(..)` gets no
  // "Find out why".
  const Record* v = Find(records, "TLS CRYPT ERROR: packet authentication failed");
  ASSERT_NE(v, nullptr);
  for (const std::string& s : v->solutions) EXPECT_FALSE(s.starts_with("Find out why")) << s;
}

TEST(CalleeReasons, SameNameInSeveralFilesIsLeftAlone) {
  testing::TempDir dir;
  WriteCrypt(dir);
  // A second tls_crypt_unwrap elsewhere: which one ssl.c calls is unknown.
  testing::WriteFile(dir.path(), "src/compat/unwrap_stub.c",
                     "int tls_crypt_unwrap(const char *buf, int len)\n"
                     "{\n"
                     "    fprintf(stderr, \"stub unwrap refused\\n\");\n"
                     "    return 0;\n"
                     "}\n");
  testing::WriteFile(dir.path(), "src/ssl.c",
                     "int read_incoming(const char *buf, int len)\n"
                     "{\n"
                     "    if (!tls_crypt_unwrap(buf, len))\n"
                     "    {\n"
                     "        fprintf(stderr, \"TLS Error: tls-crypt unwrapping failed\\n\");\n"
                     "        return -1;\n"
                     "    }\n"
                     "    return 0;\n"
                     "}\n");
  std::vector<Record> records = Index(dir);
  const Record* r = Find(records, "TLS Error: tls-crypt unwrapping failed");
  ASSERT_NE(r, nullptr);
  ASSERT_FALSE(r->solutions.empty());
  EXPECT_TRUE(r->solutions[0].starts_with("Find out why `tls_crypt_unwrap()` failed"))
      << r->solutions[0];
  EXPECT_EQ(r->solutions[0].find("reports its own errors"), std::string::npos) << r->solutions[0];
}

TEST(CalleeReasons, GoWrappedErrorNamesTheCalleesErrors) {
  testing::TempDir dir;
  // helm's layout: package repo lives in pkg/repo/v1.
  testing::WriteFile(dir.path(), "pkg/repo/v1/index.go",
                     "package repo\n"                                                     // 1
                     "\n"                                                                 // 2
                     "import \"fmt\"\n"                                                   // 3
                     "\n"                                                                 // 4
                     "func LoadIndexFile(path string) (*IndexFile, error) {\n"            // 5
                     "\tb, err := readFile(path)\n"                                       // 6
                     "\tif err != nil {\n"                                                // 7
                     "\t\treturn nil, fmt.Errorf(\"error loading %s: %w\", path, err)\n"  // 8
                     "\t}\n"                                                              // 9
                     "\treturn parse(b)\n"                                                // 10
                     "}\n");
  testing::WriteFile(dir.path(), "pkg/downloader/manager.go",
                     "package downloader\n"                                        // 1
                     "\n"                                                          // 2
                     "import (\n"                                                  // 3
                     "\t\"fmt\"\n"                                                 // 4
                     "\trepo \"example.com/helm/pkg/repo/v1\"\n"                   // 5
                     ")\n"                                                         // 6
                     "\n"                                                          // 7
                     "func FindChart(idxFile string) error {\n"                    // 8
                     "\ti, err := repo.LoadIndexFile(idxFile)\n"                   // 9
                     "\tif err != nil {\n"                                         // 10
                     "\t\treturn fmt.Errorf(\"no cached repo found: %w\", err)\n"  // 11
                     "\t}\n"                                                       // 12
                     "\treturn use(i)\n"                                           // 13
                     "}\n");
  std::vector<Record> records = Index(dir);
  const Record* r = Find(records, "no cached repo found: %w");
  ASSERT_NE(r, nullptr);
  ASSERT_FALSE(r->solutions.empty());
  EXPECT_EQ(r->solutions[0],
            "Find out why `repo.LoadIndexFile(idxFile)` fails (called at line 9): this error "
            "reports its failure (checked at line 10); `LoadIndexFile()` reports its own errors, "
            "and the one it gave says why: \u201cerror loading %s: %w\u201d "
            "(pkg/repo/v1/index.go:8)")
      << Join(r->solutions, "\n");
}

TEST(CalleeReasons, CaughtExceptionNamesTheThrowingCallOfTheTryBlock) {
  testing::TempDir dir;
  testing::WriteFile(dir.path(), "src/main/java/acme/Runtime.java",
                     "package acme;\n"                                                         // 1
                     "\n"                                                                      // 2
                     "public class Runtime {\n"                                                // 3
                     "    private final VersionScheme versionScheme = new VersionScheme();\n"  // 4
                     "\n"                                                                      // 5
                     "    public boolean isVersion(String range) {\n"                          // 6
                     "        try {\n"                                                         // 7
                     "            Version v = versionScheme.parseVersionString(range);\n"      // 8
                     "            return v.isValid();\n"                                       // 9
                     "        } catch (InvalidVersionException e) {\n"                         // 10
                     "            throw new IllegalStateException(\"Could not parse current "
                     "version: \" + e.getMessage());\n"                                   // 11
                     "        }\n"                                                        // 12
                     "    }\n"                                                            // 13
                     "\n"                                                                 // 14
                     "    public int find(String text) {\n"                               // 15
                     "        try {\n"                                                    // 16
                     "            return text.indexOf(\"x\");\n"                          // 17
                     "        } catch (RuntimeException e) {\n"                           // 18
                     "            throw new IllegalStateException(\"Search failed\");\n"  // 19
                     "        }\n"                                                        // 20
                     "    }\n"                                                            // 21
                     "}\n");
  testing::WriteFile(dir.path(), "src/main/java/acme/VersionScheme.java",
                     "package acme;\n"                                         // 1
                     "\n"                                                      // 2
                     "public class VersionScheme {\n"                          // 3
                     "    public Version parseVersionString(String text) {\n"  // 4
                     "        if (text.isEmpty()) {\n"                         // 5
                     "            throw new InvalidVersionException(\"Version string is "
                     "empty\");\n"                                                             // 6
                     "        }\n"                                                             // 7
                     "        if (text.length() > 64) throw new InvalidVersionException();\n"  // 8
                     "    }\n"                                                                 // 9
                     "\n"                                                                      // 10
                     "    public int indexOf(String s) {\n"                                    // 11
                     "        throw new RuntimeException(\"no index of \" + s);\n"             // 12
                     "    }\n"                                                                 // 13
                     "}\n");
  std::vector<Record> records = Index(dir);
  const Record* r = Find(records, "Could not parse current version: {e.getMessage()}");
  ASSERT_NE(r, nullptr);
  ASSERT_FALSE(r->solutions.empty());
  EXPECT_EQ(r->solutions[0],
            "Find out why `versionScheme.parseVersionString()` fails (called at line 8): the "
            "`InvalidVersionException` it throws is caught at line 10 and reported here; "
            "`parseVersionString()` reports its own errors, and the one it gave says why: "
            "\u201cVersion string is empty\u201d (src/main/java/acme/VersionScheme.java:6), an "
            "`InvalidVersionException` (src/main/java/acme/VersionScheme.java:8)")
      << Join(r->solutions, "\n");
  // `text.indexOf(..)` is String's, not VersionScheme's: a one-word method
  // on a value of unknown type is not tied to the repository's.
  const Record* s = Find(records, "Search failed");
  ASSERT_NE(s, nullptr);
  for (const std::string& sol : s->solutions) {
    EXPECT_EQ(sol.find("reports its own errors"), std::string::npos) << sol;
  }
}

}  // namespace
}  // namespace errdex
