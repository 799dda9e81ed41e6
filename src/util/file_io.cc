// File helpers: POSIX calls with errno turned into Status messages.
#include "util/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace errdex {
namespace fs = std::filesystem;

namespace {

Status Errno(const std::string& what, const std::string& path) {
  return Status::IOError(what + " " + path + ": " + std::strerror(errno));
}

}  // namespace

Result<std::string> ReadFileLimited(const std::string& path, size_t max_bytes) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return Status::NotFound("missing " + path);
    return Errno("cannot open", path);
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Status::InvalidArgument(path + " is not a regular file");
  }
  if (static_cast<size_t>(st.st_size) > max_bytes) {
    ::close(fd);
    return Status::InvalidArgument(path + " is larger than " + std::to_string(max_bytes) +
                                   " bytes");
  }
  std::string out(static_cast<size_t>(st.st_size), '\0');
  size_t done = 0;
  while (done < out.size()) {
    ssize_t n = ::read(fd, out.data() + done, out.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      Status s = Errno("cannot read", path);
      ::close(fd);
      return s;
    }
    if (n == 0) break;  // shrank while we read: return what is there
    done += static_cast<size_t>(n);
  }
  ::close(fd);
  out.resize(done);
  return out;
}

Status WriteAt(int fd, std::string_view bytes, uint64_t offset) {
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n =
        ::pwrite(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Status::IOError(std::string("cannot write: ") + std::strerror(errno));
    done += static_cast<size_t>(n);
  }
  return Status::OK();
}

namespace {

// Creates `path_arg` (parent directories too), lets `write` fill it, fsyncs.
Status WriteSynced(const std::string& path_arg, const std::function<Status(int fd)>& write) {
  fs::path path(path_arg);
  std::error_code ec;
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
  if (ec)
    return Status::IOError("cannot create " + path.parent_path().string() + ": " + ec.message());
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Errno("cannot write", path_arg);
  Status s = write(fd);
  if (s.ok() && ::fsync(fd) != 0) s = Errno("cannot sync", path_arg);
  ::close(fd);
  if (!s.ok() && s.message().starts_with("cannot write: ")) {
    return Status::IOError("cannot write " + path_arg + ": " + s.message().substr(14));
  }
  return s;
}

}  // namespace

Status WriteFileSynced(const std::string& path, const std::string& content) {
  return WriteSynced(path, [&](int fd) { return WriteAt(fd, content, 0); });
}

Status SyncDir(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return Errno("cannot open", dir);
  ::fsync(fd);
  ::close(fd);
  return Status::OK();
}

Status WriteFileAtomically(const std::string& path, const std::string& content) {
  return WriteFileAtomically(path, [&](int fd) { return WriteAt(fd, content, 0); });
}

Status WriteFileAtomically(const std::string& path, const std::function<Status(int fd)>& write) {
  std::string tmp = path + ".tmp-" + std::to_string(::getpid());
  if (Status s = WriteSynced(tmp, write); !s.ok()) {
    ::unlink(tmp.c_str());
    return s;
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    Status s = Errno("cannot rename " + tmp + " to", path);
    ::unlink(tmp.c_str());
    return s;
  }
  fs::path parent = fs::path(path).parent_path();
  return SyncDir(parent.empty() ? "." : parent.string());
}

}  // namespace errdex
