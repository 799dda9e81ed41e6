// Message tables: user-facing texts kept in a keyed literal table and
// raised by key (facts.h MessageTable). PHPMailer keeps every message in
// `$PHPMAILER_LANG = ['authenticate' => 'SMTP Error: Could not
// authenticate.', ..]`, assigns it to `self::$language`, and raises
// `throw new Exception(self::lang('authenticate'))` where `lang($key)`
// returns `self::$language[$key]`. A hole that looks an entry up by a
// literal key (`MESSAGES["key"]`, `messages.key`) takes the entry's text
// here; a lookup by a text function's parameter is resolved where the
// function's call passes the key (link_text_functions.cc).
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"

namespace errdex {

// A lookup as code writes it: `T['key']`, `T["key"]`, `T[:key]`,
// `T.get("key")`, `T.fetch(:key)` (literal keys), `T[$key]`, `T[key]`
// (`key` names a variable), and, when `dotted`, `T.key`.
struct TableLookup {
  std::string table;  // "self::$language", "MESSAGES"
  std::string key;    // unquoted literal, or the variable as written ("$key")
  bool literal = false;
};

std::optional<TableLookup> ParseTableLookup(std::string_view expr, bool dotted = false);

// The name tables and lookups are matched by: the last component, without
// `$`, `@`, `self::`, `this.` (`self::$language` -> `language`).
std::string TableName(std::string_view written);

struct TableHit {
  const Template* text = nullptr;
  std::string entry;  // "$PHPMAILER_LANG['authenticate']"
  std::string where;  // "src/PHPMailer.php:2515"
};

// Every table of the repository by name (and by the names it is assigned
// to). A lookup prefers the tables of its own file; a key whose tables
// disagree on the text finds nothing.
class MessageTableIndex {
 public:
  explicit MessageTableIndex(const std::vector<FileFacts>& files);
  bool empty() const { return by_name_.empty(); }
  size_t size() const { return tables_; }

  std::optional<TableHit> Find(std::string_view table, std::string_view key, size_t file) const;
  // Whether some table goes by the name `table` reads as.
  bool Has(std::string_view table) const;
  // A hole's expression that looks up a literal key.
  std::optional<TableHit> FindExpr(std::string_view expr, size_t file) const;

 private:
  struct Ref {
    size_t file;
    const MessageTable* table;
    bool local;  // found by its own name only in its own file
  };
  const std::vector<FileFacts>& files_;
  std::map<std::string, std::vector<Ref>> by_name_;
  size_t tables_ = 0;
};

struct MessageTableStats {
  int tables = 0;
  int holes_resolved = 0;  // in link calls, sinks and text-function returns
  int sites_resolved = 0;
};

// `sites[i]` are the sites of `(*files)[i]` (may be null). Holes that look
// up a literal key take the entry's text in sites (an opaque site whose
// message is the lookup gets it as its message), link-call arguments,
// sinks and text-function returns, so the text flows on to wrappers. Run
// before text constants and text functions (link_constants.h).
MessageTableStats ResolveMessageTables(std::vector<FileFacts>* files,
                                       const std::vector<std::vector<ErrorSite>*>& sites);

}  // namespace errdex
