// Command usage (see command_usage.h): designated initialisers read line by
// line; a usage text is its string literals and `#define`d pieces joined.
#include "analyze/command_usage.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxEntries = 3;  // more handlers than that: say nothing

bool Word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `.field = rest` on a trimmed line: the rest, or nullopt.
bool Field(std::string_view t, std::string_view field, std::string_view* rest) {
  if (!t.starts_with(".") || !t.substr(1).starts_with(field)) return false;
  std::string_view r = Trim(t.substr(1 + field.size()));
  if (!r.starts_with("=")) return false;
  *rest = Trim(r.substr(1));
  return true;
}

// The string a literal-and-macro sequence spells (`"[-H] " CMD_X_USAGE`),
// or nullopt when a piece is neither a literal nor a known string macro.
std::optional<std::string> Spelled(std::string_view text, std::string_view path,
                                   const SetterIndex* setters, int depth = 0) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == ',') {
      ++i;
    } else if (c == '"') {
      size_t close = i + 1;
      while (close < text.size() && text[close] != '"') close += text[close] == '\\' ? 2 : 1;
      if (close >= text.size()) return std::nullopt;
      out += text.substr(i + 1, close - i - 1);
      i = close + 1;
    } else if (Word(c) && depth < 2 && setters != nullptr) {
      size_t e = i;
      while (e < text.size() && Word(text[e])) ++e;
      std::string name(text.substr(i, e - i));
      std::optional<std::string> value;
      for (const Setter& s : setters->Find(name, path)) {
        if (s.kind == Setter::kConstant && s.name.starts_with("\"")) {
          value = Spelled(s.name, path, setters, depth + 1);
          break;
        }
      }
      if (!value) return std::nullopt;
      out += *value;
      i = e;
    } else {
      return std::nullopt;
    }
  }
  return out;
}

std::string Literal(std::string_view rest) {
  if (!rest.starts_with("\"")) return "";
  size_t close = rest.find('"', 1);
  return close == std::string_view::npos ? "" : std::string(rest.substr(1, close - 1));
}

bool StaticFunction(const std::vector<std::string_view>& lines, int function_line) {
  for (int n = function_line - 1; n <= function_line; ++n) {
    if (n >= 1 && n <= static_cast<int>(lines.size()) &&
        Trim(lines[n - 1]).starts_with("static ")) {
      return true;
    }
  }
  return false;
}

std::string Shown(const CommandUsage& e) {
  if (!e.known) return "the usage text of `" + e.name + "` (line " + std::to_string(e.line) + ")";
  std::string text = e.usage.empty() ? e.name : e.name + " " + e.usage;
  return "`" + std::string(Trim(text)) + "` (line " + std::to_string(e.line) + ")";
}

bool NamesArguments(std::string_view text) {
  return ContainsIdentifier(text, "args") || ContainsIdentifier(text, "argv") ||
         ContainsIdentifier(text, "argc") || text.find("->argv[") != std::string_view::npos;
}

// The identifiers of `expr` outside string and character literals.
std::vector<std::string> Names(std::string_view expr) {
  std::vector<std::string> out;
  for (size_t i = 0; i < expr.size();) {
    if (expr[i] == '"' || expr[i] == '\'') {
      size_t close = expr.find(expr[i], i + 1);
      i = close == std::string_view::npos ? expr.size() : close + 1;
    } else if (Word(expr[i]) && !std::isdigit(static_cast<unsigned char>(expr[i]))) {
      size_t e = i;
      while (e < expr.size() && Word(expr[e])) ++e;
      out.emplace_back(expr.substr(i, e - i));
      i = e;
    } else {
      ++i;
    }
  }
  return out;
}

}  // namespace

int CommandArgumentLine(const std::vector<std::string_view>& lines, int function_line,
                        int check_line, const std::string& expr) {
  int from = std::max(function_line, 1);
  int to = std::min(check_line - 1, static_cast<int>(lines.size()));
  for (const std::string& x : Names(expr)) {
    for (int n = to; n >= from; --n) {
      std::string_view t = lines[n - 1];
      if (!NamesArguments(t)) continue;
      for (size_t at = t.find(x); at != std::string_view::npos; at = t.find(x, at + 1)) {
        if (at > 0 && Word(t[at - 1])) continue;
        if (at + x.size() < t.size() && Word(t[at + x.size()])) continue;
        std::string_view after = Trim(t.substr(at + x.size()));
        if ((at > 0 && t[at - 1] == '&') || (after.starts_with("=") && !after.starts_with("=="))) {
          return n;
        }
      }
    }
  }
  return 0;
}

bool ReadsCommandArguments(const std::vector<std::string_view>& lines, int function_line,
                           int check_line, const std::string& expr) {
  return NamesArguments(expr) || CommandArgumentLine(lines, function_line, check_line, expr) > 0;
}

bool RangeOfCommandArguments(const std::vector<std::string_view>& lines, int function_line,
                             int check_line, const std::string& expr) {
  if (expr.find_first_of("(.[") != std::string::npos || expr.find("->") != std::string::npos) {
    return false;
  }
  bool relation = false;
  for (size_t i = 0; i < expr.size(); ++i) {
    if (expr[i] != '<' && expr[i] != '>') continue;
    bool shift =
        (i + 1 < expr.size() && expr[i + 1] == expr[i]) || (i > 0 && expr[i - 1] == expr[i]);
    if (!shift) relation = true;
  }
  if (!relation) return false;
  bool read = false;
  for (const std::string& x : Names(expr)) {
    if (std::all_of(x.begin(), x.end(), [](char c) {
          return std::isupper(static_cast<unsigned char>(c)) ||
                 std::isdigit(static_cast<unsigned char>(c)) || c == '_';
        })) {
      continue;
    }
    if (CommandArgumentLine(lines, function_line, check_line, x) == 0) return false;
    read = true;
  }
  return read;
}

bool NamesFlag(std::string_view m) {
  for (size_t i = 0; i + 1 < m.size(); ++i) {
    if (m[i] != '-' || (i > 0 && m[i - 1] != ' ' && m[i - 1] != '-')) continue;
    size_t j = i + 1;
    if (m[j] == '-') ++j;
    size_t e = j;
    while (e < m.size() && (Word(m[e]) || m[e] == '-')) ++e;
    bool short_flag = j == i + 1 && e == j + 1 && std::isalpha(static_cast<unsigned char>(m[j]));
    bool long_flag = j == i + 2 && e > j + 1;
    if (short_flag || long_flag) return true;
  }
  return false;
}

std::vector<CommandUsage> CommandUsagesOf(const std::vector<std::string_view>& lines,
                                          std::string_view path, const std::string& function,
                                          int function_line, const SetterIndex* setters) {
  std::vector<std::pair<CommandUsage, std::string>> all;  // entry, its exec
  CommandUsage cur;
  std::string exec;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view t = Trim(lines[i]);
    std::string_view rest;
    if (t.ends_with("= {")) {
      cur = {};
      exec.clear();
    } else if (Field(t, "name", &rest)) {
      cur.name = Literal(rest);
    } else if (Field(t, "alias", &rest)) {
      cur.alias = Literal(rest);
    } else if (Field(t, "usage", &rest)) {
      // The text runs on until a line ends the field with a comma.
      std::string text(rest);
      size_t j = i;
      while (!Trim(lines[j]).ends_with(",") && j + 1 < lines.size()) {
        text += " " + std::string(Trim(lines[++j]));
      }
      std::optional<std::string> spelled = Spelled(text, path, setters);
      cur.usage = spelled ? *spelled : "";
      cur.known = spelled.has_value();
      cur.line = static_cast<int>(i) + 1;
    } else if (Field(t, "exec", &rest)) {
      size_t e = 0;
      while (e < rest.size() && Word(rest[e])) ++e;
      exec = std::string(rest.substr(0, e));
    } else if (t.starts_with("};")) {
      if (!cur.name.empty() && cur.line > 0 && !exec.empty()) {
        all.push_back({cur, exec});
      }
      cur = {};
      exec.clear();
    }
  }
  std::vector<CommandUsage> out;
  for (const auto& [entry, handler] : all) {
    if (handler == function) out.push_back(entry);
  }
  if (out.empty() && !function.empty() && StaticFunction(lines, function_line)) {
    for (const auto& [entry, handler] : all) out.push_back(entry);
  }
  return out;
}

std::vector<std::string> FlagsRead(std::string_view check) {
  std::vector<std::string> out;
  for (size_t at = check.find("args_"); at != std::string_view::npos;
       at = check.find("args_", at + 1)) {
    if (at > 0 && Word(check[at - 1])) continue;
    size_t open = check.find('(', at);
    size_t comma = open == std::string_view::npos ? open : check.find(',', open);
    if (comma == std::string_view::npos) continue;
    std::string_view rest = Trim(check.substr(comma + 1));
    if (rest.size() < 3 || rest[0] != '\'' || rest[2] != '\'') continue;
    std::string flag = "-" + std::string(1, rest[1]);
    if (std::find(out.begin(), out.end(), flag) == out.end()) out.push_back(flag);
  }
  return out;
}

std::string CommandUsageAdvice(const std::vector<CommandUsage>& entries, std::string_view message,
                               std::string_view check, int check_line) {
  if (entries.empty() || entries.size() > kMaxEntries) return "";
  std::string lower = ToLower(message);
  // A failed system call or allocation is not about how the command was
  // typed.
  for (const char* failure : {"failed", "error", "out of memory", "fatal"}) {
    if (lower.find(failure) != std::string::npos) return "";
  }
  // "%s: %s" says nothing about the command.
  std::string words;
  for (size_t i = 0; i < lower.size(); ++i) {
    if (lower[i] == '%') {
      while (i + 1 < lower.size() && !std::isalpha(static_cast<unsigned char>(lower[i + 1]))) ++i;
      ++i;
    } else if (std::isalpha(static_cast<unsigned char>(lower[i]))) {
      words += lower[i];
    }
  }
  if (words.empty()) return "";
  std::vector<std::string> flags = FlagsRead(check);
  std::string reads = flags.empty() || check_line <= 0
                          ? ""
                          : "; the check at line " + std::to_string(check_line) + " reads its `" +
                                Join(flags, "`, `") + "` " + (flags.size() == 1 ? "flag" : "flags");
  if (entries.size() == 1) {
    const CommandUsage& e = entries[0];
    std::string alias = e.alias.empty() ? "" : " (alias `" + e.alias + "`)";
    return "Check the `" + e.name + "`" + alias + " command as typed against " +
           (e.known ? "its usage: " : "") + Shown(e) + reads;
  }
  std::vector<std::string> shown;
  for (const CommandUsage& e : entries) shown.push_back(Shown(e));
  std::string last = shown.back();
  shown.pop_back();
  return "Check the command as typed against its usage: " + Join(shown, ", ") + " or " + last +
         reads;
}

}  // namespace errdex
