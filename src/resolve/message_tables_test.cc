// Message tables: a message raised by key from a keyed literal table takes
// the entry's text at the call that supplies the key. Fixtures are written
// for these tests, after PHPMailer's `$PHPMAILER_LANG` / `self::lang()`.
#include "resolve/message_tables.h"

#include <gtest/gtest.h>

#include <string>

#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;
using link_testing::Matches;

const char* kMailer =
    "<?php\n"                                                                         // 1
    "class Mailer\n"                                                                  // 2
    "{\n"                                                                             // 3
    "    const STOP_CRITICAL = 2;\n"                                                  // 4
    "    protected static $language = [];\n"                                          // 5
    "\n"                                                                              // 6
    "    public static function setLanguage()\n"                                      // 7
    "    {\n"                                                                         // 8
    "        $MAILER_LANG = [\n"                                                      // 9
    "            'authenticate' => 'SMTP Error: Could not authenticate.',\n"          // 10
    "            'connect_host' => 'SMTP Error: Could not connect to SMTP host.',\n"  // 11
    "            'execute' => 'Could not execute: ',\n"                               // 12
    "            'smtp_connect_failed' => 'SMTP connect() failed.',\n"                // 13
    "            'unused' => 'Nobody raises this.',\n"                                // 14
    "        ];\n"                                                                    // 15
    "        self::$language = $MAILER_LANG;\n"                                       // 16
    "    }\n"                                                                         // 17
    "\n"                                                                              // 18
    "    protected static function lang($key)\n"                                      // 19
    "    {\n"                                                                         // 20
    "        if (array_key_exists($key, self::$language)) {\n"                        // 21
    "            if ('smtp_connect_failed' === $key) {\n"                             // 22
    "                return self::$language[$key] . ' https://example.org/help';\n"   // 23
    "            }\n"                                                                 // 24
    "            return self::$language[$key];\n"                                     // 25
    "        }\n"                                                                     // 26
    "        return $key;\n"                                                          // 27
    "    }\n"                                                                         // 28
    "\n"                                                                              // 29
    "    private function errorMessage($base_key)\n"                                  // 30
    "    {\n"                                                                         // 31
    "        $message = self::lang($base_key);\n"                                     // 32
    "        $message .= ' ' . $this->detail;\n"                                      // 33
    "        return $message;\n"                                                      // 34
    "    }\n"                                                                         // 35
    "\n"                                                                              // 36
    "    public function connect()\n"                                                 // 37
    "    {\n"                                                                         // 38
    "        if (!$this->open()) {\n"                                                 // 39
    "            throw new Exception(self::lang('smtp_connect_failed'), self::STOP_CRITICAL);\n"  // 40
    "        }\n"                                                     // 41
    "        if (!$this->auth()) {\n"                                 // 42
    "            throw new Exception(self::lang('authenticate'));\n"  // 43
    "        }\n"                                                     // 44
    "        if (!$this->tls()) {\n"                                  // 45
    "            $message = $this->errorMessage('connect_host');\n"   // 46
    "            throw new Exception($message);\n"                    // 47
    "        }\n"                                                     // 48
    "        if (!$this->run()) {\n"                                  // 49
    "            throw new Exception(self::lang('execute') . $this->Sendmail, "
    "self::STOP_CRITICAL);\n"  // 50
    "        }\n"              // 51
    "    }\n"                  // 52
    "}\n";

TEST(MessageTablesTest, PhpCallSupplyingTheKeyTakesTheEntry) {
  Linked r = Link({{"src/Mailer.php", kMailer}});
  const ErrorSite* s = r.Find("src/Mailer.php", 43, "SMTP Error: Could not authenticate.");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_FALSE(s->message_opaque);
  EXPECT_EQ(s->error_class, "Exception");
  EXPECT_EQ(s->message_from, "src/Mailer.php:10");
  EXPECT_EQ(s->message_origin_note,
            "text returned by `lang()` (src/Mailer.php:25), from "
            "`$MAILER_LANG['authenticate']` (src/Mailer.php:10)");
  EXPECT_EQ(r.CountAt("src/Mailer.php", 43), 1) << Dump(r);
  EXPECT_TRUE(Matches(*s, "SMTP Error: Could not authenticate."));
}

TEST(MessageTablesTest, PhpGuardOnTheKeyPicksTheReturn) {
  Linked r = Link({{"src/Mailer.php", kMailer}});
  // The guarded return holds for this key; the plain one after it is not reached.
  const ErrorSite* s =
      r.Find("src/Mailer.php", 40, "SMTP connect() failed. https://example.org/help");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(r.CountAt("src/Mailer.php", 40), 1) << Dump(r);
  EXPECT_EQ(s->message_from, "src/Mailer.php:13");
  // Other keys never take the guarded suffix.
  EXPECT_EQ(r.Count("SMTP Error: Could not authenticate. https://example.org/help"), 0);
}

TEST(MessageTablesTest, PhpTextJoinedAfterTheEntryAndCodeConstant) {
  Linked r = Link({{"src/Mailer.php", kMailer}});
  // The code constant after the message is not the message.
  const ErrorSite* s = r.Find("src/Mailer.php", 50, "Could not execute: {$this->Sendmail}");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(r.Count("2"), 0) << Dump(r);
  EXPECT_TRUE(Matches(*s, "Could not execute: /usr/sbin/sendmail -t -i"));
}

TEST(MessageTablesTest, PhpHelperThatStartsFromTheEntry) {
  Linked r = Link({{"src/Mailer.php", kMailer}});
  const ErrorSite* s = nullptr;
  for (const ErrorSite* x : r.At("src/Mailer.php", 47)) {
    if (x->message.Display().starts_with("SMTP Error: Could not connect to SMTP host.")) s = x;
  }
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->message_from, "src/Mailer.php:11");
  EXPECT_TRUE(Matches(*s, "SMTP Error: Could not connect to SMTP host. Connection refused"));
}

TEST(MessageTablesTest, EntriesNobodyRaisesMakeNoSite) {
  Linked r = Link({{"src/Mailer.php", kMailer}});
  EXPECT_EQ(r.Count("Nobody raises this."), 0);
  ASSERT_EQ(r.facts[0].message_tables.size(), 1u);
  const MessageTable& t = r.facts[0].message_tables[0];
  EXPECT_EQ(t.name, "$MAILER_LANG");
  EXPECT_EQ(t.aliases, (std::vector<std::string>{"self::$language"}));
  EXPECT_EQ(t.entries.size(), 5u);
  EXPECT_EQ(t.entries[0].line, 10);
}

TEST(MessageTablesTest, ParsesLookups) {
  auto l = ParseTableLookup("self::$language[$key]");
  ASSERT_TRUE(l);
  EXPECT_EQ(l->table, "self::$language");
  EXPECT_EQ(l->key, "$key");
  EXPECT_FALSE(l->literal);
  l = ParseTableLookup("MESSAGES[\"bad_key\"]");
  ASSERT_TRUE(l);
  EXPECT_EQ(l->key, "bad_key");
  EXPECT_TRUE(l->literal);
  l = ParseTableLookup("ERRORS[:missing]");
  ASSERT_TRUE(l);
  EXPECT_EQ(l->key, "missing");
  EXPECT_TRUE(ParseTableLookup("ERRORS.fetch(:missing)"));
  EXPECT_FALSE(ParseTableLookup("messages.missing"));
  EXPECT_TRUE(ParseTableLookup("messages.missing", true));
  EXPECT_FALSE(ParseTableLookup("f(x)[0]"));
  EXPECT_FALSE(ParseTableLookup("MESSAGES.get(\"a\", \"default\")"));
  EXPECT_EQ(TableName("self::$language"), "language");
  EXPECT_EQ(TableName("this.messages"), "messages");
}

const char* kStore =
    "MESSAGES = {\n"                                                 // 1
    "    \"missing\": \"No such key in the store\",\n"               // 2
    "    \"locked\": \"The store is locked by another process\",\n"  // 3
    "}\n"                                                            // 4
    "\n"                                                             // 5
    "\n"                                                             // 6
    "class StoreError(Exception):\n"                                 // 7
    "    pass\n"                                                     // 8
    "\n"                                                             // 9
    "\n"                                                             // 10
    "def message(key):\n"                                            // 11
    "    return MESSAGES[key]\n"                                     // 12
    "\n"                                                             // 13
    "\n"                                                             // 14
    "def get(store, k):\n"                                           // 15
    "    if k not in store:\n"                                       // 16
    "        raise StoreError(MESSAGES[\"missing\"])\n"              // 17
    "    if store.locked:\n"                                         // 18
    "        raise StoreError(message(\"locked\"))\n"                // 19
    "    return store[k]\n"                                          // 20
    "\n"                                                             // 21
    "\n"                                                             // 22
    "class Field:\n"                                                 // 23
    "    default_error_messages = {\n"                               // 24
    "        \"required\": \"This field is required.\",\n"           // 25
    "        \"invalid\": \"Enter a valid value.\",\n"               // 26
    "    }\n"                                                        // 27
    "\n"                                                             // 28
    "    def clean(self, value):\n"                                  // 29
    "        if not value:\n"                                        // 30
    "            raise ValidationError(self.error_messages[\"required\"], code=\"required\")\n"  // 31
    "        return value\n";  // 32

TEST(MessageTablesTest, PythonDictByLiteralKeyAndThroughAHelper) {
  Linked r = Link({{"app/store.py", kStore}});
  const ErrorSite* s = r.Find("app/store.py", 17, "No such key in the store");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "StoreError");
  EXPECT_EQ(s->message_from, "app/store.py:2");
  EXPECT_EQ(s->message_origin_note, "text of `MESSAGES['missing']` (app/store.py:2)");
  s = r.Find("app/store.py", 19, "The store is locked by another process");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->message_from, "app/store.py:3");
  EXPECT_EQ(s->message_origin_note,
            "text returned by `message()` (app/store.py:12), from `MESSAGES['locked']` "
            "(app/store.py:3)");
}

TEST(MessageTablesTest, PythonClassDefaultErrorMessages) {
  Linked r = Link({{"app/store.py", kStore}});
  const ErrorSite* s = r.Find("app/store.py", 31, "This field is required.");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "ValidationError");
  EXPECT_EQ(s->message_from, "app/store.py:25");
  EXPECT_EQ(r.Count("Enter a valid value."), 0);  // nobody raises it
}

const char* kFiles =
    "const messages = {\n"                                     // 1
    "  notFound: 'No such file or directory',\n"               // 2
    "  'denied': \"Permission denied\",\n"                     // 3
    "};\n"                                                     // 4
    "\n"                                                       // 5
    "function msg(key) {\n"                                    // 6
    "  return messages[key];\n"                                // 7
    "}\n"                                                      // 8
    "\n"                                                       // 9
    "export function open(p) {\n"                              // 10
    "  if (!exists(p)) throw new Error(messages.notFound);\n"  // 11
    "  if (!allowed(p)) throw new Error(msg('denied'));\n"     // 12
    "  return read(p);\n"                                      // 13
    "}\n";                                                     // 14

TEST(MessageTablesTest, JavaScriptObjectByPropertyAndThroughAHelper) {
  Linked r = Link({{"lib/files.js", kFiles}});
  const ErrorSite* s = r.Find("lib/files.js", 11, "No such file or directory");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "Error");
  EXPECT_EQ(s->message_from, "lib/files.js:2");
  EXPECT_EQ(s->message_origin_note, "text of `messages['notFound']` (lib/files.js:2)");
  s = r.Find("lib/files.js", 12, "Permission denied");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->message_from, "lib/files.js:3");
  EXPECT_EQ(s->message_origin_note,
            "text returned by `msg()` (lib/files.js:7), from `messages['denied']` "
            "(lib/files.js:3)");
}

}  // namespace
}  // namespace errdex
