// Rust extractor: every idiom of the product brief, asserted on the exact
// message, line, class, hole names and pattern a user will see.
#include <gtest/gtest.h>
#include <re2/re2.h>

#include "errdex/extractor.h"
#include "extract/common/extractor_testing.h"

namespace errdex {
namespace {

using extract_testing::ExtractFile;
using extract_testing::HoleExprs;
using extract_testing::Matches;
using extract_testing::Messages;

std::vector<ErrorSite> Extract(const std::string& code, const std::string& path = "src/lib.rs") {
  return ExtractFile(path, code, "rust");
}

TEST(RustExtractor, PanicFamilyAndExpect) {
  auto sites = Extract(
      "fn load(path: &Path, n: usize) -> Config {\n"
      "    let text = fs::read_to_string(path)\n"
      "        .expect(\"config file must be readable\");\n"
      "    let v = text.parse::<u32>().unwrap();\n"
      "    if n > 3 {\n"
      "        // Only three retries are configured.\n"
      "        panic!(\"retry {} of {max}: {:?} ({:>8}) {{not a hole}}\", n, path, v, max = MAX);\n"
      "    }\n"
      "    match v {\n"
      "        0 => unreachable!(),\n"
      "        1 => unreachable!(\"v is {v:#?}\"),\n"
      "        2 => todo!(),\n"
      "        _ => unimplemented!(\"mode {}\", v),\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 6u) << ::testing::PrintToString(Messages(sites));
  const ErrorSite& e = sites[0];
  EXPECT_EQ(e.message.Display(), "config file must be readable");
  EXPECT_EQ(e.line, 3);  // the runtime reports the `.expect` line
  EXPECT_EQ(e.error_class, "panic");
  EXPECT_EQ(e.severity, "critical");
  EXPECT_EQ(e.function, "load");
  // Result::expect appends `: <error Debug>`.
  EXPECT_TRUE(Matches(e, "config file must be readable: Os { code: 2, kind: NotFound }"));

  const ErrorSite& p = sites[1];
  EXPECT_EQ(p.message.Display(), "retry {} of {max}: {:?} ({:>8}) {not a hole}");
  EXPECT_EQ(HoleExprs(p), (std::vector<std::string>{"n", "MAX", "path", "v"}));
  EXPECT_EQ(p.line, 7);
  EXPECT_EQ(p.error_class, "panic");
  ASSERT_EQ(p.conditions.size(), 1u);
  EXPECT_EQ(p.conditions[0].expr, "n > 3");
  EXPECT_TRUE(p.conditions[0].polarity);
  ASSERT_FALSE(p.notes.empty());
  EXPECT_EQ(p.notes[0].text, "Only three retries are configured.");
  EXPECT_TRUE(Matches(p, "retry 4 of 3: \"/etc/x\" (       7) {not a hole}"));

  EXPECT_EQ(sites[2].message.Display(), "internal error: entered unreachable code");
  EXPECT_EQ(sites[2].line, 10);
  ASSERT_EQ(sites[2].conditions.size(), 1u);
  EXPECT_EQ(sites[2].conditions[0].expr, "v matches 0");
  EXPECT_EQ(sites[2].conditions[0].line, 10);
  EXPECT_TRUE(sites[5].conditions.empty());  // `_ =>` says nothing
  EXPECT_EQ(sites[3].message.Display(), "v is {v:#?}");
  EXPECT_EQ(HoleExprs(sites[3]), (std::vector<std::string>{"v"}));
  EXPECT_EQ(sites[4].message.Display(), "not yet implemented");
  EXPECT_EQ(sites[5].message.Display(), "mode {}");
  EXPECT_TRUE(Matches(sites[5], "not implemented: mode 7"));
}

// A `macro_rules!` body is tokens to the grammar; the errors it raises
// (hyper's chunked decoder reads bytes through `byte!`) are sites at their
// own lines, named after the macro, with `$vars` read as names.
TEST(RustExtractor, MacroRulesBodies) {
  auto sites = Extract(
      "macro_rules! byte (\n"
      "    ($rdr:ident, $cx:expr) => ({\n"
      "        let buf = ready!($rdr.read_mem($cx, 1))?;\n"
      "        if !buf.is_empty() {\n"
      "            buf[0]\n"
      "        } else {\n"
      "            return Poll::Ready(Err(io::Error::new(io::ErrorKind::UnexpectedEof,\n"
      "                                      \"unexpected EOF during chunk size line\")));\n"
      "        }\n"
      "    })\n"
      ");\n"
      "macro_rules! checked {\n"
      "    ($e:expr) => { $e.ok_or_else(|| anyhow!(\"value {} overflowed\", stringify!($e)))? };\n"
      "    () => { 0 };\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "unexpected EOF during chunk size line");
  EXPECT_EQ(sites[0].line, 7);
  EXPECT_EQ(sites[0].function, "byte");
  EXPECT_EQ(sites[1].message.Display(), "value {} overflowed");
  EXPECT_EQ(sites[1].line, 13);
}

TEST(RustExtractor, AnyhowMacrosAndContext) {
  auto sites = Extract(
      "fn run(args: &Args) -> anyhow::Result<()> {\n"
      "    let f = File::open(&args.path)\n"
      "        .with_context(|| format!(\"failed to open {}\", args.path.display()))?;\n"
      "    let meta = f.metadata().context(\"could not stat the file\")?;\n"
      "    ensure!(meta.len() > 0, \"file {} is empty\", args.path.display());\n"
      "    ensure!(meta.is_file());\n"
      "    if args.strict {\n"
      "        bail!(\"strict mode: {} rejected\", args.name);\n"
      "    }\n"
      "    return Err(anyhow!(\"unsupported format {fmt:?}\", fmt = args.format));\n"
      "    bail!(err);\n"
      "}\n");
  ASSERT_EQ(sites.size(), 5u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "failed to open {}");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"args.path.display()"}));
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].error_class, "anyhow::Error");
  EXPECT_EQ(sites[1].message.Display(), "could not stat the file");
  EXPECT_EQ(sites[1].line, 4);
  EXPECT_EQ(sites[2].message.Display(), "file {} is empty");
  EXPECT_EQ(sites[2].error_class, "anyhow::Error");
  EXPECT_EQ(sites[3].message.Display(), "strict mode: {} rejected");
  EXPECT_EQ(sites[3].line, 8);
  ASSERT_EQ(sites[3].conditions.size(), 1u);
  EXPECT_EQ(sites[3].conditions[0].expr, "args.strict");
  EXPECT_EQ(sites[4].message.Display(), "unsupported format {fmt:?}");
  EXPECT_EQ(HoleExprs(sites[4]), (std::vector<std::string>{"args.format"}));
  EXPECT_TRUE(Matches(sites[4], "Error: unsupported format Yaml { strict: true }"));
}

TEST(RustExtractor, ThiserrorVariantsAndStructs) {
  auto sites = Extract(
      "#[derive(Debug, thiserror::Error)]\n"
      "pub enum StoreError {\n"
      "    /// The key was never written.\n"
      "    #[error(\"key {0:?} not found in {1}\")]\n"
      "    NotFound(String, PathBuf),\n"
      "    #[error(\"invalid header (expected {expected:?}, found {found})\")]\n"
      "    InvalidHeader { expected: String, found: String },\n"
      "    #[error(\"limit {} exceeded by {}\", .limit, .over * 2)]\n"
      "    Limit { limit: usize, over: usize },\n"
      "    #[error(transparent)]\n"
      "    Io(#[from] std::io::Error),\n"
      "    #[error(\"{0}\")]\n"
      "    Other(String),\n"
      "}\n"
      "\n"
      "#[derive(Debug, Error)]\n"
      "#[error(\"lock poisoned: {reason}\")]\n"
      "pub struct PoisonError { reason: String }\n"
      "\n"
      "#[derive(Debug, Snafu)]\n"
      "enum ConfigError {\n"
      "    #[snafu(display(\"could not open {}: {source}\", path.display()), visibility(pub))]\n"
      "    Open { path: PathBuf, source: io::Error },\n"
      "}\n");
  ASSERT_EQ(sites.size(), 5u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "key {0:?} not found in {1}");
  EXPECT_EQ(sites[0].error_class, "StoreError::NotFound");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"self.0", "self.1"}));
  EXPECT_EQ(sites[0].notes.at(0).text, "The key was never written.");
  EXPECT_TRUE(Matches(sites[0], "key \"a/b\" not found in /var/db"));
  EXPECT_EQ(sites[1].message.Display(), "invalid header (expected {expected:?}, found {found})");
  EXPECT_EQ(sites[1].error_class, "StoreError::InvalidHeader");
  EXPECT_EQ(HoleExprs(sites[1]), (std::vector<std::string>{"expected", "found"}));
  EXPECT_EQ(sites[2].message.Display(), "limit {} exceeded by {}");
  EXPECT_EQ(HoleExprs(sites[2]), (std::vector<std::string>{"self.limit", "self.over * 2"}));
  EXPECT_EQ(sites[2].line, 8);
  EXPECT_EQ(sites[3].message.Display(), "lock poisoned: {reason}");
  EXPECT_EQ(sites[3].error_class, "PoisonError");
  EXPECT_EQ(sites[3].line, 17);
  EXPECT_EQ(sites[4].message.Display(), "could not open {}: {source}");
  EXPECT_EQ(sites[4].error_class, "ConfigError::Open");
  EXPECT_EQ(HoleExprs(sites[4]), (std::vector<std::string>{"path.display()", "source"}));
  EXPECT_EQ(sites[4].line, 22);
}

TEST(RustExtractor, DisplayImplArms) {
  auto sites = Extract(
      "pub enum ParseError { Eof, BadByte(u8, usize), Custom(String) }\n"
      "\n"
      "impl fmt::Display for ParseError {\n"
      "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n"
      "        match *self {\n"
      "            ParseError::Eof => f.write_str(\"unexpected end of input\"),\n"
      "            ParseError::BadByte(b, ref pos) => {\n"
      "                write!(f, \"bad byte 0x{:02x} at offset {}\", b, pos)\n"
      "            }\n"
      "            Self::Custom(ref msg) => write!(f, \"{}\", msg),\n"
      "        }\n"
      "    }\n"
      "}\n"
      "\n"
      "impl std::fmt::Display for ErrorKind {\n"
      "    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n"
      "        let s = match self {\n"
      "            ErrorKind::Timeout => \"operation timed out\",\n"
      "            _ => \"other\",\n"
      "        };\n"
      "        f.write_str(s)\n"
      "    }\n"
      "}\n"
      "\n"
      "impl fmt::Display for Point {\n"
      "    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, \"({}, {})\", self.x, "
      "self.y) }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 4u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "unexpected end of input");
  EXPECT_EQ(sites[0].error_class, "ParseError::Eof");
  EXPECT_EQ(sites[0].line, 6);
  EXPECT_EQ(sites[0].function, "ParseError.fmt");
  EXPECT_EQ(sites[1].message.Display(), "bad byte 0x{:02x} at offset {}");
  EXPECT_EQ(sites[1].error_class, "ParseError::BadByte");
  EXPECT_EQ(sites[1].line, 8);
  EXPECT_TRUE(Matches(sites[1], "bad byte 0x0a at offset 17"));
  EXPECT_EQ(sites[2].message.Display(), "operation timed out");
  EXPECT_EQ(sites[2].error_class, "ErrorKind::Timeout");
  EXPECT_EQ(sites[2].line, 18);
  // `_ => "other"` is still a rendering of the type.
  EXPECT_EQ(sites[3].message.Display(), "other");
  EXPECT_EQ(sites[3].error_class, "ErrorKind");
}

TEST(RustExtractor, ConstructorsAndStringErrors) {
  auto sites = Extract(
      "const NO_HOME: &str = \"home directory not set\";\n"
      "\n"
      "fn open(p: &str) -> Result<File, Box<dyn Error>> {\n"
      "    if p.is_empty() {\n"
      "        return Err(\"empty path\".into());\n"
      "    } else if p.len() > 255 {\n"
      "        return Err(format!(\"path too long: {} bytes\", p.len()).into());\n"
      "    }\n"
      "    let e = io::Error::new(io::ErrorKind::InvalidInput, format!(\"bad path {p}\"));\n"
      "    let home = env::var_os(\"HOME\").ok_or(NO_HOME)?;\n"
      "    let n = s.parse::<u8>().map_err(|e| format!(\"not a number: {}\", e))?;\n"
      "    Err(MyError::new(\"disk full\"))?;\n"
      "    Err(de::Error::custom(format!(\"unknown field `{}`\", name)))?;\n"
      "    Err(Error::Parse(String::from(\"trailing comma\")))?;\n"
      "    Err(e)?;\n"
      "    Err(Status::not_found(format!(\"user {id} not found\")))?;\n"
      "    Err(Error::missing_field(\"id\"))\n"
      "}\n");
  ASSERT_EQ(sites.size(), 9u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "empty path");
  EXPECT_EQ(sites[0].error_class, "");
  EXPECT_EQ(sites[0].line, 5);
  ASSERT_EQ(sites[0].conditions.size(), 1u);
  EXPECT_EQ(sites[0].conditions[0].expr, "p.is_empty()");
  EXPECT_EQ(sites[1].message.Display(), "path too long: {} bytes");
  ASSERT_EQ(sites[1].conditions.size(), 2u);
  EXPECT_FALSE(sites[1].conditions[0].polarity);
  EXPECT_EQ(sites[1].conditions[1].expr, "p.len() > 255");
  EXPECT_EQ(sites[2].message.Display(), "bad path {p}");
  EXPECT_EQ(sites[2].error_class, "io::Error");
  EXPECT_EQ(sites[2].error_code, "InvalidInput");
  EXPECT_EQ(HoleExprs(sites[2]), (std::vector<std::string>{"p"}));
  EXPECT_EQ(sites[3].message.Display(), "home directory not set");
  EXPECT_EQ(sites[3].line, 10);
  EXPECT_NE(sites[3].message_origin_note.find("`NO_HOME` at line 1"), std::string::npos)
      << sites[3].message_origin_note;
  EXPECT_EQ(sites[4].message.Display(), "not a number: {}");
  EXPECT_EQ(HoleExprs(sites[4]), (std::vector<std::string>{"e"}));
  EXPECT_EQ(sites[5].message.Display(), "disk full");
  EXPECT_EQ(sites[5].error_class, "MyError");
  EXPECT_EQ(sites[6].message.Display(), "unknown field `{}`");
  EXPECT_EQ(sites[6].error_class, "de::Error");
  EXPECT_EQ(sites[7].message.Display(), "trailing comma");
  EXPECT_EQ(sites[7].error_class, "Error::Parse");
  EXPECT_EQ(sites[8].message.Display(), "user {id} not found");
  EXPECT_EQ(sites[8].error_class, "Status");
  EXPECT_EQ(sites[8].error_code, "NotFound");  // as tonic prints the code
}

TEST(RustExtractor, LogMacros) {
  auto sites = Extract(
      "fn main() {\n"
      "    if let Err(err) = run() {\n"
      "        eprintln!(\"error: {err}\");\n"
      "        std::process::exit(2);\n"
      "    }\n"
      "    eprintln!(\"warning: {} is deprecated\", name);\n"
      "    log::error!(target: \"net\", \"connection to {} lost: {}\", addr, e);\n"
      "    tracing::warn!(%peer, retries = n, \"handshake failed after {n} tries\");\n"
      "    error!(?err);\n"
      "    eprintln!(\"{}\", usage);\n"
      "    writeln!(io::stderr(), \"fatal: bad revision '{}'\", rev).unwrap();\n"
      "    writeln!(out, \"{} files\", n)?;\n"
      "    println!(\"Error: config {} not found\", path);\n"
      "    println!(\"{} matches\", n);\n"
      "    info!(\"listening on {}\", addr);\n"
      "    tracing::info!(\"could not watch {path:?}, polling instead\");\n"
      "}\n");
  ASSERT_EQ(sites.size(), 7u) << ::testing::PrintToString(Messages(sites));
  // An info line is a site only when it states a failure.
  EXPECT_EQ(sites[6].message.Display(), "could not watch {path:?}, polling instead");
  EXPECT_EQ(sites[6].severity, "info");
  EXPECT_EQ(sites[6].line, 16);
  EXPECT_EQ(sites[0].message.Display(), "error: {err}");
  EXPECT_EQ(sites[0].kind, SiteKind::kLog);
  EXPECT_EQ(sites[0].severity, "error");
  ASSERT_EQ(sites[0].conditions.size(), 1u);
  EXPECT_EQ(sites[0].conditions[0].expr, "let Err(err) = run()");
  EXPECT_EQ(sites[1].severity, "warning");
  EXPECT_EQ(sites[2].message.Display(), "connection to {} lost: {}");
  EXPECT_EQ(HoleExprs(sites[2]), (std::vector<std::string>{"addr", "e"}));
  EXPECT_EQ(sites[2].kind, SiteKind::kLog);
  EXPECT_EQ(sites[2].line, 7);
  EXPECT_EQ(sites[3].message.Display(), "handshake failed after {n} tries");
  EXPECT_EQ(sites[3].severity, "warning");
  EXPECT_EQ(sites[4].message.Display(), "fatal: bad revision '{}'");
  EXPECT_EQ(sites[4].kind, SiteKind::kLog);
  EXPECT_EQ(sites[4].line, 11);
  EXPECT_EQ(sites[5].message.Display(), "Error: config {} not found");
  EXPECT_EQ(sites[5].kind, SiteKind::kLog);
}

TEST(RustExtractor, StringForms) {
  auto sites = Extract(
      "fn f() {\n"
      "    panic!(r#\"raw \"{}\" \\n\"#, a);\n"
      "    panic!(\"tab\\there \\x41\\u{e9} \\\"q\\\" \\\\ line\\\n"
      "            continued\");\n"
      "    panic!(concat!(\"con\", \"cat \", 42, '!', \" {}\"), x);\n"
      "    x.expect(b\"bytes\");\n"
      "    assert!(n < 8, \"n out of range: {}\", n);\n"
      "    assert_eq!(a, b, \"lengths differ\");\n"
      "    assert!(ok);\n"
      "    panic!(\"{:.*} of {:1$}\", 2, ratio, width);\n"
      "}\n");
  ASSERT_EQ(sites.size(), 7u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "raw \"{}\" \\n");
  EXPECT_EQ(sites[1].message.Display(), "tab\there A\xC3\xA9 \"q\" \\ linecontinued");
  EXPECT_EQ(sites[1].line, 3);
  EXPECT_EQ(sites[1].end_line, 4);
  EXPECT_EQ(sites[2].message.Display(), "concat 42! {}");

  EXPECT_EQ(HoleExprs(sites[2]), (std::vector<std::string>{"x"}));
  EXPECT_EQ(sites[3].message.Display(), "bytes");
  EXPECT_EQ(sites[4].message.Display(), "n out of range: {}");
  EXPECT_EQ(sites[4].kind, SiteKind::kAssert);
  EXPECT_EQ(sites[5].message.Display(), "lengths differ");
  EXPECT_TRUE(
      Matches(sites[5], "assertion `left == right` failed: lengths differ\n  left: 1\n right: 2"));
  // {:.*} takes the precision argument first; {:1$} reads its width from
  // argument 1 without consuming it.
  EXPECT_EQ(HoleExprs(sites[6]), (std::vector<std::string>{"ratio", "width"}));
}

TEST(RustExtractor, DeriveMacroErrorsAndErrorCodes) {
  auto sites = Extract(
      "fn parse(attr: &Attribute) -> syn::Result<Kind> {\n"
      "    match name {\n"
      "        \"skip\" => Ok(Kind::Skip),\n"
      "        other => abort!(attr.span(), \"unknown attribute `{}`\", other),\n"
      "    }\n"
      "    abort! { ident.span(), \"`{}` cannot be used with enums\", ident }\n"
      "    Err(syn::Error::new_spanned(attr, \"expected a string literal\"))?;\n"
      "    cmd.error(ErrorKind::ArgumentConflict, \"--all conflicts with --none\").exit();\n"
      "}\n"
      "\n"
      "impl Display for ErrorCode {\n"
      "    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n"
      "        match self {\n"
      "            ErrorCode::Message(msg) => f.write_str(msg),\n"
      "            ErrorCode::EofWhileParsingList => f.write_str(\"EOF while parsing a list\"),\n"
      "        }\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 5u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "unknown attribute `{}`");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"other"}));
  EXPECT_EQ(sites[0].error_class, "compile_error");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[1].message.Display(), "`{}` cannot be used with enums");
  EXPECT_EQ(sites[2].message.Display(), "expected a string literal");
  EXPECT_EQ(sites[2].error_class, "syn::Error");
  EXPECT_EQ(sites[3].message.Display(), "--all conflicts with --none");
  EXPECT_EQ(sites[3].error_class, "clap::Error");
  EXPECT_EQ(sites[3].error_code, "ArgumentConflict");
  EXPECT_EQ(sites[4].message.Display(), "EOF while parsing a list");
  EXPECT_EQ(sites[4].error_class, "ErrorCode::EofWhileParsingList");
  EXPECT_EQ(sites[4].line, 15);
}

TEST(RustExtractor, ItemMacroBodies) {
  // tokio wraps whole impl blocks in `cfg_rt! { .. }`; tree-sitter leaves
  // macro bodies as tokens, so they are parsed on their own.
  auto sites = Extract(
      "cfg_rt! {\n"
      "    impl Handle {\n"
      "        pub(crate) fn current() -> Handle {\n"
      "            match CONTEXT.try_with(|c| c.handle()) {\n"
      "                Ok(Some(h)) => h,\n"
      "                _ => panic!(\"there is no reactor running, must be called from {}\", ctx),\n"
      "            }\n"
      "        }\n"
      "    }\n"
      "}\n"
      "fn f() {\n"
      "    let v = vec! { 1, 2 };\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "there is no reactor running, must be called from {}");
  EXPECT_EQ(sites[0].line, 6);
  EXPECT_EQ(sites[0].function, "Handle.current");
  EXPECT_EQ(sites[0].file_path, "src/lib.rs");
}

// alacritty's config derive macro generates the deserializer that warns
// about unknown keys: the text users see is written inside `quote!`.
TEST(RustExtractor, QuotedCodeOfADeriveMacro) {
  auto sites = Extract(
      "pub fn derive_deserialize(ident: Ident) -> TokenStream {\n"
      "    let tokens = quote! {\n"
      "        impl #ident {\n"
      "            fn visit_map(self) -> Result<Self, E> {\n"
      "                for key in unused.keys() {\n"
      "                    log::warn!(target: #LOG_TARGET, \"Unused config key: {}\", key);\n"
      "                }\n"
      "                Ok(config)\n"
      "            }\n"
      "        }\n"
      "    };\n"
      "    let assign = quote!(\n"
      "        Err(err) => log::error!(target: #LOG_TARGET, \"Config error: {}: {}\", #literal, "
      "err)\n"
      "    );\n"
      "    let v = vec! { 1, 2 };\n"
      "    tokens.into()\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "Unused config key: {}");
  EXPECT_EQ(sites[0].line, 6);
  EXPECT_EQ(sites[0].severity, "warning");
  EXPECT_EQ(sites[1].message.Display(), "Config error: {}: {}");
  EXPECT_EQ(sites[1].line, 13);
  EXPECT_TRUE(Matches(sites[1], "Config error: x: invalid type: floating point `0`, expected i8"));
}

TEST(RustExtractor, MessagesFromBindings) {
  auto sites = Extract(
      "fn run(p: &Path) {\n"
      "    let msg = format!(\"cannot read {}\", p.display());\n"
      "    let data = fs::read(p).expect(&msg);\n"
      "    let cfg = parse(&data).expect(BAD_CONFIG);\n"
      "}\n"
      "\n"
      "const BAD_CONFIG: &str = \"configuration is not valid TOML\";\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "cannot read {}");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"p.display()"}));
  EXPECT_EQ(sites[0].message_origin_note, "message assigned to `msg` at line 2");
  EXPECT_EQ(sites[1].message.Display(), "configuration is not valid TOML");
  EXPECT_EQ(sites[1].line, 4);
}

TEST(RustExtractor, HostileInputStaysBounded) {
  // Each constant doubles the previous one: resolving C24 naively would visit
  // 2^25 expressions.
  std::string code = "const C0: &str = \"x\";\n";
  for (int i = 1; i < 25; ++i) {
    code += "const C" + std::to_string(i) + ": &str = C" + std::to_string(i - 1) + " + C" +
            std::to_string(i - 1) + ";\n";
  }
  code += "fn f() { x.expect(C24); }\n";
  auto sites = Extract(code);
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].line, 26);
  EXPECT_TRUE(sites[0].message.HasLiteralText());
}

TEST(RustExtractor, SkipsTestCode) {
  auto sites = Extract(
      "fn real() { panic!(\"real\"); }\n"
      "\n"
      "#[test]\n"
      "fn unit() { panic!(\"in a test\"); }\n"
      "\n"
      "#[tokio::test]\n"
      "async fn async_unit() { x.expect(\"in an async test\"); }\n"
      "\n"
      "#[cfg(test)]\n"
      "mod tests {\n"
      "    #[derive(Debug, Error)]\n"
      "    #[error(\"test-only error\")]\n"
      "    struct E;\n"
      "    fn helper() { bail!(\"helper\"); }\n"
      "}\n"
      "\n"
      "#[cfg(all(test, not(loom)))]\n"
      "mod loom_free_tests { fn t() { panic!(\"test too\"); } }\n"
      "\n"
      "#[cfg(not(test))]\n"
      "fn prod() { panic!(\"prod only\"); }\n"
      "#[cfg(any(test, feature = \"mock\"))]\n"
      "fn mock() { panic!(\"mock builds too\"); }\n");
  EXPECT_EQ(Messages(sites), (std::vector<std::string>{"real", "prod only", "mock builds too"}));
}

// rustfmt collects a warning per unknown key into a String and prints it
// once: `err.push_str(msg)` ... `eprint!("{err}")`. Each write is a site
// at its line.
TEST(RustExtractor, PrintedBufferGivesASitePerWrite) {
  auto sites = Extract(
      "fn from_toml(toml: &str) -> Result<Config, String> {\n"  // 1
      "    let mut err = String::new();\n"                      // 2
      "    for key in table.keys() {\n"                         // 3
      "        if !Config::is_valid_name(key) {\n"              // 4
      "            let msg = &format!(\"Warning: Unknown configuration option "
      "`{key}`\\n\");\n"                 // 5
      "            err.push_str(msg)\n"  // 6
      "        }\n"                      // 7
      "    }\n"                          // 8
      "    if !err.is_empty() {\n"       // 9
      "        eprint!(\"{err}\");\n"    // 10
      "    }\n"                          // 11
      "    Ok(config)\n"                 // 12
      "}\n");
  ASSERT_EQ(sites.size(), 1u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 6);
  EXPECT_EQ(sites[0].message.Display(), "Warning: Unknown configuration option `{key}`");
  EXPECT_EQ(sites[0].severity, "warning");
  EXPECT_TRUE(Matches(sites[0], "Warning: Unknown configuration option `chain_overflow_last`"));
}

// `#[deprecated(note = "..")]` and `#[deprecated = ".."]`: rustc prints the
// note where code uses the item; a bare `#[deprecated]` has no text.
TEST(RustExtractor, DeprecatedNotesAreWarnings) {
  auto sites = Extract(
      "#[deprecated(since = \"0.3.0\", note = \"use `open_async` instead\")]\n"
      "pub fn open() {}\n"
      "#[deprecated = \"renamed to `Editor`\"]\n"
      "pub struct Edit;\n"
      "#[deprecated]\n"
      "pub fn close() {}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "use `open_async` instead");
  EXPECT_EQ(sites[0].line, 1);
  EXPECT_EQ(sites[0].severity, "warning");
  EXPECT_TRUE(Matches(sites[0],
                      "warning: use of deprecated function `cache::open`: use `open_async` instead"));
  EXPECT_EQ(sites[1].message.Display(), "renamed to `Editor`");
}

}  // namespace
}  // namespace errdex
