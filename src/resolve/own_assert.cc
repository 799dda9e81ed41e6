// See own_assert.h.
#include "resolve/own_assert.h"

#include <optional>
#include <string>
#include <string_view>

#include "util/text.h"

namespace errdex {
namespace {

bool IsCFile(std::string_view path) {
  for (std::string_view ext : {".c", ".h", ".cc", ".cpp", ".cxx", ".hh", ".hpp", ".hxx"}) {
    if (path.ends_with(ext)) return true;
  }
  return false;
}

// A definition: where it is, its parameter, and its body with the
// continuation backslashes removed.
struct AssertMacro {
  std::string file;
  int line = 0;
  std::string param;
  std::string body;
};

// The `#define assert(p) body` starting on the line at `at` of `text`, if
// that line is one.
std::optional<AssertMacro> ReadDefinition(std::string_view text, size_t at) {
  size_t eol = text.find('\n', at);
  std::string_view line = text.substr(at, eol == std::string_view::npos ? eol : eol - at);
  line = Trim(line);
  if (!line.starts_with("#")) return std::nullopt;
  line = Trim(line.substr(1));
  if (!line.starts_with("define")) return std::nullopt;
  line = Trim(line.substr(6));
  if (!line.starts_with("assert(")) return std::nullopt;
  size_t close = line.find(')');
  if (close == std::string_view::npos) return std::nullopt;
  AssertMacro m;
  m.param = std::string(Trim(line.substr(7, close - 7)));
  // The body runs on while lines end in a backslash.
  std::string_view rest = text.substr(static_cast<size_t>(line.data() - text.data()) + close + 1);
  for (size_t from = 0; from < rest.size();) {
    size_t end = rest.find('\n', from);
    std::string_view l = rest.substr(from, end == std::string_view::npos ? end : end - from);
    std::string_view t = l;
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\r')) {
      t.remove_suffix(1);
    }
    bool more = t.ends_with("\\");
    if (more) t.remove_suffix(1);
    m.body += std::string(t) + " ";
    if (!more || end == std::string_view::npos) break;
    from = end + 1;
  }
  return m;
}

// The first string literal of `body` decoded, and where it ends; nullopt
// when there is none.
std::optional<std::string> FirstLiteral(std::string_view body, size_t* end) {
  size_t open = body.find('"');
  if (open == std::string_view::npos) return std::nullopt;
  std::string out;
  for (size_t i = open + 1; i < body.size(); ++i) {
    char c = body[i];
    if (c == '"') {
      *end = i + 1;
      return out;
    }
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[++i];
    out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
  }
  return std::nullopt;
}

// The call arguments after the format, up to the call's closing paren:
// ", __FILE__, __LINE__, #e)" -> {"__FILE__", "__LINE__", "#e"}.
std::vector<std::string> ArgsAfter(std::string_view body, size_t from) {
  std::vector<std::string> args;
  int depth = 0;
  std::string cur;
  for (size_t i = from; i < body.size(); ++i) {
    char c = body[i];
    if (c == '(') ++depth;
    if (c == ')' && depth-- == 0) break;
    if (c == ',' && depth == 0) {
      if (!Trim(cur).empty()) args.emplace_back(Trim(cur));
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!Trim(cur).empty()) args.emplace_back(Trim(cur));
  return args;
}

// The macro's message for condition `cond`, or an empty template when its
// format takes arguments other than the file, line, function and `#param`.
Template Compose(const AssertMacro& m, const std::string& cond) {
  size_t end = 0;
  std::optional<std::string> format = FirstLiteral(m.body, &end);
  if (!format) return {};
  std::vector<std::string> args = ArgsAfter(m.body, end);
  Template t;
  size_t next = 0;
  std::string lit;
  for (size_t i = 0; i < format->size(); ++i) {
    char c = (*format)[i];
    if (c != '%') {
      lit += c;
      continue;
    }
    if (i + 1 < format->size() && (*format)[i + 1] == '%') {
      lit += '%', ++i;
      continue;
    }
    // The conversion: flags, width and length letters up to its type.
    size_t j = i + 1;
    while (j < format->size() &&
           std::string_view("-+ #0123456789.lzhjt").find((*format)[j]) != std::string_view::npos) {
      ++j;
    }
    if (j >= format->size() || next >= args.size()) return {};
    std::string spec = format->substr(i, j - i + 1);
    const std::string& arg = args[next++];
    i = j;
    if (!lit.empty()) t.AddLiteral(lit), lit.clear();
    if (arg == "#" + m.param) {
      t.AddLiteral(cond);
    } else if (arg == "__FILE__") {
      t.AddHole(spec, "__FILE__");
    } else if (arg == "__LINE__") {
      t.AddHole(spec, "__LINE__", HoleType::kInteger);
    } else if (arg == "__func__" || arg == "__FUNCTION__") {
      t.AddHole(spec, "__func__");
    } else {
      return {};
    }
  }
  if (next != args.size()) return {};
  while (!lit.empty() && (lit.back() == '\n' || lit.back() == ' ')) lit.pop_back();
  if (!lit.empty()) t.AddLiteral(lit);
  return t;
}

// The repository's own printing `assert` macro, a header's first.
std::optional<AssertMacro> FindOwnAssert(const std::vector<SourceFile>& files) {
  std::optional<AssertMacro> found;
  for (const SourceFile& f : files) {
    if (!IsCFile(f.path) || f.content.find("define") == std::string::npos ||
        f.content.find("assert(") == std::string::npos) {
      continue;
    }
    std::string_view text = f.content;
    int line = 1;
    for (size_t at = 0; at < text.size(); ++line) {
      std::optional<AssertMacro> m = ReadDefinition(text, at);
      // Only a macro that prints words of its own replaces the C library's.
      if (m && m->body.find('"') != std::string::npos) {
        m->file = f.path;
        m->line = line;
        bool header = f.path.ends_with(".h") || f.path.ends_with(".hpp");
        if (!found || (header && !found->file.ends_with(".h") && !found->file.ends_with(".hpp"))) {
          found = std::move(m);
        }
        break;
      }
      size_t eol = text.find('\n', at);
      if (eol == std::string_view::npos) break;
      at = eol + 1;
    }
  }
  return found;
}

// The condition of a site the extractor wrote in glibc's words, or nullopt.
std::optional<std::string> LibraryAssertCondition(const ErrorSite& s) {
  if (s.kind != SiteKind::kAssert || (s.language != "c" && s.language != "cpp")) {
    return std::nullopt;
  }
  const std::vector<Piece>& ps = s.message.pieces();
  if (ps.size() != 1 || ps[0].is_hole) return std::nullopt;
  std::string_view m = ps[0].text;
  constexpr std::string_view kOpen = "Assertion `", kClose = "' failed.";
  if (!m.starts_with(kOpen) || !m.ends_with(kClose)) return std::nullopt;
  return std::string(m.substr(kOpen.size(), m.size() - kOpen.size() - kClose.size()));
}

}  // namespace

int ApplyOwnAssertMacros(const std::vector<SourceFile>& files,
                         const std::vector<std::vector<ErrorSite>*>& sites) {
  std::optional<AssertMacro> macro = FindOwnAssert(files);
  if (!macro) return 0;
  std::string where = macro->file + ":" + std::to_string(macro->line);
  int rewritten = 0;
  for (std::vector<ErrorSite>* v : sites) {
    if (v == nullptr) continue;
    for (ErrorSite& s : *v) {
      std::optional<std::string> cond = LibraryAssertCondition(s);
      if (!cond) continue;
      Template t = Compose(*macro, *cond);
      if (t.empty()) {
        t.AddLiteral(*cond);
        s.message_origin_note = "assert() is this repository's own macro (defined at " + where +
                                "), which prints the condition in its own words";
      } else {
        s.message_origin_note = "assert() is this repository's own macro (defined at " + where +
                                "), which prints this when the condition is false";
      }
      s.message = std::move(t);
      ++rewritten;
    }
  }
  return rewritten;
}

}  // namespace errdex
