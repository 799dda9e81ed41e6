// .NET resource files (`Strings.resx`): the messages many C# libraries keep
// out of their code. `throw new ArgumentException(
// string.Format(NpgsqlStrings.TimestampTzNoDateTimeUnspecified, value.Kind))`
// names an entry `<data name="TimestampTzNoDateTimeUnspecified"><value>
// Cannot write DateTime with Kind={0}, ..</value></data>` of
// NpgsqlStrings.resx, whose generated class has the file's name. Each entry
// becomes a text constant `NpgsqlStrings.TimestampTzNoDateTimeUnspecified`
// (resolve/link_constants.h reads it at the site, composite format kept).
#pragma once

#include <string_view>
#include <vector>

#include "errdex/facts.h"

namespace errdex {

// Whether `path` is a neutral-culture resource file (`X.resx`, not the
// translations `X.de.resx` / `X.zh-Hans.resx`, whose texts users of the
// default culture never see).
bool IsNeutralResx(std::string_view path);

// The string entries of a .resx file's text as constants named
// `<file name without .resx>.<entry name>`, each at the line of its value.
// Entries with a `type` or `mimetype` (images, serialized objects) are not
// text. Malformed XML yields the entries read before the fault.
std::vector<TextConstant> ReadResxStrings(std::string_view path, std::string_view xml);

}  // namespace errdex
