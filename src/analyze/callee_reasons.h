// Callee reasons: "Find out why `tls_crypt_unwrap()` failed" sends the user
// into code they did not write. When the failed call is a function of the
// same repository that reports errors of its own (openvpn's
// tls_crypt_unwrap logs "TLS CRYPT ERROR: packet too short" before it
// returns false; a Go helper returns `fmt.Errorf(..)` that the caller wraps
// with %w), those messages are the reasons, and the user has one of them in
// front of them: just above this one in the log, or after it in the chain.
#pragma once

#include <vector>

#include "errdex/facts.h"
#include "errdex/record.h"

namespace errdex {

// Appends to each "Find out why `f()` failed ..." / "Find out why `x.f(..)`
// fails ..." solution the messages that f, when the repository defines it
// in one file only, reports itself (at most three, with their lines).
void AddCalleeReasons(const std::vector<FileFacts>& facts, std::vector<Record>* records);

}  // namespace errdex
