// C# wrapper sinks: the link facts (errdex/facts.h) of one .cs file. A
// method whose parameter reaches a message the extractor recorded (`throw
// new X("Bad: " + msg)`, `ValidationUtils.ArgumentNotNull(value, name)`
// around `throw new ArgumentNullException(name)`), or that builds and
// returns the exception (`static JsonReaderException Create(JsonReader r,
// string message) => new(..)`, SinkFact::returns), is a sink; calls passing
// text or a parameter on are link calls, so the linker records each call
// that passes text with the composed message (`throw CreateX(c)` included).
#pragma once

#include <tree_sitter/api.h>

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"

namespace errdex {

class CSharpSinks {
 public:
  // What the extractor knows that this needs: the template of an argument
  // (strings, interpolation, string.Format, locals) and the site context of
  // the statement holding a call (function, conditions, notes). `call_anc`
  // are the call's ancestors, root first.
  struct Hooks {
    std::function<Template(TSNode expr, TSNode call, const std::vector<TSNode>& call_anc)> expr;
    std::function<ErrorSite(TSNode call, const std::vector<TSNode>& call_anc)> site;
  };

  CSharpSinks(std::string_view src, FileFacts* facts, Hooks hooks)
      : src_(src), facts_(facts), hooks_(std::move(hooks)) {}

  // Every node of the walk, with its ancestors: names and calls.
  void OnNode(TSNode n, const std::vector<TSNode>& anc);
  // A site the extractor recorded for statement `stmt`: a sink when its
  // message names a parameter of its method.
  void OnSite(const ErrorSite& site, TSNode stmt, const std::vector<TSNode>& anc);
  // A construction whose message is only a parameter (`throw new
  // X(message)`, `return new X(message, path)`): the extractor records no
  // text, but the method passes its caller's text on.
  void OnParamMessage(const ErrorSite& site, TSNode stmt, const Template& message,
                      const std::vector<TSNode>& anc);
  // After the walk: the link calls.
  void Finish();

 private:
  struct Pending {
    TSNode call;
    std::vector<TSNode> anc;
  };
  struct Param {
    std::string name;
    bool no_text = false;   // its declared type cannot hold text (`Exception ex`, `int n`)
    bool optional = false;  // it has a default (`Exception? cause = null`)
  };
  std::vector<Param> Params(TSNode fn) const;
  void AddSink(const ErrorSite& site, TSNode stmt, const Template& message,
               const std::vector<TSNode>& anc);
  void NoteLinkCall(const Pending& p);
  std::string Text(TSNode n) const;

  std::string_view src_;
  FileFacts* facts_;
  Hooks hooks_;
  std::vector<Pending> calls_;
  // Thrown factory calls the extractor already recorded, by line: a
  // composed message replaces the guess (its class, as recorded).
  std::map<int, std::string> thrown_sites_;
};

}  // namespace errdex
