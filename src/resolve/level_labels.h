// Level labels: a log line's "ERROR:  " or "[WARN] " in front of a logged or
// printed message. Pasted logs carry the label too, and the input side
// (match/input.cc) removes it before matching, as a logger's prefix; a
// record whose text kept it would then never match its own line. The
// record's message is the text after the label (the label is noted).
#pragma once

#include <vector>

#include "errdex/error_site.h"

namespace errdex {

// Removes a leading upper-case level label from the message of every log
// and warning site (raises keep theirs: "ERROR: Failed to build gem native
// extension." is an exception's own text). Returns the sites changed.
int StripLevelLabels(const std::vector<std::vector<ErrorSite>*>& sites);

}  // namespace errdex
