// Link field renderings (see link_field_renderings.h).
#include "resolve/link_field_renderings.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

namespace errdex {
namespace {

std::string_view Last(std::string_view s) {
  size_t dot = s.rfind('.');
  return dot == std::string_view::npos ? s : s.substr(dot + 1);
}

std::string_view Dir(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view() : path.substr(0, slash);
}

// The language family a type name is looked up in: the file's extension.
std::string_view Family(std::string_view path) {
  size_t dot = path.rfind('.');
  return dot == std::string_view::npos ? std::string_view() : path.substr(dot);
}

enum class Truth { kTrue, kFalse, kUnknown };

// What one construction sets: field name -> value.
struct Value {
  const Template* text = nullptr;
  std::string_view expr;
};
using Values = std::map<std::string, Value>;

// The names a type's tests compare each field with (its kind constants).
using Known = std::set<std::pair<std::string, std::string_view>>;  // field, name

// Whether a field value, as set (or absent: its zero value), passes a test.
Truth Evaluate(const FieldTest& t, const Values& values, const Known& known) {
  auto it = values.find(t.field);
  Truth held = Truth::kUnknown;
  if (!t.in) {
    if (it == values.end() || it->second.expr == "nil" || it->second.expr == "\"\"") {
      held = Truth::kTrue;  // the zero value is empty
    } else if (it->second.text->HoleCount() == 0) {
      held = it->second.text->Display().empty() ? Truth::kTrue : Truth::kFalse;
    }
  } else if (it != values.end()) {
    // A constant some test names (`flagUnknownFlagMessage`, `pkg.KindX`):
    // equal names are equal values, other constants differ. A name no test
    // names may be a variable holding any of them.
    std::string_view v = Last(it->second.expr);
    if (known.count({t.field, v})) {
      bool listed = std::any_of(t.values.begin(), t.values.end(),
                                [&](const std::string& c) { return Last(c) == v; });
      held = listed ? Truth::kTrue : Truth::kFalse;
    }
  }
  if (held == Truth::kUnknown || t.polarity) return held;
  return held == Truth::kTrue ? Truth::kFalse : Truth::kTrue;
}

struct Rendering {
  size_t file = 0;
  const FieldRendering* r = nullptr;
};

class FieldLinker {
 public:
  FieldLinker(const std::vector<FileFacts>& files,
              const std::vector<std::vector<ErrorSite>*>& sites)
      : files_(files), sites_(sites) {}

  FieldRenderingStats Run() {
    for (size_t i = 0; i < files_.size(); ++i) {
      for (const FieldRendering& r : files_[i].field_renderings) {
        types_[{std::string(Family(files_[i].path)), std::string(Dir(files_[i].path)), r.type}]
            .push_back({i, &r});
      }
    }
    if (types_.empty()) return stats_;
    for (size_t i = 0; i < files_.size() && i < sites_.size(); ++i) {
      if (!sites_[i]) continue;
      for (const FieldConstruction& c : files_[i].field_constructions) Construct(i, c);
    }
    Commit();
    return stats_;
  }

 private:
  using TypeKey = std::tuple<std::string, std::string, std::string>;  // family, dir, type

  // The renderings of the type a construction names: in its own package
  // when unqualified, else in the directory named like the qualifier (the
  // only such one).
  const std::vector<Rendering>* TypeOf(size_t file, std::string_view written) const {
    std::string_view fam = Family(files_[file].path);
    std::string type(Last(written));
    if (fam != ".go") return AnyDirectory(file, fam, type);
    if (written.size() == type.size()) {
      auto it = types_.find({std::string(fam), std::string(Dir(files_[file].path)), type});
      return it == types_.end() ? nullptr : &it->second;
    }
    std::string_view qualifier = written.substr(0, written.size() - type.size() - 1);
    const std::vector<Rendering>* found = nullptr;
    for (const auto& [key, list] : types_) {
      const auto& [f, dir, t] = key;
      std::string_view base = std::string_view(dir).substr(dir.rfind('/') + 1);  // npos + 1 == 0
      if (f != fam || t != type || base != qualifier) continue;
      if (found) return nullptr;  // two packages of that name: undecided
      found = &list;
    }
    return found;
  }

  // Languages that import classes by module: the class of that name in the
  // construction's directory, else the repository's only one.
  const std::vector<Rendering>* AnyDirectory(size_t file, std::string_view fam,
                                             const std::string& type) const {
    const std::vector<Rendering>* found = nullptr;
    int count = 0;
    for (const auto& [key, list] : types_) {
      const auto& [f, dir, t] = key;
      if (f != fam || t != type) continue;
      if (dir == Dir(files_[file].path)) return &list;
      found = &list;
      ++count;
    }
    return count == 1 ? found : nullptr;
  }

  void Construct(size_t file, const FieldConstruction& c) {
    const std::vector<Rendering>* type = TypeOf(file, c.type);
    if (!type || !c.site) return;
    const FieldRendering* shape = nullptr;  // the one with the fields' order
    for (const Rendering& r : *type) {
      if (!r.r->fields.empty()) shape = r.r;
    }
    Values values;
    for (size_t k = 0; k < c.values.size() && k < c.names.size() && k < c.exprs.size(); ++k) {
      std::string name = c.names[k];
      if (shape && !shape->params.empty()) {
        // A constructor: the argument's parameter, then the field it fills.
        size_t p = k;
        if (!name.empty()) {
          auto at = std::find(shape->params.begin(), shape->params.end(), name);
          p = static_cast<size_t>(at - shape->params.begin());
        }
        if (p >= shape->params.size() || p >= shape->fields.size()) continue;
        name = shape->fields[p];
        if (name.empty()) continue;
      } else if (name.empty()) {  // positional: the declared order
        if (!shape || k >= shape->fields.size()) return;
        name = shape->fields[k];
      }
      values[name] = {&c.values[k], c.exprs[k]};
    }
    Known known;
    for (const Rendering& r : *type) {
      for (const FieldTest& t : r.r->tests) {
        for (const std::string& v : t.values) known.insert({t.field, Last(v)});
      }
    }
    std::vector<const Rendering*> chosen;
    for (const Rendering& r : *type) {
      bool excluded = std::any_of(r.r->tests.begin(), r.r->tests.end(), [&](const FieldTest& t) {
        return Evaluate(t, values, known) == Truth::kFalse;
      });
      if (!excluded) chosen.push_back(&r);
    }
    // Without text of its own, a construction is a record only where it
    // names the kind that picks its branch (pflag's messageType); a field
    // merely left empty picks incidentally, and its text says little.
    bool narrowed = chosen.size() < type->size();
    for (const Rendering* r : chosen) {
      bool filled = false;
      Template text = Compose(*r->r, values, &filled);
      bool named = std::any_of(r->r->tests.begin(), r->r->tests.end(), [&](const FieldTest& t) {
        return t.in && t.polarity && Evaluate(t, values, known) == Truth::kTrue;
      });
      if (!filled && !(narrowed && named)) continue;
      Add(file, c, *r, std::move(text), !filled);
    }
  }

  // The rendering with the set fields in the holes that read them.
  static Template Compose(const FieldRendering& r, const Values& values, bool* filled) {
    Template out;
    std::string prefix = r.receiver + ".";
    for (const Piece& p : r.text.pieces()) {
      if (!p.is_hole) {
        out.AddLiteral(p.text);
        continue;
      }
      auto it =
          p.expr.starts_with(prefix) ? values.find(p.expr.substr(prefix.size())) : values.end();
      if (it == values.end()) {
        // A Go literal leaves an unnamed field zero: a numeric one prints
        // `0` (the extractor typed its holes; go_field_renderings.h).
        bool go_zero = r.params.empty() && p.type == HoleType::kInteger &&
                       p.expr.starts_with(prefix) && (p.text == "%v" || p.text == "%d");
        if (go_zero) {
          out.AddLiteral("0");
        } else {
          out.AddHole(p.text, p.expr, p.type);
        }
        continue;
      }
      const Template& v = *it->second.text;
      if (v.HasLiteralText()) {
        *filled = true;
        // Python's `{self.x!r}` shows a string's repr, Go's `%q` a quoted
        // string.
        std::string quote = p.text.ends_with("!r}") ? "'" : p.text == "%q" ? "\"" : "";
        out.AddLiteral(quote);
        out.Append(v);
        out.AddLiteral(quote);
      } else {
        // The construction's expression names the hole; a format verb stays
        // as the rendering writes it (`%q` still quotes).
        std::string expr(it->second.expr);
        std::string text = p.text.starts_with("%")   ? p.text
                           : p.text.ends_with("!r}") ? "{" + expr + "!r}"
                                                     : "{" + expr + "}";
        out.AddHole(std::move(text), std::move(expr), p.type);
      }
    }
    return out;
  }

  void Add(size_t file, const FieldConstruction& c, const Rendering& r, Template text,
           bool takes_over) {
    ErrorSite site = *c.site;
    std::string key = std::to_string(file) + ":" + std::to_string(site.line) + ":" + text.Display();
    if (!seen_.insert(key).second) return;
    std::string where = files_[r.file].path + ":" + std::to_string(r.r->line);
    site.message = std::move(text);
    site.message_opaque = false;
    site.error_class = r.r->type;
    site.message_from = where;
    site.message_origin_note = "text rendered by the " + r.r->method + "() method of `" +
                               r.r->type + "` (" + where + ") from the fields set here";
    if (takes_over) taken_[r.file].insert({r.r->line, r.r->type});
    if (c.replaces_site) taken_[file].insert({site.line, r.r->type});
    added_.push_back({file, std::move(site)});
  }

  void Commit() {
    for (const auto& [file, taken_lines] : taken_) {
      if (file >= sites_.size() || !sites_[file]) continue;
      std::vector<ErrorSite>& v = *sites_[file];
      const auto& lines = taken_lines;  // clang 14 cannot capture a structured binding
      size_t before = v.size();
      std::erase_if(v, [&](const ErrorSite& s) {
        return s.message_from.empty() &&
               lines.count({s.line, std::string(Last(s.error_class))}) > 0;
      });
      stats_.sites_replaced += static_cast<int>(before - v.size());
    }
    for (auto& [file, site] : added_) {
      sites_[file]->push_back(std::move(site));
      ++stats_.sites_added;
    }
  }

  const std::vector<FileFacts>& files_;
  const std::vector<std::vector<ErrorSite>*>& sites_;
  std::map<TypeKey, std::vector<Rendering>> types_;
  std::set<std::string> seen_;
  std::map<size_t, std::set<std::pair<int, std::string>>> taken_;
  std::vector<std::pair<size_t, ErrorSite>> added_;
  FieldRenderingStats stats_;
};

}  // namespace

FieldRenderingStats ApplyFieldRenderings(const std::vector<FileFacts>& files,
                                         const std::vector<std::vector<ErrorSite>*>& sites) {
  return FieldLinker(files, sites).Run();
}

}  // namespace errdex
