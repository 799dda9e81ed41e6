// PHP wrapper sinks: the link facts (errdex/facts.h) of one .php file. A
// function or method whose parameter reaches a message the extractor
// recorded (`throw new X(sprintf('Bad %s', $msg))`, `$this->io->writeError(
// '<error>'.$msg.'</error>')`, `$this->logger->error($msg)`) is a sink;
// calls passing text are link calls, so the linker records each at the call
// with the composed text.
#pragma once

#include <tree_sitter/api.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"

namespace errdex {

class PhpSinks {
 public:
  // What the extractor knows that this needs: the template of an argument
  // (strings, `.`, sprintf, locals) where it is, and the site context of a
  // call (function, conditions).
  struct Hooks {
    std::function<Template(TSNode expr, const std::vector<TSNode>& anc)> expr;
    std::function<ErrorSite(TSNode call, const std::vector<TSNode>& anc)> site;
  };

  PhpSinks(std::string_view src, FileFacts* facts, Hooks hooks)
      : src_(src), facts_(facts), hooks_(std::move(hooks)) {}

  // Every node of the walk, with its ancestors: names and calls.
  void OnNode(TSNode n, const std::vector<TSNode>& anc);
  // A site the extractor recorded at `node`: a sink when its message names a
  // parameter of its function.
  void OnSite(const ErrorSite& site, const std::vector<TSNode>& anc);
  // After the walk (locals and constants are indexed): the link calls.
  void Finish();

 private:
  struct Pending {
    TSNode call;
    std::vector<TSNode> anc;
  };
  std::vector<std::string> Params(TSNode fn) const;
  void NoteLinkCall(const Pending& p);
  std::string Text(TSNode n) const;

  std::string_view src_;
  FileFacts* facts_;
  Hooks hooks_;
  std::vector<Pending> calls_;
};

}  // namespace errdex
