// Deprecation notes: `@Deprecated("..")` (Kotlin), `[Obsolete("..")]` (C#),
// `#[deprecated(note = "..")]` (Rust). The compiler prints the note where
// code uses the declaration, when that code is compiled; nothing happens
// when the declaration runs. The record says so, instead of the run-time
// reading ("issued whenever `f` runs") every other site gets.
#pragma once

#include "errdex/error_site.h"
#include "errdex/record.h"

namespace errdex {

// The class extractors give a declaration's deprecation note.
inline constexpr const char* kDeprecatedClass = "deprecated";

// Whether `s` is a declaration's deprecation note.
bool IsDeprecationNote(const ErrorSite& s);

// Sets the documentation, trigger, solutions and code samples of a
// deprecation note's record `r` (whose message and location are set).
void DescribeDeprecation(const ErrorSite& s, Record* r);

}  // namespace errdex
