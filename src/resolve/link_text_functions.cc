// Link text functions (see link_text_functions.h).
#include "resolve/link_text_functions.h"

#include <cctype>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "resolve/call_expr.h"
#include "resolve/link.h"
#include "resolve/link_constants.h"
#include "resolve/message_tables.h"

namespace errdex {
namespace {

enum Family { kPython, kJs, kGo, kRust, kJvm, kC, kCSharp, kRuby, kPhp, kNone };

Family FamilyOf(std::string_view path) {
  auto ends = [&](std::initializer_list<std::string_view> exts) {
    for (std::string_view e : exts) {
      if (path.ends_with(e)) return true;
    }
    return false;
  };
  if (ends({".py", ".pyw"})) return kPython;
  if (IsJsPath(path)) return kJs;
  if (ends({".go"})) return kGo;
  if (ends({".rs"})) return kRust;
  if (ends({".java", ".kt", ".kts"})) return kJvm;
  if (IsCFamilyPath(path)) return kC;
  if (ends({".cs"})) return kCSharp;
  if (ends({".rb", ".rake", ".gemspec"})) return kRuby;
  if (ends({".php"})) return kPhp;
  return kNone;
}

// The last component of a dotted, `::` or `\` path.
std::string_view Last(std::string_view s) {
  size_t at = s.find_last_of(".:\\>");
  return at == std::string_view::npos ? s : s.substr(at + 1);
}

// `Class.method` -> `Class`; a free function has none.
std::string_view ClassOf(std::string_view qualified) {
  size_t at = qualified.find_last_of(".:#");
  if (at == std::string_view::npos) return {};
  std::string_view cls = qualified.substr(0, at);
  while (!cls.empty() && (cls.back() == ':' || cls.back() == '.')) cls.remove_suffix(1);
  return Last(cls);
}

// `a/b/user_errors.py` -> `user_errors`; the directory -> `b`.
std::string Stem(std::string_view path) {
  size_t slash = path.find_last_of('/');
  std::string_view file = slash == std::string_view::npos ? path : path.substr(slash + 1);
  size_t dot = file.find('.');
  return std::string(dot == std::string_view::npos ? file : file.substr(0, dot));
}

std::string Dir(std::string_view path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string_view::npos) return {};
  std::string_view dir = path.substr(0, slash);
  size_t up = dir.find_last_of('/');
  return std::string(up == std::string_view::npos ? dir : dir.substr(up + 1));
}

bool ClassLike(std::string_view receiver) {
  if (receiver.empty()) return false;
  std::string_view last = Last(receiver);
  return receiver.find("::") != std::string_view::npos ||
         receiver.find('\\') != std::string_view::npos ||
         (!last.empty() && std::isupper(static_cast<unsigned char>(last[0])));
}

struct Definition {
  size_t file = 0;
  const TextFunction* fn = nullptr;
  std::string cls, stem, dir;
};

struct Candidate {
  Template text;
  std::string where;  // "`f()` (path:line)", innermost last
  // A return's guard (TextFunction::return_guards) and line, in Returns.
  std::string guard;
  int line = 0;
  // "path:line" of the message-table entry the text came from, if any.
  std::string from;
};

// A call's argument as a literal key: a plain string, or a Ruby symbol.
std::optional<std::string> LiteralKey(std::string_view arg) {
  if (arg.size() > 1 && arg[0] == ':' && std::isalpha(static_cast<unsigned char>(arg[1]))) {
    return std::string(arg.substr(1));
  }
  Template t = ArgumentTemplate(arg, "");
  if (t.HoleCount() > 0 || !t.HasLiteralText()) return std::nullopt;
  if (arg.empty() || (arg[0] != '\'' && arg[0] != '"')) return std::nullopt;  // a number
  return t.Display();
}

// `expr` with every whole-word `name` replaced by `with` (a parameter by
// the caller's argument, inside a call's arguments or a table's key).
std::string ReplaceName(std::string_view expr, std::string_view name, std::string_view with) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::string out;
  size_t i = 0;
  while (i < expr.size()) {
    size_t at = expr.find(name, i);
    if (at == std::string_view::npos) break;
    size_t end = at + name.size();
    bool left = at == 0 || (!word(expr[at - 1]) && expr[at - 1] != '$' && expr[at - 1] != '.' &&
                            expr[at - 1] != '>');
    bool right = end == expr.size() || !word(expr[end]);
    out += expr.substr(i, at - i);
    out += left && right ? with : name;
    i = end;
  }
  out += expr.substr(i);
  return out;
}

// Where a call is made: the file and the class whose methods self/this reach.
struct Context {
  size_t file = 0;
  std::string cls;
  std::string function;  // the qualified function the text is in, when known
};

class TextFunctionLinker {
 public:
  TextFunctionLinker(std::vector<FileFacts>* files,
                     const std::vector<std::vector<ErrorSite>*>& sites)
      : files_(*files), sites_(sites), tables_(*files) {}

  TextFunctionStats Run() {
    BuildDefinitions();
    if (defs_.empty()) return stats_;
    for (auto& [key, list] : defs_) {
      for (const Definition& d : list) {
        std::set<const TextFunction*> active;
        stats_.functions += !Returns(d, 0, &active).empty();
      }
    }
    for (size_t i = 0; i < files_.size(); ++i) {
      if (FamilyOf(files_[i].path) == kNone) continue;
      ResolveFacts(i);
      if (sites_.size() > i && sites_[i]) ResolveSites(i, sites_[i]);
    }
    return stats_;
  }

  // Sites whose class renders its text around the message it was given
  // (ApplyClassRenderings): the message becomes what the rendering shows.
  TextFunctionStats RenderClasses() {
    BuildDefinitions();
    if (defs_.empty()) return stats_;
    for (size_t i = 0; i < files_.size() && i < sites_.size(); ++i) {
      if (sites_[i] && FamilyOf(files_[i].path) != kNone) RenderSites(i, sites_[i]);
    }
    return stats_;
  }

 private:
  using Key = std::pair<Family, std::string>;

  void BuildDefinitions() {
    defs_.clear();
    for (size_t i = 0; i < files_.size(); ++i) {
      Family fam = FamilyOf(files_[i].path);
      if (fam == kNone) continue;
      for (const TextFunction& f : files_[i].text_functions) {
        defs_[{fam, f.name}].push_back(
            {i, &f, std::string(ClassOf(f.qualified)), Stem(files_[i].path), Dir(files_[i].path)});
      }
    }
  }

  // True if `expr` reads the message the exception was constructed with.
  static bool ReadsOwnMessage(std::string_view expr) {
    static const char* const kOwn[] = {"self.message",       "self.msg",          "self.args[0]",
                                       "str(self.message)",  "super().__str__()", "super",
                                       "super.getMessage()", "super.message"};
    for (const char* o : kOwn) {
      if (expr == o) return true;
    }
    return false;
  }

  // The class's rendering around its own message: templates holding one hole
  // that reads it, with text of their own besides. `*plain_too` tells
  // whether another branch returns the message as it is (KryoException's
  // `if (trace == null) return super.getMessage();`).
  std::vector<std::pair<Candidate, size_t>> Renderings(size_t file, std::string_view error_class,
                                                       bool* plain_too) {
    std::vector<std::pair<Candidate, size_t>> out;
    *plain_too = false;
    for (const Candidate& c : ClassMessage(file, error_class)) {
      const std::vector<Piece>& ps = c.text.pieces();
      size_t hole = ps.size();
      int own = 0;
      for (size_t k = 0; k < ps.size(); ++k) {
        if (ps[k].is_hole && ReadsOwnMessage(ps[k].expr)) {
          hole = k;
          ++own;
        }
      }
      if (own == 1 && c.text.HasLiteralText()) out.push_back({c, hole});
    }
    if (const Definition* d = ClassMessageDefinition(file, error_class)) {
      for (const Template& t : d->fn->returns) {
        const std::vector<Piece>& ps = t.pieces();
        *plain_too |= ps.size() == 1 && ps[0].is_hole && ReadsOwnMessage(ps[0].expr);
      }
    }
    return out;
  }

  void RenderSites(size_t i, std::vector<ErrorSite>* sites) {
    struct Found {
      std::vector<std::pair<Candidate, size_t>> renderings;
      bool plain_too = false;
    };
    std::map<std::string, Found> cache;
    std::vector<ErrorSite> added;
    for (ErrorSite& s : *sites) {
      if (s.message_opaque || s.error_class.empty() || !s.message.HasLiteralText()) continue;
      auto it = cache.find(s.error_class);
      if (it == cache.end()) {
        Found f;
        f.renderings = Renderings(i, s.error_class, &f.plain_too);
        it = cache.emplace(s.error_class, std::move(f)).first;
      }
      const auto& renderings = it->second.renderings;
      // A site whose text already is a rendering (a raise without a message
      // that took the class's own text) is left as it is.
      bool rendered = false;
      for (const auto& [c, hole] : renderings) rendered |= c.text.Display() == s.message.Display();
      if (renderings.empty() || rendered) continue;
      ErrorSite base = s;
      for (size_t k = 0; k < renderings.size(); ++k) {
        const auto& [c, hole] = renderings[k];
        ErrorSite one = base;
        one.message = Template();
        const std::vector<Piece>& ps = c.text.pieces();
        for (size_t p = 0; p < ps.size(); ++p) {
          if (p == hole) {
            one.message.Append(base.message);
          } else if (ps[p].is_hole) {
            one.message.AddHole(ps[p].text, ps[p].expr, ps[p].type);
          } else {
            one.message.AddLiteral(ps[p].text);
          }
        }
        std::string note = "shown as " + c.where + " renders it";
        one.message_origin_note =
            base.message_origin_note.empty() ? note : base.message_origin_note + "; " + note;
        ++stats_.sites_resolved;
        // The site keeps its own text when a branch shows it unchanged.
        if (k == 0 && !it->second.plain_too) {
          s = std::move(one);
        } else {
          added.push_back(std::move(one));
          ++stats_.sites_added;
        }
      }
    }
    for (ErrorSite& s : added) sites->push_back(std::move(s));
  }

  // The candidates of `d`'s returns, each expanded through the text
  // functions it calls (memoized; `active` guards against cycles).
  const std::vector<Candidate>& Returns(const Definition& d, int depth,
                                        std::set<const TextFunction*>* active) {
    auto it = memo_.find(d.fn);
    if (it != memo_.end()) return it->second;
    std::vector<Candidate> out;
    if (d.fn->opaque_return) opaque_.insert(d.fn);
    active->insert(d.fn);
    Context ctx{d.file, d.cls};
    for (size_t r = 0; r < d.fn->returns.size(); ++r) {
      std::string where =
          "`" + d.fn->name + "()` (" + files_[d.file].path + ":" +
          std::to_string(r < d.fn->return_lines.size() ? d.fn->return_lines[r] : d.fn->line) + ")";
      std::vector<Candidate> expanded;
      if (depth < kMaxTextFunctionDepth) {
        expanded = Expand(d.fn->returns[r], ctx, depth + 1, active);
      }
      if (expanded.empty()) expanded.push_back({d.fn->returns[r], ""});
      for (Candidate& c : expanded) {
        // A return that looks a message table up by a parameter
        // (`self::$language[$key]`) takes its text where a call passes
        // the key (Substitute).
        bool keyed = KeyParam(c.text, *d.fn) >= 0 || PassesKey(c.text, d);
        // A return that stays a hole (`sb.toString()`, a call of an
        // unknown or opaque function) is a value the candidates miss.
        if (!c.text.HasLiteralText() && !keyed) opaque_.insert(d.fn);
        if ((!c.text.HasLiteralText() && !keyed) || out.size() >= kMaxTextReturns) continue;
        c.where = c.where.empty() ? where : where + " via " + c.where;
        if (r < d.fn->return_guards.size()) c.guard = d.fn->return_guards[r];
        c.line = r < d.fn->return_lines.size() ? d.fn->return_lines[r] : d.fn->line;
        out.push_back(std::move(c));
      }
    }
    active->erase(d.fn);
    // A result computed inside a cycle is partial: keep it out of the memo.
    if (active->empty()) return memo_[d.fn] = std::move(out);
    scratch_.push_back(std::move(out));
    return scratch_.back();
  }

  // The definitions a call reaches, by name, arity and receiver.
  // `localization` for `Localization`: the first letter's case aside, the
  // same name.
  static bool NamedAfterType(std::string_view var, std::string_view cls) {
    return var.size() > 1 && var.size() == cls.size() &&
           std::islower(static_cast<unsigned char>(var[0])) &&
           std::toupper(static_cast<unsigned char>(var[0])) == cls[0] &&
           var.substr(1) == cls.substr(1);
  }

  std::vector<const Definition*> Lookup(const CallExpr& call, const Context& ctx) {
    Family fam = FamilyOf(files_[ctx.file].path);
    auto it = defs_.find({fam, call.name});
    if (it == defs_.end()) return {};
    size_t n = call.args.size();
    std::vector<const Definition*> exact, loose;
    for (const Definition& d : it->second) {
      size_t p = d.fn->params.size();
      if (p == n) {
        exact.push_back(&d);
      } else if (fam == kJs || (n < p && fam != kGo && fam != kRust && fam != kC &&
                                !(fam == kJvm && d.fn->language == "java"))) {
        loose.push_back(&d);
      }
    }
    std::vector<const Definition*> fit = exact.empty() ? loose : exact;
    const std::string& recv = call.receiver;
    std::vector<const Definition*> picked;
    if (recv.empty() || IsSelfReceiver(recv)) {
      std::vector<const Definition*> same_file, same_class;
      for (const Definition* d : fit) {
        if (d->file != ctx.file) continue;
        same_file.push_back(d);
        if (!ctx.cls.empty() && d->cls == ctx.cls) same_class.push_back(d);
      }
      picked = !same_class.empty() ? same_class : !same_file.empty() ? same_file : fit;
    } else if (ClassLike(recv)) {
      std::string_view last = Last(recv);
      for (const Definition* d : fit) {
        if (d->cls == last || d->stem == last) picked.push_back(d);
      }
    } else {
      // `utils.format_error(x)`, Go `pkg.Msg(x)`: a module's free function.
      // A variable named after its type (`localization.extraArgumentOne(x)`
      // on clikt's `Localization`): that class's method.
      std::string_view last = Last(recv);
      for (const Definition* d : fit) {
        if (!d->fn->method && (d->stem == last || d->dir == last)) picked.push_back(d);
        if (d->fn->method && NamedAfterType(last, d->cls)) picked.push_back(d);
      }
    }
    // Overloads or a few same-named helpers: each gives its candidates; a
    // name defined all over the repository is nobody's in particular.
    if (picked.size() > kMaxDefinitions) return {};
    return picked;
  }

  // The candidates of `t` with every hole that calls a text function
  // replaced by its returns (one per combination); empty when none does.
  std::vector<Candidate> Expand(const Template& t, const Context& ctx, int depth,
                                std::set<const TextFunction*>* active) {
    std::vector<Candidate> acc(1);
    bool any = false;
    // Inside a message with text of its own (`"Cannot index %s with %s"`
    // around `jv_kind_name(k)`), a call with several returns stays a hole:
    // one site per combination would replace the message that matches them
    // all by a capped few. A call that is the whole message gives each.
    bool part = t.HasLiteralText();
    for (const Piece& p : t.pieces()) {
      std::vector<Candidate> values;
      if (p.is_hole && !p.expr.empty()) values = CallValues(p.expr, ctx, depth, active);
      if (part && values.size() > 1) values.clear();
      if (values.empty()) {
        for (Candidate& c : acc) {
          if (p.is_hole) {
            c.text.AddHole(p.text, p.expr, p.type);
          } else {
            c.text.AddLiteral(p.text);
          }
        }
        continue;
      }
      any = true;
      std::vector<Candidate> next;
      for (const Candidate& a : acc) {
        for (const Candidate& v : values) {
          if (next.size() >= kMaxTextCandidates) break;
          Candidate c = a;
          c.text.Append(v.text);
          c.where = c.where.empty() ? v.where : c.where + "; " + v.where;
          if (c.from.empty()) c.from = v.from;
          next.push_back(std::move(c));
        }
      }
      acc = std::move(next);
    }
    if (!any) return {};
    return acc;
  }

  // What the call in `expr` returns, its arguments substituted.
  std::vector<Candidate> CallValues(const std::string& expr, const Context& ctx, int depth,
                                    std::set<const TextFunction*>* active) {
    if (depth > kMaxTextFunctionDepth) return {};
    std::optional<CallExpr> call = ParseCallExpr(expr);
    if (!call) return {};
    const CallArgTexts* known = KnownArgs(ctx, expr);
    std::vector<Candidate> out;
    bool opaque = false;
    bool keyed = false;
    for (const Definition* d : Lookup(*call, ctx)) {
      if (active->count(d->fn)) continue;
      std::vector<Candidate> mine = KeyedValues(*d, *call, known, depth, active);
      if (!mine.empty()) {
        keyed = true;
        for (Candidate& c : mine) {
          if (out.size() < kMaxTextCandidates) out.push_back(std::move(c));
        }
        continue;
      }
      if (KeyedFunction(*d, depth, active)) continue;  // its key is not known here
      for (const Candidate& r : Returns(*d, depth, active)) {
        if (out.size() >= kMaxTextCandidates) break;
        Candidate c{Substitute(r.text, *d->fn, *call, known), r.where};
        // `getSmtpErrorMessage('connect_host')` returns `lang($base_key)`
        // with more: the call takes the key now that it is known.
        if (ForwardsParams(&c.text, *d->fn, *call)) {
          std::vector<Candidate> again = Expand(c.text, {d->file, d->cls}, depth + 1, active);
          if (!again.empty()) {
            for (Candidate& a : again) {
              if (out.size() >= kMaxTextCandidates) break;
              a.where = r.where + " via " + a.where;
              out.push_back(std::move(a));
            }
            continue;
          }
        }
        out.push_back(std::move(c));
      }
      opaque = opaque || opaque_.count(d->fn) > 0;
    }
    // The call may also return text none of the candidates hold: one more
    // value, the call itself as a hole, so a message around it keeps the
    // hole (Expand) and a call that is the whole message only adds sites.
    // Not for a key found in a table: the other returns are the fallbacks
    // for keys it does not hold.
    if (opaque && !keyed && !out.empty() && out.size() < kMaxTextCandidates) {
      Candidate hole;
      hole.text.AddHole("{" + expr + "}", expr, HoleType::kAny);
      out.push_back(std::move(hole));
    }
    return out;
  }

  // The parameter (index) by which a hole of `t` looks a message table up,
  // or -1. Other subscripts (`$this->aliases[$abstract]`) are not tables.
  int KeyParam(const Template& t, const TextFunction& fn) const {
    for (const Piece& p : t.pieces()) {
      if (!p.is_hole) continue;
      std::optional<TableLookup> l = ParseTableLookup(p.expr);
      if (!l || l->literal || !tables_.Has(l->table)) continue;
      for (size_t i = 0; i < fn.params.size(); ++i) {
        if (fn.params[i] == l->key) return static_cast<int>(i);
      }
    }
    return -1;
  }

  // Whether a hole of `t` calls a function that looks a message table up
  // by its parameter, passing one of `d`'s parameters on
  // (`self::lang($base_key)`): ForwardsParams gives it the caller's key.
  bool PassesKey(const Template& t, const Definition& d) {
    for (const Piece& p : t.pieces()) {
      if (!p.is_hole || !p.expr.ends_with(")")) continue;
      std::optional<CallExpr> call = ParseCallExpr(p.expr);
      if (!call) continue;
      bool passes = false;
      for (const std::string& a : call->args) {
        for (const std::string& param : d.fn->params) passes = passes || a == param;
      }
      if (!passes) continue;
      for (const Definition* callee : Lookup(*call, {d.file, d.cls})) {
        if (KeyedFunction(*callee, 0, nullptr)) return true;
      }
    }
    return false;
  }

  bool KeyedFunction(const Definition& d, int, std::set<const TextFunction*>*) const {
    for (const Template& r : d.fn->returns) {
      if (KeyParam(r, *d.fn) >= 0) return true;
    }
    return false;
  }

  enum class Guard { kUnknown, kTrue, kFalse };

  // `'smtp_connect_failed' === $key` (either side, `==`, `!=`, `!==`)
  // decided by the call's literal argument for `$key`.
  static Guard EvalGuard(std::string_view guard, const TextFunction& fn, const CallExpr& call) {
    while (guard.size() > 1 && guard.front() == '(' && guard.back() == ')') {
      guard = guard.substr(1, guard.size() - 2);
    }
    for (std::string_view op : {"!==", "===", "!=", "=="}) {
      size_t at = guard.find(op);
      if (at == std::string_view::npos) continue;
      auto trim = [](std::string_view x) {
        while (!x.empty() && x.front() == ' ') x.remove_prefix(1);
        while (!x.empty() && x.back() == ' ') x.remove_suffix(1);
        return x;
      };
      std::string_view a = trim(guard.substr(0, at)), b = trim(guard.substr(at + op.size()));
      std::optional<std::string> lit = LiteralKey(a);
      std::string_view name = b;
      if (!lit) {
        lit = LiteralKey(b);
        name = a;
      }
      if (!lit) return Guard::kUnknown;
      for (size_t i = 0; i < fn.params.size() && i < call.args.size(); ++i) {
        if (fn.params[i] != name || !call.keywords[i].empty()) continue;
        std::optional<std::string> arg = LiteralKey(call.args[i]);
        if (!arg) return Guard::kUnknown;
        bool equal = *arg == *lit;
        return equal == (op[0] == '=') ? Guard::kTrue : Guard::kFalse;
      }
      return Guard::kUnknown;
    }
    return Guard::kUnknown;
  }

  // A call of a function that looks a message table up by its parameter
  // (`lang('authenticate')` returning `self::$language[$key]`): the
  // returns whose lookup finds the literal key, with the entry's text. The
  // other returns are fallbacks for keys the table lacks (`return $key;`),
  // and a return whose guard the key decides (`if ('smtp_connect_failed'
  // === $key) return .. . ' https://..';`) is taken or skipped as the key
  // says. Empty when the key is not a literal or no table holds it.
  std::vector<Candidate> KeyedValues(const Definition& d, const CallExpr& call,
                                     const CallArgTexts* known, int depth,
                                     std::set<const TextFunction*>* active) {
    if (tables_.empty() || !KeyedFunction(d, depth, active)) return {};
    std::vector<Candidate> out;
    int taken = 0;  // the line of a return whose guard holds: later ones are not reached
    for (const Candidate& r : Returns(d, depth, active)) {
      Guard g = EvalGuard(r.guard, *d.fn, call);
      if (g == Guard::kFalse) continue;
      int k = KeyParam(r.text, *d.fn);
      if (k < 0 || static_cast<size_t>(k) >= call.args.size()) continue;
      std::optional<std::string> key = LiteralKey(call.args[k]);
      if (!key) return {};
      Candidate c = r;
      c.text = Template();
      bool hit = false;
      Template given = Substitute(r.text, *d.fn, call, known);
      for (const Piece& p : given.pieces()) {
        std::optional<TableLookup> l = p.is_hole ? ParseTableLookup(p.expr) : std::nullopt;
        std::optional<TableHit> h;
        if (l && !l->literal && l->key == d.fn->params[k]) h = tables_.Find(l->table, *key, d.file);
        if (!h) {
          if (p.is_hole) {
            c.text.AddHole(p.text, p.expr, p.type);
          } else {
            c.text.AddLiteral(p.text);
          }
          continue;
        }
        c.text.Append(*h->text);
        c.where += ", from `" + h->entry + "` (" + h->where + ")";
        if (c.from.empty()) c.from = h->where;
        hit = true;
      }
      if (!hit || !c.text.HasLiteralText()) continue;
      if (g == Guard::kTrue && (taken == 0 || c.line < taken)) taken = c.line;
      out.push_back(std::move(c));
    }
    if (taken > 0) {
      std::erase_if(out, [&](const Candidate& c) { return c.line > taken; });
    }
    return out;
  }

  // Holes of `t` that call something with the function's parameters
  // (`self::lang($base_key)`) rewritten with the call's literal arguments
  // (`self::lang('connect_host')`); true if any was.
  static bool ForwardsParams(Template* t, const TextFunction& fn, const CallExpr& call) {
    bool any = false;
    Template out;
    for (const Piece& p : t->pieces()) {
      std::string expr = p.expr;
      if (p.is_hole && expr.ends_with(")")) {
        for (size_t i = 0; i < fn.params.size() && i < call.args.size(); ++i) {
          if (!call.keywords[i].empty() || !LiteralKey(call.args[i])) continue;
          if (!ReadsName(expr, fn.params[i]) && expr.find(fn.params[i]) == std::string::npos) {
            continue;
          }
          std::string next = ReplaceName(expr, fn.params[i], call.args[i]);
          if (next != expr && ParseCallExpr(next)) {
            expr = std::move(next);
            any = true;
          }
        }
      }
      if (!p.is_hole) {
        out.AddLiteral(p.text);
      } else if (expr != p.expr) {
        out.AddHole("{" + expr + "}", expr, p.type);
      } else {
        out.AddHole(p.text, p.expr, p.type);
      }
    }
    if (any) *t = std::move(out);
    return any;
  }

  // The function's parameters replaced by the call's arguments: literal
  // text becomes text, other expressions holes named by the caller's code.
  // `known`: the arguments' templates when the extractor knew a local's text
  // (facts.h CallArgTexts), else null.
  static Template Substitute(const Template& t, const TextFunction& fn, const CallExpr& call,
                             const CallArgTexts* known) {
    Template out;
    for (const Piece& p : t.pieces()) {
      const std::string* arg = nullptr;
      size_t index = 0;
      if (p.is_hole) {
        for (size_t i = 0; i < call.args.size(); ++i) {
          const std::string& kw = call.keywords[i];
          if (kw.empty() ? i < fn.params.size() && fn.params[i] == p.expr : kw == p.expr) {
            arg = &call.args[i];
            index = i;
          }
        }
      }
      if (!arg) {
        if (p.is_hole) {
          out.AddHole(p.text, p.expr, p.type);
        } else {
          out.AddLiteral(p.text);
        }
        continue;
      }
      bool local =
          known && known->args.size() == call.args.size() && known->args[index].HasLiteralText();
      Template a = local ? known->args[index] : ArgumentTemplate(*arg, p.text);
      bool repr = p.text.find("!r") != std::string::npos || p.text == "%r";
      if (repr && a.HasLiteralText()) out.AddLiteral("'");
      if (a.HasLiteralText()) {
        out.Append(a);
      } else {
        out.AddHole(p.text, *arg, p.type);
      }
      if (repr && a.HasLiteralText()) out.AddLiteral("'");
    }
    return out;
  }

  // The argument templates the extractor noted for the call `expr` in the
  // context's file and function; null when none, or when two notes of that
  // call text disagree (the same call where its locals differ).
  const CallArgTexts* KnownArgs(const Context& ctx, const std::string& expr) const {
    const CallArgTexts* found = nullptr;
    for (const CallArgTexts& c : files_[ctx.file].call_arg_texts) {
      if (c.expr != expr || (!ctx.function.empty() && c.function != ctx.function)) continue;
      if (found && !SameArgs(*found, c)) return nullptr;
      found = &c;
    }
    return found;
  }

  static bool SameArgs(const CallArgTexts& a, const CallArgTexts& b) {
    if (a.args.size() != b.args.size()) return false;
    for (size_t i = 0; i < a.args.size(); ++i) {
      if (a.args[i].Display() != b.args[i].Display()) return false;
    }
    return true;
  }

  static std::string Note(const std::vector<Candidate>::value_type& c) {
    return "text returned by " + c.where;
  }

  Context SiteContext(size_t file, const ErrorSite& s) const {
    return {file, std::string(ClassOf(s.function)), s.function};
  }

  // Link-call arguments and sink messages: the text flows on into wrappers.
  void ResolveFacts(size_t i) {
    FileFacts& f = files_[i];
    Context ctx{i, ""};
    std::vector<LinkCall> more_calls;
    for (LinkCall& call : f.link_calls) {
      ctx.cls = std::string(ClassOf(call.caller));
      ctx.function = call.caller;
      for (size_t a = 0; a < call.args.size(); ++a) {
        std::set<const TextFunction*> active;
        std::vector<Candidate> c = Expand(call.args[a], ctx, 0, &active);
        if (c.empty()) continue;
        for (size_t k = 1; k < c.size() && k < kMaxCallCopies; ++k) {
          LinkCall copy = call;
          copy.args[a] = c[k].text;
          more_calls.push_back(std::move(copy));
        }
        call.args[a] = c[0].text;
      }
    }
    for (LinkCall& c : more_calls) f.link_calls.push_back(std::move(c));
    std::vector<SinkFact> more_sinks;
    for (SinkFact& s : f.sinks) {
      ctx.cls = std::string(ClassOf(s.function));
      ctx.function = s.function;
      std::set<const TextFunction*> active;
      std::vector<Candidate> c = Expand(s.message, ctx, 0, &active);
      if (c.empty()) continue;
      for (size_t k = 1; k < c.size() && k < kMaxCallCopies; ++k) {
        SinkFact copy = s;
        copy.message = c[k].text;
        more_sinks.push_back(std::move(copy));
      }
      s.message = c[0].text;
    }
    for (SinkFact& s : more_sinks) f.sinks.push_back(std::move(s));
  }

  void ResolveSites(size_t i, std::vector<ErrorSite>* sites) {
    std::vector<ErrorSite> added;
    std::set<std::pair<int, std::string>> seen;
    for (const ErrorSite& s : *sites) seen.insert({s.line, s.message.Display()});
    auto apply = [&](ErrorSite& s, const std::vector<Candidate>& cands) {
      std::vector<Candidate> with_text;
      for (const Candidate& c : cands) {
        if (c.text.HasLiteralText()) with_text.push_back(c);
      }
      if (with_text.empty()) return false;
      ++stats_.sites_resolved;
      ErrorSite base = s;
      std::string old_note = base.message_opaque ? "" : base.message_origin_note;
      for (size_t k = 0; k < with_text.size(); ++k) {
        ErrorSite one = base;
        one.message = with_text[k].text;
        one.message_opaque = false;
        one.message_origin_note =
            old_note.empty() ? Note(with_text[k]) : old_note + "; " + Note(with_text[k]);
        if (one.message_from.empty()) one.message_from = with_text[k].from;
        if (k == 0) {
          s = std::move(one);
          continue;
        }
        if (!seen.insert({one.line, one.message.Display()}).second) continue;
        added.push_back(std::move(one));
        ++stats_.sites_added;
      }
      return true;
    };
    for (ErrorSite& s : *sites) {
      if (s.message.HoleCount() == 0) continue;
      std::set<const TextFunction*> active;
      apply(s, Expand(s.message, SiteContext(i, s), 0, &active));
    }
    // A raise without a message whose class renders its own text.
    for (ErrorSite& s : *sites) {
      if (s.message_opaque && !s.error_class.empty()) apply(s, ClassMessage(i, s.error_class));
    }
    // Opaque sites whose message argument is a call (HeldMessage).
    for (const HeldMessage& h : files_[i].held_messages) {
      if (h.site) {
        // No site yet: one only when the call's text is known.
        for (const Template& a : h.args) {
          std::set<const TextFunction*> active;
          ErrorSite s = *h.site;
          if (!apply(s, Expand(a, SiteContext(i, s), 0, &active))) continue;
          if (seen.insert({s.line, s.message.Display()}).second) added.push_back(std::move(s));
          break;
        }
        continue;
      }
      for (ErrorSite& s : *sites) {
        if (s.line != h.line || s.error_class != h.error_class || !s.message_opaque) continue;
        for (const Template& a : h.args) {
          std::set<const TextFunction*> active;
          if (apply(s, Expand(a, SiteContext(i, s), 0, &active))) break;
        }
      }
    }
    for (ErrorSite& s : added) sites->push_back(std::move(s));
  }

  // The text the raised class renders itself when raised without a message:
  // click's `MissingParameter.format_message()` ("Missing option '--x'."),
  // Python's `__str__`, Java's `getMessage()`, PHP's `__toString()`, Ruby's
  // `to_s`/`message`. The first of these the class defines.
  std::vector<Candidate> ClassMessage(size_t file, std::string_view error_class) {
    const Definition* d = ClassMessageDefinition(file, error_class);
    if (d == nullptr) return {};
    std::set<const TextFunction*> active;
    return Returns(*d, 0, &active);
  }

  // The first of those methods the class defines with a text of its own.
  const Definition* ClassMessageDefinition(size_t file, std::string_view error_class) {
    static const char* const kMethods[] = {
        "format_message", "__str__", "getMessage", "getLocalizedMessage",
        "__toString",     "message", "to_s",       "toString"};
    Family fam = FamilyOf(files_[file].path);
    std::string_view cls = Last(error_class);
    for (const char* m : kMethods) {
      auto it = defs_.find({fam, m});
      if (it == defs_.end()) continue;
      for (const Definition& d : it->second) {
        if (d.cls != cls || !d.fn->params.empty()) continue;
        std::set<const TextFunction*> active;
        if (!Returns(d, 0, &active).empty()) return &d;
      }
    }
    return nullptr;
  }

  // Copies of a link call or sink for further candidates.
  static constexpr size_t kMaxCallCopies = 4;
  // Same-named definitions a call may reach (overloads, platform variants).
  static constexpr size_t kMaxDefinitions = 3;

  std::vector<FileFacts>& files_;
  const std::vector<std::vector<ErrorSite>*>& sites_;
  std::map<Key, std::vector<Definition>> defs_;
  MessageTableIndex tables_;
  std::map<const TextFunction*, std::vector<Candidate>> memo_;
  std::set<const TextFunction*> opaque_;        // may return text not in its candidates
  std::deque<std::vector<Candidate>> scratch_;  // references stay valid
  TextFunctionStats stats_;
};

}  // namespace

TextFunctionStats ApplyClassRenderings(std::vector<FileFacts>* files,
                                       const std::vector<std::vector<ErrorSite>*>& sites) {
  return TextFunctionLinker(files, sites).RenderClasses();
}

TextFunctionStats ResolveTextFunctions(std::vector<FileFacts>* files,
                                       const std::vector<std::vector<ErrorSite>*>& sites) {
  return TextFunctionLinker(files, sites).Run();
}

}  // namespace errdex
