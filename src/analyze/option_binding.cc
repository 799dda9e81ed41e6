// Option bindings (see option_binding.h). A table entry is read from one
// line: parse-options tables put one option per line.
#include "analyze/option_binding.h"

#include <cctype>
#include <map>
#include <regex>

namespace errdex {
namespace {

bool IdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The bound name's last component (`all_objects` of `opt.all_objects`) and
// whether it is a member.
std::string LastComponent(const std::string& var, bool* member) {
  size_t dot = var.find_last_of(".>");
  *member = dot != std::string::npos;
  return *member ? var.substr(dot + 1) : var;
}

// Whether `expr` reads `name` as a whole word, through a member access
// (`.name`, `->name`) when `member`, else as a plain variable.
bool Reads(std::string_view expr, const std::string& name, bool member) {
  for (size_t at = expr.find(name); at != std::string_view::npos; at = expr.find(name, at + 1)) {
    size_t end = at + name.size();
    if ((at > 0 && IdentChar(expr[at - 1])) || (end < expr.size() && IdentChar(expr[end]))) {
      continue;
    }
    bool through = (at >= 1 && expr[at - 1] == '.') || (at >= 2 && expr.substr(at - 2, 2) == "->");
    // `opt->mode` reads a member of a struct `opt`, not a bound scalar `opt`.
    bool has_member = (end < expr.size() && expr[end] == '.') || expr.substr(end, 2) == "->";
    if (through == member && (member || !has_member)) return true;
  }
  return false;
}

}  // namespace

std::vector<OptionBinding> OptionBindings(const std::vector<std::string_view>& lines) {
  static const std::regex kEntry(
      R"re(\bOPT_[A-Z_]+\(\s*(?:'[^']*'|0)\s*,\s*"([a-z0-9][a-z0-9-]*)"\s*,\s*&\s*([A-Za-z_][A-Za-z_0-9]*(?:(?:\.|->)[A-Za-z_][A-Za-z_0-9]*)*))re");
  std::vector<OptionBinding> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string line(lines[i]);
    if (line.find("OPT_") == std::string::npos) continue;
    std::smatch m;
    if (std::regex_search(line, m, kEntry)) {
      out.push_back({"--" + m[1].str(), m[2].str(), static_cast<int>(i + 1)});
    }
  }
  return out;
}

std::vector<OptionBinding> VisibleBindings(const std::vector<OptionBinding>& bindings,
                                           const std::vector<std::string_view>& lines,
                                           int function_line, int line) {
  std::vector<OptionBinding> out;
  for (const OptionBinding& b : bindings) {
    bool member = false;
    std::string name = LastComponent(b.variable, &member);
    bool visible = member || (b.line >= function_line && b.line <= line);
    for (size_t i = 0; !visible && i < lines.size(); ++i) {
      std::string_view t = lines[i];
      // A declaration at column 0 outside any function.
      visible = t.starts_with("static ") && !t.ends_with(")") && !t.ends_with("{") &&
                Reads(t, name, false) && t.find('(') == std::string_view::npos;
    }
    if (visible) out.push_back(b);
  }
  return out;
}

std::string BoundOptionsText(const std::vector<OptionBinding>& bindings, std::string_view expr,
                             std::vector<int>* cited) {
  // Several options may set one variable (`--ours`, `--theirs`, `--union`
  // all set `merge_variant`): one sentence per variable, in table order.
  std::vector<std::string> order;
  std::map<std::string, std::vector<const OptionBinding*>> by_name;
  for (const OptionBinding& b : bindings) {
    bool member = false;
    std::string name = LastComponent(b.variable, &member);
    if (!Reads(expr, name, member)) continue;
    if (by_name[name].empty()) order.push_back(name);
    by_name[name].push_back(&b);
  }
  std::string out;
  for (const std::string& name : order) {
    const std::vector<const OptionBinding*>& set = by_name[name];
    std::string options, lines;
    for (size_t i = 0; i < set.size(); ++i) {
      std::string sep = i == 0 ? "" : i + 1 == set.size() ? " or " : ", ";
      options += sep + "`" + set[i]->option + "`";
      lines += (i == 0 ? "" : ", ") + std::to_string(set[i]->line);
      cited->push_back(set[i]->line);
    }
    out += " `" + name + "` is set by " + options + (set.size() == 1 ? " (line " : " (lines ") +
           lines + ").";
  }
  return out;
}

}  // namespace errdex
