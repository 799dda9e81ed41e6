// Docstring raises (docstring_raises.h).
#include "analyze/docstring_raises.h"

#include <cctype>
#include <vector>

#include "util/text.h"

namespace errdex {
namespace {

bool Ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `cls` as a whole word (after an optional `module.` qualifier).
bool Names(std::string_view text, std::string_view cls) {
  for (size_t at = text.find(cls); at != std::string_view::npos; at = text.find(cls, at + 1)) {
    size_t end = at + cls.size();
    if ((at == 0 || !Ident(text[at - 1])) && (end >= text.size() || !Ident(text[end]))) {
      return true;
    }
  }
  return false;
}

// ":class:`X`" -> "`X`", "``x``" -> "`x`", runs of spaces to one.
std::string Plain(std::string_view t) {
  std::string out;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == ':' && i + 1 < t.size() && std::isalpha(static_cast<unsigned char>(t[i + 1]))) {
      size_t j = i + 1;
      while (j < t.size() && (std::isalpha(static_cast<unsigned char>(t[j])) || t[j] == ':')) ++j;
      if (j < t.size() && t[j] == '`' && t[j - 1] == ':') {
        i = j - 1;  // the role: keep its backticked text
        continue;
      }
    }
    if (t[i] == '`' && i + 1 < t.size() && t[i + 1] == '`') {
      out += '`';
      ++i;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(t[i]))) {
      if (!out.empty() && out.back() != ' ') out += ' ';
      continue;
    }
    out += t[i];
  }
  return std::string(Trim(out));
}

// The lines of `doc` from `first` while they are indented deeper than
// `indent` (an entry's continuation), joined.
std::string Continued(const std::vector<std::string_view>& lines, size_t first, int indent,
                      std::string head) {
  for (size_t k = first; k < lines.size(); ++k) {
    if (Trim(lines[k]).empty() || IndentWidth(lines[k]) <= indent) break;
    head += " " + std::string(Trim(lines[k]));
  }
  return Plain(head);
}

}  // namespace

std::string DocstringRaises(std::string_view doc, std::string_view error_class) {
  size_t dot = error_class.rfind('.');
  std::string_view cls = dot == std::string_view::npos ? error_class : error_class.substr(dot + 1);
  if (cls.empty()) return "";
  std::vector<std::string_view> lines = SplitLines(doc);
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view t = Trim(lines[i]);
    // Sphinx `:raises X: when`.
    if (t.starts_with(":raise")) {
      size_t colon = t.find(':', 1);
      if (colon != std::string_view::npos && Names(t.substr(0, colon), cls)) {
        return Continued(lines, i + 1, IndentWidth(lines[i]),
                         std::string(Trim(t.substr(colon + 1))));
      }
    }
    // Google `Raises:` then `X: when`; NumPy `Raises` / `------` / `X` / `    when`.
    bool google = t == "Raises:";
    bool numpy = t == "Raises" && i + 1 < lines.size() && Trim(lines[i + 1]).starts_with("---");
    if (!google && !numpy) continue;
    size_t k = i + (numpy ? 2 : 1);
    for (; k < lines.size() && !Trim(lines[k]).empty(); ++k) {
      std::string_view e = Trim(lines[k]);
      size_t colon = e.find(':');
      std::string_view name = google && colon != std::string_view::npos ? e.substr(0, colon) : e;
      if (!Names(name, cls) || name.find(' ') != std::string_view::npos) continue;
      std::string rest = google && colon != std::string_view::npos
                             ? std::string(Trim(e.substr(colon + 1)))
                             : std::string();
      std::string text = Continued(lines, k + 1, IndentWidth(lines[k]), rest);
      if (!text.empty()) return text;
    }
  }
  // An inline sentence: "Raises :class:`AttributeError` if ...", read
  // paragraph by paragraph (an example block is not part of it).
  std::vector<std::string> paragraphs(1);
  for (std::string_view l : lines) {
    if (Trim(l).empty()) {
      if (!paragraphs.back().empty()) paragraphs.emplace_back();
      continue;
    }
    paragraphs.back() += std::string(l) + "\n";
  }
  for (const std::string& p : paragraphs) {
    std::string flat = Plain(p);
    size_t start = 0;
    for (size_t i = 0; i <= flat.size(); ++i) {
      bool end =
          i == flat.size() || (flat[i] == '.' && (i + 1 == flat.size() || flat[i + 1] == ' '));
      if (!end) continue;
      std::string_view s =
          Trim(std::string_view(flat).substr(start, i - start + (i < flat.size())));
      start = i + 1;
      bool raises = s.starts_with("Raise") || s.find(" raise") != std::string_view::npos;
      // It must say when: "Raises X with an actionable message" says less
      // than the docstring's summary (sglang's check_ipc_quant_support).
      bool when = false;
      for (std::string_view w : {" if ", " when ", " unless ", " in case ", " whenever "}) {
        when |= s.find(w) != std::string_view::npos;
      }
      if (raises && when && Names(s, cls) && s.size() < 300) return std::string(s);
    }
  }
  return "";
}

}  // namespace errdex
