// Message rule (see message_rule.h): one pass over the message's sentences,
// each matched against a short list of requirement forms.
#include "analyze/message_rule.h"

#include <cctype>
#include <string_view>

#include "util/text.h"

namespace errdex {
namespace {

constexpr int kMaxSubjectWords = 8;

// Sentences: split at `.`, `!`, `?`, `;` or a newline followed by a space
// or the end, so that `a.b` and `1.5` stay whole.
std::vector<std::string> Sentences(const std::string& m) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i <= m.size(); ++i) {
    bool end = i == m.size() ||
               ((m[i] == '.' || m[i] == '!' || m[i] == '?' || m[i] == ';' || m[i] == '\n') &&
                (i + 1 == m.size() || m[i + 1] == ' ' || m[i + 1] == '\n'));
    if (!end) continue;
    std::string s(Trim(std::string_view(m).substr(start, i - start)));
    if (!s.empty()) out.push_back(s);
    start = i + 1;
  }
  return out;
}

bool Balanced(std::string_view s);

// Whether a would-be subject is a clause or a fragment: it starts with a
// pronoun (not "this schema") or a verb of report, holds a finite verb or modal, ends in a
// conjunction, or is cut at a dash.
bool Clause(const std::string& lower) {
  std::string first = lower.substr(0, lower.find(' '));
  for (const char* w : {"it", "they", "there", "which", "got", "received", "found", "expected"}) {
    if (first == w && first.size() < lower.size()) return true;
  }
  std::string padded = " " + lower + " ";
  for (const char* w : {" may ", " might ", " will ", " would ", " could ", " can ", " is ",
                        " are ", " was ", " were "}) {
    if (padded.find(w) != std::string::npos) return true;
  }
  for (const char* w : {" and", " or", " but", " -"}) {
    if (lower.ends_with(w)) return true;
  }
  return false;
}

// The subject of a rule: the words after the message's last `prefix: `,
// lower-cased when it starts as an ordinary capitalised word ("Step" ->
// "step", but not "URL" or "maxAge").
std::string Subject(std::string_view s) {
  // A lead-in (`yaml: `, `Invalid options, `, `... because `) is not
  // part of the subject.
  for (std::string_view cut :
       {": ", ", ", " because ", " since ", " when ", " if ", " so ", " but ", " - "}) {
    size_t at = s.rfind(cut);
    // A dash inside a template hole (`${a[i - 1]}`) cuts nothing.
    if (at != std::string_view::npos && (cut != " - " || Balanced(s.substr(at + cut.size())))) {
      s = s.substr(at + cut.size());
    }
  }
  // A text over several lines ("APIPlugin\n__non_webpack_require__ is only
  // allowed ..."): the subject is on the rule's own line.
  if (size_t nl = s.rfind('\n'); nl != std::string_view::npos) s = s.substr(nl + 1);
  s = Trim(s);
  for (std::string_view lead : {"but ", "and ", "so ", "then ", "or "}) {
    if (s.starts_with(lead)) s.remove_prefix(lead.size());
  }
  int words = 1;
  for (char c : s) words += c == ' ';
  if (s.empty() || words > kMaxSubjectWords || !Balanced(s)) return "";
  // A pronoun names nothing the user can act on.
  std::string lower = ToLower(s);
  for (const char* p : {"it", "this", "that", "these", "those", "they", "there", "which", "he",
                        "she", "we", "you", "i"}) {
    if (lower == p) return "";
  }
  // A clause ("this may result in errors and", "Got invalid value for x -")
  // is a fragment of the message, not a thing the rule is about.
  if (Clause(lower)) return "";
  std::string out(s);
  bool plain = out.size() > 1 && std::isupper(static_cast<unsigned char>(out[0]));
  for (size_t i = 1; plain && i < out.size() && out[i] != ' '; ++i) {
    if (!std::islower(static_cast<unsigned char>(out[i]))) plain = false;
  }
  if (plain) out[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[0])));
  return out;
}

// Quotes and braces closed within the text: a subject cut out of a quoted
// message or a template expression is not one.
bool Balanced(std::string_view s) {
  int braces = 0, quotes = 0, doubles = 0, ticks = 0;
  for (char c : s) {
    braces += c == '{' ? 1 : c == '}' ? -1 : 0;
    if (braces < 0) return false;
    quotes += c == '\'';
    doubles += c == '"';
    ticks += c == '`';
  }
  return braces == 0 && quotes % 2 == 0 && doubles % 2 == 0 && ticks % 2 == 0;
}

// What a rule requires, without a trailing contrast ("..., but is {x}").
std::string Rest(std::string_view s) {
  for (std::string_view cut : {", but ", " but ", ", got ", ", found ", " (", "; "}) {
    size_t at = s.find(cut);
    if (at != std::string_view::npos) s = s.substr(0, at);
  }
  s = Trim(s);
  while (!s.empty() && (s.back() == '.' || s.back() == ',' || s.back() == ':')) s.remove_suffix(1);
  return std::string(Trim(s));
}

struct Form {
  const char* modal;  // matched case-insensitively, with spaces around
  // The instruction for a singular and a plural subject; `S` is the
  // subject, `R` what follows the modal.
  const char* one;
  const char* many;
  // "cannot be": a requirement only before a state ("zero", "null", "a
  // string"), not before a verb ("cannot be updated" states a fact).
  bool state_only = false;
  // "requires": a requirement only before what to give ("an array", "at
  // least 2 parameters"), not before a clause ("requires that ...").
  bool object_only = false;
};

// Longest first where one form contains another.
const Form kForms[] = {
    {" cannot be used ", "Do not use S R", "Do not use S R"},
    {" can't be used ", "Do not use S R", "Do not use S R"},
    {" must not be used ", "Do not use S R", "Do not use S R"},
    {" must not be ", "Make sure S is not R", "Make sure S are not R"},
    {" must be ", "Make sure S is R", "Make sure S are R"},
    {" should not be ", "Make sure S is not R", "Make sure S are not R", true},
    {" should be ", "Make sure S is R", "Make sure S are R"},
    {" cannot be ", "Make sure S is not R", "Make sure S are not R", true},
    {" can't be ", "Make sure S is not R", "Make sure S are not R", true},
    {" can not be ", "Make sure S is not R", "Make sure S are not R", true},
    {" may not be ", "Make sure S is not R", "Make sure S are not R", true},
    {" must have ", "Make sure S has R", "Make sure S have R"},
    {" must contain ", "Make sure S contains R", "Make sure S contain R"},
    {" must not contain ", "Make sure S does not contain R", "Make sure S do not contain R"},
    {" must start with ", "Make sure S starts with R", "Make sure S start with R"},
    {" must begin with ", "Make sure S begins with R", "Make sure S begin with R"},
    {" must end with ", "Make sure S ends with R", "Make sure S end with R"},
    {" must match ", "Make sure S matches R", "Make sure S match R"},
    {" may only be used ", "Use S only R", "Use S only R"},
    {" can only be used ", "Use S only R", "Use S only R"},
    {" must only be used ", "Use S only R", "Use S only R"},
    {" only accepts ", "Pass S only R", "Pass S only R"},
    {" no longer accepts ", "Do not pass R to S", "Do not pass R to S"},
    {" does not accept ", "Do not pass R to S", "Do not pass R to S"},
    {" doesn't accept ", "Do not pass R to S", "Do not pass R to S"},
    {" requires ", "Provide what S requires: R", "Provide what S requires: R", false, true},
    // What the code does not support, or two things it will not combine
    // (twenty-second grading: "Publishing is not supported for multi-node
    // channels", "WRITE_UNPREPARED is currently incompatible with
    // unordered_writes" had only generic advice).
    {" is not supported for ", "Avoid S for R", "Avoid S for R"},
    {" are not supported for ", "Avoid S for R", "Avoid S for R"},
    // Where or with what it is not supported (twenty-fourth session: ktor's
    // "Masking switch is not supported in JS engine.", rocksdb's "FIFO
    // compaction is not supported with open_files_async = true" had only
    // generic advice). "by" is left out: what precedes it is often a clause
    // ("... has X that is not supported by Y").
    // "X is only valid with Y": where it may be used.
    {" is only supported by ", "Use S only with R", "Use S only with R"},
    {" are only supported by ", "Use S only with R", "Use S only with R"},
    {" is only supported ", "Use S only R", "Use S only R"},
    {" are only supported ", "Use S only R", "Use S only R"},
    {" is only allowed ", "Use S only R", "Use S only R"},
    {" are only allowed ", "Use S only R", "Use S only R"},
    {" is only valid ", "Use S only R", "Use S only R"},
    {" are only valid ", "Use S only R", "Use S only R"},
    {" is not supported in ", "Avoid S in R", "Avoid S in R"},
    {" are not supported in ", "Avoid S in R", "Avoid S in R"},
    {" is not supported on ", "Avoid S on R", "Avoid S on R"},
    {" are not supported on ", "Avoid S on R", "Avoid S on R"},
    {" is not supported with ", "Avoid S with R", "Avoid S with R"},
    {" are not supported with ", "Avoid S with R", "Avoid S with R"},
    {" is not supported when ", "Avoid S when R", "Avoid S when R"},
    {" are not supported when ", "Avoid S when R", "Avoid S when R"},
    {" is currently incompatible with ", "Do not combine S with R", "Do not combine S with R"},
    {" is incompatible with ", "Do not combine S with R", "Do not combine S with R"},
    {" are incompatible with ", "Do not combine S with R", "Do not combine S with R"},
};

// "tokens", "Options": a plural subject ("status", "class" are not).
bool Plural(const std::string& subject) {
  size_t sp = subject.rfind(' ');
  std::string last = ToLower(sp == std::string::npos ? subject : subject.substr(sp + 1));
  if (last.size() < 3 || last.back() != 's') return false;
  for (const char* end : {"ss", "us", "is", "ys"}) {
    if (last.ends_with(end)) return false;
  }
  return true;
}

// A verb's participle ("updated", "run", "called") opens a statement of
// what cannot be done, not a state the value must avoid.
bool Participle(const std::string& rest) {
  std::string first = ToLower(rest.substr(0, rest.find(' ')));
  // "can not be joined: %s": the word without the punctuation after it.
  while (!first.empty() && !std::isalnum(static_cast<unsigned char>(first.back()))) {
    first.pop_back();
  }
  if (first.size() > 3 && first.ends_with("ed")) return true;
  for (const char* p : {"done",   "run",   "set",   "found",  "made",   "written", "given", "seen",
                        "shown",  "sent",  "read",  "built",  "put",    "bound",   "held",  "kept",
                        "thrown", "taken", "known", "undone", "reused", "changed"}) {
    if (first == p) return true;
  }
  return false;
}

// What "requires" asks for is a thing to provide ("an array", "2 parameters"),
// not a clause ("that the stream is open", "to be called first") or an
// ability ("Python 3.8", "authentication" are fine; "you to log in" is not).
bool Object(std::string_view rest) {
  std::string lower = ToLower(rest);
  for (const char* p : {"that ", "to ", "you ", "it ", "the use of ", "calling ", "a call ",
                        "seems ", "is ", "are ", "was ", "were "}) {
    if (lower.starts_with(p)) return false;
  }
  // "requires #{name} more than once" reports a duplicate, asks for nothing.
  return lower.find("more than once") == std::string::npos;
}

// The subject of "requires" names a thing ("option --x", "the frozen
// setting"), not a clause ("a newer version is available but").
bool NounPhrase(const std::string& subject) {
  std::string lower = " " + ToLower(subject) + " ";
  for (const char* verb : {" is ", " are ", " but ", " was ", " has "}) {
    if (lower.find(verb) != std::string::npos) return false;
  }
  return Balanced(subject);
}

// "X is required", "X are not allowed": forms that end the sentence.
struct Tail {
  const char* suffix;
  const char* rewrite;  // `S` is the subject
};

const Tail kTails[] = {
    {" is required", "Provide S"},
    {" are required", "Provide S"},
    {" is not allowed", "Do not use S"},
    {" are not allowed", "Do not use S"},
    {" is not permitted", "Do not use S"},
    {" are not permitted", "Do not use S"},
    {" not allowed", "Do not use S"},
    {" is mandatory", "Provide S"},
    {" is not yet supported", "Avoid S: it is not supported yet"},
    {" are not yet supported", "Avoid S: they are not supported yet"},
    {" is not supported", "Avoid S: it is not supported"},
    {" are not supported", "Avoid S: they are not supported"},
};

std::string Fill(std::string_view pattern, const std::string& subject, const std::string& rest) {
  std::string out;
  for (char c : pattern) {
    if (c == 'S') {
      out += subject;
    } else if (c == 'R') {
      out += rest;
    } else {
      out += c;
    }
  }
  return out;
}

// "expected X, got Y", "Expected X but found Y", "Valid format is 'F'".
std::string Expectation(const std::string& s, const std::string& lower) {
  size_t at = lower.find("expected ");
  if (at != std::string::npos && (at == 0 || lower[at - 1] == ' ' || lower[at - 1] == ':')) {
    for (const char* sep : {", got ", " but got ", ", found ", " but found ", ", but got ",
                            ", but found ", " got ", ", received ", " but received "}) {
      size_t g = lower.find(sep, at);
      if (g == std::string::npos) continue;
      std::string want = Rest(s.substr(at + 9, g - at - 9));
      std::string got = Rest(s.substr(g + std::string_view(sep).size()));
      if (want.empty() || got.empty()) return "";
      return "Give " + want + " where " + got + " was given";
    }
  }
  for (const char* lead : {"valid format is ", "valid values are ", "valid options are ",
                           "allowed values are ", "supported values are "}) {
    size_t v = lower.find(lead);
    if (v == std::string::npos) continue;
    std::string what = Rest(s.substr(v + std::string_view(lead).size()));
    if (!what.empty() && what[0] == ':') what = Rest(what.substr(1));
    if (what.empty()) return "";
    std::string noun =
        std::string_view(lead).starts_with("valid format") ? "the format " : "one of ";
    return "Use " + noun + what;
  }
  return "";
}

// Verbs that name something a caller does, so that "Cannot V ..." forbids
// it ("Cannot call `setClient()` on a connected connection") rather than
// reporting a failure ("Cannot find module", "Cannot apply patch", "Cannot
// delete file").
bool ForbiddenVerb(std::string_view v) {
  for (std::string_view w :
       {"call",     "use",     "set",    "pass",   "specify",  "overwrite", "add",
        "mix",      "combine", "change", "nest",   "redefine", "modify",    "reassign",
        "override", "mutate",  "give",   "supply", "provide",  "declare",   "invoke",
        "reuse",    "switch",  "chain",  "extend"}) {
    if (v == w) return true;
  }
  return false;
}

// Verbs after "must" that ask the caller (or what it passes) for something:
// "must respond to call", "must implement `withSettings()`".
bool RequiredVerb(std::string_view v) {
  if (ForbiddenVerb(v)) return true;
  for (std::string_view w : {"respond", "define", "include", "implement", "return", "accept",
                             "follow", "precede", "inject", "yield", "retain", "enable"}) {
    if (v == w) return true;
  }
  return false;
}

// Whether `rest` (after "Cannot V") names the circumstance that forbids it.
bool Circumstance(const std::string& rest) {
  std::string r = " " + ToLower(rest) + " ";
  for (const char* w : {" with ",
                        " on ",
                        " when ",
                        " after ",
                        " before ",
                        " once ",
                        " together ",
                        " both ",
                        " while ",
                        " for ",
                        " as ",
                        " to ",
                        " in ",
                        " if ",
                        " without ",
                        " and ",
                        " more than ",
                        " twice ",
                        " at the same time ",
                        " from ",
                        " into ",
                        " during ",
                        " unless "}) {
    if (r.find(w) != std::string::npos) return true;
  }
  return false;
}

// "respond" -> "responds", "specify" -> "specifies", "match" -> "matches".
std::string ThirdPerson(const std::string& v) {
  if (v.ends_with("s") || v.ends_with("sh") || v.ends_with("ch") || v.ends_with("x")) {
    return v + "es";
  }
  if (v.size() > 1 && v.back() == 'y' &&
      std::string_view("aeiou").find(v[v.size() - 2]) == std::string_view::npos) {
    return v.substr(0, v.size() - 1) + "ies";
  }
  return v + "s";
}

// "Cannot call X on Y" -> "Do not call X on Y"; "You must pass X" -> "Pass
// X"; "S must respond to call" -> "Make sure S responds to call": a modal
// before a verb a caller performs, at the start of the sentence (after a
// `prefix: `) or after its subject.
std::string VerbRule(const std::string& s, const std::string& lower, bool reports_failure) {
  size_t lead = lower.rfind(": ");
  size_t start = lead == std::string::npos ? 0 : lead + 2;
  std::string_view head = std::string_view(lower).substr(start);
  if (head.starts_with("you ")) head.remove_prefix(4);
  for (std::string_view modal :
       {"cannot ", "can't ", "can not ", "may not ", "must not ", "should not ", "must "}) {
    if (!head.starts_with(modal)) continue;
    size_t verb_at = lower.size() - head.size() + modal.size();
    size_t verb_end = lower.find(' ', verb_at);
    if (verb_end == std::string::npos) return "";
    std::string verb = lower.substr(verb_at, verb_end - verb_at);
    std::string rest = Rest(std::string_view(s).substr(verb_end + 1));
    bool must = modal == "must ";
    if (!(must ? RequiredVerb(verb) : ForbiddenVerb(verb)) || rest.empty() || !Balanced(rest)) {
      return "";
    }
    // A bare "cannot set an exit handler" reports a failure; a prohibition
    // says to whom ("You cannot ...") or when ("... with Y", "... once
    // compiled", "... both X and Y"). Logged right after a call failed,
    // "Can't add CRL from file X under Y" reports that failure whatever
    // it names: it is no rule (twenty-sixth grading).
    bool addressed = std::string_view(lower).substr(start).starts_with("you ");
    bool can = modal == "cannot " || modal == "can't " || modal == "can not ";
    if (can && !addressed && (reports_failure || !Circumstance(rest))) return "";
    if (must) {
      // "Must V" without a subject is advice only when the user is it.
      if (!std::string_view(lower).substr(start).starts_with("you ")) return "";
      verb[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(verb[0])));
      return verb + " " + rest;
    }
    return "Do not " + verb + " " + rest;
  }
  size_t at = lower.find(" must ");
  if (at == std::string::npos) return "";
  size_t verb_at = at + 6;
  size_t verb_end = lower.find(' ', verb_at);
  if (verb_end == std::string::npos) return "";
  std::string verb = lower.substr(verb_at, verb_end - verb_at);
  if (!RequiredVerb(verb)) return "";
  std::string subject = Subject(std::string_view(s).substr(0, at));
  std::string rest = Rest(std::string_view(s).substr(verb_end + 1));
  if (subject.empty() || rest.empty() || !Balanced(rest)) return "";
  return "Make sure " + subject + " " + (Plural(subject) ? verb : ThirdPerson(verb)) + " " + rest;
}

// `ArgumentNullException`'s "Value cannot be null. (Parameter 'name')":
// the parameter is the subject.
std::string RuleOf(const std::string& s, const std::string& parameter, bool reports_failure) {
  std::string lower = ToLower(s);
  if (std::string e = Expectation(s, lower); !e.empty()) return e;
  for (const Form& f : kForms) {
    size_t at = lower.find(f.modal);
    if (at == std::string::npos) continue;
    // "Invalid $unset in pipeline, must be a string": the subject is left
    // out after the comma; what stands before it describes, not names, it.
    if (parameter.empty() && at > 0 && s[at - 1] == ',') return "";
    std::string subject =
        parameter.empty() ? Subject(std::string_view(s).substr(0, at)) : parameter;
    std::string rest = Rest(std::string_view(s).substr(at + std::string_view(f.modal).size()));
    if (subject.empty() || rest.empty() || !Balanced(rest)) return "";
    if (f.state_only && Participle(rest)) return "";
    if (f.object_only && (!Object(rest) || !NounPhrase(subject))) return "";
    return Fill(Plural(subject) ? f.many : f.one, subject, rest);
  }
  if (std::string v = VerbRule(s, lower, reports_failure); !v.empty()) return v;
  std::string body = Rest(s);
  std::string lb = ToLower(body);
  for (const Tail& t : kTails) {
    if (!lb.ends_with(t.suffix)) continue;
    std::string subject =
        Subject(std::string_view(body).substr(0, body.size() - std::string_view(t.suffix).size()));
    if (!parameter.empty()) subject = parameter;
    if (subject.empty()) return "";
    // .NET's "Specified method is not supported.": no thing to avoid.
    std::string ls = ToLower(subject);
    for (const char* vague : {"specified method", "method", "operation", "this operation",
                              "the operation", "this method", "the method", "this feature"}) {
      if (ls == vague) return "";
    }
    return Fill(t.rewrite, subject, "");
  }
  return "";
}

}  // namespace

std::vector<std::string> MessageRules(const std::string& message, bool reports_failure) {
  std::string parameter;
  if (size_t p = message.find("(Parameter '"); p != std::string::npos) {
    size_t e = message.find('\'', p + 12);
    if (e != std::string::npos) parameter = "`" + message.substr(p + 12, e - p - 12) + "`";
  }
  std::vector<std::string> out;
  for (const std::string& s : Sentences(message)) {
    if (s.starts_with("(Parameter '")) continue;
    // Only a sentence that names its own subject ("Value cannot be null")
    // takes the parameter's name.
    std::string lead = ToLower(s.substr(0, s.find(' ')));
    std::string rule =
        RuleOf(s, lead == "value" || lead == "argument" ? parameter : "", reports_failure);
    if (!rule.empty()) out.push_back(rule + " (the message's rule)");
  }
  return out;
}

}  // namespace errdex
