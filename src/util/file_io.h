// Whole-file reading and durable writing, shared by the stages that keep
// files beside the database (matcher snapshots, exported datasets).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "errdex/status.h"

namespace errdex {

// The file's bytes; NotFound when it does not exist, InvalidArgument when it
// is larger than `max_bytes` (nothing is read then), IOError otherwise.
Result<std::string> ReadFileLimited(const std::string& path, size_t max_bytes);
// Writes `content` to `path` and fsyncs it (parent directories created).
Status WriteFileSynced(const std::string& path, const std::string& content);
// Fsyncs a directory, so renames inside it survive a crash.
Status SyncDir(const std::string& dir);
// Replaces `path` with `content` all at once: written and synced beside it
// under a temporary name, then renamed over it. Readers see the old or the
// new file, never a part; a failure leaves the old file as it was.
Status WriteFileAtomically(const std::string& path, const std::string& content);
// The same with the content written by `write` into the open file (at any
// offsets, with WriteAt): a large file need not be put together in memory.
// An error `write` returns is returned, and the old file stays.
Status WriteFileAtomically(const std::string& path, const std::function<Status(int fd)>& write);
// Writes all of `bytes` to `fd` at `offset` (pwrite, retried until done).
Status WriteAt(int fd, std::string_view bytes, uint64_t offset);

}  // namespace errdex
