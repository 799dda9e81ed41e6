// Origin advice (see origin_advice.h): text scans of one call expression.
#include "analyze/origin_advice.h"

#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

bool Word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The end of the parenthesised group opening at `open`, or npos.
size_t Matching(std::string_view t, size_t open) {
  int depth = 0;
  for (size_t i = open; i < t.size(); ++i) {
    if (t[i] == '"' || t[i] == '\'') {
      size_t close = t.find(t[i], i + 1);
      if (close == std::string_view::npos) return std::string_view::npos;
      i = close;
    } else if (t[i] == '(') {
      ++depth;
    } else if (t[i] == ')' && --depth == 0) {
      return i;
    }
  }
  return std::string_view::npos;
}

// The first string literal of `t`, without its quotes, or "".
std::string FirstLiteral(std::string_view t) {
  size_t q = t.find_first_of("\"'");
  if (q == std::string_view::npos) return "";
  size_t close = t.find(t[q], q + 1);
  return close == std::string_view::npos ? "" : std::string(t.substr(q + 1, close - q - 1));
}

// The name the call calls, and what is before it (`$this->`, `self.`, "").
std::string Callee(std::string_view call, std::string* receiver) {
  call = Trim(call);
  for (std::string_view lead : {"await ", "new ", "yield "}) {
    if (call.starts_with(lead)) call = Trim(call.substr(lead.size()));
  }
  size_t open = call.find('(');
  while (open == 0) {  // a cast or a parenthesised call: `(string) f(x)`
    size_t close = Matching(call, 0);
    if (close == std::string_view::npos) return "";
    call = Trim(call.substr(close + 1));
    open = call.find('(');
  }
  if (open == std::string_view::npos) return "";
  size_t b = open;
  while (b > 0 && (Word(call[b - 1]) || call[b - 1] == '#')) --b;
  size_t r = b;
  while (r > 0 && !std::isspace(static_cast<unsigned char>(call[r - 1]))) --r;
  *receiver = std::string(call.substr(r, b - r));
  return std::string(call.substr(b, open - b));
}

bool OwnReceiver(const std::string& r) {
  return r.empty() || r == "$this->" || r == "this." || r == "self." || r == "self::" ||
         r == "static::" || r == "@";
}

}  // namespace

std::string CommandInputOf(std::string_view call) {
  for (std::string_view api : {"getArgument(", "getOption(", "args_get(", "args_string("}) {
    size_t at = call.find(api);
    if (at == std::string_view::npos || (at > 0 && Word(call[at - 1]))) continue;
    size_t close = Matching(call, at + api.size() - 1);
    if (close == std::string_view::npos) continue;
    size_t b = at;
    while (b > 0 && (Word(call[b - 1]) || call[b - 1] == '$' || call[b - 1] == '>' ||
                     call[b - 1] == '-' || call[b - 1] == '.')) {
      --b;
    }
    return std::string(call.substr(b, close + 1 - b));
  }
  size_t at = call.find("argv[");
  if (at == std::string_view::npos || (at > 0 && Word(call[at - 1]))) return "";
  size_t b = at;
  while (b > 0 &&
         (Word(call[b - 1]) || call[b - 1] == '>' || call[b - 1] == '-' || call[b - 1] == '.')) {
    --b;
  }
  size_t e = call.find(']', at);
  if (e == std::string_view::npos) return "";
  ++e;
  for (std::string_view tail : {"->ptr", ".ptr"}) {
    if (call.substr(e).starts_with(tail)) e += tail.size();
  }
  return std::string(call.substr(b, e - b));
}

std::string PromptOf(std::string_view call) {
  // The prompt may sit inside a wrapper: `trim((string) $io->ask('X: '))`.
  for (std::string_view ask : {"ask(", "askAndHideAnswer(", "askConfirmation(", "input(",
                               "readline(", "prompt(", "getpass("}) {
    size_t at = call.find(ask);
    if (at == std::string_view::npos || (at > 0 && Word(call[at - 1]))) continue;
    std::string text = FirstLiteral(call.substr(at));
    if (!text.empty()) return text;
  }
  return "";
}

std::vector<std::string> CallArguments(std::string_view call) {
  size_t open = call.find('(');
  if (open == std::string_view::npos) return {};
  size_t close = Matching(call, open);
  if (close == std::string_view::npos) return {};
  std::vector<std::string> out;
  int depth = 0;
  size_t start = open + 1;
  for (size_t i = open + 1; i < close; ++i) {
    char c = call[i];
    if (c == '"' || c == '\'') {
      size_t q = call.find(c, i + 1);
      if (q == std::string_view::npos || q > close) break;
      i = q;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      --depth;
    } else if (c == ',' && depth == 0) {
      out.emplace_back(Trim(call.substr(start, i - start)));
      start = i + 1;
    }
  }
  std::string_view last = Trim(call.substr(start, close - start));
  if (!last.empty()) out.emplace_back(last);
  return out;
}

bool InternalCallee(std::string_view call, const std::string& language,
                    const std::vector<std::string_view>& lines, const SetterIndex* setters) {
  std::string receiver;
  std::string name = Callee(call, &receiver);
  if (name.empty()) return false;
  if (language == "c" || language == "cpp") {
    if (setters != nullptr && setters->Defined(name) && !setters->PubliclyDeclared(name)) {
      return true;
    }
    // A `static` function of the caller's own file.
    for (std::string_view l : lines) {
      std::string_view t = Trim(l);
      size_t at = t.find(name + "(");
      if (t.starts_with("static ") && at != std::string_view::npos &&
          (at == 0 || !Word(t[at - 1])) && !t.ends_with(";")) {
        return true;
      }
    }
    return false;
  }
  if (language == "python" || language == "javascript" || language == "typescript") {
    return name.starts_with("_") || name.starts_with("#");
  }
  if (language == "go") {
    static const char* const kBuiltins[] = {"len",     "cap",    "make",  "new",     "append",
                                            "copy",    "delete", "panic", "recover", "print",
                                            "println", "min",    "max",   "close",   "clear"};
    for (const char* b : kBuiltins) {
      if (name == b) return false;
    }
    return std::islower(static_cast<unsigned char>(name[0])) && receiver.empty();
  }
  if (!OwnReceiver(receiver)) return false;
  // A method of the same class that the file declares private or protected.
  for (std::string_view l : lines) {
    std::string_view t = Trim(l);
    size_t at = t.find(name + "(");
    if (at == std::string_view::npos || (at > 0 && Word(t[at - 1]))) continue;
    if (t.starts_with("private ") || t.starts_with("protected ") ||
        t.find(" private ") != std::string_view::npos ||
        t.find(" protected ") != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

}  // namespace errdex
