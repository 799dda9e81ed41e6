// Error arms (see error_arms.h).
#include "extract/rust/error_arms.h"

#include <cctype>

#include "util/text.h"

namespace errdex::rust {
namespace {

bool IsIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

std::string_view LastSegment(std::string_view path) {
  size_t sep = path.rfind("::");
  return sep == std::string_view::npos ? path : path.substr(sep + 2);
}

}  // namespace

bool IsErrorTypeName(std::string_view type) {
  std::string_view t = LastSegment(type);
  return t.find("Error") != std::string_view::npos || t.ends_with("Err");
}

std::optional<ErrorVariant> ErrorArmVariant(std::string_view pattern, std::string_view self_type) {
  std::string_view p = Trim(pattern);
  while (!p.empty() && (p.front() == '&' || p.front() == '(')) p = Trim(p.substr(1));
  if (p.find('|') != std::string_view::npos) return std::nullopt;  // one arm, several kinds
  size_t end = 0;
  while (end < p.size() && (IsIdentChar(p[end]) || p[end] == ':')) ++end;
  std::string_view path = p.substr(0, end);
  size_t sep = path.rfind("::");
  if (sep == std::string_view::npos) return std::nullopt;  // a binding or a bare variant
  std::string_view variant = path.substr(sep + 2);
  std::string_view type = LastSegment(path.substr(0, sep));
  if (variant.empty() || !std::isupper(static_cast<unsigned char>(variant[0]))) {
    return std::nullopt;  // a constant or a function path
  }
  if (type == "Self") type = self_type;
  // A match inside an error type's own impl renders that error, whatever
  // its kind enum is called (hyper's `impl Error { fn description(&self)
  // { match self.inner.kind { Kind::IncompleteMessage => "..." } } }`).
  if (type.empty() || (!IsErrorTypeName(type) && !IsErrorTypeName(self_type))) {
    return std::nullopt;
  }
  return ErrorVariant{std::string(type), std::string(variant)};
}

bool ReadsAsSentence(const Template& t) { return t.LiteralWords() >= 2; }

std::vector<WrittenMessage> JoinBufferWrites(
    const std::vector<TSNode>& statements,
    const std::function<std::optional<BufferWrite>(TSNode)>& read) {
  std::vector<WrittenMessage> out;
  std::string target;  // the buffer of the run in progress; empty: none
  for (TSNode stmt : statements) {
    std::optional<BufferWrite> w = read(stmt);
    if (!w) {
      target.clear();
      continue;
    }
    if (target.empty() || w->target != target) {
      out.push_back(WrittenMessage{std::move(w->text), w->at, w->at});
      target = w->target;
      continue;
    }
    out.back().text.Append(w->text);
    out.back().last = w->at;
  }
  return out;
}

}  // namespace errdex::rust
