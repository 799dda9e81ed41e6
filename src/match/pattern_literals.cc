// AnalyzePattern: reads RE2 syntax just far enough to find the literal text a
// pattern requires. Groups, classes, escapes that stand for sets, and
// anything unexpected end the current run; a quantifier removes the character
// it applies to. The result may miss literals but never invents one.
#include "match/pattern_literals.h"

#include <cstdint>

namespace errdex::match {
namespace {

constexpr size_t kNone = static_cast<size_t>(-1);

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsAsciiAlnum(char c) { return IsDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
int HexValue(char c) {
  if (IsDigit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// One left-to-right pass over the pattern.
class Reader {
 public:
  explicit Reader(std::string_view pattern) : p_(pattern) {}
  PatternLiterals Run();

 private:
  char At(size_t k) const { return k < p_.size() ? p_[k] : '\0'; }
  void AddChar(std::string_view bytes);
  void AddByte(char b);
  void EndRun();
  void EndBranch();
  void Quantifier(size_t len);
  bool RepeatLength(size_t* len) const;
  void ReadEscape();
  bool ReadHexEscape();
  void ReadGroup();
  void SkipClass();

  std::string_view p_;
  size_t i_ = 0;
  std::string run_;
  size_t last_char_ = kNone;  // where the last literal character starts in run_
  PatternLiterals out_;
  size_t branch_chars_ = 0, branch_visible_ = 0;
  size_t min_chars_ = kNone, min_visible_ = kNone;
};

PatternLiterals Reader::Run() {
  while (i_ < p_.size()) {
    char c = p_[i_];
    switch (c) {
      case '\\':
        ReadEscape();
        break;
      case '(':
        ReadGroup();
        break;
      case '[':
        EndRun();
        SkipClass();
        break;
      case '*':
      case '+':
      case '?':
        Quantifier(1);
        break;
      case '{': {
        size_t len;
        if (RepeatLength(&len)) {
          Quantifier(len);
        } else {
          AddByte(c);  // RE2 reads a '{' that starts no repetition literally
          ++i_;
        }
        break;
      }
      case '|':
        EndRun();
        EndBranch();
        out_.has_alternation = true;
        ++i_;
        break;
      case '.':
      case '^':
      case '$':
      case ')':
        EndRun();
        ++i_;
        break;
      default:
        AddByte(c);
        ++i_;
    }
  }
  EndRun();
  EndBranch();
  out_.literal_chars = min_chars_;
  out_.visible_chars = min_visible_;
  return std::move(out_);
}

void Reader::AddChar(std::string_view bytes) {
  last_char_ = run_.size();
  run_.append(bytes);
}

// Continuation bytes of a UTF-8 character stay with their lead byte, so a
// quantifier removes the whole character.
void Reader::AddByte(char b) {
  auto u = static_cast<unsigned char>(b);
  if (u >= 0x80 && u < 0xC0 && last_char_ != kNone) {
    run_.push_back(b);
    return;
  }
  AddChar(std::string_view(&b, 1));
}

void Reader::EndRun() {
  if (!run_.empty()) {
    branch_chars_ += run_.size();
    for (char ch : run_) {
      if (!IsSpace(ch)) ++branch_visible_;
      if (IsAsciiAlnum(ch) || static_cast<unsigned char>(ch) >= 0x80) out_.has_word_char = true;
    }
    out_.runs.push_back(std::move(run_));
    run_.clear();
  }
  last_char_ = kNone;
}

void Reader::EndBranch() {
  if (branch_chars_ < min_chars_) min_chars_ = branch_chars_;
  if (branch_visible_ < min_visible_) min_visible_ = branch_visible_;
  branch_chars_ = branch_visible_ = 0;
}

// `len` bytes of quantifier at i_. The character it applies to may occur
// zero or many times, so it leaves the run; a lazy '?' or possessive '+'
// suffix goes with the quantifier.
void Reader::Quantifier(size_t len) {
  if (last_char_ != kNone) run_.resize(last_char_);
  EndRun();
  i_ += len;
  if (At(i_) == '?' || At(i_) == '+') ++i_;
}

// True if a valid repetition {n}, {n,} or {n,m} starts at i_.
bool Reader::RepeatLength(size_t* len) const {
  size_t k = i_ + 1;
  if (!IsDigit(At(k))) return false;
  while (IsDigit(At(k))) ++k;
  if (At(k) == ',') {
    ++k;
    while (IsDigit(At(k))) ++k;
  }
  if (At(k) != '}') return false;
  *len = k + 1 - i_;
  return true;
}

void Reader::ReadEscape() {
  char c = At(i_ + 1);
  static constexpr std::string_view kControl = "ntrfva";
  static constexpr std::string_view kControlValue = "\n\t\r\f\v\a";
  if (size_t ctl = kControl.find(c); c != '\0' && ctl != std::string_view::npos) {
    AddChar(kControlValue.substr(ctl, 1));
    i_ += 2;
  } else if (c == 'x') {
    if (!ReadHexEscape()) {
      EndRun();
      i_ += 2;
    }
  } else if (c == 'Q') {  // \Q...\E quotes everything up to \E
    size_t end = p_.find("\\E", i_ + 2);
    if (end == std::string_view::npos) end = p_.size();
    for (size_t k = i_ + 2; k < end; ++k) AddByte(p_[k]);
    i_ = end == p_.size() ? end : end + 2;
  } else if (c == 'p' || c == 'P') {  // \pN, \p{Greek}: a set of characters
    EndRun();
    i_ += 2;
    if (At(i_) == '{') {
      size_t end = p_.find('}', i_);
      i_ = end == std::string_view::npos ? p_.size() : end + 1;
    } else if (i_ < p_.size()) {
      ++i_;
    }
  } else if (IsAsciiAlnum(c)) {  // \d \s \w \b \A \z \C, octal: not literal
    EndRun();
    i_ += 2;
    while (c >= '0' && c <= '7' && At(i_) >= '0' && At(i_) <= '7') ++i_;
  } else if (c == '\0' && i_ + 1 >= p_.size()) {  // trailing backslash
    EndRun();
    ++i_;
  } else {  // an escaped punctuation character stands for itself
    AddByte(c);
    i_ += 2;
  }
}

// \xHH or \x{H...}; false if malformed.
bool Reader::ReadHexEscape() {
  size_t k = i_ + 2;
  uint32_t cp = 0;
  if (At(k) == '{') {
    size_t digits = 0;
    for (++k; HexValue(At(k)) >= 0 && digits < 8; ++k, ++digits) {
      cp = cp * 16 + static_cast<uint32_t>(HexValue(At(k)));
    }
    if (digits == 0 || At(k) != '}' || cp > 0x10FFFF) return false;
    ++k;
  } else {
    if (HexValue(At(k)) < 0 || HexValue(At(k + 1)) < 0) return false;
    cp = static_cast<uint32_t>(HexValue(At(k)) * 16 + HexValue(At(k + 1)));
    k += 2;
  }
  std::string bytes;
  AppendUtf8(cp, &bytes);
  AddChar(bytes);
  i_ = k;
  return true;
}

// A group is skipped whole: what it matches may be optional or repeated.
// A flag group "(?i)" at the top level turns on case folding for the rest.
void Reader::ReadGroup() {
  EndRun();
  if (At(i_ + 1) == '?') {
    size_t k = i_ + 2;
    bool negated = false, fold = false;
    for (; k < p_.size(); ++k) {
      char f = p_[k];
      if (f == '-')
        negated = true;
      else if (f == 'i' && !negated)
        fold = true;
      else if (f != 'm' && f != 's' && f != 'U' && f != 'i')
        break;
    }
    if (At(k) == ')' && fold) out_.case_insensitive = true;
  }
  int depth = 0;
  while (i_ < p_.size()) {
    char c = p_[i_];
    if (c == '\\') {
      i_ += 2;
      continue;
    }
    if (c == '[') {
      SkipClass();
      continue;
    }
    ++i_;
    if (c == '(') ++depth;
    if (c == ')' && --depth == 0) break;
  }
  if (i_ > p_.size()) i_ = p_.size();
}

// Skips a character class starting at i_ ('['), including a leading ']' or
// '^]' and POSIX classes like [:alpha:].
void Reader::SkipClass() {
  ++i_;
  if (At(i_) == '^') ++i_;
  if (At(i_) == ']') ++i_;
  while (i_ < p_.size()) {
    char c = p_[i_];
    if (c == '\\') {
      i_ += 2;
    } else if (c == '[' && At(i_ + 1) == ':') {
      size_t end = p_.find(":]", i_ + 2);
      i_ = end == std::string_view::npos ? i_ + 1 : end + 2;
    } else if (c == ']') {
      ++i_;
      return;
    } else {
      ++i_;
    }
  }
  if (i_ > p_.size()) i_ = p_.size();
}

}  // namespace

std::string PatternLiterals::Anchor() const {
  if (case_insensitive || has_alternation) return "";
  const std::string* best = nullptr;
  for (const std::string& r : runs) {
    if (best == nullptr || r.size() > best->size()) best = &r;
  }
  return best == nullptr ? "" : *best;
}

PatternLiterals AnalyzePattern(std::string_view pattern) { return Reader(pattern).Run(); }

bool EscapedAt(std::string_view p, size_t i) {
  size_t slashes = 0;
  while (slashes < i && p[i - 1 - slashes] == '\\') ++slashes;
  return slashes % 2 == 1;
}

}  // namespace errdex::match
