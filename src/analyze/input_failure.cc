// A failed call on the command's own argument (see input_failure.h).
#include "analyze/input_failure.h"

#include <cctype>
#include <string_view>

#include "analyze/origin_advice.h"
#include "util/text.h"

namespace errdex {
namespace {

// What a number-parsing call's name says it reads: "an integer", "a
// number", or "" for any other call.
std::string NumberKind(const std::string& name) {
  std::string n = ToLower(name);
  for (const char* w : {"longlong", "strtol", "strtoul", "strtoll", "strtoimax", "atoi", "atol",
                        "toint", "tolong", "toulong", "tounsigned", "parseint", "getlong", "getint",
                        "getunsigned", "str2int", "parse_int"}) {
    if (n.find(w) != std::string::npos) return "an integer";
  }
  for (const char* w : {"double", "strtod", "strtof", "atof", "tofloat", "parsefloat"}) {
    if (n.find(w) != std::string::npos) return "a number";
  }
  return "";
}

// The N of `argv[N]` (the argument after the command's name), or -1.
int ArgumentIndex(std::string_view input) {
  size_t open = input.find("argv[");
  if (open == std::string_view::npos) return -1;
  size_t i = open + 5;
  int n = 0;
  size_t start = i;
  while (i < input.size() && std::isdigit(static_cast<unsigned char>(input[i])) && i - start < 3) {
    n = n * 10 + (input[i++] - '0');
  }
  return i > start && i < input.size() && input[i] == ']' ? n : -1;
}

}  // namespace

std::string CommandInputFailure(const std::string& call, const std::string& name, int line) {
  std::string input = CommandInputOf(call);
  if (input.empty()) return "";
  int n = ArgumentIndex(input);
  std::string what =
      n > 0 ? "its argument " + std::to_string(n) + " (`" + input + "`)" : "`" + input + "`";
  std::string failed = "`" + call + "` (line " + std::to_string(line) + ")";
  std::string kind = NumberKind(name);
  if (!kind.empty()) {
    return "Check what the command was given as " + what + ": it must be " + kind + ", and " +
           failed + " could not read it as one";
  }
  return "Check what the command was given as " + what + ": " + failed + " failed on it";
}

}  // namespace errdex
