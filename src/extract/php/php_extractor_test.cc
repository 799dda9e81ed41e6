// PHP extractor: every idiom, asserted on the exact message, line, class,
// status, conditions and pattern a user will see.
#include <gtest/gtest.h>
#include <re2/re2.h>

#include <algorithm>

#include "errdex/extractor.h"
#include "extract/common/extractor_testing.h"

namespace errdex {
namespace {

using extract_testing::ExtractFile;
using extract_testing::HoleExprs;
using extract_testing::Matches;
using extract_testing::Messages;

std::vector<ErrorSite> Extract(const std::string& code,
                               const std::string& path = "src/Shop/Cart.php") {
  return ExtractFile(path, code, "php");
}

TEST(PhpExtractor, ThrowForms) {
  auto sites = Extract(
      "<?php\n"
      "namespace Shop;\n"
      "\n"
      "use InvalidArgumentException;\n"
      "\n"
      "final class Cart\n"
      "{\n"
      "    public function add(Item $item, int $qty): void\n"
      "    {\n"
      "        if ($qty <= 0) {\n"
      "            throw new InvalidArgumentException(\"Bad quantity $qty for "
      "{$item->name}\\n\");\n"
      "        }\n"
      "        throw new \\RuntimeException('It\\'s ' . $item->sku . ' (\\n raw)', 42);\n"
      "        throw new Exception\\Closed(sprintf('Closed since %2$s, %1$d items', $n, $since));\n"
      "        throw new \\LogicException;\n"
      "        $x = $cache[$k] ?? throw new \\OutOfBoundsException(message: \"No key $k\");\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 5u) << testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].error_class, "InvalidArgumentException");
  EXPECT_EQ(sites[0].message.Display(), "Bad quantity $qty for {$item->name}\n");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"$qty", "$item->name"}));
  EXPECT_EQ(sites[0].line, 11);
  EXPECT_EQ(sites[0].function, "Cart::add");
  EXPECT_EQ(sites[0].function_line, 8);
  ASSERT_EQ(sites[0].conditions.size(), 1u);
  EXPECT_EQ(sites[0].conditions[0].expr, "$qty <= 0");
  EXPECT_TRUE(sites[0].conditions[0].polarity);
  EXPECT_TRUE(Matches(sites[0],
                      "PHP Fatal error:  Uncaught InvalidArgumentException: "
                      "Bad quantity -1 for Apple Pie\n in /srv/Cart.php:11"));
  EXPECT_FALSE(Matches(sites[0], "Bad quantity -1 for Apple Pie in /srv/Cart.php:11"));

  // Single quotes: only \' and \\ are escapes; `.` concatenates.
  EXPECT_EQ(sites[1].error_class, "RuntimeException");
  EXPECT_EQ(sites[1].message.Display(), "It's {$item->sku} (\\n raw)");
  EXPECT_EQ(sites[1].line, 13);
  EXPECT_TRUE(Matches(sites[1], "It's SKU-1 (\\n raw)"));

  // sprintf with positional arguments; the class's namespace is dropped.
  EXPECT_EQ(sites[2].error_class, "Closed");
  EXPECT_EQ(sites[2].message.Display(), "Closed since %2$s, %1$d items");
  EXPECT_EQ(HoleExprs(sites[2]), (std::vector<std::string>{"$since", "$n"}));
  EXPECT_TRUE(Matches(sites[2], "Closed since Monday, 3 items"));
  EXPECT_FALSE(Matches(sites[2], "Closed since Monday, three items"));

  // No message: PHP prints "Uncaught LogicException in ..."; the record
  // carries the class name and says so.
  EXPECT_EQ(sites[3].error_class, "LogicException");
  EXPECT_TRUE(sites[3].message_opaque);
  EXPECT_EQ(sites[3].message_origin_note, "constructed without a message");

  // `?? throw` (PHP 8) with a named argument.
  EXPECT_EQ(sites[4].message.Display(), "No key $k");
  EXPECT_EQ(sites[4].line, 16);
  // The `if` above throws, so reaching here also means it did not fire.
  ASSERT_EQ(sites[4].conditions.size(), 2u);
  EXPECT_EQ(sites[4].conditions[0].expr, "$qty <= 0");
  EXPECT_FALSE(sites[4].conditions[0].polarity);
  EXPECT_EQ(sites[4].conditions[1].expr, "$cache[$k] === null");
}

TEST(PhpExtractor, ExceptionClassesNamedConstructorsAndDefaults) {
  auto sites = Extract(
      "<?php\n"
      "namespace App\\Exception;\n"
      "\n"
      "class QuotaExceeded extends \\RuntimeException implements ShopException\n"
      "{\n"
      "    protected $message = 'Quota exceeded for this account.';\n"
      "\n"
      "    public static function forUser(string $user, int $limit): self\n"
      "    {\n"
      "        return new self(sprintf('User \"%s\" is over the limit of %d requests', $user, "
      "$limit));\n"
      "    }\n"
      "\n"
      "    public function __construct(string $plan, ?\\Throwable $previous = null)\n"
      "    {\n"
      "        parent::__construct(\"Plan $plan allows no more uploads\", 0, $previous);\n"
      "    }\n"
      "}\n"
      "\n"
      "function check($u) {\n"
      "    throw QuotaExceeded::forUser($u, 10);\n"
      "    throw new QuotaExceeded();\n"
      "}\n"
      "class Unauthenticated extends \\Exception\n"
      "{\n"
      "    public function __construct($message = 'Unauthenticated.', array $guards = [])\n"
      "    {\n"
      "        parent::__construct($message);\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 5u) << testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[4].error_class, "Unauthenticated");
  EXPECT_EQ(sites[4].message.Display(), "Unauthenticated.");
  EXPECT_EQ(sites[4].line, 27);
  EXPECT_EQ(sites[4].message_origin_note,
            "the default of `$message` in `Unauthenticated::__construct` (line 25)");
  EXPECT_EQ(sites[0].error_class, "QuotaExceeded");
  EXPECT_EQ(sites[0].message.Display(), "Quota exceeded for this account.");
  EXPECT_EQ(sites[0].line, 6);
  EXPECT_EQ(sites[0].message_origin_note, "the default message of `QuotaExceeded`");

  EXPECT_EQ(sites[1].error_class, "QuotaExceeded");
  EXPECT_EQ(sites[1].message.Display(), "User \"%s\" is over the limit of %d requests");
  EXPECT_EQ(sites[1].line, 10);
  EXPECT_EQ(sites[1].function, "QuotaExceeded::forUser");
  EXPECT_EQ(sites[1].message_origin_note,
            "built and returned by `QuotaExceeded::forUser()`; thrown by `throw "
            "...forUser(...)` at line 20 of this file");
  EXPECT_TRUE(Matches(sites[1], "User \"ann\" is over the limit of 10 requests"));

  EXPECT_EQ(sites[2].message.Display(), "Plan $plan allows no more uploads");
  EXPECT_EQ(sites[2].line, 15);
  EXPECT_EQ(sites[2].message_origin_note, "message set by the constructor of `QuotaExceeded`");

  // `new X()` without arguments prints the class's default message.
  EXPECT_EQ(sites[3].message.Display(), "Quota exceeded for this account.");
  EXPECT_EQ(sites[3].line, 21);
  EXPECT_EQ(sites[3].message_origin_note, "the default message of `QuotaExceeded` (line 6)");
}

TEST(PhpExtractor, VariablesConstantsAndMagicConstants) {
  auto sites = Extract(
      "<?php\n"
      "namespace Acme\\Db;\n"
      "define('PREFIX', 'acme: ');\n"
      "class Pool\n"
      "{\n"
      "    const FULL = 'pool is full';\n"
      "    private const LIMIT = self::FULL . ' (limit reached)';\n"
      "\n"
      "    public function take($n)\n"
      "    {\n"
      "        $msg = 'Cannot take ' . $n;\n"
      "        if ($n > 10) {\n"
      "            $msg .= ' connections';\n"
      "        }\n"
      "        throw new \\RuntimeException($msg);\n"
      "        throw new \\OverflowException(self::LIMIT);\n"
      "        throw new \\LogicException(PREFIX . __METHOD__ . ' failed' . PHP_EOL);\n"
      "        throw new \\LogicException(__CLASS__ . ': ' . static::class);\n"
      "    }\n"
      "}\n");
  // The `.=` in a branch may not run: the message is either text.
  ASSERT_EQ(sites.size(), 5u) << testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "Cannot take {$n}");
  EXPECT_EQ(sites[1].message.Display(), "Cannot take {$n} connections");
  EXPECT_EQ(sites[1].message_origin_note,
            "message assigned to `$msg` at line 11; message 2 of 2, chosen by the branches above");
  EXPECT_TRUE(Matches(sites[1], "Cannot take 12 connections"));
  EXPECT_EQ(sites[0].line, sites[1].line);
  sites.erase(sites.begin());
  EXPECT_EQ(sites[1].message.Display(), "pool is full (limit reached)");
  EXPECT_EQ(sites[1].message_origin_note, "message from the constant `Pool::LIMIT` at line 7");
  EXPECT_EQ(sites[2].message.Display(), "acme: Acme\\Db\\Pool::take failed\n");
  EXPECT_EQ(sites[2].message.HoleCount(), 0);
  // `static::class` is the runtime class: a hole.
  EXPECT_EQ(sites[3].message.Display(), "Acme\\Db\\Pool: {static::class}");
  EXPECT_TRUE(Matches(sites[3], "Acme\\Db\\Pool: Acme\\Db\\ReadPool"));
}

TEST(PhpExtractor, HeredocsNowdocsAndEscapes) {
  auto sites = Extract(
      "<?php\n"
      "function load($path, $line) {\n"
      "    throw new ConfigException(<<<MSG\n"
      "        Config $path is invalid:\n"
      "          line {$line} has a tab\\there\n"
      "        MSG);\n"
      "    throw new ConfigException(<<<'RAW'\n"
      "      raw $path \\t\n"
      "      RAW);\n"
      "    throw new ConfigException(\"\\x41\\101\\u{1F600} \\$path \\{x} \\e[0m\");\n"
      "}\n");
  ASSERT_EQ(sites.size(), 3u) << testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "Config $path is invalid:\n  line {$line} has a tab\there");
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].end_line, 6);
  EXPECT_TRUE(Matches(sites[0], "Config app.ini is invalid:\n  line 7 has a tab\there"));
  EXPECT_EQ(sites[1].message.Display(), "raw $path \\t");
  EXPECT_EQ(sites[1].message.HoleCount(), 0);
  EXPECT_EQ(sites[2].message.Display(), "AA\xF0\x9F\x98\x80 $path \\{x} \x1b[0m");
  EXPECT_EQ(sites[2].message.HoleCount(), 0);
}

TEST(PhpExtractor, ConditionalMessagesGiveOneRecordEach) {
  auto sites = Extract(
      "<?php\n"
      "function f($dir, $name) {\n"
      "    throw new \\RuntimeException($dir ? \"Cannot write to $dir\" : 'No directory given');\n"
      "    $msg = $name === 'handle' ? 'The handle has been released' : 'Invalid property: "
      "'.$name;\n"
      "    throw new \\BadMethodCallException($msg);\n"
      "}\n");
  ASSERT_EQ(sites.size(), 4u) << testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[2].message.Display(), "The handle has been released");
  EXPECT_EQ(sites[3].message.Display(), "Invalid property: {$name}");
  EXPECT_EQ(sites[3].line, 5);
  EXPECT_EQ(sites[0].message.Display(), "Cannot write to $dir");
  EXPECT_EQ(sites[1].message.Display(), "No directory given");
  EXPECT_EQ(sites[1].message_origin_note, "message 2 of 2, chosen by a conditional");
  EXPECT_EQ(sites[0].line, sites[1].line);
}

TEST(PhpExtractor, SymfonyAndLaravelHttpErrors) {
  auto sites = Extract(
      "<?php\n"
      "class PostController extends AbstractController\n"
      "{\n"
      "    public function show(int $id): Response\n"
      "    {\n"
      "        $post = $this->repo->find($id) ?? throw $this->createNotFoundException("
      "\"Post $id not found\");\n"
      "        throw new NotFoundHttpException('Page not found.');\n"
      "        throw new HttpException(Response::HTTP_CONFLICT, 'Already published.');\n"
      "        throw new UnauthorizedHttpException('Bearer', 'Token expired.');\n"
      "        abort(403, 'You cannot edit this post.');\n"
      "        abort_if($post->locked, 423, 'Post is locked.');\n"
      "        abort_unless($user->isAdmin(), 403, __('Only admins may :action posts.', "
      "['action' => 'delete']));\n"
      "        abort(404);\n"
      "        throw ValidationException::withMessages(['email' => ["
      "__('The provided credentials are incorrect.')], 'name' => 'Name is taken.']);\n"
      "        return response()->json(['message' => 'Invalid code.'], "
      "Response::HTTP_UNPROCESSABLE_ENTITY);\n"
      "        return new JsonResponse(['status' => 'x', 'error' => \"No post $id\"], 404);\n"
      "        return response('Unauthorized.', 401);\n"
      "        return new Response('OK', 200);\n"
      "        $this->denyAccessUnlessGranted('edit', $post, 'Posts can only be edited by "
      "their authors.');\n"
      "        return new Response('Gone for good', Response::HTTP_GONE);\n"
      "    }\n"
      "}\n",
      "app/Http/Controllers/PostController.php");
  ASSERT_EQ(sites.size(), 14u) << testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].kind, SiteKind::kHttp);
  EXPECT_EQ(sites[0].http_status, 404);
  EXPECT_EQ(sites[0].error_class, "NotFoundHttpException");
  EXPECT_EQ(sites[0].message.Display(), "Post $id not found");
  EXPECT_EQ(sites[0].function, "PostController::show");
  EXPECT_EQ(sites[1].http_status, 404);
  EXPECT_EQ(sites[1].message.Display(), "Page not found.");
  EXPECT_EQ(sites[2].http_status, 409);
  EXPECT_EQ(sites[2].message.Display(), "Already published.");
  EXPECT_EQ(sites[3].http_status, 401);
  EXPECT_EQ(sites[3].message.Display(), "Token expired.");
  EXPECT_EQ(sites[4].http_status, 403);
  EXPECT_EQ(sites[4].message.Display(), "You cannot edit this post.");
  EXPECT_EQ(sites[5].http_status, 423);
  ASSERT_EQ(sites[5].conditions.size(), 1u);
  EXPECT_EQ(sites[5].conditions[0].expr, "$post->locked");
  EXPECT_TRUE(sites[5].conditions[0].polarity);
  EXPECT_EQ(sites[6].message.Display(), "Only admins may :action posts.");
  EXPECT_EQ(HoleExprs(sites[6]), (std::vector<std::string>{"action"}));
  ASSERT_EQ(sites[6].conditions.size(), 1u);
  EXPECT_FALSE(sites[6].conditions[0].polarity);
  EXPECT_TRUE(Matches(sites[6], "Only admins may delete posts."));
  EXPECT_EQ(sites[7].error_class, "ValidationException");
  EXPECT_EQ(sites[7].http_status, 422);
  EXPECT_EQ(sites[7].message.Display(), "The provided credentials are incorrect.");
  EXPECT_EQ(sites[8].message.Display(), "Name is taken.");
  EXPECT_EQ(sites[9].kind, SiteKind::kHttp);
  EXPECT_EQ(sites[9].http_status, 422);
  EXPECT_EQ(sites[9].message.Display(), "Invalid code.");
  EXPECT_EQ(sites[10].http_status, 404);
  EXPECT_EQ(sites[10].message.Display(), "No post $id");
  EXPECT_EQ(sites[11].http_status, 401);
  EXPECT_EQ(sites[11].message.Display(), "Unauthorized.");
  EXPECT_EQ(sites[12].http_status, 403);
  EXPECT_EQ(sites[12].error_class, "AccessDeniedException");
  EXPECT_EQ(sites[12].message.Display(), "Posts can only be edited by their authors.");
  EXPECT_EQ(sites[13].http_status, 410);
  EXPECT_EQ(sites[13].line, 20);
}

TEST(PhpExtractor, ReportsLogsAndConsole) {
  auto sites = Extract(
      "<?php\n"
      "function run($file, $n) {\n"
      "    trigger_error(\"Option $n is deprecated\", E_USER_DEPRECATED);\n"
      "    trigger_error('Cannot continue', \\E_USER_ERROR);\n"
      "    $fh = fopen($file, 'r') or die(\"Cannot open $file\\n\");\n"
      "    exit('Aborted.');\n"
      "    exit(2);\n"
      "    assert($n > 0, 'n must be positive');\n"
      "    error_log('Import failed: ' . $file);\n"
      "    fwrite(STDERR, \"Error: $file is empty\" . PHP_EOL);\n"
      "    fprintf(STDERR, \"%s: %d bad rows\\n\", $file, $n);\n"
      "    $this->logger->error('Payment {id} failed for {user}', ['id' => $id]);\n"
      "    $this->logger->info('Not an error');\n"
      "    $logger->log(LogLevel::CRITICAL, 'Disk {disk} is full');\n"
      "    Log::channel('slack')->warning(\"Queue $q is slow\");\n"
      "    $io->error('The lock file is not up to date.');\n"
      "    $this->io->writeError('<error>Your requirements could not be resolved.</error>');\n"
      "    $this->io->writeError('<info>Loading composer repositories</info>');\n"
      "    $this->array->error('not a logger');\n"
      "    $this->logger->notice('Could not reach {host}, retrying');\n"
      "}\n");
  ASSERT_EQ(sites.size(), 14u) << testing::PrintToString(Messages(sites));
  // An info or notice line only when it states a failure ("Not an error" does not).
  EXPECT_EQ(sites[13].message.Display(), "Could not reach {host}, retrying");
  EXPECT_EQ(sites[13].severity, "info");
  EXPECT_EQ(sites[0].kind, SiteKind::kWarning);
  EXPECT_EQ(sites[0].severity, "warning");
  EXPECT_EQ(sites[0].message.Display(), "Option $n is deprecated");
  EXPECT_EQ(sites[1].kind, SiteKind::kRaise);
  EXPECT_EQ(sites[1].message.Display(), "Cannot continue");
  EXPECT_EQ(sites[2].severity, "critical");
  EXPECT_EQ(sites[2].message.Display(), "Cannot open $file\n");
  ASSERT_EQ(sites[2].conditions.size(), 1u);
  EXPECT_EQ(sites[2].conditions[0].expr, "$fh = fopen($file, 'r')");
  EXPECT_FALSE(sites[2].conditions[0].polarity);
  EXPECT_EQ(sites[3].message.Display(), "Aborted.");
  EXPECT_EQ(sites[4].kind, SiteKind::kAssert);
  EXPECT_EQ(sites[4].error_class, "AssertionError");
  EXPECT_EQ(sites[4].message.Display(), "n must be positive");
  EXPECT_EQ(sites[5].kind, SiteKind::kLog);
  EXPECT_EQ(sites[5].message.Display(), "Import failed: {$file}");
  EXPECT_EQ(sites[6].message.Display(), "Error: $file is empty\n");
  EXPECT_EQ(sites[7].message.Display(), "%s: %d bad rows\n");
  EXPECT_TRUE(Matches(sites[7], "rows.csv: 3 bad rows\n"));
  EXPECT_EQ(sites[8].message.Display(), "Payment {id} failed for {user}");
  EXPECT_TRUE(Matches(sites[8], "Payment 42 failed for ann"));
  EXPECT_TRUE(Matches(sites[8], "Payment {id} failed for {user}"));
  EXPECT_EQ(sites[9].severity, "critical");
  EXPECT_EQ(sites[9].message.Display(), "Disk {disk} is full");
  EXPECT_EQ(sites[10].severity, "warning");
  EXPECT_EQ(sites[10].message.Display(), "Queue $q is slow");
  EXPECT_EQ(sites[11].message.Display(), "The lock file is not up to date.");
  EXPECT_EQ(sites[12].message.Display(), "Your requirements could not be resolved.");
  EXPECT_EQ(sites[12].line, 17);
}

TEST(PhpExtractor, Context) {
  auto sites = Extract(
      "<?php\n"
      "class Importer\n"
      "{\n"
      "    /**\n"
      "     * Imports one row.\n"
      "     * @throws \\RuntimeException\n"
      "     */\n"
      "    public function row($row, $mode)\n"
      "    {\n"
      "        if ($row === null) {\n"
      "            return;\n"
      "        }\n"
      "        if ($mode === 'a') {\n"
      "            // Mode a needs an id.\n"
      "            throw new \\RuntimeException('a');\n"
      "        } elseif ($mode === 'b') {\n"
      "            throw new \\RuntimeException('b');\n"
      "        } else {\n"
      "            # shell-style comment\n"
      "            throw new \\RuntimeException('c');\n"
      "        }\n"
      "        switch ($row->type) {\n"
      "            case 'x':\n"
      "                throw new \\RuntimeException('x');\n"
      "        }\n"
      "        $v = match ($mode) {\n"
      "            'd', 'e' => throw new \\RuntimeException('de'),\n"
      "            default => 1,\n"
      "        };\n"
      "        try {\n"
      "            $this->save($row);\n"
      "        } catch (\\PDOException | \\LogicException $e) {\n"
      "            throw new \\RuntimeException('save failed', 0, $e);\n"
      "        }\n"
      "        $cb = function () { throw new \\RuntimeException('in closure'); };\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 7u) << testing::PrintToString(Messages(sites));
  auto exprs = [](const ErrorSite& s) {
    std::vector<std::string> out;
    for (const PathCondition& c : s.conditions) out.push_back((c.polarity ? "" : "!") + c.expr);
    return out;
  };
  EXPECT_EQ(exprs(sites[0]), (std::vector<std::string>{"!$row === null", "$mode === 'a'"}));
  ASSERT_GE(sites[0].notes.size(), 2u);
  EXPECT_EQ(sites[0].notes[0].text, "Mode a needs an id.");
  EXPECT_EQ(sites[0].notes[0].origin, "comment-above");
  EXPECT_EQ(sites[0].notes.back().text, "Imports one row.");
  EXPECT_EQ(sites[0].notes.back().origin, "function-comment");
  EXPECT_EQ(sites[0].function_line, 8);
  EXPECT_EQ(exprs(sites[1]),
            (std::vector<std::string>{"!$row === null", "!$mode === 'a'", "$mode === 'b'"}));
  EXPECT_EQ(exprs(sites[2]),
            (std::vector<std::string>{"!$row === null", "!$mode === 'a'", "!$mode === 'b'"}));
  EXPECT_EQ(sites[2].notes[0].text, "shell-style comment");
  EXPECT_EQ(exprs(sites[3]), (std::vector<std::string>{"!$row === null", "$row->type == 'x'"}));
  EXPECT_EQ(exprs(sites[4]),
            (std::vector<std::string>{"!$row === null", "$mode === 'd' || $mode === 'e'"}));
  EXPECT_EQ(sites[4].line, 27);
  EXPECT_EQ(
      exprs(sites[5]),
      (std::vector<std::string>{"!$row === null", "catch (\\PDOException | \\LogicException $e)"}));
  EXPECT_EQ(sites[6].function, "Importer::row::{closure}");
  EXPECT_TRUE(sites[6].conditions.empty());
}

TEST(PhpExtractor, LaravelThrowIfAndMessageProperty) {
  auto sites = Extract(
      "<?php\n"
      "class ModelNotFound extends RecordsNotFoundException\n"
      "{\n"
      "    public function setModel($model, $ids = [])\n"
      "    {\n"
      "        $this->message = \"No query results for model [{$model}]\";\n"
      "        $this->message .= '.';\n"
      "    }\n"
      "}\n"
      "function g($user) {\n"
      "    throw_if(! $user, AuthenticationException::class, 'Not signed in.');\n"
      "    throw_unless($user->active, new \\RuntimeException('Account disabled.'));\n"
      "}\n");
  ASSERT_EQ(sites.size(), 3u) << testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].error_class, "ModelNotFound");
  EXPECT_EQ(sites[0].message.Display(), "No query results for model [{$model}]");
  EXPECT_EQ(sites[0].line, 6);
  EXPECT_TRUE(Matches(sites[0], "No query results for model [App\\Models\\User] 7."));
  EXPECT_EQ(sites[1].error_class, "AuthenticationException");
  EXPECT_EQ(sites[1].http_status, 401);
  EXPECT_EQ(sites[1].message.Display(), "Not signed in.");
  ASSERT_EQ(sites[1].conditions.size(), 1u);
  EXPECT_EQ(sites[1].conditions[0].expr, "! $user");
  EXPECT_TRUE(sites[1].conditions[0].polarity);
  EXPECT_EQ(sites[2].message.Display(), "Account disabled.");
  ASSERT_EQ(sites[2].conditions.size(), 1u);
  EXPECT_EQ(sites[2].conditions[0].expr, "$user->active");
  EXPECT_FALSE(sites[2].conditions[0].polarity);
}

TEST(PhpExtractor, WordPressAndWpCli) {
  auto sites = Extract(
      "<?php\n"
      "function check_permission( $request ) {\n"
      "\tif ( ! current_user_can( 'edit_posts' ) ) {\n"
      "\t\treturn new WP_Error( 'rest_forbidden', __( 'Sorry, you are not allowed to do that.', "
      "'acme' ), array( 'status' => 403 ) );\n"
      "\t}\n"
      "\twp_die( esc_html__( 'Invalid nonce.', 'acme' ) );\n"
      "\tWP_CLI::error( sprintf( \"Couldn't find any tables matching: %s\", implode( ' ', $args ) "
      ") );\n"
      "\tWP_CLI::warning( 'Skipping plugin.' );\n"
      "}\n");
  ASSERT_EQ(sites.size(), 4u) << testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].error_class, "WP_Error");
  EXPECT_EQ(sites[0].error_code, "rest_forbidden");
  EXPECT_EQ(sites[0].http_status, 403);
  EXPECT_EQ(sites[0].kind, SiteKind::kHttp);
  EXPECT_EQ(sites[0].message.Display(), "Sorry, you are not allowed to do that.");
  EXPECT_EQ(sites[0].message.HoleCount(), 0);
  EXPECT_EQ(sites[1].message.Display(), "Invalid nonce.");
  EXPECT_EQ(sites[1].severity, "critical");
  EXPECT_EQ(sites[2].message.Display(), "Couldn't find any tables matching: %s");
  EXPECT_EQ(sites[2].kind, SiteKind::kRaise);
  EXPECT_EQ(sites[3].kind, SiteKind::kWarning);
  EXPECT_EQ(sites[3].message.Display(), "Skipping plugin.");
}

TEST(PhpExtractor, OrdinaryObjectsAndRethrowsAreNotSites) {
  auto sites = Extract(
      "<?php\n"
      "$user = new User('Ann');\n"
      "$e = new \\RuntimeException($previous->getMessage());\n"
      "throw $e;\n"
      "$list = new ArrayObject([]);\n"
      "echo 'Hello';\n");
  EXPECT_TRUE(sites.empty()) << testing::PrintToString(Messages(sites));
}

TEST(PhpExtractor, MalformedAndHostileInput) {
  bool errs = false;
  auto sites = ExtractFile("src/Broken.php",
                           "<?php\nfunction f( {\n  throw new \\RuntimeException('still found');\n",
                           "php", false, &errs);
  EXPECT_TRUE(errs);
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(), "still found");

  // Deep nesting and long concatenation chains neither crash nor recurse
  // without bound.
  std::string deep = "<?php\nthrow new \\RuntimeException(";
  for (int i = 0; i < 3000; ++i) deep += "(";
  deep += "'x'";
  for (int i = 0; i < 3000; ++i) deep += ")";
  deep += ");\n";
  ExtractFile("src/Deep.php", deep, "php", false);
  std::string chain = "<?php\nthrow new \\RuntimeException('a'";
  for (int i = 0; i < 5000; ++i) chain += " . $v" + std::to_string(i);
  chain += ");\n";
  sites = ExtractFile("src/Chain.php", chain, "php", false);
  ASSERT_EQ(sites.size(), 1u);

  // Invalid UTF-8 inside a message is kept byte for byte.
  sites = Extract("<?php\nthrow new \\RuntimeException(\"bad \xff\xfe byte\");\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(), "bad \xff\xfe byte");

  // Self-referencing constants end in a hole instead of looping.
  sites = Extract(
      "<?php\nclass A { const X = self::Y . 'x'; const Y = self::X . 'y';\n"
      "function f() { throw new \\RuntimeException(self::X); } }\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_TRUE(Matches(sites[0], "anything yx"));
}

TEST(PhpExtractor, FilesItHandles) {
  EXPECT_EQ(ExtractorFor("src/Cart.php")->language(), "php");
  EXPECT_EQ(ExtractorFor("resources/views/welcome.blade.php"), nullptr);
}

// Locals assigned in each branch of an if/elseif/else chain: one record per
// branch, and locals assigned in the same chain go together (the label and
// the class of a factory that builds the exception with `new $className`).
TEST(PhpExtractor, LocalsChosenByBranches) {
  auto sites = Extract(
      "<?php\n"
      "namespace Net;\n"
      "class RequestException extends \\RuntimeException\n"
      "{\n"
      "    public static function create($request, $response): self\n"
      "    {\n"
      "        $level = (int) floor($response->getStatusCode() / 100);\n"
      "        if ($level === 4) {\n"
      "            $label = 'Client error';\n"
      "            $className = ClientException::class;\n"
      "        } elseif ($level === 5) {\n"
      "            $label = 'Server error';\n"
      "            $className = ServerException::class;\n"
      "        } else {\n"
      "            $label = 'Unsuccessful request';\n"
      "            $className = __CLASS__;\n"
      "        }\n"
      "        $message = sprintf('%s: `%s %s` resulted in a `%s` response', $label,\n"
      "            $request->getMethod(), $request->getUri(), $response->getStatusCode());\n"
      "        return new $className($message, $request, $response);\n"
      "    }\n"
      "\n"
      "    public function check($x)\n"
      "    {\n"
      "        $msg = 'Value is missing';\n"
      "        switch ($x) {\n"
      "            case 0:\n"
      "                $msg = 'Value is zero';\n"
      "                break;\n"
      "        }\n"
      "        throw new \\InvalidArgumentException($msg);\n"
      "    }\n"
      "}\n",
      "src/Exception/RequestException.php");
  ASSERT_EQ(sites.size(), 5u) << testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].error_class, "ClientException");
  EXPECT_EQ(sites[0].message.Display(), "Client error: `%s %s` resulted in a `%s` response");
  EXPECT_EQ(sites[0].line, 20);
  EXPECT_EQ(sites[0].function, "RequestException::create");
  EXPECT_TRUE(Matches(sites[0],
                      "Client error: `POST https://x.test/a?b=1` resulted in a "
                      "`404 Not Found` response"));
  EXPECT_EQ(sites[1].error_class, "ServerException");
  EXPECT_EQ(sites[1].message.Display(), "Server error: `%s %s` resulted in a `%s` response");
  EXPECT_EQ(sites[2].error_class, "RequestException");
  EXPECT_EQ(sites[2].message.Display(),
            "Unsuccessful request: `%s %s` resulted in a `%s` response");
  EXPECT_FALSE(Matches(sites[2], "Client error: `GET /` resulted in a `404` response"));
  // A switch without a default keeps the value from before it.
  EXPECT_EQ(sites[3].message.Display(), "Value is missing");
  EXPECT_EQ(sites[4].message.Display(), "Value is zero");
  EXPECT_EQ(sites[4].line, 31);
  EXPECT_EQ(sites[4].error_class, "InvalidArgumentException");
}

// Many chains (2^40 combinations) and deep nesting: the single reading of
// before (the last assignment), in bounded time.
TEST(PhpExtractor, BranchChoicesAreBounded) {
  std::string code = "<?php\nfunction f($x) {\n";
  for (int i = 0; i < 40; ++i) {
    code += "  if ($x == " + std::to_string(i) + ") { $a" + std::to_string(i) +
            " = 'one'; } else { $a" + std::to_string(i) + " = 'two'; }\n";
  }
  code += "  $m = 'deep';\n";
  for (int i = 0; i < 100; ++i) code += "if ($x) {\n";
  code += "$m = 'deeper';\n";
  for (int i = 0; i < 100; ++i) code += "}\n";
  code += "  throw new \\RuntimeException('Got '";
  for (int i = 0; i < 40; ++i) code += " . $a" + std::to_string(i);
  code += " . ' / ' . $m);\n}\n";
  auto sites = Extract(code);
  ASSERT_EQ(sites.size(), 1u) << testing::PrintToString(Messages(sites));
  std::string twos;
  for (int i = 0; i < 40; ++i) twos += "two";
  EXPECT_EQ(sites[0].message.Display(), "Got " + twos + " / deeper");
}

// Composer's problem reasons return [prefix, suffix] parts that callers
// implode: a method named ...Reason/...Message returning such a tuple gives
// one message per return, its parts joined. Other arrays are data.
TEST(PhpExtractor, ReasonPartsReturnedAsATuple) {
  auto sites = Extract(
      "<?php\nclass Problem {\n"
      "  public static function getMissingPackageReason($packageName, $constraint): array {\n"
      "    if ($constraint) {\n"
      "      return [\"- Root composer.json requires $packageName, it \", 'could not be found in "
      "any version, there may be a typo in the package name.'];\n"
      "    }\n"
      "    return ['- ', 'PHP extension '.$packageName.' should be required as ext-x.'];\n"
      "  }\n"
      "  public static function getOptions(): array {\n"
      "    return ['alpha beta gamma delta', 'one two three four five'];\n"
      "  }\n"
      "  public static function getErrorMessage(): array {\n"
      "    return ['code' => 'E1', 'text' => 'it could not be found in any version'];\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].line, 5);
  EXPECT_EQ(sites[0].message.Display(),
            "- Root composer.json requires $packageName, it could not be found in any version, "
            "there may be a typo in the package name.");
  RE2 re(sites[0].message.Pattern());
  EXPECT_TRUE(
      RE2::FullMatch("- Root composer.json requires atrocore/slim, it could not be found "
                     "in any version, there may be a typo in the package name.",
                     re));
  EXPECT_EQ(sites[1].message.Display(),
            "- PHP extension {$packageName} should be required as ext-x.");
}

// An exception class whose constructor picks its text by branches before
// `parent::__construct($message)` (doctrine/dbal's DriverException): one
// site per branch, at the assignment that says which case it is.
TEST(PhpExtractor, ParentConstructMessageChosenByBranches) {
  auto sites = Extract(
      "<?php\n"
      "class DriverException extends \\Exception\n"
      "{\n"
      "    public function __construct(Driver\\Exception $driverException, ?Query $query)\n"
      "    {\n"
      "        if ($query !== null) {\n"
      "            $message = 'An exception occurred while executing a query: ' . "
      "$driverException->getMessage();\n"
      "        } else {\n"
      "            $message = 'An exception occurred in the driver: ' . "
      "$driverException->getMessage();\n"
      "        }\n"
      "\n"
      "        parent::__construct($message, $driverException->getCode(), $driverException);\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  std::sort(sites.begin(), sites.end(),
            [](const ErrorSite& a, const ErrorSite& b) { return a.line < b.line; });
  EXPECT_EQ(sites[0].line, 7);
  EXPECT_EQ(sites[0].message.Display(),
            "An exception occurred while executing a query: {$driverException->getMessage()}");
  EXPECT_EQ(sites[1].line, 9);
  EXPECT_EQ(sites[1].message.Display(),
            "An exception occurred in the driver: {$driverException->getMessage()}");
  for (const ErrorSite& s : sites) {
    EXPECT_EQ(s.error_class, "DriverException");
    EXPECT_NE(s.message_origin_note.find("parent constructor at line 12"), std::string::npos)
        << s.message_origin_note;
  }
}

// `value ?? "literal"` where the value's text is unknown: the literal is
// the one message known; a bare parameter stays a hole (its callers pass
// the text).
TEST(PhpExtractor, CoalesceDefaultOfAnUnknownValueIsAMessage) {
  auto sites = Extract(
      "<?php\n"                                                                                 // 1
      "class Client {\n"                                                                        // 2
      "  public function send($response, $reason) {\n"                                          // 3
      "    $message = $response['error']['message'] ?? 'The server returned no error text';\n"  // 4
      "    throw new RequestException($message);\n"                                             // 5
      "  }\n"                                                                                   // 6
      "  public function fail($reason) {\n"                                                     // 7
      "    throw new RuntimeException($reason ?? 'no reason');\n"                               // 8
      "  }\n"                                                                                   // 9
      "}\n");
  const ErrorSite* found = nullptr;
  for (const ErrorSite& s : sites) {
    EXPECT_NE(s.message.Display(), "no reason") << s.line;
    if (s.message.Display() == "The server returned no error text") found = &s;
  }
  ASSERT_NE(found, nullptr) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(found->line, 5);
  EXPECT_EQ(found->error_class, "RequestException");
  // The local's assignment is where the text is.
  EXPECT_NE(found->message_origin_note.find("message assigned to"), std::string::npos)
      << found->message_origin_note;
}

}  // namespace
}  // namespace errdex
