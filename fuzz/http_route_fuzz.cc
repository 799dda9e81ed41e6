// Fuzz target: the server's request handling after the transport — request
// target parsing, percent decoding, path checks and routing — on arbitrary
// bytes. Input: "METHOD TARGET\nBODY". Checks that every request gets a
// status in 200..599 and that no dataset path escaping /data/ is served.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "serve/serve_internal.h"

namespace {

const errdex::serve::Corpus& EmptyCorpus() {
  static const std::shared_ptr<const errdex::serve::Corpus> corpus =
      errdex::serve::BuildCorpus({}, {}, "1", "http://127.0.0.1:8080");
  return *corpus;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  size_t nl = in.find('\n');
  std::string_view head = in.substr(0, nl);
  std::string body(nl == std::string_view::npos ? std::string_view() : in.substr(nl + 1));
  size_t sp = head.find(' ');
  std::string method(head.substr(0, sp));
  std::string_view target = sp == std::string_view::npos ? "/" : head.substr(sp + 1);
  errdex::serve::HttpRequest req =
      errdex::serve::ParseRequestTarget(method, target, std::move(body));
  errdex::serve::HttpResponse resp = errdex::serve::Route(EmptyCorpus(), req);
  if (resp.status < 200 || resp.status > 599) __builtin_trap();
  if (req.path.find("..") != std::string::npos && req.path.starts_with("/data/") &&
      resp.status == 200) {
    __builtin_trap();
  }
  return 0;
}
