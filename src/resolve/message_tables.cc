// Message tables (see message_tables.h).
#include "resolve/message_tables.h"

#include <cctype>
#include <utility>

namespace errdex {
namespace {

bool IsNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '@';
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// A table as code names it: `$LANG`, `self::$language`, `this.messages`,
// `Errors::MESSAGES`, `@errors` (no calls, no subscripts).
bool IsTableExpr(std::string_view t) {
  if (t.empty()) return false;
  for (size_t i = 0; i < t.size(); ++i) {
    char c = t[i];
    if (IsNameChar(c) || c == '.' || c == ':') continue;
    if (c == '-' && i + 1 < t.size() && t[i + 1] == '>') continue;
    if (c == '>' && i > 0 && t[i - 1] == '-') continue;
    return false;
  }
  return IsNameChar(t.back());
}

bool IsIdentifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

// The key inside `[..]` or `(..)`: a quoted string or a Ruby symbol (a
// literal), or a variable.
std::optional<TableLookup> Key(std::string_view table, std::string_view inner) {
  inner = Trim(inner);
  TableLookup out{std::string(table), "", false};
  if (inner.size() >= 2 && (inner.front() == '\'' || inner.front() == '"') &&
      inner.back() == inner.front()) {
    std::string_view k = inner.substr(1, inner.size() - 2);
    if (k.empty() || k.find_first_of("'\"\\$#{") != std::string_view::npos) return std::nullopt;
    out.key = std::string(k);
    out.literal = true;
    return out;
  }
  if (inner.size() >= 2 && inner.front() == ':' && IsIdentifier(inner.substr(1))) {
    out.key = std::string(inner.substr(1));
    out.literal = true;
    return out;
  }
  std::string_view var = inner.starts_with("$") ? inner.substr(1) : inner;
  if (!IsIdentifier(var)) return std::nullopt;
  out.key = std::string(inner);
  return out;
}

}  // namespace

std::optional<TableLookup> ParseTableLookup(std::string_view expr, bool dotted) {
  expr = Trim(expr);
  if (expr.ends_with("]")) {
    size_t open = expr.rfind('[');
    if (open == std::string_view::npos || open == 0) return std::nullopt;
    std::string_view table = Trim(expr.substr(0, open));
    if (!IsTableExpr(table)) return std::nullopt;
    return Key(table, expr.substr(open + 1, expr.size() - open - 2));
  }
  if (expr.ends_with(")")) {
    for (std::string_view method : {".get(", ".fetch("}) {
      size_t at = expr.rfind(method);
      if (at == std::string_view::npos || at == 0) continue;
      std::string_view inner = expr.substr(at + method.size());
      inner.remove_suffix(1);
      // One argument: `.get("key", default)` may return the default.
      if (inner.find(',') != std::string_view::npos) return std::nullopt;
      std::string_view table = expr.substr(0, at);
      if (!IsTableExpr(table)) return std::nullopt;
      return Key(table, inner);
    }
    return std::nullopt;
  }
  if (!dotted) return std::nullopt;
  size_t dot = expr.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return std::nullopt;
  std::string_view table = expr.substr(0, dot);
  std::string_view key = expr.substr(dot + 1);
  if (!IsTableExpr(table) || !IsIdentifier(key)) return std::nullopt;
  return TableLookup{std::string(table), std::string(key), true};
}

std::string TableName(std::string_view written) {
  size_t at = written.find_last_of(".:>");
  std::string_view last = at == std::string_view::npos ? written : written.substr(at + 1);
  while (!last.empty() && (last.front() == '$' || last.front() == '@')) last.remove_prefix(1);
  return std::string(last);
}

MessageTableIndex::MessageTableIndex(const std::vector<FileFacts>& files) : files_(files) {
  for (size_t i = 0; i < files.size(); ++i) {
    for (const MessageTable& t : files[i].message_tables) {
      ++tables_;
      // A PHP local (`$PHPMAILER_LANG`, `$rateLimit = ['limit' => '?']`)
      // is another function's only through the names it is assigned to.
      bool local = t.name.starts_with("$") && t.name.find("->") == std::string::npos;
      by_name_[TableName(t.name)].push_back({i, &t, local});
      for (const std::string& a : t.aliases) {
        std::string name = TableName(a);
        if (name != TableName(t.name)) by_name_[name].push_back({i, &t, false});
      }
    }
  }
}

std::optional<TableHit> MessageTableIndex::Find(std::string_view table, std::string_view key,
                                                size_t file) const {
  std::string name = TableName(table);
  std::vector<Ref> refs;
  for (const std::string& n :
       {name, std::string(name == "error_messages" ? "default_error_messages" : "")}) {
    auto it = by_name_.find(n);
    if (it != by_name_.end()) refs.insert(refs.end(), it->second.begin(), it->second.end());
  }
  std::optional<TableHit> found;
  // The file's own tables first: a repository may keep one table per module.
  for (bool own : {true, false}) {
    for (const Ref& r : refs) {
      if ((r.file == file) != own || (r.local && r.file != file)) continue;
      for (const MessageTableEntry& e : r.table->entries) {
        if (e.key != key) continue;
        if (found && found->text->Display() != e.text.Display()) return std::nullopt;
        if (!found) {
          found = TableHit{&e.text, r.table->name + "['" + e.key + "']",
                           files_[r.file].path + ":" + std::to_string(e.line)};
        }
      }
    }
    if (found) return found;
  }
  return found;
}

bool MessageTableIndex::Has(std::string_view table) const {
  std::string name = TableName(table);
  return by_name_.count(name) > 0 ||
         (name == "error_messages" && by_name_.count("default_error_messages") > 0);
}

std::optional<TableHit> MessageTableIndex::FindExpr(std::string_view expr, size_t file) const {
  const std::string& path = files_[file].path;
  bool js = path.ends_with(".js") || path.ends_with(".ts") || path.ends_with(".mjs") ||
            path.ends_with(".cjs") || path.ends_with(".jsx") || path.ends_with(".tsx");
  std::optional<TableLookup> l = ParseTableLookup(expr, js);
  if (!l || !l->literal) return std::nullopt;
  return Find(l->table, l->key, file);
}

namespace {

// `t` with every hole that looks up a literal key replaced by the entry's
// text; `note` and `from` (when given) say which entries.
Template Substitute(const MessageTableIndex& index, size_t file, const Template& t, int* resolved,
                    std::string* note, std::string* from) {
  Template out;
  for (const Piece& p : t.pieces()) {
    std::optional<TableHit> hit;
    if (p.is_hole && !p.expr.empty()) hit = index.FindExpr(p.expr, file);
    if (!hit || !hit->text->HasLiteralText()) {
      if (p.is_hole) {
        out.AddHole(p.text, p.expr, p.type);
      } else {
        out.AddLiteral(p.text);
      }
      continue;
    }
    out.Append(*hit->text);
    ++*resolved;
    if (note) {
      if (!note->empty()) *note += "; ";
      *note += "text of `" + hit->entry + "` (" + hit->where + ")";
    }
    if (from && from->empty()) *from = hit->where;
  }
  return out;
}

void ResolveSites(const MessageTableIndex& index, size_t file, std::vector<ErrorSite>* sites,
                  MessageTableStats* stats) {
  for (ErrorSite& s : *sites) {
    if (s.message.HoleCount() == 0) continue;
    std::string note, from;
    int n = 0;
    Template t = Substitute(index, file, s.message, &n, &note, &from);
    if (n == 0 || !t.HasLiteralText()) continue;
    ++stats->sites_resolved;
    s.message = std::move(t);
    if (s.message_opaque) s.message_origin_note.clear();
    s.message_opaque = false;
    s.message_origin_note =
        s.message_origin_note.empty() ? note : s.message_origin_note + "; " + note;
    if (s.message_from.empty()) s.message_from = from;
  }
}

}  // namespace

MessageTableStats ResolveMessageTables(std::vector<FileFacts>* files,
                                       const std::vector<std::vector<ErrorSite>*>& sites) {
  MessageTableStats stats;
  MessageTableIndex index(*files);
  stats.tables = static_cast<int>(index.size());
  if (index.empty()) return stats;
  for (size_t i = 0; i < files->size(); ++i) {
    FileFacts& f = (*files)[i];
    int* n = &stats.holes_resolved;
    for (LinkCall& call : f.link_calls) {
      for (Template& a : call.args) a = Substitute(index, i, a, n, nullptr, nullptr);
    }
    for (SinkFact& s : f.sinks) s.message = Substitute(index, i, s.message, n, nullptr, nullptr);
    for (TextFunction& fn : f.text_functions) {
      for (Template& r : fn.returns) r = Substitute(index, i, r, n, nullptr, nullptr);
    }
    if (i < sites.size() && sites[i]) ResolveSites(index, i, sites[i], &stats);
  }
  return stats;
}

}  // namespace errdex
