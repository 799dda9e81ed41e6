// Constant values: a check that tests membership in a list the file
// declares as a constant (PHP `in_array($channel, self::CHANNELS, true)`
// with `const CHANNELS = ['stable', 'preview'];`, JavaScript
// `KINDS.includes(kind)` / `KINDS.has(kind)`, Java and Kotlin
// `KINDS.contains(kind)`, Ruby `KINDS.include?(kind)`) names the values it
// accepts, read from the constant's definition. Only a definition made of
// literals (strings, numbers), the only one of that name in the file, is
// read; anything else says nothing. A map literal's keys count the same way
// (`NAME.hasOwnProperty(x)`, `x in NAME`, `!NAME[x]`, Ruby `NAME.key?(x)`,
// PHP `array_key_exists($x, self::NAME)`).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct ConstantValues {
  std::string operand;              // the tested value as written: "$channel"
  std::string constant;             // as the check names it: "self::CHANNELS"
  std::vector<std::string> values;  // as written: "'stable'", "'preview'"
  int line = 0;                     // the definition (1-based)
};

// The constant list `expr` (a path condition, without a leading `!`)
// tests `operand` against, when `lines` (the check's file) define it.
std::optional<ConstantValues> ConstantMembership(std::string_view expr,
                                                 const std::vector<std::string_view>& lines);

// `NAME[x] !== 1`, `NAME[x] === undefined`, `NAME[x] == null` (true when
// `x` is no key of the map `NAME`): the entry `NAME[x]`, to be read as a
// membership test by ConstantMembership; "" otherwise.
std::string MissingEntryTest(std::string_view expr);

}  // namespace errdex
