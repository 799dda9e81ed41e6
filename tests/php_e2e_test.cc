// End-to-end: a Composer-shaped PHP repository indexed and queried as a user
// does it: tests, vendor/ and framework caches skipped; an uncaught
// exception as PHP prints it (namespaced class, stack trace), a Laravel log
// line and a PHP warning explained back to the lines that raise them, with
// the values the holes captured.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "testutil.h"

namespace errdex {
namespace {

using testing::ShellQuote;

class PhpE2E : public testing::CliTest {};

TEST_F(PhpE2E, UncaughtExceptionsLogsAndWarningsAreExplained) {
  const std::string& r = repo_.path();
  testing::WriteFile(
      r, "src/Shop/Cart.php",
      "<?php\n"
      "namespace Acme\\Shop;\n"
      "\n"
      "final class Cart\n"
      "{\n"
      "    public function add(string $sku, int $qty): void\n"
      "    {\n"
      "        if ($qty <= 0) {\n"
      "            throw new Exception\\InvalidQuantity(\n"
      "                sprintf('Quantity %d for \"%s\" must be positive', $qty, $sku)\n"
      "            );\n"
      "        }\n"
      "        if (!$this->stock->has($sku)) {\n"
      "            trigger_error(\"Item $sku is out of stock\", E_USER_WARNING);\n"
      "        }\n"
      "    }\n"
      "}\n");
  testing::WriteFile(r, "app/Http/Controllers/OrderController.php",
                     "<?php\n"
                     "class OrderController\n"
                     "{\n"
                     "    public function show($id)\n"
                     "    {\n"
                     "        $order = Order::find($id);\n"
                     "        abort_if($order === null, 404, \"Order $id was not found.\");\n"
                     "        Log::error('Payment {payment} failed for order {id}', [$p, $id]);\n"
                     "    }\n"
                     "}\n");
  testing::WriteFile(r, "tests/Shop/CartTest.php",
                     "<?php throw new \\RuntimeException('test only');\n");
  testing::WriteFile(r, "src/Shop/CartTest.php",
                     "<?php throw new \\RuntimeException('a test beside the code');\n");
  testing::WriteFile(r, "vendor/acme/lib/src/X.php",
                     "<?php throw new \\RuntimeException('vendored');\n");
  testing::WriteFile(r, "var/cache/prod/Container.php",
                     "<?php throw new \\RuntimeException('compiled container');\n");
  testing::GitCommitAll(r, "acme/shop");

  nlohmann::json s = Json("index " + ShellQuote(r));
  ASSERT_FALSE(s.is_discarded());
  EXPECT_EQ(s["filesIndexed"], 2);
  EXPECT_EQ(s["skipped"]["test"], 2);
  EXPECT_EQ(s["skipped"]["vendored"], 1);
  EXPECT_EQ(s["skipped"]["build-output"], 1);
  EXPECT_EQ(s["records"], 4);

  nlohmann::json fatal = Json(
      "explain " +
      ShellQuote("PHP Fatal error:  Uncaught Acme\\Shop\\Exception\\InvalidQuantity: Quantity -2 "
                 "for \"SKU-9\" must be positive in /srv/app/src/Shop/Cart.php:9\n"
                 "Stack trace:\n"
                 "#0 /srv/app/public/index.php(20): Acme\\Shop\\Cart->add('SKU-9', -2)\n"
                 "#1 {main}\n"
                 "  thrown in /srv/app/src/Shop/Cart.php on line 9\n"));
  ASSERT_FALSE(fatal.is_discarded());
  ASSERT_FALSE(fatal["matches"].empty()) << fatal.dump();
  const nlohmann::json& hit = fatal["matches"][0];
  EXPECT_EQ(hit["filePath"], "src/Shop/Cart.php");
  EXPECT_EQ(hit["lineNumber"], 9);
  EXPECT_EQ(hit["errorClass"], "InvalidQuantity");
  EXPECT_EQ(hit["message"], "Quantity %d for \"%s\" must be positive");
  ASSERT_EQ(hit["captures"].size(), 2u) << hit.dump();
  EXPECT_NE(hit["captures"].dump().find("SKU-9"), std::string::npos) << hit.dump();

  nlohmann::json log = Json(
      "explain " + ShellQuote("[2026-12-03 10:00:01] production.ERROR: Payment pi_42 failed for "
                              "order 7 [] []\n"));
  ASSERT_FALSE(log["matches"].empty()) << log.dump();
  EXPECT_EQ(log["matches"][0]["filePath"], "app/Http/Controllers/OrderController.php");
  EXPECT_EQ(log["matches"][0]["lineNumber"], 8);

  nlohmann::json http = Json("explain " + ShellQuote("Order 31 was not found."));
  ASSERT_FALSE(http["matches"].empty()) << http.dump();
  EXPECT_EQ(http["matches"][0]["lineNumber"], 7);
  std::string id = http["matches"][0]["id"];
  nlohmann::json rec = Json("show " + id);
  EXPECT_EQ(rec["httpStatus"], 404);
  EXPECT_NE(
      rec["triggerScenarios"].get<std::string>().find("when `$order` is missing (null) (line 7)"),
      std::string::npos)
      << rec.dump();

  nlohmann::json warn = Json("explain " + ShellQuote("PHP Warning:  Item SKU-1 is out of stock in "
                                                     "/srv/app/src/Shop/Cart.php on line 14\n"));
  ASSERT_FALSE(warn["matches"].empty()) << warn.dump();
  EXPECT_EQ(warn["matches"][0]["lineNumber"], 14);
  EXPECT_EQ(warn["matches"][0]["message"], "Item $sku is out of stock");
}

}  // namespace
}  // namespace errdex
