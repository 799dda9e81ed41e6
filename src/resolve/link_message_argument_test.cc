// Link: an exception class that renders a later argument (typeorm's
// QueryFailedError(query, parameters, driverError) writes
// `super(driverError.toString()...)`): its constructions must not show the
// first argument as the message. Fixture written for this test.
#include <gtest/gtest.h>

#include <string>

#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;

const char* kErrorTs =
    "export class QueryFailedError extends TypeORMError {\n"
    "    constructor(readonly query: string, readonly parameters: any[], readonly driverError: "
    "Error) {\n"
    "        super(\n"
    "            driverError\n"
    "                .toString()\n"
    "                .replace(/^error: /, \"\")\n"
    "                .replace(/^Error: /, \"\"),\n"
    "        )\n"
    "    }\n"
    "}\n";

const char* kRunnerTs =
    "export class PostgresQueryRunner {\n"
    "    async query(query: string, parameters: any[]) {\n"
    "        try {\n"
    "            return await this.driver.run(query, parameters)\n"
    "        } catch (err) {\n"
    "            throw new QueryFailedError(query, parameters, err)\n"
    "        }\n"
    "    }\n"
    "    async identity() {\n"
    "        throw new QueryFailedError(\"SELECT CURRENT_IDENTITY_VALUE()\", [], this.lastError)\n"
    "    }\n"
    "}\n";

TEST(LinkMessageArgument, ClassRenderingALaterArgumentIsNotTheFirstArgument) {
  Linked r = Link({{"src/error/QueryFailedError.ts", kErrorTs},
                   {"src/driver/PostgresQueryRunner.ts", kRunnerTs}});
  std::vector<const ErrorSite*> at = r.At("src/driver/PostgresQueryRunner.ts", 6);
  ASSERT_EQ(at.size(), 1u) << Dump(r);
  EXPECT_EQ(at[0]->error_class, "QueryFailedError");
  ASSERT_EQ(at[0]->message.pieces().size(), 1u);
  EXPECT_EQ(at[0]->message.pieces()[0].expr, "err");
  EXPECT_TRUE(at[0]->message_opaque);
  EXPECT_NE(at[0]->message_origin_note.find("driverError"), std::string::npos)
      << at[0]->message_origin_note;
  // A literal first argument (the SQL text) is not the message either.
  at = r.At("src/driver/PostgresQueryRunner.ts", 10);
  ASSERT_EQ(at.size(), 1u) << Dump(r);
  EXPECT_EQ(at[0]->message.Display(), "${this.lastError}");
  EXPECT_TRUE(at[0]->message_opaque);
}

// C++ `class E : public std::runtime_error { explicit E(Status& s) :
// std::runtime_error(s.ToString()) ... }` (rocksdb's MultiScanException):
// `throw E(status_)` shows the text the class derives from its argument,
// `status_.ToString()`, a value (opaque) -- not the class's name.
const char* kScanH =
    "#include <stdexcept>\n"
    "class MultiScanException : public std::runtime_error {\n"
    " public:\n"
    "  explicit MultiScanException(Status& s)\n"
    "      : std::runtime_error(s.ToString()), s_(s) {}\n"
    " private:\n"
    "  Status s_;\n"
    "};\n"
    "class Scan {\n"
    "  void Next() {\n"
    "    status_ = iter_->status();\n"
    "    if (!status_.ok()) {\n"
    "      throw MultiScanException(status_);\n"
    "    }\n"
    "  }\n"
    "};\n";

TEST(LinkMessageArgument, CppClassRenderingItsArgumentShowsThatTextNotItsName) {
  Linked r = Link({{"include/scan.h", kScanH}});
  std::vector<const ErrorSite*> at = r.At("include/scan.h", 13);
  ASSERT_EQ(at.size(), 1u) << Dump(r);
  EXPECT_EQ(at[0]->error_class, "MultiScanException");
  EXPECT_EQ(at[0]->message.Display(), "{status_.ToString()}");
  EXPECT_TRUE(at[0]->message_opaque);
  EXPECT_NE(at[0]->message_origin_note.find("`s`"), std::string::npos)
      << at[0]->message_origin_note;
}

}  // namespace
}  // namespace errdex
