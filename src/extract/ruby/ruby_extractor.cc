// Ruby extractor: finds the error sites of one .rb/.rake file and rebuilds
// each message template from the syntax tree: double- and single-quoted
// strings, `%()`/`%Q()`/`%q()` literals, `#{expr}` interpolation, heredocs
// (`<<~`, `<<-`), adjacent-literal and `+` concatenation, `format`/`sprintf`
// and `"..." % args`, and messages assigned to a local or constant earlier.
//
// Sites: `raise`/`fail` (class, message, `X.new(msg)`, bare `raise X`),
// default messages and `def message` of custom exception classes, `warn`,
// `logger.error`/`fatal`/`warn`, `abort(msg)`, `$stderr.puts`/`STDERR.puts`,
// Rails `render ..., status: :not_found` and `head :forbidden`,
// `errors.add(:attr, "msg")` and Sinatra `halt 404, "msg"`.
//
// Context (conditions, enclosing method, `#` comments) is Ruby's own:
// `if`/`unless`/`elsif`, modifier forms, ternaries, `rescue` clauses and
// guard clauses (`return if x`) earlier in the method.
#include <tree_sitter/api.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "errdex/extractor.h"
#include "extract/common/brace_context.h"
#include "extract/common/branch_choices.h"
#include "extract/common/escapes.h"
#include "extract/common/failure_words.h"
#include "extract/common/printf_format.h"
#include "extract/common/terminal_styles.h"
#include "extract/common/text_functions.h"
#include "extract/common/ts_util.h"
#include "extract/ruby/ruby_sinks.h"
#include "resolve/call_facts.h"
#include "util/text.h"

extern "C" const TSLanguage* tree_sitter_ruby();

namespace errdex {
namespace {

using ts::Field;
using ts::Is;
using ts::NamedChildren;
using ts::Type;

constexpr int kMaxExprDepth = 64;
constexpr size_t kMaxAssignmentsPerName = 256;
constexpr size_t kMaxBlockScan = 256;
// Arguments, a keyword pair, an inner call and its arguments: where a
// write before `exit` keeps its text (HandleWriteBeforeExit).
constexpr int kMaxStringDepth = 6;

// Rails' status symbols (Rack::Utils::SYMBOL_TO_STATUS_CODE), error codes only.
std::optional<int> StatusFromSymbol(std::string_view sym) {
  static const std::map<std::string_view, int> kTable = {{"bad_request", 400},
                                                         {"unauthorized", 401},
                                                         {"payment_required", 402},
                                                         {"forbidden", 403},
                                                         {"not_found", 404},
                                                         {"method_not_allowed", 405},
                                                         {"not_acceptable", 406},
                                                         {"request_timeout", 408},
                                                         {"conflict", 409},
                                                         {"gone", 410},
                                                         {"precondition_failed", 412},
                                                         {"payload_too_large", 413},
                                                         {"unsupported_media_type", 415},
                                                         {"unprocessable_entity", 422},
                                                         {"unprocessable_content", 422},
                                                         {"locked", 423},
                                                         {"too_many_requests", 429},
                                                         {"internal_server_error", 500},
                                                         {"not_implemented", 501},
                                                         {"bad_gateway", 502},
                                                         {"service_unavailable", 503},
                                                         {"gateway_timeout", 504}};
  auto it = kTable.find(sym);
  if (it == kTable.end()) return std::nullopt;
  return it->second;
}

// What a client sees for a response without a body of its own.
std::string ReasonPhrase(int status) {
  static const std::map<int, std::string_view> kTable = {{400, "Bad Request"},
                                                         {401, "Unauthorized"},
                                                         {402, "Payment Required"},
                                                         {403, "Forbidden"},
                                                         {404, "Not Found"},
                                                         {405, "Method Not Allowed"},
                                                         {406, "Not Acceptable"},
                                                         {408, "Request Timeout"},
                                                         {409, "Conflict"},
                                                         {410, "Gone"},
                                                         {412, "Precondition Failed"},
                                                         {413, "Content Too Large"},
                                                         {415, "Unsupported Media Type"},
                                                         {422, "Unprocessable Content"},
                                                         {423, "Locked"},
                                                         {429, "Too Many Requests"},
                                                         {500, "Internal Server Error"},
                                                         {501, "Not Implemented"},
                                                         {502, "Bad Gateway"},
                                                         {503, "Service Unavailable"},
                                                         {504, "Gateway Timeout"}};
  auto it = kTable.find(status);
  return it == kTable.end() ? std::string() : std::string(it->second);
}

// Decodes the escapes of a double-quoted literal (one escape_sequence node).
std::string DecodeEscape(std::string_view e) {
  std::string out;
  if (e.size() < 2 || e[0] != '\\') return std::string(e);
  char c = e[1];
  size_t j = 2;
  uint32_t v = 0;
  switch (c) {
    case 'n':
      return "\n";
    case 't':
      return "\t";
    case 'r':
      return "\r";
    case 'e':
      return "\x1b";
    case 's':
      return " ";
    case 'a':
      return "\a";
    case 'b':
      return "\b";
    case 'f':
      return "\f";
    case 'v':
      return "\v";
    case '0':
      return std::string(1, '\0');
    case 'x':
      if (ParseHex(e, &j, 2, &v)) out += static_cast<char>(v);
      return out;
    case 'u':
      if (j < e.size() && e[j] == '{') {  // \u{1F600 20}
        ++j;
        while (j < e.size() && e[j] != '}') {
          if (e[j] == ' ') {
            ++j;
          } else if (ParseHex(e, &j, 6, &v)) {
            AppendUtf8(v, &out);
          } else {
            break;
          }
        }
      } else if (ParseHex(e, &j, 4, &v)) {
        AppendUtf8(v, &out);
      }
      return out;
    case '\n':
      return "";  // a line continuation inside the literal
    default:
      return std::string(e.substr(1));
  }
}

// Single-quoted text: only `\\` and `\'` (or the closing delimiter) escape.
std::string DecodeSingleQuoted(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size() &&
        std::string_view("\\')]}>").find(s[i + 1]) != std::string_view::npos) {
      ++i;
    }
    out += s[i];
  }
  return out;
}

bool IsBlock(std::string_view t) {
  return t == "body_statement" || t == "then" || t == "else" || t == "begin" || t == "program" ||
         t == "ensure" || t == "parenthesized_statements" || t == "block_body";
}

bool IsFunction(std::string_view t) { return t == "method" || t == "singleton_method"; }

// Statements that leave the method (or iteration) early.
bool IsExit(TSNode n, std::string_view src) {
  std::string_view t = Type(n);
  if (t == "return" || t == "next" || t == "break") return true;
  if (t == "call" && ts_node_is_null(Field(n, "receiver"))) {
    std::string_view m = ts::Text(Field(n, "method"), src);
    return m == "raise" || m == "fail" || m == "exit" || m == "abort" || m == "halt" ||
           m == "head" || m == "render" || m == "redirect_to";
  }
  if (t == "identifier") {
    std::string_view m = ts::Text(n, src);
    return m == "raise" || m == "exit";
  }
  return false;
}

// The parts of a conditional node: `unless` inverts the polarity.
bool IfParts(TSNode n, TSNode* cond, TSNode* then, TSNode* other, bool* positive) {
  std::string_view t = Type(n);
  *positive = t != "unless" && t != "unless_modifier";
  if (t == "if" || t == "unless" || t == "elsif" || t == "conditional") {
    *cond = Field(n, "condition");
    *then = Field(n, "consequence");
    *other = Field(n, "alternative");
    return true;
  }
  if (t == "if_modifier" || t == "unless_modifier") {
    *cond = Field(n, "condition");
    *then = Field(n, "body");
    *other = TSNode{};
    return true;
  }
  return false;
}

// The if/elsif/else chains, `case`s and modifier `if`s around `node` (its
// ancestors `anc`, root first) inside the innermost method: which branch
// holds it. An `elsif` continues the chain of the `if` it hangs from.
BranchPath RubyBranchPath(const std::vector<TSNode>& anc, TSNode node) {
  size_t from = 0;
  for (size_t i = anc.size(); i-- > 0;) {
    if (IsFunction(Type(anc[i]))) {
      from = i + 1;
      break;
    }
  }
  BranchPath path;
  auto child_of = [&](size_t i) { return i + 1 < anc.size() ? anc[i + 1] : node; };
  for (size_t i = from; i < anc.size(); ++i) {
    TSNode parent = anc[i];
    std::string_view t = Type(parent);
    if (t == "if" || t == "unless") {
      BranchStep step{parent.id, 0, false};
      TSNode alt = Field(parent, "alternative");
      while (Is(alt, "elsif")) alt = Field(alt, "alternative");
      step.exhaustive = Is(alt, "else");
      size_t j = i;
      while (Is(child_of(j), "elsif")) {
        ++step.branch;
        ++j;
      }
      TSNode child = child_of(j);
      if (Is(child, "else")) ++step.branch;
      if (!Is(child, "then") && !Is(child, "else")) continue;  // the condition
      path.push_back(step);
      i = j;
    } else if (t == "if_modifier" || t == "unless_modifier") {
      if (ts_node_eq(Field(parent, "body"), child_of(i))) path.push_back({parent.id, 0, false});
    } else if (t == "case") {
      BranchStep step{parent.id, -1, false};
      int index = 0;
      for (TSNode k : NamedChildren(parent)) {
        if (!Is(k, "when") && !Is(k, "else")) continue;
        if (Is(k, "else")) step.exhaustive = true;
        if (ts_node_eq(k, child_of(i))) step.branch = index;
        ++index;
      }
      if (step.branch >= 0) path.push_back(step);
    }
  }
  return path;
}

std::string ConditionText(TSNode cond, std::string_view src) {
  std::string_view text = Trim(ts::Text(cond, src));
  if (Is(cond, "parenthesized_statements") && text.size() >= 2 && text.front() == '(' &&
      text.back() == ')') {
    text = Trim(text.substr(1, text.size() - 2));
  }
  return CollapseSpace(text);
}

// Per-file extraction state.
class RubyFile {
 public:
  RubyFile(const SourceFile& file, std::vector<ErrorSite>* out)
      : file_(file), src_(file.content), lines_(SplitLines(file.content)), out_(out) {}

  // Also collect the file's link facts (ruby_sinks.h).
  void CollectFacts(FileFacts* facts) {
    RubySinks::Hooks hooks{[this](TSNode n, const std::vector<TSNode>&) {
                             std::string ignored;
                             return ExprTemplate(n, ts_node_start_byte(n), 0, &ignored);
                           },
                           [this](TSNode call, const std::vector<TSNode>& anc) {
                             ErrorSite site = NewSite(StatementOf(call, anc), SiteKind::kRaise);
                             AddContext(call, anc, &site);
                             return site;
                           }};
    sinks_.emplace(src_, facts, std::move(hooks));
    facts_ = facts;
  }

  // One walk collects what the sites need (heredoc bodies, assignments)
  // and the candidate nodes with their ancestors; classes are handled
  // before calls so that `raise X` above X's class finds its default
  // message.
  void Run(TSNode root) {
    std::vector<TSNode> beginnings, bodies;
    std::vector<std::pair<TSNode, std::vector<TSNode>>> classes, calls, appends;
    ts::ForEachNodeWithAncestors(root, [&](TSNode n, const std::vector<TSNode>& anc) {
      std::string_view t = Type(n);
      if (sinks_) sinks_->OnNode(n, anc);
      if (t == "call") {
        if (IsCandidate(ts::Text(Field(n, "method"), src_))) calls.push_back({n, anc});
      } else if (t == "heredoc_beginning") {
        beginnings.push_back(n);
      } else if (t == "heredoc_body") {
        bodies.push_back(n);
      } else if (t == "assignment" || t == "operator_assignment" || t == "binary") {
        IndexAssignment(n, t, anc);
        if (t == "binary") appends.push_back({n, anc});
      } else if (t == "class") {
        classes.push_back({n, anc});
      } else if (t == "method" || t == "singleton_method") {
        std::string_view name = ts::Text(Field(n, "name"), src_);
        if (name == "raise" || name == "fail") redefined_.insert(std::string(name));
        if (facts_) methods_.push_back({n, anc});
      }
    });
    // Bodies follow their openers in the same order.
    for (size_t i = 0; i < beginnings.size() && i < bodies.size(); ++i) {
      heredocs_[ts_node_start_byte(beginnings[i])] = bodies[i];
    }
    for (const auto& [n, anc] : classes) HandleClass(n, anc);
    for (const auto& [n, anc] : calls) HandleCall(n, anc);
    for (const auto& [n, anc] : appends) HandleAccumulation(n, anc);
    if (sinks_) sinks_->Finish();
    CollectTextFunctions();
  }

 private:
  // --- text functions (src/resolve/link_text_functions.h) -------------------

  // A method's returns with text, the last expression or `return x`
  // (`def missing_message(name) "#{name} is required" end`), are candidate
  // messages for raises that call it: `raise ArgumentError,
  // missing_message(:host)`.
  void CollectTextFunctions() {
    if (!facts_) return;
    TextFunctionCollector collector;
    auto is_function = [](TSNode n) {
      std::string_view t = Type(n);
      return t == "method" || t == "singleton_method" || t == "lambda" || t == "do_block" ||
             t == "block";
    };
    for (const auto& [fn, anc] : methods_) {
      TSNode body = Field(fn, "body");
      if (ts_node_is_null(body)) continue;
      std::vector<std::pair<TSNode, int>> values;
      uint32_t last_n = ts_node_named_child_count(body);
      // A heredoc's body is a node after the statement that opens it
      // (`<<-MSG` as the last expression): the value is that statement.
      while (last_n > 0 && Is(ts_node_named_child(body, last_n - 1), "heredoc_body")) --last_n;
      TSNode last = last_n ? ts_node_named_child(body, last_n - 1) : TSNode{};
      if (!ts_node_is_null(last) && !Is(last, "rescue") && !Is(last, "ensure") &&
          !Is(last, "return")) {
        values.push_back({last, ts::Line(last)});
      }
      ForEachOwnReturn(body, "return", is_function, [&](TSNode ret) {
        TSNode v = ts::FirstNamed(ret);
        if (Is(v, "argument_list")) v = ts::FirstNamed(v);
        if (!ts_node_is_null(v)) values.push_back({v, ts::Line(ret)});
      });
      for (const auto& [v, line] : values) {
        if (!collector.IsOpen(fn.id)) collector.Open(fn.id, TextFunctionOf(fn, anc));
        std::string note;
        collector.AddReturn(fn.id, ExprTemplate(v, ts_node_start_byte(v), 0, &note), line);
      }
    }
    collector.Emit(facts_);
  }

  TextFunction TextFunctionOf(TSNode fn, const std::vector<TSNode>& anc) const {
    TextFunction tf;
    tf.name = std::string(ts::Text(Field(fn, "name"), src_));
    std::string cls;
    for (size_t i = anc.size(); i-- > 0 && cls.empty();) {
      if (Is(anc[i], "class") || Is(anc[i], "module")) {
        cls = CollapseSpace(ts::Text(Field(anc[i], "name"), src_));
      }
    }
    tf.qualified = cls.empty() ? tf.name : cls + "." + tf.name;
    tf.language = "ruby";
    tf.line = ts::Line(fn);
    tf.method = Is(fn, "method");
    for (TSNode p : NamedChildren(Field(fn, "parameters"))) {
      TSNode name = Is(p, "identifier") ? p : Field(p, "name");
      if (!ts_node_is_null(name)) tf.params.emplace_back(ts::Text(name, src_));
    }
    return tf;
  }

  // `raise E, missing_message(x)`: an opaque message that calls a method;
  // the resolve stage adds the site when that method's text is known.
  static bool IsCallHole(const Template& t) {
    const std::vector<Piece>& ps = t.pieces();
    return ps.size() == 1 && ps[0].is_hole && ps[0].expr.ends_with(")");
  }

  void HoldCallMessage(const ErrorSite& site) {
    if (!facts_ || !IsCallHole(site.message)) return;
    HeldMessage h;
    h.line = site.line;
    h.error_class = site.error_class;
    h.args.push_back(site.message);
    h.site = site;
    facts_->held_messages.push_back(std::move(h));
  }

  static bool IsCandidate(std::string_view m) {
    return m == "raise" || m == "fail" || m == "warn" || m == "abort" || m == "error" ||
           m == "fatal" || m == "puts" || m == "print" || m == "write" || m == "printf" ||
           m == "render" || m == "head" || m == "halt" || m == "add" || WritesText(m);
  }

  void IndexAssignment(TSNode n, std::string_view type, const std::vector<TSNode>& anc) {
    TSNode left = Field(n, "left");
    if (!Is(left, "identifier") && !Is(left, "constant")) return;
    if (type == "operator_assignment" && ts::Text(Field(n, "operator"), src_) != "+=") return;
    // `msg << "text"` appends to a string as `+=` does (a statement of its own).
    if (type == "binary" && (ts::Text(Field(n, "operator"), src_) != "<<" ||
                             (!anc.empty() && ts::Type(anc.back()) == "binary"))) {
      return;
    }
    auto& list = assignments_[std::string(ts::Text(left, src_))];
    if (list.size() < kMaxAssignmentsPerName) {
      list.push_back(n);
      BranchPath path = RubyBranchPath(anc, n);
      if (!path.empty()) paths_[n.id] = std::move(path);
    }
  }

  // --- sites -----------------------------------------------------------------

  void HandleCall(TSNode call, const std::vector<TSNode>& anc) {
    TSNode recv = Field(call, "receiver");
    std::string_view method = ts::Text(Field(call, "method"), src_);
    std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
    std::string_view recv_text = ts::Text(recv, src_);
    bool bare = ts_node_is_null(recv) || recv_text == "Kernel";
    if (bare && (method == "raise" || method == "fail")) {
      HandleRaise(call, args, anc);
    } else if (bare && method == "warn") {
      HandleMessageCall(call, args, anc, SiteKind::kWarning, "warning", "");
    } else if (bare && method == "abort") {
      HandleMessageCall(call, args, anc, SiteKind::kRaise, "critical", "SystemExit");
    } else if (!ts_node_is_null(recv) && IsLogger(recv_text) &&
               (method == "error" || method == "fatal" || method == "warn")) {
      HandleMessageCall(call, args, anc, SiteKind::kLog,
                        method == "fatal"  ? "critical"
                        : method == "warn" ? "warning"
                                           : "error",
                        "");
    } else if (IsStderr(recv_text) &&
               (method == "puts" || method == "print" || method == "write" || method == "printf")) {
      HandleStderr(call, args, anc, method == "printf");
    } else if (ts_node_is_null(recv) && (method == "render" || method == "head")) {
      HandleRender(call, args, anc, method == "head");
    } else if (ts_node_is_null(recv) && method == "halt") {
      HandleHalt(call, args, anc);
    } else if (method == "add" && recv_text.ends_with("errors")) {
      HandleErrorsAdd(call, args, anc);
    } else if (WritesText(method) && ts_node_eq(StatementOf(call, anc), call) &&
               FollowedByExit(call, anc)) {
      HandleWriteBeforeExit(call, anc);
    } else if (!ts_node_is_null(recv) && IsLogger(recv_text) && method == "info") {
      HandleMessageCall(call, args, anc, SiteKind::kLog, "info", "");
    }
  }

  // A method named for writing or reporting text (`error`, `log`, `say`,
  // `puts`, `info`), not one that runs a command (`system "make"`).
  static bool WritesText(std::string_view method) {
    static const std::set<std::string_view> kWords = {
        "error", "fatal", "log",    "say",  "puts", "print",  "write",   "info",
        "warn",  "alert", "notify", "fail", "die",  "output", "message", "display"};
    size_t start = 0;
    for (size_t i = 0; i <= method.size(); ++i) {
      if (i < method.size() && method[i] != '_' && method[i] != '!' && method[i] != '?') continue;
      if (kWords.count(method.substr(start, i - start))) return true;
      start = i + 1;
    }
    return false;
  }

  // puma's LogWriter#error: `@error_logger.info(text: @formatter.call("ERROR:
  // #{str}"))` then `exit 1`. Whatever the call writes to, text it is given
  // just before the process exits with a failure is the message the user
  // sees last: the first string among its arguments (a few calls deep).
  void HandleWriteBeforeExit(TSNode call, const std::vector<TSNode>& anc) {
    TSNode text = FirstString(Field(call, "arguments"), 0);
    if (ts_node_is_null(text)) return;
    ErrorSite site = NewSite(call, SiteKind::kLog);
    site.severity = "critical";
    site.message = ExprTemplate(text, ts_node_start_byte(call), 0, &site.message_origin_note);
    if (!site.message.HasLiteralText()) return;
    if (site.message_origin_note.empty()) site.message_origin_note = "written before `exit`";
    Finish(call, anc, std::move(site));
  }

  // The first string literal under `n`, depth first, at most kMaxStringDepth
  // levels down (arguments, pairs, inner calls).
  TSNode FirstString(TSNode n, int depth) {
    if (ts_node_is_null(n) || depth > kMaxStringDepth) return TSNode{};
    if (Is(n, "string")) return n;
    if (Is(n, "block") || Is(n, "do_block") || Is(n, "lambda")) return TSNode{};
    for (TSNode c : NamedChildren(n)) {
      TSNode s = FirstString(c, depth + 1);
      if (!ts_node_is_null(s)) return s;
    }
    return TSNode{};
  }

  // `$stderr`, or a UI's error stream held in a variable (`@errs.puts
  // "ERROR:  #{statement}"` in rubygems' StreamUI, `@stderr`).
  static bool IsStderr(std::string_view recv) {
    return recv == "$stderr" || recv == "STDERR" || recv == "@errs" || recv == "@stderr" ||
           recv == "stderr";
  }

  // `log`, `@log`, `@@logger`, `self.logger`, `Rails.logger`, `$log`.
  static bool IsLogger(std::string_view recv) {
    while (!recv.empty() && (recv.front() == '@' || recv.front() == '$')) recv.remove_prefix(1);
    std::string r = ToLower(recv);
    return r == "log" || r.ends_with("logger") || r.ends_with(".log") || r.ends_with("_log");
  }

  void HandleRaise(TSNode call, const std::vector<TSNode>& args, const std::vector<TSNode>& anc) {
    if (args.empty() || InsideSite(anc)) return;  // `raise` re-raises
    // A file that defines its own `fail` (Rack::Files) means something else.
    if (redefined_.count(std::string(ts::Text(Field(call, "method"), src_)))) return;
    std::string_view ft = Type(args[0]);
    if (ft == "integer" || ft == "simple_symbol" || ft == "nil" || ft == "true" || ft == "false") {
      return;
    }
    // One site per combination of the branches its message was chosen in
    // (branch_choices.h).
    std::vector<std::optional<ErrorSite>> built =
        choices_.Enumerate([&] { return BuildRaise(call, args); });
    std::vector<ErrorSite> sites;
    for (std::optional<ErrorSite>& b : built) {
      // `raise X, msg` of a parameter: no site, but the method is a sink.
      if (b && !b->message.empty() && sinks_) NoteSink(*b, call, anc);
      if (b && facts_ && IsCallHole(b->message)) {
        AddContext(call, anc, &*b);
        HoldCallMessage(*b);
      }
      if (!b || b->message.empty() || !b->message.HasLiteralText()) continue;
      bool seen = false;
      for (const ErrorSite& o : sites) seen = seen || o.message.Display() == b->message.Display();
      if (!seen) sites.push_back(std::move(*b));
    }
    for (size_t i = 0; i < sites.size(); ++i) {
      if (sites.size() > 1) {
        std::string note = "message " + std::to_string(i + 1) + " of " +
                           std::to_string(sites.size()) + ", chosen by the branches above";
        std::string& origin = sites[i].message_origin_note;
        origin = origin.empty() ? note : origin + "; " + note;
      }
      raising_ = true;  // its sink is noted above
      Finish(call, anc, std::move(sites[i]));
      raising_ = false;
    }
  }

  std::optional<ErrorSite> BuildRaise(TSNode call, const std::vector<TSNode>& args) {
    ErrorSite site = NewSite(call, SiteKind::kRaise);
    uint32_t pos = ts_node_start_byte(call);
    std::string* note = &site.message_origin_note;
    TSNode first = args[0];
    if (args.size() == 1 && Is(first, "identifier")) {
      // `e = Gem::LoadError.new "..."; e.name = ..; raise e`
      TSNode made = ExceptionHeldBy(first, pos);
      if (!ts_node_is_null(made)) {
        first = made;
        *note = "exception built at line " + std::to_string(ts::Line(made));
      }
    }
    // `raise a, b`: a is always the class (or an exception object).
    if (IsClassRef(first) || args.size() >= 2) {
      // `raise FastlaneError.new(show_github_issues: ..), msg`: the class
      // is the receiver of `new`; the second argument is the message.
      TSNode cls = first;
      if (Is(first, "call") && ts::Text(Field(first, "method"), src_) == "new" &&
          IsClassRef(Field(first, "receiver"))) {
        cls = Field(first, "receiver");
      }
      site.error_class = CollapseSpace(ts::Text(cls, src_));
      if (args.size() >= 2) {
        site.message = ExprTemplate(args[1], pos, 0, note);
      } else if (site.error_class == "SystemExit") {
        return std::nullopt;  // exits silently: there is no message to look up
      } else {
        site.message = DefaultMessage(site.error_class, note);
      }
    } else if (Is(first, "call") && ts::Text(Field(first, "method"), src_) == "new" &&
               IsClassRef(Field(first, "receiver"))) {
      site.error_class = CollapseSpace(ts::Text(Field(first, "receiver"), src_));
      std::vector<TSNode> ctor = NamedChildren(Field(first, "arguments"));
      site.message = ctor.empty() ? DefaultMessage(site.error_class, note)
                                  : ExprTemplate(ctor[0], pos, 0, note);
      if (!ctor.empty() && !site.message.HasLiteralText()) {
        // `X.new(record)`: the class's own message, when it has one.
        Template t = DefaultMessage(site.error_class, note);
        if (known_defaults_.count(site.error_class)) site.message = t;
      }
    } else {
      site.error_class = "RuntimeError";
      site.message = ExprTemplate(first, pos, 0, note);
    }
    site.severity = "error";
    return site;
  }

  // The `X.new(..)` a local holds where it is raised: its last plain
  // assignment before `pos` in the same method, else a null node.
  TSNode ExceptionHeldBy(TSNode ident, uint32_t pos) {
    auto it = assignments_.find(std::string(ts::Text(ident, src_)));
    if (it == assignments_.end()) return TSNode{};
    TSNode scope = MethodOf(ident), last{};
    for (TSNode a : it->second) {
      if (ts_node_start_byte(a) >= pos) break;
      if (Is(a, "assignment") && ts_node_eq(MethodOf(a), scope)) last = a;
    }
    TSNode value = Field(last, "right");
    if (!Is(value, "call") || ts::Text(Field(value, "method"), src_) != "new" ||
        !IsClassRef(Field(value, "receiver"))) {
      return TSNode{};
    }
    return value;
  }

  // `raise X` prints X's default message: the class name, unless the class
  // (seen in this file) gives `initialize` a default or overrides `message`.
  Template DefaultMessage(const std::string& cls, std::string* note) {
    auto it = defaults_.find(cls);
    if (it != defaults_.end()) {
      if (note->empty()) *note = "default message of `" + cls + "`";
      return it->second;
    }
    Template t;
    t.AddLiteral(cls);
    if (note->empty()) *note = "no message: Ruby prints the class name";
    return t;
  }

  bool IsClassRef(TSNode n) { return Is(n, "constant") || Is(n, "scope_resolution"); }

  void HandleMessageCall(TSNode call, const std::vector<TSNode>& args,
                         const std::vector<TSNode>& anc, SiteKind kind, const char* severity,
                         const char* cls) {
    // `logger.error { "msg" }`: the block's value is the message.
    std::vector<TSNode> block_value;
    TSNode block = Field(call, "block");
    if (args.empty() && kind == SiteKind::kLog && !ts_node_is_null(block)) {
      std::vector<TSNode> stmts = NamedChildren(Field(block, "body"));
      if (stmts.size() == 1) block_value = stmts;
    }
    const std::vector<TSNode>& values = block_value.empty() ? args : block_value;
    if (values.empty() || Is(values[0], "pair")) return;
    ErrorSite site = NewSite(call, kind);
    site.severity = severity;
    site.error_class = cls;
    uint32_t pos = ts_node_start_byte(call);
    // warn prints each argument on its own line; loggers with a topic
    // (Jekyll's `logger.error "Topic:", "detail"`) print them spaced.
    const char* joiner = kind == SiteKind::kWarning ? "\n" : " ";
    for (size_t i = 0; i < values.size() && (i == 0 || kind != SiteKind::kRaise); ++i) {
      if (Is(values[i], "pair") || Is(values[i], "block_argument")) break;
      Template t = ExprTemplate(values[i], pos, 0, &site.message_origin_note);
      if (t.pieces().size() == 1 && !t.pieces()[0].is_hole && t.pieces()[0].text.empty()) continue;
      if (!site.message.empty()) site.message.AddLiteral(joiner);
      site.message.Append(t);
    }
    if (kind == SiteKind::kWarning && FollowedByExit(call, anc)) site.severity = "critical";
    // `logger.info "Could not fetch #{uri}, retrying"`: an info line is a
    // site only when it states a failure.
    if (site.severity == "info" && !StatesFailure(site.message)) return;
    Finish(call, anc, std::move(site));
  }

  // `$stderr.puts "..."` is an error report; followed by `exit 1` it is fatal.
  void HandleStderr(TSNode call, const std::vector<TSNode>& args, const std::vector<TSNode>& anc,
                    bool printf) {
    if (args.empty()) return;
    ErrorSite site = NewSite(call, SiteKind::kLog);
    uint32_t pos = ts_node_start_byte(call);
    site.message = printf ? FormatTemplate(args, pos, &site.message_origin_note)
                          : ExprTemplate(args[0], pos, 0, &site.message_origin_note);
    if (FollowedByExit(call, anc)) {
      site.severity = "critical";
      site.message_origin_note = "printed to stderr before `exit`";
    }
    Finish(call, anc, std::move(site));
  }

  // `exit 1`, `exit(false)`, `exit!` as the next statement.
  bool FollowedByExit(TSNode call, const std::vector<TSNode>& anc) {
    TSNode next = ts_node_next_named_sibling(StatementOf(call, anc));
    std::string_view nt = ts::Text(next, src_);
    if (nt.starts_with("Kernel.")) nt.remove_prefix(7);
    return nt.starts_with("exit") && nt != "exit 0" && nt != "exit(0)" && nt != "exit true" &&
           nt != "exit(true)";
  }

  // Rails: `render json: {...}, status: :not_found`; `head :forbidden`.
  void HandleRender(TSNode call, const std::vector<TSNode>& args, const std::vector<TSNode>& anc,
                    bool head) {
    std::optional<int> status;
    TSNode body{};
    for (TSNode a : args) {
      if (head && !Is(a, "pair") && !status) status = StatusOf(a);
      if (!Is(a, "pair")) continue;
      std::string key = KeyName(Field(a, "key"));
      if (key == "status") status = StatusOf(Field(a, "value"));
      if (key == "json" || key == "plain" || key == "text" || key == "body" || key == "xml" ||
          key == "html") {
        body = Field(a, "value");
      }
    }
    if (!status || *status < 400) return;
    ErrorSite site = NewSite(call, SiteKind::kHttp);
    site.http_status = status;
    site.message = BodyTemplate(body, ts_node_start_byte(call), &site.message_origin_note);
    if (!site.message.HasLiteralText()) {
      site.message = Template();
      site.message.AddLiteral(ReasonPhrase(*status));
      site.message_origin_note = "no body: the status line's reason phrase";
    }
    Finish(call, anc, std::move(site));
  }

  // Sinatra: `halt 404, "msg"`, `halt 403`.
  void HandleHalt(TSNode call, const std::vector<TSNode>& args, const std::vector<TSNode>& anc) {
    if (args.empty()) return;
    std::optional<int> status = StatusOf(args[0]);
    if (!status || *status < 400) return;
    ErrorSite site = NewSite(call, SiteKind::kHttp);
    site.http_status = status;
    if (args.size() >= 2) {
      site.message = BodyTemplate(args[1], ts_node_start_byte(call), &site.message_origin_note);
    }
    if (!site.message.HasLiteralText()) {
      site.message = Template();
      site.message.AddLiteral(ReasonPhrase(*status));
      site.message_origin_note = "no body: the status line's reason phrase";
    }
    Finish(call, anc, std::move(site));
  }

  // ActiveModel: `errors.add(:name, "can't be blank")` surfaces as
  // "Name can't be blank" (and in ActiveRecord::RecordInvalid on save!).
  void HandleErrorsAdd(TSNode call, const std::vector<TSNode>& args,
                       const std::vector<TSNode>& anc) {
    if (args.size() < 2) return;
    TSNode msg = args[1];
    for (TSNode a : args) {
      if (Is(a, "pair") && KeyName(Field(a, "key")) == "message") msg = Field(a, "value");
    }
    if (Is(msg, "pair") || Is(msg, "simple_symbol")) return;  // an i18n key
    ErrorSite site = NewSite(call, SiteKind::kRaise);
    site.error_class = "ActiveRecord::RecordInvalid";
    site.message = ExprTemplate(msg, ts_node_start_byte(call), 0, &site.message_origin_note);
    if (site.message_origin_note.empty()) {
      site.message_origin_note = "validation error on `" + KeyName(args[0]) + "`";
    }
    Finish(call, anc, std::move(site));
  }

  // nokogiri's `warnings << "Nokogiri was built against libxml version
  // #{compiled}, .."`: a message added to a list of warnings or errors,
  // reported together later (printed one per line, raised joined).
  void HandleAccumulation(TSNode n, const std::vector<TSNode>& anc) {
    if (ts::Text(Field(n, "operator"), src_) != "<<") return;
    if (!anc.empty() && Type(anc.back()) == "binary") return;  // a chain's later `<<`
    TSNode left = Field(n, "left");
    if (!Is(left, "identifier") && !Is(left, "instance_variable")) return;
    std::string name = ToLower(ts::Text(left, src_));
    if (!name.empty() && name[0] == '@') name.erase(0, 1);
    bool warning = name == "warnings";
    if (!warning && name != "errors" && name != "problems" && name != "failures") return;
    TSNode right = Field(n, "right");
    if (!Is(right, "string") && !Is(right, "heredoc_beginning")) return;
    ErrorSite site = NewSite(n, warning ? SiteKind::kWarning : SiteKind::kLog);
    site.severity = warning ? "warning" : "error";
    site.message = ExprTemplate(right, ts_node_start_byte(n), 0, &site.message_origin_note);
    if (!site.message.HasLiteralText()) return;
    site.message_origin_note =
        "added to `" + std::string(ts::Text(left, src_)) + "`, reported together later";
    Finish(n, anc, std::move(site));
  }

  // Custom exception classes: `def initialize(msg = "default")`,
  // `super("msg")` in initialize, and `def message`/`to_s` bodies.
  void HandleClass(TSNode cls, const std::vector<TSNode>& anc) {
    std::string name = CollapseSpace(ts::Text(Field(cls, "name"), src_));
    TSNode super = ts::FirstNamed(Field(cls, "superclass"));
    if (ts_node_is_null(super)) return;
    std::string_view base = ts::Text(super, src_);
    if (!base.ends_with("Error") && !base.ends_with("Exception") && !base.ends_with("Failure") &&
        !IsErrorClass(std::string(base))) {
      return;
    }
    error_classes_.insert(name);
    std::vector<TSNode> path = anc;
    path.push_back(cls);
    for (TSNode m : NamedChildren(Field(cls, "body"))) {
      if (!Is(m, "method")) continue;
      std::string_view mname = ts::Text(Field(m, "name"), src_);
      std::vector<TSNode> mpath = path;
      mpath.push_back(Field(cls, "body"));
      mpath.push_back(m);
      if (mname == "initialize") {
        InitializeDefaults(name, m, mpath);
      } else if (mname == "message" || mname == "to_s") {
        MessageMethod(name, m, mpath);
      }
    }
  }

  bool IsErrorClass(const std::string& name) { return error_classes_.count(name) > 0; }

  void InitializeDefaults(const std::string& cls, TSNode method, std::vector<TSNode> path) {
    TSNode params = Field(method, "parameters");
    for (TSNode p : NamedChildren(params)) {
      if (!Is(p, "optional_parameter") && !Is(p, "keyword_parameter")) continue;
      std::string pname(ts::Text(Field(p, "name"), src_));
      if (pname != "msg" && pname != "message" && pname != "m") continue;
      TSNode value = Field(p, "value");
      Template t = ExprTemplate(value, ts_node_start_byte(value), 0, nullptr);
      if (!t.HasLiteralText()) continue;
      AddClassSite(cls, p, t, "default message of `" + cls + "#initialize`", path);
    }
    // super("fixed message") / super("... #{x}")
    SupersIn(cls, Field(method, "body"), &path, 0);
  }

  // The `super(..)` calls of `initialize`'s body, also inside its `if`/
  // `elsif`/`else`/`unless` branches (graphql-ruby's InvalidNullError picks
  // its text by a flag): each is a message of the class under its branch.
  void SupersIn(const std::string& cls, TSNode node, std::vector<TSNode>* path, int depth) {
    static constexpr int kMaxBranchDepth = 4;
    if (ts_node_is_null(node) || depth > kMaxBranchDepth) return;
    path->push_back(node);
    for (TSNode s : NamedChildren(node)) {
      if (Is(s, "if") || Is(s, "unless") || Is(s, "elsif") || Is(s, "else") || Is(s, "then")) {
        SupersIn(cls, s, path, depth + 1);
        continue;
      }
      if (!Is(s, "call") || !Is(Field(s, "method"), "super")) continue;
      std::vector<TSNode> a = NamedChildren(Field(s, "arguments"));
      if (a.empty()) continue;
      // `message = "No such keg: .."; message += " from tap #{tap}" if tap;
      // super message` (Homebrew): one message per branch choice.
      std::vector<Template> texts =
          choices_.Enumerate([&] { return ExprTemplate(a[0], ts_node_start_byte(s), 0, nullptr); });
      std::vector<std::string> seen;
      for (const Template& t : texts) {
        if (!t.HasLiteralText()) continue;
        if (std::find(seen.begin(), seen.end(), t.Display()) != seen.end()) continue;
        seen.push_back(t.Display());
        AddClassSite(cls, s, t, "message passed to super in `" + cls + "#initialize`", *path);
      }
    }
    path->pop_back();
  }

  void MessageMethod(const std::string& cls, TSNode method, std::vector<TSNode> path) {
    TSNode body = Field(method, "body");
    std::vector<TSNode> stmts = NamedChildren(body);
    if (stmts.empty()) return;
    TSNode last = stmts.back();
    Template t = ExprTemplate(last, ts_node_start_byte(last), 0, nullptr);
    if (!t.HasLiteralText()) return;
    path.push_back(body);
    AddClassSite(cls, last, t, "the `message` method of `" + cls + "`", path);
  }

  void AddClassSite(const std::string& cls, TSNode at, const Template& t, std::string note,
                    const std::vector<TSNode>& path) {
    defaults_[cls] = t;
    known_defaults_.insert(cls);
    ErrorSite site = NewSite(at, SiteKind::kRaise);
    site.error_class = cls;
    site.message = t;
    site.message_origin_note = std::move(note);
    Finish(at, path, std::move(site));
  }

  // A site nested in another's arguments is recorded once, by the outer one.
  bool InsideSite(const std::vector<TSNode>& anc) {
    for (size_t i = anc.size(); i-- > 0;) {
      if (IsBlock(Type(anc[i])) || IsFunction(Type(anc[i]))) return false;
      if (Is(anc[i], "call")) {
        std::string_view m = ts::Text(Field(anc[i], "method"), src_);
        if (m == "raise" || m == "fail") return true;
      }
    }
    return false;
  }

  std::optional<int> StatusOf(TSNode n) {
    std::string_view t = ts::Text(n, src_);
    if (Is(n, "integer") && t.size() == 3) return std::stoi(std::string(t));
    if (Is(n, "simple_symbol") && t.size() > 1) return StatusFromSymbol(t.substr(1));
    return std::nullopt;
  }

  std::string KeyName(TSNode key) {
    std::string_view t = ts::Text(key, src_);
    if (t.starts_with(":")) t.remove_prefix(1);
    if (t.size() >= 2 && (t.front() == '"' || t.front() == '\'')) t = t.substr(1, t.size() - 2);
    return std::string(t);
  }

  // The message of a response body: a string, or the `error`/`message`
  // entry of a hash (else its first string value).
  Template BodyTemplate(TSNode body, uint32_t pos, std::string* note) {
    if (ts_node_is_null(body)) return Template();
    if (!Is(body, "hash")) return ExprTemplate(body, pos, 0, note);
    TSNode chosen{};
    for (TSNode p : NamedChildren(body)) {
      if (!Is(p, "pair")) continue;
      std::string key = KeyName(Field(p, "key"));
      if (key == "error" || key == "errors" || key == "message" || key == "detail") {
        chosen = Field(p, "value");
        break;
      }
    }
    if (ts_node_is_null(chosen)) {
      for (TSNode p : NamedChildren(body)) {
        if (Is(p, "pair") && Is(Field(p, "value"), "string")) {
          chosen = Field(p, "value");
          break;
        }
      }
    }
    if (Is(chosen, "hash") || Is(chosen, "array"))
      return BodyTemplate(ts::FirstNamed(chosen), pos, note);
    return ts_node_is_null(chosen) ? Template() : ExprTemplate(chosen, pos, 0, note);
  }

  // --- templates -------------------------------------------------------------

  Template ExprTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    Template out;
    if (depth > kMaxExprDepth || ts_node_is_null(n)) {
      AddExprHole(n, &out);
      return out;
    }
    std::string_view type = Type(n);
    if (type == "string") return StringTemplate(n, pos, depth, note);
    if (type == "chained_string") {
      for (TSNode s : NamedChildren(n)) out.Append(StringTemplate(s, pos, depth, note));
      return out;
    }
    if (type == "heredoc_beginning") {
      auto it = heredocs_.find(ts_node_start_byte(n));
      if (it != heredocs_.end()) return HeredocTemplate(n, it->second, pos, depth, note);
    }
    if (type == "parenthesized_statements") {
      std::vector<TSNode> kids = NamedChildren(n);
      if (kids.size() == 1) return ExprTemplate(kids[0], pos, depth + 1, note);
    }
    if (type == "binary") {
      std::string_view op = ts::Text(Field(n, "operator"), src_);
      if (op == "+") {
        Template t = ExprTemplate(Field(n, "left"), pos, depth + 1, note);
        t.Append(ExprTemplate(Field(n, "right"), pos, depth + 1, note));
        if (t.HasLiteralText()) return t;
      } else if (op == "%") {
        Template fmt = ExprTemplate(Field(n, "left"), pos, depth + 1, note);
        if (fmt.HasLiteralText()) {
          TSNode right = Field(n, "right");
          std::vector<std::string> args;
          if (Is(right, "array")) {
            for (TSNode a : NamedChildren(right)) args.push_back(CollapseSpace(ts::Text(a, src_)));
          } else {
            args.push_back(CollapseSpace(ts::Text(right, src_)));
          }
          return ApplyFormat(fmt, args);
        }
      }
    }
    if (type == "call") {
      TSNode recv = Field(n, "receiver");
      std::string_view m = ts::Text(Field(n, "method"), src_);
      std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
      bool bare = ts_node_is_null(recv) || ts::Text(recv, src_) == "Kernel";
      if (bare && (m == "format" || m == "sprintf") && !args.empty()) {
        Template t = FormatTemplate(args, pos, note);
        if (t.HasLiteralText()) return t;
      }
      // String.new("#{a} in #{b}.") (a mutable copy to append to): its text.
      if (m == "new" && args.size() == 1 && ts::Text(recv, src_) == "String") {
        Template t = ExprTemplate(args[0], pos, depth + 1, note);
        if (t.HasLiteralText()) return t;
      }
      // rubocop's `Rainbow("An error occurred while ..").red`, colorize's
      // `"..".red`, Pastel's `pastel.red("..")`: terminal colour prints the
      // same words.
      if (!ts_node_is_null(recv) && args.empty() && IsTerminalStyleName(m)) {
        TSNode inner = recv;
        if (Is(recv, "call") && ts::Text(Field(recv, "method"), src_) == "Rainbow") {
          std::vector<TSNode> rargs = NamedChildren(Field(recv, "arguments"));
          inner = rargs.size() == 1 ? rargs[0] : TSNode{};
        }
        Template t = ExprTemplate(inner, pos, depth + 1, note);
        if (t.HasLiteralText() || NamesVariable(t, inner)) return t;
      }
      if (!ts_node_is_null(recv) && args.size() == 1 && IsTerminalStyleName(m) &&
          ToLower(ts::Text(recv, src_)).find("pastel") != std::string::npos) {
        Template t = ExprTemplate(args[0], pos, depth + 1, note);
        if (t.HasLiteralText()) return t;
      }
      // Homebrew's `Formatter.error(message, label: "Error")`: a helper
      // named for a severity that prints its text after the label it is
      // given ("Error: ..").
      if (!ts_node_is_null(recv) && !args.empty() && !Is(args[0], "pair") &&
          (m == "error" || m == "warning" || m == "failure" || m == "fatal")) {
        if (std::optional<std::string> label = LabelKeyword(args)) {
          Template t;
          t.AddLiteral(*label + ": ");
          t.Append(ExprTemplate(args[0], pos, depth + 1, note));
          return t;
        }
      }
      // "...".freeze, <<~MSG.strip, "..." .squish: the text as printed.
      if (!ts_node_is_null(recv) && args.empty() &&
          (m == "freeze" || m == "strip" || m == "chomp" || m == "squish" || m == "dup" ||
           m == "to_s" || m == "lstrip" || m == "rstrip")) {
        Template t = ExprTemplate(recv, pos, depth + 1, note);
        if (t.HasLiteralText()) return Stripped(t, m);
        if (NamesVariable(t, recv)) return t;
      }
    }
    if (type == "identifier" || type == "constant") {
      if (auto t = VariableTemplate(n, pos, depth, note)) return *t;
    }
    if (std::optional<TSNode> value = ChosenBranchValue(n)) {
      Template t = ExprTemplate(*value, pos, depth + 1, note);
      if (t.HasLiteralText()) return t;
    }
    AddExprHole(n, &out);
    return out;
  }

  // The plain string of a `label: ".."` keyword argument among `args`.
  std::optional<std::string> LabelKeyword(const std::vector<TSNode>& args) {
    for (TSNode a : args) {
      if (!Is(a, "pair") || KeyName(Field(a, "key")) != "label") continue;
      TSNode v = Field(a, "value");
      if (!Is(v, "string") || ts_node_named_child_count(v) != 1) return std::nullopt;
      TSNode content = ts_node_named_child(v, 0);
      if (!Is(content, "string_content")) return std::nullopt;
      return std::string(ts::Text(content, src_));
    }
    return std::nullopt;
  }

  // `message.to_s`, `message.red`: the text of a variable (a parameter a
  // sink passes on) printed as it is, so the hole keeps the variable's
  // name (`error_message.to_s` reaches `UI.user_error!`'s callers' text).
  bool NamesVariable(const Template& t, TSNode inner) const {
    return !ts_node_is_null(inner) && Is(inner, "identifier") && t.pieces().size() == 1 &&
           t.pieces()[0].is_hole && t.pieces()[0].expr == ts::Text(inner, src_);
  }

  // strip/chomp/squish applied to the literal ends (holes stay as they are).
  Template Stripped(const Template& t, std::string_view m) {
    std::vector<Piece> pieces = t.pieces();
    if (m == "squish") {
      for (Piece& p : pieces) {
        if (p.is_hole) continue;
        std::string s;
        for (char c : p.text) {
          bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
          if (space && !s.empty() && s.back() == ' ') continue;
          s += space ? ' ' : c;
        }
        p.text = s;
      }
    }
    bool left = m == "strip" || m == "lstrip" || m == "squish";
    bool right = m == "strip" || m == "rstrip" || m == "squish" || m == "chomp";
    auto is_space = [](char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; };
    if (left && !pieces.empty() && !pieces.front().is_hole) {
      std::string& s = pieces.front().text;
      size_t i = 0;
      while (i < s.size() && is_space(s[i])) ++i;
      s.erase(0, i);
    }
    if (right && !pieces.empty() && !pieces.back().is_hole) {
      std::string& s = pieces.back().text;
      if (m == "chomp") {
        if (s.ends_with("\n")) s.pop_back();
        if (s.ends_with("\r")) s.pop_back();
      } else {
        while (!s.empty() && is_space(s.back())) s.pop_back();
      }
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

  // A string literal; `'...'` and `%q()` do not interpolate or escape.
  Template StringTemplate(TSNode s, uint32_t pos, int depth, std::string* note) {
    Template out;
    std::string_view text = ts::Text(s, src_);
    bool single = text.starts_with("'") || text.starts_with("%q");
    for (TSNode c : NamedChildren(s)) {
      std::string_view t = Type(c);
      std::string_view ct = ts::Text(c, src_);
      if (t == "string_content") {
        out.AddLiteral(single ? DecodeSingleQuoted(ct) : std::string(ct));
      } else if (t == "escape_sequence") {
        out.AddLiteral(DecodeEscape(ct));
      } else if (t == "interpolation") {
        AddInterpolation(c, pos, depth, note, &out);
      }
    }
    return out;
  }

  // `#{expr}`: a literal inside is inlined, anything else is a hole.
  void AddInterpolation(TSNode c, uint32_t pos, int depth, std::string* note, Template* out) {
    std::vector<TSNode> kids = NamedChildren(c);
    if (kids.size() == 1 && Is(kids[0], "identifier")) {
      // `#{suggestion}`: a local holding text (one value per branch it was
      // assigned in) is that text.
      std::string inner;
      std::optional<Template> held = VariableTemplate(kids[0], pos, depth + 1, &inner);
      if (held && held->HasLiteralText()) {
        out->Append(*held);
        return;
      }
    }
    if (kids.size() == 1 && (Is(kids[0], "string") || Is(kids[0], "constant"))) {
      Template inner = ExprTemplate(kids[0], pos, depth + 1, note);
      if (inner.HasLiteralText() && inner.HoleCount() == 0) {
        out->Append(inner);
        return;
      }
    }
    std::string_view ct = ts::Text(c, src_);
    std::string expr = ct.size() >= 3 ? CollapseSpace(ct.substr(2, ct.size() - 3)) : "";
    out->AddHole("#{" + expr + "}", expr);
  }

  // A heredoc: the body after the opener's line; `<<~` strips the common
  // indentation, `<<-`/`<<` keep it; quoted ids (`<<~'EOS'`) do not
  // interpolate.
  Template HeredocTemplate(TSNode begin, TSNode body, uint32_t pos, int depth, std::string* note) {
    std::string_view opener = ts::Text(begin, src_);
    bool squiggly = opener.starts_with("<<~");
    bool raw = opener.find('\'') != std::string_view::npos;
    Template t;
    for (TSNode c : NamedChildren(body)) {
      std::string_view type = Type(c);
      std::string_view ct = ts::Text(c, src_);
      if (type == "heredoc_content") {
        t.AddLiteral(ct);
      } else if (type == "escape_sequence") {
        t.AddLiteral(raw ? std::string(ct) : DecodeEscape(ct));
      } else if (type == "interpolation") {
        if (raw) {
          t.AddLiteral(ct);
        } else {
          AddInterpolation(c, pos, depth, note, &t);
        }
      }
    }
    // The body starts with the newline that ends the opener's line.
    std::vector<Piece> pieces = t.pieces();
    if (!pieces.empty() && !pieces.front().is_hole) {
      std::string& s = pieces.front().text;
      size_t nl = s.find('\n');
      if (nl != std::string::npos) s.erase(0, nl + 1);
    }
    // ... and ends with the indentation of an indented terminator (`<<-MSG`
    // .. `      MSG`), which is not part of the text.
    if (!pieces.empty() && !pieces.back().is_hole) {
      std::string& s = pieces.back().text;
      size_t nl = s.rfind('\n');
      if (nl != std::string::npos && s.find_first_not_of(" \t", nl + 1) == std::string::npos) {
        s.erase(nl + 1);
      }
    }
    if (squiggly) Dedent(&pieces);
    Template out;
    for (const Piece& p : pieces) {
      if (p.is_hole) {
        out.AddHole(p.text, p.expr, p.type);
      } else if (!p.text.empty()) {
        out.AddLiteral(p.text);
      }
    }
    // The newline before the terminator ends the last line; a message
    // pasted from a terminal has none after its last word (Homebrew's
    // `odie <<~EOS` ending in "brew bundle dump").
    return out.Trimmed(/*leading=*/false, /*trailing=*/true);
  }

  // Removes the smallest indentation of the body's non-blank lines from the
  // start of every line (what `<<~` does).
  static void Dedent(std::vector<Piece>* pieces) {
    size_t indent = SIZE_MAX;
    bool at_line_start = true;
    size_t run = 0;
    for (const Piece& p : *pieces) {
      if (p.is_hole) {
        if (at_line_start) indent = std::min(indent, run);
        at_line_start = false;
        continue;
      }
      for (char c : p.text) {
        if (at_line_start && (c == ' ' || c == '\t')) {
          ++run;
        } else if (c == '\n') {
          at_line_start = true;
          run = 0;
        } else {
          if (at_line_start) indent = std::min(indent, run);
          at_line_start = false;
        }
      }
    }
    if (indent == SIZE_MAX || indent == 0) return;
    at_line_start = true;
    size_t removed = 0;
    for (Piece& p : *pieces) {
      if (p.is_hole) {
        at_line_start = false;
        continue;
      }
      std::string s;
      for (char c : p.text) {
        if (at_line_start && (c == ' ' || c == '\t') && removed < indent) {
          ++removed;
          continue;
        }
        if (c == '\n') {
          at_line_start = true;
          removed = 0;
        } else {
          at_line_start = false;
        }
        s += c;
      }
      p.text = s;
    }
  }

  // format/sprintf: args[0] is the format, the rest its arguments.
  Template FormatTemplate(const std::vector<TSNode>& args, uint32_t pos, std::string* note) {
    Template fmt = ExprTemplate(args[0], pos, 0, note);
    if (!fmt.HasLiteralText()) return fmt;
    std::vector<std::string> rest;
    for (size_t i = 1; i < args.size(); ++i) rest.push_back(CollapseSpace(ts::Text(args[i], src_)));
    return ApplyFormat(fmt, rest);
  }

  // Kernel#format: C's verbs, plus named references (`%{name}`,
  // `%<name>s`) that take their value from a hash argument.
  Template ApplyFormat(const Template& fmt, const std::vector<std::string>& args) {
    bool named = false;
    for (const Piece& p : fmt.pieces()) {
      if (!p.is_hole &&
          (p.text.find("%{") != std::string::npos || p.text.find("%<") != std::string::npos)) {
        named = true;
      }
    }
    if (!named) return ApplyPrintf(fmt, args, PrintfDialect::kC);
    Template out;
    for (const Piece& p : fmt.pieces()) {
      if (p.is_hole) {
        out.AddHole(p.text, p.expr, p.type);
        continue;
      }
      const std::string& s = p.text;
      std::string lit;
      for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 1 < s.size() && s[i + 1] == '%') {
          lit += '%';
          ++i;
          continue;
        }
        char open = i + 1 < s.size() ? s[i + 1] : 0;
        char close = open == '{' ? '}' : open == '<' ? '>' : 0;
        size_t end = close ? s.find(close, i + 2) : std::string::npos;
        if (s[i] != '%' || end == std::string::npos) {
          lit += s[i];
          continue;
        }
        size_t stop = end + 1;
        if (open == '<') {  // %<name>-8.2f: flags, width, precision, verb
          while (stop < s.size() &&
                 std::string_view("-+ 0#.*123456789").find(s[stop]) != std::string_view::npos) {
            ++stop;
          }
          // The verb is one ASCII letter; anything else is not part of
          // the hole (and may be the first byte of a UTF-8 sequence).
          if (stop < s.size() && std::isalpha(static_cast<unsigned char>(s[stop]))) ++stop;
        }
        if (!lit.empty()) out.AddLiteral(lit);
        lit.clear();
        out.AddHole(s.substr(i, stop - i), s.substr(i + 2, end - i - 2));
        i = stop - 1;
      }
      if (!lit.empty()) out.AddLiteral(lit);
    }
    return out;
  }

  // A message held in a local (the last assignment before `pos` in the same
  // method, then its `+=`s) or a constant (anywhere in the file).
  std::optional<Template> VariableTemplate(TSNode ident, uint32_t pos, int depth,
                                           std::string* note) {
    std::string name(ts::Text(ident, src_));
    auto it = assignments_.find(name);
    if (it == assignments_.end() || it->second.size() >= kMaxAssignmentsPerName) {
      return std::nullopt;
    }
    bool constant = Is(ident, "constant");
    TSNode scope = MethodOf(ident);
    std::vector<TSNode> found;
    for (TSNode a : it->second) {
      if (!constant) {
        if (ts_node_start_byte(a) >= pos) break;
        if (!ts_node_eq(MethodOf(a), scope)) continue;
      }
      found.push_back(a);
    }
    int last_plain = -1;
    for (int i = 0; i < static_cast<int>(found.size()); ++i) {
      if (Is(found[i], "assignment")) last_plain = i;
    }
    if (last_plain < 0) return std::nullopt;
    if (constant && found.size() != 1) return std::nullopt;  // ambiguous
    std::vector<TSNode> chosen(found.begin() + last_plain, found.end());
    if (!constant) ChooseAssignments(ident, found, &chosen);
    TSNode a = chosen[0];
    Template out = ExprTemplate(Field(a, "right"), ts_node_start_byte(a), depth + 1, note);
    if (!out.HasLiteralText()) return std::nullopt;
    for (size_t i = 1; i < chosen.size(); ++i) {
      out.Append(
          ExprTemplate(Field(chosen[i], "right"), ts_node_start_byte(chosen[i]), depth + 1, note));
    }
    if (note && note->empty()) {
      *note = "message assigned to `" + name + "` at line " + std::to_string(ts::Line(a));
    }
    return out;
  }

  // When `=`s of the local sit in branches (`if c then msg = "a" else msg =
  // "b" end`), the assignments the current branch choice reaches `use`
  // through (branch_choices.h); `chosen` is left alone otherwise.
  void ChooseAssignments(TSNode use, const std::vector<TSNode>& found,
                         std::vector<TSNode>* chosen) {
    static const BranchPath kNone;
    bool branched = false;
    std::vector<const BranchPath*> paths;
    std::vector<bool> appends;
    for (TSNode a : found) {
      auto it = paths_.find(a.id);
      paths.push_back(it == paths_.end() ? &kNone : &it->second);
      appends.push_back(!Is(a, "assignment"));
      branched = branched || it != paths_.end();  // a `=` or an append in a branch
    }
    if (!branched) return;
    std::vector<TSNode> anc;  // of the use, root first (rare: ts_node_parent is fine)
    for (TSNode p = ts_node_parent(use); !ts_node_is_null(p) && anc.size() < 256;
         p = ts_node_parent(p)) {
      anc.insert(anc.begin(), p);
    }
    std::optional<std::vector<ReachingValue>> values =
        ReachingValues(paths, appends, RubyBranchPath(anc, use));
    if (!values || values->empty()) return;
    chosen->clear();
    for (size_t i : ChooseValue(*values, &choices_).assigns) chosen->push_back(found[i]);
  }

  // The value of a `case`/`if`/`unless`/ternary used as an expression
  // (`msg = case problem when :engine "..." when :version "..." end`): the
  // last statement of the branch the current choice takes.
  std::optional<TSNode> ChosenBranchValue(TSNode n) {
    std::vector<TSNode> bodies;
    std::string_view t = Type(n);
    if (t == "case") {
      for (TSNode k : NamedChildren(n)) {
        if (Is(k, "when")) bodies.push_back(Field(k, "body"));
        if (Is(k, "else")) bodies.push_back(k);
      }
    } else if (t == "if" || t == "unless") {
      bodies.push_back(Field(n, "consequence"));
      TSNode alt = Field(n, "alternative");
      for (int i = 0; Is(alt, "elsif") && i < kMaxExprDepth; ++i) {
        bodies.push_back(Field(alt, "consequence"));
        alt = Field(alt, "alternative");
      }
      if (Is(alt, "else")) bodies.push_back(alt);
    } else if (t == "conditional") {
      bodies = {Field(n, "consequence"), Field(n, "alternative")};
    } else {
      return std::nullopt;
    }
    std::vector<int> branches;
    for (size_t i = 0; i < bodies.size(); ++i) {
      if (!ts_node_is_null(bodies[i])) branches.push_back(static_cast<int>(i));
    }
    if (branches.empty()) return std::nullopt;
    TSNode body = bodies[choices_.Pick(n.id, branches)];
    if (t == "conditional") return body;
    std::vector<TSNode> stmts = NamedChildren(body);
    if (stmts.empty()) return std::nullopt;
    return stmts.back();
  }

  // The method holding `n`, else the root (ts_node_parent is fine here: it
  // runs only for messages held in variables).
  TSNode MethodOf(TSNode n) {
    return ts::EnclosingScope(n, [](TSNode a) { return IsFunction(Type(a)); });
  }

  void AddExprHole(TSNode n, Template* out) {
    std::string e = CollapseSpace(ts::Text(n, src_));
    out->AddHole("#{" + e + "}", e);
  }

  // --- context ---------------------------------------------------------------

  ErrorSite NewSite(TSNode at, SiteKind kind) {
    ErrorSite site;
    site.language = "ruby";
    site.file_path = file_.path;
    site.kind = kind;
    site.line = ts::Line(at);
    site.end_line = ts::EndLine(at);
    return site;
  }

  // The statement holding `n`: the child of the nearest block.
  TSNode StatementOf(TSNode n, const std::vector<TSNode>& anc) {
    TSNode cur = n;
    for (size_t i = anc.size(); i-- > 0;) {
      if (IsBlock(Type(anc[i]))) return cur;
      cur = anc[i];
    }
    return cur;
  }

  void Finish(TSNode at, const std::vector<TSNode>& anc, ErrorSite site) {
    if (site.message.empty()) return;
    bool sink = sinks_ && !raising_;
    site.message_opaque = !site.message.HasLiteralText();
    if (site.message_opaque && !sink) {
      // raise e, warn msg: nothing to match on, unless a method's text is.
      if (!IsCallHole(site.message) || !facts_) return;
      AddContext(at, anc, &site);
      return HoldCallMessage(site);
    }
    // The context first: a sink's parameters tested by the path conditions
    // are values it checks.
    AddContext(at, anc, &site);
    // `warn msg` of a parameter: no site, but the method is a sink.
    if (sink) sinks_->OnSite(site, anc);
    if (site.message_opaque) return HoldCallMessage(site);
    out_->push_back(std::move(site));
  }

  // A site whose message has holes may make its method a sink; the
  // conditions tell which parameters it only checks.
  void NoteSink(const ErrorSite& site, TSNode at, const std::vector<TSNode>& anc) {
    bool holes = false;
    for (const Piece& p : site.message.pieces()) holes |= p.is_hole;
    if (!holes) return;
    ErrorSite ctx = site;
    if (lines_.empty()) lines_ = SplitLines(src_);
    AddContext(at, anc, &ctx);
    sinks_->OnSite(ctx, anc);
  }

  void AddContext(TSNode at, const std::vector<TSNode>& anc, ErrorSite* site) {
    AddNote(CommentAbove(site->line), "comment-above", site);
    std::vector<std::string> scopes;
    bool in_function = false;
    TSNode cur = at;
    for (size_t i = anc.size(); i-- > 0;) {
      TSNode parent = anc[i];
      std::string_view pt = Type(parent);
      if (!in_function) {
        if (IsBlock(pt)) AddEarlyExits(parent, cur, site);
        TSNode cond{}, then{}, other{};
        bool positive = true;
        if (IfParts(parent, &cond, &then, &other, &positive)) {
          bool in_then = ts_node_eq(then, cur), in_other = ts_node_eq(other, cur);
          if (in_then || in_other) {
            AddCondition(cond, in_then ? positive : !positive, site);
            if (!IsModifier(pt)) AddNote(CommentAbove(ts::Line(parent)), "guard-comment", site);
          }
        } else if (pt == "when" && i > 0 && Is(anc[i - 1], "case") &&
                   ts_node_eq(Field(parent, "body"), cur)) {
          AddWhen(anc[i - 1], parent, site);
        } else if (pt == "rescue") {
          std::string_view t = ts::Text(parent, src_);
          TSNode body = Field(parent, "body");
          size_t len = ts_node_is_null(body)
                           ? t.size()
                           : ts_node_start_byte(body) - ts_node_start_byte(parent);
          std::string header = CollapseSpace(t.substr(0, std::min(len, t.size())));
          if (header.ends_with(" then")) header.resize(header.size() - 5);
          site->conditions.push_back({header, true, ts::Line(parent)});
        }
      }
      std::string name;
      if (pt == "method") {
        name = std::string(ts::Text(Field(parent, "name"), src_));
      } else if (pt == "singleton_method") {
        name = std::string(ts::Text(Field(parent, "name"), src_));
      } else if (pt == "class" || pt == "module") {
        name = CollapseSpace(ts::Text(Field(parent, "name"), src_));
      }
      if (!name.empty()) {
        scopes.push_back(name);
        if (IsFunction(pt) && !in_function) {
          site->function_line = ts::Line(parent);
          // YARD's `@raise [X] when ...` for this class first.
          AddNote(ThrowsDocAbove(lines_, ts::Line(parent), site->error_class), "throws-doc", site);
          AddNote(CommentAbove(ts::Line(parent)), "function-comment", site);
          in_function = true;
        }
      }
      cur = parent;
    }
    std::reverse(scopes.begin(), scopes.end());
    site->function = Join(scopes, ".");
    std::stable_sort(
        site->conditions.begin(), site->conditions.end(),
        [](const PathCondition& a, const PathCondition& b) { return a.line < b.line; });
  }

  // `case v when A, B` holds when `A === v || B === v`; a `case` without a
  // value tests each pattern as a condition.
  void AddWhen(TSNode kase, TSNode when, ErrorSite* site) {
    TSNode value = Field(kase, "value");
    std::vector<std::string> alts;
    for (TSNode p : NamedChildren(when)) {
      if (!Is(p, "pattern")) continue;
      std::string pat = CollapseSpace(ts::Text(p, src_));
      alts.push_back(ts_node_is_null(value) ? pat : pat + " === " + ConditionText(value, src_));
    }
    if (alts.empty()) return;
    std::string expr = Join(alts, " || ");
    site->conditions.push_back({expr, true, ts::Line(when)});
  }

  static bool IsModifier(std::string_view t) {
    return t == "if_modifier" || t == "unless_modifier" || t == "conditional";
  }

  // `return if x`, `raise ... unless ok`, `if x; return; end` before the
  // statement in the same block: the site is reached only when they did not
  // fire.
  void AddEarlyExits(TSNode block, TSNode stmt, ErrorSite* site) {
    if (ts_node_named_child_count(block) > kMaxBlockScan) return;
    // A rescue/else/ensure clause runs after any statement of the body.
    std::string_view st = Type(stmt);
    if (st == "rescue" || st == "ensure" || st == "else") return;
    for (TSNode s : NamedChildren(block)) {
      if (ts_node_start_byte(s) >= ts_node_start_byte(stmt)) break;
      TSNode cond{}, then{}, other{};
      bool positive = true;
      if (!IfParts(s, &cond, &then, &other, &positive) || !ts_node_is_null(other)) continue;
      if (Is(s, "conditional")) continue;
      TSNode last = then;
      if (Is(then, "then")) {
        std::vector<TSNode> kids = NamedChildren(then);
        if (kids.empty()) continue;
        last = kids.back();
      }
      if (IsExit(last, src_)) AddCondition(cond, !positive, site);
    }
  }

  void AddCondition(TSNode cond, bool polarity, ErrorSite* site) {
    if (ts_node_is_null(cond)) return;
    PathCondition c;
    c.expr = ConditionText(cond, src_);
    c.polarity = polarity;
    c.line = ts::Line(cond);
    if (!c.expr.empty()) site->conditions.push_back(std::move(c));
  }

  static void AddNote(SourceNote note, const char* origin, ErrorSite* site) {
    if (note.text.empty()) return;
    for (const SourceNote& n : site->notes) {
      if (n.first_line == note.first_line) return;
    }
    note.origin = origin;
    site->notes.push_back(std::move(note));
  }

  // The block of `#` comment lines directly above `line` (1-based); magic
  // comments and rubocop directives say nothing about the error.
  // `+call+` -> `call` (RDoc's code markup).
  static std::string RdocPlain(std::string_view t) {
    std::string out;
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i] == '+' && i + 1 < t.size() && std::isalpha(static_cast<unsigned char>(t[i + 1])) &&
          (i == 0 || t[i - 1] == ' ' || t[i - 1] == '(')) {
        size_t close = t.find('+', i + 1);
        if (close != std::string_view::npos &&
            t.substr(i + 1, close - i - 1).find(' ') == std::string_view::npos) {
          out += "`" + std::string(t.substr(i + 1, close - i - 1)) + "`";
          i = close;
          continue;
        }
      }
      out.push_back(t[i]);
    }
    return out;
  }

  SourceNote CommentAbove(int line) {
    SourceNote note;
    int i = line - 1;
    std::vector<std::string> texts;
    // RDoc's `##` block may stand one blank line above its method
    // (rubygems' `check_credentials_permissions`).
    if (i >= 2 && i <= static_cast<int>(lines_.size()) && Trim(lines_[i - 1]).empty()) {
      int top = i - 1;
      while (top > 1 && Trim(lines_[top - 2]).starts_with("#")) --top;
      if (top < i && Trim(lines_[top - 1]) == "##") --i;
    }
    int last = i;
    while (i >= 1 && i <= static_cast<int>(lines_.size())) {
      std::string_view t = Trim(lines_[i - 1]);
      if (t.empty() || t[0] != '#') break;
      // `## The body must respond to +call+, \` (rack's lint spec): RDoc's
      // markers, headings and line continuations are not prose.
      while (!t.empty() && t[0] == '#') t.remove_prefix(1);
      t = Trim(t);
      while (!t.empty() && t[0] == '=') t.remove_prefix(1);
      if (t.ends_with("\\")) t.remove_suffix(1);
      t = Trim(t);
      if (!t.empty() && !t.starts_with("rubocop:") && !t.starts_with("frozen_string_literal")) {
        texts.push_back(RdocPlain(t));
      }
      --i;
    }
    std::reverse(texts.begin(), texts.end());
    // YARD tags (`@param x [T] ...`) and their continuations are not prose.
    auto tag = std::find_if(texts.begin(), texts.end(),
                            [](const std::string& t) { return t.starts_with("@"); });
    texts.erase(tag, texts.end());
    if (texts.empty()) return note;
    note.text = Join(texts, " ");
    note.first_line = i + 1;
    note.last_line = last;
    return note;
  }

  const SourceFile& file_;
  std::string_view src_;
  std::vector<std::string_view> lines_;
  std::vector<ErrorSite>* out_;
  std::map<uint32_t, TSNode> heredocs_;  // opener start byte -> body
  std::map<std::string, std::vector<TSNode>> assignments_;
  std::map<const void*, BranchPath> paths_;   // assignment -> branches holding it
  BranchChoices choices_;                     // the branches the site being built takes
  std::map<std::string, Template> defaults_;  // exception class -> default message
  std::set<std::string> known_defaults_;
  std::set<std::string> error_classes_;
  std::set<std::string> redefined_;  // `def fail` / `def raise` in this file
  std::optional<RubySinks> sinks_;
  FileFacts* facts_ = nullptr;
  std::vector<std::pair<TSNode, std::vector<TSNode>>> methods_;  // when collecting facts
  bool raising_ = false;
};

class RubyExtractor : public Extractor {
 public:
  std::string_view language() const override { return "ruby"; }
  bool Handles(std::string_view path) const override {
    return path.ends_with(".rb") || path.ends_with(".rake") || path == "Rakefile" ||
           path.ends_with("/Rakefile");
  }

 protected:
  Status Run(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
             bool* had_syntax_errors) const override {
    ts::TreePtr tree = ts::Parse(tree_sitter_ruby(), file.content);
    if (!tree) return Status::InvalidArgument(file.path + ": parser gave up (timeout)");
    TSNode root = ts_tree_root_node(tree.get());
    if (had_syntax_errors) *had_syntax_errors = ts_node_has_error(root);
    RubyFile ruby(file, sites);
    if (facts) ruby.CollectFacts(facts);
    ruby.Run(root);
    if (facts) CollectCallFacts(root, file.content, "ruby", facts);
    return Status::OK();
  }
};

}  // namespace

const Extractor* RubyExtractorInstance() {
  static const RubyExtractor kInstance;
  return &kInstance;
}

}  // namespace errdex
