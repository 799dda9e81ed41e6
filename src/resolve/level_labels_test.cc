// Level labels (level_labels.h): removed from logged and printed messages,
// kept in raised ones and where nothing but the label would be left.
#include "resolve/level_labels.h"

#include <gtest/gtest.h>

namespace errdex {
namespace {

ErrorSite Site(SiteKind kind, std::string literal, bool hole = false) {
  ErrorSite s;
  s.kind = kind;
  s.message.AddLiteral(literal);
  if (hole) s.message.AddHole("#{statement}", "statement");
  return s;
}

TEST(LevelLabels, RemovedFromLogsKeptInRaises) {
  std::vector<ErrorSite> v = {
      Site(SiteKind::kLog, "ERROR:  Could not find a valid gem "),
      Site(SiteKind::kWarning, "[WARN] disk almost full"),
      Site(SiteKind::kRaise, "ERROR: Failed to build gem native extension."),
      Site(SiteKind::kLog, "ERROR:  ", /*hole=*/true),
      Site(SiteKind::kLog, "error: lower case is the tool's own text")};
  v[0].message.AddHole("'#{gem_name}'", "gem_name");
  std::vector<std::vector<ErrorSite>*> sites = {&v, nullptr};
  EXPECT_EQ(StripLevelLabels(sites), 2);
  EXPECT_EQ(v[0].message.Display(), "Could not find a valid gem '#{gem_name}'");
  EXPECT_EQ(v[0].message_origin_note, "printed after the level label `ERROR:`");
  EXPECT_EQ(v[1].message.Display(), "disk almost full");
  EXPECT_EQ(v[2].message.Display(), "ERROR: Failed to build gem native extension.");
  EXPECT_EQ(v[3].message.Display(), "ERROR:  #{statement}");
  EXPECT_EQ(v[4].message.Display(), "error: lower case is the tool's own text");
}

}  // namespace
}  // namespace errdex
