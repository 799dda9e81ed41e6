// Docstring raises: the sentence of a Python docstring that documents
// raising this class says what the error means better than the whole
// docstring (pytest's MonkeyPatch.setattr: "Raises :class:`AttributeError`
// if the attribute does not exist, unless ``raising`` is set to False."
// under thirty lines of examples). Google (`Raises:` / `X: when`), Sphinx
// (`:raises X: when`), NumPy (`Raises` / `------` / `X` / `    when`) and
// inline sentences are read; reST markup is reduced to backticks.
#pragma once

#include <string>
#include <string_view>

namespace errdex {

// The text that documents raising `error_class` in `doc`, or "".
std::string DocstringRaises(std::string_view doc, std::string_view error_class);

}  // namespace errdex
