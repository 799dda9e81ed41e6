// Handler advice: the sentence a repository's own handler of an error class
// writes to the user becomes the record's solution.
#include "analyze/handler_advice.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(HandledClassesTest, ReadsEachLanguagesClause) {
  EXPECT_EQ(HandledClasses("rescue GemNotFound, GitError => e"),
            (std::vector<std::string>{"GemNotFound", "GitError"}));
  EXPECT_EQ(HandledClasses("except (errors.BadConfig, KeyError) as exc:"),
            (std::vector<std::string>{"BadConfig", "KeyError"}));
  EXPECT_EQ(HandledClasses("} catch (TransportException | \\Foo\\Bar $e) {"),
            (std::vector<std::string>{"TransportException", "Bar"}));
  EXPECT_EQ(HandledClasses("} catch (e: SerializationException) {"),
            (std::vector<std::string>{"SerializationException"}));
  EXPECT_EQ(HandledClasses("if e.is_a?(Bundler::GemNotFound)"),
            (std::vector<std::string>{"GemNotFound"}));
  EXPECT_EQ(HandledClasses("if (err instanceof MissingDriverError) {"),
            (std::vector<std::string>{"MissingDriverError"}));
  EXPECT_TRUE(HandledClasses("x = rescued(GemNotFound)").empty());
}

TEST(MessageConjunctsTest, KeepsOnlyMessageTests) {
  std::vector<std::string> need;
  EXPECT_TRUE(MessageConjuncts(
      "if ($e instanceof TransportException && str_contains($e->getMessage(), 'proxy')) {", &need));
  EXPECT_EQ(need, (std::vector<std::string>{"proxy"}));
  need.clear();
  EXPECT_FALSE(
      MessageConjuncts("if (Platform::isWindows() && $e instanceof TransportException) {", &need));
}

const SourceFile kRaise{"lib/definition.rb",
                        "class GemNotFound < StandardError; end\n"
                        "class Definition\n"
                        "  def materialize(specs)\n"
                        "    raise GemNotFound, \"Could not find #{specs}\" if specs.any?\n"
                        "  end\n"
                        "end\n"};

TEST(AddHandlerAdviceTest, QuotesTheHandlersAdvice) {
  std::vector<SourceFile> files = {
      kRaise,
      {"lib/cli/check.rb",
       "class Check\n"
       "  def run\n"
       "    begin\n"
       "      definition.check!\n"
       "    rescue GemNotFound, GitError\n"
       "      ui.error \"Bundler can't satisfy them.\"\n"
       "      ui.warn \"Install missing gems with `bundle install`.\"\n"
       "      exit 1\n"
       "    end\n"
       "  end\n"
       "end\n"}};
  std::vector<Record> records = {Build(kRaise, "Could not find")};
  AddHandlerAdvice(files, &records);
  EXPECT_EQ(records[0].solutions,
            (std::vector<std::string>{
                "\u201cInstall missing gems with `bundle install`.\u201d (what the repository's "
                "handler of `GemNotFound` tells the user, lib/cli/check.rb:7)",
                "Call `Definition.materialize` with arguments for which `specs.any?` is false "
                "(checked at line 4)"}));
}

TEST(AddHandlerAdviceTest, SkipsNestedAndConditionalAdvice) {
  std::vector<SourceFile> files = {kRaise,
                                   {"lib/cli/check.rb",
                                    "class Check\n"
                                    "  def run\n"
                                    "    begin\n"
                                    "      definition.check!\n"
                                    "    rescue GemNotFound => e\n"
                                    "      if windows?\n"
                                    "        ui.warn \"Run `bundle install` again.\"\n"
                                    "      end\n"
                                    "    end\n"
                                    "  end\n"
                                    "end\n"}};
  std::vector<Record> records = {Build(kRaise, "Could not find")};
  std::vector<std::string> before = records[0].solutions;
  AddHandlerAdvice(files, &records);
  EXPECT_EQ(records[0].solutions, before);
}

TEST(AddHandlerAdviceTest, IgnoresCatchAllClasses) {
  SourceFile raise{"lib/a.py",
                   "def load(path):\n"
                   "    if not path:\n"
                   "        raise ValueError('no path')\n"};
  std::vector<SourceFile> files = {raise,
                                   {"lib/b.py",
                                    "class ValueError(Exception): pass\n"
                                    "try:\n"
                                    "    load(p)\n"
                                    "except ValueError:\n"
                                    "    print('Please run the setup command first.')\n"}};
  std::vector<Record> records = {Build(raise, "no path")};
  std::vector<std::string> before = records[0].solutions;
  AddHandlerAdvice(files, &records);
  EXPECT_EQ(records[0].solutions, before);
}

}  // namespace
}  // namespace errdex
