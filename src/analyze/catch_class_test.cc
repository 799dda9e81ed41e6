// Catch class: handling samples catch the class as the user's code must
// spell it (PHP namespaces and `use` imports, Ruby module nesting), and a
// "class" that is an expression gets no sample.
#include "analyze/catch_class.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "util/text.h"

namespace errdex {
namespace {

using analyze_testing::Build;

std::string ClassIn(const std::string& lang, const std::string& cls, const std::string& text) {
  ErrorSite s;
  s.language = lang;
  s.error_class = cls;
  return CatchClass(s, SplitLines(text));
}

TEST(CatchClass, PhpImportedGlobalClassIsCaughtFromTheRoot) {
  SourceFile f{"src/Support/Manager.php",
               "<?php\n"                                                  // 1
               "namespace Illuminate\\Support;\n"                         // 2
               "use RuntimeException;\n"                                  // 3
               "class Manager {\n"                                        // 4
               "    public function driver($name) {\n"                    // 5
               "        if ($name === '') {\n"                            // 6
               "            throw new RuntimeException('No driver.');\n"  // 7
               "        }\n"                                              // 8
               "    }\n"                                                  // 9
               "}\n"};
  Record r = Build(f, "No driver");
  ASSERT_TRUE(r.try_catch_pattern.has_value());
  EXPECT_NE(r.try_catch_pattern->find("} catch (\\RuntimeException $e) {"), std::string::npos)
      << *r.try_catch_pattern;
  EXPECT_EQ(r.error_class, "RuntimeException");  // the record keeps the class as raised
}

TEST(CatchClass, PhpNamesResolvedThroughTheFile) {
  const char* file =
      "<?php\n"
      "namespace Acme\\Http;\n"
      "use Acme\\Errors\\BadThing as Bad;\n"
      "use Acme\\Errors;\n"
      "throw new \\LogicException('x');\n";
  EXPECT_EQ(ClassIn("php", "Bad", file), "\\Acme\\Errors\\BadThing");
  EXPECT_EQ(ClassIn("php", "Errors\\Gone", file), "\\Acme\\Errors\\Gone");
  EXPECT_EQ(ClassIn("php", "LogicException", file), "\\LogicException");
  // Declared in the file's namespace (PHP has no global fallback).
  EXPECT_EQ(ClassIn("php", "ClientException", file), "\\Acme\\Http\\ClientException");
  EXPECT_EQ(ClassIn("php", "\\Already\\Qualified", file), "\\Already\\Qualified");
  // Without a namespace the name is global as written.
  EXPECT_EQ(ClassIn("php", "ClientException", "<?php\nthrow new ClientException();\n"),
            "ClientException");
}

TEST(CatchClass, PhpExpressionIsNoClassAndGetsNoSample) {
  EXPECT_EQ(ClassIn("php", "$result['exception']", "<?php\n"), "");
  SourceFile f{"src/Run.php",
               "<?php\n"                                                          // 1
               "namespace Acme;\n"                                                // 2
               "class Run {\n"                                                    // 3
               "    public function go($result) {\n"                              // 4
               "        throw new $result['exception']('remote task failed');\n"  // 5
               "    }\n"                                                          // 6
               "}\n"};
  std::vector<ErrorSite> sites;
  bool syntax_errors = false;
  ASSERT_TRUE(ExtractorFor(f.path)->Extract(f, &sites, &syntax_errors).ok());
  int found = 0;
  for (const ErrorSite& s : sites) {
    if (s.message.Display().find("remote task failed") == std::string::npos) continue;
    ++found;
    EXPECT_EQ(s.error_class, "$result['exception']");
    Record r = BuildRecord(s, SplitLines(f.content), {"acme/lib", "abc", "t"});
    EXPECT_FALSE(r.try_catch_pattern.has_value()) << *r.try_catch_pattern;
  }
  EXPECT_EQ(found, 1);
}

TEST(CatchClass, RubyClassNestedInModules) {
  SourceFile f{"lib/bundler/errors.rb",
               "module Bundler\n"                                               // 1
               "  class InsecurePathError < StandardError\n"                    // 2
               "  end\n"                                                        // 3
               "  class Installer\n"                                            // 4
               "    def self.install(path)\n"                                   // 5
               "      if path.start_with?('/')\n"                               // 6
               "        raise InsecurePathError, 'path is outside the root'\n"  // 7
               "      end\n"                                                    // 8
               "    end\n"                                                      // 9
               "  end\n"                                                        // 10
               "end\n"};
  Record r = Build(f, "outside the root");
  ASSERT_TRUE(r.try_catch_pattern.has_value());
  EXPECT_NE(r.try_catch_pattern->find("rescue Bundler::InsecurePathError => e"), std::string::npos)
      << *r.try_catch_pattern;
  // Core classes and qualified names stay as written; an unknown one too.
  EXPECT_EQ(ClassIn("ruby", "ArgumentError", "module A\n  class ArgumentError\n  end\nend\n"),
            "ArgumentError");
  EXPECT_EQ(ClassIn("ruby", "Gem::InstallError", ""), "Gem::InstallError");
  EXPECT_EQ(ClassIn("ruby", "Elsewhere", "module A\nend\n"), "Elsewhere");
}

// pre-commit's migrate_config: what leaves `with cfgv.reraise_as(X):` is an
// X, so the sample catches X, not the class raised inside.
TEST(CatchClass, PythonReraisedAsTheBlocksClass) {
  SourceFile f{"pre_commit/commands/migrate_config.py",
               "def migrate_config(config_file):\n"
               "    with cfgv.reraise_as(InvalidConfigError):\n"
               "        with cfgv.validate_context(f'File {config_file}'):\n"
               "            try:\n"
               "                yaml_load(config_file)\n"
               "            except Exception as e:\n"
               "                raise cfgv.ValidationError(str(e))\n"
               "    return 0\n"};
  Record r = Build(f, "");
  ASSERT_TRUE(r.try_catch_pattern.has_value());
  EXPECT_NE(r.try_catch_pattern->find("except InvalidConfigError"), std::string::npos)
      << *r.try_catch_pattern;
}

TEST(CatchClass, OtherLanguagesUnchanged) {
  EXPECT_EQ(ClassIn("java", "IllegalStateException", "package a;\n"), "IllegalStateException");
}

}  // namespace
}  // namespace errdex
