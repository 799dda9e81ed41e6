// The docstring's sentence for the raised class, per docstring style.
#include "analyze/docstring_raises.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(DocstringRaises, Styles) {
  EXPECT_EQ(DocstringRaises("Set attribute value on target.\n\n.. code-block:: python\n\n"
                            "    monkeypatch.setattr(os, 'getcwd', f)\n\n"
                            "Raises :class:`AttributeError` if the attribute does not exist,\n"
                            "unless ``raising`` is set to False.\n",
                            "AttributeError"),
            "Raises `AttributeError` if the attribute does not exist, unless `raising` is set to "
            "False.");
  EXPECT_EQ(DocstringRaises("Load it.\n\nRaises:\n    KeyError: if the key is\n        missing.\n"
                            "    ValueError: if the value is negative.\n",
                            "ValueError"),
            "if the value is negative.");
  EXPECT_EQ(DocstringRaises("Load it.\n\n:param x: the key\n:raises KeyError: when ``x`` is "
                            "unknown\n",
                            "KeyError"),
            "when `x` is unknown");
  EXPECT_EQ(DocstringRaises("Load it.\n\nRaises\n------\nValueError\n    If the value is "
                            "negative.\n",
                            "ValueError"),
            "If the value is negative.");
  // Another class, or none named: nothing.
  EXPECT_EQ(DocstringRaises("Raises:\n    KeyError: if missing.\n", "ValueError"), "");
  EXPECT_EQ(DocstringRaises("Set attribute value on target.", "AttributeError"), "");
  // A sentence that does not say when: the docstring's summary says more.
  EXPECT_EQ(DocstringRaises("Hard-error unless the method is verified.\n\nRaises QuantError "
                            "with an actionable message.\n",
                            "QuantError"),
            "");
}

TEST(DocstringRaises, RecordQuotesTheSentence) {
  SourceFile f{"src/patch.py",
               "class MonkeyPatch:\n"                                                       // 1
               "    def setattr(self, target, name, raising=True):\n"                       // 2
               "        \"\"\"Set attribute value on target.\n"                             // 3
               "\n"                                                                         // 4
               "        Raises :class:`AttributeError` if the attribute does not exist,\n"  // 5
               "        unless ``raising`` is set to False.\n"                              // 6
               "        \"\"\"\n"                                                           // 7
               "        if raising and not hasattr(target, name):\n"                        // 8
               "            raise AttributeError(f'{target!r} has no attribute {name!r}')\n"
               ""};
  Record r = analyze_testing::Build(f, "has no attribute");
  EXPECT_EQ(r.documentation,
            "`setattr` documents (lines 3\u20137) that it raises `AttributeError`: \u201cRaises "
            "`AttributeError` if the attribute does not exist, unless `raising` is set to "
            "False.\u201d `AttributeError` is raised in `MonkeyPatch.setattr` (src/patch.py) at "
            "line 9.");
}

}  // namespace
}  // namespace errdex
