// Template: display text, regex pattern, anchors and rendering of a message
// template. See include/errdex/template.h.
#include "errdex/template.h"

#include <algorithm>
#include <cctype>

namespace errdex {

void Template::AddLiteral(std::string_view text) {
  if (text.empty()) return;
  // Adjacent literals merge so that anchors are as long as possible.
  if (!pieces_.empty() && !pieces_.back().is_hole) {
    pieces_.back().text.append(text);
    return;
  }
  Piece p;
  p.text = std::string(text);
  pieces_.push_back(std::move(p));
}

void Template::AddHole(std::string text, std::string expr, HoleType type) {
  Piece p;
  p.is_hole = true;
  p.text = std::move(text);
  p.expr = std::move(expr);
  p.type = type;
  pieces_.push_back(std::move(p));
}

void Template::Append(const Template& other) {
  for (const Piece& p : other.pieces_) {
    if (p.is_hole) {
      pieces_.push_back(p);
    } else {
      AddLiteral(p.text);
    }
  }
}

int Template::LiteralWords() const {
  int words = 0;
  for (const Piece& p : pieces_) {
    if (p.is_hole) continue;
    bool in_word = false;
    for (char c : p.text) {
      bool letter = std::isalpha(static_cast<unsigned char>(c)) != 0;
      words += letter && !in_word;
      in_word = letter;
    }
  }
  return words;
}

bool Template::HasLiteralText() const {
  for (const Piece& p : pieces_) {
    if (p.is_hole) continue;
    for (char c : p.text) {
      if (!std::isspace(static_cast<unsigned char>(c))) return true;
    }
  }
  return false;
}

int Template::HoleCount() const {
  return static_cast<int>(
      std::count_if(pieces_.begin(), pieces_.end(), [](const Piece& p) { return p.is_hole; }));
}

std::string Template::Display() const {
  std::string out;
  for (const Piece& p : pieces_) out += p.text;
  return out;
}

std::string EscapeRegexLiteral(std::string_view text) {
  // Only syntax characters are escaped: an identity escape such as `\'` or
  // `\-` is an error in ECMAScript's `u` mode, while these are valid in every
  // mode of both engines. Control characters become \n, \t, \r or \xHH.
  static constexpr std::string_view kSyntax = "\\^$.|?*+()[]{}/";
  std::string out;
  out.reserve(text.size() + 8);
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    if (kSyntax.find(c) != std::string_view::npos) {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (u < 0x20 || u == 0x7f) {
      static constexpr char kHex[] = "0123456789ABCDEF";
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

std::string HolePattern(HoleType type) {
  switch (type) {
    case HoleType::kInteger:
      return "([-+]?\\d+)";
    case HoleType::kAny:
      break;
  }
  // Lazy, so that the literal text after the hole decides where it ends;
  // [\s\S] so that multi-line values match in both RE2 and ECMAScript.
  return "([\\s\\S]*?)";
}

Template Template::Trimmed(bool leading, bool trailing) const {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  std::vector<Piece> pieces = pieces_;
  if (leading && !pieces.empty() && !pieces.front().is_hole) {
    std::string& s = pieces.front().text;
    size_t k = 0;
    while (k < s.size() && space(s[k])) ++k;
    s.erase(0, k);
  }
  if (trailing && !pieces.empty() && !pieces.back().is_hole) {
    std::string& s = pieces.back().text;
    while (!s.empty() && space(s.back())) s.pop_back();
  }
  Template out;
  for (const Piece& p : pieces) {
    if (p.is_hole) {
      out.AddHole(p.text, p.expr, p.type);
    } else if (!p.text.empty()) {
      out.AddLiteral(p.text);
    }
  }
  return out;
}

std::string Template::Pattern() const {
  std::string out;
  for (const Piece& p : pieces_) {
    out += p.is_hole ? HolePattern(p.type) : EscapeRegexLiteral(p.text);
  }
  return out;
}

std::vector<std::string> Template::Anchors() const {
  std::vector<std::string> out;
  for (const Piece& p : pieces_) {
    if (!p.is_hole && !p.text.empty()) out.push_back(p.text);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  return out;
}

std::string Template::Render(const std::vector<std::string>& values) const {
  std::string out;
  size_t hole = 0;
  for (const Piece& p : pieces_) {
    if (!p.is_hole) {
      out += p.text;
    } else {
      if (hole < values.size()) out += values[hole];
      ++hole;
    }
  }
  return out;
}

}  // namespace errdex
