// Link for Ruby: methods whose parameter reaches a raise, an abort, a warn
// or an error log, called with text (on self, without a receiver) from other
// methods and files. Asserted on the exact composed message, the call-site
// line and file. Fixtures are written for these tests, after rubygems.
#include <gtest/gtest.h>

#include <string>

#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;
using link_testing::Matches;

const char* kHelpers =
    "module Gem::UserInteraction\n"
    "  def terminate(msg)\n"
    "    raise Gem::SystemExitException, msg\n"
    "  end\n"
    "\n"
    "  def bad_option(name)\n"
    "    raise Gem::OptionParser::InvalidOption, \"invalid option: #{name}\"\n"
    "  end\n"
    "\n"
    "  def bad_gem(what)\n"
    "    bad_option(\"--gem (#{what})\")\n"
    "  end\n"
    "\n"
    "  def trace(msg)\n"
    "    logger.debug \"trace: #{msg}\"\n"
    "  end\n"
    "\n"
    "  def check(mode)\n"
    "    raise ArgumentError, \"unknown mode\" unless mode\n"
    "  end\n"
    "end\n";

const char* kCommand =
    "class Gem::Commands::InstallCommand\n"
    "  include Gem::UserInteraction\n"
    "\n"
    "  def execute\n"
    "    terminate \"You don't have write permissions for the gem directory\"\n"
    "    bad_option \"--no-document is needed here\"\n"
    "    bad_gem \"not installed\"\n"
    "    trace \"entering the install loop\"\n"
    "    check \"not a mode but a sentence\"\n"
    "  end\n"
    "end\n";

// A direct wrapper: the parameter is the whole raised message.
TEST(LinkRuby, DirectWrapperComposesAtTheCall) {
  Linked r = Link({{"lib/rubygems/user_interaction.rb", kHelpers},
                   {"lib/rubygems/commands/install_command.rb", kCommand}});
  const ErrorSite* s = r.Find("lib/rubygems/commands/install_command.rb", 5,
                              "You don't have write permissions for the gem directory");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "Gem::SystemExitException");
}

// Interpolation around the parameter: the prefix reaches the call.
TEST(LinkRuby, PrefixWrapperAddsItsPrefix) {
  Linked r = Link({{"lib/rubygems/user_interaction.rb", kHelpers},
                   {"lib/rubygems/commands/install_command.rb", kCommand}});
  const ErrorSite* s = r.Find("lib/rubygems/commands/install_command.rb", 6,
                              "invalid option: --no-document is needed here");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s, "invalid option: --no-document is needed here"));
}

// A wrapper of the wrapper: both pieces of text.
TEST(LinkRuby, TransitiveWrapperComposesBothPrefixes) {
  Linked r = Link({{"lib/rubygems/user_interaction.rb", kHelpers},
                   {"lib/rubygems/commands/install_command.rb", kCommand}});
  ASSERT_NE(r.Find("lib/rubygems/commands/install_command.rb", 7,
                   "invalid option: --gem (not installed)"),
            nullptr)
      << Dump(r);
}

// A debug log and a parameter only tested in a condition are not sinks.
TEST(LinkRuby, DebugLogsAndConditionsDoNotLink) {
  Linked r = Link({{"lib/rubygems/user_interaction.rb", kHelpers},
                   {"lib/rubygems/commands/install_command.rb", kCommand}});
  EXPECT_EQ(r.CountAt("lib/rubygems/commands/install_command.rb", 8), 0) << Dump(r);
  EXPECT_EQ(r.CountAt("lib/rubygems/commands/install_command.rb", 9), 0) << Dump(r);
}

const char* kEnv =
    "module Bundler::SharedHelpers\n"
    "  def set_env(key, value)\n"
    "    raise ArgumentError, \"new key #{key}\" unless BUNDLER_KEYS.include?(key)\n"
    "    ENV[key] = value\n"
    "  end\n"
    "\n"
    "  def set_path(key)\n"
    "    raise ArgumentError, \"bad path #{key}\"\n"
    "  end\n"
    "end\n";

const char* kRuntime =
    "class Bundler::Runtime\n"
    "  def setup_manpath\n"
    "    set_env \"MANPATH\", manuals\n"
    "    set_path \"the man directory\"\n"
    "  end\n"
    "end\n";

// bundler's set_env checks the key against a list before it raises: a call
// passing "MANPATH" validates a value, it does not report "new key MANPATH".
TEST(LinkRuby, ParameterTestedByTheRaiseConditionDoesNotLink) {
  Linked r = Link({{"lib/bundler/shared_helpers.rb", kEnv}, {"lib/bundler/runtime.rb", kRuntime}});
  EXPECT_EQ(r.CountAt("lib/bundler/runtime.rb", 3), 0) << Dump(r);
  const ErrorSite* s = r.Find("lib/bundler/runtime.rb", 4, "bad path the man directory");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "ArgumentError");
}

// A UI whose error stream is held in `@errs` (rubygems' StreamUI): its
// alert_error writes "ERROR:  " and the statement; the module method that
// forwards to `ui.alert_error` and its callers compose the line, the
// statement after its level label.
TEST(LinkRuby, ErrorStreamInAnInstanceVariable) {
  Linked r = Link({{"lib/rubygems/user_interaction.rb",
                    "module Gem::DefaultUserInteraction\n"
                    "  def alert_error(statement, question = nil)\n"
                    "    ui.alert_error statement, question\n"
                    "  end\n"
                    "end\n"
                    "\n"
                    "class Gem::StreamUI\n"
                    "  def alert_error(statement, question = nil)\n"
                    "    @errs.puts \"ERROR:  #{statement}\"\n"
                    "    ask(question) if question\n"
                    "  end\n"
                    "end\n"},
                   {"lib/rubygems/command.rb",
                    "class Gem::Command\n"
                    "  def show_lookup_failure(gem_name, version)\n"
                    "    alert_error \"Possible alternatives: #{gem_name}\"\n"
                    "  end\n"
                    "end\n"}});
  const ErrorSite* s = r.Find("lib/rubygems/command.rb", 3, "Possible alternatives: #{gem_name}");
  ASSERT_NE(s, nullptr) << Dump(r);
  // The level label is the log's, as a pasted log line has it too.
  EXPECT_TRUE(Matches(*s, "Possible alternatives: spontaneous"));
  EXPECT_NE(s->message_origin_note.find("level label `ERROR:`"), std::string::npos)
      << s->message_origin_note;
  EXPECT_EQ(s->severity, "error");
}

// fastlane: `UI.user_error!(text)` reaches `Interface#user_error!`, which
// raises an exception object built with options and the message `.to_s`.
TEST(LinkRuby, RaiseOfBuiltExceptionWithMessageToS) {
  Linked r = Link({{"fastlane_core/lib/fastlane_core/ui/interface.rb",
                    "module FastlaneCore\n"
                    "  class Interface\n"
                    "    def user_error!(error_message, options = {})\n"
                    "      raise FastlaneError.new(show_github_issues: options[:issues]), "
                    "error_message.to_s\n"
                    "    end\n"
                    "  end\n"
                    "end\n"},
                   {"fastlane_core/lib/fastlane_core/command_executor.rb",
                    "module FastlaneCore\n"
                    "  class CommandExecutor\n"
                    "    def self.execute(status)\n"
                    "      UI.user_error!(\"Exit status: #{status}\") if status != 0\n"
                    "    end\n"
                    "  end\n"
                    "end\n"}});
  const ErrorSite* s =
      r.Find("fastlane_core/lib/fastlane_core/command_executor.rb", 4, "Exit status: #{status}");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "FastlaneError");
  EXPECT_TRUE(Matches(*s, "Exit status: 65"));
}

// Homebrew's output helpers: `onoe` prints `Formatter.error(message, label:
// "Error")` on the stderr a block yields, `ofail` calls `onoe`. A call of
// `ofail` with text is a site at the call, printed after its label.
TEST(LinkRuby, LabelledFormatterOnAYieldedStderrIsASink) {
  Linked r = Link({{"Library/Homebrew/utils/output.rb",
                    "module Utils::Output\n"
                    "  def onoe(message)\n"
                    "    Tty.with($stderr) do |stderr|\n"
                    "      stderr.puts Formatter.error(message, label: \"Error\")\n"
                    "    end\n"
                    "  end\n"
                    "\n"
                    "  def ofail(error)\n"
                    "    onoe error\n"
                    "    Homebrew.failed = true\n"
                    "  end\n"
                    "end\n"},
                   {"Library/Homebrew/installer.rb",
                    "class Installer\n"
                    "  def link(keg)\n"
                    "    keg.link\n"
                    "  rescue Keg::LinkError => e\n"
                    "    ofail \"The `brew link` step did not complete successfully\"\n"
                    "    puts e\n"
                    "  end\n"
                    "end\n"}});
  const ErrorSite* s = r.Find("Library/Homebrew/installer.rb", 5,
                              "Error: The `brew link` step did not complete successfully");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s, "Error: The `brew link` step did not complete successfully"));
}

}  // namespace
}  // namespace errdex
