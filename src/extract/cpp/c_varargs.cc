// C varargs formats and message out-parameters. See c_varargs.h.
#include "extract/cpp/c_varargs.h"

#include "extract/common/ts_util.h"
#include "extract/cpp/c_strings.h"
#include "extract/cpp/cpp_reports.h"
#include "util/text.h"

namespace errdex::cpp {
namespace {

using ts::Field;
using ts::Is;
using ts::NamedChildren;

// A va_start call is one of the first statements; a large body is not
// searched past this many nodes (the walk over it is the extractor's).
constexpr int kMaxVaStartSearch = 4096;

TSNode Declarator(TSNode fn) {
  TSNode d = Field(fn, "declarator");
  for (int i = 0; i < 16 && !ts_node_is_null(d) && !Is(d, "function_declarator"); ++i) {
    d = Field(d, "declarator");
  }
  return Is(d, "function_declarator") ? d : TSNode{};
}

// The parameter's name and how many `*`/`&` stand between it and its type.
std::string_view ParamName(TSNode param, std::string_view src, int* indirections) {
  TSNode d = Field(param, "declarator");
  int n = 0;
  for (int i = 0; i < 8 && !ts_node_is_null(d) && !Is(d, "identifier"); ++i) {
    if (Is(d, "pointer_declarator") || Is(d, "reference_declarator")) ++n;
    TSNode next = Field(d, "declarator");
    d = ts_node_is_null(next) ? ts::FirstNamed(d) : next;
  }
  if (indirections) *indirections = n;
  return Is(d, "identifier") ? ts::Text(d, src) : std::string_view();
}

bool IsTextType(std::string_view type) {
  std::string t = ToLower(type);
  return t.find("char") != std::string::npos || t.find("str") != std::string::npos || t == "sds";
}

// `va_start(ap, fmt)` in the body: {ap, fmt}. Pre-order, stopping at the
// first one or after kMaxVaStartSearch nodes.
bool FindVaStart(TSNode body, std::string_view src, std::string* ap, std::string* last) {
  if (ts_node_is_null(body)) return false;
  TSTreeCursor cursor = ts_tree_cursor_new(body);
  bool found = false;
  for (int steps = 0; steps < kMaxVaStartSearch && !found; ++steps) {
    TSNode n = ts_tree_cursor_current_node(&cursor);
    if (Is(n, "call_expression") && ts::Text(Field(n, "function"), src) == "va_start") {
      std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
      if (args.size() == 2 && Is(args[0], "identifier") && Is(args[1], "identifier")) {
        *ap = std::string(ts::Text(args[0], src));
        *last = std::string(ts::Text(args[1], src));
        found = true;
      }
    }
    if (ts_tree_cursor_goto_first_child(&cursor)) continue;
    bool moved = false;
    while (!moved) {
      if (ts_tree_cursor_goto_next_sibling(&cursor)) {
        moved = true;
      } else if (!ts_tree_cursor_goto_parent(&cursor)) {
        break;
      }
    }
    if (!moved) break;
  }
  ts_tree_cursor_delete(&cursor);
  return found;
}

// The parameters of a declarator, `...` included: C's grammar names it
// `variadic_parameter`, C++'s leaves a bare `...` token.
std::vector<TSNode> ParamNodes(TSNode declarator) {
  std::vector<TSNode> out;
  TSNode list = Field(declarator, "parameters");
  uint32_t n = ts_node_is_null(list) ? 0 : ts_node_child_count(list);
  for (uint32_t i = 0; i < n; ++i) {
    TSNode p = ts_node_child(list, i);
    if (ts_node_is_named(p) ? !Is(p, "comment") : ts::Type(p) == "...") out.push_back(p);
  }
  return out;
}

bool IsEllipsis(TSNode p) { return Is(p, "variadic_parameter") || ts::Type(p) == "..."; }

}  // namespace

std::vector<std::string> LinkParamNames(TSNode fn, std::string_view src) {
  std::vector<std::string> out;
  TSNode d = Declarator(fn);
  if (ts_node_is_null(d)) return out;
  for (TSNode p : ParamNodes(d)) {
    if (IsEllipsis(p)) {
      out.push_back("...");
      continue;
    }
    out.push_back(std::string(ParamName(p, src, nullptr)));
  }
  return out;
}

std::optional<VarargsFormat> FindVarargsFormat(TSNode fn, std::string_view src) {
  TSNode d = Declarator(fn);
  if (ts_node_is_null(d)) return std::nullopt;
  std::vector<TSNode> params = ParamNodes(d);
  for (size_t i = 1; i < params.size(); ++i) {
    TSNode prev = params[i - 1];
    if (!Is(prev, "parameter_declaration") || !IsTextType(ts::Text(Field(prev, "type"), src))) {
      continue;
    }
    std::string_view format = ParamName(prev, src, nullptr);
    if (format.empty()) continue;
    VarargsFormat v;
    v.format = std::string(format);
    v.format_index = static_cast<int>(i - 1);
    v.varargs_index = static_cast<int>(i);
    if (IsEllipsis(params[i])) {
      std::string last;
      if (!FindVaStart(Field(fn, "body"), src, &v.va_list, &last) || last != v.format) {
        return std::nullopt;
      }
      v.ellipsis = true;
      return v;
    }
    if (Is(params[i], "parameter_declaration") &&
        ts::Text(Field(params[i], "type"), src) == "va_list") {
      v.va_list = std::string(ParamName(params[i], src, nullptr));
      if (v.va_list.empty()) return std::nullopt;
      return v;
    }
  }
  return std::nullopt;
}

std::optional<std::string> ReporterNameSeverity(std::string_view name) {
  std::vector<std::string> words = Words(name);
  if (words.empty() ||
      AnyWord(words, {"str", "is", "has", "get", "clear", "reset", "free", "init", "count", "code",
                      "handler", "callback", "cb", "errno", "string", "check", "ignore"})) {
    return std::nullopt;
  }
  if (AnyWord(words, {"die", "fatal", "panic", "bug", "abort"})) return "critical";
  if (AnyWord(words, {"error", "err", "errorf", "fail", "failf", "failure", "verror"})) {
    return "error";
  }
  if (AnyWord(words, {"warn", "warning", "warnf", "warnx"})) return "warning";
  return std::nullopt;
}

bool IsFormatterName(std::string_view name) {
  std::string lower = ToLower(name);
  return lower.find("printf") != std::string::npos || lower.find("fmt") != std::string::npos ||
         lower.find("format") != std::string::npos;
}

OutParamName ClassifyOutParam(std::string_view name) {
  std::vector<std::string> words = Words(name);
  if (AnyWord(words, {"err", "error", "errmsg", "errstr", "errbuf", "emsg", "reason", "why"})) {
    return OutParamName::kError;
  }
  if (AnyWord(words, {"msg", "message"})) return OutParamName::kMessage;
  return OutParamName::kNone;
}

namespace {

// The declared type (lowercase) and pointer depth of fn's parameter `name`;
// false when fn has no such parameter.
bool ParamType(TSNode fn, std::string_view name, std::string_view src, std::string* type,
               int* indirections) {
  TSNode d = Declarator(fn);
  if (ts_node_is_null(d)) return false;
  for (TSNode p : NamedChildren(Field(d, "parameters"))) {
    if (!Is(p, "parameter_declaration")) continue;
    *indirections = 0;
    if (ParamName(p, src, indirections) != name) continue;
    *type = ToLower(ts::Text(Field(p, "type"), src));
    return true;
  }
  return false;
}

}  // namespace

bool IsTextOutParam(TSNode fn, std::string_view name, std::string_view src) {
  std::string type;
  int indirections = 0;
  if (!ParamType(fn, name, src, &type, &indirections)) return false;
  // `char **err`; `sds *err` (sds is a char *); `std::string *err`.
  if (type.find("char") != std::string::npos) return indirections >= 2;
  return indirections >= 1 && (type == "sds" || type.find("string") != std::string::npos);
}

bool IsTextInParam(TSNode fn, std::string_view name, std::string_view src) {
  std::string type;
  int indirections = 0;
  if (!ParamType(fn, name, src, &type, &indirections)) return false;
  if (type.find("char") != std::string::npos) return indirections == 1;
  return indirections == 0 && (type == "sds" || type.find("string") != std::string::npos);
}

}  // namespace errdex::cpp
