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
// An introduction (or an inner exception's link) ranks this far below the
// lowest hit above it.
constexpr double kIntroductionMargin = 0.005;

// Whether `h` read an introduction to the lines below it in `text`: its
// reading is one line, the record's whole message without holes, ending in
// ":" (maven's "For more information about the errors and possible
// solutions, please read the following articles:"), with more text below.
bool IntroductionHit(const PasteHit& h, std::string_view text) {
  const Record& r = *h.match.record;
  std::string_view m = h.error.message;
  while (!m.empty() && (m.back() == ' ' || m.back() == '\n')) m.remove_suffix(1);
  if (!r.holes.empty() || m.empty() || m.back() != ':' || m.find('\n') != std::string_view::npos ||
      std::count(m.begin(), m.end(), ' ') < 3 || h.error.input_line <= 0) {
    return false;
  }
  size_t at = 0;
  for (int line = 1; line < h.error.input_line; ++line) {
    at = text.find('\n', at);
    if (at == std::string_view::npos) return false;
    ++at;
  }
  size_t eol = text.find('\n', at);
  return eol != std::string_view::npos &&
         text.find_first_not_of(" \t\r\n", eol) != std::string_view::npos;
}

// Each hit `yields` says must rank below the pattern hits `above` says are
// above it goes just under the lowest of them (unchanged when it already
// ranks below, or when there are none).
template <typename Yields, typename Above>
void YieldBelow(std::vector<PasteHit>* hits, Yields yields, Above above) {
  for (PasteHit& low : *hits) {
    if (!yields(low)) continue;
    double lowest = 2;
    for (const PasteHit& h : *hits) {
      if (h.match.match_type == "pattern" && above(h, low)) {
        lowest = std::min(lowest, h.match.score);
      }
    }
    if (lowest <= 1 && low.match.score >= lowest) {
      low.match.score = std::max(0.01, lowest - kIntroductionMargin);
    }
  }
}

// A tool's error, then a footer introducing its help links: each log line
// is a reading of its own, and the introduction ranks below every hit of
// an earlier line (the matcher's YieldIntroLines does so within one
// reading).
void YieldIntroductions(std::vector<PasteHit>* hits, std::string_view text) {
  YieldBelow(
      hits, [&](const PasteHit& h) { return IntroductionHit(h, text); },
      [&](const PasteHit& h, const PasteHit& intro) {
        return h.error.input_line < intro.error.input_line && !IntroductionHit(h, text);
      });
}

// .NET chains: an inner exception's hits rank below those of its
// outermost link, when the indexed code raises that one (the library's
// own statement of what failed, "Unable to authenticate using sasl
// protocol mechanism SCRAM-SHA-1."; its cause, "Command saslStart failed:
// ..", follows as context).
void YieldInnerLinks(std::vector<PasteHit>* hits) {
  YieldBelow(
      hits, [](const PasteHit& h) { return h.error.outer_link_line != 0; },
      [](const PasteHit& h, const PasteHit& inner) {
        return h.error.outer_link_line == 0 && h.error.input_line == inner.error.outer_link_line;
      });
}

// A "prog: message" line answers only with a record whose own text names
// the program ("fuse: unknown option(s): `{...}", whisper's
// "{__func__}: invalid model data" filled to "whisper_model_load: .."):
// a generic "%s: %s" matches any such line, and the paste's other errors
// are what it is about.
bool NamesProgram(const Record& r, std::string_view line) {
  std::string prefix(line.substr(0, line.find(": ") + 2));
  const std::string& text = r.error_message;
  return text.starts_with(prefix) || text.find("\n" + prefix) != std::string::npos;
}

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
          if (e.program_line && !NamesProgram(*m.record, e.message)) continue;
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
      // "Error" too when no trace follows: Homebrew's odie prints "Error: "
      // before its text, which the record's template holds ("Error: Cannot
      // install in Homebrew on ARM processor .."). With frames it is
      // JavaScript's Error class ("Error: msg" then "    at ..").
      if (e.error_class == "Warning" || (e.error_class == "Error" && e.frames.empty())) {
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
  // So when only "prog: message" lines found anything: such a line is a
  // guess at what the paste's error is.
  bool only_program_lines =
      std::all_of(out.begin(), out.end(), [](const PasteHit& h) { return h.error.program_line; });
  if (only_program_lines && !errors.empty()) {
    find_all(ParseAsFreeText(text), kFreeTextFallbackScore);
  }
  // An error quoted as inline code in the user's prose. Still
  // nothing: its spans answer. Otherwise they only rank the records found
  // already (Waybar's "``[warning] module x: Unknown module: x``. Am I
  // doing something wrong?": read alone, the hole of "Unknown module: {}"
  // no longer holds the user's next sentence), so a quote adds no answer
  // the whole text did not find.
  if (out.empty()) {
    find_all(ParseInlineCodeSpans(text), 0);
  } else if (std::vector<ErrorText> spans = ParseInlineCodeSpans(text); !spans.empty()) {
    std::unordered_map<const Record*, bool> found;
    for (const PasteHit& h : out) found[h.match.record] = true;
    std::vector<PasteHit> all = std::move(out);
    out.clear();
    find_all(spans, 0);
    for (PasteHit& h : out) {
      if (found.count(h.match.record)) all.push_back(std::move(h));
    }
    out = std::move(all);
  }
  if (each_error) return out;
  YieldIntroductions(&out, text);
  YieldInnerLinks(&out);
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
