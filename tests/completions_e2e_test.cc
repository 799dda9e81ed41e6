// End-to-end: `errdex completions bash|zsh|fish` prints scripts that their
// shells accept (bash -n, zsh -n, fish --no-execute) and that complete what
// a user types: commands, a command's options, the values of a choice.
// zsh and fish come from scripts/install-deps; without them those checks
// are skipped with the reason.
#include <gtest/gtest.h>

#include <string>

#include "testutil.h"

namespace errdex {
namespace {

using testing::ShellQuote;

bool Have(const std::string& tool) {
  return testing::Run("command -v " + tool + " >/dev/null 2>&1") == 0;
}

// Writes `errdex completions SHELL` to a file in `dir`; returns its path.
std::string Script(const testing::TempDir& dir, const std::string& shell) {
  std::string path = dir.Join("errdex." + shell);
  EXPECT_EQ(testing::Run(ShellQuote(testing::ErrdexBinary()) + " completions " + shell + " > " +
                         ShellQuote(path)),
            0);
  return path;
}

// What bash's completion function offers for the words typed so far (the
// last one is being completed).
std::string BashComplete(const std::string& script, const std::string& words) {
  std::string out;
  testing::Run("bash -c " + ShellQuote("source " + ShellQuote(script) + "; COMP_WORDS=(" + words +
                                       "); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); _errdex; "
                                       "printf '%s\\n' \"${COMPREPLY[@]}\""),
               &out);
  return out;
}

TEST(CompletionsE2E, BashScriptParsesAndCompletes) {
  testing::TempDir dir;
  std::string script = Script(dir, "bash");
  std::string out;
  EXPECT_EQ(testing::Run("bash -n " + ShellQuote(script) + " 2>&1", &out), 0) << out;
  EXPECT_EQ(BashComplete(script, "errdex ex"), "explain\nexport\n");
  EXPECT_EQ(BashComplete(script, "errdex completions ''"), "bash\nzsh\nfish\n");
  EXPECT_EQ(BashComplete(script, "errdex --color never li"), "list\n");
  EXPECT_EQ(BashComplete(script, "errdex list --color ''"), "auto\nalways\nnever\n");
  EXPECT_EQ(BashComplete(script, "errdex index --include-t"), "--include-tests\n");
  EXPECT_EQ(BashComplete(script, "errdex help sh"), "show\n");
}

TEST(CompletionsE2E, ZshScriptParses) {
  if (!Have("zsh")) GTEST_SKIP() << "zsh is not installed (scripts/install-deps installs it)";
  testing::TempDir dir;
  std::string script = Script(dir, "zsh");
  std::string out;
  EXPECT_EQ(testing::Run("zsh -n " + ShellQuote(script) + " 2>&1", &out), 0) << out;
  EXPECT_EQ(testing::ReadFile(script).rfind("#compdef errdex\n", 0), 0u);
  // Loaded as an autoloaded completion function, it defines _errdex.
  EXPECT_EQ(testing::Run("zsh -fc " +
                             ShellQuote("autoload -Uz compinit && compinit -u -D; "
                                        "source " +
                                        ShellQuote(script) + "; whence -w _errdex") +
                             " 2>&1",
                         &out),
            0)
      << out;
  EXPECT_EQ(out, "_errdex: function\n");
}

TEST(CompletionsE2E, FishScriptParsesAndCompletes) {
  if (!Have("fish")) GTEST_SKIP() << "fish is not installed (scripts/install-deps installs it)";
  testing::TempDir dir;
  std::string script = Script(dir, "fish");
  std::string out;
  EXPECT_EQ(testing::Run("fish --no-execute " + ShellQuote(script) + " 2>&1", &out), 0) << out;
  auto complete = [&](const std::string& line) {
    std::string got;
    testing::Run(
        "HOME=" + ShellQuote(dir.path()) + " fish --no-config -c " +
            ShellQuote("source " + ShellQuote(script) + "; complete -C" + ShellQuote(line)) +
            " 2>&1",
        &got);
    return got;
  };
  EXPECT_EQ(complete("errdex ind"), "index\tIndex a repository at a commit\n");
  EXPECT_EQ(complete("errdex completions "), "bash\nzsh\nfish\n");
  EXPECT_NE(complete("errdex index --no-").find("--no-progress\tNo progress bar\n"),
            std::string::npos);
}

}  // namespace
}  // namespace errdex
