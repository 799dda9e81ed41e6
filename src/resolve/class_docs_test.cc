// Class docs: the doc comment or docstring of a declared class, in every
// language's comment style, with markup removed.
#include "resolve/class_docs.h"

#include <gtest/gtest.h>

namespace errdex {
namespace {

TEST(ClassDocs, EveryLanguagesDocCommentOfTheDeclaration) {
  std::vector<SourceFile> files = {
      {"src/main/java/com/acme/JsonSyntaxException.java",
       "/*\n * Copyright (C) 2010 Acme\n * Licensed under the Apache License\n */\n"
       "package com.acme;\n\n"
       "/**\n"
       " * This exception is raised when Acme attempts to read (or write) a malformed\n"
       " * JSON element. See {@link JsonReader} for details.\n"
       " *\n"
       " * @author someone\n"
       " */\n"
       "@SuppressWarnings(\"serial\")\n"
       "public final class JsonSyntaxException extends JsonParseException {\n"
       "}\n"},
      {"acme/errors.py",
       "class InvalidSchema(RequestException, ValueError):\n"
       "    \"\"\"The URL scheme provided is either invalid or unsupported.\"\"\"\n"
       "\n"
       "class Multi(Exception):\n"
       "    \"\"\"\n"
       "    Raised when the session is used\n"
       "    after it was closed.\n"
       "\n"
       "    Attributes: none\n"
       "    \"\"\"\n"},
      {"Src/JsonReaderException.cs",
       "/// <summary>\n"
       "/// The exception thrown when an error occurs while reading JSON text.\n"
       "/// </summary>\n"
       "[Serializable]\n"
       "public class JsonReaderException : JsonException\n"},
      {"src/error.rs",
       "/// This type represents all possible errors that can occur when serializing or\n"
       "/// deserializing JSON data.\n"
       "pub struct Error {\n"},
      {"yaml.go",
       "// A TypeError is returned by Unmarshal when one or more fields in\n"
       "// the YAML document cannot be properly decoded into the requested\n"
       "// types. When this error is returned, the value is still\n"
       "// unmarshaled partially.\n"
       "type TypeError struct {\n"},
      {"lib/undocumented.js", "class Quiet extends Error {}\nconst x = new Quiet();\n"},
  };
  std::map<std::string, std::vector<ClassDoc>> all =
      FindClassDocs(files, {"JsonSyntaxException", "InvalidSchema", "Multi", "JsonReaderException",
                            "Error", "TypeError", "Quiet", "Missing"});
  std::map<std::string, ClassDoc> docs;
  for (const auto& [name, list] : all) docs[name] = list.at(0);
  ASSERT_EQ(docs.count("JsonSyntaxException"), 1u);
  EXPECT_EQ(docs["JsonSyntaxException"].text,
            "This exception is raised when Acme attempts to read (or write) a malformed JSON "
            "element. See JsonReader for details.");
  EXPECT_EQ(docs["JsonSyntaxException"].first_line, 7);
  EXPECT_EQ(docs["JsonSyntaxException"].last_line, 12);
  EXPECT_EQ(docs["InvalidSchema"].text,
            "The URL scheme provided is either invalid or unsupported.");
  EXPECT_EQ(docs["InvalidSchema"].first_line, 2);
  EXPECT_EQ(docs["Multi"].text, "Raised when the session is used after it was closed.");
  EXPECT_EQ(docs["JsonReaderException"].text,
            "The exception thrown when an error occurs while reading JSON text.");
  EXPECT_EQ(docs["Error"].text,
            "This type represents all possible errors that can occur when serializing or "
            "deserializing JSON data.");
  EXPECT_EQ(docs["TypeError"].text,
            "A TypeError is returned by Unmarshal when one or more fields in the YAML document "
            "cannot be properly decoded into the requested types. When this error is returned, "
            "the value is still unmarshaled partially.");
  EXPECT_EQ(docs.count("Quiet"), 0u);    // no doc
  EXPECT_EQ(docs.count("Missing"), 0u);  // not declared
}

// Newtonsoft.Json wraps `[Serializable]` in conditional compilation between
// the summary and the class: the doc is still the class's.
TEST(ClassDocs, CSharpConditionalAttributesBetweenDocAndClass) {
  std::vector<SourceFile> files = {
      {"Src/JsonReaderException.cs",
       "    /// <summary>\n"
       "    /// The exception thrown when an error occurs while reading JSON text.\n"
       "    /// </summary>\n"
       "#if HAVE_BINARY_EXCEPTION_SERIALIZATION\n"
       "    [Serializable]\n"
       "#endif\n"
       "    public class JsonReaderException : JsonException\n"}};
  std::map<std::string, std::vector<ClassDoc>> all = FindClassDocs(files, {"JsonReaderException"});
  ASSERT_EQ(all["JsonReaderException"].size(), 1u);
  EXPECT_EQ(all["JsonReaderException"][0].text,
            "The exception thrown when an error occurs while reading JSON text.");
  EXPECT_EQ(all["JsonReaderException"][0].first_line, 1);
}

TEST(ClassDocs, LicenseHeadersAndHostileTextAreNotDocs) {
  std::vector<SourceFile> files = {
      {"a.cc", "// Copyright 2020 Acme. License: MIT\nclass Boom {};\n"},
      {"b.cc", std::string(100000, '*') + "\nclass Deep {};\n"},
      {"c.py", "class Open(Exception):\n    \"\"\"never closed\n" + std::string(5000, 'x')},
  };
  std::map<std::string, std::vector<ClassDoc>> all = FindClassDocs(files, {"Boom", "Deep", "Open"});
  std::map<std::string, ClassDoc> docs;
  for (const auto& [name, list] : all) docs[name] = list.at(0);
  EXPECT_EQ(docs.count("Boom"), 0u);
  EXPECT_EQ(docs.count("Deep"), 0u);  // a line of stars is not prose
  if (docs.count("Open")) {
    EXPECT_LE(docs["Open"].text.size(), 404u);
  }
}

TEST(ClassDocs, TheNearestOfSeveralDeclarationsOfOneName) {
  std::vector<SourceFile> files = {
      {"crates/globset/src/lib.rs",
       "/// An error that occurs when using a glob pattern.\npub struct Error {}\n"},
      {"crates/core/src/error.rs",
       "/// An error the search reports to the user.\npub struct Error {}\n"},
  };
  std::map<std::string, std::vector<ClassDoc>> all = FindClassDocs(files, {"Error"});
  ASSERT_EQ(all["Error"].size(), 2u);
  const ClassDoc* d = NearestClassDoc(all["Error"], "crates/core/src/flags.rs", "Error");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->file, "crates/core/src/error.rs");
  d = NearestClassDoc(all["Error"], "crates/globset/src/glob.rs", "Error");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->file, "crates/globset/src/lib.rs");
  // Nothing shares a directory with the record: neither is its class.
  EXPECT_EQ(NearestClassDoc(all["Error"], "tools/x.rs", "Error"), nullptr);
  // Another crate's bare `Error` is not this crate's, nor is `anyhow::Error`
  // globset's; `crate::Error` is the record's own crate's.
  EXPECT_EQ(NearestClassDoc(all["Error"], "crates/index/src/index.rs", "Error"), nullptr);
  EXPECT_EQ(NearestClassDoc(all["Error"], "crates/globset/src/glob.rs", "anyhow::Error"), nullptr);
  d = NearestClassDoc(all["Error"], "crates/globset/src/glob.rs", "crate::Error");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->file, "crates/globset/src/lib.rs");
  // Imported by name from another crate: `use globset::Error;`.
  d = NearestClassDoc(all["Error"], "crates/index/src/index.rs", "Error",
                      "use std::fmt;\nuse globset::{Error, Glob};\n");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->file, "crates/globset/src/lib.rs");
  // A wildcard import of the declaring package (Kotlin source sets).
  std::vector<SourceFile> kt = {
      {"core/commonMain/src/kotlinx/serialization/SerializationExceptions.kt",
       "/** A generic exception indicating a problem in serialization. */\n"
       "public open class SerializationException : IllegalArgumentException\n"}};
  std::map<std::string, std::vector<ClassDoc>> ser = FindClassDocs(kt, {"SerializationException"});
  ASSERT_EQ(ser["SerializationException"].size(), 1u);
  EXPECT_NE(
      NearestClassDoc(ser["SerializationException"],
                      "core/jvmMain/src/kotlinx/serialization/internal/Platform.kt",
                      "SerializationException",
                      "package kotlinx.serialization.internal\nimport kotlinx.serialization.*\n"),
      nullptr);
  EXPECT_EQ(NearestClassDoc(ser["SerializationException"],
                            "core/jvmMain/src/kotlinx/serialization/internal/Platform.kt",
                            "SerializationException", "import kotlin.reflect.*\n"),
            nullptr);
  // A qualifier that names the declaring crate's directory.
  d = NearestClassDoc(all["Error"], "crates/index/src/index.rs", "globset::Error");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->file, "crates/globset/src/lib.rs");
}

// A file that imports a class of the same name from another package means
// that class (Kafka Connect's REST resource throws javax.ws.rs'
// NotFoundException, not connect's own); of two declarations in one
// module, the one whose module the file imports from (pytest's compat.py
// calls `fail` from outcomes.py, which raises outcomes' `Failed`, not
// main.py's).
TEST(ClassDocs, AnImportFromElsewhereIsNotTheModulesClass) {
  std::vector<SourceFile> files = {
      {"connect/api/src/main/java/org/apache/kafka/connect/errors/NotFoundException.java",
       "/** Indicates that an operation attempted to modify or delete a connector that is not "
       "present on the worker. */\npublic class NotFoundException extends ConnectException {}\n"}};
  std::map<std::string, std::vector<ClassDoc>> all = FindClassDocs(files, {"NotFoundException"});
  ASSERT_EQ(all["NotFoundException"].size(), 1u);
  const std::string same_module =
      "connect/api/src/main/java/org/apache/kafka/connect/rest/Resource.java";
  EXPECT_EQ(NearestClassDoc(all["NotFoundException"], same_module, "NotFoundException",
                            "package org.apache.kafka.connect.rest;\n"
                            "import javax.ws.rs.NotFoundException;\n"),
            nullptr);
  EXPECT_NE(NearestClassDoc(all["NotFoundException"], same_module, "NotFoundException",
                            "package org.apache.kafka.connect.rest;\n"),
            nullptr);
  EXPECT_EQ(NearestClassDoc(
                all["NotFoundException"],
                "connect/mirror/src/main/java/org/apache/kafka/connect/mirror/rest/Internal.java",
                "NotFoundException", "import javax.ws.rs.NotFoundException;\n"),
            nullptr);
  EXPECT_NE(NearestClassDoc(
                all["NotFoundException"],
                "connect/mirror/src/main/java/org/apache/kafka/connect/mirror/rest/Internal.java",
                "NotFoundException", "import org.apache.kafka.connect.errors.NotFoundException;\n"),
            nullptr);

  std::vector<SourceFile> py = {
      {"src/_pytest/main.py",
       "class Failed(Exception):\n    \"\"\"Signals a stop as failed test run.\"\"\"\n"},
      {"src/_pytest/outcomes.py",
       "class Failed(OutcomeException):\n    \"\"\"Raised from an "
       "explicit call to pytest.fail().\"\"\"\n"}};
  std::map<std::string, std::vector<ClassDoc>> failed = FindClassDocs(py, {"Failed"});
  ASSERT_EQ(failed["Failed"].size(), 2u);
  const ClassDoc* d = NearestClassDoc(failed["Failed"], "src/_pytest/compat.py", "Failed",
                                      "from _pytest.outcomes import fail\n");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->file, "src/_pytest/outcomes.py");

  // A path relative to the importing module names no other package.
  std::vector<SourceFile> rs = {
      {"crates/cli/src/error.rs", "/// An error the command line reports.\npub struct Error {}\n"}};
  std::map<std::string, std::vector<ClassDoc>> errs = FindClassDocs(rs, {"Error"});
  for (const char* import :
       {"use super::Error;\n", "use crate::Error;\n", "pub(crate) use crate::error::Error;\n"}) {
    EXPECT_NE(NearestClassDoc(errs["Error"], "crates/cli/src/flags/parse.rs", "Error", import),
              nullptr)
        << import;
  }
  EXPECT_EQ(NearestClassDoc(errs["Error"], "crates/cli/src/flags/parse.rs", "Error",
                            "use anyhow::Error;\n"),
            nullptr);
}

// A Rust enum variant's `///` doc explains `Enum::Variant`, and only that.
TEST(ClassDocs, RustVariantDocBelongsToItsEnum) {
  std::vector<SourceFile> files = {
      {"crates/searcher/src/searcher/mod.rs",
       "/// An error that can occur when building a searcher.\n"
       "#[derive(Clone, Debug)]\n"
       "pub enum ConfigError {\n"
       "    /// Indicates that the heap limit configuration prevents all possible\n"
       "    /// search strategies from being used.\n"
       "    SearchUnavailable,\n"
       "    /// Occurs when no encoding could be found for a particular label.\n"
       "    UnknownEncoding {\n"
       "        /// The provided encoding label that could not be found.\n"
       "        label: Vec<u8>,\n"
       "    },\n"
       "}\n"
       "pub enum Other {\n"
       "    /// Another enum's variant of the same name.\n"
       "    SearchUnavailable,\n"
       "}\n"},
  };
  std::map<std::string, std::vector<ClassDoc>> all =
      FindClassDocs(files, {"SearchUnavailable", "UnknownEncoding", "label"});
  ASSERT_EQ(all["SearchUnavailable"].size(), 2u);
  const ClassDoc* d =
      NearestClassDoc(all["SearchUnavailable"], files[0].path, "ConfigError::SearchUnavailable");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->text,
            "Indicates that the heap limit configuration prevents all possible search strategies "
            "from being used.");
  EXPECT_EQ(d->first_line, 4);
  EXPECT_EQ(d->last_line, 5);
  d = NearestClassDoc(all["SearchUnavailable"], files[0].path, "Other::SearchUnavailable");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->text, "Another enum's variant of the same name.");
  // A bare name is no variant's.
  EXPECT_EQ(NearestClassDoc(all["SearchUnavailable"], files[0].path, "SearchUnavailable"), nullptr);
  ASSERT_EQ(all["UnknownEncoding"].size(), 1u);
  EXPECT_EQ(all["UnknownEncoding"][0].text,
            "Occurs when no encoding could be found for a particular label.");
  EXPECT_EQ(all.count("label"), 0u);  // a field, not a variant
}

}  // namespace
}  // namespace errdex
