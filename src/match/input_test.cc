// ParseInput tests: Python tracebacks (plain, chained, dotted, bare class),
// free text, log prefixes, and hostile input.
#include "errdex/input.h"

#include <gtest/gtest.h>

#include <chrono>
#include <random>

namespace errdex {
namespace {

TEST(InputTest, PythonTraceback) {
  std::string text =
      "Traceback (most recent call last):\n"
      "  File \"train.py\", line 12, in <module>\n"
      "    main()\n"
      "  File \"train.py\", line 8, in main\n"
      "    raise ValueError(f\"batch size must be positive, got {n}\")\n"
      "ValueError: batch size must be positive, got -1\n";
  std::vector<ErrorText> errors = ParseInput(text);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "ValueError");
  EXPECT_EQ(errors[0].message, "batch size must be positive, got -1");
  EXPECT_EQ(errors[0].input_line, 6);
}

TEST(InputTest, DottedClassGivesLastComponent) {
  std::string text =
      "Traceback (most recent call last):\n"
      "  File \"protocol.py\", line 189, in check_ipc_quant_support\n"
      "    raise UnsupportedQuantForIPCError(\n"
      "    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
      "sglang.srt.weight_cache.protocol.UnsupportedQuantForIPCError: [weight_cache:daemon] "
      "quantization method 'awq' is not verified\n";
  std::vector<ErrorText> errors = ParseInput(text);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "UnsupportedQuantForIPCError");
  EXPECT_EQ(errors[0].message, "[weight_cache:daemon] quantization method 'awq' is not verified");
  EXPECT_EQ(errors[0].input_line, 5);
}

TEST(InputTest, ChainedTracebackYieldsEveryExceptionInOrder) {
  std::string text =
      "Traceback (most recent call last):\n"
      "  File \"a.py\", line 3, in load\n"
      "    return cfg[\"model\"]\n"
      "KeyError: 'model'\n"
      "\n"
      "During handling of the above exception, another exception occurred:\n"
      "\n"
      "Traceback (most recent call last):\n"
      "  File \"a.py\", line 5, in load\n"
      "    raise RuntimeError(\"config has no model\") from None\n"
      "RuntimeError: config has no model\n"
      "\n"
      "The above exception was the direct cause of the following exception:\n"
      "\n"
      "Traceback (most recent call last):\n"
      "  File \"a.py\", line 9, in <module>\n"
      "mypkg.errors.LoadError: could not load\n"
      "  the checkpoint\n";
  std::vector<ErrorText> errors = ParseInput(text);
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].error_class, "KeyError");
  EXPECT_EQ(errors[0].message, "'model'");
  EXPECT_EQ(errors[0].input_line, 4);
  EXPECT_EQ(errors[1].error_class, "RuntimeError");
  EXPECT_EQ(errors[1].message, "config has no model");
  EXPECT_EQ(errors[1].input_line, 11);
  EXPECT_EQ(errors[2].error_class, "LoadError");
  EXPECT_EQ(errors[2].message, "could not load\n  the checkpoint");
  EXPECT_EQ(errors[2].input_line, 17);
}

// git's "fatal: " lines in a CI action's log: the fatal line is an error of
// its own, not swallowed by the action's later "ERROR:  exit 128" report.
TEST(InputTest, LowercaseFatalLineIsAnErrorOfItsOwn) {
  std::string text =
      "From https://example.org/docs\n"
      " * branch                master     -> FETCH_HEAD\n"
      "fatal: refusing to merge unrelated histories\n"
      "ERROR:  exit 128\n"
      "New commits could not be pulled.\n";
  std::vector<ErrorText> errors = ParseInput(text);
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].message, "refusing to merge unrelated histories");
  EXPECT_EQ(errors[0].input_line, 3);
  EXPECT_EQ(errors[1].message, "exit 128\nNew commits could not be pulled.");
}

TEST(InputTest, BareClassLine) {
  std::string text =
      "Traceback (most recent call last):\n"
      "  File \"serve.py\", line 40, in <module>\n"
      "    loop.run_forever()\n"
      "KeyboardInterrupt\n";
  std::vector<ErrorText> errors = ParseInput(text);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "KeyboardInterrupt");
  EXPECT_EQ(errors[0].message, "");
}

TEST(InputTest, MultiLineMessageEndsAtBlankLineThenUnindentedText) {
  std::string text =
      "Traceback (most recent call last):\n"
      "  File \"x.py\", line 1, in <module>\n"
      "ValueError: bad shapes:\n"
      "  a: (2, 3)\n"
      "\n"
      "  b: (4,)\n"
      "\n"
      "Process exited with code 1\n";
  std::vector<ErrorText> errors = ParseInput(text);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "bad shapes:\n  a: (2, 3)\n\n  b: (4,)");
}

TEST(InputTest, TracebackInsideALog) {
  std::string text =
      "2024-05-01 10:00:00,001 INFO starting server\n"
      "2024-05-01 10:00:01,002 ERROR request failed\n"
      "Traceback (most recent call last):\n"
      "  File \"srv.py\", line 10, in handle\n"
      "OSError: [Errno 28] No space left on device\n"
      "2024-05-01 10:00:02,003 INFO retrying\n"
      "Traceback (most recent call last):\n"
      "  File \"srv.py\", line 10, in handle\n"
      "OSError: [Errno 5] Input/output error\n";
  std::vector<ErrorText> errors = ParseInput(text);
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].message, "[Errno 28] No space left on device");
  EXPECT_EQ(errors[0].input_line, 5);
  EXPECT_EQ(errors[1].message, "[Errno 5] Input/output error");
}

TEST(InputTest, PrefixedTracebackLines) {
  std::string text =
      "[rank0]: Traceback (most recent call last):\n"
      "[rank0]:   File \"launch.py\", line 3, in <module>\n"
      "[rank0]:     run()\n"
      "[rank0]: torch.OutOfMemoryError: CUDA out of memory.\n";
  std::vector<ErrorText> errors = ParseInput(text);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "OutOfMemoryError");
  EXPECT_EQ(errors[0].message, "CUDA out of memory.");
}

TEST(InputTest, WindowsLineEndings) {
  std::string text =
      "Traceback (most recent call last):\r\n"
      "  File \"x.py\", line 1, in <module>\r\n"
      "TypeError: unsupported operand\r\n";
  std::vector<ErrorText> errors = ParseInput(text);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "unsupported operand");
}

TEST(InputTest, ClassAndMessage) {
  std::vector<ErrorText> errors = ParseInput("ValueError: msg");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "ValueError");
  EXPECT_EQ(errors[0].message, "msg");
  EXPECT_EQ(errors[0].input_line, 1);

  errors = ParseInput("requests.exceptions.ConnectionError: refused");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "ConnectionError");
  EXPECT_EQ(errors[0].message, "refused");
}

// Ruby (and C++/Rust) qualify with "::": the class is the last component and
// the message starts after the one ':' that ends it (rack's LintError).
TEST(InputTest, DoubleColonQualifiedClass) {
  std::vector<ErrorText> errors = ParseInput(
      "Rack::Lint::LintError: a header value must be a String, but the value of "
      "'Access-Control-Allow-Origin' is a Symbol\n"
      "    /gems/rack-1.6.4/lib/rack/lint.rb:20:in `assert'\n"
      "\tfrom /gems/rack-1.6.4/lib/rack/lint.rb:645:in `block in check_headers'\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "LintError");
  EXPECT_EQ(errors[0].message,
            "a header value must be a String, but the value of 'Access-Control-Allow-Origin' is a "
            "Symbol");
  ASSERT_EQ(errors[0].frames.size(), 2u);
  EXPECT_EQ(errors[0].frames[1].function, "check_headers");
  EXPECT_EQ(errors[0].frames[0].file, "/gems/rack-1.6.4/lib/rack/lint.rb");
  EXPECT_EQ(errors[0].frames[0].line, 20);
  EXPECT_EQ(errors[0].frames[0].function, "assert");

  errors = ParseInput("Gem::Ext::BuildError: ERROR: Failed to build gem native extension.");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "BuildError");
  EXPECT_EQ(errors[0].message, "ERROR: Failed to build gem native extension.");
}

// Ruby's own report of an uncaught exception: location, message, class in
// parentheses, then "from" frames (Ruby 3.4 quotes with ').
TEST(InputTest, RubyUncaughtException) {
  std::vector<ErrorText> errors = ParseInput(
      "/gems/rack/lib/rack/lint.rb:20:in `assert': a header value must be a String "
      "(Rack::Lint::LintError)\n"
      "\tfrom /gems/rack/lib/rack/lint.rb:645:in `block in check_headers'\n"
      "\tfrom /app/config.ru:3:in 'Object#call'\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "LintError");
  EXPECT_EQ(errors[0].message, "a header value must be a String");
  ASSERT_EQ(errors[0].frames.size(), 3u);
  EXPECT_EQ(errors[0].frames[2].file, "/gems/rack/lib/rack/lint.rb");
  EXPECT_EQ(errors[0].frames[2].line, 20);
  EXPECT_EQ(errors[0].frames[2].function, "assert");
  EXPECT_EQ(errors[0].frames[1].function, "check_headers");
  EXPECT_EQ(errors[0].frames[0].function, "Object#call");
}

TEST(InputTest, PlainText) {
  std::vector<ErrorText> errors = ParseInput("\n  something went wrong: see logs  \n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "");
  EXPECT_EQ(errors[0].message, "something went wrong: see logs");
  EXPECT_EQ(errors[0].input_line, 2);

  errors = ParseInput("Note: a colon after a word that is not a class");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "");

  EXPECT_TRUE(ParseInput("").empty());
  EXPECT_TRUE(ParseInput(" \n\t\n").empty());
}

TEST(InputTest, LogPrefixes) {
  struct Case {
    const char* line;
    const char* cls;
    const char* message;
  };
  const Case cases[] = {
      {"2024-05-01T12:00:00.123Z ERROR ValueError: bad", "ValueError", "bad"},
      {"2024-05-01 12:00:00,123 - disk full", "", "disk full"},
      {"[2024-05-01 12:00:00] [error] disk full", "", "disk full"},
      {"[ERROR] disk full", "", "disk full"},
      {"ERROR: disk full", "", "disk full"},
      {"ERROR:root:disk full", "", "disk full"},
      {"ERROR:ValueError: x", "ValueError", "x"},
      {"E1202 12:00:00.123456  1234 file.cc:12] Check failed: x > 0", "", "Check failed: x > 0"},
      // fastlane's UI, Ruby's Logger.
      {"ERROR [2018-05-29 14:40:00.52]: Exit status: 65", "", "Exit status: 65"},
      {"E, [2023-01-02T03:04:05.678901 #4242] ERROR -- app: disk full", "", "disk full"},
      // Not prefixes: kept as written.
      {"error: could not compile", "", "error: could not compile"},
      {"Error: boom", "Error", "boom"},
      {"12:00:00 disk full", "", "12:00:00 disk full"},
      {"[ERROR]", "", "[ERROR]"},
  };
  for (const Case& c : cases) {
    std::vector<ErrorText> errors = ParseInput(c.line);
    ASSERT_EQ(errors.size(), 1u) << c.line;
    EXPECT_EQ(errors[0].error_class, c.cls) << c.line;
    EXPECT_EQ(errors[0].message, c.message) << c.line;
  }
}

// A traceback pasted from its middle, in markdown ticks, from a docker
// compose log: no header, a cut first frame, then the exception line.
TEST(InputTest, HeadlessPythonTraceback) {
  auto errs = ParseInput(
      "app_1  | `\\aiohttp\\streams.py\", line 640, in read\n"
      "app_1  |     await self._waiter`\n"
      "app_1  | `aiohttp.client_exceptions.ServerDisconnectedError: Server disconnected`");
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(errs[0].error_class, "ServerDisconnectedError");
  EXPECT_EQ(errs[0].message, "Server disconnected");
  ASSERT_EQ(errs[0].frames.size(), 1u);
  EXPECT_EQ(errs[0].frames[0].file, "\\aiohttp\\streams.py");
  EXPECT_EQ(errs[0].frames[0].line, 640);
}

// A crash reporter's issue title in Markdown bold above the message
// (sqldelight): the markers are the paste's, not the program's; a `**`
// that pairs with none ("**kwargs") is text.
TEST(InputTest, MarkdownBoldAroundPastedWordsIsMarkup) {
  auto errs = ParseInput(
      "**java.lang.IllegalStateException** in **ExprUtil.kt:136**\n"
      "Failed to compile SqlCompoundSelectStmtImpl(COMPOUND_SELECT_STMT): [] :\n"
      "SELECT\n"
      "  their_id,");
  ASSERT_FALSE(errs.empty());
  EXPECT_EQ(errs[0].message.find("**"), std::string::npos) << errs[0].message;
  EXPECT_NE(errs[0].message.find("java.lang.IllegalStateException in ExprUtil.kt:136"),
            std::string::npos)
      << errs[0].message;
  auto kept = ParseInput("TypeError: f() got an unexpected keyword argument in **kwargs");
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].message, "f() got an unexpected keyword argument in **kwargs");
}

TEST(InputTest, TruncatedTracebackFallsBackToText) {
  std::vector<ErrorText> errors =
      ParseInput("Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "");
}

TEST(InputTest, HugeJunkIsCutAndFast) {
  std::mt19937 rng(7);
  std::string junk(kMaxInputBytes + 4096, '\0');
  for (char& c : junk) c = static_cast<char>(rng());
  // "Fast" as a ratio to a sixteenth of the input parsed in the same run (a
  // wall-clock bound failed on a loaded machine): linear work is 16 times as
  // long, quadratic 256 times.
  auto seconds_to_parse = [](const std::string& text, std::vector<ErrorText>* out) {
    auto start = std::chrono::steady_clock::now();
    *out = ParseInput(text);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  std::vector<ErrorText> errors;
  double small = seconds_to_parse(junk.substr(0, junk.size() / 16), &errors);
  double whole = seconds_to_parse(junk, &errors);
  EXPECT_LT(whole, 48 * small + 1.0) << "whole " << whole << " s, a sixteenth " << small << " s";
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_LE(errors[0].message.size(), kMaxInputBytes);

  std::string headers;  // many headers, no exception lines
  while (headers.size() < kMaxInputBytes) headers += "Traceback (most recent call last):\n";
  ParseInput(headers);
}

// --- Other trace formats (issue 3) --------------------------------------------

TEST(InputTest, PythonFramesAreKept) {
  std::vector<ErrorText> errors = ParseInput(
      "Traceback (most recent call last):\n"
      "  File \"/app/srv.py\", line 10, in handle\n"
      "    raise OSError(\"x\")\n"
      "OSError: x\n");
  ASSERT_EQ(errors.size(), 1u);
  ASSERT_EQ(errors[0].frames.size(), 1u);
  EXPECT_EQ(errors[0].frames[0].file, "/app/srv.py");
  EXPECT_EQ(errors[0].frames[0].line, 10);
  EXPECT_EQ(errors[0].frames[0].function, "handle");
}

TEST(InputTest, JavaCausedByChain) {
  std::vector<ErrorText> errors = ParseInput(
      "Exception in thread \"main\" java.lang.IllegalStateException: failed to start server\n"
      "\tat com.acme.Server.start(Server.java:42)\n"
      "\tat com.acme.Main.main(Main.java:7)\n"
      "Caused by: java.io.IOException: port 8080 already in use\n"
      "\tat com.acme.Net.bind(Net.java:88)\n"
      "\t... 2 more\n");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].error_class, "IllegalStateException");
  EXPECT_EQ(errors[0].message, "failed to start server");
  EXPECT_EQ(errors[0].input_line, 1);
  ASSERT_EQ(errors[0].frames.size(), 2u);
  EXPECT_EQ(errors[0].frames[0].file, "Server.java");
  EXPECT_EQ(errors[0].frames[0].line, 42);
  EXPECT_EQ(errors[0].frames[0].function, "com.acme.Server.start");
  EXPECT_EQ(errors[1].error_class, "IOException");
  EXPECT_EQ(errors[1].message, "port 8080 already in use");
  EXPECT_EQ(errors[1].input_line, 4);
}

// A crash reporter's header line ("Device: ..., SDK: 11") and a blank line
// before an obfuscated Android trace: the trace's own header names the
// error, not the report's first line.
TEST(InputTest, ReportHeaderBeforeATraceIsNotItsClass) {
  std::vector<ErrorText> errors = ParseInput(
      "Device: CPH2239 (OPPO - OP4F2F), SDK: 11 (30), App: 4.4.4 (73),\n"
      "\n"
      "hb0: Connect timeout has expired [url=https://x.test/a, connect_timeout=unknown ms]\n"
      "\tat d.J(SourceFile:229)\n"
      "\tat ae.w(SourceFile:11)\n");
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0].error_class, "hb0");
  EXPECT_EQ(errors[0].message,
            "Connect timeout has expired [url=https://x.test/a, connect_timeout=unknown ms]");
  EXPECT_EQ(errors[0].input_line, 3);
  EXPECT_EQ(errors[0].frames.size(), 2u);
  // An error class's message may have paragraphs of its own.
  errors = ParseInput(
      "java.lang.IllegalStateException: Failed to start\n"
      "\n"
      "Reason: port in use\n"
      "\tat com.acme.Server.start(Server.java:42)\n");
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0].error_class, "IllegalStateException");
  EXPECT_EQ(errors[0].message, "Failed to start\n\nReason: port in use");
}

// Rake's "aborted!" report (Capistrano here): the class and message on
// the next line, then unindented frames, innermost first.
TEST(InputTest, RakeAbortedReport) {
  std::vector<ErrorText> errors = ParseInput(
      "cap aborted!\n"
      "SSHKit::Runner::ExecuteError: Exception while executing as root@host: undefined method "
      "`execute' for main:Object\n"
      "/gems/sshkit-1.13.1/lib/sshkit/runners/parallel.rb:15:in `rescue in block (2 levels) in "
      "execute'\n"
      "/gems/sshkit-1.13.1/lib/sshkit/runners/parallel.rb:11:in `block (2 levels) in execute'\n"
      "\n"
      "Tasks: TOP => deploy\n");
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0].error_class, "ExecuteError");
  EXPECT_EQ(errors[0].message,
            "Exception while executing as root@host: undefined method `execute' for main:Object");
  EXPECT_EQ(errors[0].input_line, 2);
  ASSERT_EQ(errors[0].frames.size(), 2u);
  EXPECT_EQ(errors[0].frames[1].file, "/gems/sshkit-1.13.1/lib/sshkit/runners/parallel.rb");
  EXPECT_EQ(errors[0].frames[1].line, 15);
  EXPECT_EQ(errors[0].frames[0].line, 11);
}

// The causes Rake prints after the error, each after a blank line: errors
// of their own, with their own classes, up to "Tasks:".
TEST(InputTest, RakeAbortedReportWithCauses) {
  std::vector<ErrorText> errors = ParseInput(
      "(Backtrace restricted to imported tasks)\n"
      "cap aborted!\n"
      "SSHKit::Runner::ExecuteError: Exception while executing as deploy@host: Authentication "
      "failed for user deploy@host\n"
      "\n"
      "Net::SSH::AuthenticationFailed: Authentication failed for user deploy@host\n"
      "\n"
      "Tasks: TOP => rvm:check\n"
      "(See full trace by running task with --trace)\n");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].error_class, "ExecuteError");
  EXPECT_EQ(errors[1].error_class, "AuthenticationFailed");
  EXPECT_EQ(errors[1].message, "Authentication failed for user deploy@host");
  EXPECT_EQ(errors[1].input_line, 5);
}

TEST(InputTest, KotlinMultiLineMessage) {
  std::vector<ErrorText> errors = ParseInput(
      "kotlin.KotlinNullPointerException: value was null\n"
      "for key 'x'\n"
      "    at app.MainKt.main(Main.kt:3)\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "KotlinNullPointerException");
  EXPECT_EQ(errors[0].message, "value was null\nfor key 'x'");
}

TEST(InputTest, GoPanicWithFrames) {
  std::vector<ErrorText> errors = ParseInput(
      "panic: open config.yaml: no such file or directory [recovered]\n"
      "\n"
      "goroutine 1 [running]:\n"
      "main.load(...)\n"
      "\t/src/app/main.go:12 +0x1d\n"
      "main.main()\n"
      "\t/src/app/main.go:20 +0x25\n"
      "exit status 2\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "open config.yaml: no such file or directory");
  ASSERT_EQ(errors[0].frames.size(), 2u);
  EXPECT_EQ(errors[0].frames[0].file, "/src/app/main.go");
  EXPECT_EQ(errors[0].frames[0].line, 12);
}

TEST(InputTest, GoWrappedChainIsOneMessage) {
  // Each link's pattern ("load config: %w", "open %s: %w") matches it
  // unanchored, so the chain stays whole.
  std::vector<ErrorText> errors = ParseInput("load config: open /etc/app.yaml: permission denied");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "load config: open /etc/app.yaml: permission denied");
}

TEST(InputTest, RustPanicNewAndOldFormats) {
  std::vector<ErrorText> errors = ParseInput(
      "thread 'main' panicked at src/main.rs:5:9:\n"
      "index out of bounds: the len is 3 but the index is 7\n"
      "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "index out of bounds: the len is 3 but the index is 7");
  ASSERT_EQ(errors[0].frames.size(), 1u);
  EXPECT_EQ(errors[0].frames[0].file, "src/main.rs");
  EXPECT_EQ(errors[0].frames[0].line, 5);

  errors = ParseInput(
      "thread 'worker' panicked at 'called `Option::unwrap()` on a `None` value', "
      "src/lib.rs:10:5\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "called `Option::unwrap()` on a `None` value");
  EXPECT_EQ(errors[0].frames.at(0).line, 10);
}

// A tool's "error: .." line before the caller's panic (a build script
// running wasm-bindgen) is an error of its own, not hidden by the panic;
// two words after "error: " are not (a label, not a message).
TEST(InputTest, ToolErrorLineBeforeACallersPanic) {
  std::vector<ErrorText> errors = ParseInput(
      "  error: cannot import from modules (`env`) with `--no-modules`\n"
      "  thread 'main' panicked at 'Failed to run wasm-bindgen', "
      "crates/re_build_web_viewer/src/lib.rs:128:5\n"
      "  note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].message, "error: cannot import from modules (`env`) with `--no-modules`");
  EXPECT_EQ(errors[0].input_line, 1);
  EXPECT_EQ(errors[1].message, "Failed to run wasm-bindgen");

  errors = ParseInput(
      "error: build failed\n"
      "thread 'main' panicked at 'boom', src/main.rs:1:1\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "boom");

  // Tool lines alone are free text, as before they were recognized: not
  // a line each.
  errors = ParseInput(
      "error: linker `cc` not found\n"
      "  = note: No such file or directory (os error 2)\n"
      "error: could not compile `memchr` (build script) due to 1 previous error\n");
  ASSERT_FALSE(errors.empty());
  for (const ErrorText& e : errors) EXPECT_NE(e.message, "error: linker `cc` not found");
}

TEST(InputTest, RustCausedByList) {
  std::vector<ErrorText> errors = ParseInput(
      "Error: failed to load index\n"
      "\n"
      "Caused by:\n"
      "    0: reading manifest.json\n"
      "    1: No such file or directory (os error 2)\n");
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].message, "failed to load index");
  EXPECT_EQ(errors[1].message, "reading manifest.json");
  EXPECT_EQ(errors[2].message, "No such file or directory (os error 2)");
  EXPECT_EQ(errors[2].input_line, 5);
}

TEST(InputTest, CargoCausedBySectionsAreAChain) {
  std::vector<ErrorText> errors = ParseInput(
      "warning: spurious network error (1 try remaining): status 521\n"
      "error: failed to get `dep` as a dependency of package `app v0.1.0`\n"
      "\n"
      "Caused by:\n"
      "  failed to load source for dependency `dep`\n"
      "\n"
      "Caused by:\n"
      "  network failure seems to have happened\n"
      "  if a proxy or similar is necessary `net.git-fetch-with-cli` may help here\n"
      "\n"
      "Caused by:\n"
      "  unexpected http status code: 521; class=Http (34)\n");
  ASSERT_GE(errors.size(), 4u);
  const ErrorText& last = errors.back();
  EXPECT_EQ(last.message, "unexpected http status code: 521; class=Http (34)");
  EXPECT_EQ(last.input_line, 12);
  const ErrorText& two_lines = errors[errors.size() - 2];
  EXPECT_EQ(two_lines.message,
            "network failure seems to have happened\n"
            "if a proxy or similar is necessary `net.git-fetch-with-cli` may help here");
  EXPECT_EQ(errors[errors.size() - 3].message, "failed to load source for dependency `dep`");
  EXPECT_EQ(errors[errors.size() - 4].message,
            "failed to get `dep` as a dependency of package `app v0.1.0`");
}

TEST(InputTest, TimestampsOnEveryLineOfAMessageAreDropped) {
  std::vector<ErrorText> errors = ParseInput(
      "[2023-12-12T18:55:20Z] Your bundle is locked to rake (1.0) from rubygems repository\n"
      "[2023-12-12T18:55:20Z] https://rubygems.org/ or installed locally, but that version can\n"
      "[2023-12-12T18:55:21Z] no longer be found in that source.\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message.find("[2023"), std::string::npos) << errors[0].message;
  EXPECT_EQ(errors[0].message.rfind("Your bundle is locked to rake (1.0)", 0), 0u)
      << errors[0].message;
  EXPECT_NE(errors[0].message.find("no longer be found in that source."), std::string::npos);
}

// An Android app printing an exception: one logcat record per line.
TEST(InputTest, LogcatPrefixOnEveryLineIsDropped) {
  std::vector<ErrorText> errors = ParseInput(
      "10-13 10:20:36.556  3863  3888 I System.out: javax.net.ssl.SSLPeerUnverifiedException: "
      "Certificate pinning failure!\n"
      "10-13 10:20:36.556  3863  3888 I System.out:   Peer certificate chain:\n"
      "10-13 10:20:36.557  3863  3888 I System.out:     sha256/J2Rs=: CN=*.badssl.com\n"
      "10-13 10:20:36.557  3863  3888 I System.out: \tat okhttp3.CertificatePinner.check"
      "(CertificatePinner.kt:209)\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "SSLPeerUnverifiedException");
  EXPECT_EQ(errors[0].message,
            "Certificate pinning failure!\n  Peer certificate chain:\n    sha256/J2Rs=: "
            "CN=*.badssl.com");
  ASSERT_EQ(errors[0].frames.size(), 1u);
  EXPECT_EQ(errors[0].frames[0].line, 209);

  errors = ParseInput(
      "E/AndroidRuntime( 3863): java.lang.IllegalStateException: Expected BEGIN_OBJECT\n"
      "E/AndroidRuntime( 3863): \tat com.google.gson.Gson.fromJson(Gson.java:12)\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "Expected BEGIN_OBJECT");
}

TEST(InputTest, RustUnwrapOfAnErrorInDebugFormGivesItsMessage) {
  std::vector<ErrorText> errors = ParseInput(
      "thread '<unnamed>' panicked at 'called `Result::unwrap()` on an `Err` value: "
      "Error(\"control character (\\\\u0000-\\\\u001F) found \\\"here\\\"\", line: 2, column: 3)', "
      "src/main.rs:453:25\n");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[1].message, "control character (\\u0000-\\u001F) found \"here\"");
  EXPECT_EQ(errors[1].frames.at(0).line, 453);
}

TEST(InputTest, NodeTraceWithCode) {
  std::vector<ErrorText> errors = ParseInput(
      "/app/index.js:10\n"
      "    throw err;\n"
      "    ^\n"
      "\n"
      "Error: ENOENT: no such file or directory, open 'x.json'\n"
      "    at Object.openSync (node:fs:596:3)\n"
      "    at load (/app/lib/load.js:4:18)\n"
      "{\n"
      "  errno: -2,\n"
      "  code: 'ENOENT',\n"
      "}\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "Error");
  EXPECT_EQ(errors[0].message, "ENOENT: no such file or directory, open 'x.json'");
  EXPECT_EQ(errors[0].error_code, "ENOENT");
  ASSERT_EQ(errors[0].frames.size(), 2u);
  EXPECT_EQ(errors[0].frames[1].file, "/app/lib/load.js");
  EXPECT_EQ(errors[0].frames[1].line, 4);

  errors = ParseInput(
      "TypeError [ERR_INVALID_ARG_TYPE]: The \"path\" argument must be of type string\n"
      "    at new NodeError (node:internal/errors:405:5)\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "TypeError");
  EXPECT_EQ(errors[0].error_code, "ERR_INVALID_ARG_TYPE");
  EXPECT_EQ(errors[0].message, "The \"path\" argument must be of type string");
}

TEST(InputTest, CppTerminate) {
  std::vector<ErrorText> errors = ParseInput(
      "terminate called after throwing an instance of 'std::runtime_error'\n"
      "  what():  cannot open shard 3 of 8\n"
      "Aborted (core dumped)\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "runtime_error");
  EXPECT_EQ(errors[0].message, "cannot open shard 3 of 8");
  EXPECT_EQ(errors[0].input_line, 2);
}

TEST(InputTest, PhpUncaughtWithTraceAndChain) {
  auto errs = ParseInput(
      "PHP Fatal error:  Uncaught GuzzleHttp\\Exception\\ConnectException: cURL error 7: "
      "Failed to connect in /app/vendor/guzzlehttp/guzzle/src/Handler/CurlFactory.php:275\n"
      "Stack trace:\n"
      "#0 /app/vendor/guzzlehttp/guzzle/src/Handler/CurlFactory.php(205): f()\n"
      "#1 /app/src/Client.php(12): g()\n"
      "#2 {main}\n"
      "Next RuntimeException: Sync failed\n"
      "for shop 7 in /app/src/Sync.php:40\n"
      "Stack trace:\n"
      "#0 {main}\n"
      "  thrown in /app/src/Sync.php on line 40\n");
  ASSERT_EQ(errs.size(), 2u);
  EXPECT_EQ(errs[0].error_class, "ConnectException");
  EXPECT_EQ(errs[0].message, "cURL error 7: Failed to connect");
  EXPECT_EQ(errs[0].input_line, 1);
  ASSERT_EQ(errs[0].frames.size(), 3u);
  EXPECT_EQ(errs[0].frames[0].file, "/app/vendor/guzzlehttp/guzzle/src/Handler/CurlFactory.php");
  EXPECT_EQ(errs[0].frames[0].line, 275);
  EXPECT_EQ(errs[0].frames[2].file, "/app/src/Client.php");
  EXPECT_EQ(errs[1].error_class, "RuntimeException");
  EXPECT_EQ(errs[1].message, "Sync failed\nfor shop 7");
}

// Newlines lost in the paste, and a Windows path with spaces.
TEST(InputTest, PhpUncaughtOnOneLine) {
  auto errs = ParseInput(
      "Fatal error: Uncaught PHPMailer\\PHPMailer\\Exception: SMTP Error: Could not connect to "
      "SMTP host. in C:\\xampp\\htdocs\\send email\\src\\PHPMailer.php:2233 Stack trace: "
      "#0 C:\\xampp\\htdocs\\send email\\src\\PHPMailer.php(2019): "
      "PHPMailer\\PHPMailer\\PHPMailer->smtpConnect(Array) #1 C:\\xampp\\htdocs\\send "
      "email\\send.php(29): PHPMailer\\PHPMailer\\PHPMailer->send() #2 {main} thrown in "
      "C:\\xampp\\htdocs\\send email\\src\\PHPMailer.php on line 2233");
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(errs[0].error_class, "Exception");
  EXPECT_EQ(errs[0].message, "SMTP Error: Could not connect to SMTP host.");
  ASSERT_EQ(errs[0].frames.size(), 3u);
  EXPECT_EQ(errs[0].frames[0].file, "C:\\xampp\\htdocs\\send email\\src\\PHPMailer.php");
  EXPECT_EQ(errs[0].frames[0].line, 2233);
  EXPECT_EQ(errs[0].frames[1].line, 2019);
  EXPECT_EQ(errs[0].frames[2].file, "C:\\xampp\\htdocs\\send email\\send.php");
  EXPECT_EQ(errs[0].frames[2].line, 29);
}

TEST(InputTest, PhpNamespacedClassInFreeText) {
  auto errs = ParseInput(
      "Illuminate\\Database\\Eloquent\\ModelNotFoundException: No query results for model "
      "[App\\Models\\User] 42");
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(errs[0].error_class, "ModelNotFoundException");
  EXPECT_EQ(errs[0].message, "No query results for model [App\\Models\\User] 42");
}

// Throwable::__toString() as a caller logged it, after its own words.
TEST(InputTest, PhpThrowableStringAfterTheCallersWords) {
  auto errs = ParseInput(
      "Error on validationg id_token. Firebase\\JWT\\BeforeValidException: Cannot handle token "
      "prior to 2022-03-03T11:02:13+0000 in /app/vendor/firebase/php-jwt/src/JWT.php:142\n"
      "Stack trace:\n"
      "#0 /app/vendor/laravel/socialite/src/Two/AbstractProvider.php(209): "
      "Firebase\\JWT\\JWT::decode('eyJ', Array)\n"
      "#1 {main}");
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(errs[0].error_class, "BeforeValidException");
  EXPECT_EQ(errs[0].message, "Cannot handle token prior to 2022-03-03T11:02:13+0000");
  ASSERT_EQ(errs[0].frames.size(), 2u);
  EXPECT_EQ(errs[0].frames[0].file, "/app/vendor/firebase/php-jwt/src/JWT.php");
  EXPECT_EQ(errs[0].frames[0].line, 142);
  EXPECT_EQ(errs[0].frames[1].line, 209);
  // Without a .php place it is no PHP exception line.
  errs = ParseInput("Config Error: bad key in settings");
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_TRUE(errs[0].frames.empty());
}

// A Markdown quote of the error: the markers go, a quoted traceback reads
// as one; a line that only starts with '>' among others is text.
TEST(InputTest, MarkdownQuoteMarkersAreNotTheMessage) {
  auto errs = ParseInput(
      "> Could not infer property name for expression: p => p.Foos. Please explicitly specify a "
      "property name.");
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(errs[0].message,
            "Could not infer property name for expression: p => p.Foos. Please explicitly "
            "specify a property name.");
  errs = ParseInput(
      "> Traceback (most recent call last):\n"
      ">   File \"/app/x.py\", line 3, in <module>\n"
      ">     main()\n"
      "> ValueError: bad value");
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(errs[0].error_class, "ValueError");
  EXPECT_EQ(errs[0].message, "bad value");
  ASSERT_EQ(errs[0].frames.size(), 1u);
  EXPECT_EQ(errs[0].frames[0].line, 3);
  errs = ParseInput("expected > 3 items\n> got 2");
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(errs[0].message, "expected > 3 items\n> got 2");
}

// Prose quoting the error as inline code: the span is read alone (the
// last resort of ExplainPaste).
TEST(InputTest, InlineCodeInProseIsReadAlone) {
  auto errs = ParseInlineCodeSpans(
      "Our BE started importing \"google/protobuf/field_mask.proto\"\n\n"
      "This resulted in `unable to resolve google.protobuf.FieldMask`");
  std::vector<std::string> messages;
  for (const ErrorText& e : errs) messages.push_back(e.message);
  EXPECT_NE(
      std::find(messages.begin(), messages.end(), "unable to resolve google.protobuf.FieldMask"),
      messages.end())
      << ::testing::PrintToString(messages);
  // A short identifier in ticks is not a message.
  EXPECT_TRUE(ParseInlineCodeSpans("set `max_conns` higher and retry the request please").empty());
}

// A span opened by two ticks closes with two (Markdown): Waybar's warning
// quoted as ``[warning] module x: Unknown module: x`` is read alone, and
// ticks inside such a span are its text.
TEST(InputTest, DoubleTickCodeSpanIsReadAlone) {
  auto errs = ParseInlineCodeSpans(
      "When I run waybar, I get ``[warning] module hyprland/window: Unknown module: "
      "hyprland/window``. Am I doing something wrong? It's in the wiki.");
  std::vector<std::string> messages;
  for (const ErrorText& e : errs) messages.push_back(e.message);
  EXPECT_NE(std::find(messages.begin(), messages.end(),
                      "[warning] module hyprland/window: Unknown module: hyprland/window"),
            messages.end())
      << ::testing::PrintToString(messages);
  errs = ParseInlineCodeSpans("it fails with ``unknown option `--fast` for command`` here");
  messages.clear();
  for (const ErrorText& e : errs) messages.push_back(e.message);
  EXPECT_EQ(messages, std::vector<std::string>{"unknown option `--fast` for command"});
}

TEST(InputTest, PhpWarningsAndMonologLines) {
  auto errs = ParseInput(
      "[03-Dec-2026 10:00:00 UTC] PHP Warning:  Undefined variable $x in /app/a.php on line 9\n"
      "Deprecated: Option foo is deprecated in /app/b.php on line 3\n"
      "[2026-12-03 10:00:01] production.ERROR: No query results for model [App\\User] 7. "
      "{\"exception\":\"[object] (Illuminate\\\\Database\\\\Eloquent\\\\ModelNotFoundException"
      "(code: 0): No query results at /app/c.php:12)\n"
      "[stacktrace]\n"
      "#0 /app/d.php(5): h()\n"
      "\"}\n"
      "[2026-12-03 10:00:02] app.WARNING: Queue default is slow [] []\n"
      "[2026-12-03 10:00:03] app.INFO: all good [] []\n");
  ASSERT_EQ(errs.size(), 4u);
  EXPECT_EQ(errs[0].message, "Undefined variable $x");
  EXPECT_TRUE(errs[0].error_class.empty());
  ASSERT_EQ(errs[0].frames.size(), 1u);
  EXPECT_EQ(errs[0].frames[0].line, 9);
  EXPECT_EQ(errs[1].message, "Option foo is deprecated");
  EXPECT_EQ(errs[2].message, "No query results for model [App\\User] 7.");
  EXPECT_EQ(errs[2].error_class, "ModelNotFoundException");
  EXPECT_EQ(errs[3].message, "Queue default is slow");
}

TEST(InputTest, WholeLogYieldsEveryDistinctErrorInOrder) {
  std::vector<ErrorText> errors = ParseInput(
      "2024-05-01 10:00:00,001 INFO starting\n"
      "2024-05-01 10:00:01,002 ERROR disk quota exceeded for user 42\n"
      "2024-05-01 10:00:02,003 WARNING slow request\n"
      "E1202 12:00:00.123456  1234 file.cc:12] Check failed: x > 0\n"
      "2024-05-01 10:00:03,004 ERROR disk quota exceeded for user 42\n"
      "time=2024-05-01T10:00:04Z level=error msg=\"request failed\" err=\"dial tcp: i/o timeout\"\n"
      "[2024-05-01 10:00:05] [error] ValueError: bad shard\n");
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors[0].message, "disk quota exceeded for user 42");
  EXPECT_EQ(errors[0].input_line, 2);
  EXPECT_EQ(errors[1].message, "Check failed: x > 0");
  EXPECT_EQ(errors[2].message, "dial tcp: i/o timeout");
  EXPECT_EQ(errors[2].input_line, 6);
  EXPECT_EQ(errors[3].error_class, "ValueError");
  EXPECT_EQ(errors[3].message, "bad shard");
}

// mpv's log file: seconds since start, a one-letter level and the module in
// brackets ("[   0.175][e][cplayer] "). The error-level line is the error;
// verbose ([v]) and debug ([d]) lines are not.
TEST(InputTest, SecondsStampedOneLetterLevelLog) {
  std::vector<ErrorText> errors = ParseInput(
      "[   0.173][v][lavf] No format found, try lowering probescore or forcing the format.\n"
      "[   0.173][d][demux] Trying demuxer: mf (force-level: unsafe)\n"
      "[   0.173][v][cplayer] finished playback, unrecognized file format (reason 4)\n"
      "[   0.175][e][cplayer] Failed to recognize file format.\n"
      "[   0.175][i][cplayer] Exiting... (Errors when loading file)\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].input_line, 4);
  EXPECT_NE(errors[0].message.find("Failed to recognize file format."), std::string::npos)
      << errors[0].message;
}

// A Java log record, then the exception it reported on a line of its own
// without frames: both are errors, the exception (with its class) last.
TEST(InputTest, QualifiedExceptionLineAfterALogRecordIsAnError) {
  std::vector<ErrorText> errors = ParseInput(
      "2021-03-04 10:11:12.938 ERROR 20465 --- [nio-8000-exec-1] c.e.o.StockClientFallback : "
      "Read timed out executing GET http://stock/items\n"
      "\n"
      "feign.RetryableException: Read timed out executing GET http://stock/items\n");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[1].error_class, "RetryableException");
  EXPECT_EQ(errors[1].message, "Read timed out executing GET http://stock/items");
  EXPECT_EQ(errors[1].input_line, 3);
}

// A leveled message of several lines (pytest's UsageError items) runs on to
// a blank line or the next record.
TEST(InputTest, LogMessageRunsOnBelowItsLevelPrefix) {
  std::vector<ErrorText> errors = ParseInput(
      "rootdir: /build\n"
      "plugins: mock-3.12.0\n"
      "ERROR: not found: /build/tests/queue.yaml\n"
      "(no match in any of [<Dir tests>])\n"
      "\n"
      "ERROR: file or directory not found: x.py\n"
      "2024-05-01 10:00:01,002 ERROR disk full\n"
      "ERROR: second\n");
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors[0].message,
            "not found: /build/tests/queue.yaml\n(no match in any of [<Dir tests>])");
  EXPECT_EQ(errors[0].input_line, 3);
  EXPECT_EQ(errors[1].message, "file or directory not found: x.py");
  EXPECT_EQ(errors[2].message, "disk full");
  EXPECT_EQ(errors[3].message, "second");
}

// --- Hostile input (bounded; timing is measured in bench/, not asserted) ------

TEST(InputTest, CutInputIsReported) {
  InputNotes notes;
  ParseInput(std::string(kMaxInputBytes + 1, 'x'), &notes);
  EXPECT_TRUE(notes.bytes_cut);
  EXPECT_NE(notes.Describe().find("cut"), std::string::npos);
  ParseInput("ValueError: x", &notes);
  EXPECT_FALSE(notes.bytes_cut);
  EXPECT_EQ(notes.Describe(), "");
}

TEST(InputTest, JsonLogLinesGiveTheirErrorText) {
  // pino: the error's stack (class, message, frames) inside `err`.
  std::vector<ErrorText> e = ParseInput(
      R"j({"level":"error","time":"2024-07-10T11:53:15.629Z","err":{"message":"timeout of 3000ms )j"
      R"j(exceeded","name":"AxiosError","stack":"AxiosError: timeout of 3000ms exceeded\n    at )j"
      R"j(RedirectableRequest.handleRequestTimeout (/app/node_modules/axios/lib/adapters/http.js:652:16)"}})j");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].error_class, "AxiosError");
  EXPECT_EQ(e[0].message, "timeout of 3000ms exceeded");
  ASSERT_EQ(e[0].frames.size(), 1u);
  EXPECT_EQ(e[0].frames[0].line, 652);
  // winston: `message` with JSON escapes undone.
  e = ParseInput(
      R"j({"level":"error","message":"EntityMetadataNotFoundError: No metadata for \"User\" was found."})j");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].error_class, "EntityMetadataNotFoundError");
  EXPECT_EQ(e[0].message, "No metadata for \"User\" was found.");
  // lager: `message` names the event, the error is among the record's data.
  e = ParseInput(R"j({"timestamp":"1496958794.021312475","source":"nats_to_syslog","message":)j"
                 R"j("nats_to_syslog.connecting-to-nats.error","log_level":2,"data":{"error":)j"
                 R"j("nats: no servers available for connection","session":"1"}})j");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].message, "nats: no servers available for connection");
  // Not JSON, or JSON without error text: left as it is.
  e = ParseInput("{not json} failed to start");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].message, "{not json} failed to start");
}

// A paste over the limit keeps its tail: the traceback's last line names
// the error. With more errors than are kept, those at the end still are.
TEST(InputTest, OversizedPasteKeepsItsTail) {
  std::string log;
  for (int i = 0; log.size() <= kMaxInputBytes + (1 << 20); ++i) {
    log += "2024-05-01 10:00:00,001 ERROR job " + std::to_string(i) + " failed\n";
  }
  log +=
      "Traceback (most recent call last):\n"
      "  File \"run.py\", line 3, in <module>\n"
      "ValueError: the last error\n";
  InputNotes notes;
  std::vector<ErrorText> errors = ParseInput(log, &notes);
  EXPECT_TRUE(notes.bytes_cut);
  EXPECT_TRUE(notes.errors_cut);
  ASSERT_EQ(errors.size(), kMaxErrorsPerInput);
  EXPECT_EQ(errors.back().error_class, "ValueError");
  EXPECT_EQ(errors.back().message, "the last error");
  EXPECT_NE(notes.Describe().find("last"), std::string::npos);
}

TEST(InputTest, MillionLineLogIsBounded) {
  std::string log;
  for (int i = 0; i < 1000000; ++i) {
    log += "2024-05-01 10:00:00,001 ERROR job ";
    log += std::to_string(i);
    log += " failed\n";
  }
  InputNotes notes;
  std::vector<ErrorText> errors = ParseInput(log, &notes);
  EXPECT_EQ(errors.size(), kMaxErrorsPerInput);
  EXPECT_TRUE(notes.errors_cut);
  EXPECT_TRUE(notes.bytes_cut);  // 40 MB
}

TEST(InputTest, LongMessageIsCut) {
  InputNotes notes;
  std::vector<ErrorText> errors = ParseInput("ValueError: " + std::string(200000, 'a'), &notes);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message.size(), kMaxMessageBytes);
  EXPECT_TRUE(notes.message_cut);
}

TEST(InputTest, InvalidUtf8AndRegexLookingText) {
  const std::string inputs[] = {
      std::string("ValueError: bad \xff\xfe byte \xc3"),
      "(((((((((((a*)*)*)*)*)*)*)*)*)*)*)$^[\\",
      "Traceback (most recent call last):\n  File \"\xff\", line 99999999999999999999\nX: \x80",
      "thread 'x' panicked at \xff:1:1:\n\xff",
      "terminate called after throwing an instance of '\xff'\n  what():  \xff",
      std::string("panic: ") + std::string(1000, '\0'),
      std::string(10000, '\n'),
      "Caused by: \n\tat \n",
  };
  for (const std::string& in : inputs) ParseInput(in);  // must not crash
}

// A CLI prints its usage, a blank line, then the error: the whole text is
// one message and each paragraph another, marked as such.
TEST(InputTest, FreeTextParagraphsAreMessagesToo) {
  std::string text =
      "Usage: script.js <command> [arguments]\n"
      "\n"
      "Options:\n"
      "  -h, --help  Show help  [boolean]\n"
      "\n"
      "Unknown argument: xxx\n";
  std::vector<ErrorText> errors = ParseInput(text);
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_FALSE(errors[0].paragraph);
  EXPECT_EQ(errors[0].input_line, 1);
  EXPECT_TRUE(errors[3].paragraph);
  EXPECT_EQ(errors[3].message, "Unknown argument: xxx");
  EXPECT_EQ(errors[3].input_line, 6);
  EXPECT_EQ(errors[2].message, "Options:\n  -h, --help  Show help  [boolean]");
  // One paragraph: only the whole text.
  errors = ParseInput("Unknown argument: xxx\nDid you mean xyz?\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_FALSE(errors[0].paragraph);
}

// .NET traces print "at Ns.Cls.Method(args)", with " in FILE:line N" only
// when debug symbols are present.
TEST(InputTest, DotNetFramesKeepTheirFunctionAndLocation) {
  std::string text =
      "Newtonsoft.Json.JsonReaderException: Additional text encountered after finished "
      "reading JSON content: T. Path '', line 3, position 0.\n"
      "   at Newtonsoft.Json.JsonTextReader.Read()\n"
      "   at App.Loader.Load(String path) in C:\\src\\App\\Loader.cs:line 42\n";
  std::vector<ErrorText> errors = ParseInput(text);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "JsonReaderException");
  ASSERT_EQ(errors[0].frames.size(), 2u);
  EXPECT_EQ(errors[0].frames[0].function, "Newtonsoft.Json.JsonTextReader.Read");
  EXPECT_EQ(errors[0].frames[0].file, "");
  EXPECT_EQ(errors[0].frames[0].line, 0);
  EXPECT_EQ(errors[0].frames[1].function, "App.Loader.Load");
  EXPECT_EQ(errors[0].frames[1].file, "C:\\src\\App\\Loader.cs");
  EXPECT_EQ(errors[0].frames[1].line, 42);
}

// Exception.ToString() with an inner exception: each link is an error of
// its own, and the frames are the innermost one's. The outer class carries
// an HRESULT; a logger may print the links on one line.
TEST(InputTest, DotNetInnerExceptionsAreLinksOfTheirOwn) {
  std::string text =
      "MySqlConnector.MySqlException (0x80004005): Failed to read the result set.\n"
      " ---> System.InvalidOperationException: Connection must be Open; current state is "
      "Closed\n"
      "   at MySqlConnector.MySqlConnection.get_Session() in "
      "/_/src/MySqlConnector/MySqlConnection.cs:line 745\n"
      "   at MySqlConnector.Core.ResultSet.ReadResultSetHeaderAsync(IOBehavior ioBehavior) in "
      "/_/src/MySqlCo\n";
  std::vector<ErrorText> errors = ParseInput(text);
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].error_class, "MySqlException");
  EXPECT_EQ(errors[0].message, "Failed to read the result set.");
  EXPECT_EQ(errors[0].frames.size(), 1u);  // the inner's: it was caught there
  EXPECT_EQ(errors[1].error_class, "InvalidOperationException");
  EXPECT_EQ(errors[1].message, "Connection must be Open; current state is Closed");
  EXPECT_EQ(errors[1].input_line, 2);
  // The last frame, cut mid-path, is not read.
  ASSERT_EQ(errors[1].frames.size(), 1u);
  EXPECT_EQ(errors[1].frames[0].file, "/_/src/MySqlConnector/MySqlConnection.cs");
  EXPECT_EQ(errors[1].frames[0].line, 745);

  // The frames after the inner link's end are the outer link's too.
  errors = ParseInput(
      "System.AggregateException: One or more errors occurred.\n"
      " ---> System.TimeoutException: The operation has timed out.\n"
      "   at Db.Pool.Rent() in /src/Db/Pool.cs:line 88\n"
      "   --- End of inner exception stack trace ---\n"
      "   at App.Main() in /src/App/Program.cs:line 12\n");
  ASSERT_EQ(errors.size(), 2u);
  ASSERT_EQ(errors[0].frames.size(), 2u);
  EXPECT_EQ(errors[0].frames[0].file, "/src/Db/Pool.cs");
  EXPECT_EQ(errors[0].frames[1].file, "/src/App/Program.cs");
  ASSERT_EQ(errors[1].frames.size(), 1u);
  EXPECT_EQ(errors[1].frames[0].file, "/src/Db/Pool.cs");

  errors = ParseInput(
      " Unable to authenticate using sasl protocol mechanism SCRAM-SHA-1. ---> "
      "MongoDB.Driver.MongoCommandException: Command saslStart failed: Authentication failed..");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].message, "Unable to authenticate using sasl protocol mechanism SCRAM-SHA-1.");
  EXPECT_EQ(errors[1].error_class, "MongoCommandException");
  EXPECT_EQ(errors[1].message, "Command saslStart failed: Authentication failed..");
  // An arrow before no error class is text.
  errors = ParseInput("step one ---> step two: done");
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0].message, "step one ---> step two: done");
}

// "prog: message" lines are read (marked, see ExplainPaste) among other
// errors; level labels, short lines and prose words are not programs.
TEST(InputTest, ProgramDiagnosticLines) {
  std::vector<ErrorText> errors = ParseInput(
      "whisper_model_load: loading model\n"
      "whisper_model_load: invalid model data (bad magic)\n"
      "note: this is a note about it\n"
      "thread 'main' panicked at 'failed to open model: InitError', src/main.rs:54:6\n");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].message, "whisper_model_load: invalid model data (bad magic)");
  EXPECT_TRUE(errors[0].program_line);
  EXPECT_EQ(errors[1].message, "failed to open model: InitError");
  EXPECT_FALSE(errors[1].program_line);
}

// A pino line cut mid-object (the user dropped the request config): the
// stack field still gives the class, the message and the frames.
TEST(InputTest, CutJsonLogLineStillGivesItsStack) {
  std::string text =
      R"js({"level":"error","err":{"message":"timeout of 3000ms exceeded","name":"AxiosError",)js"
      R"js("stack":"AxiosError: timeout of 3000ms exceeded\n    at RedirectableRequest.)js"
      R"js(handleRequestTimeout (/app/node_modules/axios/dist/node/axios.cjs:3120:16)\n    at )js"
      R"js(listOnTimeout (node:internal/timers:569:17)",)js";
  std::vector<ErrorText> errors = ParseInput(text);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "AxiosError");
  EXPECT_EQ(errors[0].message, "timeout of 3000ms exceeded");
  ASSERT_EQ(errors[0].frames.size(), 2u);
  EXPECT_EQ(errors[0].frames[0].function, "RedirectableRequest.handleRequestTimeout");
  EXPECT_EQ(errors[0].frames[0].line, 3120);
  // Cut inside the stack string itself.
  errors = ParseInput(
      R"js({"level":"error","stack":"TypeError: x is not a function\n    at f (/a.js:1:2)\n  )js");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "TypeError");
  EXPECT_EQ(errors[0].message, "x is not a function");
}

// The command a user ran, pasted with its prompt, is not the program's
// text: clap's error is its own paragraph's message, not "❯ pixi ..".
TEST(InputTest, ShellPromptLinesAreNotPartOfTheMessage) {
  std::string t =
      "\xe2\x9d\xaf pixi foo-bar-spam --help\n"
      "error: unrecognized subcommand 'foo-bar-spam'\n"
      "\n"
      "For more information, try '--help'.\n";
  std::vector<ErrorText> errors = ParseInput(t);
  ASSERT_FALSE(errors.empty());
  bool found = false;
  for (const ErrorText& e : errors) {
    EXPECT_EQ(e.message.find("pixi"), std::string::npos) << e.message;
    found |= e.message == "error: unrecognized subcommand 'foo-bar-spam'";
  }
  EXPECT_TRUE(found);
  for (const char* cmd : {"$ node run.js deploy -f testing", "F:\\Pycharm\\app>pytest -k x -n 3",
                          "PS C:\\src> dotnet run", "dev@box:~/app$ make all", ">ninja -v"}) {
    std::vector<ErrorText> one = ParseInput(std::string(cmd) + "\nValueError: bad input\n");
    ASSERT_EQ(one.size(), 1u) << cmd;
    EXPECT_EQ(one[0].message, "bad input") << cmd;
  }
  // A PHP variable or a shell variable inside a message stays.
  std::vector<ErrorText> php = ParseInput("$this->db is null\n");
  ASSERT_EQ(php.size(), 1u);
  EXPECT_EQ(php[0].message, "$this->db is null");
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

// Laravel Ignition prints the message, then frames as bare indented
// locations with the function after them: those lines are frames, not text.
TEST(InputTest, BareLocationFramesUnderAFreeMessage) {
  std::vector<ErrorText> errors = ParseInput(
      "BadMethodCallException Call to undefined method App\\Models\\User::password() \n"
      "    vendor/laravel/framework/src/Illuminate/Support/Traits/ForwardsCalls.php:50 "
      "Illuminate\\Database\\Eloquent\\Model::throwBadMethodCallException\n"
      "    vendor/laravel/framework/src/Illuminate/Database/Eloquent/Model.php:1757\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message,
            "BadMethodCallException Call to undefined method App\\Models\\User::password()");
  ASSERT_EQ(errors[0].frames.size(), 2u);
  EXPECT_EQ(errors[0].frames[0].file,
            "vendor/laravel/framework/src/Illuminate/Support/Traits/ForwardsCalls.php");
  EXPECT_EQ(errors[0].frames[0].line, 50);
  EXPECT_EQ(errors[0].frames[0].function,
            "Illuminate\\Database\\Eloquent\\Model::throwBadMethodCallException");
  EXPECT_EQ(errors[0].frames[1].line, 1757);
  // A one-line paste that is a location is the message itself.
  errors = ParseInput("  src/app.py:12");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_TRUE(errors[0].frames.empty());
}

// A Rails error page's backtrace under the message: "gem (version)
// path:line:in `method'", indented by one space that the whole paste shares.
TEST(InputTest, GemFramesUnderAFreeMessage) {
  std::vector<ErrorText> errors = ParseInput(
      " expected Array (got String) for param `x'\n"
      " rack (1.4.1) lib/rack/utils.rb:108:in `normalize_params'\n"
      " rack (1.4.1) lib/rack/utils.rb:90:in `block in parse_nested_query'\n"
      " lib/rack/request.rb:334:in `parse_query'\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "expected Array (got String) for param `x'");
  ASSERT_EQ(errors[0].frames.size(), 3u);
  EXPECT_EQ(errors[0].frames[0].file, "lib/rack/utils.rb");
  EXPECT_EQ(errors[0].frames[0].line, 108);
  EXPECT_EQ(errors[0].frames[0].function, "normalize_params");
  EXPECT_EQ(errors[0].frames[1].function, "parse_nested_query");
  EXPECT_EQ(errors[0].frames[2].file, "lib/rack/request.rb");
}

// An error tracker's rendering of a PHP exception: the class and message,
// then frames in Python's shape.
TEST(InputTest, TrackerFramesUnderAnotherLanguagesMessage) {
  std::vector<ErrorText> errors = ParseInput(
      "Predis\\Connection\\ConnectionException: Connection refused [tcp://127.0.0.1:6379]\n"
      "  File \"/srv/vendor/predis/predis/src/Connection/AbstractConnection.php\", line 155, in "
      "onConnectionError\n"
      "  File \"/srv/vendor/predis/predis/src/Connection/StreamConnection.php\", line 128, in "
      "createStreamSocket\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "ConnectionException");
  EXPECT_EQ(errors[0].message, "Connection refused [tcp://127.0.0.1:6379]");
  ASSERT_EQ(errors[0].frames.size(), 2u);
  EXPECT_EQ(errors[0].frames[0].file,
            "/srv/vendor/predis/predis/src/Connection/AbstractConnection.php");
  EXPECT_EQ(errors[0].frames[0].line, 155);
  EXPECT_EQ(errors[0].frames[0].function, "onConnectionError");
}

// A failed C assert() in each C library's words becomes glibc's sentence,
// the one the records hold, with the location as a frame.
TEST(InputTest, AssertionFailuresInEachCLibrarysWords) {
  std::vector<ErrorText> e = ParseInput(
      "node: ../deps/uv/src/unix/core.c:269: uv__make_close_pending: Assertion `handle->flags & "
      "UV_HANDLE_CLOSING' failed.\nAborted (core dumped)");
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(e[0].message, "Assertion `handle->flags & UV_HANDLE_CLOSING' failed.");
  ASSERT_EQ(e[0].frames.size(), 1u);
  EXPECT_EQ(e[0].frames[0].file, "../deps/uv/src/unix/core.c");
  EXPECT_EQ(e[0].frames[0].line, 269);
  EXPECT_EQ(e[0].frames[0].function, "uv__make_close_pending");
  e = ParseInput(
      "Assertion failed: (uv__stream_fd(stream) >= 0), function uv__read_start_common, file "
      "../deps/uv/src/unix/stream.c, line 1120.");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].message, "Assertion `uv__stream_fd(stream) >= 0' failed.");
  ASSERT_EQ(e[0].frames.size(), 1u);
  EXPECT_EQ(e[0].frames[0].function, "uv__read_start_common");
  EXPECT_EQ(e[0].frames[0].line, 1120);
  e = ParseInput("Assertion failed: n > 0, file src\\heap.c, line 88");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].message, "Assertion `n > 0' failed.");
  EXPECT_EQ(e[0].frames[0].file, "src\\heap.c");
  // Quoted in prose, without the location.
  e = ParseInput(
      "The suite fails with an assertion failure: ` uv__make_close_pending: Assertion "
      "`handle->flags & UV_HANDLE_CLOSING' failed.`");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].message, "Assertion `handle->flags & UV_HANDLE_CLOSING' failed.");
  EXPECT_EQ(e[0].frames[0].function, "uv__make_close_pending");
  // The Visual C++ runtime's dialog, copied as text.
  e = ParseInput(
      "Microsoft Visual C++ Runtime Library\n\nAssertion failed!\n\nProgram: C:\\app.exe\n"
      "File: D:\\src\\imgui.cpp\nLine: 11039\n\nExpression: (g.FrameCount == 0) && \"Forgot to "
      "call Render()?\"\n\nFor information on how your program can cause an assertion\n");
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(e[0].message,
            "Assertion `(g.FrameCount == 0) && \"Forgot to call Render()?\"' failed.");
  ASSERT_EQ(e[0].frames.size(), 1u);
  EXPECT_EQ(e[0].frames[0].file, "D:\\src\\imgui.cpp");
  EXPECT_EQ(e[0].frames[0].line, 11039);
}

TEST(InputTest, PrettyPrintedJsonGivesItsMessageFields) {
  // A validation library's issues logged and then thrown (zod), and an API's
  // error body: each "message" field on its own line is an error text,
  // escapes decoded, repeated ones kept once.
  std::vector<ErrorText> errors = ParseInput(
      "[\n  {\n    \"validation\": \"email\",\n    \"code\": \"invalid_string\",\n"
      "    \"message\": \"Invalid email\",\n    \"path\": [\"custid\"]\n  }\n"
      "] ZodError: [\n  {\n    \"message\": \"Invalid email\",\n  },\n"
      "  {\n    \"detail\": \"Field \\\"name\\\" is required\"\n  }\n]\n");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].message, "Invalid email");
  EXPECT_EQ(errors[0].input_line, 5);
  EXPECT_EQ(errors[1].message, "Field \"name\" is required");
  // A "message" key in running text is not a field line.
  errors = ParseInput("the \"message\": \"x\" key is missing from the config");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "the \"message\": \"x\" key is missing from the config");
}

// pip (rich) and miette draw a gutter: the message is the "×" line and the
// "│" lines under it; the subprocess output after "╰─>" is read on, so its
// own traceback is an error too, and the last error is pip's.
TEST(InputTest, GutteredDiagnosticIsOneMessage) {
  std::vector<ErrorText> errors = ParseInput(
      "  error: subprocess-exited-with-error\n"
      "  \n"
      "  × Getting requirements to build wheel did not run successfully.\n"
      "  │ exit code: 1\n"
      "  ╰─> [3 lines of output]\n"
      "      Traceback (most recent call last):\n"
      "        File \"setup.py\", line 1, in <module>\n"
      "      ModuleNotFoundError: No module named 'setuptools'\n"
      "      [end of output]\n"
      "  \n"
      "  note: This error originates from a subprocess.\n"
      "error: subprocess-exited-with-error\n"
      "\n"
      "× Getting requirements to build wheel did not run successfully.\n"
      "│ exit code: 1\n"
      "╰─> See above for output.\n");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].message,
            "Getting requirements to build wheel did not run successfully.\nexit code: 1");
  EXPECT_EQ(errors[0].input_line, 3);
  EXPECT_EQ(errors[1].error_class, "ModuleNotFoundError");
  errors = ParseInput("Error:   × Unexpected token\n   ╭─[1:1]\n 1 │ foo\n   ╰────\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "Unexpected token");
}

}  // namespace
// The curl tool's "curl: (56) ..." line, glued to its progress meter in a
// build log: the message is libcurl's text after the exit code.
// A C++ exception chain with source locations in brackets (aria2): each
// located line is an error with its location as a frame, its message run
// on over the line a console wrapped; the log line above keeps its own.
TEST(InputTest, BracketedSourceLocationsAreFramesOfTheirLines) {
  std::vector<ErrorText> errors = ParseInput(
      "2023-05-13 05:40:40 [ERROR] CUID#7 - Download aborted. URI=https://example.org/a.zip\n"
      "Exception: [AbstractCommand.cc:351] errorCode=22 URI=https://example.org/a.zip\n"
      "  -> [HttpSkipResponseCommand.cc:240] errorCode=22 The response status is not su\n"
      "ccessful. status=421\n");
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].message, "CUID#7 - Download aborted. URI=https://example.org/a.zip");
  EXPECT_EQ(errors[1].message, "errorCode=22 URI=https://example.org/a.zip");
  ASSERT_EQ(errors[1].frames.size(), 1u);
  EXPECT_EQ(errors[1].frames[0].file, "AbstractCommand.cc");
  EXPECT_EQ(errors[1].frames[0].line, 351);
  EXPECT_EQ(errors[2].message, "errorCode=22 The response status is not su\nccessful. status=421");
  ASSERT_EQ(errors[2].frames.size(), 1u);
  EXPECT_EQ(errors[2].frames[0].file, "HttpSkipResponseCommand.cc");
  EXPECT_EQ(errors[2].frames[0].line, 240);
  // aria2 stamps its log lines "MM/DD HH:MM:SS".
  errors = ParseInput(
      "05/13 05:40:40 [ERROR] CUID#7 - Download aborted. URI=https://example.org/a.zip\n"
      "Exception: [AbstractCommand.cc:351] errorCode=22 URI=https://example.org/a.zip\n");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].message, "CUID#7 - Download aborted. URI=https://example.org/a.zip");
  // A bracketed word without a file extension is no location.
  errors = ParseInput("[main:12] something odd\n");
  for (const ErrorText& e : errors) EXPECT_TRUE(e.frames.empty());
}

// OpenVPN and Apache stamp their lines the ctime way.
TEST(InputTest, CtimeStampsAreLogPrefixes) {
  std::vector<ErrorText> errors = ParseInput(
      "Tue Dec 27 08:49:55 2022 VERIFY ERROR: depth=0, error=certificate has expired: CN=server\n"
      "Tue Dec 27 08:49:55 2022 OpenSSL: error:1416F086:SSL routines:certificate verify failed\n");
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0].message.substr(0, 36), "VERIFY ERROR: depth=0, error=certifi");
  errors = ParseInput("[Mon Jan  2 03:04:05.123456 2023] AH00526: Syntax error on line 4\n");
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0].message, "AH00526: Syntax error on line 4");
}

TEST(InputTest, CurlToolLineAfterProgressMeter) {
  std::vector<ErrorText> errors = ParseInput(
      "Downloading openssl-1.0.1j.tar.gz\n"
      "\n"
      "  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n"
      "                                 Dload  Upload   Total   Spent    Left  Speed\n"
      "  0     0    0     0    0     0      0      0 --:--:--  0:01:10 --:--:--     "
      "0curl: (56) Recv failure: Connection reset by peer\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "Recv failure: Connection reset by peer");
  EXPECT_EQ(errors[0].input_line, 5);
  errors = ParseInput("libcurl: (6) not curl\nmycurl: (7) x\n");
  for (const ErrorText& e : errors) EXPECT_NE(e.message, "x");
}

// An app that prints the exception's Message, then "StackTrace:" and the
// trace on the same line (Newtonsoft.Json in a .NET app): the first line is
// the message, the labelled line the first frame.
TEST(InputTest, LabelledDotNetStackTraceAfterAClasslessMessage) {
  std::vector<ErrorText> errors = ParseInput(
      "Exception caught: Could not convert string to integer: following. Path '[0].id', line 1, "
      "position 14.\n"
      "\n"
      "StackTrace:    at Newtonsoft.Json.JsonReader.ReadInt32String(String s)\n"
      "   at Newtonsoft.Json.JsonTextReader.FinishReadQuotedNumber(ReadType readType)\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message,
            "Exception caught: Could not convert string to integer: following. Path '[0].id', "
            "line 1, position 14.");
  EXPECT_EQ(errors[0].error_class, "");
  ASSERT_EQ(errors[0].frames.size(), 2u);
  EXPECT_EQ(errors[0].frames[0].function, "Newtonsoft.Json.JsonReader.ReadInt32String");
  // Without a labelled trace a class-less line is not taken as a trace's head.
  errors = ParseInput("Something went wrong\n    at foo (a.js:1:2)\n");
  for (const ErrorText& e : errors) EXPECT_NE(e.frames.size(), 1u);
}

// click's usage error (Usage, Try, then "Error: ...") and cobra's (Error,
// then Usage): the message after "Error: ", with no class.
TEST(InputTest, CliUsageErrorLine) {
  std::vector<ErrorText> errors = ParseInput(
      "# hatch grow big\n"
      "Usage: hatch grow [OPTIONS] {major|minor} [PACKAGE]\n"
      "Try 'hatch grow -h' for help.\n"
      "\n"
      "Error: Invalid value for '{major|minor}': 'big' is not one of 'major', 'minor'.\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message,
            "Invalid value for '{major|minor}': 'big' is not one of 'major', 'minor'.");
  EXPECT_EQ(errors[0].error_class, "");
  EXPECT_EQ(errors[0].input_line, 5);
  errors = ParseInput("Error: unknown flag: --foo\nUsage:\n  app [flags]\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "unknown flag: --foo");
}

// A paste indented as a whole (a Markdown code block): the shared four
// spaces go, the message's own tabs stay.
TEST(ParseInputTest, IndentationSharedByEveryLineIsNotTheMessage) {
  std::vector<ErrorText> errors = ParseInput(
      "    java.lang.IllegalStateException: Flow invariant is violated:\n"
      "    \t\tFlow was collected in [A],\n"
      "    \t\tbut emission happened in [B].\n"
      "    \t\tPlease refer to 'flow' documentation or use 'flowOn' instead\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].error_class, "IllegalStateException");
  EXPECT_EQ(errors[0].message,
            "Flow invariant is violated:\n\t\tFlow was collected in [A],\n\t\tbut emission "
            "happened in [B].\n\t\tPlease refer to 'flow' documentation or use 'flowOn' "
            "instead");
}

// An error line among the user's sentences (multer issue: a Sentry title
// between two lines of prose) is read on its own, with its class, besides
// the whole text.
TEST(ParseInputTest, ErrorClassLineInsideProse) {
  std::vector<ErrorText> errors = ParseInput(
      "We had today sentry alarm 3:24 PM\n"
      "MulterError: Field value too long.\n"
      "because user wanted to upload 84 megabytes pdf into the chat\n");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].input_line, 1);
  EXPECT_EQ(errors[1].input_line, 2);
  EXPECT_EQ(errors[1].error_class, "MulterError");
  EXPECT_EQ(errors[1].message, "Field value too long.");
  EXPECT_FALSE(errors[1].paragraph);
  // A bare name after the class is no message.
  EXPECT_EQ(ParseInput("we saw this\nValueError: oops\n").size(), 1u);
}

// "Warning: <text>" alone is many programs' line, not PHP's: PHP's say
// "PHP", "Uncaught", or where they happened.
TEST(ParseInputTest, PhpHeadsNeedPhpMarks) {
  std::vector<ErrorText> plain = ParseInput("Warning: Unknown configuration option `x`\n");
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_EQ(plain[0].error_class, "Warning");  // free text, the class split as any
  EXPECT_TRUE(plain[0].frames.empty());
  std::vector<ErrorText> php =
      ParseInput("Warning: Undefined variable $x in /app/a.php on line 9\n");
  ASSERT_EQ(php.size(), 1u);
  EXPECT_EQ(php[0].message, "Undefined variable $x");
  ASSERT_EQ(php[0].frames.size(), 1u);
  EXPECT_EQ(php[0].frames[0].line, 9);
}

// electron-updater logs an HttpError with its response headers under the
// message: the message ends where the data dump opens.
TEST(ParseInputTest, LogMessageEndsWhereADataBlockOpens) {
  std::vector<ErrorText> errors = ParseInput(
      "[2020-09-24 21:10:18.882] [error] Error: Cannot find channel \"latest.yml\" update info: "
      "HttpError: 404 Not Found\n"
      "\"method: GET url: https://example.org/latest.yml\"\n"
      "Headers: {\n"
      "  \"accept-ranges\": \"bytes\",\n"
      "  \"server\": \"nginx\"\n"
      "}\n");
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0].error_class, "Error");
  EXPECT_EQ(errors[0].message,
            "Cannot find channel \"latest.yml\" update info: HttpError: 404 Not Found\n"
            "\"method: GET url: https://example.org/latest.yml\"");
  EXPECT_TRUE(errors[0].level_label.empty());  // after a timestamp: the logger's
  std::vector<ErrorText> labelled = ParseInput("ERROR: The file \"app\" does not exist.\n");
  ASSERT_EQ(labelled.size(), 1u);
  EXPECT_EQ(labelled[0].level_label, "ERROR: ");
}

// Gradle prints each cause one level in under "> ", its further lines
// indented past the marker: the innermost cause is a message of its own,
// with those lines.
TEST(ParseInputTest, GradleNestedCausesKeepTheirLines) {
  std::vector<ErrorText> errors = ParseInput(
      "Could not determine the dependencies of task ':test'.\n"
      "> Could not resolve all dependencies for configuration ':testCompileClasspath'.\n"
      "   > No IntelliJ Platform dependency found.\n"
      "     Please ensure there is a single IntelliJ Platform dependency.\n"
      "     See: https://plugins.jetbrains.com/docs/intellij/tools.html\n");
  ASSERT_GE(errors.size(), 2u);
  const ErrorText& outer = errors[errors.size() - 2];
  const ErrorText& inner = errors.back();
  EXPECT_EQ(outer.message,
            "Could not resolve all dependencies for configuration ':testCompileClasspath'.");
  EXPECT_EQ(inner.input_line, 3);
  // Causes add to the free text's reading; they do not replace it (KSP's
  // own "e: [ksp] ..." line above Gradle's report).
  std::vector<ErrorText> ksp = ParseInput(
      "e: [ksp] No providers found in processor classpath.\n"
      "\n"
      "* What went wrong:\n"
      "Execution failed for task ':app:kspDebugKotlin'.\n"
      "> A failure occurred while executing GradleKotlinCompilerWorkAction\n"
      "   > Compilation error. See log for more details\n");
  bool free_line = false, cause = false;
  for (const ErrorText& e : ksp) {
    free_line |= e.message.find("No providers found") != std::string::npos;
    cause |= e.message == "Compilation error. See log for more details";
  }
  EXPECT_TRUE(free_line);
  EXPECT_TRUE(cause);
  EXPECT_EQ(inner.message,
            "No IntelliJ Platform dependency found.\n"
            "Please ensure there is a single IntelliJ Platform dependency.\n"
            "See: https://plugins.jetbrains.com/docs/intellij/tools.html");
}

}  // namespace errdex
