// Message pointers (see message_pointer.h). Sentences end at ". ", "! ",
// "? " or a line break, so the dots inside a URL do not split one.
#include "analyze/message_pointer.h"

#include <string_view>

#include "util/text.h"

namespace errdex {
namespace {

std::vector<std::string> Sentences(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    bool end = i == text.size() || text[i] == '\n' ||
               ((text[i] == '.' || text[i] == '!' || text[i] == '?') &&
                (i + 1 == text.size() || text[i + 1] == ' '));
    if (!end) continue;
    std::string s(Trim(std::string_view(text).substr(start, i - start)));
    if (!s.empty()) out.push_back(s);
    start = i + 1;
  }
  return out;
}

// Whether `lower` has `word` at a word start.
bool HasWordAt(const std::string& lower, std::string_view word) {
  for (size_t at = lower.find(word); at != std::string::npos; at = lower.find(word, at + 1)) {
    if (at == 0 || !std::isalnum(static_cast<unsigned char>(lower[at - 1]))) return true;
  }
  return false;
}

bool Points(const std::string& sentence) {
  std::string lower = ToLower(sentence);
  if (lower.find("http://") != std::string::npos || lower.find("https://") != std::string::npos) {
    return true;
  }
  // "see X" with something after it: a link, a hole, a quoted or backticked
  // name, or a document ("see the documentation", "see the manual").
  for (std::string_view w : {"see ", "visit ", "refer to ", "consult "}) {
    size_t at = lower.find(w);
    if (at == std::string::npos || !HasWordAt(lower, w)) continue;
    std::string_view rest = std::string_view(lower).substr(at + w.size());
    if (rest.starts_with("{") || rest.starts_with("`") || rest.starts_with("'") ||
        rest.starts_with("\"") || rest.starts_with("<")) {
      return true;
    }
    for (std::string_view doc : {"documentation", "docs", "manual", "man page", "guide", "readme",
                                 "faq", "troubleshooting", "wiki"}) {
      if (rest.find(doc) != std::string_view::npos) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<std::string> PointerSentences(const std::string& message) {
  std::vector<std::string> out;
  for (std::string s : Sentences(message)) {
    if (!Points(s)) continue;
    if (s.back() != '.' && s.back() != '!' && s.back() != '?') s += '.';
    out.push_back(s);
  }
  return out;
}

std::string BugReportAdvice(const std::string& message, bool user_callable) {
  std::string lower = ToLower(message);
  static const char* const kAsks[] = {"please report",    "report this",   "report a bug",
                                      "file a bug",       "file an issue", "open an issue",
                                      "open a new issue", "submit a bug",  "submit an issue"};
  for (const char* p : kAsks) {
    if (HasWordAt(lower, p)) {
      return "Report it upstream with the input and the version that led here: the message "
             "asks for it";
    }
  }
  std::vector<std::string> says = {"this is a bug",
                                   "is a bug in",
                                   "bug in ",
                                   "should not happen",
                                   "should never happen",
                                   "shouldn't happen",
                                   "can't happen",
                                   "cannot happen",
                                   "internal error",
                                   "should not be reached",
                                   "should never be reached",
                                   "unreachable code"};
  if (!user_callable) {
    for (const char* p : {"should not be called", "should never be called", "must not be called"}) {
      says.push_back(p);
    }
  }
  for (const std::string& p : says) {
    if (!HasWordAt(lower, p)) continue;
    return "If nothing you pass or configure is wrong, report it upstream with the input and the "
           "version that led here: the message says \u201c" +
           p + "\u201d, a state the code does not expect to reach";
  }
  return {};
}

}  // namespace errdex
