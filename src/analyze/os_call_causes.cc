// OS call causes (see os_call_causes.h). Only calls whose failure modes a
// user can act on are listed, each with the causes its manual page gives
// that come from outside the program (not EFAULT, EINVAL and the like).
#include "analyze/os_call_causes.h"

#include <map>

namespace errdex {
namespace {

const std::map<std::string_view, std::string_view>& Causes() {
  static const auto* const kCauses = new std::map<std::string_view, std::string_view>{
      {"open",
       "the file or a directory on its path does not exist, the process lacks "
       "permission, or too many files are open"},
      {"fopen",
       "the file or a directory on its path does not exist, the process lacks "
       "permission, or too many files are open"},
      {"openat",
       "the file or a directory on its path does not exist, the process lacks "
       "permission, or too many files are open"},
      {"creat", "the directory does not exist or is not writable, or the disk is full"},
      {"rename",
       "the source file does not exist, the target's directory does not exist or "
       "is not writable, the two paths are on different file systems, or the disk "
       "is full"},
      {"unlink", "the file does not exist or its directory is not writable"},
      {"remove", "the file does not exist or its directory is not writable"},
      {"mkdir",
       "a parent directory does not exist or is not writable, the path already "
       "exists, or the disk is full"},
      {"opendir", "the directory does not exist or the process may not read it"},
      {"stat", "the path does not exist, or a directory on it may not be searched"},
      {"lstat", "the path does not exist, or a directory on it may not be searched"},
      {"chdir", "the directory does not exist or may not be searched"},
      {"write", "the disk is full, a quota is exceeded, or the device reports an I/O error"},
      {"fwrite", "the disk is full, a quota is exceeded, or the device reports an I/O error"},
      {"fsync", "the disk is full, a quota is exceeded, or the device reports an I/O error"},
      {"ftruncate",
       "the descriptor is not open for writing, the length exceeds what the file "
       "system allows, or the device reports an I/O error"},
      {"read", "the device reports an I/O error, or the descriptor is not open for reading"},
      {"mmap",
       "the process hit its memory or address-space limit (`ulimit -v`, a container "
       "limit), or the file cannot be mapped (some file systems and devices refuse "
       "it)"},
      {"malloc",
       "the process is out of memory or hit a memory limit (`ulimit -v`, a "
       "container limit)"},
      {"calloc",
       "the process is out of memory or hit a memory limit (`ulimit -v`, a "
       "container limit)"},
      {"realloc",
       "the process is out of memory or hit a memory limit (`ulimit -v`, a "
       "container limit)"},
      {"atexit",
       "memory is exhausted or the system's limit on registered exit handlers is "
       "reached"},
      {"pthread_create",
       "the process or user hit its thread limit (`ulimit -u`) or memory "
       "is exhausted"},
      {"fork",
       "the process or user hit its process limit (`ulimit -u`) or memory is "
       "exhausted"},
      {"pipe", "too many files are open (`ulimit -n`)"},
      {"socket", "too many files are open (`ulimit -n`) or the protocol is not supported"},
      {"bind", "the address is already in use, or the port needs privileges (below 1024)"},
      {"listen", "the address is already in use"},
      {"connect", "nothing listens at the address, or the network or host is unreachable"},
  };
  return *kCauses;
}

}  // namespace

std::string OsCallCauses(std::string_view call, bool prints_errno) {
  auto it = Causes().find(call);
  if (it == Causes().end()) return {};
  std::string out =
      "common causes of `" + std::string(call) + "()` failing: " + std::string(it->second);
  if (prints_errno) out += " (the OS error text the message prints says which)";
  return out;
}

bool PrintsErrno(std::string_view line) {
  for (std::string_view w : {"strerror", "%m", "errno", "GetLastError", "ngx_errno"}) {
    if (line.find(w) != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace errdex
