// Sha256Hex: the digest behind record ids (see record.h), via OpenSSL's EVP
// one-shot interface so no digest state outlives the call.
#include "util/sha256.h"

#include <openssl/evp.h>

namespace errdex {

namespace {

// EVP_Digest only fails on allocation failure; an empty result then makes
// the caller's id obviously wrong instead of silently colliding.
bool Digest(std::string_view data, unsigned char* digest, unsigned int* len) {
  return EVP_Digest(data.data(), data.size(), digest, len, EVP_sha256(), nullptr) == 1;
}

}  // namespace

std::string Sha256Hex(std::string_view data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (!Digest(data, digest, &len)) return std::string();
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * len);
  for (unsigned int i = 0; i < len; ++i) {
    out.push_back(kHex[digest[i] >> 4]);
    out.push_back(kHex[digest[i] & 0x0f]);
  }
  return out;
}

std::string Sha256Base64(std::string_view data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (!Digest(data, digest, &len)) return std::string();
  unsigned char b64[4 * ((EVP_MAX_MD_SIZE + 2) / 3) + 1];
  int n = EVP_EncodeBlock(b64, digest, static_cast<int>(len));
  return std::string(reinterpret_cast<const char*>(b64), static_cast<size_t>(n));
}

}  // namespace errdex
