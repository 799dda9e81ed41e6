// Go wrapper sinks: the link facts (errdex/facts.h) of one .go file. A
// function whose parameter reaches an error return (`errors.New(msg)`,
// `fmt.Errorf("yaml: "+format, args...)`), a panic, a fatal or error/warning
// log, or a print to stderr or a package writer (gin's `debugPrint` writes
// "[GIN-debug] "+format to DefaultWriter) is a sink; calls passing text are
// link calls, so the linker records each at the call with the composed text.
#pragma once

#include <tree_sitter/api.h>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"

namespace errdex {

// `log.Errorf`, `logger.Warn`, `klog.Fatalf`: the severity of a leveled
// log method, or "" (debug and info levels are not errors).
std::string GoLogSeverity(std::string_view method);

// `log`, `logger`, `klog`, `s.logger`, `log.WithError(err)`: an expression
// that names a logger (its text holds "log", in any case).
bool NamesGoLogger(std::string_view expr);

class GoSinks {
 public:
  // What the extractor knows that this needs: the message template of an
  // expression (strings, `+`, fmt, locals) as of a byte position, and the
  // site context (function, conditions) of the statement holding a node.
  struct Hooks {
    std::function<Template(TSNode expr, uint32_t pos)> expr;
    std::function<std::optional<ErrorSite>(TSNode node)> site;
  };

  GoSinks(std::string_view src, FileFacts* facts, Hooks hooks)
      : src_(src), facts_(facts), hooks_(std::move(hooks)) {}

  // Function and method declarations: names the file defines.
  void OnDeclaration(TSNode fn);
  // Every call: a sink when it reports a parameter, a link call when it
  // passes text or a parameter on.
  void OnCall(TSNode call);
  // Every assignment: a sink when it stores a parameter as error state.
  void OnAssignment(TSNode assign);
  // Every composite literal: a sink when it builds an error value whose
  // message is a parameter (gorilla's `HandshakeError{reason}` in
  // `returnError(w, r, status, reason string)`).
  void OnCompositeLiteral(TSNode lit);

 private:
  struct Report {
    SiteKind kind = SiteKind::kRaise;
    std::string severity = "error";
    std::string error_class;
    int format = -1;  // the argument that is the message (or its format)
    bool printf = false;
    std::string suffix;  // pkg/errors Wrap: ": {err}"
  };
  bool ReportOf(TSNode call, Report* r) const;
  void Name(TSNode fn, SinkFact* s) const;
  void NoteSink(TSNode call, TSNode fn, const Report& r, const std::vector<TSNode>& args);
  void NoteLinkCall(TSNode call, TSNode fn, const std::vector<TSNode>& args);
  Template ArgTemplate(TSNode arg, uint32_t pos) const;
  std::string Spread(TSNode arg) const;
  std::vector<std::string> Params(TSNode fn, int* variadic) const;
  std::string Text(TSNode n) const;

  std::string_view src_;
  FileFacts* facts_;
  Hooks hooks_;
};

}  // namespace errdex
