// End-to-end: a Gradle-shaped Java/Kotlin repository indexed and queried as
// a user does it: test source sets and test classes skipped, a Java stack
// trace with a `Caused by:` chain and a Kotlin exception explained back to
// the lines that raise them, with the values the holes captured.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "testutil.h"

namespace errdex {
namespace {

using testing::ShellQuote;

class JvmE2E : public testing::CliTest {};

TEST_F(JvmE2E, JavaAndKotlinErrorsAreExplained) {
  const std::string& r = repo_.path();
  testing::WriteFile(r, "core/src/main/java/com/acme/Store.java",
                     "package com.acme;\n"
                     "\n"
                     "public final class Store {\n"
                     "  public Item load(String key, int shard) {\n"
                     "    if (shard < 0) {\n"
                     "      throw new IllegalArgumentException(\n"
                     "          String.format(\"bad shard %d for key '%s'\", shard, key));\n"
                     "    }\n"
                     "    try {\n"
                     "      return read(key);\n"
                     "    } catch (IOException e) {\n"
                     "      throw new StoreException(\"cannot load \" + key + \" from shard \" + "
                     "shard, e);\n"
                     "    }\n"
                     "  }\n"
                     "}\n");
  testing::WriteFile(
      r, "app/src/main/kotlin/com/acme/Cache.kt",
      "package com.acme\n"
      "\n"
      "class Cache(private val store: Store) {\n"
      "  fun get(key: String): Item {\n"
      "    require(key.isNotBlank()) { \"key must not be blank\" }\n"
      "    return entries[key] ?: error(\"no entry for $key (size ${entries.size})\")\n"
      "  }\n"
      "}\n");
  testing::WriteFile(r, "core/src/test/java/com/acme/StoreTest.java",
                     "class StoreTest { void t() { throw new AssertionError(\"test only\"); } }\n");
  testing::WriteFile(r, "app/src/androidTest/kotlin/com/acme/CacheCheck.kt",
                     "fun check() { error(\"instrumented test only\") }\n");
  testing::WriteFile(
      r, "core/src/main/java/com/acme/StoreTests.java",
      "class StoreTests { void t() { throw new AssertionError(\"also a test\"); } }\n");
  testing::GitCommitAll(r, "acme/store");

  nlohmann::json s = Json("index " + ShellQuote(r));
  ASSERT_FALSE(s.is_discarded());
  EXPECT_EQ(s["filesIndexed"], 2);
  EXPECT_EQ(s["skipped"]["test"], 3);
  EXPECT_EQ(s["records"], 4);

  nlohmann::json java =
      Json("explain " +
           ShellQuote("Exception in thread \"main\" java.lang.RuntimeException: boom\n"
                      "\tat com.acme.App.main(App.java:9)\n"
                      "Caused by: com.acme.StoreException: cannot load users/42 from shard 3\n"
                      "\tat com.acme.Store.load(Store.java:12)\n"));
  ASSERT_FALSE(java.is_discarded());
  ASSERT_FALSE(java["matches"].empty()) << java.dump();
  const nlohmann::json& hit = java["matches"][0];
  EXPECT_EQ(hit["filePath"], "core/src/main/java/com/acme/Store.java");
  EXPECT_EQ(hit["lineNumber"], 12);
  EXPECT_EQ(hit["errorClass"], "StoreException");
  EXPECT_EQ(hit["message"], "cannot load {key} from shard {shard}");
  ASSERT_EQ(hit["captures"].size(), 2u) << hit.dump();
  EXPECT_EQ(hit["captures"][0].dump().find("users/42") != std::string::npos, true) << hit.dump();

  nlohmann::json kt =
      Json("explain " + ShellQuote("java.lang.IllegalStateException: no entry for k1 (size 0)\n"
                                   "\tat com.acme.Cache.get(Cache.kt:6)\n"));
  ASSERT_FALSE(kt.is_discarded());
  ASSERT_FALSE(kt["matches"].empty()) << kt.dump();
  EXPECT_EQ(kt["matches"][0]["filePath"], "app/src/main/kotlin/com/acme/Cache.kt");
  EXPECT_EQ(kt["matches"][0]["lineNumber"], 6);
  EXPECT_EQ(kt["matches"][0]["message"], "no entry for $key (size ${entries.size})");

  nlohmann::json shard = Json("explain " + ShellQuote("bad shard -1 for key 'a'"));
  ASSERT_FALSE(shard["matches"].empty()) << shard.dump();
  EXPECT_EQ(shard["matches"][0]["lineNumber"], 6);
}

}  // namespace
}  // namespace errdex
