// C# extractor: each idiom asserted on the exact message, line, class,
// status and pattern a user will see. Fixtures reproduce idioms seen in
// JamesNK/Newtonsoft.Json, AutoMapper/AutoMapper and ASP.NET Core apps.
#include <gtest/gtest.h>
#include <re2/re2.h>

#include "errdex/extractor.h"
#include "extract/common/extractor_testing.h"
#include "extract/csharp/csharp_strings.h"

namespace errdex {
namespace {

using extract_testing::ExtractFile;
using extract_testing::HoleExprs;
using extract_testing::Matches;
using extract_testing::Messages;

std::vector<ErrorSite> Extract(const std::string& code,
                               const std::string& path = "src/Acme/Store.cs") {
  return ExtractFile(path, code, "csharp");
}

// An exception class that overrides `Message`: each return of the getter
// with text is what users see; a StringBuilder is read where it is created.
TEST(CSharpExtractor, MessageOverrideIsTheText) {
  auto sites = Extract(
      "public class ConfigException : Exception\n"
      "{\n"
      "    public override string Message\n"
      "    {\n"
      "        get\n"
      "        {\n"
      "            if (Member != null)\n"
      "            {\n"
      "                var message = $\"The member {Member} cannot be mapped.\";\n"
      "                message += \"\\nContext:\";\n"
      "                return message + \"\\n\" + base.Message;\n"
      "            }\n"
      "            if (Errors != null)\n"
      "            {\n"
      "                StringBuilder message = new(\n"
      "                    \"\\nUnmapped members were found. Review the types below.\\n\");\n"
      "                foreach (var e in Errors) message.AppendLine(e.Name);\n"
      "                Func<string> f = () => { return \"not the message\"; };\n"
      "                return message.ToString();\n"
      "            }\n"
      "            return base.Message;\n"
      "        }\n"
      "    }\n"
      "    public string Hint => \"not a message\";\n"
      "}\n"
      "public class Report\n"
      "{\n"
      "    public override string Message => \"not an exception\";\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 11);
  EXPECT_EQ(sites[0].error_class, "ConfigException");
  EXPECT_EQ(sites[0].message.Display(),
            "The member {Member} cannot be mapped.\nContext:\n{base.Message}");
  EXPECT_EQ(sites[1].line, 15);
  EXPECT_EQ(sites[1].error_class, "ConfigException");
  EXPECT_EQ(sites[1].message.Display(),
            "\nUnmapped members were found. Review the types below.\n{message}");
  EXPECT_TRUE(Matches(sites[1],
                      "ConfigException: \nUnmapped members were found. Review the types below.\n"
                      "\nUnmapped properties:\nTimestamp\n"));
}

// AutoMapper's DuplicateTypeMapConfigurationException: `Message { get; } =
// GetErrors(errors)`, a static method that appends lines to an empty
// StringBuilder; the loop's lines are one hole, the site is the first append.
// A conditional message argument gives one site per branch, also for an
// exception a helper builds and returns (Dapper's MultiMapException).
TEST(CSharpExtractor, ConditionalMessageArgumentGivesEachBranch) {
  auto sites = Extract(
      "using System;\n"
      "static class M {\n"
      "  static Exception MultiMapException(string splitOn) {\n"
      "    return new ArgumentException(\n"
      "        string.IsNullOrEmpty(splitOn)\n"
      "        ? \"When using the multi-mapping APIs ensure you set the splitOn param\"\n"
      "        : $\"Multi-map error: splitOn column '{splitOn}' was not found\",\n"
      "        nameof(splitOn));\n"
      "  }\n"
      "  static void Check(string s) {\n"
      "    throw new InvalidOperationException(s == null ? \"value is null\" : $\"bad value "
      "{s}\");\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 4u);
  EXPECT_EQ(sites[0].message.Display(),
            "When using the multi-mapping APIs ensure you set the splitOn param");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].error_class, "ArgumentException");
  EXPECT_EQ(sites[1].message.Display(),
            "Multi-map error: splitOn column '{splitOn}' was not found");
  EXPECT_EQ(sites[2].message.Display(), "value is null");
  EXPECT_EQ(sites[3].message.Display(), "bad value {s}");
  EXPECT_EQ(sites[3].line, 11);
}

// CsvHelper's MissingFieldFound: a hole naming a local that holds text
// prints that text; a parameter's hole stays a hole.
TEST(CSharpExtractor, InterpolationHoleNamingATextLocalTakesItsText) {
  auto sites = Extract(
      "static class F {\n"
      "  public static void MissingFieldFound(Args args) {\n"
      "    var postfix = $\"You can ignore missing fields by setting {nameof(MissingFieldFound)} "
      "to null.\";\n"
      "    throw new MissingFieldException($\"Field at index '{args.Index}' does not exist. "
      "{postfix}\");\n"
      "  }\n"
      "  static void Throw(Reader reader, int index) {\n"
      "    string name = \"(n/s)\";\n"
      "    if (reader != null) name = reader.GetName(index);\n"
      "    throw new DataException($\"Error parsing column {index} ({name})\");\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  // A local set again on some path stays a hole.
  EXPECT_EQ(sites[1].message.Display(), "Error parsing column {index} ({name})");
  EXPECT_EQ(sites[0].message.Display(),
            "Field at index '{args.Index}' does not exist. You can ignore missing fields by "
            "setting MissingFieldFound to null.");
  EXPECT_EQ(sites[0].line, 4);
}

TEST(CSharpExtractor, MessageInitializerFromAMethodAppendingLines) {
  auto sites = Extract(
      "public class DuplicateMapException(Pair[] errors) : Exception\n"
      "{\n"
      "    public override string Message { get; } = GetErrors(errors);\n"
      "    static string GetErrors(Pair[] errors)\n"
      "    {\n"
      "        StringBuilder builder = new();\n"
      "        builder.AppendLine(\"Duplicate CreateMap calls:\");\n"
      "        foreach (var error in errors)\n"
      "        {\n"
      "            builder.AppendLine($\"{error.Source} to {error.Destination} defined in:\");\n"
      "        }\n"
      "        builder.Append(\"Use a single CreateMap call per type pair.\");\n"
      "        return builder.ToString();\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 7);
  EXPECT_EQ(sites[0].error_class, "DuplicateMapException");
  EXPECT_EQ(sites[0].message.Display(),
            "Duplicate CreateMap calls:\n{builder}Use a single CreateMap call per type pair.");
  EXPECT_TRUE(Matches(sites[0],
                      "AutoMapper.DuplicateMapException: Duplicate CreateMap calls:\n"
                      "A to B defined in:\nProfile1\nUse a single CreateMap call per type pair."));
}

TEST(CSharpExtractor, ConcatenationNamesHolesAndKeepsContext) {
  auto sites = Extract(
      "namespace Acme;\n"
      "\n"
      "public class Store\n"
      "{\n"
      "    public void Put(string key, object value)\n"
      "    {\n"
      "        if (key.Length == 0)\n"
      "        {\n"
      "            // Keys are never empty.\n"
      "            throw new InvalidOperationException(\"bad key '\" + key + \"' for \"\n"
      "                + value.ToString() + \"\\t#\" + 42);\n"
      "        }\n"
      "        throw;\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);  // `throw;` rethrows: not a site
  const ErrorSite& s = sites[0];
  EXPECT_EQ(s.message.Display(), "bad key '{key}' for {value.ToString()}\t#42");
  EXPECT_EQ(HoleExprs(s), (std::vector<std::string>{"key", "value"}));
  EXPECT_EQ(s.error_class, "InvalidOperationException");
  EXPECT_EQ(s.kind, SiteKind::kRaise);
  EXPECT_EQ(s.line, 10);
  EXPECT_EQ(s.end_line, 11);
  EXPECT_EQ(s.function, "Store.Put");
  ASSERT_EQ(s.conditions.size(), 1u);
  EXPECT_EQ(s.conditions[0].expr, "key.Length == 0");
  ASSERT_FALSE(s.notes.empty());
  EXPECT_EQ(s.notes[0].text, "Keys are never empty.");
  EXPECT_TRUE(Matches(s, "bad key '' for 7\t#42"));
  EXPECT_FALSE(Matches(s, "bad key 'a' for 7 #42"));
}

TEST(CSharpExtractor, InterpolatedStringsKeepFormatAndAlignment) {
  auto sites = Extract(
      "class Acct {\n"
      "  void Debit(decimal amount, Account a) {\n"
      "    throw new InvalidOperationException($\"Cannot debit {amount:N2} from {a.Id,10} "
      "({{limit}} {a.Limit:C}) \\\"now\\\"\");\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);
  const ErrorSite& s = sites[0];
  EXPECT_EQ(s.message.Display(),
            "Cannot debit {amount:N2} from {a.Id,10} ({limit} {a.Limit:C}) \"now\"");
  EXPECT_EQ(HoleExprs(s), (std::vector<std::string>{"amount", "a.Id", "a.Limit"}));
  EXPECT_EQ(s.line, 3);
  EXPECT_TRUE(Matches(s, "Cannot debit 1,234.50 from         42 ({limit} $9.00) \"now\""));
}

TEST(CSharpExtractor, VerbatimAndRawStrings) {
  auto sites = Extract(
      "class Paths {\n"
      "  void Load(string path, int n) {\n"
      "    if (n == 1) throw new IOException(@\"No file at C:\\data\\\"\"\" + path + @\"\"\"\");\n"
      "    if (n == 2) throw new IOException($@\"Missing {path} in \"\"C:\\cfg\"\" {{x}}\");\n"
      "    if (n == 3) throw new IOException(\"\"\"\n"
      "        Raw \"quoted\" text\n"
      "          indented\n"
      "        \"\"\");\n"
      "    if (n == 4) throw new IOException($\"\"\"\n"
      "        Bad {path}:\n"
      "          line {n}\n"
      "        \"\"\");\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 4u);
  EXPECT_EQ(sites[0].message.Display(), "No file at C:\\data\\\"{path}\"");
  EXPECT_EQ(sites[0].error_class, "IOException");
  EXPECT_EQ(sites[1].message.Display(), "Missing {path} in \"C:\\cfg\" {x}");
  EXPECT_EQ(sites[2].message.Display(), "Raw \"quoted\" text\n  indented");
  EXPECT_EQ(sites[2].line, 5);
  EXPECT_EQ(sites[2].end_line, 8);
  EXPECT_EQ(sites[3].message.Display(), "Bad {path}:\n  line {n}");
  EXPECT_TRUE(Matches(sites[3], "Bad a.txt:\n  line 3"));
}

TEST(CSharpExtractor, CompositeFormatsAndLocals) {
  auto sites = Extract(
      "class Reader {\n"
      "  const string Prefix = \"Reader error: \";\n"
      "  void Read(char c, int pos, string path) {\n"
      "    if (pos < 0) throw new FormatException(string.Format(\"Bad char {0} at {1:X4} \"\n"
      "        + \"{{esc}} {0}\", c, pos));\n"
      "    if (pos > 9) throw JsonReaderException.Create(this, \"Unexpected character: {0}.\"\n"
      "        .FormatWith(CultureInfo.InvariantCulture, c));\n"
      "    var msg = Prefix + \"cannot open \" + path;\n"
      "    msg += \" (read-only)\";\n"
      "    throw new IOException(msg);\n"
      "  }\n"
      "  void Number(string s) {\n"
      "    throw ThrowReaderError(\"Input string '{0}' is not a valid number.\".FormatWith(null, "
      "s));\n"
      "    throw Utils.CreateArgumentOutOfRangeException(nameof(s), s, \"Unexpected token "
      "type.\");\n"
      "  }\n"
      "  private JsonReaderException ThrowReaderError(string message) => new(message);\n"
      "}\n");
  ASSERT_EQ(sites.size(), 5u);
  EXPECT_EQ(sites[0].message.Display(), "Bad char {0} at {1:X4} {esc} {0}");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"c", "pos", "c"}));
  EXPECT_TRUE(Matches(sites[0], "Bad char x at 00FF {esc} x"));
  EXPECT_EQ(sites[1].message.Display(), "Unexpected character: {0}.");
  EXPECT_EQ(HoleExprs(sites[1]), (std::vector<std::string>{"c"}));
  EXPECT_EQ(sites[1].error_class, "JsonReaderException");
  EXPECT_EQ(sites[1].line, 6);
  // JsonReaderException.Create appends the position: the pattern still matches.
  EXPECT_TRUE(Matches(sites[1], "Unexpected character: }. Path 'a.b', line 1, position 4."));
  EXPECT_EQ(sites[2].message.Display(), "Reader error: cannot open {path} (read-only)");
  EXPECT_EQ(sites[3].message.Display(), "Input string '{0}' is not a valid number.");
  EXPECT_EQ(sites[3].error_class, "JsonReaderException");  // the helper's return type
  EXPECT_EQ(sites[3].line, 13);
  EXPECT_EQ(sites[4].message.Display(), "Unexpected token type.");
  EXPECT_EQ(sites[4].error_class, "ArgumentOutOfRangeException");  // spelled by the name
  EXPECT_EQ(sites[2].message_origin_note, "message assigned to `msg` at line 8");
  EXPECT_EQ(sites[2].line, 10);
}

TEST(CSharpExtractor, ArgumentExceptionsAndGuards) {
  auto sites = Extract(
      "class Cache {\n"
      "  Cache(Store store, string name, int size) {\n"
      "    _store = store ?? throw new ArgumentNullException(nameof(store));\n"
      "    ArgumentNullException.ThrowIfNull(name);\n"
      "    if (size < 0) throw new ArgumentOutOfRangeException(nameof(size), size, "
      "\"Size must be non-negative.\");\n"
      "    if (size > 9) throw new ArgumentException($\"Size {size} too big\", nameof(size));\n"
      "    if (name == \"\") throw new ArgumentOutOfRangeException(nameof(name));\n"
      "    if (size == 5) throw new ArgumentOutOfRangeException(nameof(size), size,\n"
      "        $\"{nameof(size)} must be {MaxSize,4} at most\");\n"
      "    if (size == 6) _ = new ArgumentException(message, \"size\");\n"
      "    if (size == 7) throw new ArgumentException(message, \"size\");\n"
      "    if (_disposed) throw new ObjectDisposedException(nameof(Cache));\n"
      "    if (_closed) throw new ObjectDisposedException(\"Cache\", \"The cache is closed.\");\n"
      "    if (_frozen) throw KeyMustBeImmutable(nameof(name));\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 9u);
  EXPECT_EQ(sites[0].message.Display(), "Value cannot be null. (Parameter 'store')");
  EXPECT_EQ(sites[0].error_class, "ArgumentNullException");
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_FALSE(sites[0].message_opaque);
  EXPECT_EQ(sites[1].message.Display(), "Value cannot be null. (Parameter 'name')");
  EXPECT_EQ(sites[1].line, 4);
  EXPECT_EQ(sites[2].message.Display(), "Size must be non-negative.");
  EXPECT_EQ(sites[2].error_class, "ArgumentOutOfRangeException");
  EXPECT_EQ(sites[3].message.Display(), "Size {size} too big");
  EXPECT_EQ(sites[3].error_class, "ArgumentException");
  // The runtime appends the parameter name; the pattern still matches.
  EXPECT_TRUE(Matches(sites[3], "Size 12 too big (Parameter 'size')"));
  EXPECT_EQ(sites[4].message.Display(),
            "Specified argument was out of the range of valid values. (Parameter 'name')");
  EXPECT_EQ(sites[5].message.Display(), "size must be {MaxSize,4} at most");
  EXPECT_EQ(sites[5].line, 8);
  // ArgumentException(message, "size"): the literal is the parameter, not
  // the message; stored but not thrown, the opaque one is no site.
  EXPECT_TRUE(sites[6].message_opaque);
  EXPECT_EQ(sites[6].line, 11);
  EXPECT_EQ(sites[7].message.Display(), "Cannot access a disposed object.\nObject name: 'Cache'.");
  EXPECT_EQ(sites[8].message.Display(), "The cache is closed.");
  EXPECT_EQ(sites[8].error_class, "ObjectDisposedException");
  // A helper given only `nameof(name)`: no message here (the helper's own
  // `new` is the site).
}

TEST(CSharpExtractor, CustomExceptionBaseConstructors) {
  auto sites = Extract(
      "public class DuplicateKeyException : Exception\n"
      "{\n"
      "    public DuplicateKeyException(string key)\n"
      "        : base(\"Duplicate key \" + key)\n"
      "    {\n"
      "    }\n"
      "    public DuplicateKeyException(string message, Exception inner) : base(message, inner) { "
      "}\n"
      "}\n"
      "class Helper { void M() { var list = new List<int>(); } }\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(), "Duplicate key {key}");
  EXPECT_EQ(sites[0].error_class, "DuplicateKeyException");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].message_origin_note,
            "message set by the constructor of `DuplicateKeyException`");
}

TEST(CSharpExtractor, LoggingMessageTemplates) {
  auto sites = Extract(
      "class Orders {\n"
      "  void Ship(Order order, Exception ex) {\n"
      "    _logger.LogError(ex, \"Order {OrderId} failed for {@Customer}\", order.Id, "
      "order.Customer);\n"
      "    _logger.LogWarning(\"Stock low: {Count,5} left {{x}}\", order.Count);\n"
      "    _logger.LogCritical(\"Database down\");\n"
      "    _logger.LogInformation(\"Shipped {OrderId}\", order.Id);\n"
      "    Log.Error(ex, \"Serilog failure in {Step}\", step);\n"
      "    _logger.Log(LogLevel.Error, \"Leveled {Code}\", code);\n"
      "    validation.Error(\"not a logger\");\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 5u);
  EXPECT_EQ(sites[0].message.Display(), "Order {OrderId} failed for {@Customer}");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"order.Id", "order.Customer"}));
  EXPECT_EQ(sites[0].kind, SiteKind::kLog);
  EXPECT_EQ(sites[0].severity, "error");
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_TRUE(Matches(sites[0], "Order 17 failed for Customer { Name = \"x\" }"));
  EXPECT_EQ(sites[1].message.Display(), "Stock low: {Count,5} left {x}");
  EXPECT_EQ(sites[1].severity, "warning");
  EXPECT_EQ(sites[2].message.Display(), "Database down");
  EXPECT_EQ(sites[2].severity, "critical");
  EXPECT_EQ(sites[3].message.Display(), "Serilog failure in {Step}");
  EXPECT_EQ(HoleExprs(sites[3]), (std::vector<std::string>{"step"}));
  EXPECT_EQ(sites[4].message.Display(), "Leveled {Code}");
  EXPECT_EQ(sites[4].severity, "error");
}

// grpc-dotnet returns `new Status(StatusCode.Internal, ..)` for the client
// to raise; analyzers build diagnostics at an error level.
TEST(CSharpExtractor, StatusValuesAndDiagnosticsCarryTheirMessage) {
  auto sites = Extract(
      "class GrpcCall {\n"
      "  Status? ValidateHeaders(HttpResponseMessage httpResponse) {\n"
      "    if (httpResponse.Version < Http2Version)\n"
      "      return new Status(StatusCode.Internal, $\"Bad gRPC response. Response protocol \" +\n"
      "                        $\"downgraded to HTTP/{httpResponse.Version.ToString(2)}.\");\n"
      "    var ok = new Status(StatusCode.OK, \"fine\");\n"
      "    var d = new Diagnostic(\"Unknown option {0}\", DiagnosticSeverity.Warning);\n"
      "    var i = new Diagnostic(\"Loaded {0}\", DiagnosticSeverity.Info);\n"
      "    return null;\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(),
            "Bad gRPC response. Response protocol downgraded to "
            "HTTP/{httpResponse.Version.ToString(2)}.");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].kind, SiteKind::kRaise);
  EXPECT_EQ(sites[0].error_class, "Status");
  EXPECT_TRUE(Matches(sites[0],
                      "Status(StatusCode=Internal, Detail=\"Bad gRPC response. Response "
                      "protocol downgraded to HTTP/1.1.\")"));
  EXPECT_EQ(sites[1].kind, SiteKind::kLog);
  EXPECT_EQ(sites[1].severity, "warning");
}

TEST(CSharpExtractor, SourceGeneratedLoggerMessages) {
  auto sites = Extract(
      "static partial class Log\n"
      "{\n"
      "    const string Sep = \", \";\n"
      "    [LoggerMessage(EventId = 3, Level = LogLevel.Error,\n"
      "        Message = \"Buyer {BuyerId} failed\" + Sep + \"order {@Order}\")]\n"
      "    public static partial void BuyerFailed(ILogger logger, int buyerId, Order order);\n"
      "    [LoggerMessage(2, LogLevel.Warning, \"Slow {Step}\")]\n"
      "    static partial void Slow(ILogger l, string step);\n"
      "    [LoggerMessage(1, LogLevel.Information, \"Fine\")]\n"
      "    static partial void Fine(ILogger l);\n"
      "    [LoggerMessage(Level = LogLevel.Information, EventId = 3, Message = \"Request protocol "
      "of '{Protocol}' is not supported.\")]\n"
      "    static partial void UnsupportedRequestProtocol(ILogger logger, string? protocol);\n"
      "    static void Run(ILogger logger) {\n"
      "        logger.LogInformation(\"Started\");\n"
      "        logger.LogInformation(\"Could not reach {Host}, retrying\", host);\n"
      "    }\n"
      "}\n");
  // Information-level messages are sites only when they state a failure.
  ASSERT_EQ(sites.size(), 4u);
  EXPECT_EQ(sites[2].message.Display(), "Request protocol of '{Protocol}' is not supported.");
  EXPECT_EQ(sites[2].severity, "info");
  EXPECT_EQ(sites[2].line, 11);
  EXPECT_TRUE(Matches(sites[2], "Request protocol of 'HTTP/1.1' is not supported."));
  EXPECT_EQ(sites[3].message.Display(), "Could not reach {Host}, retrying");
  EXPECT_EQ(sites[3].line, 15);
  EXPECT_EQ(sites[0].message.Display(), "Buyer {BuyerId} failed, order {@Order}");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"buyerId", "order"}));
  EXPECT_EQ(sites[0].kind, SiteKind::kLog);
  EXPECT_EQ(sites[0].severity, "error");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].function, "Log.BuyerFailed");
  EXPECT_TRUE(Matches(sites[0], "Buyer 7 failed, order Order { Id = 3 }"));
  EXPECT_EQ(sites[1].message.Display(), "Slow {Step}");
  EXPECT_EQ(sites[1].severity, "warning");
}

TEST(CSharpExtractor, AspNetResultsCarryStatus) {
  auto sites = Extract(
      "public class UsersController : ControllerBase\n"
      "{\n"
      "    public IActionResult Get(int id)\n"
      "    {\n"
      "        if (id < 0) return BadRequest(\"Id must be positive\");\n"
      "        if (id == 0) return NotFound($\"No user {id}\");\n"
      "        if (id == 1) return StatusCode(StatusCodes.Status503ServiceUnavailable, \"Try "
      "later\");\n"
      "        if (id == 2) return Problem(detail: \"Version conflict\", statusCode: 409);\n"
      "        if (id == 3) return StatusCode(500, \"Internal failure\");\n"
      "        return Ok(\"fine\");\n"
      "    }\n"
      "    static IResult Find(int id) => Results.NotFound(\"Gone: \" + id);\n"
      "}\n");
  ASSERT_EQ(sites.size(), 6u);
  EXPECT_EQ(sites[0].message.Display(), "Id must be positive");
  EXPECT_EQ(sites[0].http_status, 400);
  EXPECT_EQ(sites[0].kind, SiteKind::kHttp);
  EXPECT_EQ(sites[0].line, 5);
  EXPECT_EQ(sites[1].message.Display(), "No user {id}");
  EXPECT_EQ(sites[1].http_status, 404);
  EXPECT_EQ(sites[2].http_status, 503);
  EXPECT_EQ(sites[3].message.Display(), "Version conflict");
  EXPECT_EQ(sites[3].http_status, 409);
  EXPECT_EQ(sites[4].http_status, 500);
  EXPECT_EQ(sites[5].message.Display(), "Gone: {id}");
  EXPECT_EQ(sites[5].http_status, 404);
  EXPECT_EQ(sites[5].line, 12);
  EXPECT_EQ(sites[5].function, "UsersController.Find");
}

TEST(CSharpExtractor, ThrowExpressionsInMembersAndSwitches) {
  auto sites = Extract(
      "class Shape {\n"
      "  public int Sides => throw new NotImplementedException();\n"
      "  string Name(int k) => k switch {\n"
      "    3 => \"triangle\",\n"
      "    _ => throw new NotSupportedException($\"{k} sides\"),\n"
      "  };\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "The method or operation is not implemented.");
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[1].message.Display(), "{k} sides");
  EXPECT_EQ(sites[1].line, 5);
  EXPECT_EQ(sites[1].error_class, "NotSupportedException");
}

TEST(CSharpStrings, EscapesAndFormats) {
  EXPECT_EQ(DecodeCSharpEscapes("a\\tb\\u0041\\x42\\U0001F600\\\\\\\"\\0"),
            std::string("a\tbAB\xF0\x9F\x98\x80\\\"\0", 12));
  EXPECT_EQ(DecodeVerbatim("C:\\x \"\"q\"\""), "C:\\x \"q\"");
  EXPECT_EQ(CSharpRawStringValue("\"\"\"one \"line\"\"\""), "one \"line");
  Template t;
  t.AddLiteral("{0} of {1,3} {2} {{0}} {x}");
  EXPECT_EQ(ApplyCompositeFormat(t, {"a", "b"}).Display(), "{0} of {1,3} {2} {0} {x}");
  EXPECT_EQ(ApplyMessageTemplate(t, {"a", "b"}).Display(), "{0} of {1,3} {2} {0} {x}");
  EXPECT_EQ(ApplyMessageTemplate(t, {"a", "b", "c", "d"}).HoleCount(), 4);
}

// Newtonsoft.Json wraps signatures in #if; the first branch is read.
TEST(CSharpExtractor, ConditionalCompilationSplittingADeclaration) {
  auto sites = Extract(
      "class Wrapper {\n"
      "#if HAVE_READ_ONLY_COLLECTIONS\n"
      "  public void Add(string key, object value)\n"
      "#else\n"
      "  void Add(string key, object value, bool legacy)\n"
      "#endif\n"
      "  {\n"
      "    if (key == null) throw new InvalidOperationException(\"Cannot add \" + key);\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(), "Cannot add {key}");
  EXPECT_EQ(sites[0].line, 8);
  EXPECT_EQ(sites[0].function, "Wrapper.Add");
  // An #if around part of a statement, with no #else.
  sites = Extract(
      "class Conv {\n"
      "  void Write(object value) {\n"
      "    if (value is DateTime d) { }\n"
      "#if HAVE_DATE_TIME_OFFSET\n"
      "    else if (value is DateTimeOffset o) { }\n"
      "#endif\n"
      "    else\n"
      "    {\n"
      "      throw new JsonSerializationException(\"Unexpected value when converting date.\");\n"
      "    }\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].line, 9);
  EXPECT_EQ(sites[0].function, "Conv.Write");
  EXPECT_EQ(FirstBranchView("#if A\nx\n#else\ny\n#endif\nz"), "     \nx\n     \n \n      \nz");
}

TEST(CSharpStrings, XmlDocCommentsBecomeProse) {
  EXPECT_EQ(StripXmlDoc("<summary> Writes a comment <c>/*...*/</c> for <paramref name=\"text\"/>.\n"
                        "</summary> <param name=\"text\">Text to place.</param>"),
            "Writes a comment /*...*/ for text.\nText to place.");
  EXPECT_EQ(StripXmlDoc("Throws when <see cref=\"T:Acme.Store\"/> is <see langword=\"null\"/>"),
            "Throws when Acme.Store is null");
  EXPECT_EQ(StripXmlDoc("a < b and c > d"), "a < b and c > d");
}

TEST(CSharpExtractor, DocCommentNotesAreProse) {
  auto sites = Extract(
      "class Writer {\n"
      "  void WriteComment(string text) {\n"
      "    /// <summary>BSON has no comments; see <see cref=\"T:Acme.BsonWriter\"/>.</summary>\n"
      "    throw new NotSupportedException(\"Cannot write JSON comment as BSON.\");\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);
  ASSERT_FALSE(sites[0].notes.empty());
  EXPECT_EQ(sites[0].notes[0].text, "BSON has no comments; see Acme.BsonWriter.");
}

// A message built in a local (`+ Environment.NewLine`, then
// `message = message.FormatWith(..)`) and thrown through a static factory;
// a target-typed `new(..)` takes its class from the declaration.
TEST(CSharpExtractor, LocalsFactoriesAndTargetTypedNew) {
  auto sites = Extract(
      "namespace Acme.Json {\n"
      "class Reader {\n"
      "  JsonArrayContract Ensure(JsonReader reader, Type objectType, JsonContract c) {\n"
      "    if (!(c is JsonArrayContract a)) {\n"
      "      string message = @\"Cannot read into type '{0}'.\" + Environment.NewLine +\n"
      "                       @\"To fix this error change the type.\" + Environment.NewLine;\n"
      "      message = message.FormatWith(CultureInfo.InvariantCulture, objectType);\n"
      "      throw JsonSerializationException.Create(reader, message);\n"
      "    }\n"
      "    return a;\n"
      "  }\n"
      "  Expression Map(MapRequest request) {\n"
      "    MappingException exception = new(\"Missing type map configuration.\", null)\n"
      "    {\n"
      "      Types = request.Types\n"
      "    };\n"
      "    return Throw(Constant(exception));\n"
      "  }\n"
      "}\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u) << testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].error_class, "JsonSerializationException");
  EXPECT_EQ(sites[0].message.Display(),
            "Cannot read into type '{0}'.\nTo fix this error change the type.\n");
  EXPECT_EQ(sites[0].line, 8);
  EXPECT_TRUE(Matches(sites[0],
                      "Cannot read into type 'Acme.Item[]'.\nTo fix this error change "
                      "the type.\n Path '', line 1, position 1."));
  EXPECT_EQ(sites[1].error_class, "MappingException");
  EXPECT_EQ(sites[1].message.Display(), "Missing type map configuration.");
  EXPECT_EQ(sites[1].line, 13);
  EXPECT_EQ(sites[1].function, "Reader.Map");
  EXPECT_TRUE(Matches(sites[1], "Missing type map configuration.\n\nMapping types:\nA -> B"));
}

// A StringBuilder local handed to the exception as `sb.ToString()`
// (StackExchange.Redis's ExceptionFactory): the text it was created with
// and each chained `.Append(..)`.
TEST(CSharpExtractor, StringBuilderArgumentIsTheMessage) {
  auto sites = Extract(
      "static class ExceptionFactory\n"
      "{\n"
      "    internal static Exception NoConnection(string commandLabel, int attempts)\n"
      "    {\n"
      "        StringBuilder sb = new StringBuilder(\"No connection is available to service this "
      "operation: \");\n"
      "        sb.Append(commandLabel).Append(\"; attempts: \").Append(attempts);\n"
      "        var ex = new RedisConnectionException(FailureType.Unable, sb.ToString(), inner);\n"
      "        return ex;\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 7);
  EXPECT_EQ(sites[0].error_class, "RedisConnectionException");
  EXPECT_EQ(sites[0].message.Display(),
            "No connection is available to service this operation: {commandLabel}; attempts: "
            "{attempts}");
}

// A StringBuilder given different text in the branches of an if/else
// (StackExchange.Redis's timeout message): one site per branch.
TEST(CSharpExtractor, StringBuilderBranchesGiveOneSiteEach) {
  auto sites = Extract(
      "static class ExceptionFactory\n"
      "{\n"
      "    internal static Exception Timeout(string baseErrorMessage, string command, int ms)\n"
      "    {\n"
      "        var sb = new StringBuilder();\n"
      "        if (!string.IsNullOrEmpty(baseErrorMessage))\n"
      "        {\n"
      "            sb.Append(baseErrorMessage);\n"
      "        }\n"
      "        else\n"
      "        {\n"
      "            sb.Append(\"Timeout performing \").Append(command).Append(\" (\").Append(ms)"
      ".Append(\"ms)\");\n"
      "        }\n"
      "        sb.Append(\" (Please take a look at this article)\");\n"
      "        return new RedisTimeoutException(sb.ToString(), CommandStatus.Unknown);\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "{baseErrorMessage} (Please take a look at this article)");
  EXPECT_EQ(sites[1].message.Display(),
            "Timeout performing {command} ({ms}ms) (Please take a look at this article)");
  EXPECT_TRUE(Matches(sites[1],
                      "Timeout performing GET foo (5000ms) (Please take a look at this "
                      "article)"));
}

// A local assigned in each branch of an if/else (mongo-csharp-driver's
// CommandWireProtocol: "Command {0} failed: {1}." when the reply has an
// errmsg, else "Command {0} failed.") or a switch before the exception is
// built: each branch is a message users see, recorded at the `new` with a
// note naming which assignment it took. A local assigned again after the
// branches holds only that later text.
TEST(CSharpExtractor, LocalAssignedInBranchesGivesOneSiteEach) {
  auto sites = Extract(
      "class Protocol\n"
      "{\n"
      "    void Check(string commandName, BsonDocument reply, int code)\n"
      "    {\n"
      "        string message;\n"
      "        if (reply.TryGetValue(\"errmsg\", out var errmsg))\n"
      "        {\n"
      "            message = string.Format(\"Command {0} failed: {1}.\", commandName, errmsg);\n"
      "        }\n"
      "        else\n"
      "        {\n"
      "            message = string.Format(\"Command {0} failed.\", commandName);\n"
      "        }\n"
      "        var exception = new MongoCommandException(message, reply);\n"
      "        throw exception;\n"
      "    }\n"
      "    void Level(int level)\n"
      "    {\n"
      "        string label;\n"
      "        switch (level)\n"
      "        {\n"
      "            case 4: label = \"Client error\"; break;\n"
      "            case 5: label = \"Server error\"; break;\n"
      "            default: label = \"Unsuccessful request\"; break;\n"
      "        }\n"
      "        throw new RequestException(label + \": \" + level);\n"
      "    }\n"
      "    void Again(bool quiet)\n"
      "    {\n"
      "        var text = \"first\";\n"
      "        if (quiet) text = \"quiet\";\n"
      "        text = \"Final text only\";\n"
      "        throw new InvalidOperationException(text);\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 6u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "Command {0} failed: {1}.");
  EXPECT_EQ(sites[1].message.Display(), "Command {0} failed.");
  EXPECT_EQ(sites[0].line, 14);
  EXPECT_EQ(sites[1].line, 14);
  EXPECT_NE(sites[0].message_origin_note.find("line 8"), std::string::npos)
      << sites[0].message_origin_note;
  EXPECT_NE(sites[0].message_origin_note.find("message 1 of 2, chosen by the branches above"),
            std::string::npos)
      << sites[0].message_origin_note;
  EXPECT_TRUE(Matches(sites[0], "Command saslStart failed: Authentication failed."));
  EXPECT_EQ(sites[2].message.Display(), "Client error: {level}");
  EXPECT_EQ(sites[3].message.Display(), "Server error: {level}");
  EXPECT_EQ(sites[4].message.Display(), "Unsuccessful request: {level}");
  EXPECT_EQ(sites[5].message.Display(), "Final text only");
}

// `value ?? "literal"` where the value's text is unknown: the literal is
// the one message known; a bare parameter stays a hole (its callers pass
// the text).
TEST(CSharpExtractor, CoalesceDefaultOfAnUnknownValueIsAMessage) {
  auto sites = Extract(
      "class Client {\n"                                                                       // 1
      "  void Send(Response response, string reason) {\n"                                      // 2
      "    var message = response.Error?.Message ?? \"The server returned no error text\";\n"  // 3
      "    throw new HttpRequestException(message);\n"                                         // 4
      "  }\n"                                                                                  // 5
      "  void Fail(string reason) {\n"                                                         // 6
      "    throw new InvalidOperationException(reason ?? \"no reason\");\n"                    // 7
      "  }\n"                                                                                  // 8
      "}\n");
  const ErrorSite* found = nullptr;
  for (const ErrorSite& s : sites) {
    EXPECT_NE(s.message.Display(), "no reason") << s.line;
    if (s.message.Display() == "The server returned no error text") found = &s;
  }
  ASSERT_NE(found, nullptr) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(found->line, 4);
  EXPECT_EQ(found->error_class, "HttpRequestException");
  // The local's assignment is where the text is.
  EXPECT_NE(found->message_origin_note.find("message assigned to"), std::string::npos)
      << found->message_origin_note;
}

// `[Obsolete("..")]`: CS0618 prints the message where code uses the member
// (a warning; CS0619, an error, with `true`); without a message there is
// no text of the library's own.
TEST(CSharpExtractor, ObsoleteAttributeMessagesAreWarnings) {
  auto sites = Extract(
      "public class Cache {\n"
      "  [Obsolete(\"Use OpenAsync instead\")]\n"
      "  public void Open() {}\n"
      "  [System.Obsolete(\"Removed; use Editor\", true)]\n"
      "  public void Edit() {}\n"
      "  [Obsolete]\n"
      "  public void Close() {}\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "Use OpenAsync instead");
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[0].severity, "warning");
  EXPECT_TRUE(Matches(sites[0],
                      "warning CS0618: 'Cache.Open()' is obsolete: 'Use OpenAsync instead'"));
  EXPECT_EQ(sites[1].message.Display(), "Removed; use Editor");
  EXPECT_EQ(sites[1].severity, "error");
}

}  // namespace
}  // namespace errdex
