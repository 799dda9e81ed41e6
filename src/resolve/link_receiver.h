// Link, name resolution by receiver: `usage.fail(msg)` where several files
// define a `fail` and one of them is usage.ts. JavaScript/TypeScript code
// names a module, or the object its factory returns, after its file
// (`import * as usage from './usage'`, `const usage = usage(yargs)`), so a
// receiver equal to one defining file's base name picks that definition.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace errdex {

// The index in `paths` of the one file whose base name (without its
// extension) is the receiver's last component (`usage`, `this.usage`,
// `this.#usage`); nullopt when none or several are.
std::optional<size_t> FileNamedByReceiver(std::string_view receiver,
                                          const std::vector<std::string_view>& paths);

}  // namespace errdex
