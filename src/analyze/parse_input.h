// Parse input: an error a reader raises for data it cannot read — its class
// or reporting call names a parser, lexer, scanner, decoder or protocol
// (`JsonReaderException`, `ParseError::new`, `yaml_parser_set_scanner_error`,
// `ProtocolException`). The fix is in the data, not in the call.
#pragma once

#include <string>
#include <string_view>

namespace errdex {

// The advice, or "" when neither `error_class` nor the raise `line` names
// a reader of input, `function` writes output (an emitter, an encoder), or
// the `message` is about the reader's state or a request rather than data.
std::string ParseInputAdvice(std::string_view error_class, std::string_view line,
                             std::string_view function, std::string_view message);

}  // namespace errdex
