// End-to-end: messages assembled across functions, classes and files
// (issue 11), indexed from a git repository and explained back to the call
// that says what went wrong, not to the generic wrapper that raises.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "testutil.h"

namespace errdex {
namespace {

using testing::ShellQuote;

class LinkE2E : public testing::CliTest {};

TEST_F(LinkE2E, WrappedMessagesAreExplainedAtTheirCallSites) {
  const std::string& r = repo_.path();
  testing::WriteFile(r, "lib/error.js",
                     "class CommanderError extends Error {\n"
                     "  constructor(exitCode, code, message) {\n"
                     "    super(message);\n"
                     "    this.code = code;\n"
                     "  }\n"
                     "}\n"
                     "module.exports = { CommanderError };\n");
  testing::WriteFile(r, "lib/command.js",
                     "const { CommanderError } = require('./error');\n"
                     "class Command {\n"
                     "  _exit(exitCode, code, message) {\n"
                     "    throw new CommanderError(exitCode, code, message);\n"
                     "  }\n"
                     "  error(message, errorOptions) {\n"
                     "    const config = errorOptions || {};\n"
                     "    this._exit(config.exitCode || 1, config.code, message);\n"
                     "  }\n"
                     "  unknownOption(flag) {\n"
                     "    const message = `error: unknown option '${flag}'`;\n"
                     "    this.error(message, { code: 'commander.unknownOption' });\n"
                     "  }\n"
                     "}\n");
  testing::WriteFile(r, "pkg/errors.py",
                     "class BadKey(Exception):\n"
                     "    def __init__(self, key):\n"
                     "        super().__init__(f\"bad key {key!r}\")\n");
  testing::WriteFile(r, "pkg/config.py",
                     "from pkg.errors import BadKey\n"
                     "\n"
                     "def check(cfg):\n"
                     "    if \"port\" not in cfg:\n"
                     "        raise BadKey(\"port\")\n");
  testing::GitCommitAll(r, "acme/linked");

  nlohmann::json s = Json("index " + ShellQuote(r));
  ASSERT_FALSE(s.is_discarded());
  EXPECT_EQ(s["filesIndexed"], 4);

  nlohmann::json js = Json("explain " + ShellQuote("error: unknown option '--colour'"));
  ASSERT_FALSE(js["matches"].empty()) << js.dump();
  EXPECT_EQ(js["matches"][0]["filePath"], "lib/command.js");
  EXPECT_EQ(js["matches"][0]["lineNumber"], 12);
  EXPECT_EQ(js["matches"][0]["errorClass"], "CommanderError");

  nlohmann::json py = Json("explain " + ShellQuote("pkg.errors.BadKey: bad key 'port'"));
  ASSERT_FALSE(py["matches"].empty()) << py.dump();
  EXPECT_EQ(py["matches"][0]["filePath"], "pkg/config.py");
  EXPECT_EQ(py["matches"][0]["lineNumber"], 5);
  EXPECT_EQ(py["matches"][0]["errorClass"], "BadKey");
}

}  // namespace
}  // namespace errdex
