// Report call (report_call.h).
#include "analyze/report_call.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace errdex {
namespace {

bool IdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `git_error_set` -> git, error, set; `addReplyErrorFormat` -> add, reply,
// error, format.
std::vector<std::string> NameWords(const std::string& name) {
  std::vector<std::string> out(1);
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    bool upper = std::isupper(static_cast<unsigned char>(c));
    if (c == '_' || (upper && i > 0 && std::islower(static_cast<unsigned char>(name[i - 1])))) {
      if (!out.back().empty()) out.emplace_back();
      if (c == '_') continue;
    }
    out.back() += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (out.back().empty()) out.pop_back();
  return out;
}

bool Has(const std::vector<std::string>& words, std::string_view w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

}  // namespace

std::string ReportCallName(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
  line = line.substr(i);
  if (line.starts_with("return ")) line = line.substr(7);
  size_t j = 0;
  while (j < line.size() && (IdentChar(line[j]) || line[j] == ':')) ++j;
  size_t k = j;
  while (k < line.size() && line[k] == ' ') ++k;
  if (j == 0 || k >= line.size() || line[k] != '(') return "";
  std::string name(line.substr(0, j));
  if (size_t scope = name.rfind("::"); scope != std::string::npos) name = name.substr(scope + 2);
  return name;
}

ReportAction ReportCallAction(const std::string& name) {
  if (name.empty()) return {};
  std::string call = "`" + name + "`";
  if (name == "fprintf" || name == "fputs" || name == "perror" || name == "vfprintf") {
    return {"An error is printed to standard error with " + call, ""};
  }
  std::vector<std::string> w = NameWords(name);
  if (Has(w, "reply")) return {"An error reply is sent to the client with " + call, ""};
  if ((Has(w, "set") || Has(w, "vset")) && (Has(w, "error") || Has(w, "err"))) {
    return {"An error is set with " + call, ", for the caller to read"};
  }
  if (Has(w, "log") || Has(w, "syslog")) return {"An error is logged with " + call, ""};
  return {};
}

}  // namespace errdex
