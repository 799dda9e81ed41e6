// Damaged data: an error that says the data it read is corrupt or not in
// its format ("invalid commit-graph file - empty OID Fanout chunk",
// "corrupted loose reference file: HEAD", "premature end of zlib stream").
// No argument fixes it: the user restores or rewrites that data.
#pragma once

#include <string>
#include <string_view>

namespace errdex {

// The advice, or "" when the message does not say its data is damaged.
std::string DamagedDataAdvice(std::string_view message);

}  // namespace errdex
