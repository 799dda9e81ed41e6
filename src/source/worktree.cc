// CountUncommittedChanges: how far a work tree is from its HEAD, so that
// `index` (which reads the commit, never the work tree) can say that edits
// were left out instead of ignoring them without a word.
#include <git2.h>

#include <filesystem>
#include <string>
#include <system_error>

#include "errdex/source.h"

namespace errdex {

int CountUncommittedChanges(const std::string& path) {
  static const int init = git_libgit2_init();
  (void)init;
  git_repository* repo = nullptr;
  if (git_repository_open_ext(&repo, path.c_str(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) != 0) {
    return 0;  // a plain directory: everything in it is indexed
  }
  int count = 0;
  // Only a work tree at PATH itself: a bare repository without a config
  // file (as mirrors are) opens as non-bare with its parent as "work tree",
  // whose every file would count as a deletion.
  std::error_code ec;
  std::string root = std::filesystem::canonical(path, ec).string() + "/";
  const char* workdir = git_repository_workdir(repo);
  if (!ec && workdir != nullptr && root == workdir && !git_repository_is_bare(repo)) {
    git_status_options opts = GIT_STATUS_OPTIONS_INIT;
    opts.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
    // As `git status` counts: an untracked directory is one entry.
    opts.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED | GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
    git_status_list* list = nullptr;
    if (git_status_list_new(&list, repo, &opts) == 0) {
      count = static_cast<int>(git_status_list_entrycount(list));
      git_status_list_free(list);
    }
  }
  git_repository_free(repo);
  return count;
}

}  // namespace errdex
