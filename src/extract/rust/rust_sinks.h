// Rust wrapper sinks: the link facts (errdex/facts.h) of one .rs file. A
// function whose parameter reaches a message the extractor recorded
// (`fn fail(msg: &str) -> ! { panic!("fatal: {}", msg) }`, `bail!(msg)`,
// `io::Error::new(InvalidInput, msg)`), or that never returns and hands a
// text parameter on (wasm-bindgen's `fn throw_str(s: &str) -> !`, which
// throws `s` in JavaScript), is a sink; calls passing text or a parameter
// are link calls, so the linker records each call that passes text at the
// call, with the composed message (src/resolve/link.h).
#pragma once

#include <tree_sitter/api.h>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"

namespace errdex {

class RustSinks {
 public:
  // What the extractor knows that this needs: the message template of an
  // expression (strings, format!, locals and constants), and a site with
  // its context (function, conditions, match arms) at a node.
  struct Hooks {
    std::function<Template(TSNode expr)> expr;
    std::function<ErrorSite(TSNode at)> site;
  };

  RustSinks(std::string_view src, FileFacts* facts, Hooks hooks)
      : src_(src), facts_(facts), hooks_(std::move(hooks)) {}

  // Every function item: a name the file defines, and a sink when it never
  // returns and passes a text parameter to another call.
  void OnFunction(TSNode fn);
  // A site the extractor read at `at` (kept or not): a sink when its
  // message names a parameter of the enclosing function.
  void OnSite(const ErrorSite& site, TSNode at);
  // Every call expression: a link call when it passes text or a parameter.
  void OnCall(TSNode call);

 private:
  struct Param {
    std::string name;
    bool text = false;  // &str, String, impl Display/ToString/Into<String>
  };
  std::vector<Param> Params(TSNode fn) const;
  static std::vector<std::string> Names(const std::vector<Param>& params);
  bool PassesParam(TSNode body, const std::string& name) const;
  std::string Text(TSNode n) const;

  std::string_view src_;
  FileFacts* facts_;
  Hooks hooks_;
  std::vector<uint32_t> sink_functions_;  // start bytes of functions already sinks
};

}  // namespace errdex
