// Facts: what one source file contributes to cross-file analysis (the
// resolve stage): the options it defines, its functions and the calls they
// make, its constant collections and the membership tests against them.
// Extractors fill FileFacts while they hold the syntax tree, so resolving
// costs no second parse.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

// A command-line flag, click option, environment variable or dataclass field
// the repository defines, with the identifier code reads it through.
struct OptionDef {
  std::string name;    // "--enable-hierarchical-cache", "SGLANG_X", "enable_x" (field)
  std::string dest;    // "enable_hierarchical_cache"; empty for environment variables
  std::string kind;    // "flag", "env", "field"
  std::string action;  // "store_true", "store_false", ... (flags)
  std::vector<std::string> choices;  // literal choices, as written (`'off'`)
  std::string file;
  int line = 0;
};

struct FunctionFact {
  std::string name;                 // "ServerArgs.__post_init__"
  std::string short_name;           // "__post_init__"
  std::string route;                // decorator text when it routes requests ("@app.post(...)")
  std::vector<std::string> params;  // parameter names in order, `self` included
  int line = 0;
  // Call index (src/resolve/call_facts.h, every language but Python): the
  // enclosing class, impl or receiver type ("" for a free function), the
  // header as written up to the body, and the last line of the body.
  std::string cls;
  std::string header;
  std::string class_header;  // the enclosing class's header (`internal class Foo`), or ""
  int end_line = 0;
};

struct CallFact {
  std::string caller;    // qualified enclosing function; empty at module level
  std::string callee;    // last component of the called name
  std::string receiver;  // "" for `f()`, "self" for `self.f()`, "obj" for `obj.f()`
  int line = 0;
  // How many arguments the call passes; -1 when unknown (a spread, a
  // trailing block, a language whose call syntax is not read for it).
  // Picks among a class's overloads (resolve/call_index.cc).
  int args = -1;
};

// NAME = ("a", "b") / ["a"] / {"a"} / frozenset({...}) at module level.
struct ConstantFact {
  std::string name;
  std::vector<std::string> values;  // Python reprs: 'fp8', ''
  int line = 0;
};

// `param in CONST` / `param not in CONST` inside a function.
struct MembershipFact {
  std::string function;  // qualified
  std::string operand;   // the tested expression, "quant_method"
  std::string constant;  // "IPC_QUANT_ALLOWLIST"
  int line = 0;
};

// Linking (src/resolve/link.h): a function whose raised message contains
// its own parameters. Calls that pass text for those parameters are error
// sites of their own, at the call.
struct SinkFact {
  std::string function;      // qualified, for notes: "Command.error", "ConfigError"
  std::string name;          // what calls name: "error"; the class name for a constructor
  std::string language;      // "python", "javascript", "typescript", "java", "kotlin"
  bool method = false;       // called through a receiver: this.error(), self.fail()
  bool constructor = false;  // new X(...), raise X(...), super(...)
  // Positional parameters as calls pass them (self/cls dropped); empty names
  // for destructured ones.
  std::vector<std::string> params;
  // The raised message; holes whose expr names a parameter take the argument.
  Template message;
  std::string error_class;
  SiteKind kind = SiteKind::kRaise;
  std::string severity = "error";
  std::optional<std::string> error_code;
  std::optional<int> http_status;
  int line = 0;      // the raising statement
  int def_line = 0;  // the function
  // `new X(param)` inside the function: superseded when X's own constructor
  // is a sink somewhere in the repository (it then says what X does).
  std::string via_class;
  // JVM and C#: the function builds and returns the exception (`return new
  // X("Expected " + expected)`, `=> new(..)`) rather than raising it. A call links only
  // where it is thrown (`throw f(..)`: a site even without text of its own)
  // or returned on by another such helper.
  bool returns = false;
  // JVM: varargs_from is the varargs parameter (`Object... args`), else -1;
  // a call passes at least that many arguments, else exactly params.size()
  // (Kotlin: at most, for defaults). With `message = String.format(message,
  // args)` before the raise, the parameter at format_param is a format
  // filled from the arguments at varargs_from onward (-1: none).
  int format_param = -1;
  int varargs_from = -1;
  // C#: how many leading parameters a call must pass (those before the
  // first with a default, `Exception? cause = null`); -1: all of them.
  int required_params = -1;
  // The format language of format_param when it is not the language's own:
  // "nginx" for ngx_sprintf's `%V %ui %O` (C files that include ngx_config.h).
  std::string format_dialect;
  // JVM and C#: parameters whose declared type cannot hold text (`Throwable cause`,
  // `int p`): an argument with literal text picks another overload.
  std::vector<bool> no_text;
  // Parameters the raise's path conditions test (`if (!allowed.includes(event))`):
  // a call passing them literal text is validated, not reported.
  std::vector<std::string> guarded;
  // The raise's path conditions in the function (SinkFromSite only): a call
  // whose constant arguments fail one of them never raises from there.
  std::vector<PathCondition> conditions;
  // JavaScript: parameters with a default text (`super(msg || 'yargs
  // error')`, `msg = msg || 'Cannot populate path ..'`): a call that does
  // not pass the parameter gets the default.
  std::vector<std::pair<std::string, Template>> param_defaults;
  // The raise is an internal check (git's `BUG(..)`, `serverAssert(..)`):
  // its text guards the function's own invariant, so no call makes it the
  // caller's message, whatever the call passes.
  bool internal_check = false;
};

// A call that may pass a message to a sink: at least one argument has
// literal text or names a parameter of the calling function.
struct LinkCall {
  std::string caller;       // qualified enclosing function; empty at module level
  std::string caller_name;  // what calls name it (the class for a constructor)
  bool caller_method = false;
  bool caller_constructor = false;
  int caller_line = 0;
  std::vector<std::string> caller_params;  // positional, self/cls dropped
  // The caller's parameters' default texts (SinkFact::param_defaults).
  std::vector<std::pair<std::string, Template>> caller_param_defaults;
  std::string callee;          // last name component; the superclass for super(...)
  std::string receiver;        // "" for f(), "this"/"self", "obj"
  bool construct = false;      // new X(...), raise X(...), super(...)
  std::vector<Template> args;  // positional
  std::vector<std::pair<std::string, Template>> keywords;  // Python keyword arguments
  int line = 0;
  // Context (function, conditions, notes, code) for a site at this call;
  // set when some argument has literal text. Its message is empty.
  std::optional<ErrorSite> site;
  // The extractor already recorded this construction (`throw new X('a',
  // 'b')` read as message 'a'); a composed message replaces those sites.
  bool replaces_site = false;
  // JVM: the caller's varargs parameter (`Object... args`), else -1, and
  // the parameter it formats with them before this call (`msg =
  // _format(msg, msgArgs)`), else -1.
  int caller_varargs = -1;
  int caller_format_param = -1;
  std::vector<bool> caller_no_text;
  // JVM and C#: the call is what a `throw` / `return` statement gives.
  bool thrown = false;
  bool returned = false;
  // C++: a constructor's base-class initializer (`D(m) : Base(m, "text")`).
  // The class then composes the message whatever its own parameters are.
  bool base_init = false;
  // JavaScript/TypeScript: the repository file the callee was imported from
  // (`import { warn } from './warning'` in src/a.ts: "src/warning", no
  // extension), so that a name several files define is the imported one's.
  std::string module;
};

// C/C++: a name whose value is one string the repository defines once:
// `#define E_X "text"`, `const char* const X = "text"` (in namespaces:
// `ErrorMsg::X`), a struct field set from one literal (`shared.oomerr =
// createObject(OBJ_STRING, sdsnew("-OOM ..."))`). Holes naming it take the
// text (src/resolve/link_constants.h).
struct TextConstant {
  std::string name;  // as the definition qualifies it: "YAML::ErrorMsg::X", "shared.oomerr"
  Template text;
  int line = 0;
};

// A site the extractor left opaque because its message arguments are names
// defined elsewhere: C/C++ constants (`throw E(ErrorMsg::X)`), or, in every
// language, calls of text functions (`throw E(notRegisteredMessage())`).
// The first argument that resolves to text becomes the message.
struct HeldMessage {
  int line = 0;
  std::string error_class;
  std::vector<Template> args;
  // Set when the extractor recorded no site (`error(msg(x))` has no text
  // of its own to show): this one is added only when an argument resolves.
  std::optional<ErrorSite> site;
};

// The arguments of a call that a message holds as a hole, where an argument
// is a local holding text (jackson: `String msg = String.format("Could not
// resolve type id '%s' ..", ..); return X.from(p, _colonConcat(msg,
// extra), ..)`): the hole names `msg` only, so the text-function stage takes
// the local's text from here when it substitutes the call's arguments.
struct CallArgTexts {
  std::string function;        // the qualified function holding the call
  std::string expr;            // the hole's expression, the call as written
  std::vector<Template> args;  // each argument's template, in order
};

// A function that returns the text of a message rather than raising it
// (`def _format_error(x): return f"bad {x}"`, Kotlin's `fun
// notRegisteredMessage(className: String): String = "Serializer for class
// '$className' is not found."`, a C `switch (code) { case E: return "..."; }`).
// A raise that only calls it (`raise E(_format_error(x))`) takes the text
// (src/resolve/link_text_functions.h). Each return with text, or that calls
// another function (followed transitively), is one candidate message.
struct TextFunction {
  std::string name;                 // what calls name: "notRegisteredMessage"
  std::string qualified;            // "Class.method" / "notRegisteredMessage"
  std::vector<std::string> params;  // positional as calls pass them (self/this dropped)
  bool method = false;              // an instance method (called through self/this)
  std::string language;             // "kotlin", "c", ...
  std::vector<Template> returns;    // candidates, at most kMaxTextReturns
  std::vector<int> return_lines;    // the line of each return, same order
  int line = 0;                     // the function
  // Some return gives a value errdex cannot read (`return sb.toString()`,
  // a parameter): a call may return text that is none of `returns`.
  bool opaque_return = false;
  // Per return (same order; may be shorter): the condition of the `if`
  // whose body the return ends, when that `if` has no `else` (`if
  // ('smtp_connect_failed' === $key) return .. . ' https://..';`), else "".
  // A call whose literal argument decides it keeps or drops the return.
  std::vector<std::string> return_guards;
};

// A keyed literal table of messages (src/resolve/message_tables.h): PHP
// `$LANG = ['authenticate' => 'SMTP Error: ..', ..]`, Python `MESSAGES =
// {"key": "text"}`, JS `const messages = {key: "text"}`, Ruby `ERRORS = {
// key: "text" }.freeze`. A message that looks an entry up by a literal key
// (`MESSAGES["key"]`, `self::lang('key')` through a function returning
// `self::$language[$key]`) takes the entry's text.
struct MessageTableEntry {
  std::string key;  // unquoted: "authenticate"
  Template text;
  int line = 0;
};

struct MessageTable {
  std::string name;  // as code reads it: "$PHPMAILER_LANG", "MESSAGES", "default_error_messages"
  // Names the table is assigned to (`self::$language = $PHPMAILER_LANG;`).
  std::vector<std::string> aliases;
  std::vector<MessageTableEntry> entries;
  int line = 0;
};

// The returns a TextFunction keeps (a strerror-like table has one per case).
constexpr size_t kMaxTextReturns = 16;

// A test on one field that selects a branch of a FieldRendering: `len(e.Err)
// == 0` is {"Err", false, {}, true}; `switch e.kind { case A, B: }` is
// {"kind", true, {"A", "B"}, true}; a `default:` is in over every case,
// polarity false.
struct FieldTest {
  std::string field;
  bool in = false;                  // false: the field is empty (zero, "", nil)
  std::vector<std::string> values;  // in: the case values as written
  bool polarity = true;
};

// One return of a message method that renders its receiver's fields (Go's
// `func (e Error) Error() string`): the text, holes reading `receiver.Field`,
// and the field tests on the way to it (src/resolve/link_field_renderings.h).
struct FieldRendering {
  std::string type;                 // "Error"
  std::string method;               // "Error"
  std::string receiver;             // "e"
  std::vector<std::string> fields;  // declared order, when this file declares the type
  // Languages whose constructor stores its parameters in fields (Python's
  // `self.field = field` in `__init__`): the parameters as calls pass them
  // (self dropped), fields[k] the field params[k] is stored in ("" if none).
  // Empty for Go, whose literals name fields themselves.
  std::vector<std::string> params;
  Template text;
  int line = 0;  // the return
  std::vector<FieldTest> tests;
};

// A value of a type built with its fields set (Go `database.Error{Err:
// "migration failed", Query: q}`, `&T{...}`, positional `T{a, b}`).
struct FieldConstruction {
  std::string type;                // as written: "database.Error"
  std::vector<std::string> names;  // keyed: the field names; positional: all empty
  std::vector<Template> values;    // each value's template
  std::vector<std::string> exprs;  // each value as written
  int line = 0;
  // The extractor recorded this construction already (`raise X(req, "name")`
  // read as message `{req}`); a rendered text replaces it.
  bool replaces_site = false;
  std::optional<ErrorSite> site;  // the statement's context, no message
};

// An X-macro row, `DECLARE_MESSAGE(Key, (args), "comment", "text")`, and
// how a macro of that name pastes the key into the name code uses
// (`#define DECLARE_MESSAGE(NAME, ...) ... msg##NAME`): joined across
// files into text constants (src/extract/cpp/macro_tables.h).
struct MacroRow {
  std::string macro;
  std::string key;
  Template text;
  int line = 0;
};

struct MacroNaming {
  std::string macro;
  std::string prefix;
  std::string suffix;
};

struct FileFacts {
  std::string path;
  // The call-index family ("go", "jvm", "c", ...) when src/resolve/call_facts.h
  // filled `functions` and `calls`; empty for Python's own facts.
  std::string call_family;
  std::vector<OptionDef> options;
  std::vector<FunctionFact> functions;
  std::vector<CallFact> calls;
  std::vector<ConstantFact> constants;
  std::vector<MembershipFact> memberships;
  // Python: the names a module-level `from M import X [as Y]` binds, as
  // (local name, "M.X"): "from .limits import SUPPORTED" gives ("SUPPORTED",
  // ".limits.SUPPORTED"). A constant a check reads is then the one of M.
  std::vector<std::pair<std::string, std::string>> imports;
  std::vector<SinkFact> sinks;
  std::vector<LinkCall> link_calls;
  std::vector<std::string> link_names;  // every function, method and class defined here
  // Of those, the ones no other file can call: C and C++ `static` free
  // functions (git's contrib helper `static void die(..)` is not git's die).
  std::vector<std::string> local_names;
  std::vector<TextConstant> text_constants;
  std::vector<HeldMessage> held_messages;
  std::vector<TextFunction> text_functions;
  std::vector<CallArgTexts> call_arg_texts;
  std::vector<FieldRendering> field_renderings;
  std::vector<FieldConstruction> field_constructions;
  std::vector<MessageTable> message_tables;
  std::vector<MacroRow> macro_rows;
  std::vector<MacroNaming> macro_namings;
};

}  // namespace errdex
