// End-to-end: `errdex diff` between two commits of a fixture repository, as
// a library maintainer reads it before a release: text and JSON, exit codes,
// bad revisions.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "testutil.h"

namespace errdex {
namespace {

using testing::ShellQuote;

class DiffE2E : public testing::CliTest {
 protected:
  // Two commits of a small Python library; returns their shas.
  std::pair<std::string, std::string> TwoReleases() {
    const std::string& r = repo_.path();
    testing::WriteFile(r, "shop/cart.py",
                       "def add(item, qty):\n"
                       "    if qty <= 0:\n"
                       "        raise ValueError(f\"bad quantity {qty}\")\n"
                       "    if item is None:\n"
                       "        raise TypeError(\"item is required\")\n");
    testing::WriteFile(r, "shop/util.py",
                       "def host(h):\n"
                       "    if not h:\n"
                       "        raise ValueError(\"empty host\")\n");
    std::string v1 = testing::GitCommitAll(r, "acme/shop", "v1");
    testing::WriteFile(r, "shop/cart.py",
                       "# Carts.\n"
                       "def add(item, qty):\n"
                       "    if qty <= 0:\n"
                       "        raise ValueError(f\"quantity must be positive, got {qty}\")\n"
                       "    if item is None:\n"
                       "        raise TypeError(\"item is required\")\n"
                       "    if item.sold_out:\n"
                       "        raise LookupError(f\"{item.name} is sold out\")\n");
    testing::Run("rm " + ShellQuote(r + "/shop/util.py"));
    testing::WriteFile(r, "shop/net.py",
                       "def host(h):\n"
                       "    if not h:\n"
                       "        raise ValueError(\"empty host\")\n");
    std::string v2 = testing::GitCommitAll(r, "acme/shop", "v2");
    return {v1, v2};
  }
};

TEST_F(DiffE2E, ReportsAddedRewordedAndMovedErrors) {
  auto [v1, v2] = TwoReleases();
  std::string out;
  int code = testing::Run(Cli("diff " + ShellQuote(repo_.path()) + " " + v1 + " " + v2), &out);
  EXPECT_EQ(code, 1) << out;  // as git diff --exit-code: something changed
  EXPECT_NE(out.find("acme/shop " + v1 + " (" + v1.substr(0, 7) + ") -> " + v2 + " (" +
                     v2.substr(0, 7) + "): 1 added, 0 removed, 2 changed, 1 unchanged (1 moved)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("+ shop/cart.py:8  LookupError: {item.name} is sold out"), std::string::npos)
      << out;
  EXPECT_NE(
      out.find("~ shop/cart.py:4  ValueError: quantity must be positive, got {qty}\n"
               "    errorMessage: bad quantity {qty} -> quantity must be positive, got {qty}"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("    filePath: shop/util.py -> shop/net.py"), std::string::npos) << out;

  nlohmann::json j = Json("diff " + ShellQuote(repo_.path()) + " " + v1 + " " + v2);
  ASSERT_FALSE(j.is_discarded());
  EXPECT_EQ(j["repo"], "acme/shop");
  EXPECT_EQ(j["old"]["sha"], v1);
  EXPECT_EQ(j["new"]["records"], 4);
  ASSERT_EQ(j["added"].size(), 1u);
  EXPECT_EQ(j["added"][0]["errorClass"], "LookupError");
  EXPECT_EQ(j["added"][0]["lineNumber"], 8);
  ASSERT_EQ(j["changed"].size(), 2u);
  EXPECT_EQ(j["changed"][0]["fields"], nlohmann::json::array({"errorMessage"}));
  EXPECT_EQ(j["changed"][0]["old"]["errorMessage"], "bad quantity {qty}");
  EXPECT_EQ(j["changed"][1]["fields"], nlohmann::json::array({"filePath"}));
  EXPECT_EQ(j["unchanged"], 1);
  EXPECT_EQ(j["moved"], 1);
}

TEST_F(DiffE2E, NoChangesExitsZeroAndBadRevisionsFail) {
  auto [v1, v2] = TwoReleases();
  std::string out;
  EXPECT_EQ(testing::Run(Cli("diff " + ShellQuote(repo_.path()) + " " + v2 + " HEAD"), &out), 0)
      << out;
  EXPECT_NE(out.find("0 added, 0 removed, 0 changed, 4 unchanged"), std::string::npos) << out;
  EXPECT_EQ(testing::Run(Cli("diff " + ShellQuote(repo_.path()) + " no-such-tag"), &out), 2);
  EXPECT_NE(out.find("no-such-tag"), std::string::npos) << out;
  EXPECT_EQ(testing::Run(Cli("diff"), &out), 2);
  // Without revisions: the database's snapshot (v1, indexed earlier) -> HEAD.
  EXPECT_EQ(testing::Run(Cli("diff " + ShellQuote(repo_.path())), &out), 2);
  EXPECT_NE(out.find("no database at "), std::string::npos) << out;
  EXPECT_FALSE(std::filesystem::exists(db_)) << "a read-only command created the database";
  ASSERT_EQ(testing::Run(Cli("index " + ShellQuote(repo_.path()) + " --rev " + v1), &out), 0);
  nlohmann::json j = Json("diff " + ShellQuote(repo_.path()));
  ASSERT_FALSE(j.is_discarded());
  EXPECT_EQ(j["old"]["rev"], "stored");
  EXPECT_EQ(j["old"]["sha"], v1);
  EXPECT_EQ(j["new"]["sha"], v2);
  EXPECT_EQ(j["added"].size(), 1u);
  EXPECT_EQ(j["changed"].size(), 2u);
}

// Messages come from the indexed code: control characters in them (an OSC
// retitle, a bell, a C1 CSI) are shown escaped, never sent to the terminal.
// The JSON form keeps them, escaped as JSON.
TEST_F(DiffE2E, ControlCharactersInMessagesAreShownEscaped) {
  const std::string& r = repo_.path();
  testing::WriteFile(r, "a.py", "def f():\n    raise ValueError('plain')\n");
  std::string v1 = testing::GitCommitAll(r, "acme/esc", "v1");
  testing::WriteFile(r, "a.py",
                     "def f():\n    raise ValueError('plain')\n"
                     "def g():\n    raise ValueError('\x1b]0;pwned\x07 red \xc2\x9b"
                     "31m')\n");
  // A NUL (past git's 8,000-byte binary check) is shown, not a cut.
  testing::WriteFile(r, "b.py",
                     "# " + std::string(8100, 'x') + "\ndef h():\n    raise ValueError('nul " +
                         std::string(1, '\0') + " here')\n");
  std::string v2 = testing::GitCommitAll(r, "acme/esc", "v2");
  std::string out;
  EXPECT_EQ(testing::Run(Cli("diff " + ShellQuote(r) + " " + v1 + " " + v2), &out), 1) << out;
  EXPECT_NE(out.find("+ a.py:4  ValueError: \\x1b]0;pwned\\x07 red \\u009b31m\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("+ b.py:3  ValueError: nul \\x00 here\n"), std::string::npos) << out;
  EXPECT_EQ(out.find('\x1b'), std::string::npos);
  EXPECT_EQ(out.find('\x07'), std::string::npos);
  EXPECT_EQ(out.find("\xc2\x9b"), std::string::npos);
  nlohmann::json j = Json("diff " + ShellQuote(r) + " " + v1 + " " + v2);
  ASSERT_EQ(j["added"].size(), 2u);
  EXPECT_EQ(j["added"][0]["errorMessage"],
            "\x1b]0;pwned\x07 red \xc2\x9b"
            "31m");
}

}  // namespace
}  // namespace errdex
