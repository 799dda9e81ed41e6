// Class docs: what an exception class says it means, in its own doc comment
// or docstring, wherever in the repository the class is declared. A record
// raised as `JsonSyntaxException` in one file is explained by the sentence
// above `class JsonSyntaxException` in another ("This exception is raised
// when Gson attempts to read (or write) a malformed JSON element.").
//
// Declarations are found by a line scan that every language shares
// (`class X`, `struct X`, `enum X`, Go's `type X struct`), and only the
// comment block attached to the declaration is read, so the cost is one pass
// over the text of the repository.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/source.h"

namespace errdex {

struct ClassDoc {
  std::string text;  // first sentences, markup removed
  std::string file;
  int first_line = 0;  // the comment's lines, 1-based
  int last_line = 0;
  // For a Rust enum variant's doc, the enum (`ConfigError` for the doc of
  // `SearchUnavailable`): only `ConfigError::SearchUnavailable` names it.
  std::string owner;
};

// Docs of the classes named in `wanted` (last name components, "ValueError"):
// every documented declaration of each, in `files` order (one per file).
std::map<std::string, std::vector<ClassDoc>> FindClassDocs(const std::vector<SourceFile>& files,
                                                           const std::set<std::string>& wanted);

// The declaration of the class a record at `path` raises as `written`
// (`Error`, `anyhow::Error`, `exceptions.InvalidURL`), or nullptr. A doc is
// only the class's when the name's qualifier names the doc's file or a
// directory on its path (`anyhow::Error` is not globset's `Error`), or, for a
// bare name, when it is declared in the same module (the same tree up to the
// last `src/`, else the same top directory) or `source`, the record file's
// text, imports it (an `import`/`use`/`require`/`using` line naming the
// class and the doc's file or directory). Of several, the longest shared
// directory prefix wins.
const ClassDoc* NearestClassDoc(const std::vector<ClassDoc>& docs, const std::string& path,
                                const std::string& written, std::string_view source = {});

// The doc comment text cleaned for prose: comment markers, Javadoc/XML-doc
// tags and `@param`-style lines removed, whitespace folded, cut after at most
// two sentences. Exposed for tests.
std::string CleanDocComment(const std::vector<std::string>& lines);

}  // namespace errdex
