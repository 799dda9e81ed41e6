// Link for PHP: functions and methods whose parameter reaches a thrown
// message, a console error or an error log, called with text from other
// functions and files. Asserted on the exact composed message, the
// call-site line and file. Fixtures are written for these tests, after
// composer and laravel.
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
    "<?php\n"
    "namespace App;\n"
    "\n"
    "class Console\n"
    "{\n"
    "    public function error($message)\n"
    "    {\n"
    "        $this->io->writeError('<error>Error: '.$message.'</error>');\n"
    "    }\n"
    "\n"
    "    public function fail($reason)\n"
    "    {\n"
    "        throw new \\RuntimeException(sprintf('Installation failed: %s', $reason));\n"
    "    }\n"
    "\n"
    "    public function abort($what)\n"
    "    {\n"
    "        $this->fail('could not '.$what);\n"
    "    }\n"
    "\n"
    "    public function trace($message)\n"
    "    {\n"
    "        $this->logger->debug('trace: '.$message);\n"
    "    }\n"
    "\n"
    "    public function check($mode)\n"
    "    {\n"
    "        if ($mode === '') {\n"
    "            throw new \\InvalidArgumentException('The mode is empty');\n"
    "        }\n"
    "    }\n"
    "}\n";

const char* kInstaller =
    "<?php\n"
    "namespace App;\n"
    "\n"
    "class Installer\n"
    "{\n"
    "    public function run()\n"
    "    {\n"
    "        $this->tool->error('The lock file is not up to date');\n"
    "        $this->tool->fail('the vendor dir is not writable');\n"
    "        $this->tool->abort('download '.$this->name);\n"
    "        $this->tool->trace('entering the install loop');\n"
    "        $this->tool->check('not a mode but a sentence');\n"
    "    }\n"
    "}\n";

// A direct wrapper: the console error the method writes, style tags dropped.
TEST(LinkPhp, DirectWrapperComposesAtTheCall) {
  Linked r = Link({{"src/Console.php", kHelpers}, {"src/Installer.php", kInstaller}});
  const ErrorSite* s = r.Find("src/Installer.php", 8, "Error: The lock file is not up to date");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->file_path, "src/Installer.php");
  EXPECT_NE(s->message_origin_note.find("src/Console.php:6"), std::string::npos)
      << s->message_origin_note;
}

// sprintf around the parameter: the prefix reaches the call.
TEST(LinkPhp, FormatWrapperAddsItsPrefix) {
  Linked r = Link({{"src/Console.php", kHelpers}, {"src/Installer.php", kInstaller}});
  const ErrorSite* s =
      r.Find("src/Installer.php", 9, "Installation failed: the vendor dir is not writable");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "RuntimeException");
  EXPECT_TRUE(Matches(*s, "Installation failed: the vendor dir is not writable"));
}

// A wrapper of the wrapper: both prefixes.
TEST(LinkPhp, TransitiveWrapperComposesBothPrefixes) {
  Linked r = Link({{"src/Console.php", kHelpers}, {"src/Installer.php", kInstaller}});
  const ErrorSite* s =
      r.Find("src/Installer.php", 10, "Installation failed: could not download {$this->name}");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s, "Installation failed: could not download monolog/monolog"));
}

// A debug log and a parameter only tested in a condition are not sinks.
TEST(LinkPhp, DebugLogsAndConditionsDoNotLink) {
  Linked r = Link({{"src/Console.php", kHelpers}, {"src/Installer.php", kInstaller}});
  EXPECT_EQ(r.CountAt("src/Installer.php", 11), 0) << Dump(r);
  EXPECT_EQ(r.CountAt("src/Installer.php", 12), 0) << Dump(r);
}

const char* kEnv =
    "<?php\n"
    "namespace App;\n"
    "\n"
    "class Env\n"
    "{\n"
    "    public static function set($key, $value)\n"
    "    {\n"
    "        if (!in_array($key, self::KEYS, true)) {\n"
    "            throw new \\InvalidArgumentException('Unknown key '.$key);\n"
    "        }\n"
    "    }\n"
    "\n"
    "    public static function fail($key)\n"
    "    {\n"
    "        throw new \\InvalidArgumentException('Cannot set '.$key);\n"
    "    }\n"
    "}\n";

const char* kBoot =
    "<?php\n"
    "namespace App;\n"
    "\n"
    "function boot()\n"
    "{\n"
    "    Env::set('APP_KEY', 'x');\n"
    "    Env::fail('the application key');\n"
    "}\n";

// A parameter the raise's condition tests is a value checked, not a message.
TEST(LinkPhp, ParameterTestedByTheRaiseConditionDoesNotLink) {
  Linked r = Link({{"src/Env.php", kEnv}, {"src/boot.php", kBoot}});
  EXPECT_EQ(r.CountAt("src/boot.php", 6), 0) << Dump(r);
  const ErrorSite* s = r.Find("src/boot.php", 7, "Cannot set the application key");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "InvalidArgumentException");
}

// Laravel's QueryException: the constructor passes '' and the code 0 to
// the parent, then sets `$this->message` to what its own method returns.
TEST(LinkPhp, MessageSetFromTheClassesOwnMethod) {
  Linked r =
      Link({{"src/QueryException.php",
             "<?php\n"
             "namespace Illuminate\\Database;\n"
             "class QueryException extends PDOException\n"
             "{\n"
             "    public function __construct($connectionName, $sql, Throwable $previous)\n"
             "    {\n"
             "        parent::__construct('', 0, $previous);\n"
             "        $this->message = $this->formatMessage($connectionName, $sql, $previous);\n"
             "    }\n"
             "\n"
             "    protected function formatMessage($connectionName, $sql, Throwable $previous)\n"
             "    {\n"
             "        return $previous->getMessage().' (Connection: '.$connectionName.', SQL: "
             "'.$sql.')';\n"
             "    }\n"
             "}\n"}});
  const ErrorSite* s =
      r.Find("src/QueryException.php", 8,
             "{$previous->getMessage()} (Connection: {$connectionName}, SQL: {$sql})");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "QueryException");
  EXPECT_TRUE(Matches(*s,
                      "SQLSTATE[HY000] [2002] Connection refused (Connection: mysql, SQL: "
                      "select * from users)"));
  // The parent call's 0 is the code, not a message.
  for (const ErrorSite* x : r.At("src/QueryException.php", 7)) {
    EXPECT_NE(x->message.Display(), "0") << Dump(r);
  }
}

// Laravel's BroadcastManager: its own get($name) raises for an unknown
// name, and the same file reads the configuration through another object's
// get(); that call is the config's, not a broadcast connection's.
TEST(LinkPhp, AnotherObjectsMethodOfTheSameNameDoesNotLink) {
  Linked r =
      Link({{"src/BroadcastManager.php",
             "<?php\n"
             "class BroadcastManager\n"
             "{\n"
             "    protected function get($name)\n"
             "    {\n"
             "        return $this->drivers[$name] ?? $this->resolve($name);\n"
             "    }\n"
             "    protected function resolve($name)\n"
             "    {\n"
             "        throw new InvalidArgumentException(\"Broadcast connection [{$name}] is not "
             "defined.\");\n"
             "    }\n"
             "    protected function createRedisDriver(array $config)\n"
             "    {\n"
             "        return new "
             "RedisBroadcaster($this->app['config']->get('database.redis.options.prefix', ''));\n"
             "    }\n"
             "    public function connection($name)\n"
             "    {\n"
             "        return $this->get('pusher');\n"
             "    }\n"
             "}\n"}});
  EXPECT_EQ(r.CountAt("src/BroadcastManager.php", 14), 0) << Dump(r);
  EXPECT_NE(r.Find("src/BroadcastManager.php", 18, "Broadcast connection [pusher] is not defined."),
            nullptr)
      << Dump(r);
}

// A factory that returns its exception built from a text helper of its class
// (doctrine's `return new self(self::newEntityFoundThroughRelationshipMessage(
// $assoc, $entry))`): a record at the `return` with the helper's text, its
// parameters read as the call's arguments. A factory whose argument is not
// text (`new self($previous)`) gives none.
TEST(LinkPhp, FactoryReturningAnExceptionBuiltByATextHelper) {
  Linked r =
      Link({{"src/ORMException.php",
             "<?php\n"
             "class ORMException extends \\InvalidArgumentException\n"
             "{\n"
             "    public static function newEntityFound(string $field, object $entry): self\n"
             "    {\n"
             "        return new self(self::newEntityMessage($field, $entry));\n"
             "    }\n"
             "    public static function wrap(\\Throwable $previous): self\n"
             "    {\n"
             "        return new self(self::describe($previous));\n"
             "    }\n"
             "    private static function newEntityMessage(string $field, object $entity): "
             "string\n"
             "    {\n"
             "        return 'A new entity was found through the relationship \\''\n"
             "            . $field . '\\' that was not configured to cascade persist.';\n"
             "    }\n"
             "    private static function describe(\\Throwable $e): string\n"
             "    {\n"
             "        return $e->getMessage();\n"
             "    }\n"
             "}\n"}});
  const ErrorSite* s =
      r.Find("src/ORMException.php", 6,
             "A new entity was found through the relationship '{$field}' that was not configured "
             "to cascade persist.");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "ORMException");
  EXPECT_EQ(r.CountAt("src/ORMException.php", 10), 0) << Dump(r);
}

}  // namespace
}  // namespace errdex
