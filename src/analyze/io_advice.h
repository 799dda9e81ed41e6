// I/O advice: for an error that reports a failed file, permission or network
// operation, the concrete thing a user checks on their side (the path exists,
// the process may read it, the server is reachable), named from the
// message, the error class and the call that failed.
#pragma once

#include <string>
#include <string_view>

namespace errdex {

// A sentence such as "Check that the file or directory the program is given
// exists and that the path is spelled right (relative paths are resolved
// from the working directory)", or "" when nothing says the error is about
// I/O. `failed_call` is the call whose failure the error reports ("" if
// unknown), already quoted as code (`os.Open(path)`); it is named in the
// sentence. `opened`: the function had opened the file and used it before
// the failure (opened_before.h), so "the path exists and may be read" is no
// advice; a failed read or load then gives "". `local_socket`: the code
// connects to a Unix-domain socket (os_error_advice.h UsesLocalSocket), so a
// failed connection is about the socket file and its server, not a network.
std::string IoAdvice(std::string_view message, std::string_view error_class,
                     std::string_view failed_call, bool opened = false, bool local_socket = false);

}  // namespace errdex
