// Message provenance: the raise's lines, then the code that writes the text.
#include "analyze/message_provenance.h"

#include <gtest/gtest.h>

namespace errdex {
namespace {

TEST(MessageProvenanceTest, RaiseLinesOnly) {
  ErrorSite s;
  s.file_path = "src/a.php";
  s.line = 7;
  s.end_line = 8;
  EXPECT_EQ(MessageProvenance(s), nlohmann::json::parse("[7, 8]"));
}

TEST(MessageProvenanceTest, TableEntryAndHelperReturn) {
  ErrorSite s;
  s.file_path = "src/PHPMailer.php";
  s.line = 2445;
  s.message_from = "src/PHPMailer.php:2515";
  s.message_origin_note =
      "text returned by `lang()` (src/PHPMailer.php:4622), from "
      "`$PHPMAILER_LANG['authenticate']` (src/PHPMailer.php:2515)";
  EXPECT_EQ(MessageProvenance(s), nlohmann::json::parse("[2445, 2515, 4622]"));
  s.message_from = "src/Lang.php:3";
  s.message_origin_note =
      "text returned by `error()` (src/Lang.php:12) via `msg()` (src/Lang.php:9)";
  EXPECT_EQ(
      MessageProvenance(s),
      nlohmann::json::parse(R"([2445, "src/Lang.php:3", "src/Lang.php:12", "src/Lang.php:9"])"));
}

}  // namespace
}  // namespace errdex
