// Options (see options.h). Conditions are read by their shape: a bare
// attribute (`cfg.x`), `is None`/`is not None`, `== literal`; anything else is
// described with the option named but the expression kept as written.
#include "resolve/options.h"

#include <cctype>

namespace errdex {
namespace {

bool IdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Dotted names in an expression, as written: `cfg.enable_x`, `args.port`.
std::vector<std::string> DottedNames(std::string_view expr) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < expr.size()) {
    bool quote = expr[i] == '"' || expr[i] == '\'';
    if (quote) {  // skip string literals: their words are not identifiers
      size_t end = expr.find(expr[i], i + 1);
      i = end == std::string_view::npos ? expr.size() : end + 1;
      continue;
    }
    if (!IdentChar(expr[i]) || std::isdigit(static_cast<unsigned char>(expr[i]))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < expr.size() && (IdentChar(expr[j]) || expr[j] == '.')) ++j;
    // `args.items()` calls a method; only attribute reads name options.
    if (j >= expr.size() || expr[j] != '(') out.emplace_back(expr.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string Last(std::string_view dotted) {
  size_t dot = dotted.rfind('.');
  return std::string(dot == std::string_view::npos ? dotted : dotted.substr(dot + 1));
}

// The environment variable an expression reads: os.environ.get("X"),
// os.getenv("X"), os.environ["X"].
std::optional<std::string> EnvIn(std::string_view expr) {
  for (std::string_view lead : {"environ.get(", "getenv(", "environ["}) {
    size_t at = expr.find(lead);
    if (at == std::string_view::npos) continue;
    size_t q = at + lead.size();
    if (q >= expr.size() || (expr[q] != '"' && expr[q] != '\'')) continue;
    size_t end = expr.find(expr[q], q + 1);
    if (end == std::string_view::npos) continue;
    return std::string(expr.substr(q + 1, end - q - 1));
  }
  return std::nullopt;
}

std::string Code(std::string_view s) { return "`" + std::string(s) + "`"; }

OptionCondition FlagReading(const OptionDef& o, const PathCondition& c, const std::string& name) {
  OptionCondition out{&o, c, {}, {}, {}};
  std::string flag = Code(o.name);
  bool is_switch = o.action == "store_true" || o.action == "store_false";
  // A switch's attribute is true when the flag is given (store_true) or
  // absent (store_false); a valued option's attribute is truthy when set.
  bool given;
  // "?" marks an expression that does not start with the name: described
  // generically below.
  std::string rest = c.expr.starts_with(name) ? c.expr.substr(name.size()) : "?";
  if (rest.empty()) {
    given = o.action == "store_false" ? !c.polarity : c.polarity;
  } else if (rest == " is not None" || rest == " is None") {
    given = (rest == " is not None") == c.polarity;
  } else if (rest.starts_with(" == ") && c.polarity && !is_switch) {
    std::string value = rest.substr(4);
    if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'')) {
      value = value.substr(1, value.size() - 2);
    }
    out.state = "with `" + o.name + " " + value + "`";
    out.falsify = "Pass another value to " + flag;
    out.cli = o.name + " " + value;
    return out;
  } else {
    out.state =
        "with " + flag + " such that " + Code(c.expr) + " is " + (c.polarity ? "true" : "false");
    out.falsify =
        "Change " + flag + " so that " + Code(c.expr) + " is " + (c.polarity ? "false" : "true");
    return out;
  }
  if (given) {
    out.state = "with " + flag + (is_switch ? "" : " set");
    out.falsify = "Drop " + flag;
    out.cli = is_switch ? o.name : o.name + " VALUE";
  } else {
    out.state = "without " + flag;
    out.falsify = "Pass " + flag;
  }
  return out;
}

OptionCondition OtherReading(const OptionDef& o, const PathCondition& c) {
  std::string what =
      o.kind == "env" ? "the environment variable " + Code(o.name) : "the field " + Code(o.name);
  std::string truth = c.polarity ? "true" : "false";
  std::string untruth = c.polarity ? "false" : "true";
  OptionCondition out{&o, c, {}, {}, {}};
  out.state = "with " + what + " set so that " + Code(c.expr) + " is " + truth;
  out.falsify = (o.kind == "env" ? "Change or unset " : "Change ") + what + " so that " +
                Code(c.expr) + " is " + untruth;
  return out;
}

// Whether a dotted read (`candidate.name`, `self.req.name`) is of the
// dataclass field `field` ("InstallationCandidate.name"): `self.name`, or
// its receiver's last name ends the class's name, or starts it (`cfg` of
// `CfgOptions`).
// A field is read by its name alone everywhere; pip's `self.req.name` (a
// packaging Requirement) is not InstallationCandidate's `name`.
bool ReceiverNamesClass(const std::string& read, const std::string& field) {
  size_t dot = read.rfind('.');
  size_t field_dot = field.rfind('.');
  if (dot == std::string::npos || field_dot == std::string::npos) return false;
  std::string receiver = read.substr(0, dot);
  // The class's own methods read `self.max_retries` (`__post_init__`).
  if (receiver == "self") return true;
  receiver = receiver.substr(receiver.rfind('.') + 1);  // npos + 1 == 0
  std::string cls = field.substr(0, field_dot);
  cls = cls.substr(cls.rfind('.') + 1);
  auto fold = [](std::string s) {
    std::erase(s, '_');
    for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
  };
  receiver = fold(receiver);
  cls = fold(cls);
  if (receiver.size() < 3) return false;
  return cls.ends_with(receiver) || cls.starts_with(receiver);
}

}  // namespace

void OptionIndex::Add(const FileFacts& facts) {
  for (const OptionDef& o : facts.options) {
    if (by_name_.count(o.name)) continue;  // first definition wins
    by_name_.emplace(o.name, o);
    if (!o.dest.empty()) by_dest_[o.dest].push_back(o);
  }
}

const OptionDef* OptionIndex::ForDest(std::string_view dest) const {
  auto it = by_dest_.find(dest);
  if (it == by_dest_.end()) return nullptr;
  for (const OptionDef& o : it->second) {
    if (o.kind == "flag") return &by_name_.find(o.name)->second;
  }
  return &by_name_.find(it->second.front().name)->second;
}

const OptionDef* OptionIndex::ForName(std::string_view name) const {
  auto it = by_name_.find(name);
  return it == by_name_.end() ? nullptr : &it->second;
}

std::optional<OptionCondition> ReadCondition(const OptionIndex& index, const PathCondition& c) {
  if (std::optional<std::string> env = EnvIn(c.expr)) {
    if (const OptionDef* o = index.ForName(*env)) return OtherReading(*o, c);
  }
  for (const std::string& name : DottedNames(c.expr)) {
    // A bare name is a local unless it is an attribute of something: only
    // dotted reads (`cfg.x`, `args.x`, `self.x`) map to options.
    if (name.find('.') == std::string::npos) continue;
    const OptionDef* o = index.ForDest(Last(name));
    if (!o) continue;
    if (o->kind == "field" && !ReceiverNamesClass(name, o->name)) continue;
    if (o->kind == "flag") return FlagReading(*o, c, name);
    return OtherReading(*o, c);
  }
  return std::nullopt;
}

std::string DefinedAt(const OptionDef& o) { return o.file + ":" + std::to_string(o.line); }

}  // namespace errdex
