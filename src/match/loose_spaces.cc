// LooseSpaces (see the header).
#include "match/loose_spaces.h"

namespace errdex::match {
namespace {

// The end of the character class that starts at p[i] == '[' (one past ']').
size_t ClassEnd(std::string_view p, size_t i) {
  size_t k = i + 1;
  if (k < p.size() && p[k] == '^') ++k;
  if (k < p.size() && p[k] == ']') ++k;  // a leading ']' is a member
  while (k < p.size() && p[k] != ']') {
    k += p[k] == '\\' && k + 1 < p.size() ? 2 : 1;
  }
  return k < p.size() ? k + 1 : p.size();
}

bool IsQuantifier(char c) { return c == '?' || c == '*' || c == '+' || c == '{'; }

}  // namespace

std::string LooseSpaces(std::string_view p) {
  if (p.find("  ") == std::string_view::npos) return std::string(p);
  std::string out;
  out.reserve(p.size());
  size_t i = 0;
  while (i < p.size()) {
    char c = p[i];
    if (c == '\\' && i + 1 < p.size()) {
      size_t end = i + 2;
      if (p[i + 1] == 'Q') {  // \Q...\E is copied as it is
        end = p.find("\\E", i + 2);
        end = end == std::string_view::npos ? p.size() : end + 2;
      }
      out.append(p.substr(i, end - i));
      i = end;
    } else if (c == '[') {
      size_t end = ClassEnd(p, i);
      out.append(p.substr(i, end - i));
      i = end;
    } else if (c == ' ') {
      size_t end = p.find_first_not_of(' ', i);
      if (end == std::string_view::npos) end = p.size();
      bool quantified = end < p.size() && IsQuantifier(p[end]);
      if (end - i >= 2 && !quantified) {
        out += " +";
      } else {
        out.append(p.substr(i, end - i));
      }
      i = end;
    } else {
      out.push_back(c);
      ++i;
    }
  }
  return out;
}

}  // namespace errdex::match
