// Level labels (see level_labels.h).
#include "resolve/level_labels.h"

#include <re2/re2.h>

#include <cctype>
#include <string>

namespace errdex {
namespace {

// The labels match/input.cc's LevelPrefix removes from a pasted line.
const RE2& Label() {
  static const RE2* const re = new RE2(
      R"((\[(?i:error|err|warning|warn|fatal|critical|crit)\]|(?:ERROR|WARNING|WARN|FATAL|CRITICAL):)[ \t]*)");
  return *re;
}

bool StripLabel(ErrorSite* site) {
  const std::vector<Piece>& ps = site->message.pieces();
  if (ps.empty() || ps[0].is_hole) return false;
  re2::StringPiece in(ps[0].text);
  std::string label;
  if (!RE2::Consume(&in, Label(), &label)) return false;
  Template rest;
  if (!in.empty()) rest.AddLiteral(std::string_view(in.data(), in.size()));
  for (size_t i = 1; i < ps.size(); ++i) {
    if (ps[i].is_hole) {
      rest.AddHole(ps[i].text, ps[i].expr, ps[i].type);
    } else {
      rest.AddLiteral(ps[i].text);
    }
  }
  if (!rest.HasLiteralText()) return false;  // the label was most of what it says
  site->message = std::move(rest);
  // The label says the level users see (glog's "WARNING: Logging before
  // InitGoogleLogging() ..." written by an error-level stderr helper).
  std::string upper;
  for (char c : label) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (upper.find("WARN") != std::string::npos) site->severity = "warning";
  if (upper.find("FATAL") != std::string::npos || upper.find("CRIT") != std::string::npos) {
    site->severity = "critical";
  }
  std::string note = "printed after the level label `" + label + "`";
  site->message_origin_note =
      site->message_origin_note.empty() ? note : site->message_origin_note + "; " + note;
  return true;
}

}  // namespace

int StripLevelLabels(const std::vector<std::vector<ErrorSite>*>& sites) {
  int changed = 0;
  for (std::vector<ErrorSite>* v : sites) {
    if (!v) continue;
    for (ErrorSite& s : *v) {
      if ((s.kind == SiteKind::kLog || s.kind == SiteKind::kWarning) && StripLabel(&s)) ++changed;
    }
  }
  return changed;
}

}  // namespace errdex
