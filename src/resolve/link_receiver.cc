// Link, name resolution by receiver (see link_receiver.h).
#include "resolve/link_receiver.h"

#include "util/text.h"

namespace errdex {

std::optional<size_t> FileNamedByReceiver(std::string_view receiver,
                                          const std::vector<std::string_view>& paths) {
  std::string name = LastDotComponent(receiver);
  if (!name.empty() && (name[0] == '#' || name[0] == '_')) name.erase(0, 1);
  if (name.size() < 3) return std::nullopt;  // `a.fail()`: too short to name a file
  std::optional<size_t> found;
  for (size_t i = 0; i < paths.size(); ++i) {
    std::string_view p = paths[i];
    size_t slash = p.rfind('/');
    std::string_view base = slash == std::string_view::npos ? p : p.substr(slash + 1);
    base = base.substr(0, base.find('.'));
    if (base != name) continue;
    if (found) return std::nullopt;
    found = i;
  }
  return found;
}

}  // namespace errdex
