// C API docs (c_api_docs.h).
#include "analyze/c_api_docs.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>

#include "analyze/command_entry.h"
#include "util/text.h"

namespace errdex {
namespace {

bool Ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string_view TrimView(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool IsHeader(std::string_view path) {
  return path.ends_with(".h") || path.ends_with(".hpp") || path.ends_with(".hh");
}

// A comment line without its markers: "/**", " * ", "*/", "//", "///<".
std::string Uncomment(std::string_view l) {
  l = TrimView(l);
  for (std::string_view open :
       {"/**<", "/*!<", "///<", "//!<", "/**", "/*!", "/*", "///", "//!", "//"}) {
    if (l.starts_with(open)) {
      l.remove_prefix(open.size());
      break;
    }
  }
  if (l.ends_with("*/")) l.remove_suffix(2);
  l = TrimView(l);
  while (l.starts_with("*")) l.remove_prefix(1);
  return std::string(TrimView(l));
}

// The declaration of `name` starts on line i (0-based) or, for a return
// type on its own line (`static int` / `name(...)`), on the line before.
std::optional<size_t> DeclarationStart(const std::vector<std::string_view>& lines,
                                       std::string_view name, size_t i) {
  std::string_view l = lines[i];
  if (l.empty() || !Ident(l.front()) || l.starts_with("return") || l.starts_with("else")) {
    return std::nullopt;
  }
  for (size_t at = l.find(name); at != std::string_view::npos; at = l.find(name, at + 1)) {
    if (at > 0 && l[at - 1] != ' ' && l[at - 1] != '*' && l[at - 1] != ')') continue;
    size_t end = at + name.size();
    if (end < l.size() && Ident(l[end])) continue;
    while (end < l.size() && l[end] == ' ') ++end;
    if (end >= l.size() || l[end] != '(') continue;
    if (l.substr(0, at).find('=') != std::string_view::npos) continue;
    if (at > 0) return i;
    // `name(` opens the line: the type is on the line before.
    if (i == 0) return std::nullopt;
    std::string_view type = lines[i - 1];
    if (type.empty() || !Ident(type.front()) || type.find(';') != std::string_view::npos ||
        type.find('}') != std::string_view::npos) {
      return std::nullopt;
    }
    return i - 1;
  }
  return std::nullopt;
}

// The comment block that ends on the line above `decl` (0-based), as raw
// lines, and its first line; empty when the line above is no comment.
std::vector<std::string_view> BlockAbove(const std::vector<std::string_view>& lines, size_t decl,
                                         size_t* first) {
  if (decl == 0) return {};
  size_t last = decl - 1;
  std::string_view end = TrimView(lines[last]);
  size_t start = last;
  if (end.ends_with("*/")) {
    while (TrimView(lines[start]).find("/*") == std::string_view::npos) {
      if (start == 0 || last - start > 80) return {};
      --start;
    }
    // `#define X (1<<1) /* ... */` above: a comment on other code.
    if (!TrimView(lines[start]).starts_with("/*")) return {};
  } else if (end.starts_with("//")) {
    while (start > 0 && TrimView(lines[start - 1]).starts_with("//")) --start;
  } else {
    return {};
  }
  *first = start;
  return {lines.begin() + static_cast<long>(start), lines.begin() + static_cast<long>(last) + 1};
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Words of five letters or more, case folded.
std::set<std::string> LongWords(std::string_view s) {
  std::set<std::string> out;
  std::string w;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && std::isalpha(static_cast<unsigned char>(s[i]))) {
      w += static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
      continue;
    }
    if (w.size() >= 5) out.insert(w);
    w.clear();
  }
  return out;
}

// "Foo. Bar baz." -> {"Foo.", "Bar baz."}: a period, `!` or `?` followed by
// a space and an upper-case letter (or the end) ends a sentence.
std::vector<std::string> Sentences(const std::string& text) {
  std::vector<std::string> out;
  size_t from = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c != '.' && c != '!' && c != '?') continue;
    bool end = i + 1 == text.size() ||
               (text[i + 1] == ' ' && i + 2 < text.size() &&
                (std::isupper(static_cast<unsigned char>(text[i + 2])) || text[i + 2] == '`'));
    if (!end) continue;
    out.push_back(std::string(TrimView(std::string_view(text).substr(from, i + 1 - from))));
    from = i + 1;
  }
  std::string rest(TrimView(std::string_view(text).substr(std::min(from, text.size()))));
  if (!rest.empty()) out.push_back(rest);
  return out;
}

// An upper-case error code (`GIT_ENOTFOUND`, `CURLE_OK` is not one).
bool NamesCode(std::string_view s) {
  static const std::regex kCode(R"(\b[A-Z][A-Z0-9]*_[A-Z0-9_]{2,}\b|\bE[A-Z]{3,}\b)");
  std::string text(s);
  for (std::sregex_iterator it(text.begin(), text.end(), kCode), end; it != end; ++it) {
    std::string code = it->str();
    if (!code.ends_with("_OK")) return true;
  }
  return false;
}

bool SpeaksOfError(std::string_view sentence) {
  static const std::regex kError(
      R"(\b(error|errors|fail|fails|failed|failure|invalid|not found|not set|missing|cannot|can't|unable|reject|rejects|refuses?|not allowed|not supported|too (long|large|many|big|small))\b)");
  std::string lower = Lower(sentence);
  return std::regex_search(lower, kError) || NamesCode(sentence);
}

// A comment's text as paragraphs of prose; tags other than `@return` dropped.
struct Prose {
  std::string body;
  std::vector<std::string> returns;  // "@return" texts
};

Prose ReadProse(const std::vector<std::string>& comment) {
  Prose p;
  std::string* into = &p.body;
  for (const std::string& raw : comment) {
    std::string l = Uncomment(raw);
    bool tag = l.starts_with("@") || l.starts_with("\\");
    if (tag) {
      std::string_view t(l);
      t.remove_prefix(1);
      if (t.starts_with("returns") || t.starts_with("return") || t.starts_with("retval")) {
        size_t sp = t.find(' ');
        p.returns.emplace_back(sp == std::string_view::npos ? "" : TrimView(t.substr(sp)));
        into = &p.returns.back();
      } else {
        into = nullptr;  // @param, @see, ...: not about what the error means
      }
      continue;
    }
    if (into == nullptr || l.empty()) {
      // A paragraph ends a sentence, even a title without a period
      // ("Describe a commit").
      if (l.empty() && into == &p.body && !p.body.empty() && p.body.back() != '\n') {
        if (std::string_view(".!?:").find(p.body.back()) == std::string_view::npos) p.body += ".";
        p.body += "\n";
      }
      continue;
    }
    if (!into->empty() && into->back() != '\n') *into += " ";
    if (!into->empty() && into->back() == '\n') into->back() = ' ';
    *into += l;
  }
  return p;
}

std::string Join(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& s : parts) out += (out.empty() ? "" : " ") + s;
  return out;
}

}  // namespace

std::string ErrorSentences(const std::vector<std::string>& comment, std::string_view message) {
  Prose p = ReadProse(comment);
  std::set<std::string> words = LongWords(message);
  // Words of the prose only: a `git_index_entry` in backticks names a type,
  // it does not speak of the message's "index".
  auto shares = [&](const std::string& s) {
    static const std::regex kCode("`[^`]*`");
    for (const std::string& w : LongWords(std::regex_replace(s, kCode, " "))) {
      if (words.count(w)) return true;
    }
    return false;
  };
  std::vector<std::string> kept;
  bool bears = false;
  // Whitespace folded first: "freed.  Because" ends a sentence too.
  std::string body;
  for (char c : p.body) {
    if (c == ' ' && !body.empty() && body.back() == ' ') continue;
    body += c;
  }
  while (!body.empty() && (body.back() == '\n' || body.back() == ' ')) body.pop_back();
  if (!body.empty() && std::string_view(".!?:").find(body.back()) == std::string_view::npos) {
    body += ".";
  }
  std::vector<std::string> sentences = Sentences(body);
  for (size_t i = 0; i < sentences.size(); ++i) {
    const std::string& s = sentences[i];
    bool relevant = SpeaksOfError(s) || shares(s);
    if (i == 0 || relevant) kept.push_back(s);
    bears |= relevant;
  }
  for (const std::string& r : p.returns) {
    if (!NamesCode(r) && r.find(" if ") == std::string::npos) continue;
    std::string s = "Returns " + r;
    if (!s.ends_with(".")) s += ".";
    kept.push_back(s);
    bears = true;
  }
  if (!bears) return "";
  while (kept.size() > 4) kept.pop_back();
  std::string out;
  for (char c : Join(kept)) {
    if (c == ' ' && !out.empty() && out.back() == ' ') continue;
    out += c;
  }
  if (out.size() > 700) out = out.substr(0, out.rfind(' ', 690)) + " …";
  return out;
}

std::optional<HeaderDoc> FunctionDocAt(const std::vector<std::string_view>& lines,
                                       std::string_view name, size_t i) {
  std::optional<size_t> decl = DeclarationStart(lines, name, i);
  if (!decl) return std::nullopt;
  size_t first = 0;
  std::vector<std::string_view> block = BlockAbove(lines, *decl, &first);
  if (block.empty()) return std::nullopt;
  HeaderDoc d;
  for (std::string_view l : block) d.text += std::string(l) + "\n";
  d.first_line = static_cast<int>(first) + 1;
  d.last_line = static_cast<int>(*decl);
  return d;
}

std::optional<HeaderDoc> FunctionDocIn(const std::vector<std::string_view>& lines,
                                       std::string_view name) {
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find(name) == std::string_view::npos) continue;
    if (std::optional<HeaderDoc> d = FunctionDocAt(lines, name, i)) return d;
  }
  return std::nullopt;
}

std::optional<HeaderDoc> ConstantDocAt(const std::vector<std::string_view>& lines,
                                       std::string_view name, size_t i) {
  {
    std::string_view l = TrimView(lines[i]);
    if (!l.starts_with(name) || (l.size() > name.size() && Ident(l[name.size()]))) {
      return std::nullopt;
    }
    std::string_view rest = TrimView(l.substr(name.size()));
    if (!rest.starts_with("=") && !rest.starts_with(",") && !rest.starts_with("/") &&
        !rest.empty()) {
      return std::nullopt;
    }
    std::string text;
    size_t first = i, last = i;
    size_t open = rest.find("/*");
    if (open != std::string_view::npos) {
      // Trailing comment, maybe continued on the next lines.
      text = Uncomment(rest.substr(open));
      while (rest.find("*/", open) == std::string_view::npos && last + 1 < lines.size() &&
             last - i < 6) {
        rest = lines[++last];
        open = 0;
        text += " " + Uncomment(rest);
      }
    } else if (size_t slash = rest.find("//"); slash != std::string_view::npos) {
      text = Uncomment(rest.substr(slash));
    } else {
      std::vector<std::string_view> block = BlockAbove(lines, i, &first);
      for (std::string_view b : block) text += (text.empty() ? "" : " ") + Uncomment(b);
      last = i;
    }
    // curl's "77 - text": the number is the code's value, not prose; a
    // bracketed "[was obsoleted in August 2007 ...]" is its history.
    static const std::regex kNumber(R"(^-?\d+\s*(-\s*)?)");
    static const std::regex kHistory(R"(\[[^\]]*\])");
    text = std::regex_replace(std::string(TrimView(text)), kNumber, "");
    text = std::string(TrimView(std::regex_replace(text, kHistory, "")));
    if (std::none_of(text.begin(), text.end(),
                     [](char c) { return std::isalpha(static_cast<unsigned char>(c)); })) {
      return std::nullopt;
    }
    HeaderDoc d;
    d.text = text;
    d.first_line = static_cast<int>(first) + 1;
    d.last_line = static_cast<int>(last) + 1;
    return d;
  }
}

std::optional<HeaderDoc> ConstantDocIn(const std::vector<std::string_view>& lines,
                                       std::string_view name) {
  for (size_t i = 0; i < lines.size(); ++i) {
    if (std::optional<HeaderDoc> d = ConstantDocAt(lines, name, i)) return d;
  }
  return std::nullopt;
}

std::string ReturnedCode(const std::vector<std::string_view>& lines, int raise_line, int* line,
                         std::string* statement) {
  static const std::regex kReturn(R"(^(?:return\s+|\w+\s*=\s*)([A-Z][A-Z0-9_]{2,})\s*;)");
  static const std::regex kSame(R"(;\s*(?:return\s+|\w+\s*=\s*)([A-Z][A-Z0-9_]{2,})\s*;)");
  for (int n = raise_line; n >= 1 && n <= static_cast<int>(lines.size()) && n < raise_line + 6;
       ++n) {
    std::string l(TrimView(lines[n - 1]));
    std::smatch m;
    bool found =
        n == raise_line ? std::regex_search(l, m, kSame) : std::regex_search(l, m, kReturn);
    if (found) {
      std::string code = m[1].str();
      if (code == "NULL" || code == "TRUE" || code == "FALSE" || code == "EOF") return "";
      *line = n;
      std::string st = m[0].str();
      if (st.starts_with(";")) st = std::string(TrimView(st.substr(1)));
      *statement = st;
      return code;
    }
    if (n == raise_line) continue;
    // Another block, a branch or the end of this one: the code is not the site's.
    if (l.find('{') != std::string::npos || l.find('}') != std::string::npos ||
        l.starts_with("if") || l.starts_with("else") || l.starts_with("return") ||
        l.starts_with("goto") || l.starts_with("break") || l.starts_with("case")) {
      return "";
    }
  }
  return "";
}

namespace {

std::string LastComponent(const std::string& f) {
  size_t sep = f.find_last_of(".:");
  return sep == std::string::npos ? f : f.substr(sep + 1);
}

size_t SharedPrefix(std::string_view a, std::string_view b) {
  size_t n = 0, slash = 0;
  while (n < a.size() && n < b.size() && a[n] == b[n]) {
    if (a[n] == '/') slash = n + 1;
    ++n;
  }
  return slash;
}

// Of the headers that document `name`, the public one (under `include/`),
// else the one nearest `path`.
template <typename Docs>
const HeaderDoc* Nearest(const Docs& docs, const std::string& path) {
  const HeaderDoc* best = nullptr;
  size_t best_score = 0;
  for (const HeaderDoc& d : docs) {
    size_t score =
        SharedPrefix(d.file, path) + (d.file.find("include/") != std::string::npos ? 10000 : 0);
    if (best == nullptr || score > best_score) {
      best = &d;
      best_score = score;
    }
  }
  return best;
}

std::string Span(const HeaderDoc& d) {
  return d.file + ":" + std::to_string(d.first_line) +
         (d.last_line > d.first_line ? "\u2013" + std::to_string(d.last_line) : "");
}

}  // namespace

// Where each wanted name may be declared in the headers: (file, 0-based
// line) of every line on which it is the first word (a constant) or is
// followed by `(` (a function).
struct HeaderIndex {
  std::map<std::string, std::vector<std::pair<const std::string*, size_t>>> at;
};

HeaderIndex IndexHeaders(const std::map<std::string, std::vector<std::string_view>>& headers,
                         const std::set<std::string>& functions) {
  HeaderIndex index;
  for (const auto& [path, lines] : headers) {
    for (size_t i = 0; i < lines.size(); ++i) {
      std::string_view l = lines[i];
      std::string_view t = TrimView(l);
      size_t n = 0;
      while (n < t.size() && Ident(t[n])) ++n;
      if (n > 2 && std::isupper(static_cast<unsigned char>(t[0]))) {
        index.at[std::string(t.substr(0, n))].push_back({&path, i});
      }
      if (l.empty() || !Ident(l.front())) continue;
      for (size_t p = l.find('('); p != std::string_view::npos; p = l.find('(', p + 1)) {
        size_t e = p;
        while (e > 0 && l[e - 1] == ' ') --e;
        size_t b = e;
        while (b > 0 && Ident(l[b - 1])) --b;
        std::string name(l.substr(b, e - b));
        if (functions.count(name)) index.at[name].push_back({&path, i});
      }
    }
  }
  return index;
}

void AddCApiDocs(const std::vector<SourceFile>& files, std::vector<Record>* records) {
  std::set<std::string> functions;
  for (const Record& r : *records) {
    if ((r.language == "c" || r.language == "cpp") && !r.function.empty()) {
      functions.insert(LastComponent(r.function));
    }
  }
  if (functions.empty()) return;
  std::map<std::string, std::vector<std::string_view>> split;
  std::map<std::string, std::vector<std::string_view>> headers;
  for (const SourceFile& f : files) {
    std::vector<std::string_view> lines = SplitLines(f.content);
    if (IsHeader(f.path)) headers[f.path] = lines;
    split[f.path] = std::move(lines);
  }
  HeaderIndex index = IndexHeaders(headers, functions);
  std::map<std::string, std::string> defines;  // read when a command entry needs them
  bool defines_read = false;
  std::map<std::string, std::vector<HeaderDoc>> fn_docs;
  std::map<std::string, std::vector<HeaderDoc>> code_docs;
  auto docs_of = [&](std::map<std::string, std::vector<HeaderDoc>>& cache, const std::string& name,
                     auto find) -> std::vector<HeaderDoc>& {
    auto it = cache.find(name);
    if (it != cache.end()) return it->second;
    std::vector<HeaderDoc>& out = cache[name];
    auto places = index.at.find(name);
    if (places == index.at.end()) return out;
    std::set<const std::string*> done;
    for (const auto& [path, line] : places->second) {
      if (done.count(path)) continue;
      std::optional<HeaderDoc> d = find(headers.at(*path), name, line);
      if (!d) continue;
      d->file = *path;
      out.push_back(std::move(*d));
      done.insert(path);
    }
    return out;
  };
  for (Record& r : *records) {
    if (r.language != "c" && r.language != "cpp") continue;
    std::vector<std::string> lead;
    std::vector<std::string> cited;
    std::string name = LastComponent(r.function);
    if (!name.empty()) {
      std::vector<HeaderDoc>& docs = docs_of(fn_docs, name, FunctionDocAt);
      if (const HeaderDoc* d = Nearest(docs, r.file_path)) {
        std::vector<std::string> comment;
        for (std::string_view l : SplitLines(d->text)) comment.emplace_back(l);
        std::string text = ErrorSentences(comment, r.error_message);
        if (!text.empty()) {
          lead.push_back("`" + name + "` is documented (" + Span(*d) + ") as: \u201c" + text +
                         "\u201d");
          cited.push_back(d->file + ":" + std::to_string(d->first_line));
        }
      }
    }
    auto file = split.find(r.file_path);
    if (file != split.end() && !name.empty()) {
      if (!defines_read) {
        for (const auto& [path, lines] : headers) AddStringDefines(lines, &defines);
        defines_read = true;
      }
      std::vector<CommandEntry> entries = CommandEntriesFor(file->second, name, defines);
      if (!entries.empty()) {
        std::string text = CommandEntryText(entries, name, r.file_path);
        lead.push_back(text.substr(0, text.size() - 1));
        for (const CommandEntry& e : entries) {
          cited.push_back(r.file_path + ":" + std::to_string(e.first_line));
        }
      }
    }
    if (file != split.end()) {
      int at = 0;
      std::string statement;
      std::string code = ReturnedCode(file->second, r.line_number, &at, &statement);
      if (!code.empty()) {
        std::vector<HeaderDoc>& docs = docs_of(code_docs, code, ConstantDocAt);
        if (const HeaderDoc* d = Nearest(docs, r.file_path)) {
          std::string text = d->text;
          if (!text.ends_with(".")) text += ".";
          lead.push_back("The code then runs `" + statement + "` (line " + std::to_string(at) +
                         "); " + Span(*d) + " documents `" + code + "` as: \u201c" + text +
                         "\u201d");
          cited.push_back(d->file + ":" + std::to_string(d->first_line));
        }
      }
    }
    if (lead.empty()) continue;
    std::string doc;
    for (const std::string& s : lead) doc += s + (s.ends_with(".\u201d") ? " " : ". ");
    r.documentation = doc + r.documentation;
    for (const std::string& c : cited) r.provenance["documentation"].push_back(c);
  }
}

}  // namespace errdex
