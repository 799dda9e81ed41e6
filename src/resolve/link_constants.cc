// Link constants (see link_constants.h).
#include "resolve/link_constants.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "extract/common/printf_format.h"
#include "extract/csharp/csharp_strings.h"
#include "resolve/call_expr.h"
#include "resolve/link_text_functions.h"
#include "util/text.h"

namespace errdex {
namespace {

// A constant defined in terms of another (`#define E_X E_PREFIX "text"`)
// is followed this many times; a constant defined as itself stops there.
constexpr int kMaxConstantRounds = 3;

// The last component of a qualified name: `ErrorMsg::X` -> `X`,
// `shared.oomerr` -> `oomerr`.
std::string_view LastComponent(std::string_view name) {
  size_t at = name.find_last_of(":.>");
  return at == std::string_view::npos ? name : name.substr(at + 1);
}

struct Definition {
  std::string name;
  const Template* text;
  std::string where;  // file:line
};

class ConstantTable {
 public:
  void Add(const TextConstant& c, const std::string& file) {
    by_last_[std::string(LastComponent(c.name))].push_back(
        {c.name, &c.text, file + ":" + std::to_string(c.line)});
  }

  // The text of the constant `expr` names, when every definition that fits
  // the name agrees on it.
  const Definition* Find(std::string_view expr) const {
    std::string e = CollapseSpace(expr);
    if (e.starts_with("::")) e = e.substr(2);
    auto it = by_last_.find(std::string(LastComponent(e)));
    if (it == by_last_.end()) return nullptr;
    const Definition* found = nullptr;
    for (const Definition& d : it->second) {
      // `ErrorMsg::X` names `YAML::ErrorMsg::X`; `X` alone names any X of
      // a namespace; a field (`shared.oomerr`) is named in full, since a
      // local `err` is not `c.err`.
      bool fits = d.name == e || d.name.ends_with("::" + e);
      if (!fits) continue;
      if (found && found->text->Display() != d.text->Display()) return nullptr;
      if (!found) found = &d;
    }
    return found;
  }

  // `t` with every hole naming a constant replaced by its text. With
  // `c_formats`, a hole that formats a constant (`fmt(EX_BAD_STATUS,
  // statusCode)`, aria2) takes the constant's text with its printf verbs
  // filled by the call's other arguments.
  Template Substitute(const Template& t, int* resolved, std::string* note,
                      bool c_formats = false) const {
    Template out;
    for (const Piece& p : t.pieces()) {
      const Definition* d = p.is_hole && !p.expr.empty() ? Find(p.expr) : nullptr;
      if (!d && p.is_hole && c_formats) {
        if (std::optional<Template> f = FormattedConstant(p.expr, note)) {
          out.Append(*f);
          ++*resolved;
          continue;
        }
      }
      // A constant that is still (partly) a name of another constant is
      // left for the next round.
      if (!d || !d->text->HasLiteralText()) {
        if (p.is_hole) {
          out.AddHole(p.text, p.expr, p.type);
        } else {
          out.AddLiteral(p.text);
        }
        continue;
      }
      out.Append(*d->text);
      ++*resolved;
      if (note) {
        if (!note->empty()) *note += "; ";
        *note += "text of `" + d->name + "` (" + d->where + ")";
      }
    }
    return out;
  }

  size_t size() const { return by_last_.size(); }

  // `fmt(EX_X, a, b)` / `StringPrintf(EX_X, a)`: a formatting call (by its
  // name) whose first argument is a constant with text.
  std::optional<Template> FormattedConstant(std::string_view expr, std::string* note) const {
    std::optional<CallExpr> call = ParseCallExpr(expr);
    if (!call || call->args.empty()) return std::nullopt;
    std::string name = ToLower(call->name);
    if (name != "fmt" && !name.ends_with("printf") && !name.ends_with("format")) {
      return std::nullopt;
    }
    const Definition* d = Find(call->args[0]);
    if (!d || !d->text->HasLiteralText()) return std::nullopt;
    if (note) {
      if (!note->empty()) *note += "; ";
      *note += "text of `" + d->name + "` (" + d->where + "), formatted by `" + call->name + "`";
    }
    std::vector<std::string> rest(call->args.begin() + 1, call->args.end());
    return ApplyPrintf(*d->text, rest, PrintfDialect::kC);
  }

 private:
  std::map<std::string, std::vector<Definition>> by_last_;
};

bool HasHoles(const Template& t) { return t.HoleCount() > 0; }

// C#: a message that is one resource string (`NpgsqlStrings.X`) or a
// composite format of one (`string.Format(CultureInfo.CurrentCulture,
// Resources.X, a, b)`), read from the .resx tables (resx_reader.h); the
// format's arguments become holes. nullopt when it is neither.
std::optional<Template> ResourceText(const ConstantTable& resx, const Template& message,
                                     std::string* note) {
  if (message.HoleCount() != 1 || message.HasLiteralText()) return std::nullopt;
  const Piece* hole = nullptr;
  for (const Piece& p : message.pieces()) {
    if (p.is_hole) hole = &p;
  }
  if (!hole || hole->expr.empty()) return std::nullopt;
  const Definition* d = nullptr;
  std::vector<std::string> rest;
  if (std::optional<std::vector<std::string>> args = StringFormatArgs(hole->expr)) {
    // The format is the first argument, or the second after a provider.
    for (size_t i = 0; i < args->size() && i < 2 && !d; ++i) {
      d = resx.Find((*args)[i]);
      if (d) rest.assign(args->begin() + i + 1, args->end());
    }
  } else {
    d = resx.Find(hole->expr);
  }
  if (!d || !d->text->HasLiteralText()) return std::nullopt;
  *note = "text of `" + d->name + "` (" + d->where + ")";
  return rest.empty() ? *d->text : ApplyCompositeFormat(*d->text, rest);
}

bool ResolveResourceMessage(const ConstantTable& resx, ErrorSite* s) {
  if (!s->message_opaque) return false;
  std::string note;
  std::optional<Template> t = ResourceText(resx, s->message, &note);
  if (!t) return false;
  s->message = std::move(*t);
  s->message_opaque = false;
  s->message_origin_note =
      s->message_origin_note.empty() ? note : s->message_origin_note + "; " + note;
  return true;
}

// Resource strings of the .resx files, for C# sites.
ConstantStats ResolveResourceStrings(std::vector<FileFacts>* files,
                                     const std::vector<std::vector<ErrorSite>*>& sites) {
  ConstantStats stats;
  ConstantTable resx;
  for (const FileFacts& f : *files) {
    if (!f.path.ends_with(".resx")) continue;
    for (const TextConstant& c : f.text_constants) resx.Add(c, f.path);
  }
  if (resx.size() == 0) return stats;
  for (size_t i = 0; i < files->size() && i < sites.size(); ++i) {
    if (!(*files)[i].path.ends_with(".cs")) continue;
    // An exception whose constructor formats a resource with its
    // parameters (`: base(FormatMessage(service))`) is a sink.
    for (SinkFact& sink : (*files)[i].sinks) {
      std::string note;
      if (std::optional<Template> t = ResourceText(resx, sink.message, &note)) {
        sink.message = std::move(*t);
      }
    }
    if (!sites[i]) continue;
    for (ErrorSite& s : *sites[i]) stats.held_resolved += ResolveResourceMessage(resx, &s);
    // `throw new NotSupportedException(string.Format(CultureInfo.CurrentCulture,
    // Resources.UnsupportedExpressionWithHint, ..))` (Moq): a message with
    // no text of its own was held apart as its call (HeldMessage).
    for (const HeldMessage& h : (*files)[i].held_messages) {
      if (h.site) continue;
      for (ErrorSite& s : *sites[i]) {
        if (s.line != h.line || s.error_class != h.error_class || !s.message_opaque) continue;
        for (const Template& a : h.args) {
          std::string note;
          std::optional<Template> t = ResourceText(resx, a, &note);
          if (!t) continue;
          s.message = std::move(*t);
          s.message_opaque = false;
          s.message_origin_note = note;
          ++stats.held_resolved;
          break;
        }
      }
    }
  }
  stats.constants = static_cast<int>(resx.size());
  return stats;
}

}  // namespace

bool IsCFamilyPath(std::string_view path) {
  for (std::string_view ext :
       {".c", ".h", ".cc", ".cpp", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".ipp", ".inl", ".tcc"}) {
    if (path.ends_with(ext)) return true;
  }
  return false;
}

bool IsJsPath(std::string_view path) {
  for (std::string_view ext : {".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"}) {
    if (path.ends_with(ext)) return true;
  }
  return false;
}

namespace {

// X-macro rows become constants under the names their macro pastes
// (`DECLARE_MESSAGE(ErrorX, ...)` with `msg##NAME` -> `msgErrorX`); a macro
// no file defines that way names nothing.
void AddMacroRowConstants(std::vector<FileFacts>* files) {
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> namings;
  for (const FileFacts& f : *files) {
    for (const MacroNaming& n : f.macro_namings) {
      auto& v = namings[n.macro];
      std::pair<std::string, std::string> affixes{n.prefix, n.suffix};
      if (std::find(v.begin(), v.end(), affixes) == v.end()) v.push_back(std::move(affixes));
    }
  }
  if (namings.empty()) return;
  for (FileFacts& f : *files) {
    for (const MacroRow& r : f.macro_rows) {
      auto it = namings.find(r.macro);
      if (it == namings.end()) continue;
      for (const auto& [prefix, suffix] : it->second) {
        f.text_constants.push_back({prefix + r.key + suffix, r.text, r.line});
      }
    }
  }
}

ConstantStats ResolveConstantsOnly(std::vector<FileFacts>* files,
                                   const std::vector<std::vector<ErrorSite>*>& sites) {
  ConstantStats stats;
  AddMacroRowConstants(files);
  std::vector<FileFacts>& fs = *files;
  // Constants made of other constants first, a bounded number of rounds.
  for (int round = 0; round < kMaxConstantRounds; ++round) {
    ConstantTable table;
    for (const FileFacts& f : fs) {
      for (const TextConstant& c : f.text_constants) table.Add(c, f.path);
    }
    int changed = 0;
    std::vector<std::vector<Template>> next(fs.size());
    for (size_t i = 0; i < fs.size(); ++i) {
      for (const TextConstant& c : fs[i].text_constants) {
        int n = 0;
        next[i].push_back(HasHoles(c.text) ? table.Substitute(c.text, &n, nullptr) : c.text);
        changed += n;
      }
    }
    for (size_t i = 0; i < fs.size(); ++i) {
      for (size_t k = 0; k < next[i].size(); ++k) fs[i].text_constants[k].text = next[i][k];
    }
    if (changed == 0) break;
  }
  ConstantTable table;
  for (const FileFacts& f : fs) {
    for (const TextConstant& c : f.text_constants) {
      if (c.text.HasLiteralText()) table.Add(c, f.path);
    }
  }
  stats.constants = static_cast<int>(table.size());
  if (table.size() == 0) return stats;
  for (size_t i = 0; i < fs.size(); ++i) {
    bool kotlin = fs[i].path.ends_with(".kt") || fs[i].path.ends_with(".kts");
    if (!IsCFamilyPath(fs[i].path) && !fs[i].path.ends_with(".go") &&
        !fs[i].path.ends_with(".rs") && !IsJsPath(fs[i].path) && !kotlin) {
      continue;
    }
    FileFacts& f = fs[i];
    for (LinkCall& call : f.link_calls) {
      for (Template& a : call.args) {
        if (HasHoles(a)) a = table.Substitute(a, &stats.holes_resolved, nullptr);
      }
    }
    for (SinkFact& s : f.sinks) {
      if (HasHoles(s.message))
        s.message = table.Substitute(s.message, &stats.holes_resolved, nullptr);
    }
    for (TextFunction& fn : f.text_functions) {
      for (Template& r : fn.returns) {
        if (HasHoles(r)) r = table.Substitute(r, &stats.holes_resolved, nullptr);
      }
    }
    if (sites.size() <= i || !sites[i]) continue;
    bool c_family = IsCFamilyPath(f.path);
    // A JavaScript or Kotlin message that is only a name (`new Error(X_MSG)`,
    // `@Deprecated(X_MESSAGE)`) is opaque until the name is found; other
    // extractors hold such sites apart (HeldMessage, below).
    bool js = IsJsPath(f.path) || kotlin;
    for (ErrorSite& s : *sites[i]) {
      if ((s.message_opaque && !js) || !HasHoles(s.message)) continue;
      std::string note;
      int n = 0;
      Template t = table.Substitute(s.message, &n, &note, c_family);
      if (n == 0 || (s.message_opaque && !t.HasLiteralText())) continue;
      s.message_opaque = false;
      stats.holes_resolved += n;
      s.message = std::move(t);
      s.message_origin_note =
          s.message_origin_note.empty() ? note : s.message_origin_note + "; " + note;
    }
    for (HeldMessage& h : f.held_messages) {
      // Rust holds a site whose message names a constant of another file
      // (`panic!("{}", crate::util::error::X)`): it is recorded here when
      // the constant is known; calls are left to link_text_functions.h.
      if (h.site && h.args.size() == 1) {
        std::string note;
        int n = 0;
        // C: vim's `semsg(_(e_x), arg)`, a constant format of the values.
        Template t = table.Substitute(h.args[0], &n, &note, c_family);
        if (n > 0 && t.HasLiteralText()) {
          ErrorSite s = *h.site;
          s.message = std::move(t);
          s.message_opaque = false;
          s.message_origin_note = note;
          sites[i]->push_back(std::move(s));
          ++stats.held_resolved;
          h.args.clear();
        }
        continue;
      }
      if (h.site) continue;  // a text function's call (link_text_functions.h)
      for (ErrorSite& s : *sites[i]) {
        if (s.line != h.line || s.error_class != h.error_class || !s.message_opaque) continue;
        for (const Template& a : h.args) {
          std::string note;
          int n = 0;
          Template t = table.Substitute(a, &n, &note, c_family);
          if (n == 0 || !t.HasLiteralText()) continue;
          s.message = std::move(t);
          s.message_opaque = false;
          s.message_origin_note = note;
          ++stats.held_resolved;
          break;
        }
      }
    }
  }
  return stats;
}

}  // namespace

ConstantStats ResolveTextConstants(std::vector<FileFacts>* files,
                                   const std::vector<std::vector<ErrorSite>*>& sites) {
  MessageTableStats tables = ResolveMessageTables(files, sites);
  ConstantStats resources = ResolveResourceStrings(files, sites);
  ConstantStats stats = ResolveConstantsOnly(files, sites);
  stats.constants += resources.constants;
  stats.held_resolved += resources.held_resolved;
  stats.tables = tables;
  // Messages returned by functions read the constants above (a C
  // `return E_PARSE;`), so they follow.
  stats.text_functions = ResolveTextFunctions(files, sites);
  return stats;
}

}  // namespace errdex
