// Documented cause: the condition an error's own doc states ("Thrown when
// the per-migration transaction mode is overriden but the global
// transaction mode is set to "all"", `@throws X if the stream is closed`,
// "Indicates that the heap limit configuration prevents all possible
// search strategies"), said as what to avoid when nothing more specific is
// known. Docs that say only that an error happened ("when an error occurs
// during serialization") give no cause.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/record.h"
#include "errdex/source.h"

namespace errdex {

// The cause `doc` states after "when", "if", "whenever" or "indicates
// that", to the end of its sentence (with a following "For example, ..."
// sentence), markup removed; "" when there is none or it only says that
// an error, exception or failure occurs.
std::string DocumentedCause(std::string_view doc);

// "Avoid the cause <whose> documentation gives (<where>): <cause>".
std::string AvoidCause(const std::string& whose, const std::string& where,
                       const std::string& cause);

// For records whose solutions are only the generic fallback: the cause
// the doc of their class (wherever the repository declares it) states.
void AddDocumentedCauses(const std::vector<SourceFile>& files, std::vector<Record>* records);

}  // namespace errdex
