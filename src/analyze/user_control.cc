// User control (see user_control.h): scans a check for member chains and
// constants, then asks the setter index who assigns each.
#include "analyze/user_control.h"

#include <algorithm>
#include <cctype>

#include "analyze/value_origin.h"
#include "util/text.h"

namespace errdex {
namespace {

bool Word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool AllCaps(std::string_view s) {
  bool letter = false;
  for (char c : s) {
    if (std::islower(static_cast<unsigned char>(c))) return false;
    if (std::isupper(static_cast<unsigned char>(c))) letter = true;
  }
  return letter && s.size() >= 3;
}

std::string At(const Setter& s) { return s.file + ":" + std::to_string(s.line); }

std::string_view Dir(std::string_view file) { return file.substr(0, file.rfind('/') + 1); }

// Names that many unrelated types give a field: a setter of `size` in one
// class says nothing about `buf->size` in another.
bool Common(const std::string& name) {
  static const char* const kCommon[] = {
      "size",   "length",   "len",   "type",   "name",   "count",  "value",    "data",   "kind",
      "state",  "status",   "index", "flags",  "mode",   "id",     "key",      "next",   "prev",
      "parent", "children", "items", "buffer", "offset", "pos",    "position", "result", "error",
      "width",  "height",   "text",  "path",   "url",    "format", "options",  "config", "version"};
  if (name.size() < 4) return true;
  std::string l = ToLower(name);
  return std::find(std::begin(kCommon), std::end(kCommon), l) != std::end(kCommon);
}

struct Read {
  std::string name;       // the last component
  std::string receiver;   // the identifier before it (`client` in `client.x`)
  bool own = false;       // `self.x`, `this.x`, `@x`, `$this->x`, `m_x`, `_x`
  bool member = false;    // read through a receiver
  bool constant = false;  // an all-caps name
  // A bare name (a local, or a C global): looked up only in command-line
  // option tables, which bind globals by address (Setter::kCommandLine).
  bool bare = false;
};

// The names `expr` reads as members or constants, outside string literals
// and never as a call (`a.b(`).
std::vector<Read> Reads(std::string_view e) {
  std::vector<Read> out;
  // Open parentheses, and whether each opened a call: a member passed to a
  // call (`connected(push->remote)`) is the call's input, not the state
  // the check tests.
  std::vector<bool> calls;
  for (size_t i = 0; i < e.size();) {
    char c = e[i];
    if (c == '(' || c == ')') {
      if (c == ')' && !calls.empty()) calls.pop_back();
      if (c == '(') {
        size_t p = i;
        while (p > 0 && e[p - 1] == ' ') --p;
        calls.push_back(p > 0 && (Word(e[p - 1]) || e[p - 1] == '>' || e[p - 1] == ']'));
      }
      ++i;
      continue;
    }
    if (c == '"' || c == '\'') {
      size_t close = e.find(c, i + 1);
      i = close == std::string_view::npos ? e.size() : close + 1;
      continue;
    }
    if (!Word(c) && c != '@' && c != '$') {
      ++i;
      continue;
    }
    size_t b = i;
    while (i < e.size()) {
      if (Word(e[i]) || e[i] == '@' || e[i] == '$' || e[i] == '.') {
        ++i;
      } else if (e.substr(i).starts_with("->") || e.substr(i).starts_with("::")) {
        i += 2;
      } else {
        break;
      }
    }
    std::string_view chain = e.substr(b, i - b);
    size_t n = i;
    while (n < e.size() && e[n] == ' ') ++n;
    if (n < e.size() && e[n] == '(') continue;  // a call
    if (std::find(calls.begin(), calls.end(), true) != calls.end()) continue;
    if (std::isdigit(static_cast<unsigned char>(chain[0]))) continue;
    size_t last = chain.size();
    while (last > 0 && Word(chain[last - 1])) --last;
    Read r;
    r.name = std::string(chain.substr(last));
    if (r.name.empty()) continue;
    std::string_view head = chain.substr(0, last);
    r.member = !head.empty();
    size_t rb = head.size();
    while (rb > 0 && !Word(head[rb - 1])) --rb;
    size_t ra = rb;
    while (ra > 0 && Word(head[ra - 1])) --ra;
    r.receiver = std::string(head.substr(ra, rb - ra));
    r.own = head == "self." || head == "this." || head == "@" || head == "$this->" ||
            (!r.member && (r.name.starts_with("m_") || r.name.starts_with("_")));
    r.constant = AllCaps(r.name);
    r.bare = !r.member && !r.own && !r.constant;
    if (std::any_of(out.begin(), out.end(),
                    [&](const Read& x) { return x.name == r.name && x.bare == r.bare; })) {
      continue;
    }
    out.push_back(r);
  }
  return out;
}

}  // namespace

std::string EnvVariableOf(std::string_view v) {
  if (std::string env = EnvironmentRead(v); !env.empty()) return env;
  // A repository's own helper around it whose name says so
  // (`env_int.call("RACK_X", 16)`, `envOr("X", 3)`, `env('DATABASE_URL')`):
  // the first argument, an upper-case string, is the variable.
  size_t open = v.find('(');
  if (open == std::string_view::npos ||
      ToLower(v.substr(0, open)).find("env") == std::string::npos) {
    return "";
  }
  std::string_view arg = Trim(v.substr(open + 1));
  if (arg.empty() || (arg[0] != '"' && arg[0] != '\'')) return "";
  size_t close = arg.find(arg[0], 1);
  if (close == std::string_view::npos) return "";
  std::string_view name = arg.substr(1, close - 1);
  bool upper = name.size() >= 3 && std::all_of(name.begin(), name.end(), [](char c) {
                 return std::isupper(static_cast<unsigned char>(c)) ||
                        std::isdigit(static_cast<unsigned char>(c)) || c == '_';
               });
  return upper ? std::string(name) : "";
}

std::string EnvDefaultOf(std::string_view v, const std::string& var) {
  size_t at = v.find(var);
  if (at == std::string_view::npos) return "";
  std::string_view rest = v.substr(at + var.size());
  if (!rest.empty() && (rest[0] == '"' || rest[0] == '\'')) rest.remove_prefix(1);
  rest = Trim(rest);
  if (rest.starts_with(",")) {
    rest = Trim(rest.substr(1));
    size_t e = rest.find(')');
    return std::string(Trim(rest.substr(0, e)));
  }
  if (rest.starts_with(")") || rest.starts_with("]")) rest = Trim(rest.substr(1));
  for (std::string_view op : {"||", "??", "or "}) {
    if (rest.starts_with(op)) {
      rest = Trim(rest.substr(op.size()));
      size_t e = rest.find_first_of(");");
      return std::string(Trim(rest.substr(0, e)));
    }
  }
  return "";
}

std::string SetterWay(const Setter& s, const std::string& field) {
  std::string sets = " (" + At(s) + " sets `" + field + "`)";
  switch (s.kind) {
    case Setter::kOption:
      return "the option `" + s.name + "`" + sets;
    case Setter::kMethod:
      return "`" + (s.owner.empty() ? "" : s.owner + ".") + s.name + "`" + sets;
    case Setter::kConfigKey:
      return "the configuration setting `" + s.name + "`" + sets;
    case Setter::kCommandLine:
      // A flag macro defines the variable rather than assigning it.
      if (!s.owner.empty()) {
        return "the command-line flag `" + s.name + "` (`" + s.owner + "` at " + At(s) +
               " defines `" + field + "`)";
      }
      return "the command-line option `" + s.name + "`" + sets;
    case Setter::kProperty:
      return "the property `" + s.name + "`" + sets;
    case Setter::kConstructor:
      return "the `" + s.name + "` argument of `" + (s.owner.empty() ? "new" : s.owner) + "`" +
             sets;
    case Setter::kConstant:
      break;
  }
  return "";
}

namespace {

bool CFamily(std::string_view file) {
  for (std::string_view ext : {".c", ".h", ".cc", ".cpp", ".hpp", ".hh", ".cxx"}) {
    if (file.ends_with(ext)) return true;
  }
  return false;
}

// "CURLOPT_MAXREDIRS" names `maxredirs`; "REDISMODULE_KSPEC_FK_OMITTED" does
// not name `limit`, though its `case` assigns a field of that name.
bool LabelNames(const std::string& label, const std::string& field) {
  std::string l, f;
  for (char c : label) {
    if (std::isalnum(static_cast<unsigned char>(c))) l += static_cast<char>(std::tolower(c));
  }
  for (char c : field) {
    if (std::isalnum(static_cast<unsigned char>(c))) f += static_cast<char>(std::tolower(c));
  }
  return !f.empty() && l.ends_with(f);
}

// `client.connectionSpecs` and a setter of `OkHttpClient`: the receiver's
// name and the setter's class name one another.
bool ReceiverOf(const std::string& receiver, const std::string& owner) {
  std::string r = ToLower(receiver), o = ToLower(owner);
  if (r.size() < 3 || o.empty()) return false;
  return o.find(r) != std::string::npos || r.find(o) != std::string::npos;
}

// Assertion helpers (`check(x == null)`) read like a header with the
// field's name in it; private names are no way in for users.
bool NotASetter(const Setter& s) {
  for (const char* w : {"check", "require", "assert", "ensure", "verify", "precondition"}) {
    if (s.name == w) return true;
  }
  return s.name.starts_with("_") || s.owner.starts_with("_");
}

}  // namespace

std::vector<UserControl> UserControls(const std::string& expr, const std::string& file,
                                      const SetterIndex& index, const std::string& function) {
  std::vector<UserControl> out;
  size_t cut = function.find_last_of(".:");
  std::string fn = cut == std::string::npos ? function : function.substr(cut + 1);
  // The class of the raising method ("FieldInfo" of "FieldInfo._validate"):
  // its own fields are set by its own constructor, not by another class's
  // that happens to have a field of the same name in the same file.
  std::string cls;
  if (cut != std::string::npos && cut > 0) {
    size_t end = function[cut - 1] == ':' ? cut - 1 : cut;
    size_t start = function.find_last_of(".:", end - 1);
    cls = function.substr(start == std::string::npos ? 0 : start + 1,
                          end - (start == std::string::npos ? 0 : start + 1));
  }
  for (const Read& r : Reads(expr)) {
    if (Common(r.name)) continue;
    for (const Setter& s : index.Find(r.name, file)) {
      if (r.bare != (s.kind == Setter::kCommandLine)) continue;
      if (s.kind == Setter::kConstant) {
        // Only the constant as the check spells it, defined near the check.
        if (!r.constant || Dir(s.file) != Dir(file)) break;
        std::string env = EnvVariableOf(s.name);
        if (env.empty()) break;
        std::string d = EnvDefaultOf(s.name, env);
        out.push_back({r.name,
                       "the environment variable `" + env + "` (read at " + At(s) +
                           (d.empty() ? "" : "; default " + d) + ")",
                       At(s)});
        break;
      }
      if (r.constant) continue;
      if (s.kind == Setter::kConfigKey || s.kind == Setter::kCommandLine) {
        // Its row names the key after the field; it is specific wherever it is.
      } else if (s.kind == Setter::kOption) {
        // An option label that names the field is specific wherever it is.
        if (!LabelNames(s.name, r.name)) continue;
      } else {
        // A setter elsewhere may belong to another type with a field of the
        // same name; the raising function itself is no way around it; a C
        // function is public only when an installed header declares it.
        bool near = r.own ? s.file == file && (cls.empty() || s.owner.empty() || s.owner == cls)
                          : std::string_view(s.file).starts_with(Dir(file)) &&
                                ReceiverOf(r.receiver, s.owner.empty() ? s.name : s.owner);
        if (!near || s.name == fn || NotASetter(s) ||
            (CFamily(s.file) && !index.PubliclyDeclared(s.name))) {
          continue;
        }
      }
      out.push_back({r.name, SetterWay(s, r.name), At(s)});
      break;
    }
  }
  return out;
}

}  // namespace errdex
