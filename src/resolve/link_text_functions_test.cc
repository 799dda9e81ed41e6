// Text functions (link_text_functions.h): a raise that only calls a
// function returning its message takes that function's text, per language.
#include "resolve/link_text_functions.h"

#include <gtest/gtest.h>

#include "resolve/call_expr.h"
#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;
using link_testing::Matches;

TEST(CallExpr, ParsesNamesReceiversAndArguments) {
  std::optional<CallExpr> c = ParseCallExpr("self._fmt(x, \"a, b\", key=1)");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->receiver, "self");
  EXPECT_EQ(c->name, "_fmt");
  ASSERT_EQ(c->args.size(), 3u);
  EXPECT_EQ(c->args[1], "\"a, b\"");
  EXPECT_EQ(c->keywords[2], "key");
  c = ParseCallExpr("$this->msg($x)");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->receiver, "$this");
  c = ParseCallExpr("notRegisteredMessage(simpleName ?: \"<local>\")");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->args[0], "simpleName ?: \"<local>\"");
  EXPECT_FALSE(ParseCallExpr("f(a) + g(b)"));
  EXPECT_FALSE(ParseCallExpr("format!(\"x\")"));
  EXPECT_FALSE(ParseCallExpr("new X(a)"));
  EXPECT_FALSE(ParseCallExpr("x"));
}

TEST(TextFunctions, KotlinFollowsExtensionOverloads) {
  Linked r = Link({{"core/Platform.common.kt", R"SRC(package x

internal fun KClass<*>.serializerNotRegistered(): Nothing {
    throw SerializationException(notRegisteredMessage())
}

internal fun KClass<*>.notRegisteredMessage(): String = notRegisteredMessage(simpleName ?: "<local class name not available>")

internal fun notRegisteredMessage(className: String): String = "Serializer for class '$className' is not found.\n" +
        "Please ensure that class is marked as '@Serializable' and that the serialization compiler plugin is applied.\n"

fun count(): Int = 3

fun other() {
    error(describe("left"))
    throw IllegalStateException(count())
}

fun describe(side: String): String = if (side == "left") "left side is broken" else "side $side is broken"
)SRC"}});
  const std::string msg =
      "Serializer for class '${simpleName ?: \"<local class name not available>\"}' is not "
      "found.\nPlease ensure that class is marked as '@Serializable' and that the "
      "serialization compiler plugin is applied.\n";
  const ErrorSite* s = r.Find("core/Platform.common.kt", 4, "");
  ASSERT_EQ(r.At("core/Platform.common.kt", 4).size(), 1u) << Dump(r);
  s = r.At("core/Platform.common.kt", 4)[0];
  EXPECT_EQ(s->error_class, "SerializationException");
  EXPECT_FALSE(s->message_opaque);
  EXPECT_TRUE(Matches(*s,
                      "Serializer for class 'MyArgs' is not found.\nPlease ensure that class is "
                      "marked as '@Serializable' and that the serialization compiler plugin is "
                      "applied.\n"))
      << s->message.Display();
  EXPECT_NE(s->message_origin_note.find("notRegisteredMessage()"), std::string::npos);
  // Several returns: one site each; the literal argument fills the parameter.
  EXPECT_NE(r.Find("core/Platform.common.kt", 15, "left side is broken"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("core/Platform.common.kt", 15, "side left is broken"), nullptr) << Dump(r);
  // A function returning a number is no message.
  ASSERT_EQ(r.CountAt("core/Platform.common.kt", 16), 1) << Dump(r);
  EXPECT_TRUE(r.At("core/Platform.common.kt", 16)[0]->message_opaque);
}

TEST(TextFunctions, JavaStaticHelperAndErrorLocal) {
  Linked r = Link({{"src/util/BeanUtil.java", R"SRC(package x;
public class BeanUtil {
    public static String checkUnsupportedType(MapperConfig<?> config, JavaType type) {
        final String className = type.getRawClass().getName();
        String typeName, moduleName;
        if (isJava8TimeClass(className)) {
            typeName =  "Java 8 date/time";
            moduleName = "com.fasterxml.jackson.datatype:jackson-datatype-jsr310";
        } else if (isJodaTimeClass(className)) {
            typeName =  "Joda date/time";
            moduleName = "com.fasterxml.jackson.datatype:jackson-datatype-joda";
        } else {
            return null;
        }
        String str = String.format("%s type %s not supported by default: add Module \"%s\" to enable handling",
                typeName, ClassUtil.getTypeDescription(type), moduleName);
        if (failFeature != null) {
             str = String.format("%s (or disable `MapperFeature.%s`)", str, name());
        }
        return str;
    }
    public static int size() { return 3; }
}
)SRC"},
                   {"src/ser/Factory.java", R"SRC(package x;
class Factory {
    JsonSerializer<?> find(SerializerProvider ctxt, JavaType type) {
        final String errorMsg = BeanUtil.checkUnsupportedType(ctxt.getConfig(), type);
        if (errorMsg != null) {
            return new UnsupportedTypeSerializer(type, errorMsg);
        }
        throw new IllegalStateException(reason("x"));
    }
    private String reason(String what) {
        return "no reason for " + what;
    }
    void g() { throw new IllegalStateException(BeanUtil.size()); }
}
)SRC"}});
  // The held message is a site at the assignment; the local set in each
  // branch (`typeName`) is a hole, not its last value.
  const ErrorSite* s =
      r.Find("src/ser/Factory.java", 4,
             "%s type %s not supported by default: add Module \"%s\" to enable handling");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s,
                      "Java 8 date/time type `java.time.LocalDateTime` not supported by default: "
                      "add Module \"com.fasterxml.jackson.datatype:jackson-datatype-jsr310\" to "
                      "enable handling"));
  EXPECT_EQ(r.CountAt("src/ser/Factory.java", 4), 2) << Dump(r);  // with and without the suffix
  EXPECT_NE(r.Find("src/ser/Factory.java", 8, "no reason for x"), nullptr) << Dump(r);
  ASSERT_EQ(r.CountAt("src/ser/Factory.java", 13), 1) << Dump(r);
  EXPECT_TRUE(r.At("src/ser/Factory.java", 13)[0]->message_opaque);
}

// A text function that also returns what errdex cannot read (a
// StringBuilder's text) is not its one literal return: around other text
// the call stays a hole, alone it still gives the literal's site.
TEST(TextFunctions, OpaqueReturnKeepsTheCallAHole) {
  Linked r = Link({{"src/util/ClassUtil.java", R"SRC(package x;
public class ClassUtil {
    public static String getTypeDescription(JavaType fullType) {
        if (fullType == null) {
            return "[null]";
        }
        StringBuilder sb = new StringBuilder(80).append('`');
        sb.append(fullType.toCanonical());
        return sb.append('`').toString();
    }
    public static String kindOf(Object o) {
        if (o == null) {
            return "nothing";
        }
        return null;
    }
}
)SRC"},
                   {"src/ser/Factory.java", R"SRC(package x;
class Factory {
    void find(JavaType type, Object o) {
        if (type.isEnum()) {
            throw new IllegalArgumentException(String.format("type %s not supported", ClassUtil.getTypeDescription(type)));
        }
        if (o != null) {
            throw new IllegalArgumentException("cannot use " + ClassUtil.kindOf(o) + " here");
        }
        throw new IllegalStateException(ClassUtil.getTypeDescription(type));
    }
}
)SRC"}});
  ASSERT_EQ(r.CountAt("src/ser/Factory.java", 5), 1) << Dump(r);
  const ErrorSite* s = r.At("src/ser/Factory.java", 5)[0];
  EXPECT_EQ(s->message.Display(), "type %s not supported");
  EXPECT_TRUE(Matches(*s, "type `java.time.LocalDateTime` not supported"));
  // `return null` is no text: the one literal is what the call returns.
  EXPECT_NE(r.Find("src/ser/Factory.java", 8, "cannot use nothing here"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("src/ser/Factory.java", 10, "[null]"), nullptr) << Dump(r);
}

TEST(TextFunctions, PythonMethodsAndFunctions) {
  Linked r = Link({{"pkg/errors.py", R"SRC(def _format_error(name, kind="file"):
    if kind == "dir":
        return f"directory {name!r} is missing"
    return "file %s is missing" % name


def _count(x):
    return len(x)


class Loader:
    def _why(self, path):
        return "cannot load " + path

    def load(self, path):
        if not path:
            raise ValueError(_format_error("config"))
        if path == "x":
            raise OSError(self._why(path))
        raise RuntimeError(_count(path))
)SRC"}});
  EXPECT_NE(r.Find("pkg/errors.py", 17, "directory 'config' is missing"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("pkg/errors.py", 17, "file config is missing"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("pkg/errors.py", 19, "cannot load {path}"), nullptr) << Dump(r);
  ASSERT_EQ(r.CountAt("pkg/errors.py", 20), 1) << Dump(r);
  EXPECT_TRUE(r.At("pkg/errors.py", 20)[0]->message_opaque);
}

// jinja's Undefined raises the class it holds with the text a property
// builds: `raise self._undefined_exception(self._undefined_message)`.
TEST(TextFunctions, PythonPropertyReadAndAHeldExceptionClass) {
  Linked r = Link({{"jinja2/runtime.py", R"SRC(class Undefined:
    def __init__(self, obj, name, exc=UndefinedError):
        self._undefined_obj = obj
        self._undefined_name = name
        self._undefined_exception = exc

    @property
    def _undefined_message(self) -> str:
        if self._undefined_obj is missing:
            return f"{self._undefined_name!r} is undefined"
        return (
            f"{object_type_repr(self._undefined_obj)!r} has no"
            f" attribute {self._undefined_name!r}"
        )

    def _fail_with_undefined_error(self, *args, **kwargs):
        raise self._undefined_exception(self._undefined_message)

    def _other(self):
        raise self.make_thing(self._undefined_message)
)SRC"}});
  const char* kAttr =
      "{object_type_repr(self._undefined_obj)!r} has no attribute "
      "{self._undefined_name!r}";
  const ErrorSite* s = r.Find("jinja2/runtime.py", 17, kAttr);
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s, "'dict object' has no attribute 'items'"));
  EXPECT_NE(r.Find("jinja2/runtime.py", 17, "{self._undefined_name!r} is undefined"), nullptr)
      << Dump(r);
  // A call of another name is no exception class.
  EXPECT_EQ(r.CountAt("jinja2/runtime.py", 20), 0) << Dump(r);
}

// click's Choice.convert: `self.fail(self.get_invalid_choice_message(..))`,
// a wrapper sink whose whole argument is a text method's return; a call
// that returns no text adds nothing.
TEST(TextFunctions, PythonWrapperGivenOnlyATextMethodsReturn) {
  Linked r = Link({{"click/types.py", R"SRC(class BadParameter(Exception):
    pass


class ParamType:
    def fail(self, message, param=None):
        raise BadParameter(message, param)


class Choice(ParamType):
    def convert(self, value, param):
        if value not in self.choices:
            self.fail(self.invalid_choice_message(value), param=param)
        self.fail(self.lookup(value))

    def invalid_choice_message(self, value):
        return f"{value!r} is not one of {self.choices_str}."
)SRC"}});
  const ErrorSite* s = r.Find("click/types.py", 13, "{value!r} is not one of {self.choices_str}.");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "BadParameter");
  EXPECT_EQ(r.CountAt("click/types.py", 14), 0) << Dump(r);
}

TEST(TextFunctions, JavaScriptAndTypeScript) {
  Linked r = Link({{"lib/msg.js", R"SRC(function buildMessage(a, b) {
  return `expected ${a} but got ${b}`;
}
const reason = (code) => code === 1 ? 'bad input' : 'bad state';
function total() { return 1 + 2; }
class Parser {
  message(tok) { return 'unexpected token ' + tok; }
  run(tok) {
    if (!tok) throw new Error(buildMessage('a token', 'nothing'));
    if (tok === 1) throw new TypeError(reason(tok));
    if (tok === 2) throw new Error(this.message(tok));
    throw new Error(total());
  }
}
)SRC"},
                   {"src/fail.ts", R"SRC(function explain(name: string): string {
  return `no such command: ${name}`;
}
export function run(name: string) {
  throw new Error(explain(name));
}
)SRC"}});
  EXPECT_NE(r.Find("lib/msg.js", 9, "expected a token but got nothing"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("lib/msg.js", 10, "bad input"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("lib/msg.js", 10, "bad state"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("lib/msg.js", 11, "unexpected token ${tok}"), nullptr) << Dump(r);
  ASSERT_EQ(r.CountAt("lib/msg.js", 12), 1) << Dump(r);
  EXPECT_TRUE(r.At("lib/msg.js", 12)[0]->message_opaque);
  EXPECT_NE(r.Find("src/fail.ts", 5, "no such command: ${name}"), nullptr) << Dump(r);
}

TEST(TextFunctions, GoReportsThatCallTextFunctions) {
  Linked r = Link({{"pkg/codes/codes.go", R"SRC(package codes

func msgFor(code int) string {
	switch code {
	case 1:
		return "bad input"
	case 2:
		return "bad state"
	}
	return fmt.Sprintf("unknown code %d", code)
}

func count() int { return 3 }

func Check(code int) error {
	if code > 10 {
		panic(msgFor(code))
	}
	if code > 5 {
		return fmt.Errorf("%s", describe("disk"))
	}
	return errors.New(strconv.Itoa(count()))
}

func describe(what string) string {
	return what + " is full"
}
)SRC"}});
  EXPECT_NE(r.Find("pkg/codes/codes.go", 17, "bad input"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("pkg/codes/codes.go", 17, "bad state"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("pkg/codes/codes.go", 17, "unknown code %d"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("pkg/codes/codes.go", 20, "disk is full"), nullptr) << Dump(r);
  EXPECT_EQ(r.CountAt("pkg/codes/codes.go", 22), 0) << Dump(r);
}

TEST(TextFunctions, CStrerrorTableAndCppHelpers) {
  Linked r = Link({{"src/errs.c", R"SRC(#include <stdio.h>
static const char *my_strerror(int code) {
  switch (code) {
    case E_BAD: return "bad header";
    case E_LONG: return "line too long";
    default: return "unknown error";
  }
}
static int count(void) { return 3; }
void report(int code) {
  fprintf(stderr, "%s\n", my_strerror(code));
  fprintf(stderr, "%d\n", count());
}
)SRC"},
                   {"src/open.cc", R"SRC(#include <string>
std::string describe(const std::string& what) { return "cannot open " + what; }
int size() { return 1; }
void f(const std::string& p) {
  throw std::runtime_error(describe(p));
}
void g() { throw std::runtime_error(size()); }
)SRC"}});
  EXPECT_NE(r.Find("src/errs.c", 11, "bad header"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("src/errs.c", 11, "line too long"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("src/errs.c", 11, "unknown error"), nullptr) << Dump(r);
  EXPECT_EQ(r.CountAt("src/errs.c", 12), 0) << Dump(r);
  ASSERT_EQ(r.CountAt("src/open.cc", 5), 1) << Dump(r);
  EXPECT_TRUE(Matches(*r.At("src/open.cc", 5)[0], "cannot open /etc/x.conf")) << Dump(r);
  for (const ErrorSite* x : r.At("src/open.cc", 7)) EXPECT_TRUE(x->message_opaque) << Dump(r);
}

// A local set to a placeholder and then changed (nlohmann's hex_bytes starts
// from "FF" and overwrites both characters) does not return its first text.
TEST(TextFunctions, CppMutatedLocalIsNotTheReturnedText) {
  Linked r = Link({{"src/serializer.hpp", R"SRC(#include <string>
struct serializer {
  static std::string hex_bytes(unsigned char byte) {
    std::string result = "FF";
    result[0] = "0123456789ABCDEF"[byte / 16];
    result[1] = "0123456789ABCDEF"[byte % 16];
    return result;
  }
  void dump(unsigned char byte) {
    throw std::runtime_error("invalid UTF-8 byte: 0x" + hex_bytes(byte));
  }
};
)SRC"}});
  ASSERT_EQ(r.CountAt("src/serializer.hpp", 10), 1) << Dump(r);
  const ErrorSite* site = r.At("src/serializer.hpp", 10)[0];
  EXPECT_TRUE(Matches(*site, "invalid UTF-8 byte: 0x6E")) << Dump(r);
  EXPECT_EQ(site->message.Display().find("0xFF"), std::string::npos) << Dump(r);
}

TEST(TextFunctions, RustConstructorsAndPanics) {
  Linked r = Link({{"src/lib.rs", R"SRC(fn format_msg(name: &str) -> String {
    format!("cannot parse {}", name)
}

fn describe(code: u8) -> &'static str {
    match code {
        1 => "bad magic number",
        _ => "truncated header",
    }
}

fn size() -> usize { 3 }

pub fn parse(name: &str, code: u8) -> Result<(), Error> {
    if code == 0 {
        return Err(Error::new(format_msg(name)));
    }
    if code == 9 {
        return Err(Error::new(size()));
    }
    panic!("{}", describe(code));
}
)SRC"}});
  EXPECT_NE(r.Find("src/lib.rs", 16, "cannot parse {}"), nullptr) << Dump(r);
  EXPECT_EQ(r.CountAt("src/lib.rs", 19), 0) << Dump(r);
  EXPECT_NE(r.Find("src/lib.rs", 21, "bad magic number"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("src/lib.rs", 21, "truncated header"), nullptr) << Dump(r);
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

TEST(TextFunctions, PhpMethodsAndFunctions) {
  Linked r = Link({{"src/Validator.php", R"SRC(<?php
namespace App;

class Validator
{
    public function check($name, $value)
    {
        if ($value === null) {
            throw new \InvalidArgumentException($this->missing($name));
        }
        throw new \RuntimeException(self::invalid('mode', $value));
    }

    private function missing($field)
    {
        return sprintf('The "%s" option is required.', $field);
    }

    private static function invalid(string $field, $given): string
    {
        $hint = 'Use one of: a, b';
        return 'Invalid value for '.$field.': '.$given.'. '.$hint;
    }
}

function describe_failure($code)
{
    return "Request failed with code $code";
}

function go($code)
{
    throw new \LogicException(describe_failure($code));
}
)SRC"}});
  const ErrorSite* s = r.Find("src/Validator.php", 9, "");
  ASSERT_EQ(r.At("src/Validator.php", 9).size(), 1u) << Dump(r);
  s = r.At("src/Validator.php", 9)[0];
  EXPECT_TRUE(Matches(*s, "The \"timeout\" option is required.")) << s->message.Display();
  EXPECT_NE(s->message_origin_note.find("missing()"), std::string::npos) << s->message_origin_note;
  ASSERT_EQ(r.At("src/Validator.php", 11).size(), 1u) << Dump(r);
  s = r.At("src/Validator.php", 11)[0];
  EXPECT_TRUE(Matches(*s, "Invalid value for mode: fast. Use one of: a, b"))
      << s->message.Display();
  ASSERT_EQ(r.At("src/Validator.php", 33).size(), 1u) << Dump(r);
  s = r.At("src/Validator.php", 33)[0];
  EXPECT_TRUE(Matches(*s, "Request failed with code 502")) << s->message.Display();
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

TEST(TextFunctions, CSharpStringMethods) {
  Linked r = Link({{"Src/Lib/Reader.cs", R"SRC(namespace Lib
{
    public class Reader
    {
        public void Read(string path, int depth)
        {
            if (depth > 64)
                throw new JsonReaderException(TooDeep(depth));
            throw new InvalidOperationException(Messages.Missing(path));
        }

        private string TooDeep(int depth) => $"The reader is nested too deeply: {depth} levels.";

        public int Count() => 3;
    }

    internal static class Messages
    {
        public static string Missing(string path)
        {
            return string.Format("Could not find file '{0}'.", path);
        }
    }
}
)SRC"}});
  ASSERT_EQ(r.At("Src/Lib/Reader.cs", 8).size(), 1u) << Dump(r);
  const ErrorSite* s = r.At("Src/Lib/Reader.cs", 8)[0];
  EXPECT_TRUE(Matches(*s, "The reader is nested too deeply: 65 levels.")) << s->message.Display();
  EXPECT_NE(s->message_origin_note.find("TooDeep()"), std::string::npos) << s->message_origin_note;
  ASSERT_EQ(r.At("Src/Lib/Reader.cs", 9).size(), 1u) << Dump(r);
  s = r.At("Src/Lib/Reader.cs", 9)[0];
  EXPECT_TRUE(Matches(*s, "Could not find file 'a.json'.")) << s->message.Display();
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

TEST(TextFunctions, RubyMethodsReturnTheirLastExpression) {
  Linked r = Link({{"lib/rack/config.rb", R"SRC(module Rack
  class Config
    def check(name, value)
      raise ArgumentError, missing_message(name) if value.nil?
      raise TypeError, type_message(name, value) unless value.is_a?(String)
    end

    def missing_message(name)
      "#{name} is required"
    end

    def type_message(name, value)
      return "#{name} must be a String, got #{value.class}" if name
      "value must be a String"
    end
  end
end
)SRC"}});
  ASSERT_EQ(r.At("lib/rack/config.rb", 4).size(), 1u) << Dump(r);
  const ErrorSite* s = r.At("lib/rack/config.rb", 4)[0];
  EXPECT_EQ(s->error_class, "ArgumentError");
  EXPECT_TRUE(Matches(*s, "host is required")) << s->message.Display();
  EXPECT_EQ(s->function, "Rack.Config.check");
  EXPECT_NE(r.Find("lib/rack/config.rb", 5, "value must be a String"), nullptr) << Dump(r);
  const std::vector<const ErrorSite*> five = r.At("lib/rack/config.rb", 5);
  EXPECT_TRUE(std::any_of(five.begin(), five.end(), [](const ErrorSite* x) {
    return Matches(*x, "port must be a String, got Integer");
  })) << Dump(r);
}

// webpacker's `raise MissingEntryError, missing_file_from_manifest_error(
// full_pack_name(..))`: the method's last expression is a heredoc, whose
// body the parser puts after the statement that opens it.
TEST(TextFunctions, RubyMethodReturningAHeredoc) {
  Linked r = Link({{"lib/webpacker/manifest.rb", R"SRC(class Webpacker::Manifest
  class MissingEntryError < StandardError; end

  private
    def handle_missing_entry(name, pack_type)
      raise Webpacker::Manifest::MissingEntryError, missing_file_from_manifest_error(full_pack_name(name, pack_type[:type]))
    end

    def missing_file_from_manifest_error(bundle_name)
      <<-MSG
Webpacker can't find #{bundle_name} in #{config.public_manifest_path}. Possible causes:
1. You forgot to install node packages

Your manifest contains:
#{JSON.pretty_generate(@data)}
      MSG
    end
end
)SRC"}});
  ASSERT_EQ(r.At("lib/webpacker/manifest.rb", 6).size(), 1u) << Dump(r);
  const ErrorSite* s = r.At("lib/webpacker/manifest.rb", 6)[0];
  EXPECT_EQ(s->error_class, "Webpacker::Manifest::MissingEntryError");
  EXPECT_TRUE(Matches(*s,
                      "Webpacker can't find application.js in /app/public/packs/manifest.json. "
                      "Possible causes:\n1. You forgot to install node packages\n\nYour "
                      "manifest contains:\n{}\n"))
      << s->message.Display();
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

// click raises MissingParameter(ctx=ctx, param=self) with no message; the
// class renders it in format_message(), choosing "Missing option" or
// "Missing argument" by branch. Each text is a site at the raise; a class
// without such a method leaves the raise as it was.
TEST(TextFunctions, ClassRendersItsOwnMessage) {
  Linked r = Link({{"src/click/exceptions.py", R"SRC(from gettext import gettext as _


class MissingParameter(UsageError):
    def __init__(self, message=None, ctx=None, param=None, param_type=None):
        super().__init__(message or "", ctx)
        self.param_type = param_type

    def format_message(self):
        param_hint = self.param.get_error_hint(self.ctx)
        param_hint = f" {param_hint}" if param_hint else ""
        if self.param_type == "argument":
            missing = _("Missing argument")
        else:
            missing = _("Missing option")
        return f"{missing}{param_hint}."
)SRC"},
                   {"src/click/core.py", R"SRC(from .exceptions import MissingParameter


def process_value(ctx, param, value):
    if value is None:
        raise MissingParameter(ctx=ctx, param=param)
    raise Plain(ctx=ctx)
)SRC"}});
  std::vector<const ErrorSite*> at = r.At("src/click/core.py", 6);
  ASSERT_EQ(at.size(), 2u) << Dump(r);
  EXPECT_TRUE(Matches(*at[0], "Missing argument '--image' / '-i'.")) << at[0]->message.Display();
  EXPECT_TRUE(Matches(*at[1], "Missing option '--image' / '-i'.")) << at[1]->message.Display();
  EXPECT_NE(at[0]->message_origin_note.find("format_message()"), std::string::npos)
      << at[0]->message_origin_note;
  for (const ErrorSite* s : r.At("src/click/core.py", 7)) EXPECT_TRUE(s->message_opaque);
}

// click's BadParameter renders every message it is given inside
// "Invalid value for {param_hint}: {message}" (or "Invalid value: ..."
// without a parameter): a raise of it, and a message passed to the fail()
// wrapper that raises it, show the rendered text, one site per rendering.
TEST(TextFunctions, ClassRendersTheMessageItWasGiven) {
  Linked r = Link({{"src/click/exceptions.py", R"SRC(from gettext import gettext as _


class BadParameter(UsageError):
    def __init__(self, message, ctx=None, param=None, param_hint=None):
        super().__init__(message, ctx)
        self.param = param
        self.param_hint = param_hint

    def format_message(self):
        if self.param_hint is not None:
            param_hint = self.param_hint
        elif self.param is not None:
            param_hint = self.param.get_error_hint(self.ctx)
        else:
            return _("Invalid value: {message}").format(message=self.message)
        return _("Invalid value for {param_hint}: {message}").format(
            param_hint=_join_param_hints(param_hint), message=self.message
        )
)SRC"},
                   {"src/click/types.py", R"SRC(from .exceptions import BadParameter


class ParamType:
    def fail(self, message, param=None, ctx=None):
        raise BadParameter(message, ctx=ctx, param=param)


class Path(ParamType):
    def convert(self, value, param, ctx):
        if not os.path.exists(value):
            self.fail(_("{name} {filename!r} does not exist.").format(
                name=self.name.title(), filename=value), param, ctx)
        if value == "-":
            raise BadParameter("Value must be a file.")
        raise KeyError(value)
)SRC"}});
  std::vector<const ErrorSite*> at = r.At("src/click/types.py", 12);
  ASSERT_EQ(at.size(), 2u) << Dump(r);
  EXPECT_EQ(at[0]->message.Display(), "Invalid value: {name} {filename!r} does not exist.");
  EXPECT_EQ(at[1]->message.Display(),
            "Invalid value for {param_hint}: {name} {filename!r} does not exist.");
  EXPECT_TRUE(
      Matches(*at[1], "Invalid value for '-c' / '--config': Path 'griffin.yaml' does not exist."));
  EXPECT_EQ(at[1]->error_class, "BadParameter");
  EXPECT_NE(at[1]->message_origin_note.find("`format_message()` (src/click/exceptions.py:17) "
                                            "renders it"),
            std::string::npos)
      << at[1]->message_origin_note;
  at = r.At("src/click/types.py", 15);
  ASSERT_EQ(at.size(), 2u) << Dump(r);
  EXPECT_EQ(at[0]->message.Display(), "Invalid value: Value must be a file.");
  // A class with no rendering of its own keeps the raised text.
  at = r.At("src/click/types.py", 16);
  ASSERT_EQ(at.size(), 1u) << Dump(r);
  EXPECT_EQ(at[0]->message.Display(), "{value}");
}

// Ruby: `def to_s; "#{super} (#{uri})"; end` adds the URI to every message.
TEST(TextFunctions, RubyRenderingAroundSuper) {
  Linked r = Link({{"lib/gem/fetch_error.rb", R"SRC(module Gem
  class FetchError < Gem::Exception
    attr_accessor :uri

    def initialize(message, uri)
      super message
      @uri = uri
    end

    def to_s
      "#{super} (#{uri})"
    end
  end

  class Fetcher
    def fetch(uri)
      raise FetchError.new("too many redirects", uri) if @redirects > 10
    end
  end
end
)SRC"}});
  std::vector<const ErrorSite*> at = r.At("lib/gem/fetch_error.rb", 17);
  ASSERT_EQ(at.size(), 1u) << Dump(r);
  EXPECT_EQ(at[0]->message.Display(), "too many redirects (#{uri})");
  EXPECT_TRUE(Matches(*at[0], "too many redirects (https://rubygems.org/x)"));
}

// Kryo's KryoException prints its message unchanged until a serializer adds
// a trace, then "<message>\nSerialization trace:<trace>": the throw keeps
// its own text (first) and gains the traced rendering; the conditional
// newline appended to the buffer is read as the newline.
TEST(TextFunctions, ClassRenderingWithAnUnchangedBranchKeepsThePlainText) {
  Linked r = Link({{"src/k/KryoException.java", R"SRC(package k;

public class KryoException extends RuntimeException {
	private StringBuffer trace;

	public KryoException (String message) {
		super(message);
	}

	public String getMessage () {
		if (trace == null) return super.getMessage();
		StringBuffer buffer = new StringBuffer(512);
		buffer.append(super.getMessage());
		if (buffer.length() > 0) buffer.append('\n');
		buffer.append("Serialization trace:");
		buffer.append(trace);
		return buffer.toString();
	}
}
)SRC"},
                   {"src/k/Resolver.java", R"SRC(package k;

public class Resolver {
	public Object readClass (int classID) {
		Object registration = find(classID);
		if (registration == null) throw new KryoException("Encountered unregistered class ID: " + (classID - 2));
		return registration;
	}
}
)SRC"}});
  std::vector<const ErrorSite*> at = r.At("src/k/Resolver.java", 6);
  ASSERT_EQ(at.size(), 2u) << Dump(r);
  EXPECT_EQ(at[0]->message.Display(), "Encountered unregistered class ID: {classID - 2}");
  EXPECT_TRUE(Matches(*at[0], "Encountered unregistered class ID: 52"));
  EXPECT_EQ(at[1]->message.Display(),
            "Encountered unregistered class ID: {classID - 2}\nSerialization trace:{trace}");
}

}  // namespace
}  // namespace errdex
