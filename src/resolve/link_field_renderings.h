// Link field renderings: error values whose text their type's message
// method composes from their fields. golang-migrate's drivers return
// `database.Error{OrigErr: err, Err: "migration failed", Query: q}`, and
// database/error.go renders it as "{Err} in line {Line}: {Query} (details:
// {OrigErr})" -- or, when Err is empty, "{OrigErr} in line {Line}:
// {Query}". The user sees "migration failed in line 0: ..."; the line that
// tells why is the construction, not the method.
//
// Each construction (FieldConstruction) whose type has renderings
// (FieldRendering) becomes one site per rendering branch its fields may
// select (tests a field value decides drop a branch; undecidable ones keep
// it), at the construction, with the fields it sets substituted for the
// holes that read them and the rendering's line as `message_from`. A
// construction is recorded when it sets text the rendering shows or selects
// fewer branches than the method has; where it only selects (pflag's
// `&NotExistError{name: n, messageType: flagUnknownFlagMessage}`), the
// method's own site of that branch is replaced by the constructions.
#pragma once

#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"

namespace errdex {

struct FieldRenderingStats {
  int sites_added = 0;
  int sites_replaced = 0;  // method sites whose branch the constructions took over
};

// `sites[i]` are the sites of `files[i]` (may be null). Run after
// ApplyClassRenderings.
FieldRenderingStats ApplyFieldRenderings(const std::vector<FileFacts>& files,
                                         const std::vector<std::vector<ErrorSite>*>& sites);

}  // namespace errdex
