// Message idioms of JavaScript/TypeScript that are decided by names alone,
// before any template is built:
//  - i18n wrappers whose first argument is the English text
//    (`__('Unknown argument: %s', a)`, y18n's `__n(singular, plural, n,
//    ..)`, `t('...')`, `i18n.__('...')`, `gettext('...')`);
//  - message catalogs: a module of default error texts (mongoose's
//    lib/error/messages.js: `msg.general.required = 'Path `{PATH}` is
//    required.'`), whose `{PATH}` placeholders are filled when reported;
//  - error maps: a `switch` on an error code whose cases return (or assign
//    to a message variable) the text for that code (zod's locale error
//    maps, `switch (err.code) { case 'ENOENT': return 'no such file' }`).
// The JavaScript extractor reads the syntax; these say which names count.
#pragma once

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace errdex::js {

// For a call of `callee` (as written: `__`, `i18n.__`, `this.t`), when it
// is an i18n wrapper: the index of the first argument that fills the
// text's `%s` verbs (1 for `__(text, ..)`, 3 for `__n(singular, plural,
// count, ..)`). nullopt for any other callee.
std::optional<size_t> I18nFormatArgsFrom(std::string_view callee);

// Whether a `switch` discriminant (`issue.code`, `(code)`, `err.errorCode`)
// names an error code.
bool IsErrorCodeExpr(std::string_view discriminant);

// Whether a variable (`message`, `msg`, `errorMessage`, `this.message`)
// holds a message by its name.
bool IsMessageVariable(std::string_view name);

// Whether the file at `path` is a catalog of error messages by its name:
// `messages.js` in an `error`/`errors` folder, or `errorMessages.ts`,
// `error-messages.js`, `error_messages.mjs` anywhere.
bool IsMessageCatalogPath(std::string_view path);

// Whether the file at `path` is a message template module by where it is:
// a script directly in a `messages` folder other than a catalog or an
// index (eslint's messages/file-not-found.js, printed by template name).
bool IsMessageTemplateModulePath(std::string_view path);

// `Path {PATH} is required.` -> the spans of its `{UPPER_CASE}`
// placeholders, as (begin, end) byte offsets.
std::vector<std::pair<size_t, size_t>> CatalogPlaceholders(std::string_view text);

}  // namespace errdex::js
