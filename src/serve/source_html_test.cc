// The error page's source window: tokens highlighted from the grammar of
// the record's language, text escaped inside and outside the spans, the
// raising and guard lines marked, plain text when nothing parses it.
#include <gtest/gtest.h>

#include "serve/serve_internal.h"

namespace errdex::serve {
namespace {

Record Window(std::string language, std::string path, std::string code, int start, int line) {
  Record r;
  r.language = std::move(language);
  r.file_path = std::move(path);
  r.source_code = std::move(code);
  r.source_code_start = start;
  r.line_number = line;
  return r;
}

// A window from inside a method: its shared indentation does not stop the
// parse; the f-string's hole is code again; the guard's line is marked.
TEST(SourceWindow, PythonTokensAreSpannedAndEscaped) {
  Record r = Window("python", "pkg/core.py",
                    "    def load(self, n):\n"
                    "        # at most 3 <workers> & more\n"
                    "        if n > 3:\n"
                    "            raise ValueError(f\"too many: {n} < & >\")\n"
                    "        return None\n",
                    10, 13);
  r.conditions = nlohmann::json::array({{{"expr", "n > 3"}, {"polarity", true}, {"line", 12}}});
  EXPECT_EQ(SourceWindowHtml(r),
            "<pre class=\"src\"><code>"
            "   10      <span class=\"k\">def</span> <span class=\"f\">load</span>(self, n):\n"
            "   11          <span class=\"c\"># at most 3 &lt;workers&gt; &amp; more</span>\n"
            "<span class=\"gd\">   12          <span class=\"k\">if</span> n &gt; "
            "<span class=\"n\">3</span>:</span>\n"
            "<span class=\"hl\">   13              <span class=\"k\">raise</span> "
            "<span class=\"f\">ValueError</span>(<span class=\"s\">f&quot;too many: </span>{n}"
            "<span class=\"s\"> &lt; &amp; &gt;&quot;</span>)</span>\n"
            "   14          <span class=\"k\">return</span> <span class=\"k\">None</span>\n"
            "</code></pre>\n"
            "<p class=\"meta\">Marked: <span class=\"hl\">the line that raises</span>, "
            "<span class=\"gd\">the conditions on the way to it</span>.</p>\n");
}

TEST(SourceWindow, CTokensAreSpannedAndEscaped) {
  Record r = Window("c", "src/io.c",
                    "  if (fd < 0) {\n"
                    "    /* no file: \"<none>\" */\n"
                    "    fprintf(stderr, \"cannot open %s: <%d> & more\\n\", path, 0x1F);\n"
                    "    return -1;\n"
                    "  }\n",
                    40, 42);
  EXPECT_EQ(SourceWindowHtml(r),
            "<pre class=\"src\"><code>"
            "   40    <span class=\"k\">if</span> (fd &lt; <span class=\"n\">0</span>) {\n"
            "   41      <span class=\"c\">/* no file: &quot;&lt;none&gt;&quot; */</span>\n"
            "<span class=\"hl\">   42      <span class=\"f\">fprintf</span>(stderr, "
            "<span class=\"s\">&quot;cannot open %s: &lt;%d&gt; &amp; more\\n&quot;</span>, "
            "path, <span class=\"n\">0x1F</span>);</span>\n"
            "   43      <span class=\"k\">return</span> <span class=\"n\">-1</span>;\n"
            "   44    }\n"
            "</code></pre>\n");
}

// No grammar for the language, or text no grammar makes sense of: the
// window is plain escaped text, never an error.
TEST(SourceWindow, UnknownLanguageIsPlainEscapedText) {
  Record r = Window("cobol", "x.cbl", "DISPLAY \"<b>&\".\n", 1, 1);
  EXPECT_EQ(SourceWindowHtml(r),
            "<pre class=\"src\"><code><span class=\"hl\">    1  DISPLAY &quot;&lt;b&gt;&amp;&quot;."
            "</span>\n</code></pre>\n");
  Record garbage = Window("python", "a.py", "\"\"\" <b> & \x01\x02 ))) ((( \n}}}\n", 1, 2);
  std::string html = SourceWindowHtml(garbage);
  EXPECT_EQ(html.find("<b>"), std::string::npos) << html;
  EXPECT_NE(html.find("&lt;b&gt; &amp;"), std::string::npos) << html;
  Record empty = Window("python", "a.py", "", 1, 1);
  EXPECT_EQ(SourceWindowHtml(empty), "<pre class=\"src\"><code></code></pre>\n");
}

// Every language errdex extracts has its grammar here: a keyword, a string
// and the called function are classed.
TEST(SourceWindow, EveryLanguageIsHighlighted) {
  struct Case {
    const char* language;
    const char* path;
    const char* code;
    const char* keyword;
    const char* function;
  };
  const Case cases[] = {
      {"javascript", "a.js", "if (x) { throw new Error(fmt(\"bad\")); }\n", "throw", "fmt"},
      {"typescript", "a.ts", "if (x) { throw new Error(fmt(\"bad\")); }\n", "throw", "fmt"},
      {"javascript", "a.tsx", "if (x) { throw new Error(fmt(\"bad\")); }\n", "throw", "fmt"},
      {"go", "a.go", "if x {\n\treturn fmt.Errorf(\"bad\")\n}\n", "return", "Errorf"},
      {"rust", "a.rs", "if x {\n    return Err(fmt(\"bad\"));\n}\n", "return", "fmt"},
      {"java", "A.java", "if (x) { throw new E(fmt(\"bad\")); }\n", "throw", "fmt"},
      {"kotlin", "A.kt", "if (x) { throw E(fmt(\"bad\")) }\n", "throw", "fmt"},
      {"cpp", "a.cc", "if (x) { throw E(fmt(\"bad\")); }\n", "throw", "fmt"},
      {"csharp", "A.cs", "if (x) { throw new E(Fmt(\"bad\")); }\n", "throw", "Fmt"},
      {"ruby", "a.rb", "raise ArgumentError, fmt(\"bad\") if x\n", "if", "fmt"},
      {"php", "a.php", "if ($x) { throw new E(fmt(\"bad\")); }\n", "throw", "fmt"},
  };
  for (const Case& c : cases) {
    std::string html = SourceWindowHtml(Window(c.language, c.path, c.code, 1, 1));
    EXPECT_NE(html.find(std::string("<span class=\"k\">") + c.keyword + "</span>"),
              std::string::npos)
        << c.language << ": " << html;
    EXPECT_NE(html.find(std::string("<span class=\"f\">") + c.function + "</span>"),
              std::string::npos)
        << c.language << ": " << html;
    EXPECT_NE(html.find("<span class=\"s\">"), std::string::npos) << c.language << ": " << html;
  }
}

// A minified line is cut (at a character) and the cut is shown.
TEST(SourceWindow, LongLinesAreCut) {
  std::string line = "x = \"" + std::string(400, 'a') + "\"\n";
  std::string html = SourceWindowHtml(Window("python", "a.py", line, 1, 1));
  EXPECT_LT(html.size(), 500u);
  EXPECT_NE(html.find("a</span>\xE2\x80\xA6"), std::string::npos) << html;
}

}  // namespace
}  // namespace errdex::serve
