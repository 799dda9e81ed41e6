// Messages chosen by a conditional (`c ? "a" : "b"`, `if (c) "a" else "b"`):
// each branch is a message of its own, so the extractors that see one
// (Java, Kotlin, PHP) record one site per branch.
#pragma once

#include <tree_sitter/api.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/template.h"

namespace errdex {

// The messages of a conditional expression `n`: `branches(n)` splits a
// conditional into its branch nodes (none for anything else, recursively
// applied to the branches) and `expand(leaf)` builds a leaf's template.
// Empty unless there are 2 to 8 leaves, each with literal text.
template <typename Branches, typename Expand>
std::vector<Template> ConditionalMessages(TSNode n, Branches&& branches, Expand&& expand) {
  std::vector<TSNode> todo = {n}, leaves;
  while (!todo.empty() && leaves.size() < 8) {
    TSNode cur = todo.back();
    todo.pop_back();
    std::vector<TSNode> split = branches(cur);
    if (split.empty()) {
      leaves.push_back(cur);
    } else {
      todo.insert(todo.end(), split.rbegin(), split.rend());
    }
  }
  if (leaves.size() < 2 || !todo.empty()) return {};
  std::vector<Template> out;
  for (TSNode leaf : leaves) {
    out.push_back(expand(leaf));
    if (!out.back().HasLiteralText()) return {};
  }
  return out;
}

// Records `site` once per message of `alts` (noting which branch it is),
// or as it is when there are none. `finish(site)` records one site.
template <typename Finish>
void FinishEachMessage(ErrorSite site, const std::vector<Template>& alts, Finish&& finish) {
  if (alts.empty()) return finish(std::move(site));
  for (size_t i = 0; i < alts.size(); ++i) {
    ErrorSite copy = site;
    copy.message = alts[i];
    copy.message_opaque = false;
    std::string note = "message " + std::to_string(i + 1) + " of " + std::to_string(alts.size()) +
                       ", chosen by a conditional";
    copy.message_origin_note =
        site.message_origin_note.empty() ? note : site.message_origin_note + "; " + note;
    finish(std::move(copy));
  }
}

// The builds of one site across combinations of branches (BranchChoices::
// Enumerate), first of each distinct message kept, in order; when more than
// one is left each is noted "message i of n, chosen by the branches above"
// (unless a conditional already chose it). `site_of(item)` gives an
// item's ErrorSite.
template <typename T, typename SiteOf>
std::vector<T> DistinctChosenMessages(std::vector<T> builds, SiteOf&& site_of) {
  std::vector<T> out;
  for (T& b : builds) {
    bool seen = std::any_of(out.begin(), out.end(), [&](T& o) {
      return site_of(o).message.Display() == site_of(b).message.Display();
    });
    if (!seen) out.push_back(std::move(b));
  }
  for (size_t i = 0; out.size() > 1 && i < out.size(); ++i) {
    std::string& origin = site_of(out[i]).message_origin_note;
    if (origin.find("chosen by") != std::string::npos) continue;
    std::string note = "message " + std::to_string(i + 1) + " of " + std::to_string(out.size()) +
                       ", chosen by the branches above";
    origin = origin.empty() ? note : origin + "; " + note;
  }
  return out;
}

}  // namespace errdex
