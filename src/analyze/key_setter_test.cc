// Key setters: a lookup in a member map that raises for a missing key names
// the public methods that add keys to the map.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(KeySetterTest, PhpRegistryNamesItsAddMethods) {
  SourceFile f{"src/Finder.php",
               "<?php\n"
               "class Finder\n"
               "{\n"
               "    protected $hints = [];\n"
               "\n"
               "    protected function parse($name)\n"
               "    {\n"
               "        $segments = explode('::', $name);\n"
               "        if (! isset($this->hints[$segments[0]])) {\n"
               "            throw new InvalidArgumentException(\"No hint path defined for "
               "[{$segments[0]}].\");\n"
               "        }\n"
               "        return $segments;\n"
               "    }\n"
               "\n"
               "    public function addNamespace($namespace, $hints)\n"
               "    {\n"
               "        if (isset($this->hints[$namespace])) {\n"
               "            $hints = array_merge($this->hints[$namespace], $hints);\n"
               "        }\n"
               "        $this->hints[$namespace] = $hints;\n"
               "    }\n"
               "\n"
               "    public function setHint($hint)\n"
               "    {\n"
               "        if (! isset($this->hints[$hint])) {\n"
               "            throw new InvalidArgumentException('unknown');\n"
               "        }\n"
               "        $this->hints[$hint] = [];\n"
               "    }\n"
               "\n"
               "    public function reset()\n"
               "    {\n"
               "        $this->hints['default'] = [];\n"
               "    }\n"
               "}\n"};
  Record r = analyze_testing::Build(f, "No hint path");
  EXPECT_NE(std::find(r.solutions.begin(), r.solutions.end(),
                      "Register `$segments[0]` first with `addNamespace()` (line 20): it adds "
                      "keys to `$this->hints`, and the check at line 9 raises this when "
                      "`$segments[0]` is not one of them"),
            r.solutions.end())
      << Join(r.solutions, "\n");
}

TEST(KeySetterTest, PythonMembershipInSelfMap) {
  SourceFile f{"lib/registry.py",
               "class Registry:\n"
               "    def register(self, name, factory):\n"
               "        self._factories[name] = factory\n"
               "\n"
               "    def create(self, name):\n"
               "        if name not in self._factories:\n"
               "            raise KeyError(f'no factory named {name}')\n"
               "        return self._factories[name]()\n"};
  Record r = analyze_testing::Build(f, "no factory named");
  EXPECT_NE(std::find(r.solutions.begin(), r.solutions.end(),
                      "Register `name` first with `register()` (line 3): it adds keys to "
                      "`self._factories`, and the check at line 6 raises this when `name` is not "
                      "one of them"),
            r.solutions.end())
      << Join(r.solutions, "\n");
}

}  // namespace
}  // namespace errdex
