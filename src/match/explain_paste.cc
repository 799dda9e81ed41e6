// ExplainPaste (see errdex/matcher.h): a paste -> the errors in it -> ranked
// matches. The CLI's `explain` and the server's search share it, so both
// read classes, codes and frames the same way.
#include <algorithm>
#include <unordered_map>

#include "errdex/matcher.h"

namespace errdex {

std::vector<PasteHit> ExplainPaste(const Matcher& matcher, const std::string& text,
                                   const std::string& repo, size_t limit, bool each_error,
                                   InputNotes* notes) {
  std::vector<ErrorText> errors = ParseInput(text, notes);
  std::vector<PasteHit> out;
  for (size_t i = 0; i < errors.size(); ++i) {
    const ErrorText& e = errors[i];
    Query q{e.message, e.error_class, repo, limit, e.error_code, e.frames, text, e.paragraph};
    for (Match& m : matcher.Find(q)) out.push_back({std::move(m), e});
  }
  if (each_error) return out;
  // One record found through several links keeps its best hit. Equal scores:
  // the later link first (the innermost `Caused by:`, the last log line).
  std::stable_sort(out.begin(), out.end(), [](const PasteHit& a, const PasteHit& b) {
    if (a.match.score != b.match.score) return a.match.score > b.match.score;
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
