// Corpus generator: parses template lines into errdex Templates (so records
// get exactly the patterns the extractors would derive) and varies them.
#include "corpus.h"

#include <re2/re2.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <unordered_set>

namespace errdex::bench {
namespace {

const char* const kBuiltinTemplates[] = {
    "invalid value for {name}: {value!r}",
    "cannot open file %s: %v",
    "failed to connect to ${host}:${port}",
    "quantization method '{quant_method}' is not supported",
    "expected %d arguments, got %d",
    "unknown option: {}",
    "Task {task_id} failed after {retries} retries",
    "permission denied",
};

// Words that make a record's text differ from its siblings': component
// names, nouns and verbs that real messages use.
const char* const kWords[] = {
    "tokenizer", "scheduler",  "quant",   "cache",     "router",    "sampler",  "weights",
    "shard",     "adapter",    "loader",  "kernel",    "stream",    "buffer",   "session",
    "worker",    "daemon",     "config",  "dataset",   "encoder",   "decoder",  "backend",
    "frontend",  "registry",   "plugin",  "socket",    "channel",   "pipeline", "executor",
    "manifest",  "checkpoint", "lora",    "expert",    "tensor",    "layer",    "batch",
    "request",   "response",   "handler", "listener",  "transport", "query",    "index",
    "column",    "table",      "schema",  "migration", "bucket",    "object",   "region",
    "cluster",   "node",       "pod",     "volume",    "mount",     "image",    "container",
    "token",     "grammar",    "parser",  "lexer",     "module",    "package",  "crate",
    "feature",
};
constexpr size_t kWordCount = sizeof(kWords) / sizeof(kWords[0]);

// A domain word: two words joined, 4096 of them, so variants rarely repeat.
std::string DomainWord(std::mt19937_64& rng) {
  std::string w = kWords[rng() % kWordCount];
  w += "_";
  w += kWords[rng() % kWordCount];
  return w;
}

// Holes as the template file writes them: ${x}, {x}/{}/{0}/{x!r}, printf verbs.
const RE2& HoleRe() {
  static const RE2* const re =
      new RE2(R"((\$\{[^}]*\}|\{[^{}\s]*\}|%[-+ #0]*\d*(?:\.\d+)?[sdvqwxfTeg]))");
  return *re;
}

std::string HoleExpr(std::string_view hole) {
  if (hole.starts_with("${")) return std::string(hole.substr(2, hole.size() - 3));
  if (hole.starts_with("{")) {
    std::string e(hole.substr(1, hole.size() - 2));
    size_t cut = e.find_first_of("!:");
    if (cut != std::string::npos) e.resize(cut);
    return e;
  }
  return "";
}

Template ParseTemplate(std::string_view line) {
  Template t;
  re2::StringPiece in(line.data(), line.size());
  re2::StringPiece hole;
  while (true) {
    const char* before = in.data();
    if (!RE2::FindAndConsume(&in, HoleRe(), &hole)) break;
    t.AddLiteral(std::string_view(before, hole.data() - before));
    std::string_view h(hole.data(), hole.size());
    t.AddHole(std::string(h), HoleExpr(h),
              h.starts_with("%") && h.back() == 'd' ? HoleType::kInteger : HoleType::kAny);
  }
  t.AddLiteral(std::string_view(in.data(), in.size()));
  return t;
}

// Replaces one literal word of 4+ letters with `word`; false if none.
bool ReplaceWord(Template* t, const std::string& word, std::mt19937_64& rng) {
  Template out;
  std::vector<std::pair<size_t, size_t>> spots;  // (piece, offset) of candidate words
  const auto& pieces = t->pieces();
  for (size_t p = 0; p < pieces.size(); ++p) {
    if (pieces[p].is_hole) continue;
    const std::string& s = pieces[p].text;
    for (size_t i = 0; i < s.size();) {
      size_t j = i;
      while (j < s.size() && std::isalpha(static_cast<unsigned char>(s[j]))) ++j;
      if (j - i >= 4) spots.push_back({p, i});
      i = j == i ? i + 1 : j;
    }
  }
  if (spots.empty()) return false;
  auto [piece, at] = spots[rng() % spots.size()];
  for (size_t p = 0; p < pieces.size(); ++p) {
    if (pieces[p].is_hole) {
      out.AddHole(pieces[p].text, pieces[p].expr, pieces[p].type);
    } else if (p != piece) {
      out.AddLiteral(pieces[p].text);
    } else {
      std::string s = pieces[p].text;
      size_t end = at;
      while (end < s.size() && std::isalpha(static_cast<unsigned char>(s[end]))) ++end;
      s.replace(at, end - at, word);
      out.AddLiteral(s);
    }
  }
  *t = std::move(out);
  return true;
}

Template Vary(const std::vector<Template>& base, std::mt19937_64& rng) {
  Template t = base[rng() % base.size()];
  std::string word = DomainWord(rng);
  switch (rng() % 4) {
    case 0: {
      Template p;
      p.AddLiteral("[" + word + "] ");
      p.Append(t);
      return p;
    }
    case 1:
      if (ReplaceWord(&t, word, rng)) return t;
      [[fallthrough]];
    case 2:
      t.AddLiteral(" (in " + word + ")");
      return t;
    default: {  // long: two templates joined, plus the word
      t.AddLiteral(". While loading " + word + ": ");
      t.Append(base[rng() % base.size()]);
      return t;
    }
  }
}

std::string HoleValue(HoleType type, std::mt19937_64& rng) {
  if (type == HoleType::kInteger) return std::to_string(static_cast<int>(rng() % 100000));
  switch (rng() % 7) {
    case 0:
      return "'" + std::string(kWords[rng() % kWordCount]) + "'";
    case 1:
      return std::to_string(rng() % 65536);
    case 2:
      return "/usr/lib/python3/site-packages/" + std::string(kWords[rng() % kWordCount]) + ".py";
    case 3:
      return std::string(kWords[rng() % kWordCount]) + " " + kWords[rng() % kWordCount];
    case 4:
      return "";
    case 5:
      return "{'a': 1, 'b': [2, 3]}";
    default:
      return kWords[rng() % kWordCount];
  }
}

std::string Render(const Template& t, std::mt19937_64& rng) {
  std::vector<std::string> values;
  for (const Piece& p : t.pieces()) {
    if (p.is_hole) values.push_back(HoleValue(p.type, rng));
  }
  return t.Render(values);
}

// Changes one literal letter run of the rendering into a word no record has.
std::string NearMiss(std::string text, std::mt19937_64& rng) {
  std::vector<size_t> starts;
  for (size_t i = 0; i < text.size(); ++i) {
    bool start = std::isalpha(static_cast<unsigned char>(text[i])) &&
                 (i == 0 || !std::isalpha(static_cast<unsigned char>(text[i - 1])));
    if (start) starts.push_back(i);
  }
  if (starts.empty()) return text + " zzyzx";
  size_t at = starts[rng() % starts.size()];
  size_t end = at;
  while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
  text.replace(at, end - at, "zzyzx");
  return text;
}

std::string Noise(std::mt19937_64& rng) {
  static const char* const kNoise[] = {
      "connection reset by peer while reading response headers",
      "GET /healthz 200 0.3ms",
      "worker exited unexpectedly with signal 9",
      "disk quota exceeded on /var/lib/data",
      "Segmentation fault (core dumped)",
      "retrying in 5 seconds",
      "OOM killer invoked for process python3",
  };
  std::string s = kNoise[rng() % (sizeof(kNoise) / sizeof(kNoise[0]))];
  s += " [";
  s += DomainWord(rng);
  s += "]";
  return s;
}

}  // namespace

std::vector<std::string> LoadTemplates(const std::string& path) {
  std::vector<std::string> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) out.push_back(line);
  }
  if (out.empty()) {
    std::fprintf(stderr, "bench: %s not readable; using %zu built-in templates\n", path.c_str(),
                 sizeof(kBuiltinTemplates) / sizeof(kBuiltinTemplates[0]));
    for (const char* t : kBuiltinTemplates) out.push_back(t);
  }
  return out;
}

Corpus MakeCorpus(const std::vector<std::string>& lines, size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Template> base;
  for (const std::string& l : lines) base.push_back(ParseTemplate(l));
  Corpus c;
  c.records.reserve(n);
  c.templates.reserve(n);
  std::unordered_set<std::string> seen;
  while (c.records.size() < n) {
    Template t = Vary(base, rng);
    std::string msg = t.Display();
    if (!seen.insert(msg).second) continue;
    Record r;
    r.repo = "bench/repo" + std::to_string(c.records.size() % 50);
    r.file_path = "src/" + std::string(kWords[rng() % kWordCount]) + ".py";
    r.line_number = static_cast<int>(10 + rng() % 2000);
    r.error_message = msg;
    r.message_pattern = t.Pattern();
    r.error_class = (rng() % 3 == 0) ? "RuntimeError" : "ValueError";
    r.error_type = "runtime";
    r.severity = "error";
    for (const Piece& p : t.pieces()) {
      if (p.is_hole) r.holes.push_back({p.text, p.expr});
    }
    r.id = RecordId(r.repo, r.error_code, r.error_message, r.file_path);
    r.slug = BaseSlug(r.error_code, r.error_message) + "-" + std::to_string(c.records.size());
    c.records.push_back(std::move(r));
    c.templates.push_back(std::move(t));
  }
  return c;
}

std::vector<BenchQuery> MakeQueries(const Corpus& corpus, size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<BenchQuery> out;
  out.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    BenchQuery q;
    uint64_t roll = rng() % 100;
    if (roll < 85) {
      q.expect = static_cast<int64_t>(rng() % corpus.records.size());
      q.text = Render(corpus.templates[q.expect], rng);
      q.kind = BenchQuery::kHit;
      if (roll >= 70) {
        q.text = NearMiss(q.text, rng);
        q.kind = BenchQuery::kNearMiss;
      }
    } else {
      q.text = Noise(rng);
      q.kind = BenchQuery::kNoise;
    }
    out.push_back(std::move(q));
  }
  return out;
}

const char* KindName(BenchQuery::Kind kind) {
  switch (kind) {
    case BenchQuery::kHit:
      return "hit";
    case BenchQuery::kNearMiss:
      return "near-miss";
    case BenchQuery::kNoise:
      return "noise";
  }
  return "?";
}

std::vector<size_t> ParseSizes(const char* s) {
  std::vector<size_t> out;
  for (const char* p = s; *p;) {
    out.push_back(std::strtoull(p, nullptr, 10));
    p = std::strchr(p, ',');
    if (!p) break;
    ++p;
  }
  return out;
}

}  // namespace errdex::bench
