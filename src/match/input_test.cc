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
  auto start = std::chrono::steady_clock::now();
  std::vector<ErrorText> errors = ParseInput(junk);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 10.0);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_LE(errors[0].message.size(), kMaxInputBytes);

  std::string headers;  // many headers, no exception lines
  while (headers.size() < kMaxInputBytes) headers += "Traceback (most recent call last):\n";
  ParseInput(headers);
}

}  // namespace
}  // namespace errdex
