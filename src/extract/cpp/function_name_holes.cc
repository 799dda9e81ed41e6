// __func__ holes filled with the enclosing function's name (see
// function_name_holes.h).
#include "extract/cpp/function_name_holes.h"

namespace errdex {
namespace {

bool NamesFunction(const Piece& p) {
  if (!p.is_hole || (p.expr != "__func__" && p.expr != "__FUNCTION__")) return false;
  // A string conversion: "%s", "%-20s" or a {fmt} "{}" (not "%p" or "%d").
  return p.text.ends_with("s") || p.text == "{}";
}

}  // namespace

Template FillFunctionName(const Template& t, std::string_view function) {
  size_t sep = function.rfind("::");
  std::string_view name = sep == std::string_view::npos ? function : function.substr(sep + 2);
  if (name.empty()) return t;
  bool any = false;
  for (const Piece& p : t.pieces()) any |= NamesFunction(p);
  if (!any) return t;
  Template out;
  for (const Piece& p : t.pieces()) {
    if (NamesFunction(p)) {
      out.AddLiteral(name);
    } else if (p.is_hole) {
      out.AddHole(p.text, p.expr, p.type);
    } else {
      out.AddLiteral(p.text);
    }
  }
  return out;
}

}  // namespace errdex
