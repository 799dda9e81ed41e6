// SHA-256 of a byte string, as lowercase hex (record ids) or base64 (CSP
// source hashes) (OpenSSL EVP).
#pragma once

#include <string>
#include <string_view>

namespace errdex {

std::string Sha256Hex(std::string_view data);

// The digest in standard base64 with padding, as Content-Security-Policy
// 'sha256-…' sources spell it.
std::string Sha256Base64(std::string_view data);

}  // namespace errdex
