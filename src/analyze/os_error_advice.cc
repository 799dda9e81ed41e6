// OS error advice (see os_error_advice.h). The causes per call follow the
// manual pages, keeping only those that come from outside the program (no
// EFAULT, EBADF, EINVAL): a user can act on a missing path or a full disk,
// not on a bad pointer.
#include "analyze/os_error_advice.h"

#include <optional>
#include <regex>

#include "util/text.h"

namespace errdex {
namespace {

// One errno class: the names that select it, the reason text users see, and
// what it means for a call of this kind ($P: the path words, $C: the call).
struct Cause {
  std::vector<std::string> codes;
  std::string reason;
  std::string meaning;
  // What the call works on for this cause to be possible: 0 anything, 1 a
  // file, 2 a stream (a socket or a pipe): a socket's write is never "No
  // space left on device"; 3 a call that opens a descriptor (`chmod` runs
  // out of none).
  int on = 0;
};

struct Kind {
  std::vector<std::string_view> names;  // system calls of this kind
  std::vector<std::string_view> words;  // message words that name it
  std::vector<Cause> causes;            // most likely first
  bool path = false;                    // its first argument is a path
};

const Cause kNoEnt{{"ENOENT"},
                   "No such file or directory",
                   "$P does not exist: check its spelling, and that a relative path is meant "
                   "from the working directory of the process"};
const Cause kAccess{{"EACCES", "EPERM"},
                    "Permission denied\u201d or \u201cOperation not permitted",
                    "the user running the process may not use $P (its mode and owner, and "
                    "search permission on every directory above it)"};
const Cause kFiles{{"EMFILE", "ENFILE"},
                   "Too many open files",
                   "the process or the system ran out of file descriptors: raise the limit "
                   "(`ulimit -n`) or close descriptors that are no longer needed",
                   3};
const Cause kSpace{{"ENOSPC", "EDQUOT"},
                   "No space left on device\u201d or \u201cDisk quota exceeded",
                   "the file system it writes to is full or the user's quota there is used up: "
                   "free space there"};
const Cause kReadOnly{{"EROFS"},
                      "Read-only file system",
                      "the file system it writes to is mounted read-only: write somewhere else"};

const std::vector<Kind>& Kinds() {
  static const auto* const kKinds = new std::vector<Kind>{
      // 0: opening or looking up a path
      {{"open", "fopen", "openat", "creat", "opendir", "stat", "lstat", "access", "realpath",
        "readlink", "chdir", "freopen", "truncate", "chmod", "xopen", "xfopen"},
       {"open", "access", "stat", "read", "load"},
       {kNoEnt, kAccess, kFiles},
       true},
      // 1: creating a directory
      {{"mkdir", "mkdirat", "mkdtemp"},
       {"mkdir", "create", "make"},
       {{{"EEXIST"}, "File exists", "$P already exists: remove it or use another name"},
        {{"ENOENT"},
         "No such file or directory",
         "a directory above $P does not exist: create it first"},
        kAccess,
        kSpace},
       true},
      // 2: renaming
      {{"rename", "renameat", "link", "symlink"},
       {"rename", "move", "link"},
       {{{"ENOENT"},
         "No such file or directory",
         "the file to rename or the directory it goes to does not exist"},
        {kAccess.codes, kAccess.reason,
         "the user running the process may not write the directories of both paths"},
        {{"EXDEV"},
         "Invalid cross-device link",
         "the two paths are on different file systems: keep them on one"},
        kSpace},
       true},
      // 3: removing
      {{"unlink", "remove", "rmdir", "unlinkat"},
       {"unlink", "remove", "delete", "rmdir"},
       {kNoEnt,
        {kAccess.codes, kAccess.reason,
         "the user running the process may not write the directory that holds $P"},
        {{"ENOTEMPTY", "EEXIST"},
         "Directory not empty",
         "the directory $P still has entries: remove them first"}},
       true},
      // 4: writing
      {{"write", "fwrite", "pwrite", "fsync", "fdatasync", "fflush", "ftruncate", "send", "sendto",
        "sendmsg", "xwrite", "write_in_full"},
       {"write", "send", "flush", "sync"},
       {{kSpace.codes, kSpace.reason, kSpace.meaning, 1},
        {{"EPIPE", "ECONNRESET"},
         "Broken pipe\u201d or \u201cConnection reset by peer",
         "the other end (the reading process or the peer) closed its side before this "
         "was written: find out why it went away",
         2},
        {{"EIO"}, "Input/output error", "the device reported an error: check its health", 1},
        {kReadOnly.codes, kReadOnly.reason, kReadOnly.meaning, 1}}},
      // 5: reading
      {{"read", "fread", "pread", "recv", "recvfrom", "recvmsg", "xread", "read_in_full"},
       {"read", "recv", "receive"},
       {{{"ECONNRESET"},
         "Connection reset by peer",
         "the peer closed the connection while this side was reading: find out why it "
         "went away",
         2},
        {{"EIO"}, "Input/output error", "the device reported an error: check its health", 1},
        {{"EISDIR"}, "Is a directory", "the path read is a directory, not a file", 1}}},
      // 6: connecting over the network
      {{"connect"},
       {"connect"},
       {{{"ECONNREFUSED"},
         "Connection refused",
         "nothing listens at that host and port: the server is not running, or listens "
         "on another port or address"},
        {{"ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"},
         "Connection timed out\u201d or \u201cNo route to host",
         "the host cannot be reached from this machine: check the address, the firewall "
         "and the route"}}},
      // 7: binding or listening
      {{"bind", "listen"},
       {"bind", "listen"},
       {{{"EADDRINUSE"},
         "Address already in use",
         "another process already listens on that port (or, for a Unix socket, the "
         "socket file exists): stop it or choose another port"},
        {{"EACCES"},
         "Permission denied",
         "ports below 1024 need privileges: use a higher port or run with the right to "
         "bind it"},
        {{"EADDRNOTAVAIL"},
         "Cannot assign requested address",
         "the address is not one of this machine's: check the configured address"}}},
      // 8: a new descriptor
      {{"pipe", "pipe2", "socket", "socketpair", "accept", "accept4", "dup", "dup2", "epoll_create",
        "epoll_create1", "kqueue", "eventfd", "inotify_init", "inotify_init1"},
       {"pipe", "socket", "accept", "descriptor"},
       {kFiles}},
      // 9: a new process or thread
      {{"fork", "vfork", "pthread_create", "posix_spawn", "clone"},
       {"fork", "thread", "spawn", "process"},
       {{{"EAGAIN"},
         "Resource temporarily unavailable",
         "the user or process hit its limit on processes or threads (`ulimit -u`, a "
         "container's pids limit)"},
        {{"ENOMEM"}, "Cannot allocate memory", "memory is exhausted"}}},
      // 10: running a program
      {{"execv", "execvp", "execve", "execl", "execlp", "execvpe"},
       {"exec", "run", "start"},
       {{{"ENOENT"},
         "No such file or directory",
         "the program $P is not installed or not on the `PATH`"},
        {{"EACCES"},
         "Permission denied",
         "the program $P is not executable by the user running the process"}},
       true},
      // 11: connecting to a Unix-domain socket (chosen for kind 6 by the code)
      {{},
       {"connect"},
       {{{"ENOENT"},
         "No such file or directory",
         "the socket file $P does not exist: the server or daemon that creates it is not "
         "running"},
        {{"ECONNREFUSED"},
         "Connection refused",
         "the socket file $P exists but no process accepts on it: a server that stopped "
         "left it behind, so start the server (or remove the stale file)"},
        {kAccess.codes, kAccess.reason,
         "the user running the process may not use the socket file $P or search its "
         "directory"}},
       true},
  };
  return *kKinds;
}

constexpr int kUnixConnect = 11;

// Words of an identifier: `unix_stream_connect` -> unix, stream, connect;
// `anetPipe` -> anet, pipe.
std::vector<std::string> Words(const std::string& name) {
  std::vector<std::string> out;
  std::string cur;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    bool upper = std::isupper(static_cast<unsigned char>(c));
    if (c == '_' ||
        (upper && !cur.empty() && !std::isupper(static_cast<unsigned char>(name[i - 1])))) {
      if (!cur.empty()) out.push_back(ToLower(cur));
      cur.clear();
      if (c == '_') continue;
    }
    cur += c;
  }
  if (!cur.empty()) out.push_back(ToLower(cur));
  return out;
}

// The kind of a call by its name: the name itself, else its last word, else
// the word before a last word that names what it works on
// (`mux_client_write_packet`, `ngx_write_fd`); never a name that closes,
// frees or queries (`ngx_close_socket`).
int KindOf(const std::string& name) {
  // `ReadFile`, `CreateFileW`: Windows API calls report no errno names.
  if (name.empty() || std::isupper(static_cast<unsigned char>(name[0]))) return -1;
  const auto& kinds = Kinds();
  auto find = [&](std::string_view n) {
    for (size_t k = 0; k < kinds.size(); ++k) {
      for (std::string_view x : kinds[k].names) {
        if (x == n) return static_cast<int>(k);
      }
    }
    return -1;
  };
  if (int k = find(name); k >= 0) return k;
  std::vector<std::string> w = Words(name);
  if (w.size() < 2) return -1;
  for (const std::string& x : w) {
    for (std::string_view no : {"close", "free", "shutdown", "destroy", "release", "set", "get",
                                "is", "has", "init", "info", "name", "error", "err", "log"}) {
      if (x == no) return -1;
    }
  }
  if (int k = find(w.back()); k >= 0) return k;
  static const std::set<std::string> kObjects = {"packet",   "fd",    "file", "full", "all",
                                                 "data",     "buf",   "line", "safe", "retry",
                                                 "nonblock", "noerr", "bytes"};
  if (kObjects.count(w.back())) return find(w[w.size() - 2]);
  return -1;
}

struct CallText {
  std::string name, text;
  size_t pos = 0;
};

// The calls in `expr`, outermost first, with their argument text.
std::vector<CallText> Calls(const std::string& expr) {
  static const std::regex kCall(R"(([A-Za-z_]\w*)\s*\()");
  static const std::set<std::string> kNot = {"if",       "while",  "sizeof", "return",
                                             "strerror", "switch", "for",    "defined"};
  std::vector<CallText> out;
  for (auto it = std::sregex_iterator(expr.begin(), expr.end(), kCall);
       it != std::sregex_iterator(); ++it) {
    std::string name = (*it)[1];
    if (kNot.count(name)) continue;
    size_t open = it->position(0) + it->length(0) - 1;
    int depth = 0;
    size_t close = open;
    for (; close < expr.size(); ++close) {
      if (expr[close] == '(') ++depth;
      if (expr[close] == ')' && --depth == 0) break;
    }
    if (close >= expr.size()) continue;
    out.push_back({name, expr.substr(it->position(0), close + 1 - it->position(0)),
                   static_cast<size_t>(it->position(0))});
  }
  return out;
}

// The first argument of `call` ("open(path, O_RDONLY)" -> "path"), "" when
// there is none.
std::string FirstArgument(const std::string& call) {
  size_t open = call.find('(');
  if (open == std::string::npos) return {};
  int depth = 0;
  size_t i = open + 1;
  for (; i < call.size(); ++i) {
    char c = call[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') {
      if (depth == 0) break;
      --depth;
    }
    if (c == ',' && depth == 0) break;
  }
  std::string arg = call.substr(open + 1, i - open - 1);
  return std::string(Trim(arg));
}

// The lines of the same-file function `name` defines ("" when the file does
// not define it): from its header at the start of a line to the `}` that
// closes it at the start of a line (C's layout). Every definition, joined:
// one per platform under `#ifdef` (git's `connection_fatally_broken`).
std::vector<std::pair<int, std::string>> BodiesOf(const std::vector<std::string_view>& lines,
                                                  const std::string& name) {
  std::vector<std::pair<int, std::string>> out;
  std::optional<std::regex> header;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view l = lines[i];
    if (l.empty() || std::isspace(static_cast<unsigned char>(l[0]))) continue;
    if (l.find(name) == std::string_view::npos || Trim(l).ends_with(";")) continue;
    if (!header) header.emplace("^(?:[A-Za-z_][\\w \\t\\*]*[\\s\\*])?" + name + "\\s*\\(");
    if (!std::regex_search(l.begin(), l.end(), *header)) continue;
    std::string body;
    for (size_t j = i; j < lines.size() && j < i + 200; ++j) {
      body += std::string(lines[j]) + "\n";
      if (j > i && lines[j].starts_with("}")) break;
    }
    out.emplace_back(static_cast<int>(i) + 1, body);
  }
  return out;
}

// The errno names `text` compares with: `!= ENOENT` to `ne`, `== ENOENT` to `eq`.
void ErrnoTests(const std::string& text, std::set<std::string>* ne, std::set<std::string>* eq) {
  static const std::regex kTest(R"((!=|==)\s*(E[A-Z0-9]{2,})\b)");
  static const std::regex kTestBefore(R"(\b(E[A-Z0-9]{2,})\s*(!=|==))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kTest);
       it != std::sregex_iterator(); ++it) {
    if ((*it)[2] != "EOF") ((*it)[1] == "!=" ? ne : eq)->insert((*it)[2]);
  }
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kTestBefore);
       it != std::sregex_iterator(); ++it) {
    if ((*it)[1] != "EOF") ((*it)[2] == "!=" ? ne : eq)->insert((*it)[1]);
  }
}

bool MessageNames(const std::string& message, const Kind& k) {
  std::string m = ToLower(message);
  for (std::string_view w : k.words) {
    static const std::regex kWord(R"([a-z]+)");
    for (auto it = std::sregex_iterator(m.begin(), m.end(), kWord); it != std::sregex_iterator();
         ++it) {
      if (it->str().starts_with(w)) return true;
    }
  }
  return false;
}

std::string Replace(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
    s.replace(at, from.size(), to);
  }
  return s;
}

}  // namespace

bool IsOsReasonHole(std::string_view expr) {
  static const std::regex kReason(
      R"(^\s*(\(\w+\s*\*?\)\s*)?((strerror|strerror_r|xstrerror|g_strerror|uv_strerror|uv_err_name|ngx_strerror)\s*\(.*\)|errno|ngx_errno|ngx_socket_errno|GetLastError\(\)|WSAGetLastError\(\)|e\.strerror|exc\.strerror|err\.strerror|os\.strerror\(.*\))\s*$)");
  return std::regex_match(std::string(expr), kReason);
}

std::string OsReasonCarrier(const ErrorSite& s, std::string_view raise_text) {
  for (const Piece& p : s.message.pieces()) {
    if (!p.is_hole) continue;
    if (p.text == "%m") return "the operating system's reason the message prints (`%m`)";
    if (!p.expr.empty() && IsOsReasonHole(p.expr) && p.expr.find("strerror") != std::string::npos) {
      return "the operating system's reason the message prints (`" + p.expr + "`)";
    }
  }
  if (s.language != "c" && s.language != "cpp") return {};
  std::string raise(raise_text);
  if (raise.find("%m") != std::string::npos) {
    return "the operating system's reason the message prints (`%m`)";
  }
  static const std::regex kAppends(
      R"(\b(die_errno|error_errno|warning_errno|perror|uv_fatal_error|err|warn|verr|vwarn)\s*\(\s*("|[0-9A-Z_]+\s*,))");
  std::smatch m;
  if (std::regex_search(raise, m, kAppends) &&
      (m[1] != "err" && m[1] != "warn" && m[1] != "verr" && m[1] != "vwarn" ? true
                                                                            : m[2] != "\"")) {
    return "the operating system's reason `" + m[1].str() + "()` adds to the message";
  }
  // C++ `system_error(errno, ..)`, `std::system_error(errno,
  // std::generic_category(), ..)`, `std::error_code(errno, ..)`: the
  // exception is built from errno, and its what() appends the reason (fmt's
  // fwrite_all).
  static const std::regex kSystemError(R"(\b(system_error|error_code)\s*[({]\s*errno\s*[,)}])");
  if (s.language == "cpp" && std::regex_search(raise, m, kSystemError)) {
    return "the operating system's reason `" + m[1].str() + "` carries (from `errno`)";
  }
  // nginx: the third argument is the error code it appends (0: none).
  static const std::regex kNgx(
      R"(\b(ngx_log_error|ngx_conf_log_error|ngx_log_stderr)\s*\(([^,()]+,\s*){0,2}((ngx_errno|ngx_socket_errno|err|[a-z_]*err[a-z_]*))\s*,)");
  if (std::regex_search(raise, m, kNgx)) {
    return "the operating system's reason `" + m[1].str() + "()` adds to the message (from `" +
           m[3].str() + "`)";
  }
  for (const Piece& p : s.message.pieces()) {
    if (p.is_hole && IsOsReasonHole(p.expr)) {
      return "the operating system's error code the message prints (`" + p.expr + "`)";
    }
  }
  return {};
}

bool UsesLocalSocket(std::string_view text) {
  static const std::regex kLocal(
      R"(\b(AF_UNIX|AF_LOCAL|PF_UNIX|PF_LOCAL|sockaddr_un|unix_stream_connect|unix_stream_listen|uv_pipe_connect|uv_pipe_bind)\b)");
  std::string t(text);
  return std::regex_search(t, kLocal);
}

bool LocalSocketIn(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  std::string text;
  for (int i = std::max(1, s.function_line); i <= s.line && i <= static_cast<int>(lines.size());
       ++i) {
    text += std::string(lines[i - 1]) + "\n";
  }
  return UsesLocalSocket(text);
}

OsFailure FindOsFailure(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  OsFailure out;
  const std::string message = s.message.Display();
  std::string seen;  // the text the failed call's kind is read from
  // Candidates: (call, kind, line, from a helper body).
  struct Cand {
    std::string call, name;
    int kind, line;
    bool inner;
  };
  std::vector<Cand> cands;
  bool stop = false;
  CallText unknown;  // the failed call when it is none errdex knows
  int unknown_line = 0;
  for (auto c = s.conditions.rbegin(); c != s.conditions.rend(); ++c) {
    // The innermost check that makes a call is the failure's: outer ones
    // only lead there (`sock = ssh_create_socket(..)` before a failed
    // `setsockopt`). A check that only classifies errno does not count.
    if (!cands.empty() || stop) break;
    std::set<std::string> ne, eq;
    ErrnoTests(c->expr, &ne, &eq);
    (c->polarity ? out.excluded : out.only).insert(ne.begin(), ne.end());
    (c->polarity ? out.only : out.excluded).insert(eq.begin(), eq.end());
    // A check passed on the way (an early return not taken) is no failure.
    if (!c->polarity) continue;
    std::vector<CallText> calls = Calls(c->expr);
    bool classifies =
        ne.size() + eq.size() > 0 ||
        (!calls.empty() && std::all_of(calls.begin(), calls.end(), [](const CallText& x) {
          return x.text.find("errno") != std::string::npos ||
                 x.text.find("(err)") != std::string::npos;
        }));
    for (const CallText& call : calls) {
      int kind = KindOf(call.name);
      if (kind >= 0) cands.push_back({call.text, call.name, kind, c->line, false});
      if (call.name == s.function) continue;
      for (const auto& [at, body] : BodiesOf(lines, call.name)) {
        seen += body;
        // A helper given errno: its tests are the check's (`error != ENOENT`).
        if (call.text.find("errno") != std::string::npos ||
            call.text.find("err)") != std::string::npos) {
          std::set<std::string> hne, heq;
          ErrnoTests(body, &hne, &heq);
          (c->polarity ? out.excluded : out.only).insert(hne.begin(), hne.end());
          (c->polarity ? out.only : out.excluded).insert(heq.begin(), heq.end());
        }
        int offset = 0;
        std::string l;
        for (size_t i = 0; i <= body.size(); ++i) {
          if (i < body.size() && body[i] != '\n') {
            l += body[i];
            continue;
          }
          for (const CallText& inner : Calls(l)) {
            int k = KindOf(inner.name);
            if (k >= 0 && inner.name != call.name) {
              cands.push_back({inner.text, inner.name, k, at + offset, true});
            }
          }
          l.clear();
          ++offset;
        }
      }
    }
    // `fd = open(..); if (fd < 0)`: the call that assigned what it reads.
    static const std::regex kIdent(R"(^\s*!?\s*\(?\s*([A-Za-z_]\w*)\s*(<|==|!=|\)|$))");
    std::smatch m;
    bool assigned = false;
    if (calls.empty() && std::regex_search(c->expr, m, kIdent) && c->line >= 2 &&
        c->line <= static_cast<int>(lines.size()) + 1) {
      std::string var = m[1];
      std::optional<std::regex> assign;
      for (int i = c->line - 1; i >= std::max(1, s.function_line); --i) {
        std::string l(lines[i - 1]);
        if (l.find(var) == std::string::npos) continue;
        // `std::fwrite(..)`, `::open(..)`: a qualified name is the call too.
        if (!assign) {
          assign.emplace("\\b" + var + "\\s*=\\s*(?:(?:[A-Za-z_]\\w*)?::)*([A-Za-z_]\\w*)\\s*\\(");
        }
        std::smatch a;
        if (std::regex_search(l, a, *assign)) {
          std::string rest = l.substr(a.position(1));
          std::vector<CallText> cs = Calls(rest);
          int kind = KindOf(a[1]);
          if (!cs.empty() && kind >= 0) cands.push_back({cs[0].text, a[1], kind, i, false});
          assigned = true;
          break;
        }
      }
    }
    // The innermost check that is no errno classifier is the failure's,
    // with a call or without one (`ev->complete`): outer checks only lead
    // there.
    if (!classifies || assigned) stop = true;
    if (!calls.empty() && !classifies && unknown.name.empty()) {
      unknown = calls[0];
      unknown_line = c->line;
    }
  }
  int first = s.function_line > 0 ? s.function_line : 1;
  for (int i = first; i <= s.line && i <= static_cast<int>(lines.size()); ++i) {
    seen += std::string(lines[i - 1]) + "\n";
  }
  out.local_socket = UsesLocalSocket(seen);
  if (cands.empty()) {
    // A call errdex has no causes for: named, so the reason can be tied to it.
    out.call = unknown.text;
    out.name = unknown.name;
    out.line = unknown_line;
    return out;
  }
  // The message names the kind ("unable to connect"): that candidate.
  const Cand* pick = nullptr;
  for (const Cand& c : cands) {
    if (MessageNames(message, Kinds()[c.kind])) {
      pick = &c;
      break;
    }
  }
  if (!pick) {
    for (const Cand& c : cands) {
      if (!c.inner) {
        pick = &c;
        break;
      }
    }
  }
  if (!pick) {
    // Helper bodies only: one kind among them, or nothing.
    for (const Cand& c : cands) {
      if (c.kind != cands[0].kind) return out;
    }
    pick = &cands[0];
  }
  // A path call known only by a word of its name (`audit_open()`) is one
  // only when it is given something (a path to name).
  if (Kinds()[pick->kind].path && FirstArgument(pick->call).empty()) return out;
  out.call = pick->call;
  out.name = pick->name;
  out.line = pick->line;
  out.kind = pick->kind;
  out.local_socket = out.local_socket || UsesLocalSocket(pick->call);
  // What it reads or writes: a socket or pipe, a file, or either.
  static const std::regex kStream(
      R"((sock|packet|conn|peer|client|pipe|send|recv|msg|net|remote|server))", std::regex::icase);
  static const std::regex kFile(R"((path|file|fp\b|FILE|disk|log|dump|rdb|aof|tmp))",
                                std::regex::icase);
  std::string said = pick->name + " " + pick->call;
  static const std::set<std::string> kFileOnly = {"fsync",  "fdatasync", "ftruncate", "fwrite",
                                                  "fflush", "pwrite",    "fread",     "pread"};
  out.file = kFileOnly.count(pick->name) > 0;
  out.stream = !out.file && std::regex_search(said, kStream);
  out.file = out.file || (!out.stream && std::regex_search(said, kFile));
  if (out.kind == 6 && out.local_socket) out.kind = kUnixConnect;
  return out;
}

std::vector<std::string> OsErrorSolutions(const std::string& carrier, const OsFailure& f) {
  std::vector<std::string> out;
  if (carrier.empty() || f.kind < 0) return out;
  const Kind& k = Kinds()[f.kind];
  std::string where = "`" + f.name + "()` (line " + std::to_string(f.line) + ")";
  std::string path = "the file or device it works on";
  if (k.path) {
    std::string arg = FirstArgument(f.call);
    path = !arg.empty() && arg.size() <= 40 ? "`" + arg + "`" : "the path it is given";
  }
  for (const Cause& c : k.causes) {
    if ((c.on == 1 && f.stream) || (c.on == 2 && f.file)) continue;
    if (c.on == 3 && f.kind == 0 && ToLower(f.name).find("open") == std::string::npos) continue;
    bool any = false;
    for (const std::string& code : c.codes) {
      if (f.excluded.count(code)) continue;
      if (!f.only.empty() && !f.only.count(code)) continue;
      any = true;
    }
    if (!any) continue;
    std::string codes;
    for (const std::string& code : c.codes) {
      if (f.excluded.count(code) || (!f.only.empty() && !f.only.count(code))) continue;
      codes += (codes.empty() ? "" : ", ") + code;
    }
    std::string meaning = Replace(c.meaning, "$P", path);
    out.push_back("If " + carrier + " is \u201c" + c.reason + "\u201d (" + codes +
                  ") for the failed " + where + ": " + meaning);
  }
  return out;
}

}  // namespace errdex
