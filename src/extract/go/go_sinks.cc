// Go wrapper sinks (see go_sinks.h).
#include "extract/go/go_sinks.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "extract/common/printf_format.h"
#include "extract/common/ts_util.h"
#include "extract/go/go_field_renderings.h"
#include "util/text.h"

namespace errdex {
namespace {

using ts::Field;
using ts::Is;
using ts::NamedChildren;

// The local name of a closure assigned to one variable
// (`newPerDialConnectError := func(msg string, err error) error {..}`,
// pgx's connect): calls name it like a function. Null otherwise.
TSNode ClosureName(TSNode lit) {
  if (!Is(lit, "func_literal")) return TSNode{};
  TSNode list = ts_node_parent(lit);
  if (!Is(list, "expression_list") || ts_node_named_child_count(list) != 1) return TSNode{};
  TSNode assign = ts_node_parent(list);
  if (!Is(assign, "short_var_declaration") && !Is(assign, "assignment_statement")) {
    return TSNode{};
  }
  std::vector<TSNode> left = NamedChildren(Field(assign, "left"));
  if (left.size() != 1 || !Is(left[0], "identifier")) return TSNode{};
  return left[0];
}

// A function or method declaration, or a closure with a local name: a
// closure without one belongs to the function around it.
bool IsDeclaration(TSNode n) {
  return Is(n, "function_declaration") || Is(n, "method_declaration") ||
         !ts_node_is_null(ClosureName(n));
}

// The name calls use for a declaration of IsDeclaration.
TSNode DeclarationName(TSNode fn) {
  return Is(fn, "func_literal") ? ClosureName(fn) : Field(fn, "name");
}

// The declared function around `n` (a closure belongs to it), else null.
TSNode DeclarationOf(TSNode n) {
  TSNode cur = n;
  for (int i = 0; i < ts::kMaxAncestors; ++i) {
    cur = ts_node_parent(cur);
    if (ts_node_is_null(cur) || IsDeclaration(cur)) return cur;
  }
  return TSNode{};
}

// A struct field that holds an error's text: `problem`, `err_msg`, `errstr`.
bool IsErrorField(std::string_view field) {
  std::string f;
  for (char c : field) {
    if (c != '_') f.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  static const std::set<std::string_view> kFields = {
      "problem",      "errmsg",    "errstr",  "errormsg", "errmessage",
      "errormessage", "lasterror", "lasterr", "errtext",  "errortext"};
  return kFields.count(f) > 0;
}

// A field or parameter that holds a message's text: `reason`, `msg`,
// `Message`, `err_msg`. Other fields of an error struct (`Op`, `Path`,
// `Code`) are details, not the text a caller passes.
bool IsMessageName(std::string_view name) {
  std::string n;
  for (char c : name) {
    if (c != '_') n.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  static const std::set<std::string_view> kNames = {
      "message", "msg",    "reason", "text",   "desc",      "description", "detail",
      "details", "errmsg", "errstr", "errtxt", "errortext", "errormsg",    "errormessage"};
  return kNames.count(n) > 0;
}

// Standard packages whose functions are never the repository's wrappers:
// calls through them are not link calls (they are many).
bool PlatformPackage(std::string_view pkg) {
  static const std::set<std::string_view> kPackages = {
      "fmt",      "strings", "errors",  "os",      "strconv", "filepath", "path",    "http",
      "bytes",    "sort",    "reflect", "regexp",  "time",    "json",     "io",      "ioutil",
      "log",      "sync",    "atomic",  "context", "unicode", "utf8",     "math",    "bufio",
      "template", "url",     "exec",    "runtime", "testing", "assert",   "require", "t",
      "b",        "slog",    "xerrors", "status",  "codes",   "binary",   "hex",     "base64"};
  return kPackages.count(pkg) > 0;
}

// A writer that reaches the user: stderr, or a package-level writer
// (`DefaultWriter`, `DefaultErrorWriter`, `c.ErrOrStderr()`).
bool UserWriter(std::string_view w) {
  if (w == "os.Stderr" || w == "os.Stdout") return true;
  if (w.find("Stderr") != std::string_view::npos || w.find("ErrWriter") != std::string_view::npos)
    return true;
  std::string_view last = w.substr(w.rfind('.') == std::string_view::npos ? 0 : w.rfind('.') + 1);
  return !last.empty() && std::isupper(static_cast<unsigned char>(last[0])) &&
         last.find("Writer") != std::string_view::npos;
}

bool ErrorWriter(std::string_view w) {
  return w.find("Err") != std::string_view::npos || w.find("err") != std::string_view::npos;
}

}  // namespace

bool NamesGoLogger(std::string_view expr) { return ToLower(expr).find("log") != std::string::npos; }

std::string GoLogSeverity(std::string_view method) {
  std::string m = ToLower(method);
  for (std::string_view suffix : {"ln", "f", "w"}) {
    if (m.ends_with(suffix) && m.size() > 4) {
      m.resize(m.size() - suffix.size());
      break;
    }
  }
  if (m == "error") return "error";
  if (m == "warn" || m == "warning") return "warning";
  if (m == "fatal" || m == "panic") return "critical";
  return "";
}

std::string GoSinks::Text(TSNode n) const { return std::string(ts::Text(n, src_)); }

std::vector<std::string> GoSinks::Params(TSNode fn, int* variadic) const {
  std::vector<std::string> out;
  *variadic = -1;
  for (TSNode d : NamedChildren(Field(fn, "parameters"))) {
    TSNode type = Field(d, "type");
    bool any = false;
    for (TSNode c : NamedChildren(d)) {
      if (Is(c, "identifier") && !ts_node_eq(c, type)) {
        if (Is(d, "variadic_parameter_declaration")) *variadic = static_cast<int>(out.size());
        out.push_back(Text(c));
        any = true;
      }
    }
    if (!any) out.push_back("");  // unnamed: `func(string, int)`
  }
  return out;
}

void GoSinks::OnDeclaration(TSNode fn) {
  std::string name = Text(Field(fn, "name"));
  if (!name.empty()) facts_->link_names.push_back(name);
}

// What a call reports, if it does: the message argument and how it prints.
bool GoSinks::ReportOf(TSNode call, Report* r) const {
  TSNode f = Field(call, "function");
  std::string fn = Text(f);
  if (fn == "errors.New" || fn == "xerrors.New") {
    r->format = 0;
  } else if (fn == "fmt.Errorf" || fn == "errors.Errorf" || fn == "xerrors.Errorf") {
    r->format = 0;
    r->printf = true;
  } else if (fn == "errors.Wrap" || fn == "errors.Wrapf") {
    r->format = 1;
    r->printf = fn.ends_with("f");
    r->suffix = ": ";
  } else if (fn == "panic") {
    r->format = 0;
    r->error_class = "panic";
    r->severity = "critical";
  } else if (fn == "fmt.Fprintf" || fn == "fmt.Fprint" || fn == "fmt.Fprintln") {
    std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
    if (args.size() < 2 || !UserWriter(Text(args[0]))) return false;
    r->kind = SiteKind::kLog;
    r->severity = ErrorWriter(Text(args[0])) ? "error" : "warning";
    r->format = 1;
    r->printf = fn == "fmt.Fprintf";
  } else if (Is(f, "selector_expression")) {
    std::string sev = GoLogSeverity(Text(Field(f, "field")));
    if (sev.empty() || !NamesGoLogger(Text(Field(f, "operand")))) return false;
    r->kind = SiteKind::kLog;
    r->severity = sev;
    r->format = 0;
    r->printf = fn.ends_with("f");
  } else {
    return false;
  }
  return true;
}

// `values...` passes the variadic parameter on: its name, else "".
std::string GoSinks::Spread(TSNode arg) const {
  std::string t = Text(arg);
  if (!t.ends_with("...")) return "";
  t.resize(t.size() - 3);
  return t;
}

// `values...` is the variadic parameter passed on: a hole named by it.
Template GoSinks::ArgTemplate(TSNode arg, uint32_t pos) const {
  if (!Spread(arg).empty()) {
    std::string name = Spread(arg);
    Template t;
    t.AddHole("{" + name + "...}", name);
    return t;
  }
  return hooks_.expr(arg, pos);
}

void GoSinks::OnCall(TSNode call) {
  TSNode fn = DeclarationOf(call);
  std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
  if (args.empty()) return;
  Report r;
  if (ReportOf(call, &r)) {
    if (!ts_node_is_null(fn) && static_cast<size_t>(r.format) < args.size()) {
      NoteSink(call, fn, r, args);
    }
    return;  // reports are sites already, never wrappers
  }
  NoteLinkCall(call, fn, args);
}

// A report whose message names a parameter of its function makes that
// function a sink. `fmt.Errorf(prefix+format, args...)` passing its own
// variadic parameter on marks the format parameter (callers' text is run
// through fmt with their arguments).
void GoSinks::NoteSink(TSNode call, TSNode fn, const Report& r, const std::vector<TSNode>& args) {
  int variadic = -1;
  std::vector<std::string> params = Params(fn, &variadic);
  uint32_t pos = ts_node_start_byte(call);
  Template message = ArgTemplate(args[r.format], pos);
  SinkFact s;
  if (r.printf) {
    std::vector<std::string> rest;
    for (size_t i = r.format + 1; i < args.size(); ++i) rest.push_back(Text(args[i]));
    bool passes_varargs =
        variadic >= 0 && rest.size() == 1 && Spread(args.back()) == params[variadic];
    if (passes_varargs) {
      s.varargs_from = variadic;
      for (const Piece& p : message.pieces()) {
        if (!p.is_hole) continue;
        auto it = std::find(params.begin(), params.end(), p.expr);
        if (it != params.end()) s.format_param = static_cast<int>(it - params.begin());
      }
      if (s.format_param < 0) return;
    } else if (message.HasLiteralText()) {
      message = ApplyPrintf(message, rest, PrintfDialect::kGo);
    }
  } else if (r.kind == SiteKind::kLog && args.size() > static_cast<size_t>(r.format) + 1) {
    return;  // Print(a, b): operands back to back, not one message
  }
  if (!r.suffix.empty()) {
    message.AddLiteral(r.suffix);
    message.AddHole("{" + Text(args[0]) + "}", Text(args[0]));
  }
  bool names = false;
  for (const Piece& p : message.pieces()) {
    names |= p.is_hole && !p.expr.empty() &&
             std::find(params.begin(), params.end(), p.expr) != params.end();
  }
  if (!names) return;
  Name(fn, &s);
  // A closure's name is local: its calls in this file are to it.
  if (Is(fn, "func_literal")) facts_->link_names.push_back(s.name);
  s.params = std::move(params);
  s.message = std::move(message);
  s.error_class = r.error_class;
  s.kind = r.kind;
  s.severity = r.severity;
  s.line = ts::Line(call);
  s.def_line = ts::Line(fn);
  facts_->sinks.push_back(std::move(s));
}

// The function `fn` as calls name it.
void GoSinks::Name(TSNode fn, SinkFact* s) const {
  s->name = Text(DeclarationName(fn));
  s->function = s->name;
  s->language = "go";
  if (!Is(fn, "method_declaration")) return;
  s->method = true;
  std::vector<TSNode> recv = NamedChildren(Field(fn, "receiver"));
  if (recv.empty()) return;
  std::string t = Text(Field(recv[0], "type"));
  t.erase(0, t.find_first_not_of('*'));
  s->function = t.substr(0, t.find('[')) + "." + s->name;
}

// `parser.problem = problem`: a function that stores its parameter as the
// error state of a struct (go-yaml's yaml_parser_set_scanner_error, ported
// from libyaml) is a sink; whoever reports the state later prints that text.
void GoSinks::OnAssignment(TSNode assign) {
  TSNode left = Field(assign, "left"), right = Field(assign, "right");
  std::vector<TSNode> ls = NamedChildren(left), rs = NamedChildren(right);
  if (ls.size() != rs.size() || Text(Field(assign, "operator")) != "=") return;
  for (size_t i = 0; i < ls.size(); ++i) {
    if (!Is(ls[i], "selector_expression") || !Is(rs[i], "identifier")) continue;
    if (!IsErrorField(Text(Field(ls[i], "field")))) continue;
    TSNode fn = DeclarationOf(assign);
    if (ts_node_is_null(fn)) return;
    int variadic = -1;
    std::vector<std::string> params = Params(fn, &variadic);
    std::string param = Text(rs[i]);
    if (std::find(params.begin(), params.end(), param) == params.end()) continue;
    SinkFact s;
    Name(fn, &s);
    s.params = std::move(params);
    s.message.AddHole("{" + param + "}", param);
    s.line = ts::Line(assign);
    s.def_line = ts::Line(fn);
    facts_->sinks.push_back(std::move(s));
    return;
  }
}

// `HandshakeError{reason}` / `&ParseError{Msg: msg, Line: n}` where the
// message field is a parameter of the function around it: that function
// is a sink (its callers pass the text), raising the struct's type. Only
// a literal of an error-named type, and only a message field (keyed by a
// message name, or the one positional element, or a parameter with a
// message name), so `&PathError{Op: op, Path: p}` makes no sink of `op`.
void GoSinks::OnCompositeLiteral(TSNode lit) {
  TSNode type = Field(lit, "type");
  if (!Is(type, "type_identifier") && !Is(type, "qualified_type")) return;
  std::string type_name = Text(type);
  if (!IsGoErrorTypeName(type_name)) return;
  TSNode fn = DeclarationOf(lit);
  if (ts_node_is_null(fn)) return;
  int variadic = -1;
  std::vector<std::string> params = Params(fn, &variadic);
  std::vector<TSNode> elems = NamedChildren(Field(lit, "body"));
  std::string param;
  for (TSNode e : elems) {
    TSNode value = Is(e, "keyed_element") ? Field(e, "value") : e;
    TSNode v = ts::FirstNamed(value);
    if (ts_node_is_null(v) || !Is(v, "identifier")) continue;
    std::string name = Text(v);
    if (std::find(params.begin(), params.end(), name) == params.end()) continue;
    bool message = IsMessageName(name);
    if (Is(e, "keyed_element")) {
      message |= IsMessageName(Text(ts::FirstNamed(Field(e, "key"))));
    } else {
      message |= elems.size() == 1;
    }
    if (!message) continue;
    if (!param.empty()) return;  // two candidates: which one is the text is unknown
    param = name;
  }
  if (param.empty()) return;
  SinkFact s;
  Name(fn, &s);
  if (Is(fn, "func_literal")) facts_->link_names.push_back(s.name);
  s.params = std::move(params);
  s.message.AddHole("{" + param + "}", param);
  s.error_class = type_name;
  s.line = ts::Line(lit);
  s.def_line = ts::Line(fn);
  facts_->sinks.push_back(std::move(s));
}

// A call passing text or a parameter of its function: a link call, with the
// site context when some argument has text of its own.
void GoSinks::NoteLinkCall(TSNode call, TSNode fn, const std::vector<TSNode>& args) {
  TSNode f = Field(call, "function");
  LinkCall c;
  if (Is(f, "identifier")) {
    c.callee = Text(f);
  } else if (Is(f, "selector_expression")) {
    c.receiver = Text(Field(f, "operand"));
    if (PlatformPackage(c.receiver)) return;
    c.callee = Text(Field(f, "field"));
  } else {
    return;
  }
  int variadic = -1;
  if (!ts_node_is_null(fn)) {
    c.caller_params = Params(fn, &variadic);
    c.caller_name = Text(DeclarationName(fn));
    c.caller = c.caller_name;
    c.caller_method = Is(fn, "method_declaration");
    c.caller_line = ts::Line(fn);
    c.caller_varargs = variadic;
  }
  uint32_t pos = ts_node_start_byte(call);
  bool text = false, param = false;
  for (TSNode a : args) {
    // `fmt.Sprintf(format, args...)` handed on: the format parameter is
    // still a format for this function's callers.
    if (Is(a, "call_expression") && Text(Field(a, "function")) == "fmt.Sprintf") {
      std::vector<TSNode> inner = NamedChildren(Field(a, "arguments"));
      if (inner.size() == 2 && variadic >= 0 && Spread(inner[1]) == c.caller_params[variadic]) {
        auto it = std::find(c.caller_params.begin(), c.caller_params.end(), Text(inner[0]));
        if (it != c.caller_params.end()) {
          c.caller_format_param = static_cast<int>(it - c.caller_params.begin());
          Template t;
          t.AddHole("{" + Text(inner[0]) + "}", Text(inner[0]));
          c.args.push_back(std::move(t));
          param = true;
          continue;
        }
      }
    }
    Template t = ArgTemplate(a, pos);
    text |= t.HasLiteralText();
    for (const Piece& p : t.pieces()) {
      param |= p.is_hole && std::find(c.caller_params.begin(), c.caller_params.end(), p.expr) !=
                                c.caller_params.end();
    }
    c.args.push_back(std::move(t));
  }
  if (!text && !param) return;
  c.line = ts::Line(call);
  if (text) {
    c.site = hooks_.site(call);
    if (!c.site) return;
  }
  facts_->link_calls.push_back(std::move(c));
}

}  // namespace errdex
