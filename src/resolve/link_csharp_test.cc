// Link for C#: methods whose parameter reaches a thrown message, guard
// helpers, and helpers that build and return the exception the caller
// throws. Asserted on the exact composed message, the call-site line and
// file. Fixtures are written for these tests, after Newtonsoft.Json and
// Polly.
#include <gtest/gtest.h>

#include <string>

#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;
using link_testing::Matches;

const char* kValidation =
    "namespace Newtonsoft.Json.Utilities\n"
    "{\n"
    "    internal static class ValidationUtils\n"
    "    {\n"
    "        public static void ArgumentNotNull(object? value, string parameterName)\n"
    "        {\n"
    "            if (value == null)\n"
    "            {\n"
    "                throw new ArgumentNullException(parameterName);\n"
    "            }\n"
    "        }\n"
    "\n"
    "        public static void Fail(string what)\n"
    "        {\n"
    "            throw new InvalidOperationException(\"Invalid configuration: \" + what);\n"
    "        }\n"
    "\n"
    "        public static void RequireKey(string key)\n"
    "        {\n"
    "            if (!AllowedKeys.Contains(key))\n"
    "            {\n"
    "                throw new InvalidOperationException($\"Unknown key {key}\");\n"
    "            }\n"
    "        }\n"
    "    }\n"
    "}\n";

const char* kReader =
    "namespace Newtonsoft.Json\n"
    "{\n"
    "    public class JsonTextReader : JsonReader\n"
    "    {\n"
    "        public JsonTextReader(TextReader reader)\n"
    "        {\n"
    "            ValidationUtils.ArgumentNotNull(reader, nameof(reader));\n"
    "        }\n"
    "\n"
    "        private JsonReaderException CreateUnexpectedCharacterException(char c)\n"
    "        {\n"
    "            return JsonReaderException.Create(this, \"Unexpected character encountered "
    "while parsing value: {0}.\".FormatWith(CultureInfo.InvariantCulture, c));\n"
    "        }\n"
    "\n"
    "        public bool ParseValue(char currentChar)\n"
    "        {\n"
    "            if (currentChar == '<')\n"
    "            {\n"
    "                throw CreateUnexpectedCharacterException(currentChar);\n"
    "            }\n"
    "            var unused = CreateUnexpectedCharacterException('x');\n"
    "            ValidationUtils.Fail(\"the reader is closed\");\n"
    "            ValidationUtils.RequireKey(\"MANPATH\");\n"
    "            ValidationUtils.Fail(\"a\", \"b\");\n"
    "            return false;\n"
    "        }\n"
    "    }\n"
    "}\n";

Linked LinkFixture() {
  return Link(
      {{"Src/Utilities/ValidationUtils.cs", kValidation}, {"Src/JsonTextReader.cs", kReader}});
}

// A guard helper: the runtime's text with the name the call passes.
TEST(LinkCSharp, GuardHelperComposesAtTheCall) {
  Linked r = LinkFixture();
  const ErrorSite* s =
      r.Find("Src/JsonTextReader.cs", 7, "Value cannot be null. (Parameter 'reader')");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "ArgumentNullException");
  EXPECT_NE(s->message_origin_note.find("Src/Utilities/ValidationUtils.cs:5"), std::string::npos)
      << s->message_origin_note;
}

// A helper that builds and returns the exception: a site where it is thrown.
TEST(LinkCSharp, ReturnedExceptionIsASiteWhereThrown) {
  Linked r = LinkFixture();
  const ErrorSite* s = r.Find("Src/JsonTextReader.cs", 19,
                              "Unexpected character encountered while parsing value: "
                              "{currentChar}.");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "JsonReaderException");
  EXPECT_TRUE(Matches(*s, "Unexpected character encountered while parsing value: <."));
  // Built but not thrown: no site.
  EXPECT_EQ(r.CountAt("Src/JsonTextReader.cs", 21), 0) << Dump(r);
}

// An exception class composing its message in `: base(..)` from the
// constructor's parameters: each `new X(args)` that is thrown is a site with
// the composed text, in place of the bare class name.
TEST(LinkCSharp, ConstructionOfAnExceptionComposingItsBaseMessage) {
  Linked r = Link(
      {{"src/Core/ComponentNotRegisteredException.cs",
        "namespace Autofac.Core;\n"
        "public class ComponentNotRegisteredException : DependencyResolutionException\n"
        "{\n"
        "    public ComponentNotRegisteredException(Service service)\n"
        "        : base(\"The requested service '\" + service + \"' has not been registered.\")\n"
        "    {\n"
        "    }\n"
        "}\n"},
       {"src/ResolutionExtensions.cs",
        "namespace Autofac;\n"
        "public static class ResolutionExtensions\n"
        "{\n"
        "    public static object ResolveService(IComponentContext context, Service service)\n"
        "    {\n"
        "        if (!context.TryResolveService(service, out var instance))\n"
        "        {\n"
        "            throw new Core.ComponentNotRegisteredException(service);\n"
        "        }\n"
        "        return instance;\n"
        "    }\n"
        "}\n"}});
  const ErrorSite* s = r.Find("src/ResolutionExtensions.cs", 8,
                              "The requested service '{service}' has not been registered.");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "ComponentNotRegisteredException");
  EXPECT_TRUE(Matches(*s, "The requested service 'IFoo' has not been registered."));
  EXPECT_EQ(r.CountAt("src/ResolutionExtensions.cs", 8), 1) << Dump(r);
}

// Autofac's shape: the constructor passes `FormatMessage(service)` to its
// base, a static helper of the class formats a .resx string with it. Each
// thrown `new X(service)` is a site with the resource's text, the helper's
// parameter renamed to the argument.
TEST(LinkCSharp, ConstructorHelperFormatsAResourceString) {
  Linked r =
      Link({{"src/Core/ComponentNotRegisteredException.cs",
             "namespace Autofac.Core;\n"
             "public class ComponentNotRegisteredException : DependencyResolutionException\n"
             "{\n"
             "    public ComponentNotRegisteredException(Service service)\n"
             "        : base(FormatMessage(service))\n"
             "    {\n"
             "    }\n"
             "    public ComponentNotRegisteredException(Service service, Exception inner)\n"
             "        : base(FormatMessage(service), inner)\n"
             "    {\n"
             "    }\n"
             "    private static string FormatMessage(Service svc)\n"
             "    {\n"
             "        if (svc == null) throw new ArgumentNullException(nameof(svc));\n"
             "        return string.Format(CultureInfo.CurrentCulture, "
             "ComponentNotRegisteredExceptionResources.Message, svc);\n"
             "    }\n"
             "}\n"},
            {"src/Core/ComponentNotRegisteredExceptionResources.resx",
             "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
             "<root>\n"
             "  <data name=\"Message\" xml:space=\"preserve\">\n"
             "    <value>The requested service '{0}' has not been registered.</value>\n"
             "  </data>\n"
             "</root>\n"},
            {"src/ResolutionExtensions.cs",
             "namespace Autofac;\n"
             "public static class ResolutionExtensions\n"
             "{\n"
             "    public static object ResolveService(IComponentContext context, Service service)\n"
             "    {\n"
             "        if (!context.TryResolveService(service, out var instance))\n"
             "        {\n"
             "            throw new ComponentNotRegisteredException(service);\n"
             "        }\n"
             "        return instance;\n"
             "    }\n"
             "}\n"}});
  const ErrorSite* s = r.Find("src/ResolutionExtensions.cs", 8,
                              "The requested service '{service}' has not been registered.");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "ComponentNotRegisteredException");
  EXPECT_TRUE(Matches(*s, "The requested service 'IFoo' has not been registered."));
  EXPECT_EQ(r.CountAt("src/ResolutionExtensions.cs", 8), 1) << Dump(r);
}

// Moq's Guard: `throw new NotSupportedException(string.Format(CultureInfo
// .CurrentCulture, Resources.UnsupportedExpressionWithHint, expr, hint))`
// has no text of its own; the resource's is the message, its arguments the
// holes.
TEST(LinkCSharp, ThrownExceptionFormattingAResourceString) {
  Linked r = Link({{"src/Moq/Guard.cs",
                    "namespace Moq;\n"
                    "static class Guard\n"
                    "{\n"
                    "    public static void IsOverridable(MethodInfo method, Expression e)\n"
                    "    {\n"
                    "        if (method.IsStatic)\n"
                    "            throw new NotSupportedException(\n"
                    "                string.Format(CultureInfo.CurrentCulture,\n"
                    "                    Resources.UnsupportedExpressionWithHint,\n"
                    "                    e.ToStringFixed(), Hint(method)));\n"
                    "    }\n"
                    "}\n"},
                   {"src/Moq/Properties/Resources.resx",
                    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
                    "<root>\n"
                    "  <data name=\"UnsupportedExpressionWithHint\" xml:space=\"preserve\">\n"
                    "    <value>Unsupported expression: {0}\n"
                    "{1}</value>\n"
                    "  </data>\n"
                    "</root>\n"}});
  const ErrorSite* s = r.Find("src/Moq/Guard.cs", 7, "Unsupported expression: {0}\n{1}");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "NotSupportedException");
  EXPECT_FALSE(s->message_opaque);
  EXPECT_TRUE(Matches(*s,
                      "Unsupported expression: m => m.Run()\nExtension methods (here: X.Run) may "
                      "not be used in setup / verification expressions."));
}

// Quartz's Throw helpers: a call may leave out a parameter with a default
// (`Exception? cause = null`); an overload taking exactly the arguments
// given is the one called.
TEST(LinkCSharp, CallLeavingOutADefaultedParameterLinks) {
  Linked r =
      Link({{"src/Quartz/Throw.cs",
             "internal static class Throw\n"
             "{\n"
             "    internal static void SchedulerException(string message, Exception? cause = "
             "null)\n"
             "    {\n"
             "        throw new SchedulerException(message, cause);\n"
             "    }\n"
             "    internal static void Fail(string what)\n"
             "    {\n"
             "        throw new InvalidOperationException(\"one: \" + what);\n"
             "    }\n"
             "    internal static void Fail(string what, string? detail = null)\n"
             "    {\n"
             "        throw new InvalidOperationException(\"two: \" + what);\n"
             "    }\n"
             "}\n"},
            {"src/Quartz/Core/QuartzScheduler.cs",
             "public class QuartzScheduler\n"
             "{\n"
             "    public void ScheduleJob(IJobDetail jobDetail, ITrigger trigger)\n"
             "    {\n"
             "        if (!trigger.JobKey.Equals(jobDetail.Key))\n"
             "        {\n"
             "            Throw.SchedulerException(\"Trigger does not reference given job!\");\n"
             "        }\n"
             "        Throw.Fail(\"x\");\n"
             "    }\n"
             "}\n"}});
  const ErrorSite* s =
      r.Find("src/Quartz/Core/QuartzScheduler.cs", 7, "Trigger does not reference given job!");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "SchedulerException");
  EXPECT_NE(r.Find("src/Quartz/Core/QuartzScheduler.cs", 9, "one: x"), nullptr) << Dump(r);
  EXPECT_EQ(r.Find("src/Quartz/Core/QuartzScheduler.cs", 9, "two: x"), nullptr) << Dump(r);
}

// A wrapper adds its prefix.
TEST(LinkCSharp, WrapperAddsItsPrefix) {
  Linked r = LinkFixture();
  const ErrorSite* s =
      r.Find("Src/JsonTextReader.cs", 22, "Invalid configuration: the reader is closed");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "InvalidOperationException");
}

// A value the raise's condition tests, and a call of another arity, are
// not messages.
TEST(LinkCSharp, GuardedValuesAndOtherOverloadsDoNotLink) {
  Linked r = LinkFixture();
  EXPECT_EQ(r.CountAt("Src/JsonTextReader.cs", 23), 0) << Dump(r);
  EXPECT_EQ(r.CountAt("Src/JsonTextReader.cs", 24), 0) << Dump(r);
}

// A helper that builds the throwing expression (AutoMapper's ObjectFactory:
// `InvalidType(type, message) => Throw(Constant(new ArgumentException(message,
// "type")), type)`) is returned on from switch-expression arms and
// conditional branches: each arm's text is a site where the arm is.
TEST(LinkCSharp, ReturnedHelperInSwitchArmsAndConditionals) {
  const char* factory =
      "public static class ObjectFactory\n"
      "{\n"
      "    public static Expression Gen(Type type) => type switch\n"
      "    {\n"
      "        { IsAbstract: true } => InvalidType(type, $\"Cannot create an instance of abstract "
      "type {type}.\"),\n"
      "        _ => Build(type)\n"
      "    };\n"
      "    static Expression Pick(Type type, bool ok) =>\n"
      "        ok ? Build(type) : InvalidType(type, \"Cannot pick this type.\");\n"
      "    static Expression Guard(Type type) => Cached(type) ?? InvalidType(type, \"No cached "
      "constructor.\");\n"
      "    static Expression InvalidType(Type type, string message) =>\n"
      "        Throw(Constant(new ArgumentException(message, \"type\")), type);\n"
      "}\n";
  Linked r = Link({{"src/ObjectFactory.cs", factory}});
  const ErrorSite* s =
      r.Find("src/ObjectFactory.cs", 5, "Cannot create an instance of abstract type {type}.");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "ArgumentException");
  EXPECT_NE(r.Find("src/ObjectFactory.cs", 9, "Cannot pick this type."), nullptr) << Dump(r);
  EXPECT_NE(r.Find("src/ObjectFactory.cs", 10, "No cached constructor."), nullptr) << Dump(r);
}

}  // namespace
}  // namespace errdex
