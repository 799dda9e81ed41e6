// Error arms: the text of an error kind that lives in a `match` arm rather
// than at a raise. Rust libraries render an error by matching on its kind
// and writing the text for that kind into a buffer or formatter
// (`ErrorKind::UnknownArgument => { write!(styled, "unexpected argument
// '{}' found", ..) }`, often in several `push_str`/`write!` pieces), or keep
// a table of texts per variant (`Self::InvalidValue => Some("..")` in
// `ErrorKind::as_str`). These helpers recognise such arms and join the
// pieces written one after another into one message; the Rust extractor
// builds the templates.
#pragma once

#include <tree_sitter/api.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/template.h"

namespace errdex::rust {

// Whether a type name reads as an error type: ParseError, ErrorKind,
// ErrorCode, ConfigErr.
bool IsErrorTypeName(std::string_view type);

// The error variant an arm pattern names: `ErrorKind::UnknownArgument`,
// `crate::error::ErrorKind::Io { .. }`, `Self::InvalidValue` (inside the
// impl of an error type `self_type`). nullopt for `_`, bindings,
// alternatives (`A | B`) and variants of types that are not errors.
struct ErrorVariant {
  std::string type;     // "ErrorKind"
  std::string variant;  // "UnknownArgument"
};
std::optional<ErrorVariant> ErrorArmVariant(std::string_view pattern, std::string_view self_type);

// True when the literal text of `t` reads as a sentence (two words of
// letters at least), not a variant's name, a code or punctuation around a
// value (`write!(f, "Io")`, `"E001"`, `": {source}"`).
bool ReadsAsSentence(const Template& t);

// One write of text into a buffer: `write!(buf, "..", ..)`,
// `buf.push_str("..")`, `f.write_str("..")`.
struct BufferWrite {
  std::string target;  // the buffer, as written: "styled", "f"
  Template text;
  TSNode at{};  // the write (macro or call), for the line
};

// A message written in consecutive statements of one block into one
// buffer, the pieces joined in order.
struct WrittenMessage {
  Template text;
  TSNode first{};
  TSNode last{};
};

// Runs of consecutive statements that `read` says are writes into the same
// buffer; any other statement ends a run.
std::vector<WrittenMessage> JoinBufferWrites(
    const std::vector<TSNode>& statements,
    const std::function<std::optional<BufferWrite>(TSNode)>& read);

}  // namespace errdex::rust
