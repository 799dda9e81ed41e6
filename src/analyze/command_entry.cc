// Command entries (command_entry.h).
#include "analyze/command_entry.h"

#include <cctype>

namespace errdex {
namespace {

std::string_view TrimView(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool Ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `"a " MACRO " b"` -> "a <MACRO's text> b"; nullopt when a piece is
// neither a plain literal nor a known macro.
std::optional<std::string> Concatenate(std::string_view v,
                                       const std::map<std::string, std::string>& defines) {
  std::string out;
  size_t i = 0;
  while (i < v.size()) {
    char c = v[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '"') {
      size_t end = i + 1;
      while (end < v.size() && v[end] != '"') {
        if (v[end] == '\\') return std::nullopt;  // escapes: leave it alone
        ++end;
      }
      if (end >= v.size()) return std::nullopt;
      out += v.substr(i + 1, end - i - 1);
      i = end + 1;
    } else if (Ident(c)) {
      size_t end = i;
      while (end < v.size() && Ident(v[end])) ++end;
      auto it = defines.find(std::string(v.substr(i, end - i)));
      if (it == defines.end()) return std::nullopt;
      out += it->second;
      i = end;
    } else {
      return std::nullopt;
    }
  }
  return out;
}

// The value of `.field = value,` on line `l`, or nullopt.
std::optional<std::string_view> Field(std::string_view l, std::string_view field) {
  l = TrimView(l);
  if (!l.starts_with(".") || !l.substr(1).starts_with(field)) return std::nullopt;
  std::string_view rest = TrimView(l.substr(1 + field.size()));
  if (!rest.starts_with("=")) return std::nullopt;
  rest = TrimView(rest.substr(1));
  if (rest.ends_with(",")) rest.remove_suffix(1);
  return TrimView(rest);
}

}  // namespace

void AddStringDefines(const std::vector<std::string_view>& lines,
                      std::map<std::string, std::string>* defines) {
  for (std::string_view l : lines) {
    if (!l.starts_with("#define ")) continue;
    std::string_view rest = TrimView(l.substr(8));
    size_t end = 0;
    while (end < rest.size() && Ident(rest[end])) ++end;
    if (end == 0 || end >= rest.size() || !std::isspace(static_cast<unsigned char>(rest[end]))) {
      continue;
    }
    std::optional<std::string> text = Concatenate(TrimView(rest.substr(end)), *defines);
    if (text) (*defines)[std::string(rest.substr(0, end))] = *text;
  }
}

namespace {

// nginx's positional entries of a command table: `static ngx_command_t
// ngx_http_upstream_hash_commands[] = {` then `{ ngx_string("hash"),`,
// flags, and the handler alone on its line (`ngx_http_upstream_hash,`).
// The entry whose handler line is `i`, or nullopt.
std::optional<CommandEntry> PositionalEntry(const std::vector<std::string_view>& lines, size_t i,
                                            std::string_view function) {
  std::string_view t = TrimView(lines[i]);
  if (!t.starts_with(function) || t.substr(function.size()) != ",") return std::nullopt;
  for (size_t open = i; open > 0 && i - open < 4; --open) {
    std::string_view head = TrimView(lines[open - 1]);
    if (!head.starts_with("{")) continue;
    size_t q = head.find('"');
    size_t end = q == std::string_view::npos ? q : head.find('"', q + 1);
    if (end == std::string_view::npos) return std::nullopt;
    // The table holds commands: its declaration says so.
    bool table = false;
    for (size_t k = open - 1; k > 0 && open - k < 400 && !table; --k) {
      std::string_view decl = TrimView(lines[k - 1]);
      if (!decl.ends_with("[] = {")) continue;
      table = decl.find("command") != std::string_view::npos;
      break;
    }
    if (!table) return std::nullopt;
    CommandEntry e;
    e.name = std::string(head.substr(q + 1, end - q - 1));
    e.first_line = static_cast<int>(open);
    e.last_line = static_cast<int>(i) + 1;
    if (e.name.empty()) return std::nullopt;
    return e;
  }
  return std::nullopt;
}

}  // namespace

std::vector<CommandEntry> CommandEntriesFor(const std::vector<std::string_view>& lines,
                                            std::string_view function,
                                            const std::map<std::string, std::string>& defines) {
  std::vector<CommandEntry> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (std::optional<CommandEntry> e = PositionalEntry(lines, i, function)) {
      out.push_back(std::move(*e));
      continue;
    }
    std::optional<std::string_view> exec;
    for (std::string_view f : {"exec", "handler", "proc"}) {
      if (!exec) exec = Field(lines[i], f);
    }
    if (!exec || *exec != function) continue;
    // The initializer's first line: `... = {` above, within 40 lines
    // (not a nested `.args = { ... },`).
    size_t open = i;
    while (open > 0 && i - open < 40 && !TrimView(lines[open]).ends_with("= {")) {
      --open;
    }
    if (!TrimView(lines[open]).ends_with("= {")) continue;
    size_t close = i;
    while (close + 1 < lines.size() && close - i < 40 &&
           TrimView(lines[close]).find("}") == std::string_view::npos) {
      ++close;
    }
    CommandEntry e;
    for (size_t k = open + 1; k <= close; ++k) {
      if (std::optional<std::string_view> v = Field(lines[k], "name")) {
        e.name = Concatenate(*v, {}).value_or("");
      } else if (std::optional<std::string_view> a = Field(lines[k], "alias")) {
        e.alias = Concatenate(*a, {}).value_or("");
      } else if (std::optional<std::string_view> u = Field(lines[k], "usage")) {
        // A usage string continued on the next lines, up to the one ending
        // the field with a comma.
        std::string whole(*u);
        while (!TrimView(lines[k]).ends_with(",") && k + 1 <= close &&
               !TrimView(lines[k + 1]).starts_with(".")) {
          std::string_view next = TrimView(lines[++k]);
          if (next.ends_with(",")) next.remove_suffix(1);
          whole += " " + std::string(next);
        }
        e.usage = Concatenate(whole, defines).value_or("");
      }
    }
    if (e.name.empty()) continue;
    e.first_line = static_cast<int>(open) + 1;
    e.last_line = static_cast<int>(close) + 1;
    out.push_back(std::move(e));
  }
  return out;
}

std::string CommandEntryText(const std::vector<CommandEntry>& entries, std::string_view function,
                             std::string_view file) {
  auto where = [&](const CommandEntry& e) {
    return std::string(file) + ":" + std::to_string(e.first_line) + "\u2013" +
           std::to_string(e.last_line);
  };
  if (entries.size() > 1) {
    std::string list;
    for (const CommandEntry& e : entries) {
      list += std::string(list.empty() ? "" : ", ") + "`" + e.name + "` (" + where(e) + ")";
    }
    return "`" + std::string(function) + "` carries out the commands " + list + ".";
  }
  const CommandEntry& e = entries.at(0);
  std::string details;
  if (!e.alias.empty()) details += "alias `" + e.alias + "`";
  if (!e.usage.empty()) {
    details += std::string(details.empty() ? "" : ", ") + "usage \u201c" + e.name + " " + e.usage +
               "\u201d";
  }
  return "`" + std::string(function) + "` carries out the command `" + e.name + "` (" +
         (details.empty() ? "" : details + "; ") + where(e) + ").";
}

}  // namespace errdex
