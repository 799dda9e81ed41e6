// Link field renderings for Python: exception classes whose __str__ renders
// attributes their __init__ stores, recorded where a raise passes text for
// them. Fixtures written for these tests after pip's MetadataInconsistent.
#include <gtest/gtest.h>

#include <string>

#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;
using link_testing::Matches;

const char* kExceptionsPy =
    "class InstallationError(Exception):\n"                                     // 1
    "    pass\n"                                                                // 2
    "\n"                                                                        // 3
    "class MetadataInconsistent(InstallationError):\n"                          // 4
    "    def __init__(self, ireq, field, f_val, m_val):\n"                      // 5
    "        self.ireq = ireq\n"                                                // 6
    "        self.field = field\n"                                              // 7
    "        self.f_val = f_val\n"                                              // 8
    "        self.m_val = m_val\n"                                              // 9
    "\n"                                                                        // 10
    "    def __str__(self):\n"                                                  // 11
    "        return (\n"                                                        // 12
    "            f\"Requested {self.ireq} has inconsistent {self.field}: \"\n"  // 13
    "            f\"expected {self.f_val!r}, but metadata has {self.m_val!r}\"\n"
    "        )\n"                                                 // 15
    "\n"                                                          // 16
    "class SidecarMetadataInconsistent(MetadataInconsistent):\n"  // 17
    "    def __str__(self):\n"                                    // 18
    "        return f\"Requested {self.ireq} has inconsistent {self.field} between files\"\n";

const char* kPreparePy =
    "from exceptions import MetadataInconsistent, SidecarMetadataInconsistent\n"    // 1
    "\n"                                                                            // 2
    "def check(req, dist):\n"                                                       // 3
    "    if dist.raw_name != req.name:\n"                                           // 4
    "        raise MetadataInconsistent(req, \"Name\", req.name, dist.raw_name)\n"  // 5
    "    if dist.version != req.version:\n"                                         // 6
    "        raise MetadataInconsistent(\n"                                         // 7
    "            req, field=\"Version\", f_val=req.version, m_val=dist.version)\n"  // 8
    "    raise SidecarMetadataInconsistent(req, \"Requires-Python\", a, b)\n";      // 9

TEST(LinkPythonFields, RaiseFillsTheAttributesStrRenders) {
  Linked r = Link({{"exceptions.py", kExceptionsPy}, {"operations/prepare.py", kPreparePy}});
  const ErrorSite* s =
      r.Find("operations/prepare.py", 5,
             "Requested {req} has inconsistent Name: expected {req.name!r}, but metadata has "
             "{dist.raw_name!r}");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "MetadataInconsistent");
  EXPECT_EQ(s->function, "check");
  EXPECT_EQ(s->message_from, "exceptions.py:12");
  EXPECT_TRUE(Matches(*s,
                      "Requested foo from https://x/foo.whl has inconsistent Name: expected "
                      "'foo', but metadata has 'bar'"));
  // The extractor's reading (the first argument as the message) is replaced.
  EXPECT_EQ(r.CountAt("operations/prepare.py", 5), 1) << Dump(r);
  // Keyword arguments fill the attributes their parameters store.
  EXPECT_NE(r.Find("operations/prepare.py", 7,
                   "Requested {req} has inconsistent Version: expected {req.version!r}, but "
                   "metadata has {dist.version!r}"),
            nullptr)
      << Dump(r);
  // A subclass rendering what its base's __init__ stores.
  EXPECT_NE(r.Find("operations/prepare.py", 9,
                   "Requested {req} has inconsistent Requires-Python between files"),
            nullptr)
      << Dump(r);
}

// An exception class known as one only through a grandparent of the same
// file (aiohttp's InvalidHeader(BadHttpMessage), BadHttpMessage deriving
// from HttpProcessingError) composes the message of its raises in other
// files (twenty-seventh grading: the record said "{line}").
TEST(LinkPythonFields, ExceptionKnownByItsGrandparentComposesTheMessage) {
  Linked r = Link({{"aiohttp/http_exceptions.py",
                    "class HttpProcessingError(Exception):\n"
                    "    def __init__(self, *, message=''):\n"
                    "        self.message = message\n"
                    "class BadHttpMessage(HttpProcessingError):\n"
                    "    def __init__(self, message):\n"
                    "        super().__init__(message=message)\n"
                    "class InvalidHeader(BadHttpMessage):\n"
                    "    def __init__(self, hdr):\n"
                    "        super().__init__(f\"Invalid HTTP header: {hdr!r}\")\n"},
                   {"aiohttp/http_parser.py",
                    "from .http_exceptions import InvalidHeader\n"
                    "def parse_headers(lines):\n"
                    "    for line in lines:\n"
                    "        if not line:\n"
                    "            raise InvalidHeader(line)\n"}});
  const ErrorSite* s = nullptr;
  for (const ErrorSite& e : r.sites[1]) {
    if (e.line == 5) s = &e;
  }
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->message.Display().rfind("Invalid HTTP header: ", 0), 0u) << Dump(r);
  EXPECT_TRUE(Matches(*s, "Invalid HTTP header: 'Foo'")) << Dump(r);
}

}  // namespace
}  // namespace errdex
