// An exception class whose constructor sets its message: the
// constructor's record says where the class is raised (the records that
// link their text to it), and wraps no try/catch around the constructor,
// which raises nothing (twenty-third grading, poetry 7fd9de8eca25b74e).
#include "analyze/raise_sites.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(RaiseSites, PythonInitIsAConstructorWithoutHandlingCode) {
  SourceFile f{"src/poetry/env/exceptions.py",
               "class EnvError(Exception):\n"                                             // 1
               "    pass\n"                                                               // 2
               "\n"                                                                       // 3
               "\n"                                                                       // 4
               "class IncorrectEnvError(EnvError):\n"                                     // 5
               "    def __init__(self, env_name: str) -> None:\n"                         // 6
               "        message = f\"Env {env_name} doesn't belong to this project.\"\n"  // 7
               "        super().__init__(message)\n"};                                    // 8
  Record r = analyze_testing::Build(f, "belong to this project");
  EXPECT_EQ(r.trigger_scenarios,
            "This is the constructor of `IncorrectEnvError` (line 6): the text is set whenever "
            "code creates one, so that code decides when it appears.");
  EXPECT_FALSE(r.try_catch_pattern.has_value()) << *r.try_catch_pattern;
}

Record At(const std::string& file, int line, const std::string& function,
          const std::string& trigger, const std::string& from) {
  Record r;
  r.repo = "acme/lib";
  r.file_path = file;
  r.line_number = line;
  r.function = function;
  r.trigger_scenarios = trigger;
  r.message_from = from;
  return r;
}

TEST(RaiseSites, TheConstructorNamesTheRecordsThatLinkToIt) {
  std::vector<Record> records = {
      At("src/env/exceptions.py", 8, "IncorrectEnvError.__init__",
         "This is the constructor of `IncorrectEnvError` (line 6): the text is set whenever code "
         "creates one, so that code decides when it appears.",
         ""),
      At("src/env/manager.py", 291, "EnvManager.remove", "Happens in ...",
         "src/env/exceptions.py:8"),
      At("src/env/manager.py", 316, "EnvManager.remove", "Happens in ...",
         "src/env/exceptions.py:8"),
      At("src/env/manager.py", 340, "EnvManager.activate", "Happens in ...",
         "src/env/exceptions.py:8"),
      At("src/env/other.py", 5, "f", "Happens in ...", "src/env/exceptions.py:9"),
  };
  NameRaiseSites(&records);
  EXPECT_EQ(
      records[0].trigger_scenarios,
      "This is the constructor of `IncorrectEnvError` (line 6): the text is set whenever code "
      "creates one, so that code decides when it appears. errdex found it raised in "
      "`EnvManager.remove` (src/env/manager.py:291 and 316) and `EnvManager.activate` "
      "(src/env/manager.py:340).");
  EXPECT_EQ(records[1].trigger_scenarios, "Happens in ...");
}

}  // namespace
}  // namespace errdex
