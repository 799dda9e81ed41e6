// Message provenance: the source lines a record's message was derived
// from. The raising statement's own lines first; then, when another piece
// of code writes the text, that code: the message-table entry or wrapper
// (ErrorSite::message_from) and the text functions' return lines the
// resolve stage noted ("text returned by `lang()` (src/PHPMailer.php:4619)").
// Lines of the record's own file are numbers, others "path:line" strings
// (docs/record-format.md, `provenance`).
#pragma once

#include <nlohmann/json.hpp>

#include "errdex/error_site.h"

namespace errdex {

nlohmann::json MessageProvenance(const ErrorSite& s);

}  // namespace errdex
