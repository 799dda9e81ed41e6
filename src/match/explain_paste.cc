// ExplainPaste (see errdex/matcher.h): a paste -> the errors in it -> ranked
// matches. The CLI's `explain` and the server's search share it, so both
// read classes, codes and frames the same way.
#include <algorithm>
#include <unordered_map>

#include "errdex/matcher.h"

namespace errdex {

// See the free-text fallback in ExplainPaste.
constexpr double kFreeTextFallbackScore = 0.8;
// A reading pulled out of a report also read as free text (a Gradle
// cause) answers only this strongly: most causes in a build log are the
// build tool's own words.
constexpr double kSupplementMinScore = 0.8;

std::vector<PasteHit> ExplainPaste(const Matcher& matcher, const std::string& text,
                                   const std::string& repo, size_t limit, bool each_error,
                                   InputNotes* notes) {
  std::vector<ErrorText> errors = ParseInput(text, notes);
  std::vector<PasteHit> out;
  // Per record, the sum of its scores over every reading of the paste.
  std::unordered_map<const Record*, double> support;
  auto find_all = [&](const std::vector<ErrorText>& found, double min_score) {
    std::vector<StackFrame> all_frames;
    for (const ErrorText& e : found) {
      all_frames.insert(all_frames.end(), e.frames.begin(), e.frames.end());
    }
    for (const ErrorText& e : found) {
      double floor = e.supplement ? std::max(min_score, kSupplementMinScore) : min_score;
      auto run = [&](const Query& q) {
        for (Match& m : matcher.Find(q)) {
          support[m.record] += m.score;
          if (m.score >= floor) out.push_back({std::move(m), e});
        }
      };
      Query q{e.message, e.error_class, repo,        limit,     e.error_code,
              e.frames,  text,          e.paragraph, all_frames};
      run(q);
      // "Warning: Unknown configuration option `x`" (rustfmt's eprint!):
      // the level word read as a class may be the message's first word,
      // as the template writes it.
      // Not "Error": JavaScript prints its Error class so ("Error: msg").
      if (e.error_class == "Warning") {
        Query whole = q;
        whole.message = e.error_class + ": " + e.message;
        whole.error_class.clear();
        run(whole);
      }
      // So may the level label read off the line ("ERROR: The file \"x\"
      // does not exist." is PHP_CodeSniffer's whole message).
      if (!e.level_label.empty()) {
        Query whole = q;
        whole.message = e.level_label + e.message;
        run(whole);
      }
    }
  };
  find_all(errors, 0);
  // The errors recognised matched nothing: they may be another program's,
  // quoted inside this one's message (a Ruby exception in the build output
  // rubygems' BuildError quotes). Read as free text, the paste then answers
  // only with a strong match: the trace was read and found foreign, and a
  // weak match of its bare text is what the trace's frames ruled out.
  if (out.empty() && !errors.empty()) find_all(ParseAsFreeText(text), kFreeTextFallbackScore);
  // Still nothing: an error quoted as inline code in the user's prose.
  if (out.empty()) find_all(ParseInlineCodeSpans(text), 0);
  if (each_error) return out;
  // One record found through several links keeps its best hit. Equal scores:
  // the record the paste's other readings support more (two templates whose
  // first line is a paragraph of the paste: the one the whole text matches
  // better), then the later link (the innermost `Caused by:`, the last log
  // line).
  std::stable_sort(out.begin(), out.end(), [&](const PasteHit& a, const PasteHit& b) {
    if (a.match.score != b.match.score) return a.match.score > b.match.score;
    double sa = support[a.match.record], sb = support[b.match.record];
    if (sa != sb) return sa > sb;
    return a.error.input_line > b.error.input_line;
  });
  std::unordered_map<const Record*, bool> seen;
  std::vector<PasteHit> ranked;
  for (PasteHit& h : out) {
    if (ranked.size() >= limit) break;
    if (seen.emplace(h.match.record, true).second) ranked.push_back(std::move(h));
  }
  return ranked;
}

}  // namespace errdex
