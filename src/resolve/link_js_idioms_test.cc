// Linking JavaScript/TypeScript idioms: an i18n wrapper's text passed to a
// repository sink, and a call resolved among several definitions of its
// name by the receiver that names the defining file (link_receiver.h).
#include <gtest/gtest.h>

#include "resolve/link_receiver.h"
#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Matches;

TEST(LinkJsIdioms, TranslatedTextThroughASinkNamedByItsFile) {
  auto r = Link({
      {"lib/report.ts",
       "export function report(cli) {\n"
       "  const self = {};\n"
       "  self.abort = function abort(reason, cause) {\n"
       "    if (cause) throw cause;\n"
       "    throw new CliError(reason);\n"
       "  };\n"
       "  return self;\n"
       "}\n"},
      // Another `abort` that raises nothing: the name alone is ambiguous.
      {"lib/session.ts",
       "export class Session {\n"
       "  abort(handler) {\n"
       "    this.handlers.push(handler);\n"
       "  }\n"
       "}\n"},
      {"lib/checks.ts",
       "export function checks(cli, report, i18n) {\n"
       "  const __n = i18n.__n;\n"
       "  const self = {};\n"
       "  self.arity = function arity(wanted, given) {\n"
       "    if (given < wanted) {\n"
       "      report.abort(\n"
       "        __n(\n"
       "          'Missing %s positional value (wanted %s)',\n"
       "          'Missing %s positional values (wanted %s)',\n"
       "          wanted - given,\n"
       "          String(wanted - given),\n"
       "          String(wanted)\n"
       "        )\n"
       "      );\n"
       "    }\n"
       "  };\n"
       "  return self;\n"
       "}\n"},
  });
  const ErrorSite* s = r.Find("lib/checks.ts", 6, "Missing %s positional value (wanted %s)");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "CliError");
  EXPECT_EQ(s->function, "checks.arity");
  EXPECT_NE(s->message_origin_note.find("lib/report.ts:5"), std::string::npos)
      << s->message_origin_note;
  EXPECT_TRUE(Matches(*s, "Missing 1 positional value (wanted 2)"));
}

TEST(LinkJsIdioms, ReceiverNamesOneDefiningFile) {
  std::vector<std::string_view> paths = {"lib/usage.ts", "lib/yargs-factory.ts"};
  EXPECT_EQ(FileNamedByReceiver("usage", paths), 0u);
  EXPECT_EQ(FileNamedByReceiver("this.#usage", paths), 0u);
  EXPECT_FALSE(FileNamedByReceiver("help", paths));
  EXPECT_FALSE(FileNamedByReceiver("usage", {"lib/usage.ts", "browser/usage.js"}));
  EXPECT_FALSE(FileNamedByReceiver("u", {"lib/u.ts"}));
}

}  // namespace
}  // namespace errdex
