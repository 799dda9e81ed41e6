// Setter index: for one repository, where a public option, setter,
// property or constructor argument assigns a field, and where a constant is
// defined. A limit check reads a bound (`data->set.maxredirs`, `_maxDepth`,
// `self.max_x`, `PARSER_BYTESIZE_LIMIT`); the user raises it through the
// option or setter that assigns it, which is often in another file. Built
// once per repository by one scan over every file's lines, so that looking a
// bound up per record costs a map lookup.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/source.h"

namespace errdex {

struct Setter {
  enum Kind {
    kOption,       // C `case CURLOPT_X: data->set.x = ...;`
    kMethod,       // `setMaxX(int v) { this.maxX = v; }`, Go `WithMaxX(n)`
    kProperty,     // C# `public int MaxDepth { set { _maxDepth = value; } }`
    kConstructor,  // `def __init__(self, max_x): self.max_x = max_x`
    kConstant,     // `LIMIT = 1024`, `#define LIMIT 1024`
    kConfigKey,    // `createBoolConfig("cluster-enabled", .., server.cluster_enabled, ..)`
    kCommandLine,  // a C option table row binding a variable (popt, getopt:
                   // `{"fsync", 0, POPT_ARG_NONE, &do_fsync, ..}`; name "--fsync")
                   // or a C++ `DEFINE_bool(x, ..)`/`ABSL_FLAG` (`FLAGS_x`, "--x")
  };
  Kind kind = kMethod;
  std::string name;   // the option, setter, property or argument; the constant's value
  std::string owner;  // kConstructor: the class; kCommandLine: the flag macro, or ""
  std::string file;
  int line = 0;  // the assignment or the definition (1-based)
};

class SetterIndex {
 public:
  // Scans every file once.
  static SetterIndex Build(const std::vector<SourceFile>& files);
  // Indexes one file (tests, and Build).
  void Add(std::string_view path, std::string_view content);
  // The same for a file already split into lines.
  void AddLines(std::string_view path, const std::vector<std::string_view>& lines);

  // What assigns the field or defines the constant `name` (the last
  // component of a member chain), nearest to `file` first: the same file,
  // then the same directory, then the rest.
  std::vector<Setter> Find(const std::string& name, std::string_view file) const;

  // Whether a C/C++ header under an `include/` directory (the installed,
  // public headers) declares the function `name`.
  bool PubliclyDeclared(const std::string& name) const { return public_decls_.count(name) > 0; }
  // Whether the repository installs C/C++ headers (an `include/` directory
  // declaring functions): then a function they do not declare is internal.
  bool HasPublicHeaders() const { return !public_decls_.empty(); }

  // Whether a C/C++ file of the repository defines the function `name` (a
  // header line at column 0, not a declaration ending in `;`).
  bool Defined(const std::string& name) const { return defined_.count(name) > 0; }

 private:
  void AddDeclarations(const std::vector<std::string_view>& lines);
  void AddDefinitions(const std::vector<std::string_view>& lines);

  std::map<std::string, std::vector<Setter>> by_field_;
  std::set<std::string> public_decls_;
  std::set<std::string> defined_;
};

}  // namespace errdex
