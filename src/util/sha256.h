// SHA-256 of a byte string, as lowercase hex (OpenSSL EVP).
#pragma once

#include <string>
#include <string_view>

namespace errdex {

std::string Sha256Hex(std::string_view data);

}  // namespace errdex
