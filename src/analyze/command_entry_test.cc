// Command entries (command_entry.h) and what AddCApiDocs makes of them.
#include "analyze/command_entry.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "analyze/c_api_docs.h"

namespace errdex {
namespace {

// tmux's command table: the handler's errors are the command's, and the
// usage is built from literals and `#define`d strings.
TEST(CommandEntry, HandlerOfACommandTableEntry) {
  std::vector<SourceFile> files = {
      {"tmux.h", "#define CMD_TARGET_SESSION_USAGE \"[-t target-session]\"\n"},
      {"cmd-set-env.c",
       "static enum cmd_retval\tcmd_set_env_exec(struct cmd *, struct cmdq_item *);\n"  // 1
       "\n"                                                                             // 2
       "const struct cmd_entry cmd_set_env_entry = {\n"                                 // 3
       "\t.name = \"set-env\",\n"                                                       // 4
       "\t.alias = \"setenv\",\n"                                                       // 5
       "\t.args = { \"gu\", 1, 2, NULL },\n"
       "\t.usage = \"[-gu] \" CMD_TARGET_SESSION_USAGE \" \"\n\t\t \"variable [value]\",\n"  // 7
       "\t.exec = cmd_set_env_exec\n"                                                        // 8
       "};\n"                                                                                // 9
       "\n"
       "static enum cmd_retval\n"                                      // 11
       "cmd_set_env_exec(struct cmd *self, struct cmdq_item *item)\n"  // 12
       "{\n"                                                           // 13
       "\tif (value == NULL) {\n"                                      // 14
       "\t\tcmdq_error(item, \"no value specified\");\n"               // 15
       "\t\treturn (CMD_RETURN_ERROR);\n"                              // 16
       "\t}\n"
       "\treturn (CMD_RETURN_NORMAL);\n"
       "}\n"}};
  std::vector<Record> records = {analyze_testing::Build(files[1], "no value specified")};
  records[0].documentation = "LOCATION.";
  AddCApiDocs(files, &records);
  EXPECT_EQ(records[0].documentation,
            "`cmd_set_env_exec` carries out the command `set-env` (alias `setenv`, usage "
            "\u201cset-env [-gu] [-t target-session] variable [value]\u201d; "
            "cmd-set-env.c:3\u201310). LOCATION.");
  // One handler behind two commands: both are named, without usage.
  CommandEntry del{"delete-env", "", "", 20, 26};
  CommandEntry set{"set-env", "setenv", "[-gu]", 3, 10};
  EXPECT_EQ(CommandEntryText({set, del}, "cmd_set_env_exec", "cmd-set-env.c"),
            "`cmd_set_env_exec` carries out the commands `set-env` (cmd-set-env.c:3\u201310), "
            "`delete-env` (cmd-set-env.c:20\u201326).");
}

// nginx's positional command entries: `{ ngx_string("hash"), flags,
// handler, ... }` in a `ngx_command_t ..._commands[]` table.
TEST(CommandEntry, PositionalEntryOfACommandsTable) {
  std::vector<std::string_view> lines = {
      "static ngx_command_t  ngx_http_upstream_hash_commands[] = {",  // 1
      "",                                                             // 2
      "    { ngx_string(\"hash\"),",                                  // 3
      "      NGX_HTTP_UPS_CONF|NGX_CONF_TAKE12,",                     // 4
      "      ngx_http_upstream_hash,",                                // 5
      "      NGX_HTTP_SRV_CONF_OFFSET,",                              // 6
      "      0,",                                                     // 7
      "      NULL },",                                                // 8
      "      ngx_null_command",                                       // 9
      "};"};
  std::vector<CommandEntry> e = CommandEntriesFor(lines, "ngx_http_upstream_hash", {});
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].name, "hash");
  EXPECT_EQ(e[0].first_line, 3);
  EXPECT_EQ(e[0].last_line, 5);
  // A positional initializer of another table is not a command.
  std::vector<std::string_view> other = {"static ngx_conf_enum_t  modes[] = {",
                                         "    { ngx_string(\"on\"),", "      set_mode,", "};"};
  EXPECT_TRUE(CommandEntriesFor(other, "set_mode", {}).empty());
}

}  // namespace
}  // namespace errdex
