// Ruby extractor: every idiom, asserted on the exact message, line, class,
// status, conditions and pattern a user will see.
#include <gtest/gtest.h>
#include <re2/re2.h>

#include <algorithm>

#include "errdex/extractor.h"
#include "extract/common/extractor_testing.h"

namespace errdex {
namespace {

using extract_testing::ExtractFile;
using extract_testing::HoleExprs;
using extract_testing::Matches;
using extract_testing::Messages;

std::vector<ErrorSite> Extract(const std::string& code,
                               const std::string& path = "lib/shop/cart.rb") {
  return ExtractFile(path, code, "ruby");
}

TEST(RubyExtractor, RaiseForms) {
  auto sites = Extract(
      "class Cart\n"
      "  def add(item, qty)\n"
      "    raise ArgumentError, \"bad quantity #{qty} for #{item.name}\\n\" if qty <= 0\n"
      "    raise IOError.new('no #{interpolation} here, it\\'s raw')\n"
      "    fail \"plain failure\"\n"
      "    raise ActiveRecord::RecordNotFound\n"
      "    raise Shop::Closed, %(closed since #{since})\n"
      "    raise %q(single #{x})\n"
      "    raise KeyError, %Q(missing \"#{key}\")\n"
      "    raise\n"
      "  end\n"
      "end\n");
  ASSERT_EQ(sites.size(), 7u);
  EXPECT_EQ(sites[0].error_class, "ArgumentError");
  EXPECT_EQ(sites[0].message.Display(), "bad quantity #{qty} for #{item.name}\n");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"qty", "item.name"}));
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].function, "Cart.add");
  EXPECT_EQ(sites[0].function_line, 2);
  ASSERT_EQ(sites[0].conditions.size(), 1u);
  EXPECT_EQ(sites[0].conditions[0].expr, "qty <= 0");
  EXPECT_TRUE(sites[0].conditions[0].polarity);
  EXPECT_TRUE(Matches(sites[0], "bad quantity -1 for Apple Pie\n (ArgumentError)"));
  EXPECT_FALSE(Matches(sites[0], "bad quantity -1 for Apple Pie (ArgumentError)"));
  EXPECT_EQ(sites[1].error_class, "IOError");
  EXPECT_EQ(sites[1].message.Display(), "no #{interpolation} here, it's raw");
  EXPECT_EQ(sites[1].message.HoleCount(), 0);
  EXPECT_EQ(sites[2].error_class, "RuntimeError");
  EXPECT_EQ(sites[2].message.Display(), "plain failure");
  EXPECT_EQ(sites[2].line, 5);
  // No message: Ruby prints the class name.
  EXPECT_EQ(sites[3].error_class, "ActiveRecord::RecordNotFound");
  EXPECT_EQ(sites[3].message.Display(), "ActiveRecord::RecordNotFound");
  EXPECT_EQ(sites[4].error_class, "Shop::Closed");
  EXPECT_EQ(sites[4].message.Display(), "closed since #{since}");
  EXPECT_EQ(sites[5].message.Display(), "single #{x}");
  EXPECT_EQ(sites[5].message.HoleCount(), 0);
  EXPECT_EQ(sites[6].message.Display(), "missing \"#{key}\"");
  EXPECT_TRUE(Matches(sites[6], "missing \"sku-1\" (KeyError)"));
}

TEST(RubyExtractor, ConcatenationHeredocsAndFormat) {
  auto sites = Extract(
      "def load(path, n)\n"
      "  raise \"cannot read \" \\\n"
      "    \"#{path}: \" + reason\n"
      "  raise ConfigError, <<~MSG\n"
      "    config #{path} is invalid:\n"
      "      expected #{n} entries\n"
      "  MSG\n"
      "  raise format(\"got %s of %-3d (100%%)\", path, n)\n"
      "  raise ArgumentError, sprintf(\"%<name>s is %{state}\", name: a, state: b)\n"
      "  raise \"bad %s, %s\" % [path, n]\n"
      "  msg = \"no such file: \"\n"
      "  msg += path\n"
      "  raise IOError, msg\n"
      "  raise Oops, <<-EOS.strip\n"
      "    kept indent #{n}\n"
      "  EOS\n"
      "end\n");
  ASSERT_EQ(sites.size(), 7u);
  EXPECT_EQ(sites[0].message.Display(), "cannot read #{path}: #{reason}");
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[0].end_line, 3);
  EXPECT_EQ(sites[1].error_class, "ConfigError");
  // The newline before the terminator is not text a paste ends with.
  EXPECT_EQ(sites[1].message.Display(), "config #{path} is invalid:\n  expected #{n} entries");
  EXPECT_TRUE(Matches(sites[1], "config /etc/a.yml is invalid:\n  expected 3 entries"));
  EXPECT_TRUE(Matches(sites[1], "config /etc/a.yml is invalid:\n  expected 3 entries\n"));
  EXPECT_EQ(sites[2].message.Display(), "got %s of %-3d (100%)");
  EXPECT_EQ(HoleExprs(sites[2]), (std::vector<std::string>{"path", "n"}));
  EXPECT_TRUE(Matches(sites[2], "got a.txt of 7   (100%)"));
  EXPECT_EQ(sites[3].message.Display(), "%<name>s is %{state}");
  EXPECT_EQ(HoleExprs(sites[3]), (std::vector<std::string>{"name", "state"}));
  EXPECT_EQ(sites[4].message.Display(), "bad %s, %s");
  EXPECT_EQ(HoleExprs(sites[4]), (std::vector<std::string>{"path", "n"}));
  EXPECT_EQ(sites[5].message.Display(), "no such file: #{path}");
  EXPECT_EQ(sites[5].message_origin_note, "message assigned to `msg` at line 11");
  EXPECT_EQ(sites[6].message.Display(), "kept indent #{n}");
}

// Format verbs are ASCII letters: a name followed by another character is
// a hole that ends at '>', and the pattern never splits a UTF-8 sequence
// (the issue 17 fuzz abort: `%<name>\xc3\xa9` took 0xC3 as the verb).
TEST(RubyExtractor, NamedFormatHoleBeforeNonAsciiKeepsWholeCodePoints) {
  auto sites = Extract(
      "def f(name)\n"
      "  raise ArgumentError, format(\"bad %<name>\xc3\xa9 value\", name: name)\n"
      "end\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(), "bad %<name>\xc3\xa9 value");
  EXPECT_EQ(sites[0].message.Pattern(), "bad ([\\s\\S]*?)\xc3\xa9 value");
  EXPECT_TRUE(Matches(sites[0], "bad widget\xc3\xa9 value"));
}

// graphql-ruby's InvalidNullError: `initialize` picks its text by a flag;
// each branch's `super(..)` is a message of the class, under its branch.
TEST(RubyExtractor, SuperInTheBranchesOfInitialize) {
  auto sites = Extract(
      "module GraphQL\n"
      "  class InvalidNullError < GraphQL::RuntimeError\n"
      "    def initialize(parent_type, field, is_from_array: false)\n"
      "      @field = field\n"
      "      if is_from_array\n"
      "        super(\"Cannot return null for non-nullable element of #{parent_type}\")\n"
      "      else\n"
      "        super(\"Cannot return null for non-nullable field #{parent_type}.#{field}\")\n"
      "      end\n"
      "    end\n"
      "  end\n"
      "end\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].error_class, "InvalidNullError");
  EXPECT_EQ(sites[0].line, 6);
  EXPECT_EQ(sites[1].message.Display(),
            "Cannot return null for non-nullable field #{parent_type}.#{field}");
  EXPECT_EQ(sites[1].line, 8);
  ASSERT_FALSE(sites[1].conditions.empty());
  EXPECT_EQ(sites[1].conditions[0].expr, "is_from_array");
  EXPECT_FALSE(sites[1].conditions[0].polarity);
  EXPECT_TRUE(
      Matches(sites[1], "Cannot return null for non-nullable field CreateUserPayload.user"));
}

TEST(RubyExtractor, CustomExceptionClasses) {
  auto sites = Extract(
      "module Shop\n"
      "  class Error < StandardError; end\n"
      "\n"
      "  class OutOfStock < Error\n"
      "    def initialize(msg = \"item is out of stock\")\n"
      "      super\n"
      "    end\n"
      "  end\n"
      "\n"
      "  class Missing < Error\n"
      "    def initialize(sku)\n"
      "      super(\"no item #{sku}\")\n"
      "    end\n"
      "  end\n"
      "\n"
      "  class Expired < StandardError\n"
      "    def message\n"
      "      \"the cart expired at #{@at}\"\n"
      "    end\n"
      "  end\n"
      "\n"
      "  def self.check(item)\n"
      "    raise OutOfStock unless item.available?\n"
      "  end\n"
      "end\n");
  ASSERT_EQ(sites.size(), 4u);
  EXPECT_EQ(sites[0].error_class, "OutOfStock");
  EXPECT_EQ(sites[0].message.Display(), "item is out of stock");
  EXPECT_EQ(sites[0].line, 5);
  EXPECT_EQ(sites[0].function, "Shop.OutOfStock.initialize");
  EXPECT_EQ(sites[1].error_class, "Missing");
  EXPECT_EQ(sites[1].message.Display(), "no item #{sku}");
  EXPECT_EQ(sites[1].line, 12);
  EXPECT_EQ(sites[2].error_class, "Expired");
  EXPECT_EQ(sites[2].message.Display(), "the cart expired at #{@at}");
  EXPECT_EQ(sites[2].line, 18);
  // `raise OutOfStock` prints the class's default message.
  EXPECT_EQ(sites[3].error_class, "OutOfStock");
  EXPECT_EQ(sites[3].message.Display(), "item is out of stock");
  EXPECT_EQ(sites[3].line, 23);
  EXPECT_EQ(sites[3].function, "Shop.check");
  ASSERT_EQ(sites[3].conditions.size(), 1u);
  EXPECT_EQ(sites[3].conditions[0].expr, "item.available?");
  EXPECT_FALSE(sites[3].conditions[0].polarity);
  EXPECT_TRUE(Matches(sites[3], "item is out of stock (Shop::OutOfStock)"));
}

// puma's shape: a method named for reporting (`error`, `log_error`), given
// text just before `exit 1`, shows that text last, however it writes it (a
// logger's `info` of a formatter's output). A command run before exiting
// (`system "make"`) is not a message, nor is a write before `exit 0`.
TEST(RubyExtractor, TextWrittenJustBeforeAFailingExit) {
  auto sites = Extract(
      "def load_and_bind\n"
      "  unless @config.app_configured?\n"
      "    error \"No application configured, nothing to run\"\n"
      "    exit 1\n"
      "  end\n"
      "  @error_logger.info(text: @formatter.call(\"ERROR: cannot bind #{port}\"))\n"
      "  exit 1\n"
      "  system \"make clean all\"\n"
      "  exit 1\n"
      "  say \"all done\"\n"
      "  exit 0\n"
      "end\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "No application configured, nothing to run");
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].severity, "critical");
  EXPECT_EQ(sites[1].message.Display(), "ERROR: cannot bind #{port}");
  EXPECT_EQ(sites[1].line, 6);
  EXPECT_TRUE(Matches(sites[1], "ERROR: cannot bind 9292"));
}

// A logger held in an instance, class or global variable (fluentd's
// `@log.warn "no patterns matched", tag: tag`) logs like `log` does; the
// keyword fields after the message are not its text.
TEST(RubyExtractor, LoggerInAnInstanceVariable) {
  auto sites = Extract(
      "class NoMatchMatch\n"
      "  def emit_events(tag, es)\n"
      "    @log.warn \"no patterns matched\", tag: tag\n"
      "    @@logger.error(\"buffer overflow in #{tag}\")\n"
      "    $log.error \"unexpected error\", error: e\n"
      "    @log.info \"not an error\"\n"
      "  end\n"
      "end\n");
  ASSERT_EQ(sites.size(), 3u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "no patterns matched");
  EXPECT_EQ(sites[0].severity, "warning");
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_TRUE(Matches(sites[0], "no patterns matched tag=\"SNMPTag\""));
  EXPECT_EQ(sites[1].message.Display(), "buffer overflow in #{tag}");
  EXPECT_EQ(sites[2].message.Display(), "unexpected error");
  EXPECT_EQ(sites[2].severity, "error");
}

TEST(RubyExtractor, WarningsLogsAndExits) {
  auto sites = Extract(
      "def run(path)\n"
      "  warn \"deprecated option #{opt}\"\n"
      "  logger.error \"sync failed for #{path}\"\n"
      "  Rails.logger.fatal(\"database gone\")\n"
      "  abort(\"usage: shop PATH\")\n"
      "  $stderr.puts \"cannot open #{path}\"\n"
      "  exit(1)\n"
      "  STDERR.puts \"just noise\"\n"
      "  logger.info \"not an error\"\n"
      "  Jekyll.logger.error \"Conversion error:\",\n"
      "                      \"#{name} failed\"\n"
      "  logger.error { \"retry #{n} failed\" }\n"
      "  warn \"usage: shop\", \"  -v  verbose\"\n"
      "  exit 2\n"
      "  logger.info \"Could not fetch #{uri}, retrying\"\n"
      "end\n");
  ASSERT_EQ(sites.size(), 10u);
  // An info line only when it states a failure ("not an error" does not).
  EXPECT_EQ(sites[9].message.Display(), "Could not fetch #{uri}, retrying");
  EXPECT_EQ(sites[9].severity, "info");
  EXPECT_EQ(sites[9].line, 15);
  EXPECT_EQ(sites[6].message.Display(), "Conversion error: #{name} failed");
  EXPECT_EQ(sites[6].line, 10);
  EXPECT_EQ(sites[6].end_line, 11);
  EXPECT_TRUE(Matches(sites[6], "  Conversion error: about.md failed"));
  EXPECT_EQ(sites[7].message.Display(), "retry #{n} failed");
  EXPECT_EQ(sites[7].kind, SiteKind::kLog);
  EXPECT_EQ(sites[8].message.Display(), "usage: shop\n  -v  verbose");
  EXPECT_EQ(sites[8].severity, "critical");
  EXPECT_EQ(sites[0].kind, SiteKind::kWarning);
  EXPECT_EQ(sites[0].severity, "warning");
  EXPECT_EQ(sites[0].message.Display(), "deprecated option #{opt}");
  EXPECT_EQ(sites[1].kind, SiteKind::kLog);
  EXPECT_EQ(sites[1].severity, "error");
  EXPECT_EQ(sites[1].message.Display(), "sync failed for #{path}");
  EXPECT_EQ(sites[2].severity, "critical");
  EXPECT_EQ(sites[2].message.Display(), "database gone");
  EXPECT_EQ(sites[3].error_class, "SystemExit");
  EXPECT_EQ(sites[3].message.Display(), "usage: shop PATH");
  EXPECT_EQ(sites[4].severity, "critical");
  EXPECT_EQ(sites[4].line, 6);
  EXPECT_EQ(sites[4].message.Display(), "cannot open #{path}");
  EXPECT_EQ(sites[5].severity, "error");
  EXPECT_EQ(sites[5].message.Display(), "just noise");
}

TEST(RubyExtractor, RailsAndSinatraResponses) {
  auto sites = Extract(
      "class CartsController < ApplicationController\n"
      "  def show\n"
      "    return render json: { error: \"cart #{id} not found\" }, status: :not_found if "
      "@cart.nil?\n"
      "    head :forbidden unless allowed?\n"
      "    render json: { errors: @cart.errors }, status: :unprocessable_entity\n"
      "    render json: @cart, status: :ok\n"
      "    halt 404, \"no such cart\"\n"
      "    halt 401\n"
      "    render plain: \"slow down\", status: 429\n"
      "  end\n"
      "end\n"
      "\n"
      "class Item < ApplicationRecord\n"
      "  validate :price_positive\n"
      "  def price_positive\n"
      "    errors.add(:price, \"must be positive\") if price <= 0\n"
      "    errors.add(:name, :blank)\n"
      "  end\n"
      "end\n");
  ASSERT_EQ(sites.size(), 7u);
  EXPECT_EQ(sites[0].kind, SiteKind::kHttp);
  EXPECT_EQ(sites[0].http_status, 404);
  EXPECT_EQ(sites[0].message.Display(), "cart #{id} not found");
  EXPECT_EQ(sites[0].conditions.at(0).expr, "@cart.nil?");
  EXPECT_TRUE(sites[0].conditions.at(0).polarity);
  EXPECT_EQ(sites[1].http_status, 403);
  EXPECT_EQ(sites[1].message.Display(), "Forbidden");
  ASSERT_FALSE(sites[1].conditions.empty());
  EXPECT_EQ(sites[1].conditions.back().expr, "allowed?");
  EXPECT_FALSE(sites[1].conditions.back().polarity);
  // The body is a value: the reason phrase is what is certain.
  EXPECT_EQ(sites[2].http_status, 422);
  EXPECT_EQ(sites[2].message.Display(), "Unprocessable Content");
  EXPECT_EQ(sites[3].http_status, 404);
  EXPECT_EQ(sites[3].message.Display(), "no such cart");
  EXPECT_EQ(sites[4].http_status, 401);
  EXPECT_EQ(sites[4].message.Display(), "Unauthorized");
  EXPECT_EQ(sites[5].http_status, 429);
  EXPECT_EQ(sites[5].message.Display(), "slow down");
  EXPECT_EQ(sites[6].error_class, "ActiveRecord::RecordInvalid");
  EXPECT_EQ(sites[6].message.Display(), "must be positive");
  EXPECT_EQ(sites[6].line, 16);
  EXPECT_TRUE(Matches(sites[6], "Validation failed: Price must be positive"));
}

TEST(RubyExtractor, ConditionsAndGuardClauses) {
  auto sites = Extract(
      "def pay(order)\n"
      "  return if order.paid?\n"
      "  return unless order.valid?\n"
      "  if order.total.zero?\n"
      "    return\n"
      "  end\n"
      "  # Cards must be checked first.\n"
      "  if order.card.nil?\n"
      "    raise PaymentError, \"no card\"\n"
      "  elsif order.card.expired?\n"
      "    raise PaymentError, \"card expired\"\n"
      "  else\n"
      "    unless gateway.up?\n"
      "      raise GatewayError, \"gateway down\"\n"
      "    end\n"
      "  end\n"
      "  charge(order)\n"
      "rescue Timeout::Error => e\n"
      "  raise GatewayError, \"timed out after #{e.message}\"\n"
      "end\n");
  ASSERT_EQ(sites.size(), 4u);
  const auto& c0 = sites[0].conditions;
  ASSERT_EQ(c0.size(), 4u);
  EXPECT_EQ(c0[0].expr, "order.paid?");
  EXPECT_FALSE(c0[0].polarity);
  EXPECT_EQ(c0[1].expr, "order.valid?");
  EXPECT_TRUE(c0[1].polarity);
  EXPECT_EQ(c0[2].expr, "order.total.zero?");
  EXPECT_FALSE(c0[2].polarity);
  EXPECT_EQ(c0[3].expr, "order.card.nil?");
  EXPECT_TRUE(c0[3].polarity);
  EXPECT_EQ(c0[3].line, 8);
  ASSERT_FALSE(sites[0].notes.empty());
  EXPECT_EQ(sites[0].notes[0].text, "Cards must be checked first.");
  const auto& c1 = sites[1].conditions;
  ASSERT_EQ(c1.size(), 5u);
  EXPECT_EQ(c1[3].expr, "order.card.nil?");
  EXPECT_FALSE(c1[3].polarity);
  EXPECT_EQ(c1[4].expr, "order.card.expired?");
  EXPECT_TRUE(c1[4].polarity);
  const auto& c2 = sites[2].conditions;
  ASSERT_EQ(c2.size(), 6u);
  EXPECT_EQ(c2[4].expr, "order.card.expired?");
  EXPECT_FALSE(c2[4].polarity);
  EXPECT_EQ(c2[5].expr, "gateway.up?");
  EXPECT_FALSE(c2[5].polarity);
  EXPECT_EQ(sites[3].line, 19);
  ASSERT_EQ(sites[3].conditions.size(), 1u);
  EXPECT_EQ(sites[3].conditions[0].expr, "rescue Timeout::Error => e");
}

TEST(RubyExtractor, CaseWhenConditions) {
  auto sites = Extract(
      "def style_for(kind)\n"
      "  case kind\n"
      "  when :tab, 'tab' then raise StyleError, \"tabs are not allowed\"\n"
      "  when String\n"
      "    raise StyleError, \"unknown style #{kind}\"\n"
      "  end\n"
      "  case\n"
      "  when kind.nil? then raise \"no kind\"\n"
      "  end\n"
      "end\n");
  ASSERT_EQ(sites.size(), 3u);
  ASSERT_EQ(sites[0].conditions.size(), 1u);
  EXPECT_EQ(sites[0].conditions[0].expr, ":tab === kind || 'tab' === kind");
  EXPECT_EQ(sites[0].conditions[0].line, 3);
  ASSERT_EQ(sites[1].conditions.size(), 1u);
  EXPECT_EQ(sites[1].conditions[0].expr, "String === kind");
  EXPECT_EQ(sites[1].conditions[0].line, 4);
  ASSERT_EQ(sites[2].conditions.size(), 1u);
  EXPECT_EQ(sites[2].conditions[0].expr, "kind.nil?");
}

TEST(RubyExtractor, ConstantsParenthesesAndKernel) {
  auto sites = Extract(
      "module Shop\n"
      "  LIMIT_MSG = \"cart limit reached\".freeze\n"
      "  def self.push(x)\n"
      "    raise(LimitError, LIMIT_MSG) if full?\n"
      "    Kernel.raise ArgumentError, 'nil item' if x.nil?\n"
      "    raise TypeError, format('%05.1f%% off is not allowed', x) unless x.positive?\n"
      "    raise unless ok\n"
      "    raise err\n"
      "    raise error_class, \"boom #{x}\"\n"
      "    raise SystemExit unless done?\n"
      "  end\n"
      "end\n");
  ASSERT_EQ(sites.size(), 4u);
  EXPECT_EQ(sites[3].error_class, "error_class");
  EXPECT_EQ(sites[3].message.Display(), "boom #{x}");
  EXPECT_EQ(sites[0].error_class, "LimitError");
  EXPECT_EQ(sites[0].message.Display(), "cart limit reached");
  EXPECT_EQ(sites[0].message_origin_note, "message assigned to `LIMIT_MSG` at line 2");
  EXPECT_EQ(sites[0].function, "Shop.push");
  EXPECT_EQ(sites[1].error_class, "ArgumentError");
  EXPECT_EQ(sites[1].message.Display(), "nil item");
  EXPECT_EQ(sites[1].conditions.size(), 2u);
  EXPECT_EQ(sites[2].message.Display(), "%05.1f% off is not allowed");
  EXPECT_TRUE(Matches(sites[2], "012.5% off is not allowed (TypeError)"));
}

// Rack::Files defines its own `fail(status, body)`: not Kernel#fail.
TEST(RubyExtractor, FileDefinedFailIsNotKernelFail) {
  auto sites = Extract(
      "class Files\n"
      "  def call(env)\n"
      "    return fail(405, \"Method Not Allowed\") unless get?\n"
      "  end\n"
      "  def fail(status, body)\n"
      "    [status, {}, [body]]\n"
      "  end\n"
      "end\n");
  EXPECT_TRUE(sites.empty());
}

TEST(RubyExtractor, HandlesRubyFilesOnly) {
  const Extractor* ex = ExtractorFor("lib/tasks/db.rake");
  ASSERT_NE(ex, nullptr);
  EXPECT_EQ(ex->language(), "ruby");
  ASSERT_NE(ExtractorFor("Rakefile"), nullptr);
  EXPECT_EQ(ExtractorFor("Rakefile")->language(), "ruby");
  EXPECT_EQ(ExtractorFor("Gemfile"), nullptr);
  EXPECT_EQ(ExtractorFor("lib/x.rbs"), nullptr);
}

// A local whose value is a case/when, an if/elsif/else or a ternary, or
// that is assigned in the branches of one: one record per branch, at the
// raise. An exception built into a local and raised later keeps its class.
TEST(RubyExtractor, LocalsChosenByBranches) {
  auto sites = Extract(
      "module Bundler\n"
      "  class Definition\n"
      "    def validate_ruby!\n"
      "      problem, expected, actual = ruby_version.diff(RubyVersion.system)\n"
      "      msg = case problem\n"
      "            when :engine\n"
      "              \"Your Ruby engine is #{actual}, but your Gemfile specified #{expected}\"\n"
      "            when :version\n"
      "              \"Your Ruby version is #{actual}, but your Gemfile specified #{expected}\"\n"
      "            when :patchlevel\n"
      "              if !expected.is_a?(String)\n"
      "                \"The Ruby patchlevel in your Gemfile must be a string\"\n"
      "              else\n"
      "                \"Your Ruby patchlevel is #{actual}, but your Gemfile wants #{expected}\"\n"
      "              end\n"
      "            end\n"
      "      raise RubyVersionMismatch, msg\n"
      "    end\n"
      "\n"
      "    def check_for_activated_spec!(spec, activated)\n"
      "      suggestion = if activated.default_gem?\n"
      "        \"Since #{spec.name} is a default gem, remove your dependency on it.\"\n"
      "      else\n"
      "        \"Prepending `bundle exec` to your command may solve this.\"\n"
      "      end\n"
      "      e = Gem::LoadError.new \"You have already activated #{activated.name}, \" \\\n"
      "                             \"but your Gemfile requires #{spec.name}. #{suggestion}\"\n"
      "      e.name = spec.name\n"
      "      raise e\n"
      "    end\n"
      "\n"
      "    def pick(kind)\n"
      "      reason = \"unknown kind\"\n"
      "      reason = \"kind too old\" if kind == :old\n"
      "      raise ArgumentError, \"Cannot pick: #{reason}\"\n"
      "    end\n"
      "  end\n"
      "end\n");
  ASSERT_EQ(sites.size(), 8u) << testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(),
            "Your Ruby engine is #{actual}, but your Gemfile specified #{expected}");
  EXPECT_EQ(sites[1].message.Display(),
            "Your Ruby version is #{actual}, but your Gemfile specified #{expected}");
  EXPECT_EQ(sites[1].error_class, "RubyVersionMismatch");
  EXPECT_EQ(sites[1].line, 17);
  EXPECT_EQ(sites[1].function, "Bundler.Definition.validate_ruby!");
  EXPECT_TRUE(Matches(sites[1], "Your Ruby version is 1.9.3, but your Gemfile specified 2.0.0"));
  EXPECT_FALSE(Matches(sites[0], "Your Ruby version is 1.9.3, but your Gemfile specified 2.0.0"));
  EXPECT_EQ(sites[2].message.Display(), "The Ruby patchlevel in your Gemfile must be a string");
  EXPECT_EQ(sites[3].message.Display(),
            "Your Ruby patchlevel is #{actual}, but your Gemfile wants #{expected}");
  EXPECT_EQ(sites[4].error_class, "Gem::LoadError");
  EXPECT_EQ(sites[4].line, 29);
  EXPECT_EQ(sites[4].message.Display(),
            "You have already activated #{activated.name}, but your Gemfile requires "
            "#{spec.name}. Since #{spec.name} is a default gem, remove your dependency on it.");
  EXPECT_EQ(sites[5].message.Display(),
            "You have already activated #{activated.name}, but your Gemfile requires "
            "#{spec.name}. Prepending `bundle exec` to your command may solve this.");
  EXPECT_TRUE(Matches(sites[5],
                      "You have already activated rake 12.3.2, but your Gemfile requires rake "
                      "13.0.1. Prepending `bundle exec` to your command may solve this."));
  // A modifier `if` may or may not fire: both values.
  EXPECT_EQ(sites[6].message.Display(), "Cannot pick: unknown kind");
  EXPECT_EQ(sites[7].message.Display(), "Cannot pick: kind too old");
  EXPECT_EQ(sites[7].line, 35);
}

// Bundler's Resolver#raise_not_found!: the message is a mutable copy
// (String.new) of text whose lead sentence a conditional chooses.
TEST(RubyExtractor, StringNewCopiesItsText) {
  auto sites = Extract(
      "class Resolver\n"
      "  def raise_not_found!(package)\n"
      "    lead = if platforms.size == 1\n"
      "      \"Could not find gem '#{label}' with platform '#{platforms.first}'\"\n"
      "    else\n"
      "      \"Could not find gem '#{label}'\"\n"
      "    end\n"
      "    message = String.new(\"#{lead} in #{source}.\\n\")\n"
      "    raise GemNotFound, message\n"
      "  end\n"
      "end\n");
  std::vector<std::string> got = Messages(sites);
  EXPECT_EQ(got, (std::vector<std::string>{
                     "Could not find gem '#{label}' with platform '#{platforms.first}' in "
                     "#{source}.\n",
                     "Could not find gem '#{label}' in #{source}.\n"}));
  ASSERT_FALSE(sites.empty());
  EXPECT_EQ(sites[0].line, 9);
}

// Homebrew's NoSuchKegError builds its text in a local, appends a clause
// under a modifier `if`, and passes it to `super` without parentheses: one
// message of the class with the clause and one without (the paste of a keg
// from no tap has none).
TEST(RubyExtractor, SuperOfALocalAppendedUnderAModifierIf) {
  auto sites = Extract(
      "class NoSuchKegError < RuntimeError\n"
      "  def initialize(name, tap: nil)\n"
      "    @name = name\n"
      "    message = \"No such keg: #{HOMEBREW_CELLAR}/#{name}\"\n"
      "    message += \" from tap #{tap}\" if tap\n"
      "    super message\n"
      "  end\n"
      "end\n",
      "Library/Homebrew/exceptions.rb");
  std::vector<std::string> got = Messages(sites);
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got,
            (std::vector<std::string>{"No such keg: #{HOMEBREW_CELLAR}/#{name}",
                                      "No such keg: #{HOMEBREW_CELLAR}/#{name} from tap #{tap}"}));
  for (const ErrorSite& s : sites) {
    EXPECT_EQ(s.line, 6);
    EXPECT_EQ(s.error_class, "NoSuchKegError");
  }
  auto plain = std::find_if(sites.begin(), sites.end(), [](const ErrorSite& s) {
    return s.message.Display().find("tap") == std::string::npos;
  });
  ASSERT_NE(plain, sites.end());
  EXPECT_TRUE(Matches(*plain, "Error: No such keg: /usr/local/Cellar/node"));
}

// rubocop colours its warnings with Rainbow; colorize and Pastel do the
// same: the words printed are the literal's.
TEST(RubyExtractor, TerminalColourKeepsTheWords) {
  auto sites = Extract(
      "class Team\n"
      "  def handle_error(error, location, cop)\n"
      "    message = Rainbow(\"An error occurred while #{cop.name} cop was inspecting "
      "#{location}.\").red\n"
      "    @errors << message\n"
      "    warn message\n"
      "  end\n"
      "\n"
      "  def report(name)\n"
      "    warn \"Unknown formatter #{name}\".yellow\n"
      "    warn pastel.red(\"Invalid config file #{name}\")\n"
      "  end\n"
      "end\n");
  ASSERT_EQ(sites.size(), 3u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(),
            "An error occurred while #{cop.name} cop was inspecting #{location}.");
  EXPECT_EQ(sites[0].line, 5);
  EXPECT_TRUE(
      Matches(sites[0], "An error occurred while Rails/Blank cop was inspecting /app/a.rb:36:13."));
  EXPECT_EQ(sites[1].message.Display(), "Unknown formatter #{name}");
  EXPECT_EQ(sites[2].message.Display(), "Invalid config file #{name}");
}

// A message added to a list of warnings or errors (nokogiri's version
// checks, printed one per line at load) is a record at the `<<`; a list of
// other things, or a chain's later `<<`, is not.
TEST(RubyExtractor, MessagesAddedToAWarningsListAreRecords) {
  auto sites = Extract(
      "def warnings\n"
      "  warnings = []\n"
      "  if compiled != loaded\n"
      "    warnings << \"Nokogiri was built against libxml version #{compiled}, but has loaded "
      "#{loaded}\"\n"
      "  end\n"
      "  @errors << \"missing header #{name}\"\n"
      "  names << \"libxml\"\n"
      "  warnings\n"
      "end\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(),
            "Nokogiri was built against libxml version #{compiled}, but has loaded #{loaded}");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].severity, "warning");
  EXPECT_TRUE(Matches(
      sites[0], "WARNING: Nokogiri was built against libxml version 2.8.0, but has loaded 2.7.8"));
  EXPECT_EQ(sites[1].message.Display(), "missing header #{name}");
  EXPECT_EQ(sites[1].severity, "error");
}

}  // namespace
}  // namespace errdex
