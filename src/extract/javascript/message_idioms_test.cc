// JavaScript/TypeScript message idioms (message_idioms.h): i18n wrappers,
// error maps keyed by code, and locals with several candidate messages,
// asserted on message, line, class, code and pattern.
#include "extract/javascript/message_idioms.h"

#include <gtest/gtest.h>

#include "errdex/extractor.h"
#include "extract/common/extractor_testing.h"

namespace errdex {
namespace {

using extract_testing::ExtractFile;
using extract_testing::HoleExprs;
using extract_testing::Matches;
using extract_testing::Messages;

TEST(JsMessageIdioms, I18nWrapperGivesTheEnglishText) {
  auto sites =
      ExtractFile("lib/check.js",
                  "function check(args, wanted) {\n"
                  "  if (args.length > wanted) {\n"
                  "    throw new CliError(__('Unexpected positional value: %s', args[0]));\n"
                  "  }\n"
                  "  if (!args.length) {\n"
                  "    throw new CliError(\n"
                  "      __n('Missing %s value', 'Missing %s values', wanted, wanted));\n"
                  "  }\n"
                  "  throw new CliError(t('errors.unknown'));\n"
                  "}\n",
                  "javascript");
  ASSERT_EQ(sites.size(), 3u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "Unexpected positional value: %s");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"args[0]"}));
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].error_class, "CliError");
  EXPECT_TRUE(Matches(sites[0], "CliError: Unexpected positional value: extra"));
  // __n(singular, plural, count, ...args): the verbs take the args after
  // the count.
  EXPECT_EQ(sites[1].message.Display(), "Missing %s value");
  EXPECT_EQ(HoleExprs(sites[1]), (std::vector<std::string>{"wanted"}));
  EXPECT_EQ(sites[1].line, 6);
  EXPECT_TRUE(Matches(sites[1], "Missing 1 value"));
  // A key is not the text the user sees.
  EXPECT_TRUE(sites[2].message_opaque);
}

TEST(JsMessageIdioms, ErrorMapReturnsTextPerCode) {
  auto sites =
      ExtractFile("src/locales/en.ts",
                  "export const messages = (issue: Issue): string => {\n"
                  "  switch (issue.code) {\n"
                  "    case \"too_short\": {\n"
                  "      const unit = units[issue.kind];\n"
                  "      return `Too short: need ${issue.min} ${unit}`;\n"
                  "    }\n"
                  "    case Codes.bad_date:\n"
                  "      return issue.past ? \"Date must be in the past\" : \"Date must be "
                  "in the future\";\n"
                  "    case \"unknown\":\n"
                  "      return \"unknown\";\n"
                  "    default:\n"
                  "      return `Invalid value`;\n"
                  "  }\n"
                  "};\n"
                  "function describe(e: SysError) {\n"
                  "  let message: string;\n"
                  "  switch (e.code) {\n"
                  "    case \"ENOENT\":\n"
                  "      message = `No such file: ${e.path}`;\n"
                  "      break;\n"
                  "    default:\n"
                  "      message = \"Unexpected failure\";\n"
                  "  }\n"
                  "  return { message };\n"
                  "}\n"
                  "function keyName(event: KeyEvent) {\n"
                  "  switch (event.type) {\n"
                  "    case \"ArrowUp\":\n"
                  "      return \"arrow up\";\n"
                  "  }\n"
                  "}\n",
                  "javascript");
  ASSERT_EQ(sites.size(), 6u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "Too short: need ${issue.min} ${unit}");
  EXPECT_EQ(sites[0].line, 5);
  EXPECT_EQ(sites[0].language, "typescript");
  EXPECT_FALSE(sites[0].error_code.has_value());  // a word, not a printed code
  EXPECT_EQ(sites[0].message_origin_note, "the text the error map gives code `too_short`");
  EXPECT_TRUE(Matches(sites[0], "Too short: need 8 characters"));
  // One site per branch of a conditional.
  EXPECT_EQ(sites[1].message.Display(), "Date must be in the past");
  EXPECT_EQ(sites[2].message.Display(), "Date must be in the future");
  EXPECT_EQ(sites[1].line, 8);
  EXPECT_EQ(sites[2].line, 8);
  EXPECT_EQ(sites[3].message.Display(), "Invalid value");
  EXPECT_EQ(sites[3].line, 12);
  // `message = ...` in a case; a code that reads as one is kept.
  EXPECT_EQ(sites[4].message.Display(), "No such file: ${e.path}");
  EXPECT_EQ(sites[4].line, 19);
  EXPECT_EQ(sites[4].error_code, "ENOENT");
  EXPECT_EQ(sites[5].message.Display(), "Unexpected failure");
  EXPECT_EQ(sites[5].line, 22);
  // "unknown" is one word; `event.type` is not an error code.
}

TEST(JsMessageIdioms, LocalWithSeveralCandidateMessages) {
  auto sites = ExtractFile(
      "lib/timeout.js",
      "function onTimeout(config, reject) {\n"
      "  let reason = config.limit ? 'gave up after ' + config.limit + ' ms' : 'gave up "
      "waiting';\n"
      "  if (config.customReason) {\n"
      "    reason = config.customReason;\n"
      "  }\n"
      "  reject(new RequestError(reason, RequestError.E_TIMEOUT));\n"
      "  throw new Error(strict ? 'strict mode forbids it' : opts.message);\n"
      "}\n",
      "javascript");
  ASSERT_EQ(sites.size(), 3u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "gave up after ${config.limit} ms");
  EXPECT_EQ(sites[1].message.Display(), "gave up waiting");
  for (int i : {0, 1}) {
    EXPECT_EQ(sites[i].line, 6);
    EXPECT_EQ(sites[i].error_class, "RequestError");
    EXPECT_EQ(sites[i].error_code, "E_TIMEOUT");
    EXPECT_FALSE(sites[i].message_opaque);
  }
  EXPECT_TRUE(Matches(sites[0], "RequestError: gave up after 3000 ms"));
  // The branch without text is the user's own message.
  EXPECT_EQ(sites[2].message.Display(), "strict mode forbids it");
  EXPECT_EQ(sites[2].line, 7);
}

TEST(JsMessageIdioms, Names) {
  EXPECT_EQ(js::I18nFormatArgsFrom("__"), 1u);
  EXPECT_EQ(js::I18nFormatArgsFrom("i18n.__"), 1u);
  EXPECT_EQ(js::I18nFormatArgsFrom("this.t"), 1u);
  EXPECT_EQ(js::I18nFormatArgsFrom("ngettext"), 3u);
  EXPECT_FALSE(js::I18nFormatArgsFrom("format"));
  EXPECT_TRUE(js::IsErrorCodeExpr("(issue.code)"));
  EXPECT_TRUE(js::IsErrorCodeExpr("err.errorCode"));
  EXPECT_FALSE(js::IsErrorCodeExpr("(action.type)"));
  EXPECT_TRUE(js::IsMessageVariable("errorMessage"));
  EXPECT_TRUE(js::IsMessageVariable("msg"));
  EXPECT_FALSE(js::IsMessageVariable("messages"));
  EXPECT_TRUE(js::IsMessageCatalogPath("lib/error/messages.js"));
  EXPECT_TRUE(js::IsMessageCatalogPath("src/errors/messages.ts"));
  EXPECT_TRUE(js::IsMessageCatalogPath("src/i18n/error-messages.mjs"));
  EXPECT_TRUE(js::IsMessageCatalogPath("errorMessages.ts"));
  EXPECT_FALSE(js::IsMessageCatalogPath("examples/chat/messages.js"));
  EXPECT_FALSE(js::IsMessageCatalogPath("messages.js"));
  EXPECT_EQ(js::CatalogPlaceholders("Path `{PATH}` ({VALUE}) is {x} {} {MIN_2}"),
            (std::vector<std::pair<size_t, size_t>>{{6, 12}, {15, 22}, {34, 41}}));
}

// mongoose's lib/error/messages.js: every default validator text is a
// record at its own line, `{PATH}` a hole; other files' assignments are not.
TEST(JsMessageIdioms, MessageCatalogEntriesAreSites) {
  const std::string code =
      "const msg = module.exports = exports = {};\n"
      "msg.DocumentNotFoundError = null;\n"
      "msg.general = {};\n"
      "msg.general.required = 'Path `{PATH}` is required.';\n"
      "msg.Number.min = 'Path `{PATH}` ({VALUE}) is less than minimum allowed value ({MIN}).';\n"
      "msg.name = 'ValidatorError';\n";
  std::vector<ErrorSite> sites = ExtractFile("lib/error/messages.js", code);
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].message.Display(), "Path `{PATH}` is required.");
  EXPECT_TRUE(Matches(sites[0], "Path `email` is required."));
  EXPECT_EQ(sites[1].line, 5);
  EXPECT_TRUE(Matches(sites[1], "Path `age` (-1) is less than minimum allowed value (0)."));
  EXPECT_TRUE(ExtractFile("lib/model/messages.js", code).empty());
}

TEST(MessageIdioms, TemplateModulesLiveInAMessagesFolder) {
  EXPECT_TRUE(js::IsMessageTemplateModulePath("messages/file-not-found.js"));
  EXPECT_TRUE(js::IsMessageTemplateModulePath("lib/messages/plugin-missing.ts"));
  EXPECT_FALSE(js::IsMessageTemplateModulePath("messages/index.js"));
  EXPECT_FALSE(js::IsMessageTemplateModulePath("messages/shared.js"));
  EXPECT_FALSE(js::IsMessageTemplateModulePath("lib/error/messages.js"));  // a catalog
  EXPECT_FALSE(js::IsMessageTemplateModulePath("lib/messages.js"));
  EXPECT_FALSE(js::IsMessageTemplateModulePath("lib/messages/x/y.js"));
}

}  // namespace
}  // namespace errdex
