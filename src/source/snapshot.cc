// ReadSnapshot: lists and reads the files of a repository at one commit.
//
// For a git repository everything comes from the object database through
// libgit2, never from the work tree, so uncommitted edits cannot leak into
// records that claim to describe a commit. With SourceOptions::worktree the
// work tree's files are read from disk instead, and the snapshot claims a
// commit only when they are exactly HEAD's. A plain directory is walked with
// std::filesystem instead. Either way the walk never follows symlinks,
// bounds its depth, and checks a file's size before reading its content, so
// a hostile tree cannot make it loop, escape the root, or exhaust memory on
// one file.
#include <fcntl.h>
#include <git2.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "errdex/source.h"
#include "source/classify.h"

namespace errdex {
namespace {

namespace fs = std::filesystem;
using source_internal::IsIncluded;
using source_internal::IsSafePathComponent;

// Reported paths have at most this many segments; deeper trees are almost
// certainly hostile (or a generator gone wrong). The limit also bounds the
// walk's recursion.
constexpr int kMaxDepth = 64;

// A directory whose path has `segments` segments can be entered only if its
// entries stay within kMaxDepth.
bool TooDeep(int segments) { return segments + 1 > kMaxDepth; }

// ---------------------------------------------------------------------------
// libgit2 plumbing

void InitLibgit2() {
  // Never shut down: other threads may still hold handles at exit.
  static std::once_flag once;
  std::call_once(once, [] { git_libgit2_init(); });
}

struct GitFree {
  void operator()(git_repository* p) const { git_repository_free(p); }
  void operator()(git_object* p) const { git_object_free(p); }
  void operator()(git_tree* p) const { git_tree_free(p); }
  void operator()(git_blob* p) const { git_blob_free(p); }
  void operator()(git_config* p) const { git_config_free(p); }
  void operator()(git_odb* p) const { git_odb_free(p); }
};
template <typename T>
using GitPtr = std::unique_ptr<T, GitFree>;

std::string GitError() {
  const git_error* e = git_error_last();
  return e && e->message ? e->message : "unknown libgit2 error";
}

// ---------------------------------------------------------------------------
// Shared by both walkers

// owner/name as hosts spell them: letters, digits, '-', '_' and '.', no part
// starting with '-' (read as an option by git and shells), no owner
// starting with '.' and no name ".git" (a name is a path in `export` and in
// page URLs: ".git/x" or "x/.git" would write into a git directory).
bool ValidRepoName(std::string_view repo) {
  size_t slash = repo.find('/');
  if (slash == std::string_view::npos) return false;
  std::string_view owner = repo.substr(0, slash), name = repo.substr(slash + 1);
  auto ok = [](std::string_view part) {
    if (part.empty() || part.size() > 100 || part.front() == '-') return false;
    if (part == "." || part == "..") return false;
    return std::all_of(part.begin(), part.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             c == '-' || c == '_' || c == '.';
    });
  };
  auto is_git = [](std::string_view part) {
    return part.size() == 4 && part[0] == '.' && (part[1] | 0x20) == 'g' &&
           (part[2] | 0x20) == 'i' && (part[3] | 0x20) == 't';
  };
  return ok(owner) && ok(name) && owner.front() != '.' && !is_git(name);
}

std::string JoinPath(const std::string& dir, std::string_view name) {
  return dir.empty() ? std::string(name) : dir + "/" + std::string(name);
}

// Collects files into a Snapshot, applying the skip rules in a fixed order:
// walkers call Skip() for what they can judge alone (symlinks, submodules,
// depth), then for each regular file WantsContent() (path rules), SizeOk()
// before reading, and AddContent() (content rules, UTF-8 repair).
class Collector {
 public:
  Collector(Snapshot* snap, const SkipRules& rules, bool (*wanted)(std::string_view))
      : snap_(snap), rules_(rules), wanted_(wanted) {}

  void Skip(std::string path, const char* reason) {
    snap_->skipped.push_back({std::move(path), reason});
  }

  // A name unfit for reports is skipped under a repaired, printable form.
  bool CheckName(const std::string& dir, std::string_view name) {
    if (IsSafePathComponent(name)) return true;
    std::string shown(name);
    RepairUtf8(&shown);
    for (char& c : shown) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    }
    Skip(JoinPath(dir, shown), "bad-path");
    return false;
  }

  // Path-level checks; returns false if the file needs no reading.
  bool WantsContent(const std::string& path) {
    if (wanted_ && !wanted_(path)) {
      // Docs, configuration and data are not code in another language.
      if (source_internal::IsSourceInAnyLanguage(path)) ++snap_->unsupported;
      return false;
    }
    std::string reason = ClassifyPath(path, rules_);
    if (!reason.empty()) {
      Skip(path, reason.c_str());
      return false;
    }
    return true;
  }

  // Size check to run before reading; returns false if too large.
  bool SizeOk(const std::string& path, uint64_t size) {
    if (size <= rules_.max_file_bytes) return true;
    Skip(path, "too-large");
    return false;
  }

  // Content-level checks, then keeps the file.
  void AddContent(const std::string& path, std::string_view content, std::string blob = "") {
    std::string reason = ClassifyContent(content, rules_);
    bool overridable = reason == "generated";
    if (!reason.empty() && !(overridable && IsIncluded(path, rules_))) {
      Skip(path, reason.c_str());
      return;
    }
    SourceFile file{path, std::string(content), false, std::move(blob)};
    file.repaired_utf8 = RepairUtf8(&file.content);
    if (LoneCrEndsLine(path)) EndLinesWithNewline(&file.content);
    snap_->files.push_back(std::move(file));
  }

  // Python, JavaScript, Java, Kotlin, C, C++, C# and PHP read a lone CR as a
  // line end; Go, Rust and Ruby count only LF (a lone CR is white space to
  // them: Ruby warns "treated as a mere space"), and so does tree-sitter.
  static bool LoneCrEndsLine(std::string_view path) {
    for (std::string_view ext : {".go", ".rs", ".rb", ".rake", ".gemspec"}) {
      if (path.ends_with(ext)) return false;
    }
    return !(path == "Rakefile" || path.ends_with("/Rakefile"));
  }

  // Where the language reads a lone CR as a line end, tree-sitter (and
  // everything after it) would still count only LF: a file saved with old
  // Mac line ends would put every record on line 1. A lone CR becomes LF,
  // which keeps every byte offset; CRLF is left as it is.
  static void EndLinesWithNewline(std::string* content) {
    for (size_t i = content->find('\r'); i != std::string::npos; i = content->find('\r', i + 1)) {
      if (i + 1 == content->size() || (*content)[i + 1] != '\n') (*content)[i] = '\n';
    }
  }

  const SkipRules& rules() const { return rules_; }

 private:
  Snapshot* snap_;
  const SkipRules& rules_;
  bool (*wanted_)(std::string_view);
};

void SortSnapshot(Snapshot* snap) {
  std::sort(snap->files.begin(), snap->files.end(),
            [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
  std::sort(snap->skipped.begin(), snap->skipped.end(),
            [](const SkippedFile& a, const SkippedFile& b) { return a.path < b.path; });
}

// ---------------------------------------------------------------------------
// Git repositories

class GitWalker {
 public:
  GitWalker(git_repository* repo, git_odb* odb, Collector* out)
      : repo_(repo), odb_(odb), out_(out) {}

  void Walk(const git_tree* tree, const std::string& dir, int depth) {
    size_t n = git_tree_entrycount(tree);
    for (size_t i = 0; i < n; ++i) {
      const git_tree_entry* entry = git_tree_entry_byindex(tree, i);
      std::string_view name = git_tree_entry_name(entry);
      if (!out_->CheckName(dir, name)) continue;
      std::string path = JoinPath(dir, name);
      switch (git_tree_entry_filemode(entry)) {
        case GIT_FILEMODE_TREE:
          Subtree(entry, path, depth + 1);
          break;
        case GIT_FILEMODE_LINK:
          out_->Skip(path, "symlink");
          break;
        case GIT_FILEMODE_COMMIT:
          out_->Skip(path, "submodule");
          break;
        case GIT_FILEMODE_BLOB:
        case GIT_FILEMODE_BLOB_EXECUTABLE:
          Blob(entry, path);
          break;
        default:
          out_->Skip(path, "special-file");
          break;
      }
    }
  }

 private:
  // `depth` is the number of segments of `path`.
  void Subtree(const git_tree_entry* entry, const std::string& path, int depth) {
    if (TooDeep(depth)) {
      out_->Skip(path, "too-deep");
      return;
    }
    git_tree* raw = nullptr;
    if (git_tree_lookup(&raw, repo_, git_tree_entry_id(entry)) != 0) {
      out_->Skip(path, "unreadable");  // e.g. a partial clone
      return;
    }
    GitPtr<git_tree> sub(raw);
    Walk(sub.get(), path, depth);
  }

  void Blob(const git_tree_entry* entry, const std::string& path) {
    if (!out_->WantsContent(path)) return;
    const git_oid* id = git_tree_entry_id(entry);
    // The header gives the size without inflating the object.
    size_t size = 0;
    git_object_t type = GIT_OBJECT_INVALID;
    if (git_odb_read_header(&size, &type, odb_, id) != 0 || type != GIT_OBJECT_BLOB) {
      out_->Skip(path, "unreadable");
      return;
    }
    if (!out_->SizeOk(path, size)) return;
    git_blob* raw = nullptr;
    if (git_blob_lookup(&raw, repo_, id) != 0) {
      out_->Skip(path, "unreadable");
      return;
    }
    GitPtr<git_blob> blob(raw);
    auto len = static_cast<size_t>(git_blob_rawsize(blob.get()));
    if (!out_->SizeOk(path, len)) return;
    char hex[GIT_OID_HEXSZ + 1];
    git_oid_tostr(hex, sizeof hex, id);
    out_->AddContent(path, {static_cast<const char*>(git_blob_rawcontent(blob.get())), len}, hex);
  }

  git_repository* repo_;
  git_odb* odb_;
  Collector* out_;
};

// Resolves rev to a commit; fills *sha and *tree.
Status ResolveCommit(git_repository* repo, const std::string& path, const std::string& rev,
                     std::string* sha, GitPtr<git_tree>* tree) {
  if (git_repository_is_empty(repo) == 1 || git_repository_head_unborn(repo) == 1) {
    if (rev == "HEAD") {
      return Status::InvalidArgument(path + " is an empty git repository: HEAD has no commits");
    }
  }
  git_object* raw = nullptr;
  int rc = git_revparse_single(&raw, repo, rev.c_str());
  if (rc == GIT_EAMBIGUOUS) {
    return Status::InvalidArgument("revision '" + rev + "' is ambiguous in " + path);
  }
  // libgit2's own words ("revspec 'x' not found") would only repeat these.
  if (rc == GIT_ENOTFOUND) return Status::NotFound("revision '" + rev + "' not found in " + path);
  if (rc != 0) {
    return Status::NotFound("revision '" + rev + "' not found in " + path + ": " + GitError());
  }
  GitPtr<git_object> obj(raw);
  git_object* peeled = nullptr;
  if (git_object_peel(&peeled, obj.get(), GIT_OBJECT_COMMIT) != 0) {
    return Status::InvalidArgument("revision '" + rev + "' does not name a commit: " + GitError());
  }
  GitPtr<git_object> commit(peeled);
  char hex[GIT_OID_HEXSZ + 1];
  git_oid_tostr(hex, sizeof hex, git_object_id(commit.get()));
  *sha = hex;
  git_tree* tree_raw = nullptr;
  if (git_commit_tree(&tree_raw, reinterpret_cast<git_commit*>(commit.get())) != 0) {
    return Status::Corruption("cannot read the tree of commit " + *sha + ": " + GitError());
  }
  tree->reset(tree_raw);
  return Status::OK();
}

Status RepoName(git_repository* repo, const SourceOptions& options, std::string* name) {
  if (!options.repo.empty()) {
    *name = options.repo;
    return Status::OK();
  }
  // Read the config rather than git_remote_lookup(): libgit2 1.5 with the
  // system pcre2 leaks regex match data on every remote lookup.
  git_config* raw = nullptr;
  if (git_repository_config_snapshot(&raw, repo) != 0) {
    return Status::IOError("cannot read the git config: " + GitError());
  }
  GitPtr<git_config> config(raw);
  const char* url = nullptr;
  if (git_config_get_string(&url, config.get(), "remote.origin.url") != 0 || !url) {
    return Status::InvalidArgument(
        "cannot tell the repository name: no origin remote; pass --repo owner/name");
  }
  *name = RepoFromRemoteUrl(url);
  if (name->empty()) {
    return Status::InvalidArgument("cannot tell the repository name from origin URL '" +
                                   std::string(url) + "'; pass --repo owner/name");
  }
  return Status::OK();
}

Result<Snapshot> ReadGit(git_repository* repo, const std::string& path,
                         const SourceOptions& options, bool (*wanted)(std::string_view)) {
  Snapshot snap;
  if (Status s = RepoName(repo, options, &snap.repo); !s.ok()) return s;
  GitPtr<git_tree> tree;
  if (Status s = ResolveCommit(repo, path, options.rev, &snap.sha, &tree); !s.ok()) return s;
  git_odb* odb_raw = nullptr;
  if (git_repository_odb(&odb_raw, repo) != 0) {
    return Status::IOError("cannot open the object database of " + path + ": " + GitError());
  }
  GitPtr<git_odb> odb(odb_raw);
  Collector collector(&snap, options.rules, wanted);
  GitWalker(repo, odb.get(), &collector).Walk(tree.get(), "", 0);
  SortSnapshot(&snap);
  return snap;
}

// ---------------------------------------------------------------------------
// Plain directories

class DirWalker {
 public:
  explicit DirWalker(Collector* out) : out_(out) {}

  // Returns an error only if the root itself cannot be listed.
  Status Walk(const fs::path& root) {
    std::error_code ec;
    fs::directory_iterator it(root, fs::directory_options::none, ec);
    if (ec) return Status::IOError("cannot list " + root.string() + ": " + ec.message());
    WalkFrom(std::move(it), "", 0);
    return Status::OK();
  }

  // Reads one regular file at `full` as `path` (also used for work trees).
  void File(const fs::path& full, const std::string& path) {
    if (!out_->WantsContent(path)) return;
    // O_NOFOLLOW and the fstat below close the race with an entry swapped
    // for a symlink or fifo after it was listed.
    int fd = open(full.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
      out_->Skip(path, errno == ELOOP ? "symlink" : "unreadable");
      return;
    }
    std::string content;
    const char* reason = ReadFd(fd, &content);
    close(fd);
    if (reason) {
      out_->Skip(path, reason);
      return;
    }
    out_->AddContent(path, content);
  }

 private:
  void WalkDir(const fs::path& dir, const std::string& rel, int depth) {
    std::error_code ec;
    fs::directory_iterator it(dir, fs::directory_options::none, ec);
    if (ec) {
      out_->Skip(rel, "unreadable");
      return;
    }
    WalkFrom(std::move(it), rel, depth);
  }

  void WalkFrom(fs::directory_iterator it, const std::string& rel, int depth) {
    std::error_code ec;
    for (; it != fs::directory_iterator(); it.increment(ec)) {
      if (ec) break;
      Entry(*it, rel, depth);
    }
    if (ec) out_->Skip(rel.empty() ? "." : rel, "unreadable");
  }

  void Entry(const fs::directory_entry& entry, const std::string& dir, int depth) {
    std::string name = entry.path().filename().string();
    if (!out_->CheckName(dir, name)) return;
    std::string path = JoinPath(dir, name);
    std::error_code ec;
    fs::file_status st = entry.symlink_status(ec);  // lstat: never follows
    if (ec) {
      out_->Skip(path, "unreadable");
    } else if (fs::is_symlink(st)) {
      out_->Skip(path, "symlink");
    } else if (fs::is_directory(st)) {
      if (name == ".git") return;  // a nested repository's metadata
      if (TooDeep(depth + 1)) {
        out_->Skip(path, "too-deep");
      } else {
        WalkDir(entry.path(), path, depth + 1);
      }
    } else if (fs::is_regular_file(st)) {
      File(entry.path(), path);
    } else {
      out_->Skip(path, "special-file");
    }
  }

  // Reads the file, noticing if it grew past the limit after fstat;
  // returns a skip reason or null.
  const char* ReadFd(int fd, std::string* content) {
    struct stat st;
    if (fstat(fd, &st) != 0) return "unreadable";
    if (!S_ISREG(st.st_mode)) return "special-file";
    const size_t limit = out_->rules().max_file_bytes;
    if (static_cast<uint64_t>(st.st_size) > limit) return "too-large";
    content->resize(static_cast<size_t>(st.st_size) + 1);  // +1 sees growth
    size_t got = 0;
    for (;;) {
      if (got == content->size()) {
        if (got > limit) return "too-large";
        content->resize(std::min(got * 2, limit + 1));
      }
      ssize_t n = read(fd, content->data() + got, content->size() - got);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return "unreadable";
      if (n == 0) break;
      got += static_cast<size_t>(n);
    }
    content->resize(got);
    return nullptr;
  }

  Collector* out_;
};

Result<Snapshot> ReadDirectory(const std::string& path, const SourceOptions& options,
                               bool (*wanted)(std::string_view)) {
  if (options.repo.empty()) {
    return Status::InvalidArgument(path +
                                   " is not a git repository; pass --repo owner/name to "
                                   "index it as a plain directory");
  }
  if (!options.rev.empty() && options.rev != "HEAD") {
    return Status::InvalidArgument(path + " is not a git repository, so --rev " + options.rev +
                                   " cannot be resolved");
  }
  Snapshot snap;
  snap.repo = options.repo;
  snap.note = "not a git repository: no commit pins these records (githubUrl points at HEAD)";
  Collector collector(&snap, options.rules, wanted);
  if (Status s = DirWalker(&collector).Walk(path); !s.ok()) return s;
  SortSnapshot(&snap);
  return snap;
}

// ---------------------------------------------------------------------------
// Work trees (--worktree)

// The work tree's files as `git ls-files --cached --others
// --exclude-standard` lists them: the index's paths (stage 0 and conflicted
// ones once) and untracked files that are not ignored, with the index's
// mode for tracked ones (symlinks and submodules are skipped as in a commit).
struct WorktreeEntry {
  std::string path;
  uint32_t mode = GIT_FILEMODE_BLOB;
};

Status ListWorktree(git_repository* repo, std::vector<WorktreeEntry>* entries, int* changes) {
  git_index* index_raw = nullptr;
  if (git_repository_index(&index_raw, repo) != 0) {
    return Status::IOError("cannot read the git index: " + GitError());
  }
  std::unique_ptr<git_index, void (*)(git_index*)> index(index_raw, git_index_free);
  size_t n = git_index_entrycount(index.get());
  for (size_t i = 0; i < n; ++i) {
    const git_index_entry* e = git_index_get_byindex(index.get(), i);
    if (e == nullptr) continue;
    if (!entries->empty() && entries->back().path == e->path) continue;  // conflict stages
    entries->push_back({e->path, e->mode});
  }
  git_status_options opts = GIT_STATUS_OPTIONS_INIT;
  opts.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
  opts.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS |
               GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
  git_status_list* list_raw = nullptr;
  if (git_status_list_new(&list_raw, repo, &opts) != 0) {
    return Status::IOError("cannot list the work tree's changes: " + GitError());
  }
  std::unique_ptr<git_status_list, void (*)(git_status_list*)> list(list_raw, git_status_list_free);
  *changes = static_cast<int>(git_status_list_entrycount(list.get()));
  for (size_t i = 0; i < static_cast<size_t>(*changes); ++i) {
    const git_status_entry* e = git_status_byindex(list.get(), i);
    if (e != nullptr && (e->status & GIT_STATUS_WT_NEW) && e->index_to_workdir != nullptr) {
      entries->push_back({e->index_to_workdir->new_file.path, GIT_FILEMODE_BLOB});
    }
  }
  std::sort(entries->begin(), entries->end(),
            [](const WorktreeEntry& a, const WorktreeEntry& b) { return a.path < b.path; });
  return Status::OK();
}

// Reads the listed files from disk under `root`. A path whose directories
// are not real directories on disk (a symlink put there since) is skipped as
// a symlink, so that nothing outside the work tree is read; a tracked file
// deleted from disk is simply not there.
void ReadWorktreeFiles(const fs::path& root, const std::vector<WorktreeEntry>& entries,
                       Collector* collector) {
  DirWalker reader(collector);
  std::set<std::string> real_dirs;
  for (const WorktreeEntry& e : entries) {
    std::vector<std::string_view> parts;
    std::string_view rest = e.path;
    for (size_t slash; (slash = rest.find('/')) != std::string_view::npos;) {
      parts.push_back(rest.substr(0, slash));
      rest.remove_prefix(slash + 1);
    }
    parts.push_back(rest);
    std::string dir;
    bool ok = static_cast<int>(parts.size()) <= kMaxDepth;
    for (size_t i = 0; ok && i < parts.size(); ++i) {
      ok = collector->CheckName(dir, parts[i]);
      if (ok && i + 1 < parts.size()) {
        dir = JoinPath(dir, parts[i]);
        if (real_dirs.count(dir)) continue;
        struct stat st;
        if (lstat((root / dir).c_str(), &st) != 0) {
          ok = false;  // gone from disk
        } else if (!S_ISDIR(st.st_mode)) {
          collector->Skip(e.path, "symlink");
          ok = false;
        } else {
          real_dirs.insert(dir);
        }
      }
    }
    if (!ok) continue;
    if (static_cast<int>(parts.size()) > kMaxDepth) {
      collector->Skip(e.path, "too-deep");
    } else if (e.mode == GIT_FILEMODE_LINK) {
      collector->Skip(e.path, "symlink");
    } else if (e.mode == GIT_FILEMODE_COMMIT) {
      collector->Skip(e.path, "submodule");
    } else if (struct stat st; lstat((root / e.path).c_str(), &st) == 0) {
      if (S_ISLNK(st.st_mode)) {
        collector->Skip(e.path, "symlink");
      } else if (!S_ISREG(st.st_mode)) {
        collector->Skip(e.path, "special-file");
      } else {
        reader.File(root / e.path, e.path);
      }
    }
  }
}

Result<Snapshot> ReadWorktree(git_repository* repo, const std::string& path,
                              const SourceOptions& options, bool (*wanted)(std::string_view)) {
  if (!options.rev.empty() && options.rev != "HEAD") {
    return Status::InvalidArgument(
        "--worktree reads the files on disk; it cannot be combined "
        "with --rev " +
        options.rev);
  }
  // As CountUncommittedChanges: only a work tree at PATH itself (a bare
  // mirror without a config file opens with its parent as "work tree").
  std::error_code ec;
  std::string root = fs::canonical(path, ec).string() + "/";
  const char* workdir = git_repository_workdir(repo);
  if (ec || workdir == nullptr || root != workdir || git_repository_is_bare(repo)) {
    return Status::InvalidArgument(path +
                                   " is a bare repository: it has no work tree for "
                                   "--worktree to read");
  }
  Snapshot snap;
  if (Status s = RepoName(repo, options, &snap.repo); !s.ok()) return s;
  std::string head;
  GitPtr<git_tree> tree;
  bool unborn = git_repository_head_unborn(repo) == 1;
  if (!unborn) {
    if (Status s = ResolveCommit(repo, path, "HEAD", &head, &tree); !s.ok()) return s;
  }
  std::vector<WorktreeEntry> entries;
  int changes = 0;
  if (Status s = ListWorktree(repo, &entries, &changes); !s.ok()) return s;
  if (changes == 0 && !unborn) {
    snap.sha = head;  // the files are exactly HEAD's: the commit pins them
  } else {
    snap.note = "work tree read from disk (" +
                (unborn ? std::string("no commit yet")
                        : "HEAD " + head.substr(0, 12) + " and " + std::to_string(changes) +
                              " uncommitted change" + (changes == 1 ? "" : "s")) +
                "): no commit pins these records (githubUrl points at HEAD)";
  }
  Collector collector(&snap, options.rules, wanted);
  ReadWorktreeFiles(root, entries, &collector);
  SortSnapshot(&snap);
  return snap;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The path part of a remote URL: after "scheme://host[:port]/" for URLs,
// after "host:" for scp-like remotes, the whole thing for local paths.
std::string_view UrlPath(std::string_view url) {
  size_t scheme = url.find("://");
  if (scheme != std::string_view::npos) {
    std::string_view rest = url.substr(scheme + 3);
    size_t slash = rest.find('/');
    return slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
  }
  size_t colon = url.find(':');
  size_t slash = url.find('/');
  if (colon != std::string_view::npos && (slash == std::string_view::npos || colon < slash)) {
    return url.substr(colon + 1);  // [user@]host:owner/name
  }
  return url;
}

}  // namespace

std::string RepoFromRemoteUrl(const std::string& url) {
  std::string_view path = UrlPath(Trim(url));
  size_t cut = path.find_first_of("?#");
  if (cut != std::string_view::npos) path = path.substr(0, cut);
  while (path.ends_with('/')) path.remove_suffix(1);
  if (path.ends_with(".git")) path.remove_suffix(4);
  while (path.ends_with('/')) path.remove_suffix(1);
  size_t last = path.rfind('/');
  if (last == std::string_view::npos) return "";
  std::string_view name = path.substr(last + 1);
  std::string_view rest = path.substr(0, last);
  size_t prev = rest.rfind('/');
  std::string_view owner = prev == std::string_view::npos ? rest : rest.substr(prev + 1);
  std::string repo = std::string(owner) + "/" + std::string(name);
  return ValidRepoName(repo) ? repo : "";
}

std::map<std::string, int> Snapshot::SkipCounts() const {
  std::map<std::string, int> counts;
  for (const SkippedFile& s : skipped) ++counts[s.reason];
  return counts;
}

Result<Snapshot> ReadSnapshot(const std::string& path, const SourceOptions& options,
                              bool (*wanted)(std::string_view path)) {
  if (!options.repo.empty() && !ValidRepoName(options.repo)) {
    return Status::InvalidArgument("bad repository name '" + options.repo +
                                   "': expected owner/name (letters, digits, '-', '_', '.'; "
                                   "not starting with '-', an owner not starting with '.', "
                                   "a name other than .git)");
  }
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st)) return Status::NotFound(path + " does not exist");
  if (!fs::is_directory(st)) return Status::InvalidArgument(path + " is not a directory");

  InitLibgit2();
  git_repository* raw = nullptr;
  int rc = git_repository_open_ext(&raw, path.c_str(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr);
  if (rc == GIT_ENOTFOUND) return ReadDirectory(path, options, wanted);
  if (rc == GIT_EOWNER) {
    return Status::InvalidArgument(path +
                                   " is owned by another user and git's safe.directory "
                                   "does not list it: " +
                                   GitError());
  }
  if (rc != 0) return Status::IOError("cannot open git repository " + path + ": " + GitError());
  GitPtr<git_repository> repo(raw);
  if (options.worktree) return ReadWorktree(repo.get(), path, options, wanted);
  return ReadGit(repo.get(), path, options, wanted);
}

}  // namespace errdex
