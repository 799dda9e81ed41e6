// printf-style verbs -> template holes. See printf_format.h.
#include "extract/common/printf_format.h"

#include <cctype>
#include <string_view>

namespace errdex {
namespace {

bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Tracks which argument the next verb consumes (Go's `[n]` resets it).
struct ArgCursor {
  const std::vector<std::string>* args;
  size_t next = 0;
  size_t last = 0;  // the argument the previous verb printed (Java's `%<s`)
  std::string Take() {
    size_t i = next++;
    last = i;
    return i < args->size() ? (*args)[i] : std::string();
  }
};

// Parses one Go verb starting at text[i] == '%'. Returns its length, or 0 when
// the text is not a verb (a trailing `%`). `*expr` names the argument.
size_t ParseGoVerb(std::string_view text, size_t i, ArgCursor* cur, std::string* expr) {
  size_t j = i + 1;
  auto index = [&]() {
    if (j < text.size() && text[j] == '[') {
      size_t k = j + 1, n = 0;
      while (k < text.size() && IsDigit(text[k])) n = n * 10 + (text[k++] - '0');
      if (k < text.size() && text[k] == ']' && n > 0) {
        cur->next = n - 1;
        j = k + 1;
      }
    }
  };
  while (j < text.size() && std::string_view("+-# 0").find(text[j]) != std::string_view::npos) ++j;
  index();
  if (j < text.size() && text[j] == '*') {
    cur->Take();  // the width argument
    ++j;
  } else {
    while (j < text.size() && IsDigit(text[j])) ++j;
  }
  if (j < text.size() && text[j] == '.') {
    ++j;
    index();
    if (j < text.size() && text[j] == '*') {
      cur->Take();
      ++j;
    } else {
      while (j < text.size() && IsDigit(text[j])) ++j;
    }
  }
  index();
  if (j >= text.size()) return 0;
  // Any letter is a verb: unknown ones still consume an argument and print
  // `%!z(type=value)`, which an any-text hole matches.
  if (!std::isalpha(static_cast<unsigned char>(text[j]))) return 0;
  *expr = cur->Take();
  return j + 1 - i;
}

size_t ParseNodeVerb(std::string_view text, size_t i, ArgCursor* cur, std::string* expr) {
  if (i + 1 >= text.size()) return 0;
  if (std::string_view("sdifjoOc").find(text[i + 1]) == std::string_view::npos) return 0;
  // util.format leaves a verb without an argument as written.
  if (cur->next >= cur->args->size()) return 0;
  *expr = cur->Take();
  return 2;
}

// Parses one C conversion at text[i] == '%'. `%m` (glibc: strerror(errno))
// takes no argument; `*` width or precision takes one. %R %U %V are
// CPython's PyUnicode_FromFormat (PyErr_Format).
size_t ParseCVerb(std::string_view text, size_t i, ArgCursor* cur, std::string* expr,
                  HoleType* type) {
  size_t j = i + 1;
  bool plain = true;
  while (j < text.size() && std::string_view("-+ #0'").find(text[j]) != std::string_view::npos) {
    ++j;
    plain = false;
  }
  auto number = [&]() {
    if (j < text.size() && text[j] == '*') {
      cur->Take();
      ++j;
      plain = false;
      return;
    }
    while (j < text.size() && IsDigit(text[j])) {
      ++j;
      plain = false;
    }
  };
  number();
  if (j < text.size() && text[j] == '.') {
    ++j;
    plain = false;
    number();
  }
  while (j < text.size() && std::string_view("hlLqjzZt").find(text[j]) != std::string_view::npos) {
    ++j;
  }
  if (j >= text.size()) return 0;
  char conv = text[j];
  if (std::string_view("diouxXeEfFgGaAcspnmCSRUV").find(conv) == std::string_view::npos) return 0;
  if (conv == 'm') {
    *expr = "strerror(errno)";
  } else {
    *expr = cur->Take();
  }
  if (plain && (conv == 'd' || conv == 'i' || conv == 'u')) *type = HoleType::kInteger;
  return j + 1 - i;
}

// One ngx_sprintf conversion at text[i] == '%' (src/core/ngx_string.c in
// nginx and its forks): `%[0][width][u][m][x|X][.frac][*]conv`. `%V` is an
// ngx_str_t, `%*s` a length and a pointer, `%O`/`%T`/`%M`/`%z`/`%D`/`%L`/
// `%A`/`%r`/`%P` integers of nginx types; `%N` prints a line break and `%Z`
// a NUL (no argument: *literal takes what they print). Read as standard C,
// `%ui` left "i" behind and `%V` was a CPython verb: 270 of nginx's 2,346
// messages kept a raw `%ui` that no printed line contains.
size_t ParseNginxVerb(std::string_view text, size_t i, ArgCursor* cur, std::string* expr,
                      HoleType* type, std::string* literal) {
  size_t j = i + 1;
  if (j < text.size() && text[j] == '0') ++j;
  while (j < text.size() && IsDigit(text[j])) ++j;
  bool hex = false;
  for (; j < text.size(); ++j) {
    char c = text[j];
    if (c == 'u' || c == 'm') continue;
    if (c == 'x' || c == 'X') {
      hex = true;
      continue;
    }
    if (c == '.') {
      while (j + 1 < text.size() && IsDigit(text[j + 1])) ++j;
      continue;
    }
    if (c == '*') {
      cur->Take();
      continue;
    }
    break;
  }
  if (j >= text.size()) return 0;
  char conv = text[j];
  if (conv == 'N' || conv == 'Z') {
    *literal = conv == 'N' ? "\n" : "";
    return j + 1 - i;
  }
  if (std::string_view("VvscOTMzidlDLAfpPr").find(conv) == std::string_view::npos) return 0;
  *expr = cur->Take();
  if (!hex && std::string_view("OTMzidlDLAPr").find(conv) != std::string_view::npos) {
    *type = HoleType::kInteger;
  }
  return j + 1 - i;
}

// One java.util.Formatter specifier at text[i] == '%':
// %[index$][flags][width][.precision]conversion, `%<s` reusing the previous
// argument, two-letter date conversions (`%tY`). `%n` is a line break and
// takes no argument: it returns -2.
long ParseJavaVerb(std::string_view text, size_t i, ArgCursor* cur, std::string* expr) {
  size_t j = i + 1;
  if (j < text.size() && text[j] == 'n') return -2;
  size_t k = j, n = 0;
  while (k < text.size() && IsDigit(text[k])) n = n * 10 + (text[k++] - '0');
  bool indexed = k > j && k < text.size() && text[k] == '$' && n > 0;
  if (indexed) j = k + 1;
  bool previous = false;
  while (j < text.size() && std::string_view("-#+ 0,(<").find(text[j]) != std::string_view::npos) {
    previous |= text[j] == '<';
    ++j;
  }
  while (j < text.size() && IsDigit(text[j])) ++j;
  if (j < text.size() && text[j] == '.') {
    ++j;
    while (j < text.size() && IsDigit(text[j])) ++j;
  }
  if (j >= text.size()) return 0;
  char conv = text[j];
  if (std::string_view("bBhHsScCdoxXeEfgGaA").find(conv) == std::string_view::npos) {
    if ((conv != 't' && conv != 'T') || j + 1 >= text.size() ||
        !std::isalpha(static_cast<unsigned char>(text[j + 1]))) {
      return 0;  // Formatter would throw; leave the text as written
    }
    ++j;
  }
  if (previous) {
    *expr = cur->last < cur->args->size() ? (*cur->args)[cur->last] : std::string();
  } else if (indexed) {
    // An explicit index does not move the ordinary cursor.
    cur->last = n - 1;
    *expr = n - 1 < cur->args->size() ? (*cur->args)[n - 1] : std::string();
  } else {
    *expr = cur->Take();
  }
  return static_cast<long>(j + 1 - i);
}

// One PHP sprintf specifier at text[i] == '%':
// %[argnum$][flags][width][.precision]specifier. An unknown specifier makes
// sprintf throw a ValueError: the text is then left as written.
size_t ParsePhpVerb(std::string_view text, size_t i, ArgCursor* cur, std::string* expr,
                    HoleType* type) {
  size_t j = i + 1, k = j, n = 0;
  while (k < text.size() && IsDigit(text[k])) n = n * 10 + (text[k++] - '0');
  bool indexed = k > j && k < text.size() && text[k] == '$' && n > 0;
  if (indexed) j = k + 1;
  bool plain = true;
  while (j < text.size()) {
    if (std::string_view("-+ 0").find(text[j]) != std::string_view::npos) {
      ++j;
    } else if (text[j] == '\'' && j + 1 < text.size()) {
      j += 2;  // '* pads with '*'
    } else {
      break;
    }
    plain = false;
  }
  while (j < text.size() && IsDigit(text[j])) {
    ++j;
    plain = false;
  }
  if (j < text.size() && text[j] == '.') {
    ++j;
    while (j < text.size() && IsDigit(text[j])) ++j;
  }
  if (j < text.size() && text[j] == 'l') ++j;  // accepted and ignored
  if (j >= text.size()) return 0;
  char conv = text[j];
  if (std::string_view("bcdeEfFgGhHosuxX").find(conv) == std::string_view::npos) return 0;
  if (indexed) {
    *expr = n - 1 < cur->args->size() ? (*cur->args)[n - 1] : std::string();
  } else {
    *expr = cur->Take();
  }
  // %d of any value prints digits (a string that is not numeric prints 0).
  if (plain && (conv == 'd' || conv == 'u')) *type = HoleType::kInteger;
  return j + 1 - i;
}

}  // namespace

Template ApplyPrintf(const Template& fmt, const std::vector<std::string>& args,
                     PrintfDialect dialect) {
  Template out;
  ArgCursor cur{&args};
  for (const Piece& p : fmt.pieces()) {
    if (p.is_hole) {
      out.AddHole(p.text, p.expr, p.type);
      continue;
    }
    std::string_view text = p.text;
    size_t lit = 0;
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] != '%') continue;
      if (i + 1 < text.size() && text[i + 1] == '%') {
        out.AddLiteral(text.substr(lit, i + 1 - lit));  // keeps one '%'
        lit = i + 2;
        ++i;
        continue;
      }
      std::string expr;
      HoleType type = HoleType::kAny;
      if (dialect == PrintfDialect::kJava) {
        long jn = ParseJavaVerb(text, i, &cur, &expr);
        if (jn == 0) continue;
        if (jn < 0) {  // %n
          out.AddLiteral(text.substr(lit, i - lit));
          out.AddLiteral("\n");
          lit = i + 2;
          ++i;
          continue;
        }
        out.AddLiteral(text.substr(lit, i - lit));
        out.AddHole(std::string(text.substr(i, jn)), expr);
        lit = i + jn;
        i += jn - 1;
        continue;
      }
      if (dialect == PrintfDialect::kNginx) {
        std::string printed;
        size_t nn = ParseNginxVerb(text, i, &cur, &expr, &type, &printed);
        if (nn == 0) continue;
        out.AddLiteral(text.substr(lit, i - lit));
        if (expr.empty()) {
          out.AddLiteral(printed);
        } else {
          out.AddHole(std::string(text.substr(i, nn)), expr, type);
        }
        lit = i + nn;
        i += nn - 1;
        continue;
      }
      size_t n = dialect == PrintfDialect::kGo    ? ParseGoVerb(text, i, &cur, &expr)
                 : dialect == PrintfDialect::kC   ? ParseCVerb(text, i, &cur, &expr, &type)
                 : dialect == PrintfDialect::kPhp ? ParsePhpVerb(text, i, &cur, &expr, &type)
                                                  : ParseNodeVerb(text, i, &cur, &expr);
      if (n == 0) continue;
      out.AddLiteral(text.substr(lit, i - lit));
      out.AddHole(std::string(text.substr(i, n)), expr, type);
      lit = i + n;
      i += n - 1;
    }
    out.AddLiteral(text.substr(lit));
  }
  // util.format appends the arguments no verb consumed, space-separated.
  if (dialect == PrintfDialect::kNodeUtil) {
    while (cur.next < args.size()) {
      out.AddLiteral(" ");
      std::string expr = cur.Take();
      out.AddHole("${" + expr + "}", expr);
    }
  }
  return out;
}

}  // namespace errdex
