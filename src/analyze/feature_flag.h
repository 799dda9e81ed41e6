// Feature flags: a check that reads a named feature switch
// (`ctxt.isEnabled(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)`,
// `!isEnabled(MapperFeature.ALLOW_COERCION_OF_SCALARS)`) names a setting the
// user turns on or off when configuring the library. When the raise needs
// the switch in one position (the check is a conjunction, or the switch
// alone), the advice is to turn it the other way.
#pragma once

#include <optional>
#include <string>

#include "errdex/error_site.h"

namespace errdex {

struct FeatureFlag {
  std::string feature;  // "DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES"
  bool raise_when_enabled = true;
};

// The switch `c` needs in one position for the raise to happen; nullopt
// when the condition reads none, or only inside a disjunction (turning it
// would not be enough).
std::optional<FeatureFlag> FeatureFlagOf(const PathCondition& c);

// "Disable `F`: the check at line N raises this only while it is enabled".
std::string FeatureFlagAdvice(const FeatureFlag& f, int line);

}  // namespace errdex
