// Link for C and C++: message constants and tables defined in other files
// (`#define`, namespaced `const char* const`, shared objects' fields),
// exception classes whose constructors compose the text through base-class
// initializers and helpers, and wrappers whose parameter reaches a report.
// Asserted on the exact composed message, the line, the class and a
// rendering the pattern matches. Fixtures are written for these tests.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "errdex/extractor.h"
#include "resolve/link.h"
#include "resolve/link_constants.h"
#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Linked;
using link_testing::Matches;

// link_testing::Link resolves constants, then links (the indexer's order).
Linked LinkC(const std::vector<std::pair<std::string, std::string>>& files) {
  return link_testing::Link(files);
}

// A message table in a header's namespace, thrown from another file.
const char* kMessagesHeader =
    "#pragma once\n"
    "namespace cfg {\n"
    "namespace Msg {\n"
    "const char* const BAD_KEY = \"key must be a string\";\n"
    "constexpr char NO_FILE[] = \"configuration file not found\";\n"
    "}  // namespace Msg\n"
    "}  // namespace cfg\n";

// vcpkg's message table: rows of an X-macro in one header, a definition
// pasting `msg##NAME` in another, reporters given `msgName` in a source.
TEST(LinkCpp, XMacroRowsAreTheMessagesOfTheNamesTheirMacroPastes) {
  Linked r = link_testing::Link(
      {{"include/base/messages.h",
        "#pragma once\n"
        "#define DECLARE_MESSAGE(NAME, ARGS, COMMENT, ...) \\\n"
        "    extern const decltype(make_message_base ARGS) msg##NAME;\n"
        "#include \"message-data.inc.h\"\n"
        "#undef DECLARE_MESSAGE\n"},
       {"include/base/message-data.inc.h",
        "DECLARE_MESSAGE(ABaseline, (), \"\", \"a baseline\")\n"
        "DECLARE_MESSAGE(ErrorDetectingCompilerInfo,\n"
        "                (msg::path),\n"
        "                \"\",\n"
        "                \"while detecting compiler information:\\nThe log file content at \"\n"
        "                \"\\\"{path}\\\" is:\")\n"
        "DECLARE_MESSAGE(ErrorUnableToDetectCompilerInfo,\n"
        "                (),\n"
        "                \"failure output will be displayed at the top of this\",\n"
        "                \"vcpkg was unable to detect the active compiler's information.\")\n"},
       {"src/build.cpp",
        "#include \"base/messages.h\"\n"
        "void detect(const Path& log, bool failed) {\n"
        "  if (failed) {\n"
        "    msg::println_error(msgErrorDetectingCompilerInfo, msg::path = log);\n"
        "    Checks::msg_exit_with_error(VCPKG_LINE_INFO, msgErrorUnableToDetectCompilerInfo);\n"
        "    msg::println_error(msgNoSuchRow);\n"
        "  }\n"
        "}\n"}},
      {"include/base/message-data.inc.h"});
  ASSERT_EQ(r.At("src/build.cpp", 4).size(), 1u) << Dump(r);
  const ErrorSite* s = r.At("src/build.cpp", 4)[0];
  EXPECT_EQ(s->message.Display(),
            "while detecting compiler information:\nThe log file content at \"{path}\" is:");
  EXPECT_NE(s->message_origin_note.find("include/base/message-data.inc.h:2"), std::string::npos)
      << s->message_origin_note;
  EXPECT_TRUE(Matches(*s,
                      "while detecting compiler information:\nThe log file content at "
                      "\"C:\\vcpkg\\stdout-x64-windows.log\" is:"));
  ASSERT_EQ(s->conditions.size(), 1u);
  EXPECT_EQ(s->conditions[0].expr, "failed");
  ASSERT_NE(
      r.Find("src/build.cpp", 5, "vcpkg was unable to detect the active compiler's information."),
      nullptr)
      << Dump(r);
  EXPECT_TRUE(r.At("src/build.cpp", 6).empty()) << Dump(r);  // no row, no record
}

TEST(LinkCpp, NamespacedConstantFromAnotherFileIsTheMessage) {
  Linked r = LinkC({{"include/cfg/messages.h", kMessagesHeader},
                    {"src/reader.cpp",
                     "#include \"cfg/messages.h\"\n"
                     "namespace cfg {\n"
                     "void Reader::Key(const Node& n) {\n"
                     "  if (!n.IsString())\n"
                     "    throw std::invalid_argument(Msg::BAD_KEY);\n"
                     "  if (!open_) throw std::runtime_error(cfg::Msg::NO_FILE);\n"
                     "}\n"
                     "}\n"}});
  const ErrorSite* s = r.Find("src/reader.cpp", 5, "key must be a string");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "std::invalid_argument");
  EXPECT_FALSE(s->message_opaque);
  EXPECT_NE(s->message_origin_note.find("cfg::Msg::BAD_KEY"), std::string::npos);
  EXPECT_NE(s->message_origin_note.find("include/cfg/messages.h:4"), std::string::npos);
  EXPECT_TRUE(Matches(*s, "key must be a string"));
  ASSERT_NE(r.Find("src/reader.cpp", 6, "configuration file not found"), nullptr) << Dump(r);
}

TEST(LinkCpp, DefineInAHeaderIsTheMessageOfAThrowInAnotherFile) {
  Linked r = LinkC({{"src/errors.h", "#define ERR_NOMEM_MSG \"out of memory\"\n"},
                    {"src/read.cc",
                     "#include \"errors.h\"\n"
                     "void ReadAll(Buffer* buf) {\n"
                     "  if (!buf->Grow()) throw std::bad_alloc_error(ERR_NOMEM_MSG);\n"
                     "}\n"}});
  const ErrorSite* s = r.Find("src/read.cc", 3, "out of memory");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "std::bad_alloc_error");
  EXPECT_NE(s->message_origin_note.find("src/errors.h:1"), std::string::npos);
}

// A constant whose text is another constant plus a literal.
// aria2's shape: message macros marked for translation in one header
// (`#define EX_BAD_STATUS _("...status=%d")`), thrown in another file
// through an exception macro, once formatted by `fmt(EX_X, value)`: the
// constant's text with its printf verb a hole for the value.
TEST(LinkCpp, TranslatedDefineFormattedByACallIsTheMessage) {
  Linked r =
      LinkC({{"src/message.h",
              "#define MSG_RESOURCE_NOT_FOUND _(\"Resource not found\")\n"
              "#define EX_BAD_STATUS _(\"The response status is not successful. "
              "status=%d\")\n"},
             {"src/DlAbortEx.h",
              "#define DL_ABORT_EX2(arg1, arg2) DlAbortEx(__FILE__, __LINE__, arg1, arg2)\n"},
             {"src/skip.cc",
              "#include \"message.h\"\n"
              "bool Skip::process(int statusCode) {\n"
              "  if (statusCode == 404)\n"
              "    throw DL_ABORT_EX2(MSG_RESOURCE_NOT_FOUND, error_code::NOT_FOUND);\n"
              "  throw DL_ABORT_EX2(fmt(EX_BAD_STATUS, statusCode), error_code::PROTOCOL);\n"
              "}\n"}});
  const ErrorSite* found = r.Find("src/skip.cc", 4, "Resource not found");
  ASSERT_NE(found, nullptr) << Dump(r);
  EXPECT_EQ(found->error_class, "DL_ABORT_EX2");
  const ErrorSite* s = r.Find("src/skip.cc", 5, "The response status is not successful. status=%d");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_NE(s->message_origin_note.find("formatted by `fmt`"), std::string::npos)
      << s->message_origin_note;
  EXPECT_TRUE(Matches(*s, "The response status is not successful. status=421"));
}

TEST(LinkCpp, ConstantsMadeOfConstantsResolve) {
  Linked r = LinkC({{"src/msg.h",
                     "#define PREFIX_MSG \"tool: \"\n"
                     "static const char *const USAGE_ERR = PREFIX_MSG \"bad usage\";\n"},
                    {"src/main.cpp",
                     "int main() {\n"
                     "  throw std::runtime_error(USAGE_ERR);\n"
                     "}\n"}});
  // `PREFIX_MSG "bad usage"` in one file is text already (the macro is
  // known there).
  const ErrorSite* s = r.Find("src/main.cpp", 2, "tool: bad usage");
  ASSERT_NE(s, nullptr) << Dump(r);
}

// Redis's shared replies: a field of a global object set once from a
// literal at start-up, handed to a wrapper that replies with an error.
TEST(LinkCpp, SharedObjectFieldPassedToAReplyWrapperIsASiteAtTheCall) {
  Linked r = LinkC({{"src/server.c",
                     "struct sharedObjectsStruct shared;\n"
                     "void createSharedObjects(void) {\n"
                     "    shared.nopermerr = createObject(OBJ_STRING,sdsnew(\n"
                     "        \"-NOPERM this user has no permissions\\r\\n\"));\n"
                     "}\n"
                     "void rejectCommand(client *c, robj *reply) {\n"
                     "    c->duration = 0;\n"
                     "    addReplyErrorObject(c, reply);\n"
                     "}\n"},
                    {"src/acl.c",
                     "int aclCheck(client *c) {\n"
                     "    if (!allowed(c)) {\n"
                     "        rejectCommand(c, shared.nopermerr);\n"
                     "        return C_ERR;\n"
                     "    }\n"
                     "    return C_OK;\n"
                     "}\n"}});
  const ErrorSite* s = r.Find("src/acl.c", 3, "NOPERM this user has no permissions");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->kind, SiteKind::kRaise);
  EXPECT_EQ(s->function, "aclCheck");
  EXPECT_NE(s->message_origin_note.find("rejectCommand"), std::string::npos);
  EXPECT_TRUE(Matches(*s, "NOPERM this user has no permissions"));
  // The wrapper alone is no site.
  EXPECT_EQ(r.CountAt("src/server.c", 8), 0) << Dump(r);
}

// A C wrapper that formats a prefix around its parameter and exits.
TEST(LinkCpp, CWrapperWithPrefixIsASiteAtEachCallWithText) {
  Linked r = LinkC({{"src/util.c",
                     "void die(const char *msg) {\n"
                     "  fprintf(stderr, \"fatal: %s\\n\", msg);\n"
                     "  exit(1);\n"
                     "}\n"},
                    {"src/main.c",
                     "int main(int argc, char **argv) {\n"
                     "  if (argc < 2) die(\"missing input file\");\n"
                     "  return 0;\n"
                     "}\n"}});
  const ErrorSite* s = r.Find("src/main.c", 2, "fatal: missing input file");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->kind, SiteKind::kLog);
  EXPECT_TRUE(Matches(*s, "fatal: missing input file"));
}

// yaml-cpp's shape: a base exception builds "lib: error at line L, column C:
// msg" in a static helper (or the bare message when there is no position);
// derived classes pass a namespaced constant from their base initializer;
// the throws are in another header.
const char* kExceptionsHeader =
    "#pragma once\n"
    "namespace yl {\n"
    "namespace ErrorMsg {\n"
    "const char* const BAD_CAST = \"bad conversion\";\n"
    "const char* const END_OF_LIST = \"end of list not found\";\n"
    "const char* const MISSING = \"invalid node; no such key\";\n"
    "inline const std::string MISSING_WITH_KEY(const std::string& key) {\n"
    "  std::stringstream stream;\n"
    "  if (key.empty()) {\n"
    "    return MISSING;\n"
    "  }\n"
    "  stream << \"invalid node; first missing key: \\\"\" << key << \"\\\"\";\n"
    "  return stream.str();\n"
    "}\n"
    "}\n"
    "class YL_API Exception : public std::runtime_error {\n"
    " public:\n"
    "  Exception(const Mark& mark_, const std::string& msg_)\n"
    "      : std::runtime_error(build_what(mark_, msg_)), mark(mark_), msg(msg_) {}\n"
    "  Mark mark;\n"
    "  std::string msg;\n"
    " private:\n"
    "  static const std::string build_what(const Mark& mark, const std::string& msg) {\n"
    "    if (mark.is_null()) {\n"
    "      return msg;\n"
    "    }\n"
    "    std::stringstream output;\n"
    "    output << \"yl: error at line \" << mark.line + 1 << \", column \"\n"
    "           << mark.column + 1 << \": \" << msg;\n"
    "    return output.str();\n"
    "  }\n"
    "};\n"
    "class YL_API ParserException : public Exception {\n"
    " public:\n"
    "  ParserException(const Mark& mark_, const std::string& msg_)\n"
    "      : Exception(mark_, msg_) {}\n"
    "};\n"
    "class BadCast : public Exception {\n"
    " public:\n"
    "  explicit BadCast(const Mark& mark_) : Exception(mark_, ErrorMsg::BAD_CAST) {}\n"
    "};\n"
    "template <typename T>\n"
    "class TypedBadCast : public BadCast {\n"
    " public:\n"
    "  explicit TypedBadCast(const Mark& mark_) : BadCast(mark_) {}\n"
    "};\n"
    "class InvalidNode : public Exception {\n"
    " public:\n"
    "  InvalidNode(const std::string& key)\n"
    "      : Exception(Mark::null_mark(), ErrorMsg::MISSING_WITH_KEY(key)) {}\n"
    "};\n"
    "}\n";

TEST(LinkCpp, ExceptionClassesComposeThroughBaseInitializersAcrossFiles) {
  Linked r = LinkC({{"include/yl/exceptions.h", kExceptionsHeader},
                    {"include/yl/node/impl.h",
                     "namespace yl {\n"
                     "template <typename T>\n"
                     "T Node::as() const {\n"
                     "  if (!m_pNode)\n"
                     "    throw InvalidNode(m_invalidKey);\n"
                     "  throw TypedBadCast<T>(Mark());\n"
                     "}\n"
                     "}\n"},
                    {"src/parser.cpp",
                     "namespace yl {\n"
                     "void Parser::List() {\n"
                     "  if (m_scanner.empty())\n"
                     "    throw ParserException(m_scanner.mark(), ErrorMsg::END_OF_LIST);\n"
                     "}\n"
                     "}\n"}});
  const std::string impl = "include/yl/node/impl.h";
  const ErrorSite* s = r.Find(
      impl, 6, "yl: error at line {mark.line + 1}, column {mark.column + 1}: bad conversion");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "TypedBadCast");  // what the terminate handler names
  EXPECT_EQ(s->kind, SiteKind::kRaise);
  EXPECT_NE(s->message_origin_note.find("include/yl/exceptions.h"), std::string::npos);
  EXPECT_TRUE(Matches(*s, "yl: error at line 1, column 1: bad conversion"));
  // Without a position the bare text.
  ASSERT_NE(r.Find(impl, 6, "bad conversion"), nullptr) << Dump(r);
  // The helper's two returns: the constant when the key is empty, a
  // sentence naming it otherwise.
  const ErrorSite* n = r.Find(impl, 5, "invalid node; no such key");
  ASSERT_NE(n, nullptr) << Dump(r);
  EXPECT_EQ(n->error_class, "InvalidNode");
  EXPECT_TRUE(Matches(*n, "invalid node; no such key"));
  ASSERT_NE(r.Find(impl, 5, "invalid node; first missing key: \"{m_invalidKey}\""), nullptr)
      << Dump(r);
  // The opaque extractor sites at those throws were replaced.
  for (const ErrorSite* x : r.At(impl, 5)) EXPECT_FALSE(x->message_opaque) << Dump(r);
  for (const ErrorSite* x : r.At(impl, 6)) EXPECT_FALSE(x->message_opaque) << Dump(r);
  // A throw in another file passing a constant of the header.
  const ErrorSite* p =
      r.Find("src/parser.cpp", 4,
             "yl: error at line {mark.line + 1}, column {mark.column + 1}: end of list not found");
  ASSERT_NE(p, nullptr) << Dump(r);
  EXPECT_EQ(p->error_class, "ParserException");
  EXPECT_TRUE(Matches(*p, "yl: error at line 3, column 7: end of list not found"));
}

// yaml-cpp's Exp::Escape: the constant joined with the offending character
// (`std::string(ErrorMsg::X) + ch`) takes the constant's text too.
TEST(LinkCpp, ConstantJoinedWithAValueComposes) {
  Linked r =
      LinkC({{"include/yl/exceptions.h", kExceptionsHeader},
             {"src/exp.cpp",
              "namespace yl {\n"
              "std::string Escape(Stream& in) {\n"
              "  char ch = in.get();\n"
              "  throw ParserException(in.mark(), std::string(ErrorMsg::END_OF_LIST) + ch);\n"
              "}\n"
              "}\n"}});
  const ErrorSite* p = r.Find(
      "src/exp.cpp", 4,
      "yl: error at line {mark.line + 1}, column {mark.column + 1}: end of list not found{ch}");
  ASSERT_NE(p, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*p, "yl: error at line 1, column 8: end of list not found!"));
}

// Hostile input: constructors that initialise each other, a constant
// defined as itself, a helper calling itself: bounded, no site invented.
TEST(LinkCpp, CyclesTerminate) {
  Linked r = LinkC({{"src/cycle.h",
                     "#define LOOP_MSG LOOP_MSG\n"
                     "static const char* const SELF_MSG = SELF_MSG;\n"
                     "class A : public B {\n"
                     " public:\n"
                     "  A(const std::string& m) : B(m + \" in A\") {}\n"
                     "};\n"
                     "class B : public A {\n"
                     " public:\n"
                     "  B(const std::string& m) : A(m + \" in B\") {}\n"
                     "};\n"
                     "std::string f(const std::string& s) { return f(s + \"x\"); }\n"
                     "void g() {\n"
                     "  throw A(LOOP_MSG);\n"
                     "  throw B(SELF_MSG);\n"
                     "  throw std::runtime_error(f(\"y\"));\n"
                     "}\n"}});
  for (const auto& v : r.sites) {
    for (const ErrorSite& s : v) EXPECT_LT(s.message.Display().size(), 4096u) << Dump(r);
  }
  EXPECT_LE(r.stats.derived_sinks, 2 * static_cast<int>(kMaxSinksPerFunction)) << Dump(r);
}

// Exception classes that compose their text (after CLI11's Error.hpp): a
// constructor delegating to the class's own macro-declared constructor, a
// static factory returning `X(text)` or `{text, code}`, and `?:` branches
// inside a concatenation. Each throw in another file gets the composed text
// and the class, not the factory's name.
TEST(LinkCpp, ComposingConstructorsAndStaticFactories) {
  const char* error_hpp =
      "#pragma once\n"
      "#include <stdexcept>\n"
      "#include <string>\n"
      "namespace CLI {\n"
      "#define ERR_DEF(parent, name)                                                \\\n"
      "  public:                                                                    \\\n"
      "    name(std::string msg, int exit_code) : parent(#name, std::move(msg), exit_code) {}\n"
      "#define ERR_SIMPLE(name) \\\n"
      "    explicit name(std::string msg) : name(#name, std::move(msg), 1) {}\n"
      "\n"
      "class Error : public std::runtime_error {\n"
      "  public:\n"
      "    Error(std::string name, std::string msg, int exit_code = 1) : runtime_error(msg) {}\n"
      "};\n"
      "class ParseError : public Error {\n"
      "    ERR_DEF(Error, ParseError);\n"
      "};\n"
      "class FileError : public ParseError {\n"
      "    ERR_DEF(ParseError, FileError);\n"
      "    ERR_SIMPLE(FileError);\n"
      "    static FileError Missing(std::string name) { return FileError(name + \" was not "
      "readable (missing?)\"); }\n"
      "};\n"
      "class RequiredError : public ParseError {\n"
      "    ERR_DEF(ParseError, RequiredError);\n"
      "    explicit RequiredError(std::string name) : RequiredError(name + \" is required\", 7) "
      "{}\n"
      "    static RequiredError Subcommand(std::size_t min_subcom) {\n"
      "        if(min_subcom == 1) {\n"
      "            return RequiredError(\"A subcommand\");\n"
      "        }\n"
      "        return {\"Requires at least \" + std::to_string(min_subcom) + \" subcommands\", "
      "7};\n"
      "    }\n"
      "};\n"
      "class ExtrasError : public ParseError {\n"
      "    ERR_DEF(ParseError, ExtrasError);\n"
      "    explicit ExtrasError(std::vector<std::string> args)\n"
      "        : ExtrasError((args.size() > 1 ? \"The following arguments were not expected: \"\n"
      "                                       : \"The following argument was not expected: \") +\n"
      "                          join(args, \" \"),\n"
      "                      8) {}\n"
      "};\n"
      "}\n";
  const char* app_hpp =
      "#pragma once\n"
      "#include \"Error.hpp\"\n"
      "namespace CLI {\n"
      "class App {\n"
      "  public:\n"
      "    void parse_config(const std::string &file) {\n"
      "        if(!exists(file)) {\n"
      "            throw FileError::Missing(file);\n"
      "        }\n"
      "    }\n"
      "    void check_required(const std::string &name, bool given) {\n"
      "        if(!given) {\n"
      "            throw RequiredError(name);\n"
      "        }\n"
      "    }\n"
      "    void check_subcommands(std::size_t n) {\n"
      "        if(n < require_subcommand_min_) {\n"
      "            throw RequiredError::Subcommand(require_subcommand_min_);\n"
      "        }\n"
      "    }\n"
      "    void check_extras(std::vector<std::string> rest) {\n"
      "        if(!rest.empty()) {\n"
      "            throw ExtrasError(rest);\n"
      "        }\n"
      "    }\n"
      "  private:\n"
      "    std::size_t require_subcommand_min_ = 0;\n"
      "};\n"
      "}\n";
  Linked r = link_testing::Link({{"include/Error.hpp", error_hpp}, {"include/App.hpp", app_hpp}});
  const ErrorSite* s = r.Find("include/App.hpp", 8, "{file} was not readable (missing?)");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "FileError");
  s = r.Find("include/App.hpp", 13, "{name} is required");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "RequiredError");
  EXPECT_NE(r.Find("include/App.hpp", 18, "A subcommand is required"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("include/App.hpp", 23,
                   "The following arguments were not expected: {join(args, \" \")}"),
            nullptr)
      << Dump(r);
  EXPECT_NE(
      r.Find("include/App.hpp", 23, "The following argument was not expected: {join(args, \" \")}"),
      nullptr)
      << Dump(r);
}

// spdlog: a header-only library whose definitions start with a specifier
// macro (`SPDLOG_INLINE void f()`), and a throw helper that builds the
// library's own exception class with its parameter first. Calls passing a
// `+` chain of text are sites at the call, with the composed text and the
// class; the helper's own throw is among their lines.
TEST(LinkCpp, ThrowHelperOfTheLibrarysOwnClassComposesConcatenatedCalls) {
  Linked r = link_testing::Link(
      {{"include/spdlog/common-inl.h",
        "namespace spdlog {\n"
        "SPDLOG_INLINE void throw_spdlog_ex(const std::string &msg, int last_errno) {\n"
        "    SPDLOG_THROW(spdlog_ex(msg, last_errno));\n"
        "}\n"
        "SPDLOG_INLINE void throw_spdlog_ex(std::string msg) { "
        "SPDLOG_THROW(spdlog_ex(std::move(msg))); }\n"
        "}\n"},
       {"include/spdlog/details/registry-inl.h",
        "namespace spdlog {\n"
        "namespace details {\n"
        "SPDLOG_INLINE void registry::throw_if_exists_(const std::string &logger_name) {\n"
        "    if (loggers_.find(logger_name) != loggers_.end()) {\n"
        "        throw_spdlog_ex(\"logger with name '\" + logger_name + \"' already exists\");\n"
        "    }\n"
        "}\n"
        "SPDLOG_INLINE void file_helper::open(const filename_t &fname) {\n"
        "    throw_spdlog_ex(\"Failed opening file \" + os::filename_to_str(filename_) + \" for "
        "writing\",\n"
        "                    errno);\n"
        "}\n"
        "}\n"
        "}\n"}});
  const ErrorSite* s = r.Find("include/spdlog/details/registry-inl.h", 5,
                              "logger with name '{logger_name}' already exists");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "spdlog_ex");
  EXPECT_TRUE(Matches(*s, "logger with name 'stratum_connections' already exists"));
  s = r.Find("include/spdlog/details/registry-inl.h", 9,
             "Failed opening file {os::filename_to_str(filename_)} for writing");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "spdlog_ex");
}

// mamba's lock errors: a member template that logs its parameter with a
// project's level macro (`LOG_ERROR << error_message`) and throws it
// prefixed through a local (`fmt::format("...: {}", std::move(error_message))`).
// A call passing `fmt::format(..)` text is a site at the call for both: the
// logged text and the thrown one.
TEST(LinkCpp, MemberLoggingAndThrowingItsParameterComposesFormattedCalls) {
  Linked r = link_testing::Link(
      {{"libmamba/src/core/util.cpp",
        "namespace mamba {\n"
        "class LockFileOwner {\n"
        "    template <typename Func = no_op>\n"
        "    void throw_lock_error(std::string error_message, Func before = no_op{}) const\n"
        "    {\n"
        "        auto complete = fmt::format(\"LockFile acquisition failed, aborting: {}\",\n"
        "                                    std::move(error_message));\n"
        "        LOG_ERROR << error_message;\n"
        "        throw mamba_error(complete, mamba_error_code::lockfile_failure);\n"
        "    }\n"
        "    void open();\n"
        "};\n"
        "void LockFileOwner::open()\n"
        "{\n"
        "    if (m_fd <= 0)\n"
        "    {\n"
        "        throw_lock_error(fmt::format(\"Could not open lockfile '{}'\", "
        "m_path.string()));\n"
        "    }\n"
        "}\n"
        "}\n"}});
  const ErrorSite* logged =
      r.Find("libmamba/src/core/util.cpp", 17, "Could not open lockfile '{}'");
  ASSERT_NE(logged, nullptr) << Dump(r);
  EXPECT_EQ(logged->severity, "error");
  EXPECT_TRUE(Matches(*logged, "Could not open lockfile '/home/u/pkgs/cache/mamba.lock'"));
  const ErrorSite* thrown =
      r.Find("libmamba/src/core/util.cpp", 17,
             "LockFile acquisition failed, aborting: Could not open lockfile '{}'");
  ASSERT_NE(thrown, nullptr) << Dump(r);
  EXPECT_EQ(thrown->error_class, "mamba_error");
}

// glog writes a constant with `fwrite(message, len, 1, stderr)` in a
// helper: `WriteToStderr(w, strlen(w))` after `const char w[] = "WARNING:
// Logging before InitGoogleLogging() is " "written to STDERR\n";`.
TEST(LinkCpp, FwriteToStderrThroughAHelper) {
  auto r = LinkC({{"src/logging.cc",
                   "static void WriteToStderr(const char* message, size_t len) {\n"  // 1
                   "  fwrite(message, len, 1, stderr);\n"                            // 2
                   "}\n"                                                             // 3
                   "void LogMessage::SendToLog() {\n"                                // 4
                   "  if (!already_warned && !IsGoogleLoggingInitialized()) {\n"     // 5
                   "    const char w[] =\n"                                          // 6
                   "        \"WARNING: Logging before InitGoogleLogging() is \"\n"   // 7
                   "        \"written to STDERR\\n\";\n"                             // 8
                   "    WriteToStderr(w, strlen(w));\n"                              // 9
                   "  }\n"                                                           // 10
                   "}\n"}});
  bool found = false;
  for (const auto& v : r.sites) {
    for (const ErrorSite& s : v) {
      // The level label goes to the severity (level_labels.h).
      if (s.message.Display() == "Logging before InitGoogleLogging() is written to STDERR") {
        EXPECT_EQ(s.severity, "warning");
        found = true;
        EXPECT_GE(s.line, 6);
        EXPECT_LE(s.line, 9);
      }
    }
  }
  EXPECT_TRUE(found) << Dump(r);
}

// jemalloc's malloc_write(s) hands the text to wrtmessage, which writes it
// with its own malloc_write_fd(STDERR_FILENO, s, strlen(s)): each
// malloc_write("<jemalloc>: ..") is a site at the call.
TEST(LinkCpp, OwnWriteToTheErrorDescriptorThroughHelpers) {
  auto r = LinkC({{"src/malloc_io.c",
                   "void wrtmessage(void *cbopaque, const char *s) {\n"  // 1
                   "  malloc_write_fd(STDERR_FILENO, s, strlen(s));\n"   // 2
                   "}\n"                                                 // 3
                   "void malloc_write(const char *s) {\n"                // 4
                   "  if (je_malloc_message != NULL) {\n"                // 5
                   "    je_malloc_message(NULL, s);\n"                   // 6
                   "  } else {\n"                                        // 7
                   "    wrtmessage(NULL, s);\n"                          // 8
                   "  }\n"                                               // 9
                   "}\n"},                                               // 10
                  {"src/pages.c",
                   "void pages_boot(void) {\n"                     // 1
                   "  if (madvise_dont_need_zeros_is_faulty) {\n"  // 2
                   "    malloc_write(\n"                           // 3
                   "        \"<jemalloc>: MADV_DONTNEED does not work (memset will be used \"\n"
                   "        \"instead)\\n\");\n"                          // 5
                   "  }\n"                                                // 6
                   "  if (read_fd(STDERR_FILENO, buf, 4) < 0) return;\n"  // 7
                   "}\n"}});
  const ErrorSite* s = r.Find(
      "src/pages.c", 3, "<jemalloc>: MADV_DONTNEED does not work (memset will be used instead)");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s, "<jemalloc>: MADV_DONTNEED does not work (memset will be used instead)"));
}

}  // namespace
}  // namespace errdex
