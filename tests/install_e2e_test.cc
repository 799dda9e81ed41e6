// End-to-end: `cmake --install` of this build tree into a fresh prefix puts
// the binary, the manual page, the completion scripts and the docs where a
// package would, and the installed binary runs (--version, index, explain);
// the manual page, generated from the help text, renders without warnings
// and lists every option that `errdex help COMMAND` lists.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include "testutil.h"

namespace errdex {
namespace {

namespace fs = std::filesystem;
using testing::ShellQuote;

bool Have(const std::string& tool) {
  return testing::Run("command -v " + tool + " >/dev/null 2>&1") == 0;
}

std::string BuildDir() { return fs::path(testing::ErrdexBinary()).parent_path().string(); }

TEST(InstallE2E, CmakeInstallPutsEachFileInPlaceAndTheInstalledBinaryRuns) {
  testing::TempDir prefix;
  std::string out;
  ASSERT_EQ(testing::Run("cmake --install " + ShellQuote(BuildDir()) + " --prefix " +
                             ShellQuote(prefix.path()) + " 2>&1",
                         &out),
            0)
      << out;
  for (const char* rel :
       {"bin/errdex", "share/man/man1/errdex.1.gz", "share/bash-completion/completions/errdex",
        "share/zsh/vendor-completions/_errdex", "share/fish/vendor_completions.d/errdex.fish",
        "share/doc/errdex/README.md", "share/doc/errdex/design.md", "share/doc/errdex/lang-cpp.md",
        "share/doc/errdex/copyright", "share/doc/errdex/changelog.gz"}) {
    EXPECT_TRUE(fs::is_regular_file(prefix.Join(rel))) << rel << " not installed:\n" << out;
  }
  std::string errdex = ShellQuote(prefix.Join("bin/errdex"));
  EXPECT_EQ(testing::Run(errdex + " --version", &out), 0);
  EXPECT_EQ(out, "errdex 0.1.0\n");

  testing::TempDir repo, db_dir;
  testing::WriteFile(repo.path(), "app/core.py",
                     "def f(n):\n    raise ValueError(f'bad count {n}')\n");
  testing::GitCommitAll(repo.path(), "acme/app");
  std::string db = " --db " + ShellQuote(db_dir.Join("errdex.db"));
  ASSERT_EQ(testing::Run(errdex + " index " + ShellQuote(repo.path()) + db + " 2>&1", &out), 0)
      << out;
  EXPECT_EQ(testing::Run(errdex + " explain 'ValueError: bad count 7'" + db + " 2>&1", &out), 0);
  EXPECT_NE(out.find("at app/core.py:2 in acme/app\n"), std::string::npos) << out;
  EXPECT_NE(out.find("     n = 7\n"), std::string::npos) << out;
}

TEST(ManPageE2E, RendersWithoutGroffWarnings) {
  if (!Have("groff")) GTEST_SKIP() << "groff is not installed (Debian package groff-base)";
  std::string out;
  EXPECT_EQ(testing::Run(
                ShellQuote(testing::ErrdexBinary()) + " --help-man | groff -man -Tutf8 -ww -z 2>&1",
                &out),
            0);
  EXPECT_EQ(out, "");
}

// Every long option of every command's --help is in the rendered page.
TEST(ManPageE2E, ListsEveryOptionTheHelpLists) {
  if (!Have("man")) GTEST_SKIP() << "man is not installed (Debian package man-db)";
  testing::TempDir dir;
  std::string page = dir.Join("errdex.1");
  std::string out;
  ASSERT_EQ(testing::Run(ShellQuote(testing::ErrdexBinary()) + " --help-man > " + ShellQuote(page)),
            0);
  std::string man;
  ASSERT_EQ(testing::Run("MANWIDTH=200 man -l " + ShellQuote(page) + " 2>&1", &man), 0);
  EXPECT_NE(man.find("errdex - every user-facing error of a repository"), std::string::npos) << man;
  EXPECT_NE(man.find("EXIT STATUS"), std::string::npos) << man;
  EXPECT_NE(man.find("ENVIRONMENT"), std::string::npos) << man;
  EXPECT_NE(man.find("errdex index [OPTIONS] path"), std::string::npos) << man;
  EXPECT_NE(man.find("Default skip rules:"), std::string::npos) << man;
  std::regex long_option("(--[a-z][a-z-]+)");
  std::set<std::string> checked;
  for (const char* command : {"index", "diff", "explain", "show", "list", "analyze", "serve",
                              "export", "mcp", "check", "completions"}) {
    ASSERT_EQ(testing::Run(ShellQuote(testing::ErrdexBinary()) + " help " + command, &out), 0);
    // Options are listed one per line, after the "Options:" heading.
    std::string options = out.substr(out.find("Options:"));
    for (std::sregex_iterator it(options.begin(), options.end(), long_option), end; it != end;
         ++it) {
      std::string name = (*it)[1];
      checked.insert(name);
      EXPECT_NE(man.find(name), std::string::npos) << command << " " << name;
    }
  }
  EXPECT_GT(checked.size(), 30u);
}

}  // namespace
}  // namespace errdex
