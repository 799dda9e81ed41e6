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

// A lookup into a local, then a test of the local (`var s = this._subs[id];
// if (!s) throw ..`): the same registry, and the method that takes keys out
// again is what a second call runs into (graphql-ruby's Apollo registry).
TEST(KeySetterTest, LocalHoldsTheLookupAndTheMethodRemovesTheKey) {
  SourceFile f{"src/registry.ts",
               "class Registry {\n"
               "  _id: number\n"
               "  _subscriptions: {[key: number]: Subscription}\n"
               "\n"
               "  add(subscription: Subscription): number {\n"
               "    var id = this._id++\n"
               "    this._subscriptions[id] = subscription\n"
               "    return id\n"
               "  }\n"
               "\n"
               "  unsubscribe(id: number): void {\n"
               "    var subscription = this._subscriptions[id]\n"
               "    if (!subscription) {\n"
               "      throw new Error(\"No subscription found for id: \" + id)\n"
               "    }\n"
               "    subscription.unsubscribe()\n"
               "    delete this._subscriptions[id]\n"
               "  }\n"
               "}\n"};
  Record r = analyze_testing::Build(f, "No subscription found");
  EXPECT_NE(std::find(r.solutions.begin(), r.solutions.end(),
                      "Register `id` first with `add()` (line 7): it adds keys to "
                      "`this._subscriptions`, and the check at line 13 raises this when `id` is "
                      "not one of them (`subscription` is its entry, looked up at line 12); "
                      "`unsubscribe()` itself removes the key (line 17), so a second call with "
                      "the same `id` raises this too"),
            r.solutions.end())
      << Join(r.solutions, "\n");
  EXPECT_NE(
      r.trigger_scenarios.find("`subscription` being the entry for `id` in `this._subscriptions` "
                               "(line 12)"),
      std::string::npos)
      << r.trigger_scenarios;
}

TEST(KeySetterTest, PythonGetWithoutDefaultAndAnotherRemover) {
  SourceFile f{"lib/pool.py",
               "class Pool:\n"
               "    def attach(self, name, conn):\n"
               "        self._conns[name] = conn\n"
               "\n"
               "    def detach(self, name):\n"
               "        self._conns.pop(name)\n"
               "\n"
               "    def get(self, name):\n"
               "        conn = self._conns.get(name)\n"
               "        if conn is None:\n"
               "            raise KeyError(f'no connection named {name}')\n"
               "        return conn\n"};
  Record r = analyze_testing::Build(f, "no connection named");
  EXPECT_NE(std::find(r.solutions.begin(), r.solutions.end(),
                      "Register `name` first with `attach()` (line 3): it adds keys to "
                      "`self._conns`, and the check at line 10 raises this when `name` is not "
                      "one of them (`conn` is its entry, looked up at line 9); `detach()` (line 6) "
                      "removes keys, so a key used after that raises this too"),
            r.solutions.end())
      << Join(r.solutions, "\n");
}

// A lookup with a default is never missing: nothing to register.
TEST(KeySetterTest, LookupWithDefaultIsNoRegistry) {
  SourceFile f{"lib/pool.py",
               "class Pool:\n"
               "    def attach(self, name, conn):\n"
               "        self._conns[name] = conn\n"
               "\n"
               "    def get(self, name):\n"
               "        conn = self._conns.get(name, self._fallback)\n"
               "        if conn is None:\n"
               "            raise KeyError(f'no connection named {name}')\n"
               "        return conn\n"};
  Record r = analyze_testing::Build(f, "no connection named");
  for (const std::string& x : r.solutions) EXPECT_EQ(x.find("Register"), std::string::npos) << x;
}

}  // namespace
}  // namespace errdex
